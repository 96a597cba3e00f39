"""A scenario fuzz, 2026-12-07: what validate passed and the run or the window crashed on."""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ui.cli import main

NINE = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "nine_neighbours"
KEY = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "missing_key"


def _copy(tmp_path: Path, src: Path, edit) -> Path:
    folder = tmp_path / src.name
    shutil.copytree(src, folder)
    toml = folder / "scenario.toml"
    toml.write_text(edit(toml.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


@pytest.mark.parametrize("added, field", [
    ('[[beliefs]]\nresident = "player"\nclaim = "ida_basket.moved_by"\nvalue = "ava"\n'
     'kind = "implanted"\n', "resident"),
    ('[[events]]\nid = "pe"\nat = "day 1 09:30"\nkind = "say"\nactor = "ava"\n'
     'target = "player"\nby = "letter"\nsays = [{ claim = "ida_basket.moved_by", '
     'value = "ava" }]\n', "target"),
    ('[[events]]\nid = "pe"\nat = "day 1 09:30"\nkind = "happen"\nactor = "player"\n'
     'text = "x"\n', "actor"),
    ('[[events]]\nid = "pe"\nat = "day 1 09:30"\nkind = "announce"\nactor = "player"\n'
     'place = "tavern"\nsays = [{ claim = "ida_basket.moved_by", value = "ava" }]\n', "actor"),
])
def test_a_town_with_no_player_names_no_player(tmp_path, added, field):
    """Each passed validate, and `run` ended in a KeyError: 'player' (exit 1)."""
    folder = _copy(tmp_path, NINE, lambda t: t + "\n" + added)
    for args in (["validate", str(folder)], ["run", str(folder), "--days", "1"]):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, res.output
        assert f".{field}: no resident 'player' (this scenario has no [player]" in res.output
        assert "Traceback" not in res.output


@pytest.mark.parametrize("old, new, field, why", [
    ('name = "Ada"', 'name = "A\\u0000da"', "residents[0].name", "control character"),
    ('title = "The Missing Key"', 'title = "The Missing Key\\u0000"', "scenario.title",
     "control character"),
    ('title = "The Missing Key"', 'title = "\\u200b\\ufeff"', "scenario.title",
     "no letter one can see"),
])
def test_a_name_the_screen_cannot_draw_is_refused(tmp_path, old, new, field, why):
    """`play` said "A null character was found in the text" or "cannot open a window: Text
    has zero width", naming no file or field."""
    folder = _copy(tmp_path, KEY, lambda t: t.replace(old, new, 1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and f"{field}: it" in res.output and why in res.output
    assert "scenario.toml:" in res.output  # (its line)


def test_an_escaped_triple_quote_in_a_long_string_keeps_the_lines_after_it(tmp_path):
    """One `\\\"""` in the brief was taken for its end: every key after it lost its line."""
    ledger = KEY.parent / "the_ledger"

    def edit(text: str) -> str:
        text = text.replace("Years ago Mira told Oswin", 'Years ago Mira \\"""told Oswin', 1)
        return text.replace("honesty = 0.95", "honesty = 1.95", 1)

    folder = _copy(tmp_path, ledger, edit)
    lines = (folder / "scenario.toml").read_text(encoding="utf-8").splitlines()
    want = next(i for i, x in enumerate(lines, 1) if "honesty = 1.95" in x)
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2
    assert f"scenario.toml:{want}: residents[" in res.output and ".traits.honesty" in res.output




@pytest.mark.parametrize("added, key, name", [
    # a dot inside a quoted table name is part of the name: it was placed at [attributes]
    ('\n[attributes."owes.more"]\nabout = "x"\nimportance = "lots"\n',
     "importance =", '"owes.more"'),
    # a single-quoted key is a key: it was not seen at all
    ("\n[attributes.'owes more']\nabout = \"x\"\n'importance' = \"lots\"\n",
     "'importance' =", '"owes more"'),
])
def test_a_quoted_key_is_named_at_its_own_line(tmp_path, added, key, name):
    """A scenario fuzz: `[attributes."a.b"]` and `'key' = …` were named at another line."""
    folder = _copy(tmp_path, KEY.parent / "bad_blood", lambda t: t + added)
    lines = (folder / "scenario.toml").read_text(encoding="utf-8").splitlines()
    want = max(i for i, x in enumerate(lines, 1) if x.startswith(key))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2, res.output
    assert f"scenario.toml:{want}: attributes.{name}.importance:" in res.output


def test_a_template_not_in_utf8_is_named_by_its_line(tmp_path):
    """It said "not UTF-8 (byte 57)", naming no line, where a scenario's says its line."""
    from .scenarios import BASE, write

    body = "{{ s.speaker }} says:\nit is h\xe9re\n".encode("latin-1")
    folder = write(tmp_path / "t", BASE, {"answer.j2": body}).parent
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2
    assert "templates/answer.j2:2: not UTF-8 text (byte 0xe9 at line 2, column 8)" in res.output


@pytest.mark.parametrize("claim", ["?x.moved_by", "Ada_key.moved_by", "ada_key moved_by.x",
                                   "ada_key.moved_by.x"])
def test_a_condition_naming_no_claim_is_refused_at_its_line(tmp_path, claim):
    """A scenario fuzz: `knows("ada", "?x.moved_by")` passed validate, and never held."""
    old = 'when = \'count_believers("ada_key.moved_by"'
    folder = _copy(tmp_path, KEY, lambda t: t.replace(old, old.replace("ada_key.moved_by",
                                                                        claim), 1))
    lines = (folder / "scenario.toml").read_text(encoding="utf-8").splitlines()
    want = next(i for i, x in enumerate(lines, 1) if claim in x)
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2, res.output
    assert f"scenario.toml:{want}: events[3].when: condition: count_believers()" in res.output
    assert f"names {claim!r}, which is no claim" in res.output


def test_a_condition_about_a_subject_nothing_names_is_warned_of(tmp_path):
    folder = _copy(tmp_path, KEY, lambda t: t.replace('value("ada", "ada_key.location")',
                                                      'value("ada", "ada_kee.location")', 1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 0, res.output
    assert "nothing in the scenario is called 'ada_kee'" in res.output, res.output
    assert "did you mean 'ada_key'" in res.output


@pytest.mark.parametrize("old, new, field, why", [
    ('slight = "on purpose, as a slight"', 'slight = "on purpose, as a \\u0000slight"',
     "attributes.refused_why.values: 'slight': it holds a control character", "U+0000"),
    ('slight = "on purpose, as a slight"', 'slight = "\\u200b"',
     "attributes.refused_why.values: 'slight': it has no letter", "invisible"),
    ('role = "', 'role = "\\u200b', "residents[", "no letter one can see"),
])
def test_words_drawn_on_their_own_are_words_one_can_see(tmp_path, old, new, field, why):
    """A review: a NUL in an attribute's `values` passed validate and the window stopped on
    it (exit 1, a traceback); so did a role of one zero-width space."""
    bad = KEY.parent / "bad_blood"
    text = (bad / "scenario.toml").read_text(encoding="utf-8")
    if old == 'role = "':  # the first resident's role, whatever it says
        start = text.index('role = "', text.index("[[residents]]")) + len('role = "')
        end = text.index('"', start)
        new, old = 'role = "\\u200b"', text[start - len('role = "'):end + 1]
    folder = _copy(tmp_path, bad, lambda t: t.replace(old, new, 1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2, res.output
    assert field in res.output and why in res.output, res.output


@pytest.mark.parametrize("words", ["\x00", "a\x00b", "\u200b", "\u200b\ufeff", ""])
def test_the_window_draws_what_it_cannot_draw_as_nothing(words):
    """What validate refuses may still come from a save or a template: drawn as nothing (or
    without the NUL), not "A null character was found in the text" stopping the window."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ui import theme

    pygame.init()
    theme.reset()  # (fonts made before another test quit pygame are dead)
    try:
        surf = theme.render(words, "ui")
        assert surf.get_height() > 0
    finally:
        theme.reset()  # (its fonts die with pygame: the next window makes its own)


def test_a_place_named_player_in_a_story_with_one_is_not_told_it_has_none(tmp_path):
    """A review: `place = "player"` in The Missing Key said "(this scenario has no [player]:
    nobody plays it)"."""
    text = (KEY / "scenario.toml").read_text(encoding="utf-8")
    start = text.index('place = "', text.index("[[residents]]"))
    end = text.index('"', start + len('place = "'))
    folder = _copy(tmp_path, KEY, lambda t: t[:start] + 'place = "player"' + t[end + 1:])
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and "'player'" in res.output, res.output
    assert "has no [player]" not in res.output


def test_an_attribute_named_like_the_hourly_whereabouts_is_refused(tmp_path):
    """A review: an author's `at_dinner` was folded away in the report as whereabouts."""
    folder = _copy(tmp_path, KEY.parent / "bad_blood",
                   lambda t: t + '\n[attributes.at_dinner]\nabout = "whom {subject} dined '
                   'with"\n')
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and "attributes.at_dinner: an attribute named 'at_d…'" in \
        res.output, res.output


def test_a_value_naming_the_player_in_a_town_with_none_is_refused(tmp_path):
    """A review: a fact or belief whose value was "player" passed in a town with no player,
    and the report showed "player ✗: Hal 58%"."""
    added = '[[facts]]\nclaim = "ida_basket.moved_by"\nvalue = "player"\n'
    folder = _copy(tmp_path, NINE, lambda t: t + "\n" + added)
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and ".value: no resident 'player' (this scenario has no " \
        "[player]" in res.output, res.output


def test_a_lie_naming_no_one_for_a_deed_is_warned_of(tmp_path):
    """An author's trial: a lie's value "tom" for "tam" passed validate and spread."""
    folder = _copy(tmp_path, KEY, lambda t: t.replace(
        'lies = [{ claim = "ada_key.moved_by", value = "cy"',
        'lies = [{ claim = "ada_key.moved_by", value = "cyy"', 1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 0, res.output
    assert "'cyy' is no one in the scenario, but 'ada_key.moved_by' is whoever did it" in \
        res.output and "did you mean 'cy'" in res.output, res.output


@pytest.mark.parametrize("old, new, field", [
    ("\nx = ", '\nx = "0.5"\nold_x = ', "places[0].x: must be a number, unquoted (not '0.5')"),
    ("honesty = 0.95", 'honesty = "0.95"', "must be a number, unquoted (not '0.95')"),
])
def test_a_number_in_quotes_is_refused_as_any_word_is(tmp_path, old, new, field):
    """An author's trial: `x = "0.5"` passed as 0.5, while `x = "lots"` was refused."""
    folder = _copy(tmp_path, KEY.parent / "the_ledger", lambda t: t.replace(old, new, 1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and field in res.output, res.output


@pytest.mark.parametrize("unquoted, hint", [
    ("at = 09:30", 'a time is written in quotes: at = "09:30"'),
    ("at = day 1 09:30", 'a time is written in quotes: at = "day 1 09:30"'),
])
def test_an_unquoted_time_is_told_to_be_quoted(tmp_path, unquoted, hint):
    """An author's trial: `at = 02:10` was "Expected newline or end of document after a
    statement", `at = day 1 02:10` "Invalid value" — nothing of quotes."""
    import re

    folder = _copy(tmp_path, KEY, lambda t: re.sub(r'\nat = "[^"]*"', "\n" + unquoted, t,
                                                   count=1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and "not valid TOML" in res.output and hint in res.output, \
        res.output


def test_the_player_does_not_start_out_of_town(tmp_path):
    """An author's trial: `[player] start` at an away place passed, and play began there."""
    import re

    text = (KEY / "scenario.toml").read_text(encoding="utf-8")
    away = re.search(r'\[\[places\]\]\nid = "(\w+)"\n(?:[^\[]*\n)*?kind = "away"', text)
    assert away, "missing_key has an away place"
    folder = _copy(tmp_path, KEY, lambda t: re.sub(r'(\[player\]\n(?:[^\[]*\n)*?start = )"\w+"',
                                                   rf'\1"{away.group(1)}"', t, count=1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and "player.start:" in res.output and "out of town" in \
        res.output, res.output


def test_a_number_in_quotes_in_a_table_of_numbers_is_refused(tmp_path):
    """A review: `trust = { bo = "0.6" }` passed as 0.6, while `honesty = "0.95"` did not."""
    import re

    text = (KEY / "scenario.toml").read_text(encoding="utf-8")
    m = re.search(r"trust = \{ (\w+) = ([0-9.]+)", text)
    assert m, "a resident of missing_key trusts someone"
    folder = _copy(tmp_path, KEY, lambda t: t.replace(m.group(0),
                                                      f'trust = {{ {m.group(1)} = "{m.group(2)}"',
                                                      1))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 2 and f"'{m.group(1)}' must be a number, unquoted" in res.output, \
        res.output
