"""Game records: what was dealt (commitment, revealed seed, deck order), every action, the result.

A record is made from a finished Durak game, or from an Azi session (its finished games), and
the list of actions the table applied. Nobody has to trust the program that saved it:

* :func:`verify_record` checks that each revealed seed matches the commitment shown before its
  deal and reproduces the recorded deck order (``verify_deal``);
* :func:`seat_draws` checks each seat the table drew at random — Durak's first dealer, Azi's
  first bidder while nobody has won yet — against the seat that deal's seed draws
  (``drawn_seat``); a version-1 record, made before draws came from the seeds, cannot prove
  its draws and says so;
* a LAN table's deal carries its :class:`JointDeal` chain: :func:`joint_check` checks the host
  seed against its commitment, each contribution against its own, and that together they
  make the deal's seed, and the seat names against the commitment (engine/record_joint.py);
* :func:`replay_record` deals fresh decks from the revealed seeds (:class:`RevealedDealer`,
  which can only shuffle — it never takes a deck order), applies the actions and compares the
  outcome with the recorded result.

Records come in through :meth:`GameRecord.loads` / :meth:`GameRecord.from_json`, which refuse
anything that does not fit the published schema (engine/record_schema.py) with a RecordError.

Both answer with problems in plain words; no problem means the record holds. An Azi record
made between games covers the finished games only: its actions end with the move that
decided the last of them (the next game, already dealt, is not in it and stays sealed).

Pure: no file I/O. Saving is storage/records.py; the command line is tools/records_cli.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Sequence, TypeGuard

from .cards import card_text
from .core import Game, IllegalAction
from .games import rules_for, rules_of
from .record_bounds import check_options, lan_problems
from .record_joint import JointCheck, JointDeal, check_joint, fingerprint
from .record_schema import RecordError, check_shape, checked_json
from .shuffle import SEED_BYTES, RevealedDealer, commitment_of, drawn_seat, shuffled, verify_deal

__all__ = ["RecordError"]  # also this module's: every reader of records catches it from here

RECORD_FORMAT = "kozyr-record"
RECORD_VERSION = 2  # 2: seat draws come from the deal seeds and are no longer stored
_MAX_DIFFERENCES = 6  # a broken replay differs everywhere: the first few say enough


@dataclass(frozen=True)
class DealRecord:
    """One deal: the commitment shown before it, the seed revealed after, the deck it gave;
    ``joint`` for a LAN table's deal, whose seed was made jointly (not part of equality: a
    result names the deal, not how it was sealed)."""

    commitment: str | None
    seed: str | None
    deck_order: tuple[int, ...]
    joint: JointDeal | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        data: dict[str, Any] = {"commitment": self.commitment, "seed": self.seed,
                                "deck_order": list(self.deck_order)}
        if self.joint is not None:
            data["joint"] = self.joint.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "DealRecord":
        """Inverse of :meth:`to_json`."""
        joint = JointDeal.from_json(data["joint"]) if data.get("joint") else None
        return cls(data.get("commitment"), data.get("seed"), tuple(data.get("deck_order") or ()),
                   joint)


@dataclass
class GameRecord:
    """A game (Durak) or a session (Azi) as played: enough to verify the deals and replay it.

    ``options`` rebuild the game: Durak ``{"num_players", "dealer_seat", "dealer_drawn"}``
    (drawn: the deal's seed drew the dealer; else the deal passed on from the game before),
    Azi the table's ``AziOptions``. ``seat_draws`` only in a version-1 record: the seat draws
    it stored (Azi's first bidder while nobody had won). ``stopped_in_game`` is the Azi game
    during which the table asked to stop after the game. ``meta`` is free information from the
    saver, not checked: ``program``, ``saved_at``, ``seat_kinds`` (per seat ``"human"`` or
    ``"ai:<level>"``, so a replay and the history can say who played).
    """

    game: str
    options: dict[str, Any]
    seats: list[str]
    deals: list[DealRecord]
    actions: list[int]
    result: dict[str, Any]
    seat_draws: list[int] = field(default_factory=list)
    stopped_in_game: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    version: int = RECORD_VERSION

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (``from_json`` reads it back exactly)."""
        data = {
            "format": RECORD_FORMAT, "version": self.version, "game": self.game,
            "options": dict(self.options), "seats": list(self.seats),
            "deals": [d.to_json() for d in self.deals],
            "stopped_in_game": self.stopped_in_game, "actions": list(self.actions),
            "result": _plain(self.result), "meta": dict(self.meta),
        }
        if self.version == 1:
            data["seat_draws"] = list(self.seat_draws)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        """Read :meth:`to_json` data of either version; raises RecordError saying what is wrong."""
        check_shape(data)
        options, seats = data["options"], data["seats"]
        players = options.get("num_players")
        if len(seats) != players:
            raise RecordError(f"the record names {len(seats)} seats for {players} players")
        if data["game"] == "durak" and options["dealer_seat"] >= players:
            raise RecordError(f"the dealer's seat {options['dealer_seat']} is not at a table of "
                              f"{players}")
        check_options(data["game"], options)
        return cls(data["game"], dict(options), list(seats),
                   [DealRecord.from_json(d) for d in data["deals"]], list(data["actions"]),
                   dict(data["result"]), list(data.get("seat_draws") or []),
                   data.get("stopped_in_game"), dict(data.get("meta") or {}), data["version"])

    def dumps(self) -> str:
        """The record as JSON text: a line per field, per deal and per Azi game."""
        return _layout(self.to_json(), 0) + "\n"

    @classmethod
    def loads(cls, text: str) -> "GameRecord":
        """Parse JSON text made by :meth:`dumps`; raises RecordError when it is not a record."""
        return cls.from_json(checked_json(text))


# --- making a record ----------------------------------------------------------------------------
def revealed_deals(game: Game) -> list[DealRecord]:
    """The deals whose seeds the game has revealed: a finished Durak game's, an Azi session's
    finished games' (in order)."""
    return [DealRecord(*deal) for deal in rules_of(game).revealed_deals(game)]


def record_of(game: Game, actions: Sequence[int], seats: Sequence[str],
              meta: dict[str, Any] | None = None) -> GameRecord:
    """The record of ``game`` after ``actions`` (every action applied since it began).

    A Durak game must be over (its seed is revealed only then). An Azi session may be between
    games: ``actions`` must then end with the move that finished its last finished game.
    """
    rules = rules_of(game)
    return GameRecord(rules.name, rules.record_options(game), list(seats), revealed_deals(game),
                      list(actions), _plain(game.result()), [], rules.stopped_in_game(game),
                      dict(meta or {}))


# --- the seats drawn from the deal seeds ----------------------------------------------------------
@dataclass(frozen=True)
class SeatDraw:
    """A seat the table drew at random with a deal, and whether that deal's seed proves it.

    ``proven`` is True when the seed draws ``seat``, False when it does not (``problem`` says
    why), None for a version-1 record, whose draws did not come from the seeds.
    """

    deal: int  # the deal's number, from 1
    role: str  # "dealer" (Durak's first dealer) or "first bidder" (Azi)
    seat: int  # the seat the record says was drawn
    proven: bool | None
    problem: str | None = None


def seat_draws(record: GameRecord) -> list[SeatDraw]:
    """Every seat draw of the record, each checked against its deal's seed."""
    claims = rules_for(record.game).draw_claims(record.options, record.result)
    draws = []
    for number, role, seat, seats in claims:
        if record.version == 1:
            draws.append(SeatDraw(number, role, seat, None))
            continue
        seed = record.deals[number - 1].seed if number <= len(record.deals) else None
        if not _is_seed(seed):
            draws.append(SeatDraw(number, role, seat, False,
                                  f"deal {number}: no seed to prove the {role}'s draw with"))
            continue
        drawn = drawn_seat(bytes.fromhex(seed), list(seats))
        problem = None if drawn == seat else (
            f"deal {number}: the record names seat {seat} as the {role} drawn, the seed draws "
            f"seat {drawn}")
        draws.append(SeatDraw(number, role, seat, drawn == seat, problem))
    return draws


# --- checking a record ---------------------------------------------------------------------------
def verify_record(record: GameRecord) -> list[str]:
    """Problems with the record's deals (empty when every seed matches its commitment and
    reproduces its deck order, and the result names the same deals)."""
    try:
        deck = rules_for(record.game).deck
    except ValueError:
        return [f"unknown game {record.game!r}"]
    if not record.deals:
        return ["the record holds no deal"]
    problems = []
    for number, deal in enumerate(record.deals, 1):
        problems += deal_problems(number, deal, deck)
        if deal.joint is not None:
            problems += joint_check(number, deal, record.seats).problems
    problems += [d.problem for d in seat_draws(record) if d.problem]
    problems += lan_problems(record.meta, record.deals)
    return problems + _result_deal_problems(record)


def deal_problems(number: int, deal: DealRecord, deck: Sequence[int]) -> list[str]:
    """Why deal ``number`` does not verify (empty when ``verify_deal`` accepts it)."""
    where = f"deal {number}"
    if not deal.commitment:
        return [f"{where}: no commitment was recorded (a fixed test deck is not sealed)"]
    if not deal.seed:
        return [f"{where}: no seed was revealed"]
    if verify_deal(deal.seed, deal.commitment, deck, deal.deck_order):
        return []
    try:
        seed = bytes.fromhex(deal.seed)
    except ValueError:
        seed = b""
    if len(seed) != SEED_BYTES:
        return [f"{where}: the seed is not {2 * SEED_BYTES} hex digits"]
    if commitment_of(seed) != deal.commitment.lower():
        return [f"{where}: the revealed seed does not match the commitment "
                f"{fingerprint(deal.commitment)} shown before the deal"]
    order = list(deal.deck_order)
    if sorted(order) != sorted(deck):
        return [f"{where}: the recorded deck order is not the {len(deck)} cards of the deck"]
    dealt = shuffled(deck, seed)
    at = next(i for i, (a, b) in enumerate(zip(order, dealt)) if a != b)
    return [f"{where}: the seed deals a different deck (card {at + 1} from the top is "
            f"{card_text(order[at])} in the record, {card_text(dealt[at])} from the seed)"]


def joint_check(number: int, deal: DealRecord, seats: Sequence[str]) -> JointCheck:
    """Check deal ``number``'s joint block (the deal must have one) against its seed and the
    record's seat names (engine/record_joint.py)."""
    assert deal.joint is not None, "only a joint deal has a chain to check"
    return check_joint(number, deal.joint, deal.seed, seats)


def _result_deal_problems(record: GameRecord) -> list[str]:
    """Does the recorded result reveal the same deals as the deal list?"""
    deals = rules_for(record.game).result_deals(record.result)
    if deals is None:
        return ["the result has no list of games"]
    named = [DealRecord(*deal) for deal in deals]
    if len(named) != len(record.deals):
        return [f"the result reveals {len(named)} deal(s), the record lists {len(record.deals)}"]
    return [f"deal {n}: the result reveals a different deal than the deal list"
            for n, (a, b) in enumerate(zip(named, record.deals), 1) if a != b]


@dataclass
class Replay:
    """What replaying a record gave: the game as it ended, its result, and the problems."""

    game: Game | None
    result: dict[str, Any] | None
    problems: list[str]

    @property
    def matches(self) -> bool:
        """True when the replay reproduced the recorded deals and result exactly."""
        return not self.problems


def replay_record(record: GameRecord) -> Replay:
    """Deal from the revealed seeds, apply the recorded actions, compare with the record."""
    unreadable = [n for n, d in enumerate(record.deals, 1) if not _is_seed(d.seed)]
    if unreadable:
        return Replay(None, None, [f"deal {n}: no seed of {2 * SEED_BYTES} hex digits to deal "
                                   f"from" for n in unreadable])
    try:
        game, dealer = replay_start(record)
    except (ValueError, TypeError, KeyError) as error:
        return Replay(None, None, [f"cannot start the replay: {error}"])
    # The seeds alone replay the game, so a tampered commitment would go unseen: check each.
    problems = [f"deal {n}: the revealed seed does not match the commitment "
                f"{fingerprint(d.commitment)} shown before the deal" if d.commitment else
                f"deal {n}: no commitment was recorded (a fixed test deck is not sealed)"
                for n, d in enumerate(record.deals, 1)
                if commitment_of(bytes.fromhex(d.seed or "")) != (d.commitment or "").lower()]
    problems += [p for n, d in enumerate(record.deals, 1) if d.joint is not None
                 for p in joint_check(n, d, record.seats).problems]
    named_dealer = record.options.get("dealer_seat")  # a game that records its dealer's seat
    drawn_dealer = getattr(game, "dealer", named_dealer)
    if named_dealer is not None and drawn_dealer != named_dealer:
        problems.append(f"the seed draws seat {drawn_dealer} as the dealer, the record names "
                        f"seat {record.options['dealer_seat']}")
    applied = _apply_actions(record, game)
    stuck = bool(applied)  # the replay stopped early: its result differs everywhere, say less
    problems += applied
    replayed = revealed_deals(game)
    for number, (made, kept) in enumerate(zip(replayed, record.deals), 1):
        if made.deck_order != kept.deck_order:
            problems.append(f"deal {number}: the deck dealt from the revealed seed differs from "
                            f"the recorded deck order")
    if dealer.revealed_used < len(record.deals):
        problems.append(f"the actions reach only {dealer.revealed_used} of the "
                        f"{len(record.deals)} recorded deals")
    if dealer.sealed_deals and record.result.get("over"):
        problems.append("the replay needed a deal that the record does not reveal")
    result = _plain(game.result())
    if not stuck:
        problems += _differences(record.result, result, "result")[:_MAX_DIFFERENCES]
    return Replay(game, result, problems)


def _is_seed(seed: str | None) -> TypeGuard[str]:
    try:
        return seed is not None and len(bytes.fromhex(seed)) == SEED_BYTES
    except ValueError:
        return False


def replay_start(record: GameRecord) -> tuple[Game, RevealedDealer]:
    """The record's game before its first action, and the dealer of its revealed seeds."""
    stored = record.seat_draws if record.version == 1 else None
    dealer = RevealedDealer([_deal_seed(d) for d in record.deals], stored)
    return _new_game(record, dealer), dealer


def _deal_seed(deal: DealRecord) -> str:
    """The seed to deal ``deal`` from: a joint deal's is made from its parts, so a replay
    deals what the host seed and the contributions make, whatever seed the record names."""
    if deal.joint is not None:
        try:
            return deal.joint.seed().hex()
        except ValueError:
            pass
    if deal.seed is None:
        raise ValueError("a deal of the record has no seed to deal from")
    return deal.seed


def _new_game(record: GameRecord, dealer: RevealedDealer) -> Game:
    return rules_for(record.game).replay_start(record.options, dealer, record.version)


def _apply_actions(record: GameRecord, game: Game) -> list[str]:
    """Apply every action in turn; the first one that cannot be applied ends the replay."""
    # A session recorded between games stops after the game the table asked in.
    stop_in = record.stopped_in_game if hasattr(game, "stop_after_game") else None
    session: Any = game  # such a game (an Azi session) counts its games
    for number, action in enumerate(record.actions, 1):
        if stop_in is not None and session.game_number == stop_in and not session.stop_requested:
            # the table asked during this game; only its end depends on it
            session.stop_after_game()
        if game.is_over():
            return [f"action {number} ({action!r}) comes after the game ended"]
        if type(action) is not int:
            return [f"action {number} ({action!r}) is not an action number"]
        seat = game.to_move
        try:
            text = game.action_text(action)
        except Exception:  # an action that means nothing here has no text: show its number
            text = str(action)
        try:
            game.apply(action)
        except IllegalAction as error:
            return [f"action {number} (seat {seat}: {text}) is not legal there: {error.reason}"]
        except Exception as error:  # a value the rules code never expected: still a readable line
            return [f"action {number} (seat {seat}: {text}) cannot be applied: {error!r}"]
    if stop_in is not None and session.game_number == stop_in and not session.stop_requested:
        session.stop_after_game()
    if record.result.get("over") and not game.is_over():
        return ["the actions end before the game does"]
    return []


def _differences(recorded: Any, replayed: Any, path: str) -> list[str]:
    """Where two JSON values differ, one readable line per difference."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        lines = []
        for key in sorted(set(recorded) | set(replayed), key=str):
            where = f"{path}.{key}"
            if key not in replayed:
                lines.append(f"{where} is in the record but not in the replay")
            elif key not in recorded:
                lines.append(f"{where} is in the replay but not in the record")
            else:
                lines += _differences(recorded[key], replayed[key], where)
        return lines
    if (isinstance(recorded, list) and isinstance(replayed, list)
            and len(recorded) == len(replayed)):
        lines = []
        for i, (a, b) in enumerate(zip(recorded, replayed)):
            lines += _differences(a, b, f"{path}[{i}]")
        return lines
    if recorded == replayed:
        return []
    return [f"{path}: {_short(recorded)} in the record, {_short(replayed)} in the replay"]


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _layout(value: Any, indent: int, width: int = 100) -> str:
    """JSON with objects and lists of objects broken into lines only where a line gets long;
    a list of numbers (a deck, the actions) always stays on one line."""
    compact = json.dumps(value, ensure_ascii=False)
    nested = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    if len(compact) + indent <= width or not any(isinstance(v, (dict, list)) for v in nested):
        return compact
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {_layout(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _layout(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def _plain(data: Any) -> Any:
    """``data`` as JSON would give it back (tuples become lists), so records compare equal."""
    return json.loads(json.dumps(data))
