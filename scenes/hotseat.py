"""Whose cards the screen may show: the one place that decides it (single player, hot-seat, watch).

* One human at the table: that human sits at the bottom and sees their own hand, always.
* Two or more humans (hot-seat): nobody's hand is shown until the curtain "Pass the screen to
  <name>" has been dismissed for the human whose decision it is; that hand stays shown (and
  that human sits at the bottom) until another human's decision comes, when the curtain goes
  up again and every hand is hidden.
* Nobody human (Watch AI): seat 0 sits at the bottom; the "show all hands" switch shows every
  hand or none.
* Once the game is over, every hand left is shown.

The table scene asks :meth:`SeatView.face_up` for every hand it draws and
:meth:`SeatView.needs_curtain` when the game waits for a person; nothing else decides it.
"""

from __future__ import annotations


class SeatView:
    """The viewer's side of the screen: who sits at the bottom and whose hands are face up."""

    def __init__(self, human_seats: list[int], *, show_all: bool = True) -> None:
        self.humans = list(human_seats)
        self.watch = not self.humans
        self.hot_seat = len(self.humans) > 1
        self.show_all = show_all  # Watch AI only: the demo switch
        self.game_over = False
        # one human: revealed for good; hot-seat: nobody until a curtain is dismissed
        self.revealed: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.bottom = self.humans[0] if self.humans else 0

    @property
    def you(self) -> int:
        """The seat of the one person at this screen, whom the table calls "you" (-1 when
        nobody or several people play here: then every seat is named)."""
        return self.humans[0] if len(self.humans) == 1 else -1

    def face_up(self, seat: int) -> bool:
        """May the faces of ``seat``'s hand be drawn now?"""
        if self.game_over:
            return True
        if self.watch:
            return self.show_all
        return seat == self.revealed

    def needs_curtain(self, to_move: int | None) -> bool:
        """True when ``to_move`` is a human other than the one whose hand is shown (hot-seat)."""
        return (self.hot_seat and not self.game_over and to_move is not None
                and to_move in self.humans and to_move != self.revealed)

    def hide(self) -> None:
        """The curtain goes up: no human's hand may be shown."""
        if self.hot_seat:
            self.revealed = None

    def reveal(self, seat: int) -> None:
        """The curtain was dismissed by ``seat``'s human: show that hand, at the bottom."""
        self.revealed = seat
        self.bottom = seat

    def viewer(self) -> int | None:
        """The one seat whose private events may be shown (None: nobody's)."""
        if self.watch:
            return None
        return self.revealed

    def may_act(self, seat: int | None) -> bool:
        """Can the person in front of the screen act for ``seat`` now?"""
        return seat is not None and seat in self.humans and seat == self.revealed
