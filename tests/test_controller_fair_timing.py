"""Rules, Information [decided]: the table answers a forced pass no faster or slower than a
chosen one, for computer players and people alike (scenes/controller.py)."""

from engine.durak import PASS
from engine.durak.stacked import stacked
from engine.durak.text import parse_action
from scenes.controller import AI, HUMAN, SeatSpec, TableController

FRAME = 0.05


class AlwaysPasses:
    """A thinker whose computer players choose PASS, answering on the next poll."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, list[int]]] = []
        self._answers: list[tuple] = []

    def configure(self, seat, game_name, level, seed, budget) -> None:
        self.budget = budget

    def ask(self, request, seat, observation, legal) -> None:
        self.asked.append((seat, legal))
        self._answers.append(("chosen", request, PASS, 0.0))

    def poll(self):
        return self._answers.pop(0) if self._answers else None

    def close(self) -> None:
        pass


def seat_zero_asked(can_throw_in: bool):
    """Seat 0 attacked, its 6♠ was beaten; it may throw in the 6♥, or holds nothing to add."""
    game = stacked(["6S 6H" if can_throw_in else "6S 10H", "7S 7H 8C", "9D"], "AC", attacker=0)
    for move in ("6S", "7S"):
        game.apply(parse_action(move))
    assert game.to_move == 0
    assert (game.legal_actions() == [PASS]) is not can_throw_in
    return game


def time_of_the_pass(game, seat_zero: SeatSpec, thinker: AlwaysPasses) -> float:
    """Frames of table time until seat 0's pass is applied (the real clock runs with the table)."""
    frames = [0]
    seats = [seat_zero, SeatSpec("B", HUMAN), SeatSpec("C", HUMAN)]
    controller = TableController(game, "durak", seats, thinker=thinker, think_pause=0.6,
                                 now=lambda: frames[0] * FRAME)
    for frame in range(1, 200):
        frames[0] = frame
        controller.update(FRAME, animations_idle=True)
        if controller.actions:
            assert controller.actions == [PASS]
            return frame * FRAME
    raise AssertionError("the table never answered")


def test_a_computers_forced_pass_is_shown_when_a_chosen_pass_would_be():
    chosen_thinker, forced_thinker = AlwaysPasses(), AlwaysPasses()
    for level in ("easy", "normal", "hard"):
        seat = SeatSpec("A", AI, level)
        chosen = time_of_the_pass(seat_zero_asked(True), seat, chosen_thinker)
        forced = time_of_the_pass(seat_zero_asked(False), seat, forced_thinker)
        assert forced == chosen >= 0.6
    assert chosen_thinker.asked and not forced_thinker.asked  # the table answered the forced ones


def test_a_persons_forced_pass_is_answered_by_the_table_after_a_computers_pause():
    computer = time_of_the_pass(seat_zero_asked(True), SeatSpec("A", AI, "normal"), AlwaysPasses())
    person = time_of_the_pass(seat_zero_asked(False), SeatSpec("A", HUMAN), AlwaysPasses())
    assert person == computer


def test_a_person_with_a_choice_is_never_answered_for():
    frames = [0]
    game = seat_zero_asked(True)
    seats = [SeatSpec("A", HUMAN), SeatSpec("B", HUMAN), SeatSpec("C", HUMAN)]
    controller = TableController(game, "durak", seats, think_pause=0.6,
                                 now=lambda: frames[0] * FRAME)
    for frame in range(1, 100):
        frames[0] = frame
        controller.update(FRAME, animations_idle=True)
    assert controller.actions == [] and controller.is_human_turn()
    assert controller.submit(PASS) is None and controller.actions == [PASS]


def test_the_thinking_budget_at_the_table_stays_below_the_pause():
    thinker = AlwaysPasses()
    TableController(seat_zero_asked(True), "durak", [SeatSpec("A", AI, "hard")] * 3,
                    thinker=thinker, think_pause=0.6, budget=5.0)
    assert thinker.budget < 0.6
