"""What a window playtest of missing_key found with the keys, pinned: a command typed out of
the command line is typed, not lost to the panel letters ("look" had switched to the Log with
its L); Space on the empty line runs the clock."""

import pygame
import pytest

from game import PLAYER
from ui.play import build


@pytest.fixture
def at_start(ui):
    """The Missing Key's town, seed 0, as the window opens on it."""
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    return ui.town


def test_a_word_typed_out_of_the_line_goes_to_the_line_and_the_panel_goes_back(ui, at_start):
    t = at_start
    assert not t.dialogue.focused and t.tab == "case"
    for ch in "look":
        ui.press(ch)
    assert t.dialogue.focused
    assert t.dialogue.line.value == "look"
    assert t.tab == "case"  # the L switched to the Log, and went back


def test_a_panel_letter_alone_still_switches_the_panel(ui, at_start):
    t = at_start
    ui.press("l")
    assert t.tab == "log" and not t.dialogue.focused
    ui.frame(1, dt=1.0)  # a while later: a word of its own
    ui.press("w")
    assert t.tab == "log" and t.dialogue.line.value == "w"


def test_a_screens_letter_waits_a_moment_and_opens_nothing_if_a_word_follows(ui, at_start):
    # "search" opened the save slots with its S, "help" the help (a review).
    from ui.scenes.town import TownScene

    t = at_start
    for ch in "search":
        ui.press(ch)
    assert isinstance(ui.app.top, TownScene) and t.dialogue.line.value == "search"
    t.dialogue.line.set("")
    t.dialogue.focus(False)
    ui.press("h")  # alone: after its moment, the help opens
    assert isinstance(ui.app.top, TownScene)
    ui.frame(1, dt=1.0)
    assert not isinstance(ui.app.top, TownScene)


def test_putting_the_panels_back_after_n_keeps_the_inspector_on_whom_it_was(ui, at_start):
    t = at_start
    t.select("ada")
    ui.press("n")
    assert t.inspector.model.resident == "player"
    ui.press("o")
    assert t.selected == "ada" and t.inspector.model.resident == "ada"
    assert t.dialogue.line.value == "no"


def test_space_on_the_empty_line_keeps_a_running_clock_running(ui, at_start):
    t = at_start
    t.session.set_speed(4)
    t.do_command()
    ui.key(pygame.K_SPACE, unicode=" ")
    assert not t.dialogue.focused and t.session.speed == 4


def test_a_letter_that_is_no_shortcut_opens_the_line_and_is_typed(ui, at_start):
    t = at_start
    for ch in "who":
        ui.press(ch)
    assert t.dialogue.focused and t.dialogue.line.value == "who"


def test_space_on_the_empty_line_leaves_it_and_runs_the_clock(ui, at_start):
    t = at_start
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


def test_someone_watched_leaving_is_not_drawn_there_after_you_leave_too(ui, tmp_path):
    # Hana left Cy's Bakery at 11:10 in front of the player ("Hana has gone"); after `go inn`
    # a faded H still sat at the bakery, and `where is hana` ended at 11:10 saying nothing
    # of it (window playtests).
    from pathlib import Path

    from game import walkthrough

    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    t = ui.town
    sim = t.session.sim
    path = Path(tmp_path) / "w.txt"
    path.write_text("day 1 09:00 go cafe\n+ look\n+ search counter\n+ ask ada key moved\n"
                    "+ ask ada key location\n+ why ada key moved\n+ who ada day 1 08:00\n"
                    "+ ask bo key moved\n+ who ada day 1 07:30\n+ go bakery\n"
                    "+ ask cy key moved\n+ ask cy key location\n+ who cy day 1 07:30\n")
    walkthrough.play(sim, path, to_end=False)
    t.session.stamp += 1
    ui.command("who cy day 1 08:30")
    assert sim.state["hana"].place != "bakery" and sim.state[PLAYER].place == "bakery"
    ui.command("go inn")
    ui.frame(2)
    assert "hana" not in t.map._whereabouts()
    said = sim.command("where is hana").text()
    assert "You saw her leave" in said, said


def test_a_question_mark_opens_the_help(ui, at_start):
    """"?" (Shift and /) opened the command line with "?" typed in it; a window playtest
    looked for help there, as the top bar's "?" button gives it."""
    from ui.scenes.help import HelpScene

    ui.key(pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    ui.frame(1)
    assert isinstance(ui.top, HelpScene) and not at_start.dialogue.focused
    assert ui.shows("H, F1 or ?")


def test_two_panel_letters_half_a_second_apart_switch_panels(ui, at_start):
    """C, then G half a second later, became the word "cg" on the command line, and the next
    command was glued to it (a window playtest)."""
    t = at_start
    ui.press("c")
    assert t.tab == "claims"
    ui.frame(1, dt=0.5)
    ui.press("g")
    assert t.tab == "case" and not t.dialogue.focused and t.dialogue.line.value == ""
