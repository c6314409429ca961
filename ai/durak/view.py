"""The rule-of-thumb players' view of the decision an observation asks for (ai/durak/policy.py)."""

from __future__ import annotations

from typing import Any

from .bits import cards_of_ranks, ranks_mask
from .policy import DEFEND, LEAD, THROW_IN, View
from .tracker import Knowledge, read_observation


def view_from_observation(obs: dict[str, Any], k: Knowledge | None = None) -> View:
    """The heuristics' view of the decision ``obs`` asks its seat for."""
    if k is None:  # the view holds no soft voids: the history need not be walked for them
        k = read_observation(obs, voids=False)
    table = obs["table"]
    if not table:
        phase, attack = LEAD, -1
    elif obs["seat"] == obs["defender"] and table[-1][1] < 0 and not obs["taking"]:
        phase, attack = DEFEND, table[-1][0]
    else:
        phase, attack = THROW_IN, -1
    defender = obs["defender"]
    return View(phase, k.trump, k.hand, attack, k.table, cards_of_ranks(ranks_mask(k.table)),
                len(table), obs["attack_limit"], obs["taking"], k.talon_size,
                obs["hand_sizes"][defender], k.known[defender], k.hidden[defender], k.unseen,
                len(obs["active"]))
