"""The author's hand in the window (issue 14): in open minds, a selected belief has Implant /
Distort / Suppress; a small form, a confirmation in words, and the edit in the history and the
audit — undoable from the same place. In play there is no such thing. The belief page draws
the resident's confidence over time, and the claim view (open minds) how the claim spread.

`HEARSAY_SHOTS=1` saves the README's screenshot (docs/img/edit-window.png)."""

import os
from pathlib import Path

from ui.play import build

ROOT = Path(__file__).resolve().parents[2]


def fens_memory(ui, open_minds=True):
    build(ui.app, "missing_key", seed=0, at="day 1 13:00", debug=open_minds,
          select="fen", belief="ada_key.moved_by")
    ui.frame(2)
    return ui.town


def test_implant_from_the_window_with_confirmation(ui, tmp_path):
    t = fens_memory(ui)
    d = t.detail
    ui.click_zone(d, "edit:implant")
    ui.click_zone(d, "value:cy")
    ui.click_zone(d, "conf:+")
    ui.click_zone(d, "edit:apply")
    ask = "Implant Cy in Fen's memory of who moved Ada's key, at 60?"
    assert any(ask in line for line in d.editbar.lines) and ui.shows("Confirm")
    store = t.session.sim.store
    assert store.edits() == []  # nothing until confirmed
    ui.click_zone(d, "edit:confirm")
    e = store.edits()[0]
    assert (e.kind, e.resident, e.value, e.confidence, e.by) == ("implant", "fen", "cy", 60,
                                                                 "author")
    ui.frame(2)
    b = store.belief("fen", "ada_key", "moved_by")
    assert (b.value, b.confidence) == ("cy", 60)
    assert "edited by author" in d.lines  # in the history, as the cause of a version
    assert any("implanted in Fen's memory" in line for line in d.editbar.lines)
    assert ui.shows("Undo")
    shot = (ROOT / "docs" / "img" / "edit-window.png" if os.environ.get("HEARSAY_SHOTS")
            else tmp_path / "edit-window.png")
    ui.app.screenshot(shot)
    assert shot.stat().st_size > 10_000
    ui.click_zone(d, "edit:undo:1")
    assert store.belief("fen", "ada_key", "moved_by").value == "dee"
    assert store.edit(1).undone_by == 2


def test_cancel_and_suppress(ui):
    t = fens_memory(ui)
    d = t.detail
    ui.click_zone(d, "edit:suppress")
    ui.click_zone(d, "edit:apply")
    ui.click_zone(d, "edit:cancel")
    assert t.session.sim.store.edits() == []
    ui.click_zone(d, "edit:suppress")
    ui.click_zone(d, "edit:apply")
    ui.click_zone(d, "edit:confirm")
    now = t.session.now
    assert t.session.sim.store.belief("fen", "ada_key", "moved_by").access(now) == \
        "unrecallable"


def test_no_edits_and_no_spread_in_play(ui):
    build(ui.app, "missing_key", seed=0, at="day 1 13:00", select="player",
          claim="ada_key.moved_by")
    ui.frame(2)
    t = ui.town
    assert t.detail.zones.find("edit:implant") is None
    assert not ui.shows("HOW IT SPREAD")
    assert t.session.edit("implant", "fen", "ada_key.moved_by", value="cy").startswith(
        "Memory edits are for authors")


def test_the_claim_view_shows_how_it_spread_in_open_minds(ui):
    build(ui.app, "missing_key", seed=0, at="day 2 10:00", debug=True,
          claim="ada_key.moved_by")
    ui.frame(2)
    assert ui.shows("HOW IT SPREAD (open minds)") and ui.shows("Cy") and ui.shows("Dee")
