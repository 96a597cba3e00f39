"""What two playtests (the command line and the window) found, each held here: one told of
themselves what they saw otherwise does not take it on; a resident finding something in front
of the player is said and listed; a walk that cannot be begun costs nothing; 'read key' of a
thing says it is shown, not searched; an ending says when the player's answer was not what
their notes bore out; a step from a save points to the case board's list of what was seen."""

from __future__ import annotations

from click.testing import CliRunner

from game import perception
from game.commands import CommandError
from game.player import PLAYER
from game.sim import Simulation
from game.world import Event
from ui.cli import main


def _held(sim, rid, claim):
    s, a = claim.split(".")
    b = sim.store.belief(rid, s, a, history=False)
    return (b.value, b.state.value) if b else None


def test_told_by_the_player_what_they_saw_otherwise_of_themselves():
    sim = Simulation.new("bad_blood", seed=0)
    sim.command("go fallows")
    before = _held(sim, "ben", "ben.refused_why")
    assert before == ("working", "influencing")
    r = sim.command("tell ben ben refused slight")
    assert r.ok and "shakes his head" in r.text() and "no longer sure" not in r.text()
    assert _held(sim, "ben", "ben.refused_why") == before
    # He learns that the player says so: what the player believes, by the player's word.
    said = sim.store.belief("ben", PLAYER, "believes ben.refused_why", history=False)
    assert said is not None and said.value == "slight" and said.kind == "declared"
    # And he still says his own account, sure of it.
    assert "night shift" in sim.command("ask ben ben refused").text()


def test_told_by_a_resident_what_they_saw_otherwise_of_themselves():
    sim = Simulation.new("bad_blood", seed=0)
    before = _held(sim, "ben", "ben.refused_why")
    eid, _ = sim.record(Event(kind="talk", at=sim.now, actor="ivo", target="ben",
                                         place="fallows", claim="ben.refused_why",
                                         value="slight", summary="ivo told ben",
                                         participants=["ivo", "ben"]))
    perception.told(sim, eid, "ben", "ivo", "ben.refused_why", "slight", "ivo", ["ivo"],
                    "saw")
    sim.flush()
    assert _held(sim, "ben", "ben.refused_why") == before
    assert sim.store.belief("ben", "ivo", "believes ben.refused_why").value == "slight"
    # Of someone else, the same words are evidence as ever (Ana takes Ivo's word on Ben).
    assert not perception.knows_otherwise(sim, "ana", "ben", "refused_why", "working")
    assert perception.knows_otherwise(sim, "ben", "ben", "refused_why", "slight")
    assert not perception.knows_otherwise(sim, "ben", "ben", "refused_why", "working")


def test_a_find_in_front_of_the_player_is_said_and_kept_on_the_case_board(tmp_path):
    """Ada found her key in the drawer while the player waited in her café: nothing was
    said, and the run's head said "you saw nothing notable happen"."""
    sim = Simulation.new("missing_key", seed=0)
    for line in ("go inn", "ask fen key location", "go cafe", "tell ada key location drawer"):
        assert sim.command(line).ok, line
    waited = sim.command("wait 1h").text()
    assert "Ada looked at the drawer in Ada's Café and found Ada's key" in waited
    commands, save = tmp_path / "c.txt", tmp_path / "g.db"
    commands.write_text("+ go inn\n+ ask fen key location\n+ go cafe\n"
                        "+ tell ada key location drawer\n+ wait 1h\n")
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", str(commands),
                                    "--days", "0", "--save", str(save)])
    assert res.exit_code == 0, res.output
    head = res.output.split("> day")[0]
    assert "found Ada's key" in head
    step = tmp_path / "s.txt"
    step.write_text("+ look\n")
    res = CliRunner().invoke(main, ["run", "--load", str(save), "--commands", str(step),
                                    "--days", "0", "--notebook"])
    assert res.exit_code == 0, res.output
    board = res.output.split("WHAT YOU SAW HAPPEN", 1)[1].split("WHAT YOU HAVE", 1)[0]
    assert "found Ada's key" in board and "Cy avoided Ada" in board


def test_walking_to_where_you_are_or_out_of_town_costs_nothing():
    sim = Simulation.new("missing_key", seed=0)
    t = sim.now
    r = sim.command("go square")
    assert not r.ok and "already at" in r.text() and sim.now == t


def test_reading_a_thing_in_hand_reads_it_and_one_not_in_hand_says_so():
    sim = Simulation.new("missing_key", seed=0)
    try:
        sim.command("read key")  # not found yet
    except CommandError as exc:
        said = str(exc)
    else:
        said = ""
    assert "is a thing, not a place to search" in said and "show RESIDENT key" in said
    assert "bakery" not in said  # ('read key' offered "cy's bakery": a playtest)
    for line in ("go inn", "ask fen key location", "go cafe", "search drawer", "take key"):
        assert sim.command(line).ok, line
    t = sim.now
    r = sim.command("read key")  # in hand: looked at, no time
    assert r.ok and r.text().startswith("You look at Ada's key.") and sim.now == t


def test_reading_a_card_in_hand_reads_its_words():
    """'read oswin_card' while carrying it stopped the walkthrough with exit 2 (a
    hostile-input run)."""
    sim = Simulation.new("the_ledger", seed=0)
    for line in ("go clinic", "ask tilly oswin_card.location", "go oswin_home",
                 "search oswin_home.desk", "take oswin_card"):
        assert sim.command(line).ok, line
    r = sim.command("read oswin card")
    card = sim.objects["oswin_card"]
    assert r.ok and r.text().startswith(f"You read {card['name']}: ")
    assert " ".join(card["text"].split()) in r.text()


