"""The translators' own tools accept every catalogue: Babel's checkers, and msgfmt -c if present.

Poedit runs the same checks as ``msgfmt -c`` and shows their failures to translators as errors,
so a catalogue that fails them is one a translator cannot trust.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tools import i18n as tool

LANGUAGES = tool.translated_languages()


@pytest.mark.parametrize("code", LANGUAGES)
def test_babels_checkers_find_nothing_in_the_catalogue(code):
    catalogue = tool.read(code)
    for message in catalogue:  # Babel guesses "python-format" from a "%" when it reads a file;
        message.flags.discard("python-format")  # the file says brace-format (next test)
    problems = [(message.context, [str(e) for e in errors])
                for message, errors in catalogue.check()]
    assert problems == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_entry_is_marked_as_a_percent_format(code):
    # our texts are str.format templates; "python-format" makes "{percent}% z" an error
    with open(tool.po_path(code), encoding="utf-8") as f:
        flags = [line for line in f if line.startswith("#,")]
    assert [line for line in flags if re.search(r"(?<![-\w])python-format", line)] == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt not installed")
@pytest.mark.parametrize("code", LANGUAGES)
def test_msgfmt_check_passes_without_a_warning(code, tmp_path):
    run = subprocess.run(["msgfmt", "-c", "-o", str(tmp_path / f"{code}.mo"), tool.po_path(code)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0 and run.stderr == "", run.stderr


def test_the_check_can_fail(tmp_path):
    """A percent-format flag on a "{percent}% z" entry is what msgfmt refuses (the old bug)."""
    if shutil.which("msgfmt") is None:
        pytest.skip("GNU gettext's msgfmt not installed")
    bad = tmp_path / "bad.po"
    bad.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                   '#, python-format\nmsgid "{percent}% of"\nmsgstr "{percent}% z"\n',
                   encoding="utf-8")
    run = subprocess.run(["msgfmt", "-c", "-o", str(tmp_path / "bad.mo"), str(bad)],
                         capture_output=True, text=True, check=False)
    assert run.returncode != 0
