"""Check saved games from the command line: ``python game.py verify FILE`` / ``replay FILE``.

``verify`` prints each deal's commitment and revealed seed and OK or FAIL (the seed must match
the commitment and deal the recorded deck), a LAN table's joint chain (the host seed against its
commitment, each contribution against its own, the joint seed they make against the deck), and the
seat that deal's seed drew (Durak's first dealer, Azi's first bidder while nobody has won).
``replay`` deals fresh decks from the revealed seeds, plays the recorded actions and says
whether the result is the recorded one. Exit code: 0 all good, 1 a check failed, 2 the file
could not be read as a game record (one line saying why; a malformed file never shows a
traceback).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from engine.games import rules_for
from engine.record import (
    GameRecord,
    RecordError,
    SeatDraw,
    deal_problems,
    joint_check,
    replay_record,
    seat_draws,
    verify_record,
)

OK, FAILED, UNREADABLE = 0, 1, 2


def main(argv: Sequence[str], out: TextIO | None = None) -> int:
    """``verify FILE…`` or ``replay FILE…``; returns the exit code."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python game.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (("verify", "check every deal's seed against its commitment"),
                       ("replay", "replay the actions on decks dealt from the revealed seeds")):
        command = commands.add_parser(name, help=text)
        command.add_argument("files", nargs="+", type=Path, metavar="FILE",
                             help="a game record (JSON) saved by the table")
    args = parser.parse_args(list(argv))
    check = verify if args.command == "verify" else replay
    code = OK
    for path in args.files:
        try:
            record = read_record(path)
        except (OSError, UnicodeDecodeError, RecordError) as error:
            reason = printable(_reason(error))
            print(f"{printable(path)}: cannot read it as a game record: {reason}", file=out)
            code = max(code, UNREADABLE)
            continue
        code = max(code, check(record, path, out))
    return code


def read_record(path: Path) -> GameRecord:
    """The record in ``path`` (non-regular and oversized files refused before reading)."""
    from storage.records import load_record

    return load_record(path)


def verify(record: GameRecord, path: Path, out: TextIO) -> int:
    """Print each deal and OK/FAIL, then any problem with the result; FAILED if any."""
    print(f"{printable(path)}: {describe(record)}", file=out)
    print(f"  seats: {seat_words(record)}", file=out)
    deck = rules_for(record.game).deck
    draws = {d.deal: d for d in seat_draws(record)}
    shown: list[str] = []
    for number, deal in enumerate(record.deals, 1):
        problems = deal_problems(number, deal, deck)
        shown += problems
        print(f"deal {number}", file=out)
        print(f"  commitment  {deal.commitment or '-'}", file=out)
        print(f"  seed        {deal.seed or '-'}", file=out)
        if deal.joint is not None:
            chain = joint_check(number, deal, record.seats)
            print(joint_line(chain, deck_ok=chain.seed_ok and not problems), file=out)
            problems = problems + chain.problems
            shown += chain.problems
        print(f"  {'OK' if not problems else 'FAIL'}", file=out)
        for problem in problems:
            print(f"    {problem}", file=out)
        if number in draws:
            print(draw_line(record, draws[number]), file=out)
            shown += [draws[number].problem] if draws[number].problem else []
    problems = verify_record(record)
    count = len(record.deals)
    if problems:
        for problem in (p for p in problems if p not in shown):
            print(f"FAIL  {problem}", file=out)
        print(f"FAILED: {len(problems)} problem(s)", file=out)
        return FAILED
    print(f"OK: {'the deal' if count == 1 else f'all {count} deals'} verified", file=out)
    return OK


def replay(record: GameRecord, path: Path, out: TextIO) -> int:
    """Replay the record, print the result it gives and whether it matches; FAILED if not."""
    print(f"{printable(path)}: {describe(record)}", file=out)
    outcome = replay_record(record)
    if outcome.result is not None:
        print(f"result: {result_text(record, outcome.result)}", file=out)
    deal = getattr(outcome.game, "deal", None)  # a Durak game: did its seed draw the dealer?
    if deal is not None and deal.drawn_seat is not None and deal.drawn_seat < len(record.seats):
        print(f"dealer drawn from the seed: {printable(record.seats[deal.drawn_seat])}", file=out)
    if outcome.matches:
        print("MATCHES: the revealed seeds deal the recorded decks and the actions give the "
              "recorded result", file=out)
        return OK
    for problem in outcome.problems:
        print(f"FAIL  {problem}", file=out)
    print("DOES NOT MATCH the record", file=out)
    return FAILED


