"""Every refusal of both games, in every language: translated, complete, no English left.

The engine explains a refused move as a message key and its fields (cards, ranks, chips),
never as an English sentence. Here both games are played through many positions; at each
one every action the table could send is tried, and every refusal met is said in each
language as a player would read it. Every ``refuse.*`` key of the catalogue must be met, so
a new refusal cannot slip in untested.
"""

from __future__ import annotations

import random
import re

import pytest

from engine.azi import (
    ALL_IN,
    BET_BASE,
    CALL,
    FOLD,
    JOIN_AZI,
    LOOK,
    SKIP_AZI,
    AziOptions,
    AziSession,
)
from engine.cards import SUIT_SYMBOLS
from engine.core import IllegalAction, Message, apply_by, message
from engine.durak import PASS, TAKE, DurakGame
from engine.shuffle import SeededDealer
from scenes import i18n
from scenes.card_text import rank_letters
from scenes.messages import english_text, message_json, message_text
from tests.test_azi_carry import azi_table, play_the_azi

AZI_TABLES = [AziOptions(num_players=3, starting_stack=60),
              AziOptions(num_players=4, starting_stack=40, blind_bets=True, min_raise=3),
              AziOptions(num_players=4, starting_stack=50, cards_dealt=4, ante=5),
              AziOptions(num_players=2, starting_stack=25, ante=5, min_bet=10)]
AZI_ODD = [FOLD, CALL, LOOK, JOIN_AZI, SKIP_AZI, ALL_IN, 99, 106, -1]
# Refusals no position of a real game reaches (the rules stop the battle first, or a branch
# that only a changed rule could reach); they keep a sentence, so they are said here too.
DEFENSIVE = [message("refuse.durak.limit", count=6), message("refuse.durak.not_now"),
             message("refuse.azi.not_now")]


def _refusal(game, action: object, *seat: int) -> Message | None:
    """The refusal of ``action`` (by ``seat``) in ``game``, or None if it is allowed."""
    try:
        copy = game.clone()
        if seat:
            apply_by(copy, seat[0], action)
        else:
            copy.apply(action)
    except IllegalAction as error:
        return error.reason
    return None


def _durak_refusals() -> dict[str, Message]:
    found: dict[str, Message] = {}
    rng = random.Random(17)
    for seed in range(12):
        game = DurakGame.new(2 + seed % 5, SeededDealer(seed), seed % 2)
        while True:
            if game.is_over():
                for action in (0, TAKE):
                    said = _refusal(game, action)
                    found.setdefault(said.key, said)
                break
            for action in [*range(36), TAKE, PASS, 38, -1]:
                said = _refusal(game, action)
                if said is not None:
                    found.setdefault(said.key, said)
            other = (game.to_move + 1) % game.num_players
            said = _refusal(game, game.legal_actions()[0], other)
            found.setdefault(said.key, said)
            said = game.explain_illegal(game.legal_actions()[0])  # asked about an allowed move
            found.setdefault(said.key, said)
            game.apply(rng.choice(game.legal_actions()))
    return found


def _azi_refusals() -> dict[str, Message]:
    found: dict[str, Message] = {}
    rng, chooser = random.Random(17), random.Random(17)
    for n, options in enumerate(AZI_TABLES):
        for seed in range(6):
            game = AziSession.new(options, SeededDealer(100 * n + seed))
            for _ in range(400):
                if game.is_over():
                    said = _refusal(game, FOLD)
                    found.setdefault(said.key, said)
                    break
                levels = [BET_BASE + level for level in range(0, 120, 1)]
                for action in [*range(27), *AZI_ODD, *levels]:
                    said = _refusal(game, action)
                    if said is not None and (said.key not in found or rng.random() < 0.02):
                        found[said.key] = said  # now and then a later example, other numbers
                legal = game.legal_actions()
                bets = [a for a in legal if a >= BET_BASE]
                # raise often, so that the limit of raises is met as well
                game.apply(bets[0] if bets and chooser.random() < 0.8 else chooser.choice(legal))
    game = azi_table(["9D 10D JD"])  # an azi another player may join (tests/test_azi_carry.py)
    play_the_azi(game)
    said = _refusal(game, FOLD)
    found[said.key] = said
    return found


@pytest.fixture(scope="module")
def refusals() -> dict[str, Message]:
    """One example of every refusal met in many positions of both games."""
    return {**_durak_refusals(), **_azi_refusals(), **{m.key: m for m in DEFENSIVE}}


def test_every_refusal_in_the_catalogue_is_met_by_playing(refusals):
    refuse_keys = {k for k in i18n.english() if k.startswith("refuse.")}
    assert refuse_keys - set(refusals) == set()
    assert set(refusals) <= refuse_keys  # no refusal without its sentence


_ENGLISH_WORDS = re.compile(r"\b(you|the|not|card|cards|beat|take|only|with|must|hold|fold|"
                            r"call|raise|bid|bet|already|first|game|move|turn|trump)\b", re.I)


@pytest.mark.parametrize("code", [c for c in i18n.languages()])
def test_every_refusal_is_said_whole_in_every_language(refusals, code):
    i18n.set_language(code)
    try:
        for key, said in refusals.items():
            text = message_text(said)
            assert text and key not in text, f"{code} {key}: no sentence"
            assert "{" not in text and "}" not in text, f"{code} {key}: a field left: {text}"
            for name, value in said.fields.items():
                if name in ("card", "attack"):
                    letters = rank_letters()
                    assert letters[value % 9] + SUIT_SYMBOLS[value // 9] in text, (code, text)
                elif name == "cards":
                    assert all(SUIT_SYMBOLS[c // 9] in text for c in value), (code, text)
                elif isinstance(value, int):
                    assert i18n.number(value) in text, f"{code} {key}: {value} not in {text}"
            if code != i18n.SOURCE:
                assert text != english_text(said), f"{code} {key} is English: {text}"
                left = _ENGLISH_WORDS.findall(text)
                assert not left, f"{code} {key}: English words {left} in {text!r}"
    finally:
        i18n.set_language(i18n.SOURCE)


def test_a_lan_refusal_is_said_in_the_clients_language_not_the_hosts(refusals):
    said = refusals["refuse.durak.wrong_suit"]
    sent = message_json(said)  # what the host puts in its "refused" message
    assert sent["text"] == english_text(said) and "does not beat" in sent["text"]
    i18n.set_language("ru")
    try:
        assert "не бьёт" in message_text(sent)
    finally:
        i18n.set_language(i18n.SOURCE)
