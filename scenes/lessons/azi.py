"""The Azi lesson: four players (you, Boris, Vera, Gleb), 100 chips each, ante 10; four games.

Each game is dealt by hand from the rules (docs/rules/azi.md) so that its story happens:

1. Spades are trumps. Boris bets, Vera calls, Gleb folds; you raise and win the lead. Vera
   must follow suit, then cannot (no diamond, no trump) and discards: you take two tricks.
2. Diamonds are trumps. You fold a weak hand and watch: Vera trumps, Gleb and Boris each
   take a trick too. Three tricks to three players: an azi, the bank of 70 is carried.
3. The azi game: Boris, Vera and Gleb play free; you buy in for half the bank (35). The ace
   of hearts is turned: six on stage, and your 6♥ beats everything. You call, trump Boris's
   king with the six and win with your jack of diamonds.
4. Spades again. You raise to 50; Boris cannot pay that and goes all-in. He takes two
   tricks and so only a share of the bank: 117 of 140, and the 23 he could not cover come
   back to you.

The first game's first bidder is Boris (the lesson's seat draw); after that the player left
of the last winner bids first, as the rules say.
"""

from __future__ import annotations

from engine.azi.constants import ALL_IN, BET_BASE, CALL, FOLD, JOIN_AZI
from engine.cards import AZI_DECK, parse_card, parse_cards

from .script import Lesson

YOU, BORIS, VERA, GLEB = range(4)
PLAYERS = 4


def dealt_deck(first_bidder: int, hands: dict[int, str], trump: str) -> tuple[int, ...]:
    """The deck that deals ``hands`` (one card at a time, clockwise from the first bidder)
    and then turns ``trump``; the other cards follow in order (they stay in the stock)."""
    seats = [(first_bidder + k) % PLAYERS for k in range(PLAYERS)]
    cards = {seat: parse_cards(hands[seat]) for seat in seats}
    order = [cards[seat][i] for i in range(3) for seat in seats]
    order.append(parse_card(trump))
    order += [c for c in AZI_DECK if c not in order]
    return tuple(order)


def bet(level: int) -> int:
    """Open or raise to ``level``."""
    return BET_BASE + level


def cards(text: str) -> list[int]:
    """Cards played, in order."""
    return parse_cards(text)


GAME_1 = dealt_deck(BORIS, {YOU: "AH KD QS", BORIS: "6D 8D 7S", VERA: "7H 8H JH",
                            GLEB: "6H 7D 9D"}, trump="9S")
GAME_2 = dealt_deck(BORIS, {YOU: "6S 7H 7D", BORIS: "AS 6H KS", VERA: "6D KH 8H",
                            GLEB: "7S AH 9S"}, trump="10D")
GAME_3 = dealt_deck(BORIS, {YOU: "6H 10D JD", BORIS: "KS 8D 7H", VERA: "6S 9S 9H",
                            GLEB: "7S 6D 8S"}, trump="AH")
GAME_4 = dealt_deck(BORIS, {YOU: "AD KD 7H", BORIS: "6S KH QH", VERA: "7D 8D 9H",
                            GLEB: "6D 9D 10H"}, trump="8S")

# Every move, in order; the comments say whose it is. The antes are paid by the game itself.
_ACTIONS = (
    # Game 1: Boris bets 10, Vera calls, Gleb folds, you raise to 20, Boris folds, Vera calls.
    bet(10), CALL, FOLD, bet(20), FOLD, CALL,
    *cards("AH 7H"),  # you lead the ace of hearts, Vera must follow suit
    *cards("KD 8H"),  # no diamond and no spade: Vera discards; your second trick wins
    # Game 2: Boris bets 10, Vera and Gleb call, you fold.
    bet(10), CALL, CALL, FOLD,
    *cards("AS 6D 7S"),  # Boris leads spades, Vera has none and trumps, Gleb follows
    *cards("KH AH 6H"),  # Vera leads hearts, Gleb's ace takes it
    *cards("9S KS 8H"),  # Gleb leads a spade, Boris's king takes it, Vera discards: azi
    # Game 3, the azi game: you join; Boris bets 10, Vera folds, Gleb and you call.
    JOIN_AZI, bet(10), FOLD, CALL, CALL,
    *cards("KS 7S 6H"),  # you have no spade: you must trump, and the six on stage wins
    *cards("JD 8D 6D"),  # your jack of diamonds takes the second trick
    # Game 4: Boris bets 10, Vera folds, Gleb calls, you raise to 50, Boris goes all-in,
    # Gleb folds.
    bet(10), FOLD, CALL, bet(50), ALL_IN, FOLD,
    *cards("AD 6S"),  # Boris has no diamond: he trumps
    *cards("KH 7H"),  # his king of hearts is his second trick: he wins a share
)

# Where the story's moves start, game by game (for the notes below).
_G2 = 10
_G3 = _G2 + 13
_G4 = _G3 + 11

AZI_LESSON = Lesson(
    game="azi",
    names=("lesson.seat.you", "lesson.seat.boris", "lesson.seat.vera", "lesson.seat.gleb"),
    decks=(GAME_1, GAME_2, GAME_3, GAME_4),  # the table leaves after game 4 (end_with_story)
    seat_draws=(BORIS,),
    actions=_ACTIONS,
    options={"starting_stack": 100, "ante": 10},
    notes={
        0: "lesson.azi.ante",
        2: "lesson.azi.fold",
        3: "lesson.azi.raise",
        4: "lesson.azi.lead_won",
        6: "lesson.azi.lead",
        7: "lesson.azi.follow",
        8: "lesson.azi.second_lead",
        9: "lesson.azi.discard",
        _G2: "lesson.azi.game2",
        _G2 + 3: "lesson.azi.your_fold",
        _G2 + 4: "lesson.azi.watch",
        _G2 + 5: "lesson.azi.trump",
        _G2 + 7: "lesson.azi.second_trick",
        _G2 + 10: "lesson.azi.third_trick",
        _G3: "lesson.azi.buy_in",
        _G3 + 1: "lesson.azi.six_on_stage",
        _G3 + 4: "lesson.azi.call",
        _G3 + 7: "lesson.azi.must_trump",
        _G3 + 8: "lesson.azi.win_azi",
        _G4: "lesson.azi.game4",
        _G4 + 3: "lesson.azi.raise_big",
        _G4 + 4: "lesson.azi.all_in",
        _G4 + 6: "lesson.azi.lead_ace",
        _G4 + 7: "lesson.azi.all_in_trumps",
        _G4 + 9: "lesson.azi.follow_last",
    },
    end_note="lesson.azi.end",
)
