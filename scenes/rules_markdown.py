"""The rules pages' small Markdown, turned into the HTML subset a pygame-gui text box draws.

Understood: ``#``/``##``/``###`` headings, paragraphs (lines joined until a blank line),
``-`` bullets with one level of nesting (two or more spaces before the ``-``), numbered
lists (``1.``), ``> `` example blocks, ``**bold**``, ``*italic*`` and ```code```. Anything
else is shown as plain text, so a page never fails to open; ``<`` and ``&`` are escaped.
pygame-gui has no margins, so nesting and examples are set off by leading no-break spaces and
colour rather than by indentation.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`([.,;:)]?)")  # punctuation after it stays on its line
_HEADING = re.compile(r"(#{1,3})\s+(.*)")
_BULLET = re.compile(r"( *)[-*]\s+(.*)")
_NUMBERED = re.compile(r" *(\d+)[.)]\s+(.*)")
_QUOTE = re.compile(r">\s?(.*)")

_NBSP = "\u00a0"


@dataclass(frozen=True)
class PageStyle:
    """Sizes (pixels) and colours of a rendered page; ``scaled`` fits it to the window."""

    title: int = 34
    section: int = 25
    subsection: int = 21
    body: int = 18
    heading_colour: str = "#f0d58a"
    marker_colour: str = "#c9a24a"
    example_colour: str = "#9fd4b0"
    code_colour: str = "#f6e3a8"

    def scaled(self, scale: float) -> PageStyle:
        """The same style with every size multiplied by ``scale`` (never below 8 pixels)."""
        size = lambda px: max(8, round(px * scale))  # noqa: E731 - a one-line helper
        return PageStyle(size(self.title), size(self.section), size(self.subsection),
                         size(self.body), self.heading_colour,
                         self.marker_colour, self.example_colour, self.code_colour)


def inline_html(text: str, style: PageStyle = PageStyle()) -> str:
    """One line of Markdown text as pygame-gui HTML: escaped, with bold, italic and code."""
    out = []
    # Code spans first and untouched by the emphasis rules: a path may hold stars.
    parts = _CODE.split(text)  # plain, code, its punctuation, plain, code, …
    for i in range(0, len(parts), 3):
        out.append(_ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", html.escape(parts[i],
                                                                               quote=False))))
        if i + 1 < len(parts):
            code = html.escape(parts[i + 1] + parts[i + 2], quote=False)
            out.append(f"<font color='{style.code_colour}'>{code}</font>")
    return "".join(out)


def _blocks(text: str) -> list[tuple[str, int, str]]:
    """The page as (kind, level, text) blocks: heading, para, bullet, number, example, gap."""
    blocks: list[tuple[str, int, str]] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.rstrip()
        if not line.strip():
            blocks.append(("gap", 0, ""))
            continue
        if m := _HEADING.fullmatch(line):
            blocks.append(("heading", len(m.group(1)), m.group(2).strip()))
        elif m := _QUOTE.fullmatch(line):
            if blocks and blocks[-1][0] == "example" and m.group(1):
                blocks[-1] = ("example", 0, f"{blocks[-1][2]} {m.group(1).strip()}")
            else:
                blocks.append(("example", 0, m.group(1).strip()))
        elif m := _BULLET.fullmatch(line):
            blocks.append(("bullet", 1 if len(m.group(1)) >= 2 else 0, m.group(2).strip()))
        elif m := _NUMBERED.fullmatch(line):
            blocks.append(("number", int(m.group(1)), m.group(2).strip()))
        elif blocks and blocks[-1][0] in ("para", "bullet", "number", "example"):
            kind, level, before = blocks[-1]  # a continuation line joins the block above
            blocks[-1] = (kind, level, f"{before} {line.strip()}")
        else:
            blocks.append(("para", 0, line.strip()))
    return blocks


def _font(px: int, colour: str | None = None, face: str | None = None) -> str:
    """An opening <font> tag."""
    parts = [f"pixel_size={px}"]
    if face:
        parts.insert(0, f"face='{face}'")
    if colour:
        parts.append(f"color='{colour}'")
    return f"<font {' '.join(parts)}>"


def markdown_html(text: str, style: PageStyle = PageStyle()) -> str:
    """A whole rules page as pygame-gui HTML, in ``style``'s sizes and colours."""
    sizes = {1: style.title, 2: style.section, 3: style.subsection}
    # pygame-gui gives every line break the body's height, so a gap is one blank line: used
    # between blocks, but not inside a list nor under a heading, where it would look loose.
    gap = "<br>"
    out: list[str] = []
    previous = "gap"
    for kind, level, body in _blocks(text):
        if kind == "gap":
            previous = kind if previous != "heading" else previous
            continue
        tight = previous == "heading" or (kind == previous and kind in ("bullet", "number"))
        if out and not tight:
            out.append(gap)
        if kind == "heading":
            face = "playfair"
            out.append(f"{_font(sizes[level], style.heading_colour, face)}"
                       f"{inline_html(body, style)}</font><br>")
        elif kind == "bullet":
            indent = _NBSP * (7 if level else 2)
            marker = "\u2013" if level else "\u2022"
            out.append(f"{indent}<font color='{style.marker_colour}'>{marker}</font>"
                       f"{_NBSP * 2}{inline_html(body, style)}<br>")
        elif kind == "number":
            out.append(f"{_NBSP * 2}<font color='{style.marker_colour}'><b>{level}.</b></font>"
                       f"{_NBSP * 2}{inline_html(body, style)}<br>")
        elif kind == "example":
            out.append(f"{_NBSP * 4}<font color='{style.marker_colour}'>\u258f</font>{_NBSP * 2}"
                       f"<font color='{style.example_colour}'>"
                       f"<i>{inline_html(body, style)}</i></font><br>")
        else:
            out.append(f"{inline_html(body, style)}<br>")
        previous = kind
    body_font = _font(style.body)
    return f"{body_font}{''.join(out)}</font>"
