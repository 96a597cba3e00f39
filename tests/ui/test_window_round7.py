"""What a window playtest of missing_key found with the keys, pinned: a command typed out of
the command line is typed, not lost to the panel letters ("look" had switched to the Log with
its L); Space on the empty line runs the clock."""

import pygame

from ui.play import build


def test_a_word_typed_out_of_the_line_goes_to_the_line_and_the_panel_goes_back(ui):
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    t = ui.town
    assert not t.dialogue.focused and t.tab == "case"
    for ch in "look":
        ui.press(ch)
    assert t.dialogue.focused
    assert t.dialogue.line.value == "look"
    assert t.tab == "case"  # the L switched to the Log, and went back


def test_a_panel_letter_alone_still_switches_the_panel(ui):
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    t = ui.town
    ui.press("l")
    assert t.tab == "log" and not t.dialogue.focused
    t._ahead = (t._ahead[0] - 5.0, *t._ahead[1:])  # a while later: a word of its own
    ui.press("w")
    assert t.tab == "log" and t.dialogue.line.value == "w"


def test_a_letter_that_is_no_shortcut_opens_the_line_and_is_typed(ui):
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    t = ui.town
    for ch in "who":
        ui.press(ch)
    assert t.dialogue.focused and t.dialogue.line.value == "who"


def test_space_on_the_empty_line_leaves_it_and_runs_the_clock(ui):
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    t = ui.town
    t.do_command()
    assert t.dialogue.focused and t.session.speed == 0
    ui.key(pygame.K_SPACE, unicode=" ")
    ui.post(pygame.TEXTINPUT, text=" ")
    ui.frame()
    assert not t.dialogue.focused and t.session.speed == 1
    assert t.dialogue.line.value == ""
    # With words on the line, Space is a space.
    t.do_command()
    ui.type("ask")
    ui.key(pygame.K_SPACE, unicode=" ")
    ui.type(" ")
    assert t.dialogue.focused and t.dialogue.line.value == "ask "


def test_the_inspector_keeps_the_hour_of_where_someone_was_when_cut_short(ui):
    # "Ava · where, day 1 06…" lost the hour that tells the rows apart (a playtest).
    build(ui.app, "nine_neighbours", seed=0, at="day 2 02:10", select="ava")
    ui.frame(3)
    shown = ui.texts()
    assert any(t.startswith("Ava · d1 06:00–07:00") or t.startswith("Ava · where d1 06:00")
               for t in shown), [t for t in shown if t.startswith("Ava ·")][:5]
    assert not any(t.startswith("Ava · where, day 1 0") and t.endswith("…") for t in shown)
