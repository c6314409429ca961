"""Levers of Azi Hard for the arena: one setting changed at a time, measured paired.

``pull(name)`` changes one setting of Hard in the running process (the arena's worker
processes only); ``python -m bench.arena --pairings azi-hard-normal --lever NAME --paired``
plays the same matches with Hard as it is and with the lever, and prints the lever's gain.
A lever that wins is made the default in ai/azi and leaves this list.

Measured (session 4, seed 1, the same 150 matches at 0.2 s, load ~17 on 2 cores; Hard as is
+5.53 chips/game [-0.62, +11.67]), gain per game with its 95% interval over rotations:
    no-reraise          +2.04 [-4.94, +9.02]     refold            -1.55 [-5.11, +2.02]
    more-bid-deals      +1.52 [-3.12, +6.15]     small-raise-reading -1.05 [-9.26, +7.15]
    wide-raise-reading  -2.45 [-12.83, +7.93]    wide-reading     -10.94 [-19.18, -2.71]
None is clearly better. Session 5 (seed 7, the same 240 matches, load 6-9): no-reraise with
more-bid-deals +2.05 [-6.94, +11.03]; with no-reraise also in session 4's +2.04, Hard no longer
expects raises back (the ``reraise`` lever puts it back), and judges a close bid over more
deals (ai/azi/ai.py, ``HARD_BID_MAX_RATE``).
Where the chips go (90 matches): Hard folds its first bid in 45% of
its games (Normal 19%), loses about 2 chips a game in banks under 100 and wins them back in the
big ones; Normal raises a bet with any hand about half the time while it stakes little, and
opens with nearly every hand, which the wide readings model (and lose by believing).
Session 6 (0.2 s, CPU clock, load 8-15 on 2 cores): single-game matches (``--azi-games 1``,
full stacks) with every player's stream restarted at each decision, so a game differs only
where the lever changes a decision (bench/arena_azi.py, ``reseed_each_decision``); Hard as is
about +14 chips/game there. Gain per game [95% interval] over the same 900 matches, seed 107:
    five-raise-sizes       +7.78 [+0.49, +15.06]  (85 games changed; +2.4 of it in banks under
                           200, where 50 games went better and 13 worse): now the default,
                           Hard weighs a raise of two banks too (``four-raise-sizes`` undoes it)
    loose-reraise-quarter  +0.59 [-4.18, +5.35]   (356 of 900 games changed)
    sharp-raise-reading    -0.75 [-4.80, +3.31]   (750 matches, 30 games changed)
    small-raise-reading   -28.54 [-40.68, -16.41] (261 matches: calls raising wars and loses)
and seed 103 (the same 900 matches, streams not restarted): loose-reraise -0.94 [-7.77, +5.88].
Expecting cheap raises back on any hand makes Hard fold junk instead of opening it (opening and
folding to the raise costs 20 where folding costs the ante) but gives up as much in steals.
Where the chips go (1,800 single games): 99 games with 200 chips or more won or lost make
+27,740 of Hard's +24,620; the small banks cost it about 1.7 chips a game.
"""

from __future__ import annotations

from collections.abc import Callable


def _set(**settings: object) -> Callable[[], None]:
    def pull() -> None:
        from ai.azi.ai import HardAzi

        for name, value in settings.items():
            setattr(HardAzi, name, value)
    return pull


def _solve_rate(factor: float) -> Callable[[], None]:
    def pull() -> None:
        from ai.azi import ai

        for players, rate in list(ai.HARD_SOLVE_RATE.items()):
            ai.HARD_SOLVE_RATE[players] = int(rate * factor)
    return pull


def _both(*pulls: Callable[[], None]) -> Callable[[], None]:
    def pull() -> None:
        for one in pulls:
            one()
    return pull


def _reading(**shape: object) -> Callable[[], None]:
    def pull() -> None:
        from ai.azi.ai import HardAzi
        from ai.azi.reading import BetReading

        HardAzi.reading = BetReading(**shape)  # type: ignore[arg-type]
    return pull


def _normal_cards() -> Callable[[], None]:
    def pull() -> None:
        from ai.azi.ai import HardAzi, NormalAzi

        HardAzi.card = NormalAzi.card  # type: ignore[method-assign]
    return pull


def _tempered(power: float) -> Callable[[], None]:
    def pull() -> None:
        from ai.azi import ai
        from ai.azi.deals import sample_deal
        from ai.azi.reading import bet_likelihood, redraw

        def deals(self: ai.HardAzi, view: ai.AziView, count: int) -> list[ai.Deal]:
            throw_away = self._opponents_throw_away(view)
            pool = [sample_deal(view, self.rng, throw_away) for _ in range(count * ai.HARD_POOL)]
            weights = [bet_likelihood(view, d, self.reading) ** power for d in pool]
            return redraw(pool, weights, count, self.rng)
        ai.HardAzi.deals = deals  # type: ignore[method-assign]
    return pull


LEVERS: dict[str, Callable[[], None]] = {
    # Measured: Normal raises 40-60% of the time whatever its hand below two fair shares,
    # and opens with nearly everything.
    "wide-reading": _reading(open_floor=0.8, open_edge=0.25, open_softness=0.2, raise_floor=0.4,
                             raise_edge=1.5, raise_softness=0.6, raise_pays=False),
    "small-raise-reading": _reading(raise_floor=0.4, raise_edge=1.5, raise_softness=0.6,
                                    raise_pays=False, floor_commit=0.25),
    "wide-raise-reading": _reading(raise_floor=0.4, raise_edge=1.5, raise_softness=0.6,
                                   raise_pays=False),
    "reraise": _set(reraises=True),
    "reraise-refold": _set(reraises=True, refolds=True),
    "more-bid-deals": _set(bid_rate=1500),
    "guard-commitment": _set(guards_commitment=True),
    "three-raise-sizes": _set(raise_sizes=3),
    "solve-x2": _solve_rate(2.0),
    "heuristic-cards": _normal_cards(),
    "half-reading": _tempered(0.5),
    "sharp-raise-reading": _reading(raise_edge=1.5),
    "four-raise-sizes": _set(raise_sizes=4),
    "loose-reraise": _set(reraises=True, refolds=True, loose_raises=0.5),
    "loose-reraise-quarter": _set(reraises=True, refolds=True, loose_raises=0.25),
}


def pull(name: str) -> None:
    """Change Hard's setting ``name`` (a key of ``LEVERS``) in this process."""
    LEVERS[name]()
