"""Frame-time benchmarks, headless: launch to the first menu frame, and menu frame times.

Run ``python -m bench.frames`` (all sections) or ``python -m bench.frames launch menu``.
Goals: first menu frame < 1.5 s after launch; menu frames well under 16.7 ms (60 fps).

Each section is a function in ``SECTIONS`` that returns rows of (figure, value, unit, goal).
``table``: a scripted 6-player Durak game watched headless at 1280×720 (goal p99 < 16.7 ms);
``azi``: the same for one 6-player Azi game.

On a real X display (``DISPLAY`` set, or ``--xvfb``: a private Xvfb 1920×1080×24 on a display
number it picks itself, checked to be up, stopped after the run) ``launch`` and ``table`` run
against that display instead, the tables at 1920×1080 (goals: launch ≤ 1 s, table p99 ≤ 10 ms);
with ``--xvfb`` the X server's own CPU time per frame is shown too (what sending frames costs).
``python -m bench.frames --help`` lists the sections. Which frames make the p99, and what they
were doing, ``python -m bench.slow_frames`` shows (with ``--profile``, what they cost).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Benchmark games are not the player's: keep their game records out of the real data folder.
os.environ.setdefault("KOZYR_DATA_DIR", tempfile.mkdtemp(prefix="kozyr-bench-"))
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
Row = tuple[str, float, str, str]
DISPLAY_SIZE = (1920, 1080)
_on_display = False  # True: draw to the X display in DISPLAY, not the dummy driver


def _headless_env(config_dir: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="x11" if _on_display else "dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               KOZYR_CONFIG_DIR=config_dir, KOZYR_TIMING="1")
    return env


class XvfbError(RuntimeError):
    """Xvfb is missing or did not start (the message says which and why)."""


def start_xvfb(timeout: float = 15.0) -> tuple[subprocess.Popen, str]:
    """A fresh Xvfb server (1920×1080×24) on a display number nobody uses, and that display.

    Xvfb chooses the number itself (``-displayfd``) and writes it once it accepts clients, so
    a display another server already holds is never measured by mistake, and a server that
    dies at start is reported instead of waited for. Raises :class:`XvfbError`.
    """
    read_end, write_end = os.pipe()
    try:
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1920x1080x24",
             "-nolisten", "tcp"], pass_fds=(write_end,), stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE)
    except FileNotFoundError:
        os.close(read_end)
        os.close(write_end)
        raise XvfbError("Xvfb is not installed (Debian/Ubuntu: apt-get install xvfb)") from None
    os.close(write_end)
    number = _read_display_number(read_end, server, timeout)
    if number is None:
        server.kill()
        _, err = server.communicate(timeout=10)
        detail = (err or b"").decode(errors="replace").strip().splitlines()[-3:]
        raise XvfbError("Xvfb did not start" + (": " + " / ".join(detail) if detail else ""))
    return server, f":{number}"


def _read_display_number(fd: int, server: subprocess.Popen, timeout: float) -> int | None:
    """The display number Xvfb writes on ``fd`` when ready (None if it died or took too long)."""
    import select

    data = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and server.poll() is None:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                chunk = os.read(fd, 64)
                if not chunk:
                    break
                data += chunk
                if data.endswith(b"\n"):
                    return int(data.strip())
    finally:
        os.close(fd)
    return None


def frame_stats(times: list[float]) -> tuple[float, float]:
    """Median and 99th percentile of frame times, in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p99 * 1000


def bench_launch(repeats: int = 3) -> list[Row]:
    """``python game.py --frames 1`` in a fresh process: wall time and the game's own figure."""
    walls, inside, cpus, first_cpu, shown = [], [], [], [], []
    # perf_counter is CLOCK_MONOTONIC on Linux, one clock for every process: the game's
    # first flip can be timed from the moment this process spawned it
    shared_clock = "CLOCK_MONOTONIC" in time.get_clock_info("perf_counter").implementation
    with tempfile.TemporaryDirectory() as config:
        for _ in range(repeats):
            cpu_before = _children_cpu()
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, os.path.join(ROOT, "game.py"), "--frames", "1"],
                env=_headless_env(config),
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=60,
            )
            walls.append(time.perf_counter() - started)
            cpus.append(_children_cpu() - cpu_before)
            for line in done.stdout.splitlines():
                if line.startswith("first_frame_seconds="):
                    inside.append(float(line.split("=")[1]))
                elif line.startswith("first_frame_cpu_seconds="):
                    first_cpu.append(float(line.split("=")[1]))
                elif line.startswith("first_frame_clock=") and shared_clock:
                    shown.append(float(line.split("=")[1]) - started)
    rows: list[Row] = []
    if shown:  # what a player waits for: from starting the program to seeing the menu
        rows.append(("launch to first menu frame (spawn to first flip, median)",
                     statistics.median(shown), "s", "<= 1"))
    # the whole process also quits after its frame (workers, sound thread, pygame.quit)
    rows.append(("  whole process: start, one frame, quit (wall, median)", statistics.median(walls),
                 "s", "< 1.5"))
    if inside:
        rows.append(
            ("  of which in game.py (import to first flip)", statistics.median(inside), "s", "")
        )
    if first_cpu:
        rows.append(("  CPU time of that process to its first frame", statistics.median(first_cpu),
                     "s", ""))
    if any(cpus):
        # on a busy machine the wall time mostly measures waiting for a core; this does not
        rows.append(("  CPU time of that process (whole run)", statistics.median(cpus), "s", ""))
    return rows


