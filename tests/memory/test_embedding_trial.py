"""A game developer's trial of the memory module on its own (2026-12-07): a guess whose premise
the resident does not hold got past the guard as the wrong error, closing the store closed the
caller's own connection, and evidence under the store's own "believes …" name was taken as a
teller's word."""

from __future__ import annotations

import pytest
import sqlite_utils

from memory import Evidence, GuardRefusal, MemoryStore
from memory.errors import InvalidEvidence


def test_a_guess_on_a_premise_not_held_is_refused_by_the_guard_and_writes_nothing():
    store = MemoryStore(":memory:")
    with pytest.raises(GuardRefusal, match="premises: ada holds no belief about x.y"):
        store.propose(dict(resident="ada", subject="ring", attribute="taken_by", value="rook",
                           kind="inferred", premises=("x.y",), at=0, certainty="guess"))
    assert store.belief("ada", "ring", "taken_by") is None
    assert store.evidence("ada", "ring", "taken_by") == []


def test_closing_the_store_leaves_a_database_the_caller_passed_open():
    db = sqlite_utils.Database(memory=True)
    db["scores"].insert({"player": "ada", "points": 3})
    store = MemoryStore(db)
    store.perceive(Evidence(resident="ada", subject="ring", attribute="taken_by", value="rook",
                            kind="firsthand", event="e1", at=0))
    store.close()
    assert db.execute("select points from scores").fetchone() == (3,)
    # what the store wrote is there, on the caller's connection, to reopen a store on
    assert MemoryStore(db).belief("ada", "ring", "taken_by").value == "rook"


def test_a_store_that_opened_its_own_file_closes_it(tmp_path):
    store = MemoryStore(tmp_path / "m.db")
    conn = store.db.conn
    store.close()
    with pytest.raises(Exception, match="closed"):
        conn.execute("select 1")


@pytest.mark.parametrize("attribute", ["believes ring.taken_by", "Believes ring.taken_by"])
def test_the_memory_s_own_name_for_beliefs_about_others_is_refused_as_an_attribute(attribute):
    with pytest.raises(InvalidEvidence, match="attribute: 'believes …' is what someone says"):
        Evidence(resident="cy", subject="bo", attribute=attribute, value="rook",
                 kind="witnessed", event="x", at=0)
    with pytest.raises(InvalidEvidence, match="told by its subject"):  # not Bo's own word
        Evidence(resident="cy", subject="bo", attribute=attribute, value="rook",
                 kind="declared", teller="dee", at=0)
    # what Bo says he believes, in his own words, is what the name is for (a game records a
    # player's word so: told of themselves what they know otherwise)
    store = MemoryStore(":memory:")
    store.perceive(Evidence(resident="cy", subject="bo", attribute="believes ring.taken_by",
                            value="rook", kind="declared", teller="bo", at=0))
    assert store.belief_about("cy", "bo", "ring", "taken_by").value == "rook"
    from memory import Observed

    with pytest.raises(InvalidEvidence, match="never observed"):
        Observed("cy", "bo", attribute, "ana", "firsthand", 10, "w1")
    # an attribute merely starting with the word is a game's own
    Evidence(resident="cy", subject="bo", attribute="believes_in", value="rook",
             kind="witnessed", event="x", at=0)


def test_an_implant_against_a_sighting_is_noted_in_plain_words():
    """The history of an implant read "implanted from implanted by author says bo"."""
    store = MemoryStore(":memory:")
    store.perceive(Evidence(resident="cy", subject="ring", attribute="taken_by", value="dee",
                            kind="firsthand", event="e1", at=0))
    store.implant("cy", "ring", "taken_by", "bo", by="author", at=10)
    notes = [v.note for v in store.history("cy", "ring", "taken_by")]
    doubt = next(n for n in notes if "ranks below" in n)
    assert doubt.startswith("implanted by author says bo; it ranks below the first-hand "
                            "evidence for dee"), notes
