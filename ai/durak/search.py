"""The Hard Durak player: determinized Monte Carlo search plus an exact heads-up endgame solver.

Each decision starts from the observation alone. The card tracker (durak_tracker) works out
the unseen cards; each search iteration deals them into a *world* consistent with everything
public, builds that world in the compact simulator (durak_sim) and plays every candidate move
out to the end with the Normal heuristics for all seats. Candidates are compared on the same
worlds (paired), clearly worse ones are dropped, and the search stops at the time budget or
as soon as the choice is decided. With two players left and nothing hidden (talon empty or
only the face-up indicator left) the game is solved exactly instead (durak_solver).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai import thinking_clock

from .bits import FULL
from .policy import NORMAL, View, normal_action
from .sim import LEAD, OVER, THROW_IN, Sim, sim_from_observation
from .solver import DRAW, LOSS, WIN, EndgameSolver, HeadsUp, SearchAborted
from .tracker import Knowledge, read_observation, sample_world
from .view import view_from_observation

MIN_WORLDS = 6  # worlds every candidate sees before any is dropped
PRUNE_Z = 2.5  # drop a candidate whose paired loss to the leader is this many standard errors
SOLVER_SHARE = 0.6  # part of the budget the exact solver may use before search takes over
DEVIATE_Z = 1.5  # leave the heuristics' move only for one this many standard errors better
SOFT_SHARE = 0.5  # past this part of the budget only undecided searches go on
MAX_TABLE = 400_000  # solver table entries kept between decisions (about 100 MB at most)

_new_view = object.__new__


def view_of(game: Sim, seat: int) -> View:
    """The heuristics' view for ``seat`` in a (sampled) world: only what that seat could know."""
    hands, known = game.hands, game.known
    d = game.defender
    d_size = hands[d].bit_count()
    phase = game.phase
    talon_size = len(game.talon)
    # Only a late lead and a throw-in to a defender who still beats ask what the defender may
    # hold (durak_policy); every other rule never reads it, so it is not worked out for them.
    if phase == THROW_IN and not game.taking or phase == LEAD and talon_size <= NORMAL.late_talon:
        others_known = 0
        for s, m in enumerate(known):
            if s != seat:
                others_known |= m
        unseen = FULL & ~hands[seat] & ~game.discard & ~game.table & ~others_known
        if game.talon and not game.trump_taken:
            unseen &= ~(1 << game.trump_card)
        dk = known[d]
    else:
        unseen = dk = 0
    v = _new_view(View)  # filled in place: a rollout builds one at every choice, so no __init__
    v.phase = phase
    v.trump = game.trump
    v.hand = hands[seat]
    v.attack = game.unbeaten
    v.table = game.table
    v.rank_cards = game.rank_cards
    v.attacks = game.attacks
    v.limit = game.limit
    v.taking = game.taking
    v.talon_size = talon_size
    v.defender_size = d_size
    v.defender_known = dk
    v.defender_hidden = d_size - dk.bit_count()
    v.unseen = unseen
    v.active = sum(game.in_game)
    return v


def rollout(game: Sim, me: int) -> float:
    """Play ``game`` out with the Normal heuristics for every seat; 1 not Durak, ½ draw, 0 Durak.

    Every rollout ends: the simulator applies the repetition rule (a circle of takes ends in
    a draw the third time round), and a finite deck has finitely many positions.
    """
    in_game = game.in_game
    while True:
        if game.phase == OVER:
            if game.durak is None:
                return 0.5
            return 0.0 if game.durak == me else 1.0
        if not in_game[me]:
            return 1.0
        mask = game.legal_mask()
        seat: int = game.to_move  # type: ignore[assignment]  # the game is not over
        if mask & (mask - 1) == 0:
            action = mask.bit_length() - 1  # one legal action
        elif game.phase == THROW_IN:  # only the throw-in rule reads the legal cards
            action = normal_action(view_of(game, seat), game.legal_actions())
        else:
            action = normal_action(view_of(game, seat), _ANY)
        game.apply(action)
        in_game = game.in_game


