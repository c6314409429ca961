"""Which frames of a watched 6-player table are the slow ones, and what they were doing.

    python -m bench.slow_frames [durak|azi] [--top 25] [--size 1920x1080] [--profile]

Plays the same scripted game as ``bench.frames`` (headless unless DISPLAY is set) and notes
per frame the CPU time of this process split into update, drawing, damage finding, copying
to the window and the window update, with what the frame touched: the damaged area, the
number of rectangles sent and of drawing operations, the cards drawn above the still layer
(moving), and the last event shown. The slowest frames are listed, then the CPU time per kind
of event, so the frames that make the p99 can be named. ``--profile`` plays the game again and
profiles exactly the slowest frames (the game is scripted and dt fixed, so the same frames),
printing the functions that cost them most.

Figures are CPU time (``time.thread_time``), which a busy machine disturbs much less than
wall time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("KOZYR_DATA_DIR", tempfile.mkdtemp(prefix="kozyr-bench-"))

PARTS = ("update", "draw", "damage", "copy", "flip")


@dataclass
class Frame:
    """What one frame cost and did."""

    index: int
    cpu: float = 0.0
    parts: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PARTS, 0.0))
    area: int = 0  # pixels sent to the window (the whole window when ``whole``)
    whole: bool = False
    rects: int = 0
    ops: int = 0
    moving: int = 0  # cards drawn above the still layer
    event: str = "-"  # the last event shown when this frame began
    since: int = 0  # frames since that event began


class _Clock:
    """Adds the CPU time spent inside wrapped calls to the current frame's parts."""

    def __init__(self) -> None:
        self.frame = Frame(0)

    def wrap(self, owner, name: str, part: str) -> None:
        inner = getattr(owner, name)
        clock = self

        def timed(*args, **kwargs):
            started = time.thread_time()
            try:
                return inner(*args, **kwargs)
            finally:
                clock.frame.parts[part] += time.thread_time() - started

        setattr(owner, name, timed)


def play(game: str, size: tuple[int, int], profile_frames: set[int] | None = None,
         max_frames: int = 9000):
    """Play the scripted game; the frames, and a profile of ``profile_frames`` if given."""
    from bench import frames as bench

    config = tempfile.mkdtemp(prefix="kozyr-bench-config-")
    bench._on_display = bool(os.environ.get("DISPLAY"))
    import pygame

    from engine.shuffle import SeededDealer
    from scenes import damage, tables
    from scenes.table.azi import AziTable
    from scenes.table.durak import DurakTable
    from scenes.table.scene import TableScene
    from scenes.table_config import AI, Seat, TableConfig, default_options

    TableScene.thinker_factory = bench.ScriptedThinker
    DurakTable.dealer_factory = lambda: SeededDealer(2024)
    AziTable.dealer_factory = lambda: SeededDealer(2024)
    app = bench._app(config, size)
    app.step(1 / 60)
    bench.settle_sounds(app)
    seats = [Seat(name, AI, "easy") for name in ("Anna", "Boris", "Katya", "Dmitri", "Lena",
                                                  "Misha")]
    tables.open_table(app, TableConfig(game, seats, default_options(game), watch=True))
    table = app.top
    clock = _Clock()
    shown = {"event": "-", "at": 0}
    run_event = table._run_event

    def noted_event(event):
        shown["event"], shown["at"] = event.kind, clock.frame.index
        return run_event(event)

    table._run_event = noted_event
    clock.wrap(table, "update", "update")
    clock.wrap(table, "draw", "draw")
    clock.wrap(damage, "damage", "damage")
    clock.wrap(pygame.display, "update", "flip")
    clock.wrap(pygame.display, "flip", "flip")
    updater = app._updater
    frame_fn = updater.frame
    draw_part = {"draw": 0.0}

    def framed(screen, draw, whole=False):
        started = time.thread_time()
        before = clock.frame.parts["draw"] + clock.frame.parts["damage"]
        rects = frame_fn(screen, draw, whole)
        inside = clock.frame.parts["draw"] + clock.frame.parts["damage"] - before
        clock.frame.parts["copy"] += time.thread_time() - started - inside
        draw_part["draw"] = inside
        return rects

    updater.frame = framed
    still_draw = table.hands.still.draw

    def counted(surface, felt, sprites, renderer, base):
        clock.frame.moving = sum(1 for _ in table.hands.all_cards()) - len(sprites)
        return still_draw(surface, felt, sprites, renderer, base)

    table.hands.still.draw = counted
    profiler = cProfile.Profile() if profile_frames else None
    frames: list[Frame] = []
    for i in range(max_frames):
        # as bench.frames: a watched Azi table stops when it goes on to game 2
        if (table.over and table.animations_idle) or getattr(
                getattr(table, "events", None), "shown_game", 1) > 1:
            break
        clock.frame = frame = Frame(i, event=shown["event"], since=i - shown["at"])
        profiling = profiler is not None and i in profile_frames
        if profiling:
            profiler.enable()
        started = time.thread_time()
        app.step(1 / 60)
        frame.cpu = time.thread_time() - started
        if profiling:
            profiler.disable()
        rects = updater.last
        frame.whole = rects is None
        frame.area = size[0] * size[1] if rects is None else sum(r.w * r.h for r in rects)
        frame.rects = 0 if rects is None else len(rects)
        frame.ops = len(updater.canvas.ops) if updater.canvas is not None else 0
        frames.append(frame)
    pygame.quit()
    return frames, profiler


