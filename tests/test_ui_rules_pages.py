"""The rules pages (docs/rules/) and their Markdown, as the in-game Rules screen shows them."""

import os

import pytest

from scenes import rules_scene
from scenes.rules_markdown import PageStyle, inline_html, markdown_html
from scenes.rules_scene import rules_html, rules_page_path

STYLE = PageStyle()


def test_headings_use_the_title_font_at_three_sizes():
    page = markdown_html("# Azi\n## 3. Bidding\n### Blind bets", STYLE)
    for size, text in ((STYLE.title, "Azi"), (STYLE.section, "3. Bidding"),
                       (STYLE.subsection, "Blind bets")):
        assert f"<font face='playfair' pixel_size={size} color='{STYLE.heading_colour}'>{text}" \
               f"</font><br>" in page


def test_a_paragraph_joins_its_lines_and_a_blank_line_separates_paragraphs():
    page = markdown_html("First line\nsame paragraph.\n\nSecond.", STYLE)
    assert "First line same paragraph.<br><br>Second.<br>" in page


def test_bullets_are_marked_and_nested_bullets_are_indented_further():
    page = markdown_html("- fold\n  - call\n- raise", STYLE)
    top, nested, last = page.removeprefix(f"<font pixel_size={STYLE.body}>").split("<br>")[:3]
    assert "\u2022" in top and top.endswith("fold")
    assert "\u2013" in nested and nested.endswith("call")
    assert nested.index("\u2013") > top.index("\u2022")  # more no-break spaces before it
    assert "\u2022" in last and last.endswith("raise")


def test_numbered_lists_keep_their_numbers_and_stay_tight():
    page = markdown_html("1. Lead.\n2. Beat.", STYLE)
    assert "<b>1.</b>" in page and "<b>2.</b>" in page
    assert "Lead.<br><br>" not in page  # no blank line inside a list


def test_bold_italic_and_code_become_tags():
    assert inline_html("a **take** or *durak*") == "a <b>take</b> or <i>durak</i>"
    code = inline_html("see `engine/azi.py`.")
    assert code == f"see <font color='{STYLE.code_colour}'>engine/azi.py.</font>"


def test_stars_inside_words_and_code_are_not_emphasis():
    assert inline_html("2*3*4") == "2*3*4"
    assert "<i>" not in inline_html("the `ai/azi_*.py` modules and `x*`")


def test_less_than_and_ampersand_are_escaped():
    assert inline_html("a < b & c > d") == "a &lt; b &amp; c &gt; d"
    page = markdown_html("x <b>not bold</b> & y", STYLE)
    assert "x &lt;b&gt;not bold&lt;/b&gt; &amp; y<br>" in page and "<b>" not in page


def test_an_example_block_is_set_off_in_its_own_colour_and_italic():
    page = markdown_html("Rule.\n\n> Anna attacks\n> with 9D.", STYLE)
    assert f"<font color='{STYLE.example_colour}'><i>Anna attacks with 9D.</i></font>" in page


def test_scaling_a_style_scales_every_size():
    small = STYLE.scaled(0.5)
    assert (small.title, small.section, small.body) == (17, 12, 9)


@pytest.mark.parametrize("game", ["azi", "durak"])
def test_each_game_has_an_english_page_and_a_language_without_one_falls_back_to_it(game):
    english = rules_page_path(game, "en")
    assert english is not None and english.endswith(os.path.join("docs", "rules", f"{game}.md"))
    assert rules_page_path(game, "xx") == english


def test_a_translated_page_is_preferred(tmp_path, monkeypatch):
    (tmp_path / "azi.md").write_text("# Azi\n", encoding="utf-8")
    (tmp_path / "azi.de.md").write_text("# Azi auf Deutsch\n", encoding="utf-8")
    monkeypatch.setattr(rules_scene, "RULES_DIR", str(tmp_path))
    rules_html.cache_clear()
    try:
        assert "auf Deutsch" in rules_html("azi", "de", 1.0)
        assert "auf Deutsch" not in rules_html("azi", "fr", 1.0)
    finally:
        rules_html.cache_clear()


def test_a_missing_page_says_so_instead_of_failing(tmp_path, monkeypatch):
    monkeypatch.setattr(rules_scene, "RULES_DIR", str(tmp_path))
    rules_html.cache_clear()
    try:
        assert "docs/rules/durak.md" in rules_html("durak", "en", 1.0)
    finally:
        rules_html.cache_clear()


@pytest.mark.parametrize("game", ["azi", "durak"])
def test_the_pages_use_only_what_the_screen_renders(game):
    with open(rules_page_path(game, "en"), encoding="utf-8") as f:
        text = f.read()
    for line in text.splitlines():
        assert not line.startswith(("|", "```", "    ", "#### ", "<")), line
        assert "](" not in line, line  # no links: the screen could not follow them
    page = rules_html(game, "en", 1.0)
    assert "**" not in page and "`" not in page  # every mark was understood


@pytest.mark.parametrize("game", ["azi", "durak"])
def test_the_html_is_cached(game):
    assert rules_html(game, "en", 1.0) is rules_html(game, "en", 1.0)
