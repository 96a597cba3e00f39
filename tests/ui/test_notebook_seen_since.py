"""The notebook after someone changes their mind in front of the player: what they said they
believe was kept as they said it ("Sam thinks: on day 2 at six" after Sam, shown the handbill,
said "The town meeting is on day 3 at six. I had it wrong": a playtest). The row shows what
the player saw since; the belief's page says so above what they had said."""

from pathlib import Path

import pygame
import pytest

from game import PLAYER, seen_since
from ui.play import build

COMMANDS = """\
day 2 10:30  go old_hall
+            ask quill handbill.location
+            search old_hall.desk
+            take handbill
+            go inn
+            ask sam meeting.when
+            ask rue meeting.when
+            show sam handbill
+            show rue handbill
"""


@pytest.fixture
def shown(ui, tmp_path):
    f = Path(tmp_path) / "shown.txt"
    f.write_text(COMMANDS)
    build(ui.app, "cancelled_meeting", seed=0, commands=f)
    ui.frame(2)
    return ui


def test_seen_since_is_the_last_the_player_saw_of_each_view(shown):
    sim = shown.town.session.sim
    seen = seen_since(sim)
    assert seen[("sam", "meeting.when")].value == "d3_1800"
    assert seen[("sam", "meeting.when")].turn == "react:changed"
    assert seen[("rue", "meeting.when")].turn in ("react:doubt", "react:less")
    # Asked again, what they say is the last word: the reaction is no longer the latest.
    sim.command("ask sam meeting.when")
    assert ("sam", "meeting.when") not in seen_since(sim)


def test_the_notebook_row_shows_the_change_of_mind_seen(shown):
    shown.key(pygame.K_n)
    t = shown.town
    assert t.panel == "inspector" and t.selected == PLAYER
    rows = {r.key: r for r in t.inspector.model.visible()}
    sam = rows[("sam", "believes meeting.when")]
    assert sam.raw_value == "d3_1800" and sam.value == "on day 3 at six"
    assert sam.source == "witnessed" and sam.told.startswith("seen coming round to it, day 2")
    assert sam.belief.value == "d2_1800"  # the memory keeps what Sam said
    rue = rows[("rue", "believes meeting.when")]
    assert rue.state == "doubtful" and rue.told.startswith("seen left unsure")
    quill = rows[("quill", "believes handbill.location")]  # no reaction: as said
    assert quill.source == "declared"
    assert shown.shows("seen coming round to it, day 2 11:40")
    shown.click_zone(t.inspector, "row:sam.believes meeting.when")
    text = "\n".join(t.detail.lines)
    assert t.panel == "belief"
    assert ("Seen in front of you (day 2 11:40): Sam came round to “on day 3 at six”. What "
            "they had said before, and how you came by it, is below.") in text
    assert shown.shows("Seen in front of you")
    # the headline is what was seen, as on the row (it was "on day 2 at six, believed 70")
    assert t.detail.lines[0] == "on day 3 at six"
    assert "Chain 1" in text


def test_a_change_of_mind_seen_in_the_window_reads_the_rows_again(ui, tmp_path):
    f = Path(tmp_path) / "asked.txt"
    f.write_text(COMMANDS.rsplit("+            show sam", 1)[0])  # asked, nothing shown yet
    build(ui.app, "cancelled_meeting", seed=0, commands=f)
    ui.frame(2)
    ui.key(pygame.K_n)
    model = ui.town.inspector.model
    row = {r.key: r for r in model.visible()}[("sam", "believes meeting.when")]
    assert (row.raw_value, row.source) == ("d2_1800", "declared")
    ui.command("show sam handbill")
    ui.frame(2)
    row = {r.key: r for r in model.visible()}[("sam", "believes meeting.when")]
    assert (row.raw_value, row.source) == ("d3_1800", "witnessed")


def test_a_nod_still_torn_is_doubtful_and_a_name_takes_was(shown):
    """A review: "Rue were left unsure" (a name before 'they''s verb); and Rue, told again
    what she held, nodded "though torn between two accounts" — the row said "seen holding to
    it", believed, where the claim view colours her doubtful."""
    from ui.widgets.detail import BeliefDetail

    sim = shown.town.session.sim
    words, unsure, value, sure = BeliefDetail._seen_since(sim, "rue", "believes meeting.when")
    assert words.startswith("Seen in front of you (day 2 11:50): Rue was left unsure of “on "
                            "day 2 at six”.") and unsure and value == "d2_1800"
    assert "torn between two accounts" in sim.command("tell rue meeting.when d2_1800").text()
    words, unsure, _, sure = BeliefDetail._seen_since(sim, "rue", "believes meeting.when")
    assert "Rue held to “on day 2 at six”, though torn between two accounts." in words
    assert sure == 45  # as the claim view draws one who sounded torn
    assert unsure
    shown.key(pygame.K_n)
    rows = {r.key: r for r in shown.town.inspector.model.visible()}
    rue = rows[("rue", "believes meeting.when")]
    assert (rue.state, rue.told) == ("doubtful", "seen holding to it, torn, day 2 12:00")