def _children_cpu() -> float:
    """CPU seconds used so far by finished child processes (0 where unknown)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _app(config: str, size=(1280, 720)):
    os.environ.update(_headless_env(config))
    from scenes.app import App
    from scenes.collector import settle_memory
    from scenes.main_menu import MainMenu

    app = App(size)
    app.after_first_frame.append(settle_memory)  # as game.py does
    app.push(MainMenu(app))
    return app


def settle_sounds(app, timeout: float = 20.0) -> None:
    """Synthesise the sounds in the background as ``App.run`` does after its first frame, and
    wait for them: a player spends longer than that in the menu, so the table's frames should
    not pay for synthesis that the real game has done before it opens."""
    app.sounds.start_background()
    deadline = time.monotonic() + timeout
    while not app.sounds.warm_up() and time.monotonic() < deadline:
        time.sleep(0.02)


def _time_frames(app, frames: int, before_frame: Callable[[int], None]) -> list[float]:
    times = []
    for i in range(frames):
        before_frame(i)
        started = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - started)
    return times


def bench_menu(frames: int = 300) -> list[Row]:
    """Main menu and new-game screen frame times while the mouse moves over the buttons."""
    import pygame

    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as config:
        app = _app(config)
        for _ in range(5):
            app.step(1 / 60)  # first frames render the art; then the steady state is measured
        buttons = list(app.top.buttons.values())

        def hover(i: int) -> None:
            pos = buttons[(i // 10) % len(buttons)].rect.center
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
            )

        median, p99 = frame_stats(_time_frames(app, frames, hover))
        rows += [
            ("main menu frame, median", median, "ms", "< 16.7"),
            ("main menu frame, p99", p99, "ms", ""),
        ]
        from scenes.new_game import NewGameScene

        app.push(NewGameScene(app, "azi"))
        for _ in range(5):
            app.step(1 / 60)
        median, p99 = frame_stats(_time_frames(app, frames, lambda i: None))
        rows += [("new-game screen frame, median", median, "ms", "< 16.7"),
                 ("new-game screen frame, p99", p99, "ms", "")]
        from sounds.bank import NAMES

        for name in NAMES:
            app.sounds.sound(name)
        rows.append(
            (
                "sound synthesis, all seven (in a background thread)",
                app.sounds.synth_seconds,
                "s",
                "< 0.3",
            )
        )
        pygame.quit()
    return rows


class ScriptedThinker:
    """Computer seats for the table benchmark: the lowest legal action, answered at once.

    So the frame times measure the table (drawing, animation, the controller), not the AI.
    """

    def __init__(self) -> None:
        self._answers: list[tuple] = []

    def configure(self, *args) -> None:
        """Nothing to set up."""

    def ask(self, request: int, seat: int, observation: dict, legal: list[int]) -> None:
        """Answer with the lowest legal action (cards before take and pass), but never fold or
        look in Azi while anything else is allowed (a table where all fold deals for ever)."""
        from engine.azi.constants import FOLD, LOOK

        playing = [action for action in legal if action not in (FOLD, LOOK)] or legal
        self._answers.append(("chosen", request, playing[0], 0.0))

    def poll(self) -> tuple | None:
        """The answer, if any."""
        return self._answers.pop(0) if self._answers else None

    def close(self) -> None:
        """Nothing to stop."""


def bench_table(max_frames: int = 9000, game: str = "durak") -> list[Row]:
    """A scripted 6-player game (Durak, or one Azi game) watched at 1280×720 (1920×1080 on a
    real display), from the shuffle to the game over."""
    import pygame

    from engine.shuffle import SeededDealer
    from scenes import tables
    from scenes.table.azi import AziTable
    from scenes.table.durak import DurakTable
    from scenes.table.scene import TableScene
    from scenes.table_config import AI, Seat, TableConfig, default_options

    TableScene.thinker_factory = ScriptedThinker
    DurakTable.dealer_factory = lambda: SeededDealer(2024)
    AziTable.dealer_factory = lambda: SeededDealer(2024)
    size = DISPLAY_SIZE if _on_display else (1280, 720)
    with tempfile.TemporaryDirectory() as config:
        app = _app(config, size)
        app.step(1 / 60)
        settle_sounds(app)
        seats = [Seat(name, AI, "easy") for name in ("Anna", "Boris", "Katya", "Dmitri", "Lena",
                                                      "Misha")]
        # the game's default table (a single Durak game, not a series)
        tables.open_table(app, TableConfig(game, seats, default_options(game), watch=True))
        table = app.top
        walls, cpus = [], []
        server_before = _server_cpu()
        events = 0
        for _ in range(max_frames):
            if table.over and table.animations_idle:
                break
            # a watched Azi table goes on to game 2 (its event show counts the games shown)
            if getattr(getattr(table, "events", None), "shown_game", 1) > 1:
                break
            events = max(events, len(table.game.history))
            started, cpu = time.perf_counter(), time.process_time()
            app.step(1 / 60)
            walls.append(time.perf_counter() - started)
            cpus.append(time.process_time() - cpu)
        server = _server_cpu() - server_before
        events = max(events, len(table.game.history))
        pygame.quit()
    median, p99 = frame_stats(walls)
    cpu_median, cpu_p99 = frame_stats(cpus)
    where = f"{size[0]}x{size[1]}" + (" X display" if _on_display else "")
    name = game.capitalize()
    rows = [
        (f"6-player {name} frame ({where}), median", median, "ms", "< 16.7"),
        (f"6-player {name} frame ({where}), p99", p99, "ms",
         "<= 10" if _on_display else "< 16.7"),
        ("  same frames, CPU time of this process, median", cpu_median, "ms", ""),
        ("  same frames, CPU time of this process, p99", cpu_p99, "ms", ""),
    ]
    if _server is not None:
        # what showing the frames cost the X server (our Xvfb), per frame on average
        rows.append(("  X server CPU time per frame (mean)", server / len(walls) * 1000, "ms", ""))
    rows.append((f"  frames shown for the whole game ({events} events)", float(len(walls)), "",
                 ""))
    return rows


def bench_table_azi() -> list[Row]:
    """:func:`bench_table` for one 6-player Azi game."""
    return bench_table(game="azi")


_server: subprocess.Popen | None = None  # the Xvfb that --xvfb started


def _server_cpu() -> float:
    """CPU seconds our Xvfb has used so far (0 without one, or where /proc is missing)."""
    if _server is None:
        return 0.0
    try:
        with open(f"/proc/{_server.pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


SECTIONS: dict[str, Callable[[], list[Row]]] = {
    "launch": bench_launch,
    "menu": bench_menu,
    "table": bench_table,
    "azi": bench_table_azi,
}


def parse_args(argv: list[str] | None = None):
    """The command line: sections to run (all by default) and ``--xvfb``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m bench.frames",
        description="Frame-time and launch figures (headless, or on an X display).")
    parser.add_argument("sections", nargs="*", metavar="SECTION",
                        help=f"what to measure: {', '.join(SECTIONS)} (default: all)")
    parser.add_argument("--xvfb", action="store_true",
                        help="start a private Xvfb (1920x1080) on a free display for the run "
                             "and measure launch and the table on it")
    args = parser.parse_args(argv)
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; choose from {', '.join(SECTIONS)}")
    return args


def main(argv: list[str] | None = None) -> None:
    """Run the named sections (all by default) and print a table of figures; ``--xvfb`` (or a
    DISPLAY already set) measures launch and the table on that X display."""
    global _on_display, _server
    args = parse_args(argv)
    names = args.sections or list(SECTIONS)
    server = None
    if args.xvfb:
        try:
            server, display = start_xvfb()
        except XvfbError as error:
            raise SystemExit(f"--xvfb: {error}") from None
        os.environ["DISPLAY"] = display
        _server = server
        print(f"Xvfb started on display {display}")
    _on_display = bool(os.environ.get("DISPLAY"))
    print(f"{'figure':<56}{'value':>10}  {'unit':<4}{'goal':>9}")
    try:
        for name in names:
            for figure, value, unit, goal in SECTIONS[name]():
                print(f"{figure:<56}{value:>10.3f}  {unit:<4}{goal:>9}")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
