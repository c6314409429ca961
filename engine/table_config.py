"""What the new-game screen hands to the table: the game, who sits where, and the options.

``options`` uses the engine's own option names: for Azi the fields of
``engine.azi.options.AziOptions`` except ``num_players`` (``starting_stack``, ``ante``,
``cards_dealt``, ``blind_bets``, ``azi_buy_in``, ``min_bet``, ``min_raise``), so
``AziOptions(num_players=len(config.seats), **config.options)`` works; for Durak
``{"series": bool}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.azi.options import OPTION_BOUNDS, Bound

HUMAN = "human"
AI = "ai"
LEVELS = ("easy", "normal", "hard")
GAMES = ("azi", "durak")

SEAT_BOUNDS: Bound = OPTION_BOUNDS["num_players"]  # both games seat 2 to 6
NUMBER_OPTIONS = ("starting_stack", "ante", "min_bet", "min_raise")  # Azi's typed numbers
MEMORY_KEYS = ("play", "watch")  # the new-game screen remembers a table for each
MAX_NAME = 40  # characters of a remembered player's name


class Seat(NamedTuple):
    """One seat: a name, ``"human"`` or ``"ai"``, and the AI level (ignored for humans)."""

    name: str
    kind: str = HUMAN
    level: str = "normal"


@dataclass
class TableConfig:
    """A table to open: the game ("azi" or "durak"), seats in clockwise order, options."""

    game: str
    seats: list[Seat]
    options: dict[str, Any] = field(default_factory=dict)
    watch: bool = False  # nobody human at the table: the user watches the computer play

    @property
    def human_seats(self) -> list[int]:
        """Seats played by people at this screen."""
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the screen (the pass-the-screen curtain is needed)."""
        return len(self.human_seats) > 1


def default_options(game: str) -> dict[str, Any]:
    """The default table options of ``game``."""
    from engine.games import rules_for  # here: the game's rules are not needed to read a
    # settings file without remembered tables, so the first menu frame does not wait for them

    return dict(rules_for(game).default_options)


def clean_remembered(tables: Any) -> dict[str, Any]:
    """The remembered tables of a settings file, reduced to what the new-game screen reads.

    Only the expected shape survives (seats with a name, kind and level; options the game
    knows, with the type of their default), so damaged or hostile data never reaches the
    screen; numbers keep their value here and the new-game screen brings them into range.
    """
    if not isinstance(tables, dict):
        return {}
    clean: dict[str, Any] = {}
    for key in MEMORY_KEYS:
        memory = tables.get(key)
        if not isinstance(memory, dict):
            continue
        seats = memory.get("seats")
        seats = [dict(name=s["name"][:MAX_NAME], kind=s["kind"], level=s["level"])
                 for s in (seats if isinstance(seats, list) else [])[:SEAT_BOUNDS.high]
                 if isinstance(s, dict) and isinstance(s.get("name"), str)
                 and s.get("kind") in (HUMAN, AI) and s.get("level") in LEVELS]
        options: dict[str, dict[str, Any]] = {}
        saved = memory.get("options")
        for game in GAMES:
            values = saved.get(game) if isinstance(saved, dict) else None
            if isinstance(values, dict):
                defaults = default_options(game)
                options[game] = {k: v for k, v in values.items()
                                 if k in defaults and type(v) is type(defaults[k])}
        clean[key] = {"seats": seats, "options": options}
    return clean


def clamp_azi_numbers(options: dict[str, Any]) -> bool:
    """Bring Azi's number options into their bounds (stack above the ante); True if any moved."""
    moved = False
    for key in NUMBER_OPTIONS:
        value = options.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            inside = OPTION_BOUNDS[key].clamp(value)
            moved |= inside != value
            options[key] = inside
    stack, ante = options.get("starting_stack"), options.get("ante")
    if isinstance(stack, int) and isinstance(ante, int) and stack <= ante:
        # the rules' table needs a stack above the ante: keep the ante, raise the stack
        options["starting_stack"] = min(OPTION_BOUNDS["starting_stack"].high, ante + 1)
        options["ante"] = min(ante, options["starting_stack"] - 1)
        moved = True
    return moved


def azi_number_problem(options: dict[str, Any]) -> tuple[str, Bound] | None:
    """The first Azi number option that is not a whole number inside its bounds, if any."""
    for key in NUMBER_OPTIONS:
        value, bound = options.get(key), OPTION_BOUNDS[key]
        if (not isinstance(value, int) or isinstance(value, bool)
                or not bound.low <= value <= bound.high):
            return key, bound
    return None
