"""Messages from the engine, the controller and a LAN host, said in the player's language.

The engine never writes a sentence: a refusal is an :class:`engine.core.Message`, a catalogue
key and its fields. Here the fields become words of the current language (cards with the
language's letters, ranks, numbers with its separators) and the key becomes its sentence.
A message that came over the network as ``{"key": …, "fields": …}`` is said the same way, so
each player reads the host's refusals and notices in their own language.

What a field holds is told by its name, the one convention shared with the engine:
``card`` and ``attack`` are a card, ``cards`` a list of cards, ``ranks`` a list of ranks
(0 = six … 8 = ace); any other int is a number (chips, a count), any string is said as it is
(a seat's name).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.cards import NUM_RANKS, RANKS, SUIT_SYMBOLS, card_symbol
from engine.core import Message

from . import SOURCE, has, tr, tr_in

CARD_FIELDS = frozenset({"card", "attack"})
CARDS_FIELDS = frozenset({"cards"})


def _international_letters() -> tuple[str, ...]:
    return RANKS


_rank_letters: Callable[[], tuple[str, ...]] = _international_letters


def use_rank_letters(letters: Callable[[], tuple[str, ...]]) -> None:
    """Say where the player's rank letters come from (the screens' card settings): texts sit
    below the screens, so the screens hand the choice down instead of being imported here."""
    global _rank_letters
    _rank_letters = letters
RANKS_FIELDS = frozenset({"ranks"})


def field_text(name: str, value: Any, international: bool = False) -> Any:
    """One field as words of the current language (numbers stay ints: ``tr`` groups them)."""
    if name not in CARD_FIELDS | CARDS_FIELDS | RANKS_FIELDS:
        return value
    # the screens say which letters the player chose (scenes/card_text.py sets it)
    letters = RANKS if international else _rank_letters()

    def label(card: int) -> str:
        if card < 0:
            return card_symbol(card)  # a hidden card: "??"
        return letters[card % NUM_RANKS] + SUIT_SYMBOLS[card // NUM_RANKS]

    if name in CARD_FIELDS and isinstance(value, int):
        return label(value)
    if name in CARDS_FIELDS and isinstance(value, (list, tuple)):
        return " ".join(label(c) for c in value if isinstance(c, int))
    if name in RANKS_FIELDS and isinstance(value, (list, tuple)):
        return ", ".join(letters[r % NUM_RANKS] for r in value if isinstance(r, int))
    return value  # numbers get the language's separators in tr()


def say(key: str, fields: Mapping[str, Any] | None = None) -> str:
    """The sentence ``key`` with ``fields`` in the current language."""
    fields = fields or {}
    return tr(key, **{name: field_text(name, value) for name, value in fields.items()})


def message_text(message: Message | Mapping[str, Any] | str) -> str:
    """A :class:`Message` (or its JSON form from a LAN host) as a sentence for the player.

    A plain string (an older host's text) is shown as it came; an unknown key shows itself.
    """
    if isinstance(message, str):
        return message
    if isinstance(message, Message):
        return say(message.key, message.fields)
    key = message.get("key")
    fields = message.get("fields")
    if not isinstance(key, str) or not has(key):
        return str(message.get("text") or message.get("reason") or key or "")
    return say(key, fields if isinstance(fields, Mapping) else {})


def english_text(message: Message) -> str:
    """The message in English with international card letters (a host's log, the protocol)."""
    return tr_in(SOURCE, message.key, **{name: field_text(name, value, international=True)
                                         for name, value in message.fields.items()})


def message_json(message: Message) -> dict[str, Any]:
    """The message as the LAN protocol sends it: key, fields, and the English text for logs."""
    return {"key": message.key, "fields": dict(message.fields), "text": english_text(message)}