def test_an_answer_the_notes_did_not_bear_out_is_named_at_the_end():
    sim = Simulation.new("missing_key", seed=0)
    for teller in ("bo", "hana", "gus"):  # three who say they saw Cy do it
        sim.store.perceive(dict(resident=PLAYER, subject="ada_key", attribute="moved_by",
                                value="cy", kind="hearsay", teller=teller, origin=teller,
                                basis="saw", at=sim.now, event=f"t{teller}"))
    for line in ("go inn", "ask fen key moved", "conclude key moved dee"):
        assert sim.command(line).ok, line
    assert _held(sim, PLAYER, "ada_key.moved_by")[0] == "cy"
    stage = next(s for s in sim.sc.stages if s.id == "found_witness")
    reached = sim.stages_reached()
    assert stage.id not in reached
    line = sim._why_not_held(stage, reached)
    assert line.startswith(" (You concluded so, but what you had heard still weighed")
    sim.command("conclude key moved cy")
    assert sim._why_not_held(stage, reached) == \
        " (You read or heard so, but did not come to believe it.)"


def test_residents_with_load_says_what_is_wrong(tmp_path):
    save = tmp_path / "g.db"
    res = CliRunner().invoke(main, ["run", "missing_key", "--days", "1", "--save", str(save)])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["run", "--load", str(save), "--residents", "5"])
    assert res.exit_code == 2
    assert "--residents makes a new town" in res.output


def test_a_time_given_to_wait_points_to_wait_until():
    sim = Simulation.new("missing_key", seed=0)
    try:
        sim.command("wait 09:00")
    except CommandError as exc:
        said = str(exc)
    else:
        said = ""
    assert said.startswith("'09:00' is a time: wait until 09:00 waits until then")


def test_one_accused_of_it_says_so_when_asked():
    """Cy, just accused by Ada of taking the key, answered "Nobody's said a word to me about
    that" (a playtest): she says what her memory holds of it — the accusation."""
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go cafe")
    sim.command("wait 40m")
    said = sim.command("ask cy key moved").text()
    assert "Ada accused me of it: her key was moved by me" in said
    assert "Nobody's said a word" not in said


def test_a_page_read_of_oneself_against_what_one_saw_puts_nothing_in_doubt():
    """Mira, in the shop where the new ledger lies, read "not allergic" of herself and came
    to say "I'm not sure any more" of her own allergy (a window playtest)."""
    from game import perception as seen

    sim = Simulation.new("the_ledger", seed=0)
    ledger = next(d for d, doc in sim.documents.items()
                  if ("mira.willowbark_allergy", "no") in [tuple(x) for x in doc["says"]])
    before = _held(sim, "mira", "mira.willowbark_allergy")
    assert before == ("yes", "influencing")
    seen.read(sim, "mira", ledger)
    sim.flush()
    assert _held(sim, "mira", "mira.willowbark_allergy") == before
    # Tilly, reading the same pages of someone else, takes them in as ever.
    seen.read(sim, "tilly", ledger)
    sim.flush()
    assert _held(sim, "tilly", "mira.willowbark_allergy")[0] == "no"


def test_the_log_says_a_notice_was_pinned_and_a_why_was_a_why(tmp_path):
    """Quill said "I pinned it up myself", and the Log tab read "(he said he saw it)", and
    logged the `why` as a plain ask (a window playtest)."""
    from game import seen_events, seen_summary

    sim = Simulation.new("cancelled_meeting", seed=0)
    for line in ("wait until 11:20", "go old hall", "ask quill meeting when",
                 "why quill meeting when"):
        assert sim.command(line).ok, line
    lines = [seen_summary(sim, e) for e in seen_events(sim, PLAYER) if e["actor"] == "quill"
             and e["claim"] == "meeting.when" and e["target"] == PLAYER]
    assert lines == [
        "You asked Quill, who told you that the town meeting is cancelled (he said he put it "
        "up himself)",
        "You asked Quill why he holds that the town meeting is cancelled (he said he put it "
        "up himself)"]


def test_words_caught_in_passing_are_said_as_overheard():
    """Pat answered "Rue told me" of Rue's answer to the player, which Pat only overheard, and
    the log had no telling of Rue's to Pat (a window playtest)."""
    sim = Simulation.new("cancelled_meeting", seed=0)
    for line in ("wait until 11:40", "go lamb", "ask pat meeting when", "ask rue meeting when",
                 "wait until 13:10"):
        assert sim.command(line).ok, line
    why = sim.command("why pat meeting when").text()
    assert why.startswith("Pat: I heard Rue say so,") and "Rue told me" not in why
    assert sim.command("ask pat meeting when").text().startswith("Pat: I heard Rue say ")


def test_seed_with_load_is_refused_not_ignored(tmp_path):
    save = tmp_path / "g.db"
    res = CliRunner().invoke(main, ["run", "missing_key", "--days", "1", "--save", str(save)])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["run", "--load", str(save), "--seed", "5"])
    assert res.exit_code == 2 and "goes on with the seed it was saved with" in res.output
    res = CliRunner().invoke(main, ["run", "--load", str(save), "--days", "0.1"])
    assert res.exit_code == 0, res.output


def test_a_change_of_mind_in_front_of_you_counts_as_what_they_last_told_you():
    """Ana, shown the rota, said "I had it wrong"; at the table later her nod read "though she
    told you otherwise before" (a window playtest)."""
    sim = Simulation.new("bad_blood", seed=0)
    for line in ("go mill", "ask mo rota location", "search desk", "take rota",
                 "go ana's bakery", "ask ana ben refused", "show ana rota", "go fallows",
                 "ask ben ben refused", "go ana's bakery", "bring ana", "go fallows"):
        assert sim.command(line).ok, line
    said = sim.command("mediate ana ben ben refused").text()
    assert "Ana nods: it is as she thought" in said and "told you otherwise" not in said
