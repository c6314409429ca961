"""The simulator's progress bar is tqdm's: the count, the rate and the time left."""

import io

from tools.simulate import progress_bar


def test_the_progress_bar_shows_the_count_and_the_rate_and_ends_its_line():
    out = io.StringIO()
    show = progress_bar(out)
    for done in range(1, 5):
        show(done, 4)
    text = out.getvalue()
    assert "4/4" in text and "game/s" in text and "<" in text  # elapsed<left
    assert text.endswith("\n")