_ANY = [0, 1]  # the lead and defence rules need only to know there is a choice


class HardPlayer:
    """Remembers every public card, searches sampled worlds, and plays the endgame exactly.

    ``time_budget`` bounds each decision in seconds (None: no clock, then ``max_worlds`` and
    ``solver_nodes`` alone bound the work, which makes decisions reproducible for tests).
    """

    def __init__(self, rng: random.Random, time_budget: float | None = 0.5, *,
                 max_worlds: int | None = None, solver_nodes: int | None = None) -> None:
        self.rng = rng
        self.time_budget = time_budget
        self.max_worlds = max_worlds if max_worlds is not None else (None if time_budget else 200)
        self.solver_nodes = solver_nodes if solver_nodes is not None else (
            None if time_budget else 200_000)
        self._solver: EndgameSolver | None = None  # kept while the same endgame goes on
        self.last_worlds = 0  # worlds the last search looked at (for benchmarks)

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """The move the search prefers; forced moves and solved endgames return at once."""
        if len(legal) == 1:
            return legal[0]
        start, budget = thinking_clock.now(), self.time_budget
        deadline = None if budget is None else start + budget
        k = read_observation(observation)
        fallback = normal_action(view_from_observation(observation, k), legal)
        excluded: set[int] = set()
        if len(observation["active"]) == 2 and k.talon_hidden == 0:
            solver_deadline = None if budget is None else start + budget * SOLVER_SHARE
            decided, excluded = self._solve(observation, k, legal, fallback, solver_deadline)
            if decided is not None:
                return decided
        candidates = [a for a in legal if a not in excluded]
        return self._search(observation, k, candidates, fallback, start, deadline)

    # -- exact endgame ---------------------------------------------------------------------

    def _solve(self, obs: dict[str, Any], k: Knowledge, legal: list[int], fallback: int,
               deadline: float | None) -> tuple[int | None, set[int]]:
        """Solve the heads-up endgame: (a winning or else drawing move, or None; moves proven lost).

        Moves are tried the heuristics' favourite first; the first proven win is played at once.
        When every move loses against perfect play the search picks the best try (None).
        """
        me = k.seat
        opponent = next(s for s in obs["active"] if s != me)
        opp_hand = k.known[opponent] | k.unseen
        if opp_hand.bit_count() != obs["hand_sizes"][opponent]:
            return None, set()  # the hidden cards are not all accounted for
        hands = {me: k.hand, opponent: opp_hand}
        table = obs["table"]
        taking = obs["taking"]
        unbeaten = table[-1][0] if table and table[-1][1] < 0 and not taking else -1
        talon = (k.trump_card,) if k.trump_in_talon else ()
        pos = HeadsUp(k.trump, hands[obs["attacker"]], hands[obs["defender"]], k.table, len(table),
                      unbeaten, taking, obs["attack_limit"], talon)
        solver = self._solver
        if solver is None or solver.trump != k.trump or solver.talon != talon \
                or len(solver._table) > MAX_TABLE:
            solver = self._solver = EndgameSolver(k.trump, talon)
        solver.deadline = deadline
        solver.node_limit = None if self.solver_nodes is None else solver.nodes + self.solver_nodes
        moves = solver.moves(pos)
        if sorted(moves) != legal:
            return None, set()  # cannot happen while the solver follows the engine's rules
        order = [fallback] + [m for m in moves if m != fallback]
        lost: set[int] = set()
        try:
            for m in order:
                if solver.move_value(pos, m, DRAW, WIN) >= WIN:  # null window: a win or not
                    return m, set()
            for m in order:
                if solver.move_value(pos, m, LOSS, DRAW) >= DRAW:
                    return m, set()
                lost.add(m)
        except SearchAborted:
            return None, lost if len(lost) < len(legal) else set()
        return None, set()  # every move loses: let the search find the best try

    # -- determinized search ---------------------------------------------------------------

    def _search(self, obs: dict[str, Any], k: Knowledge, candidates: list[int], fallback: int,
                start: float, deadline: float | None) -> int:
        """Paired Monte Carlo over sampled worlds; the best average outcome wins.

        Past half the budget the search goes on only while the two best moves are too close
        to tell apart; the whole budget is for those decisions.
        """
        me = k.seat
        alive = list(candidates)
        results: dict[int, list[float]] = {a: [] for a in candidates}
        soft = None if deadline is None else start + (deadline - start) * SOFT_SHARE
        # When every unseen card has only one possible place, all worlds are the same one.
        max_worlds = 1 if _one_world(k) else self.max_worlds
        worlds = 0
        while len(alive) > 1:
            if max_worlds is not None and worlds >= max_worlds:
                break
            if deadline is not None:
                now = thinking_clock.now()
                late = soft is not None and now > soft
                if now > deadline or (late and not _undecided(alive, results)):
                    break
            hands, talon = sample_world(k, self.rng)
            root = sim_from_observation(obs, hands, talon)
            outcome = []
            for a in alive:
                if deadline is not None and worlds and thinking_clock.now() > deadline:
                    break  # out of time inside a world: leave it out, comparisons stay paired
                game = root.clone()
                game.apply(a)
                outcome.append(rollout(game, me))
            if len(outcome) < len(alive):
                break
            for a, r in zip(alive, outcome):
                results[a].append(r)
            worlds += 1
            if worlds >= MIN_WORLDS:
                alive = _prune(alive, results, fallback)
        self.last_worlds = worlds
        if worlds == 0:
            return fallback if fallback in alive else alive[0]
        best = max(sum(results[a]) / len(results[a]) for a in alive)
        leaders = [a for a in alive if sum(results[a]) / len(results[a]) == best]
        if fallback in leaders:
            return fallback
        if fallback in alive and not _clearly_better(results[leaders[0]], results[fallback]):
            return fallback  # the heuristics' move unless the search is confident it is worse
        return leaders[0]


