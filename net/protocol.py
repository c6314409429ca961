"""The LAN table's messages: versioned JSON objects, checked at the door before anything reads them.

Every message is one websocket text frame holding a JSON object with ``"type"`` and ``"v"``
(the protocol version). What a client may send is listed in :data:`CLIENT_MESSAGES` with the
type of every field; anything else (bad JSON, unknown type, missing or extra fields, wrong
types, strings too long, more than :data:`MAX_BYTES`) is refused by :func:`parse_client`
before the table sees it. The host's messages are described in docs/lan.md.

Messages are written and read with orjson, a few times faster than the standard library's json
(every move is one message to every seat, and every seat reads it): the same JSON, with its
nesting bounded (1,024 levels) by the parser itself.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

VERSION = 4  # 2: the host commitment binds the seat names; 3: events carry history_len;
# 4: the events to the seat asked next carry its turn (legal, texts)
MAX_BYTES = 64 * 1024  # a whole Azi observation is a few KiB; anything near this is hostile
MAX_RECORD_BYTES = 4 * 1024 * 1024  # the host's game_record: a long Azi session's record
MAX_NAME = 24
MAX_DEPTH = 16  # a client's messages are flat: anything deeper is hostile
HEX64 = re.compile(r"^[0-9a-f]{64}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
BRACKETS = re.compile(r"[\[\]{}]")

# Field kinds: "int", "str", "hex64" (a 32-byte value in lower-case hex), "token", "name",
# and "?" in front for a field that may be null or left out.
CLIENT_MESSAGES: dict[str, dict[str, str]] = {
    "hello": {"name": "?name", "seat": "?int", "token": "?token", "password": "?str"},
    "action": {"action": "int", "turn": "int"},
    "commit": {"deal": "int", "commitment": "hex64"},
    "reveal": {"deal": "int", "contribution": "hex64"},
    "bye": {},
}


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``reason`` says how, for the log and the refusal."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def encode(kind: str, **fields: Any) -> str:
    """One message as the text of a websocket frame."""
    message = {"type": kind, "v": VERSION, **fields}
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # a value orjson does not write (an integer over 64 bits): the slow way
        return json.dumps(message, separators=(",", ":"))


def decode(frame: str | bytes, limit: int = MAX_BYTES,
           max_depth: int | None = None) -> dict[str, Any]:
    """A frame as a JSON object with a ``type``; raises ProtocolError for anything else.

    Only a ``game_record`` may be longer than :data:`MAX_BYTES` (up to ``limit``). With
    ``max_depth`` (the host reading a client), nesting is counted before decoding; without
    it (a client reading the host), a too deep message is still refused, by the parser."""
    if isinstance(frame, bytes):
        raise ProtocolError("binary frames are not part of the protocol")
    if len(frame) > max(limit, MAX_BYTES):
        raise ProtocolError(f"message of {len(frame)} characters is over the {limit} limit")
    if len(frame) > MAX_BYTES and not frame.startswith('{"type":"game_record"'):
        raise ProtocolError(f"message of {len(frame)} characters is over the {MAX_BYTES} limit")
    if max_depth is not None and nesting_depth(frame) > max_depth:
        raise ProtocolError(f"JSON nested deeper than {max_depth} levels")
    try:
        message = orjson.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("not a JSON object with a type")
    if message.get("v") != VERSION:
        raise ProtocolError(f"protocol version {message.get('v')!r}, this table speaks {VERSION}")
    return message


def turn_offered(message: dict[str, Any]) -> dict[str, Any] | None:
    """The turn a host message asks this seat to play, as a ``your_turn`` message: the message
    itself, or the turn an ``events`` message carries for the seat asked next (None: no turn)."""
    if message["type"] == "your_turn":
        return message
    if message["type"] == "events" and "legal" in message:
        return {"type": "your_turn", "legal": message["legal"], "texts": message["texts"],
                "turn": message["turn"]}
    return None


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (brackets inside strings do not count),
    found before decoding, so a deeply nested message never reaches the parser's recursion."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0  # too few brackets to nest too deep: a client's message costs two counts
    depth = deepest = 0
    for bracket in BRACKETS.findall(STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _field_ok(kind: str, value: Any) -> bool:
    if kind.startswith("?"):
        return value is None or _field_ok(kind[1:], value)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and -1 <= value < 1 << 31
    if kind == "str":
        return isinstance(value, str) and len(value) <= 256
    if kind == "name":
        return isinstance(value, str) and 0 < len(value) <= MAX_NAME and value.isprintable()
    if kind == "hex64":
        return isinstance(value, str) and HEX64.match(value) is not None
    if kind == "token":
        return isinstance(value, str) and TOKEN.match(value) is not None
    raise AssertionError(f"unknown field kind {kind}")


def parse_client(frame: str | bytes) -> dict[str, Any]:
    """A client's message, checked field by field against :data:`CLIENT_MESSAGES`."""
    message = decode(frame, max_depth=MAX_DEPTH)
    fields = CLIENT_MESSAGES.get(message["type"])
    if fields is None:
        raise ProtocolError(f"unknown message type {message['type'][:32]!r}")
    extra = set(message) - set(fields) - {"type", "v"}
    if extra:
        raise ProtocolError(f"unexpected fields {sorted(extra)[:5]}")
    for name, kind in fields.items():
        if name not in message and not kind.startswith("?"):
            raise ProtocolError(f"{message['type']} needs {name}")
        if not _field_ok(kind, message.get(name)):
            raise ProtocolError(f"{message['type']}.{name} is not a valid {kind.lstrip('?')}")
    return message
