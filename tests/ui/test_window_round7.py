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
