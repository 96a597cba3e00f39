"""Replies say what visibly changed (issue 9): in the resident's words and in a short marked line
the player can scan; opposite inputs never read the same; open minds adds the numbers."""

import re

from game.sim import Simulation
from tests.game.conftest import as_author


def told(value: str):
    sim = Simulation.new("the_ledger", seed=0)
    sim.run(until=sim.now + 60)
    sim.command("go clinic")
    return sim.command(f"tell tilly mira.willowbark_allergy {value}")


def test_opposite_inputs_never_read_the_same():
    yes, no = told("yes"), told("no")
    assert yes.ok and no.ok
    assert yes.text() != no.text()
    speech_yes = [ln.text for ln in yes.lines if ln.kind == "speech"][0]
    speech_no = [ln.text for ln in no.lines if ln.kind == "speech"][0]
    assert speech_yes != speech_no
    mark_yes = [ln.text for ln in yes.lines if ln.kind == "mark"][0]
    mark_no = [ln.text for ln in no.lines if ln.kind == "mark"][0]
    assert mark_yes != mark_no and "Tilly" in mark_yes and "Tilly" in mark_no


def test_the_marked_line_names_the_change_and_open_minds_adds_numbers():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=sim.now + 30)
    sim.command("go cafe")
    r = as_author(sim, "tell ada cy at counter no")
    mark = [ln for ln in r.lines if ln.kind == "mark"][0]
    assert mark.text == "Ada frowns — she's no longer sure that Cy was at the café counter " \
                        "early."
    assert "▸ Ada frowns" in r.text()
    assert not re.search(r"\d+ → \d+", r.text())  # play: no numbers
    assert re.search(r"yes 78 → \d+, anomalous", r.text(open_minds=True))


def test_every_verb_says_what_changed_in_a_marked_line():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=sim.now + 30)
    for cmd in ("go inn", "ask fen key location", "go cafe", "ask ada key moved",
                "search drawer", "take key", "show ada key", "where is fen", "go inn",
                "who fen day 1 08:10", "ask fen key moved", "bring fen", "go cafe",
                "mediate ada fen key moved", "tell ada cy barred no", "wait 30",
                "conclude key moved dee"):
        r = as_author(sim, cmd) if "barred" in cmd else sim.command(cmd)
        assert r.ok, (cmd, r.text())
        assert any(ln.kind == "mark" for ln in r.lines), (cmd, r.text())


def test_why_tells_word_that_came_round_from_the_speaker_and_never_joins_two_stories():
    """A playtest: Sam, asked why, said "Ora told me. Pat had it from Sam. Sam had it from
    Ora…" — himself in the third person, round the loop, and a chain that was not Ora's."""
    from game import clock, talk
    from game.player import _links

    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=clock.parse_when("day 2 13:00"))
    b = sim.store.belief("pat", "meeting", "when")
    assert b is not None and b.kind == "hearsay"

    def links(chain: tuple[str, ...], teller: str) -> list[str]:
        told = talk.Told(0, "meeting.when", b.value, "heard", chain[0], chain, False)
        return _links(sim, b, told, teller)

    assert links(("notice", "rue", "sam", "pat"), "sam") == [
        "Sam had it from Rue.", "Rue read it on the notice board."]
    # It went Rue -> Pat -> Sam and back to Pat: told from where it left Pat.
    assert links(("notice", "rue", "pat", "sam", "pat"), "sam") == ["Sam had it from me."]
    # The telling the chain comes from is not the named teller's: no chain at all.
    assert links(("notice", "rue", "sam", "pat"), "ora") == []


def test_who_told_them_is_the_same_in_their_words_and_in_the_note():
    """Playtests: Pat said "Ned told me…" (the belief's first teller), and the note of the
    same answer "they had heard it from Sam, who had it from Ned" (the latest telling, which
    the chain came from); later Pat said "Ned told me" (the latest) under a note "heard it from
    Quill" (the belief's). Both now come from the telling the belief holds by: the first."""
    sim = Simulation.new("cancelled_meeting", seed=23)
    for line in ("wait 1d", "wait 1h", "wait 50", "wait", "search", "go inn",
                 "ask sam meeting.when"):
        sim.command(line)
    b = sim.store.belief("pat", "meeting", "when")
    assert b.teller == "ned"  # the first to tell her; Sam told her since
    text = sim.command("ask pat meeting.when").text()
    assert "Pat: Ned told me the town meeting is cancelled." in text
    assert "they had heard it from Ned;" in text
