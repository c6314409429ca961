"""Dealing a new Durak game (rules, Table and deal): shuffle, deal one card at a time, turn the
trump, and find who attacks first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import DURAK_DECK
from ..core import Event
from ..shuffle import Dealer
from .events import EV_DEALT, FIRST_ATTACK, SHUFFLED, TRUMP_SHOWN, event
from .parts import blank
from .tables import BIT, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, SUIT_CARDS, mask_of

if TYPE_CHECKING:
    from .game import DurakGame


def deal_game(cls: type[DurakGame], num_players: int, dealer: Dealer,
              dealer_seat: int | None) -> DurakGame:
    """A new game of ``cls`` dealt by ``dealer``, its first battle open (see DurakGame.new)."""
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Durak is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players}")
    drawn = dealer_seat is None
    if dealer_seat is None:
        dealer_seat = dealer.draw_seat(range(num_players))
    elif not 0 <= dealer_seat < num_players:
        raise ValueError(f"no seat {dealer_seat} at a table of {num_players}")
    deal = dealer.deal(DURAK_DECK)
    if drawn:
        deal = deal.with_drawn_seat(dealer_seat)
    order = deal.order
    n = num_players
    dealt = HAND_SIZE * n
    # One card at a time, clockwise from the dealer's left: seat s gets every n-th card.
    first = dealer_seat + 1
    hands = [mask_of(order[(s - first) % n:dealt:n]) for s in range(n)]
    events = [event(SHUFFLED, dealer_seat, (), len(order))]
    events += [EV_DEALT[(first + i) % n][card] for i, card in enumerate(order[:dealt])]
    known = [0] * n
    if dealt < len(order):
        trump = order[dealt]
        talon = list(order[dealt + 1:])
        talon.append(trump)  # the indicator lies under the talon: drawn last
        events.append(event(TRUMP_SHOWN, -1, (trump,)))
    else:
        # [decided] 6 players: the dealer's last card fixes the trump, stays in that hand, public.
        trump = order[dealt - 1]
        talon = []
        known[dealer_seat] = BIT[trump]
        events.append(event(TRUMP_SHOWN, dealer_seat, (trump,)))
    game = blank(cls, n, dealer_seat, trump, hands, talon, known, deal)
    attacker = first_attacker(game, events)
    game.history = events
    game._count_position(attacker)  # drawing and leaving 6: the first battle starts the count
    game._start_battle(attacker)
    return game


def first_attacker(game: DurakGame, events: list[Event]) -> int:
    """Table and deal 3: the lowest trump's holder attacks first (shown); none: dealer's left."""
    trumps = SUIT_CARDS[game.trump_suit]
    lowest, holder = 0, -1
    for seat, hand in enumerate(game.hands):
        low = hand & trumps & -(hand & trumps)  # this hand's lowest trump, as a bit
        if low and (not lowest or low < lowest):
            lowest, holder = low, seat
    if holder < 0:
        seat = (game.dealer + 1) % game.num_players
        events.append(event(FIRST_ATTACK, seat))
        return seat
    game.known[holder] |= lowest  # shown to the table
    events.append(event(FIRST_ATTACK, holder, (lowest.bit_length() - 1,)))
    return holder
