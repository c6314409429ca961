"""The shape every Kozyr game shares: actions are ints, applying one returns events.

A game object is plain data plus rule methods. Whose decision it is (``to_move``), what may
be done (``legal_actions``), doing it (``apply`` → events), what one seat may know
(``observation``), and JSON round-trip. ``legal_actions()`` is the one source of truth for
the UI, the AI and the tests; ``apply`` refuses anything else with :class:`IllegalAction`
and leaves the state as it was.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import HIDDEN


class Message(NamedTuple):
    """A sentence for a player as a catalogue key and its fields, translated by the screen.

    The engine never writes a sentence: it names one (``"refuse.not_held"``) and gives the
    facts (``{"card": 23}``). Field values are plain JSON (ints and lists of ints), so a LAN
    host can send them and each client says them in its own language. What a field holds is
    told by its name (scenes/messages.py): ``card``/``attack`` a card, ``cards`` cards,
    ``ranks`` ranks, anything else a number.
    """

    key: str
    fields: dict[str, Any]

    def __str__(self) -> str:
        """A debugging form, e.g. ``refuse.not_held(card=23)``; players see the translation."""
        inside = ", ".join(f"{name}={value}" for name, value in sorted(self.fields.items()))
        return f"{self.key}({inside})"


def message(key: str, **fields: Any) -> Message:
    """``Message(key, fields)``, written like a ``tr`` call."""
    return Message(key, fields)


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why as a :class:`Message`."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


class Event(NamedTuple):
    """Something that happened, in order; the table animates it and the history logs it.

    ``kind`` is one of the game's event names ("dealt", "played", "took", …). ``seat`` is the
    player it concerns (-1 for none), ``target`` a second seat or a table slot where one is
    needed, ``cards`` the cards moved or shown, ``amount`` chips or a count. When ``private``
    is set, ``cards`` may be seen only by ``seat``: see :func:`event_seen_by`.
    """

    kind: str
    seat: int = -1
    cards: tuple[int, ...] = ()
    amount: int = 0
    target: int = -1
    private: bool = False

    def to_json(self) -> dict:
        """Plain JSON data."""
        return {"kind": self.kind, "seat": self.seat, "cards": list(self.cards),
                "amount": self.amount, "target": self.target, "private": self.private}

    @classmethod
    def from_json(cls, data: dict) -> Event:
        """Inverse of :meth:`to_json`."""
        return cls(data["kind"], data["seat"], tuple(data["cards"]), data["amount"],
                   data["target"], data["private"])


def event_seen_by(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it: private cards of other seats become HIDDEN.

    ``viewer=None`` means nobody's eyes (a shared screen): every private card is hidden.
    """
    if not event.private or event.seat == viewer:
        return event
    return event._replace(cards=(HIDDEN,) * len(event.cards))


class Game:
    """Base for a game state: validates actions against ``legal_actions()`` before applying.

    Subclasses implement ``legal_actions``, ``_apply``, ``explain_illegal``, ``observation``,
    ``action_text``, ``result`` and ``returns``, ``to_json`` / ``from_json`` and ``clone``, and
    keep ``to_move`` current (``None`` once the game is over). tests/test_game_contract.py
    checks every registered game against this contract.
    """

    to_move: int | None
    num_players: int

    def legal_actions(self) -> list[int]:
        """Every action allowed now, in ascending order; empty exactly when the game is over."""
        raise NotImplementedError

    def apply(self, action: int) -> list[Event]:
        """Do ``action`` and return what happened; IllegalAction (state unchanged) if not legal."""
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        return self._apply(action)

    def _apply(self, action: int) -> list[Event]:
        raise NotImplementedError

    def explain_illegal(self, action: int) -> Message:
        """Why ``action`` is not allowed now: a message key and its fields."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """True once no decision is left."""
        return self.to_move is None

    def observation(self, seat: int, history: bool = True) -> dict[str, Any]:
        """Plain JSON data holding only what ``seat`` may know (rules page, "Information");
        without ``history`` the ``"history"`` of events is left out (it is the costly part)."""
        raise NotImplementedError

    def action_text(self, action: int) -> str:
        """Short English description of an action, e.g. "play 10♥", "take", "raise to 40"."""
        raise NotImplementedError

    def result(self) -> dict[str, Any]:
        """The outcome once over (places, winner, loser, chips): plain JSON data."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """One number per seat, what the game so far gave that seat (as OpenSpiel's
        ``returns()``): the same facts as :meth:`result`, for tools that compare seats."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """Everything in the state as plain JSON data; ``from_json`` restores it exactly."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """Inverse of :meth:`to_json`; ValueError, saying why, for data that breaks the rules."""
        raise NotImplementedError

    def clone(self) -> Game:
        """An independent copy: applying actions to it leaves this state as it was."""
        raise NotImplementedError


def apply_by(game: Game, seat: int, action: int) -> list[Event]:
    """``game.apply(action)`` on behalf of ``seat``: refused ("wait for your turn") unless that
    seat is to move, so a table says that rather than a misleading reason about the card."""
    if seat != game.to_move:
        raise IllegalAction(message("refuse.wait_turn"))
    return game.apply(action)
