"""Helpers for the Azi tests: stacked decks, tables built from them, and invariant checks.

Cards are written as text ("10H", "AS") so a test reads like a table; the deck is dealt one
card at a time clockwise from the first bidder, then the trump is turned.
"""

from __future__ import annotations

from engine.azi import AziOptions, AziSession
from engine.cards import AZI_DECK, parse_card, parse_cards
from engine.shuffle import FixedDealer


def cards(text: str) -> list[int]:
    """Cards from text, e.g. ``cards("6S 10H AD")``."""
    return parse_cards(text)


def card(text: str) -> int:
    """One card from text."""
    return parse_card(text)


def stacked_deck(hands: list[str], trump: str, first: int = 0) -> list[int]:
    """A deck order dealing ``hands[seat]`` to each seat (skip a seat with ""), then ``trump``.

    Seats are dealt clockwise from ``first``, one card per round, as the engine deals.
    """
    n = len(hands)
    parsed = [parse_cards(h) for h in hands]
    order = []
    rounds = max(len(h) for h in parsed)
    for r in range(rounds):
        for k in range(n):
            seat = (first + k) % n
            if parsed[seat]:
                order.append(parsed[seat][r])
    order.append(parse_card(trump))
    order += [c for c in AZI_DECK if c not in order]
    assert sorted(order) == list(AZI_DECK), "a card is in two hands"
    return order


def spare_deck(shift: int = 0) -> list[int]:
    """Some other full deck, for games a test does not look at."""
    return [(c * 7 + shift) % 27 for c in range(27)]


def table(hands: list[str], trump: str, *, first: int = 0, more: int = 20, **options) -> AziSession:
    """A session whose first game deals ``hands`` with ``trump`` turned (FixedDealer).

    With a FixedDealer the random first bidder is the first seat that can play, so ``first``
    must match it (seat 0 unless seat 0 cannot pay the ante). ``more`` spare decks follow.
    """
    opts = AziOptions(num_players=len(hands), **options)
    decks = [stacked_deck(hands, trump, first)] + [spare_deck(i) for i in range(1, more + 1)]
    return AziSession.new(opts, FixedDealer(*decks))


def play(game: AziSession, *actions: int) -> list:
    """Apply actions in turn; returns all events."""
    events = []
    for action in actions:
        events += game.apply(action)
    return events


def kinds(events) -> list[str]:
    """The kinds of some events, in order."""
    return [e.kind for e in events]


def card_places(game: AziSession) -> list[int]:
    """Every card the state holds somewhere: hands, trick, taken piles, discards, stock, trump."""
    places = [c for h in game.hands for c in h] + [c for _, c in game.trick]
    places += [c for t in game.taken for c in t] + [c for c in game.discards if c >= 0]
    places += list(game.stock) + ([game.trump_card] if game.trump_card >= 0 else [])
    return places


def check_invariants(game: AziSession, total_chips: int) -> None:
    """Chips are conserved and whole, the bank is the stakes, every card is in one place."""
    assert sum(game.stacks) + game.bank == total_chips
    assert game.bank == sum(game.stakes)
    assert all(type(x) is int and x >= 0 for x in game.stacks + game.stakes)
    if game.phase in ("discard", "bidding", "tricks"):
        assert sorted(card_places(game)) == list(AZI_DECK)
    assert (game.to_move is None) == (game.legal_actions() == [])
