"""The JSON Schema (draft 2020-12) of a game record, and the door every record file comes in by.

:data:`SCHEMA` is published as ``docs/record.schema.json`` (a test keeps the two equal). It
covers both record versions: version 1 stored Azi's seat draws (``seat_draws``); version 2
derives every seat draw from its deal's seed and stores none. A LAN table's deal (either
version) may carry a ``joint`` block: the host seed, its commitment and each seat's committed
contribution that made the deal's seed, and (since names are bound) ``names_digest``, the
seat names the host's commitment covers. :func:`checked_json` parses a
record's text and refuses anything malformed — not JSON, nested too deeply, numbers too big
for JSON to hold, wrong types — with one readable :class:`RecordError` line, before anything
else reads it. Pure: text in, data out.
"""

from __future__ import annotations

import functools
import json
import math
from typing import Any

from .registry import game_names, rules_for

MAX_ACTIONS = 1_000_000  # the longest Durak game is thousands of moves, an Azi evening fewer
MAX_ACTION = 10 ** 9  # an action is a small whole number (a card, a word, a bid level)
MAX_DEALS = 20_000  # games in one Azi session (a deal each); far beyond any evening
# A long Azi session is a few hundred kilobytes; the bounds above allow about 9 characters per
# action and 250 per deal and its result, so a file past this is refused before it is parsed.
MAX_RECORD_CHARS = 9 * MAX_ACTIONS + 500 * MAX_DEALS
MAX_RECORD_BYTES = MAX_RECORD_CHARS + 100_000  # room for names and notes written in UTF-8
MAX_DEPTH = 24  # a record nests five levels deep; far more is an attack, not a record
_MAX_MESSAGE = 140


class RecordError(ValueError):
    """A file that is not a readable game record; the message says what is wrong."""


_INT = {"type": "integer"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 5}
_HEX64 = {"type": "string", "pattern": "^[0-9a-fA-F]{64}$"}
_HEX_OR_NULL = {"anyOf": [{"type": "null"}, {"type": "string", "maxLength": 200}]}
_JOINT = {  # a LAN table's deal: how its seed was made jointly (engine/joint_seed.py)
    "type": "object", "required": ["host_commitment", "host_seed", "contributions"],
    "additionalProperties": False,
    "properties": {
        "host_commitment": _HEX64, "host_seed": _HEX64,
        # The seat names' digest the host's commitment covers (SHA-256 of its seed and this
        # digest); absent in an older record, whose commitment is the seed's bare SHA-256.
        "names_digest": {**_HEX64, "description": "SHA-256 of the seat names in seat order "
                         "(engine/joint_seed.py names_digest), bound in host_commitment"},
        "contributions": {"type": "array", "maxItems": 6, "items": {
            "type": "object", "required": ["seat", "commitment", "contribution"],
            "additionalProperties": False,
            "properties": {"seat": _SEAT, "commitment": _HEX64, "contribution": _HEX64},
        }},
    },
}
_CHIPS = {"type": "integer", "minimum": 0, "maximum": 10 ** 12}


def _cards(highest: int) -> dict[str, Any]:
    return {"type": "array", "maxItems": highest + 1,
            "items": {"type": "integer", "minimum": 0, "maximum": highest}}


def _per_seat(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "minItems": 2, "maxItems": 6, "items": item}


_DURAK = {
    "options": {
        "type": "object", "required": ["num_players", "dealer_seat"],
        "properties": {"num_players": {"type": "integer", "minimum": 2, "maximum": 6},
                       "dealer_seat": _SEAT, "dealer_drawn": {"type": "boolean"}},
    },
    "deals": {"type": "array", "items": {"properties": {"deck_order": _cards(35)}}},
    "result": {
        "type": "object", "required": ["over"],
        "properties": {
            "over": {"type": "boolean"}, "draw": {"type": "boolean"},
            "finishing_order": {"type": "array", "maxItems": 6, "items": _SEAT},
            "places": _per_seat({"type": ["integer", "null"], "minimum": 1, "maximum": 6}),
            "first_out": {"anyOf": [{"type": "null"}, _SEAT]},
            "durak": {"anyOf": [{"type": "null"}, _SEAT]},
            "commitment": _HEX_OR_NULL, "seed": _HEX_OR_NULL,
            "deck_order": {"anyOf": [{"type": "null"}, _cards(35)]},
        },
    },
}