def _one_world(k: Knowledge) -> bool:
    """True when the public facts leave a single possible world (rollouts are deterministic)."""
    places = sum(1 for s, h in enumerate(k.hidden) if h and s != k.seat)
    places += 1 if k.talon_hidden else 0
    return places <= 1 and k.talon_hidden <= 1


def _clearly_better(a: list[float], b: list[float]) -> bool:
    """True when ``a`` beats ``b`` on the same worlds by more than DEVIATE_Z standard errors."""
    n = len(a)
    if n < 2:
        return n == 1 and a[0] > b[0]
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > DEVIATE_Z * math.sqrt(var / n)


def _undecided(alive: list[int], results: dict[int, list[float]]) -> bool:
    """True while the runner-up is within one standard error of the leader (paired)."""
    n = len(results[alive[0]])
    if n < MIN_WORLDS:
        return True
    ranked = sorted(alive, key=lambda a: sum(results[a]), reverse=True)
    diffs = [x - y for x, y in zip(results[ranked[0]], results[ranked[1]])]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean <= math.sqrt(var / n)


def _prune(alive: list[int], results: dict[int, list[float]], fallback: int) -> list[int]:
    """Drop candidates clearly worse than the leader on the same worlds; stop at indifference."""
    n = len(results[alive[0]])
    means = {a: sum(results[a]) / n for a in alive}
    leader = max(alive, key=lambda a: (means[a], a == fallback))
    lead = results[leader]
    keep = [leader]
    indifferent = True
    for a in alive:
        if a == leader:
            continue
        diffs = [x - y for x, y in zip(lead, results[a])]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if any(diffs):
            indifferent = False
        if mean > 0 and mean > PRUNE_Z * math.sqrt(var / n):
            continue
        keep.append(a)
    if indifferent and n >= 2 * MIN_WORLDS:
        return [leader]  # every candidate did exactly as well in every world: nothing to gain
    return keep