def report(frames: list, top: int, size: tuple[int, int]) -> list[int]:
    """Print the slowest frames and the CPU time per kind of event; the slowest's indices."""
    cpus = sorted(f.cpu for f in frames)
    p99 = cpus[min(len(cpus) - 1, round(0.99 * (len(cpus) - 1)))]
    print(f"{len(frames)} frames at {size[0]}x{size[1]}: CPU median "
          f"{statistics.median(cpus) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
          f"max {cpus[-1] * 1000:.2f} ms")
    means = {p: statistics.mean(f.parts[p] for f in frames) * 1000 for p in PARTS}
    print("mean per part (ms): " + "  ".join(f"{p} {v:.2f}" for p, v in means.items()))
    slow = sorted(frames, key=lambda f: f.cpu, reverse=True)[:top]
    print(f"\n{'frame':>6}{'cpu':>7}" + "".join(f"{p:>8}" for p in PARTS)
          + f"{'kpx':>8}{'rects':>6}{'ops':>6}{'move':>5}  event (+frames)")
    for f in slow:
        area = "WHOLE" if f.whole else f"{f.area / 1000:.0f}"
        print(f"{f.index:>6}{f.cpu * 1000:>7.2f}"
              + "".join(f"{f.parts[p] * 1000:>8.2f}" for p in PARTS)
              + f"{area:>8}{f.rects:>6}{f.ops:>6}{f.moving:>5}  {f.event} (+{f.since})")
    by_event: dict[str, list[float]] = defaultdict(list)
    for f in frames:
        by_event[f.event].append(f.cpu)
    print(f"\n{'event being shown':<24}{'frames':>7}{'median':>8}{'max':>8}{'in top 1%':>10}")
    worst = {f.index for f in sorted(frames, key=lambda f: f.cpu, reverse=True)[
        :max(1, len(frames) // 100)]}
    for kind, times in sorted(by_event.items(), key=lambda kv: -max(kv[1])):
        hits = sum(1 for f in frames if f.event == kind and f.index in worst)
        print(f"{kind:<24}{len(times):>7}{statistics.median(times) * 1000:>8.2f}"
              f"{max(times) * 1000:>8.2f}{hits:>10}")
    return [f.index for f in slow]


def main(argv: list[str] | None = None) -> None:
    """Run the probe from the command line."""
    parser = argparse.ArgumentParser(prog="python -m bench.slow_frames", description=__doc__
                                     .split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="durak", choices=("durak", "azi"))
    parser.add_argument("--top", type=int, default=25, help="how many slow frames to list")
    parser.add_argument("--size", default="1920x1080", help="window size, WxH")
    parser.add_argument("--profile", action="store_true",
                        help="play again and profile the slowest frames")
    parser.add_argument("--save", metavar="FILE",
                        help="with --profile: also write the profile there (pstats format)")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    frames, _ = play(args.game, (width, height))
    slowest = report(frames, args.top, (width, height))
    if args.profile:
        _, profiler = play(args.game, (width, height), set(slowest))
        print(f"\nprofile of the {len(slowest)} slowest frames (by own time, top 30):")
        stats = pstats.Stats(profiler).sort_stats("tottime")
        stats.print_stats(30)
        stats.print_callers(8)  # who makes the costliest calls
        if args.save:
            stats.dump_stats(args.save)


if __name__ == "__main__":
    main()