_AZI_GAME = {
    "type": "object",
    "required": ["winner", "first_bidder", "stakes", "tricks_won", "seed", "commitment", "deck"],
    "properties": {
        "game": _INT, "winner": {"type": "integer", "minimum": -1, "maximum": 5},
        "azi": {"type": "boolean"}, "at_once": {"type": "boolean"},
        "first_bidder": _SEAT, "leader": {"type": "integer", "minimum": -1, "maximum": 5},
        "bank": _CHIPS, "carried_in": _CHIPS, "paid": _per_seat(_CHIPS),
        "stakes": _per_seat(_CHIPS),
        "tricks_won": _per_seat({"type": "integer", "minimum": 0, "maximum": 3}),
        "trump_card": {"type": "integer", "minimum": -1, "maximum": 26},
        "six_on_stage": {"type": "boolean"},
        "commitment": _HEX_OR_NULL, "seed": _HEX_OR_NULL,
        "deck": {"anyOf": [{"type": "null"}, _cards(26)]},
    },
}

_AZI = {
    "options": {
        "type": "object", "required": ["num_players"],
        "properties": {
            "num_players": {"type": "integer", "minimum": 2, "maximum": 6},
            "starting_stack": _CHIPS, "ante": _CHIPS,
            "cards_dealt": {"type": "integer", "minimum": 3, "maximum": 4},
            "blind_bets": {"type": "boolean"}, "azi_buy_in": {"type": "boolean"},
            "min_bet": {"anyOf": [{"type": "null"}, _CHIPS]},
            "min_raise": {"anyOf": [{"type": "null"}, _CHIPS]},
        },
        "additionalProperties": False,
    },
    "deals": {"type": "array", "items": {"properties": {"deck_order": _cards(26)}}},
    "result": {
        "type": "object", "required": ["over", "games"],
        "properties": {
            "over": {"type": "boolean"}, "stopped": {"type": "boolean"},
            "winner": {"anyOf": [{"type": "null"}, _SEAT]},
            "stacks": _per_seat(_CHIPS), "game_number": _INT,
            "games": {"type": "array", "maxItems": MAX_DEALS, "items": _AZI_GAME},
        },
    },
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Kozyr game record",
    "description": "A Durak game or an Azi session as played: each deal's commitment, revealed "
                   "seed and deck order, every action, and the result (engine/record.py).",
    "type": "object",
    "required": ["format", "version", "game", "options", "seats", "deals", "actions", "result"],
    "properties": {
        "format": {"const": "kozyr-record"},
        "version": {"enum": [1, 2]},
        "game": {"enum": ["durak", "azi"]},
        "options": {"type": "object"},
        "seats": {"type": "array", "minItems": 2, "maxItems": 6,
                  "items": {"type": "string", "maxLength": 200}},
        "deals": {"type": "array", "maxItems": MAX_DEALS, "items": {
            "type": "object", "required": ["commitment", "seed", "deck_order"],
            "properties": {"commitment": {"anyOf": [{"type": "null"}, _HEX64]},
                           "seed": _HEX_OR_NULL,
                           "deck_order": {"type": "array", "maxItems": 36, "items": _INT},
                           "joint": _JOINT},
        }},
        "seat_draws": {"type": "array", "maxItems": MAX_DEALS, "items": _SEAT},
        "stopped_in_game": {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 1}]},
        "actions": {"type": "array", "maxItems": MAX_ACTIONS,
                    "items": {"type": "integer", "minimum": 0, "maximum": MAX_ACTION}},
        "result": {"type": "object"},
        "meta": {"type": "object"},
    },
    "allOf": [
        {"if": {"properties": {"version": {"const": 2}}},
         "then": {"not": {"required": ["seat_draws"]}}},
        {"if": {"properties": {"game": {"const": "durak"}}},
         "then": {"properties": _DURAK}},
        {"if": {"properties": {"game": {"const": "durak"}, "version": {"const": 2}}},
         "then": {"properties": {"options": {"required": ["dealer_drawn"]}}}},
        {"if": {"properties": {"game": {"const": "azi"}}},
         "then": {"properties": _AZI}},
    ],
}