def seat_words(record: GameRecord) -> str:
    """What the seat names prove: at a LAN table the seats' contributions are bound to their
    seats; at one screen the names are labels typed at the table, not proofs of who played."""
    if record.meta.get("table") == "lan":
        joints = [d.joint for d in record.deals if d.joint is not None]
        if joints and all(j.names is not None for j in joints):
            return ("a LAN table: the host's commitment to each deal binds these seat names "
                    "in this order, and the contributions their seat numbers")
        return ("a LAN table: each deal's contributions are bound to their seat numbers; names "
                "not bound (older record): they are the ones the players gave")
    return "names are labels typed at the table, not proofs of who played"


def joint_line(chain: Any, deck_ok: bool) -> str:
    """``  joint deal: host seed ✓, 3 contributions ✓, deck ✓`` — a LAN deal's chain."""
    def mark(ok: bool) -> str:
        return "\u2713" if ok else "\u2717 FAIL"

    parts = chain.contributions
    counted = (f"{parts} contribution{'s' if parts != 1 else ''} "
               f"{mark(chain.contributions_ok == parts)}")
    if chain.contributions_ok != parts:
        counted += f" ({parts - chain.contributions_ok} of {parts} do not match)"
    names = (mark(chain.names_bound) if chain.names_bound or not chain.host_seed_ok
             or any("seat names" in p for p in chain.problems) else "not bound (older record)")
    return (f"  joint deal: host seed {mark(chain.host_seed_ok)}, {counted}, deck "
            f"{mark(deck_ok)}, names {names}")


def draw_line(record: GameRecord, draw: SeatDraw) -> str:
    """``  dealer drawn  Boris (seat 1)  OK`` — the seat a deal's seed drew, and the check."""
    names = record.seats
    seat = draw.seat
    who = f"{printable(names[seat])} (seat {seat})" if seat < len(names) else f"seat {seat}"
    verdict = {True: "OK", False: "FAIL", None: "not provable (older record)"}[draw.proven]
    line = f"  {draw.role} drawn  {who}  {verdict}"
    return line + (f"\n    {draw.problem}" if draw.problem else "")


def printable(text: object) -> str:
    """``text`` safe for a terminal: control characters (escape sequences, new lines, bells)
    written as ``\x1b``-style escapes, so a name cannot move the cursor or fake a line."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in str(text))


def describe(record: GameRecord) -> str:
    """One line: the game, the players, how many deals and actions."""
    names = ", ".join(printable(s) for s in record.seats)
    deals = len(record.deals)
    return (f"{record.game} with {names}; {deals} deal{'s' if deals != 1 else ''}, "
            f"{len(record.actions)} actions")


def result_text(record: GameRecord, result: dict) -> str:
    """The outcome in words: the Durak and places, or the chips after the Azi games."""
    names = [printable(s) for s in record.seats]

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"

    if record.game == "durak":
        if not result.get("over"):
            return "the game is not over"
        places = result.get("places") or []
        order = sorted((p, s) for s, p in enumerate(places) if p is not None)
        # "Durak: You" rather than "You is the Durak": a seat's name may be "You"
        head = "a draw" if result.get("draw") else f"Durak: {name(result.get('durak'))}"
        return head + "; places: " + ", ".join(f"{p}. {name(s)}" for p, s in order)
    stacks = result.get("stacks") or []
    chips = ", ".join(f"{name(s)} {c}" for s, c in enumerate(stacks))
    games = len(result.get("games") or [])
    if result.get("winner") is not None:
        head = f"all the chips won by {name(result['winner'])}"
    elif result.get("over"):
        head = "the table left"
    else:
        head = "session under way"
    return f"{head} after {games} game{'s' if games != 1 else ''}; chips: {chips}"


def _reason(error: Exception) -> str:
    return getattr(error, "strerror", None) or str(error)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
