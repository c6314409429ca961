"""A textbook single-observer ISMCTS for Durak: the yardstick the arena measures Hard against.

Written for the benchmark from the paper (Cowling, Powley & Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 2012, SO-ISMCTS), not from the Hard player's code:

* one tree of the searching seat's information set, nodes reached by action sequences (every
  Durak action is public, so the opponents' moves are nodes of the same tree);
* each iteration *determinizes*: the cards the seat cannot place are dealt uniformly at random
  to the other hands' hidden slots and the talon, consistent with the public facts (hand sizes,
  publicly known cards, the trump indicator) and nothing more — no inference from play;
* selection by UCB1 over the children whose actions are legal in this determinization, with
  the *availability count* (how often a child was selectable) in place of the parent's visits;
* one new node per iteration, then uniformly random play to the end of the game;
* rewards per node from the view of the player who chose its action: 1 not the Durak, ½ a
  draw, 0 the Durak; the move played is the root's most visited child.

The forward model is the real engine (``DurakGame.from_observation``), so the yardstick follows
the rules by construction. It sees only ``choose(observation, legal)``, like every player.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai import thinking_clock
from engine.durak import DurakGame

EXPLORATION = 0.7  # the paper's UCB1 constant for its card games


class Node:
    """One action sequence from the root; statistics from the view of ``player`` (who chose it)."""

    __slots__ = ("action", "player", "children", "visits", "avail", "reward")

    def __init__(self, action: int, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def determinize(obs: dict[str, Any], rng: random.Random) -> DurakGame:
    """A world drawn uniformly from the seat's information set (public facts only)."""
    seat, n = obs["seat"], obs["num_players"]
    placed = set(obs["hand"]) | set(obs["discard"])
    for attack, defence in obs["table"]:
        placed.update((attack, defence))
    for cards in obs["known"]:
        placed.update(cards)
    trump_in_talon = obs["talon_size"] > 0 and not obs["trump_card_taken"]
    if trump_in_talon:
        placed.add(obs["trump_card"])
    pool = [c for c in range(36) if c not in placed]
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for s in range(n):
        if s == seat:
            hands.append(list(obs["hand"]))
            continue
        known = [c for c in obs["known"][s]]
        hidden = obs["hand_sizes"][s] - len(known)
        hands.append(known + pool[:hidden])
        del pool[:hidden]
    talon = pool[:obs["talon_size"] - (1 if trump_in_talon else 0)]
    if trump_in_talon:
        talon.append(obs["trump_card"])  # the indicator is the talon's last card
    return DurakGame.from_observation(obs, hands, talon)


def outcome_for(game: DurakGame, seat: int) -> float:
    """1 when ``seat`` is not the Durak, ½ for a draw, 0 for the Durak."""
    durak = game.durak
    return 0.5 if durak is None else (0.0 if durak == seat else 1.0)


class TextbookISMCTS:
    """SO-ISMCTS with random playouts, thinking ``time_budget`` seconds per decision.

    ``iterations`` (instead of a clock) makes decisions reproducible for tests.
    """

    def __init__(self, rng: random.Random, time_budget: float | None = 0.5, *,
                 iterations: int | None = None, exploration: float = EXPLORATION) -> None:
        self.rng = rng
        self.time_budget = time_budget
        self.iterations = iterations
        self.exploration = exploration
        self.last_iterations = 0

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """The root's most visited action after the search."""
        if len(legal) == 1:
            return legal[0]
        root = Node(-1, -1)
        deadline = None if self.time_budget is None else thinking_clock.now() + self.time_budget
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and thinking_clock.now() >= deadline:
                break
            self._iterate(root, determinize(observation, self.rng))
            done += 1
        self.last_iterations = done
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, root: Node, game: DurakGame) -> None:
        """Select, expand, simulate and backpropagate once in one determinization."""
        rng, k = self.rng, self.exploration
        node = root
        path = [root]
        while game.to_move is not None:
            actions = game.legal_actions()
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried:  # expansion: one new node, then the playout
                action = rng.choice(untried)
                child = Node(action, game.to_move)
                children[action] = child
                for a in actions:  # the expanded siblings were available too
                    if a != action and a in children:
                        children[a].avail += 1
                game.apply(action)
                path.append(child)
                break
            best, best_score = None, -1.0
            for a in actions:  # every child here is available in this determinization
                c = children[a]
                c.avail += 1
                score = c.reward / c.visits + k * math.sqrt(math.log(c.avail) / c.visits)
                if score > best_score:
                    best, best_score = c, score
            game.apply(best.action)
            path.append(best)
            node = best
        choice = rng.choice
        while game.to_move is not None:
            game.apply(choice(game.legal_actions()))
        for node in path[1:]:
            node.visits += 1
            node.reward += outcome_for(game, node.player)