def checked_json(text: str) -> Any:
    """The record's JSON data, once it parses and fits :data:`SCHEMA`; else RecordError."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the file is {len(text):,} characters long, far more than a record")
    try:
        data = json.loads(text, parse_float=_finite, parse_constant=_refuse_constant)
    except RecursionError:
        raise RecordError("the JSON is nested far too deeply to be a game record") from None
    except ValueError as error:  # JSONDecodeError, a number too long or too big
        raise RecordError(f"not JSON: {_short(str(error))}") from None
    check_shape(data)
    return data


def check_shape(data: Any) -> None:
    """Refuse data that nests too deeply or does not fit :data:`SCHEMA` (one RecordError line)."""
    if not isinstance(data, dict) or data.get("format") != "kozyr-record":
        raise RecordError('not a Kozyr game record (no "format": "kozyr-record")')
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"the record nests more than {MAX_DEPTH} levels deep")
    if data.get("version") not in (1, 2):
        raise RecordError(f"record version {_short(repr(data.get('version')))} is not one this "
                          f"program reads (it reads versions 1 and 2)")
    known = game_names()
    if data.get("game") not in known:
        raise RecordError(f"unknown game {_short(repr(data.get('game')))} (expected "
                          f"{' or '.join(known)})")
    actions = data.get("actions")
    if isinstance(actions, list):
        # The action list is the one part that can be huge: its bound and items are checked
        # here, at C speed, exactly as the schema says; the schema then checks the rest.
        if len(actions) > MAX_ACTIONS:
            raise RecordError(f"actions: {len(actions):,} actions, more than the {MAX_ACTIONS:,} "
                              f"a record may hold")
        if not all(type(a) is int and 0 <= a <= MAX_ACTION for a in actions):
            bad = next(i for i, a in enumerate(actions)
                       if not (type(a) is int and 0 <= a <= MAX_ACTION))
            value = actions[bad]
            why = ("is not of type 'integer'" if type(value) is not int else
                   "is less than the minimum of 0" if value < 0 else
                   f"is greater than the maximum of {MAX_ACTION}")
            raise RecordError(f"actions/{bad}: {_short(repr(value))} {why}")
        data = {**data, "actions": []}
    error = _best_error(data)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the record"
        raise RecordError(f"{where}: {_short(error.message)}")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {_short(text)} is too big for a record")
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a record holds")


def _depth(data: Any) -> int:
    """How deeply containers nest (iterative: the data may be deep enough to break recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, (dict, list)):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                stack += [(v, level + 1) for v in (value.values() if isinstance(value, dict)
                                                   else value)]
    return deepest


def _validator_of(schema: dict[str, Any]) -> Any:
    """A validator of ``schema`` (jsonschema is imported on first use: loading it takes a while)."""
    from jsonschema import Draft202012Validator, validators
    # JSON Schema counts 2.0 as an integer; a record's numbers are whole ints, never floats.
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    items = Draft202012Validator.VALIDATORS["items"]

    def whole_numbers(validator: Any, item: Any, instance: Any, schema: Any) -> Any:
        """``items``: a list of plain ints within an integer item's bounds is valid as it is
        (its deck orders: most of a record's items), anything else is checked item by item."""
        if _all_in_bounds(item, instance) and "prefixItems" not in schema:
            return
        yield from items(validator, item, instance, schema)

    return validators.extend(Draft202012Validator, validators={"items": whole_numbers},
                             type_checker=checker)(schema)


def _all_in_bounds(item: Any, instance: Any) -> bool:
    """Is every value of the list ``instance`` an int (not a bool) that the integer schema
    ``item`` (a type and bounds, nothing else) allows?"""
    if not (isinstance(item, dict) and item.get("type") == "integer"
            and item.keys() <= {"type", "minimum", "maximum"} and type(instance) is list):
        return False
    low, high = item.get("minimum"), item.get("maximum")
    if not all(type(value) is int for value in instance):
        return False
    return not instance or ((low is None or min(instance) >= low)
                            and (high is None or max(instance) <= high))


@functools.lru_cache(maxsize=1)
def _validator() -> Any:
    """The published schema's validator (Durak and Azi)."""
    return _validator_of(SCHEMA)


def schema_of(game: str) -> dict[str, Any]:
    """The schema of another registered game's record: the shared envelope of :data:`SCHEMA`
    with the game's own ``record_schema`` (its options, deals and result) where it gives one."""
    own = rules_for(game).record_schema
    return {**SCHEMA, "properties": {**SCHEMA["properties"], "game": {"const": game}},
            "allOf": [*SCHEMA["allOf"], *([{"properties": own}] if own else [])]}


def _best_error(data: Any) -> Any:
    """The most telling schema violation of ``data`` (a jsonschema ValidationError), or None."""
    from jsonschema.exceptions import best_match
    game = data.get("game")
    validator = (_validator() if game in SCHEMA["properties"]["game"]["enum"]
                 else _validator_of(schema_of(game)))
    return best_match(validator.iter_errors(data))


def _short(text: str) -> str:
    return text if len(text) <= _MAX_MESSAGE else text[:_MAX_MESSAGE - 3] + "..."
