"""Issue 14's "done when": an implant found out, a suppression that closes the witness route and
its undo that reopens it (from the command line, on a save, continued with `run --load`), a
scripted edit, and `hearsay diff` naming where two towns parted."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from game import clock, edit_memory
from game.scenario.loader import parse_text
from game.sim import Simulation
from ui.cli import main

ROOT = Path(__file__).resolve().parents[2]
WITNESS = ROOT / "content" / "scenarios" / "missing_key" / "win-bring-the-witness.txt"
MOVED = "ada_key.moved_by"


def with_lines(loaded, after: str, lines: str):
    """missing_key with `lines` added after the line `after` (the file is otherwise as
    shipped, so its walkthroughs still apply)."""
    assert after in loaded.text
    return parse_text(loaded.text.replace(after, after + "\n" + lines, 1), loaded.file)


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_fen_discovers_an_implanted_memory(missing_key):
    sc = with_lines(missing_key, 'role = "detective"', "noticing = true")
    sim = Simulation.new(sc, seed=1)
    # Where the key went: the lead that lets you go through the drawer.
    assert sim.command("go inn").ok and sim.command("ask fen key location").ok
    e = edit_memory(sim, "implant", "fen", MOVED, value="cy")
    b = sim.store.belief("fen", "ada_key", "moved_by")
    assert (b.value, b.source) == ("cy", "implanted")  # Fen saw Dee, and now "remembers" Cy
    assert b.history[-1].cause == "edited by author"
    asked = sim.command("ask fen key moved")
    assert "Cy" in asked.text()
    # The player brings what Fen cannot argue with: the key itself, from the drawer.
    for c in ("go cafe", "search cafe.drawer", "take ada_key", "go inn"):
        assert sim.command(c).ok, c
    reply = sim.command("show fen ada_key")
    found = sim.store.edit(e.id)
    assert found.discovered_at == sim.now - 10 and found.discovered_how == "first-hand"
    assert sim.store.belief("fen", "ada_key", "moved_by").value == "dee"
    words = "Fen realises her memory of who moved Ada's key was not her own"
    assert words + "." in reply.text()  # the player, there, sees it in words
    ev = sim.world.log(kind="realise")
    assert [x["summary"] for x in ev] == [words] and "player" in ev[0]["witnesses"]


def test_without_noticing_only_memory_knows(missing_key):
    sim = Simulation.new(missing_key, seed=1)
    e = edit_memory(sim, "implant", "fen", MOVED, value="cy")
    for c in ("go inn", "ask fen key location", "go cafe", "search cafe.drawer",
              "take ada_key", "go inn"):
        assert sim.command(c).ok, c
    shown_at = sim.now  # day 1 10:00
    assert shown_at == clock.parse_when("day 1 10:00")
    reply = sim.command("show fen ada_key")
    found = sim.store.edit(e.id)
    # Her memory found it out, when the key was shown, from what she saw herself...
    assert (found.discovered_at, found.discovered_how) == (shown_at, "first-hand")
    assert sim.store.belief("fen", "ada_key", "moved_by").value == "dee"
    # ...but without noticing, nobody realises it aloud.
    assert sim.world.log(kind="realise") == [] and "realises" not in reply.text()


def test_suppressing_fens_memory_closes_the_witness_route_and_undo_reopens_it(tmp_path):
    save = tmp_path / "mk.db"
    assert cli("run", "missing_key", "--days", "0.0001", "--save", save).exit_code == 0
    straight = json.loads(cli("run", "missing_key", "--commands", WITNESS, "--json").output)
    assert straight["walkthrough"]["win"] is True

    # Fen's memory of where the key went: without it she cannot send Ada to look.
    res = cli("edit", save, "fen", "ada_key.location", "--suppress")
    assert res.exit_code == 0, res.output
    assert "suppressed Fen's memory of where Ada's key is" in res.output
    lost = json.loads(cli("run", "--load", save, "--commands", WITNESS, "--json").output)
    assert lost["walkthrough"]["win"] is False
    asked = next(s for s in lost["walkthrough"]["steps"]
                 if s["command"] == "ask fen ada_key.location")
    assert "could not remember" in asked["reply"]

    edit_id = json.loads(cli("edits", save, "--json").output)[0]["id"]
    res = cli("edit", save, "--undo", edit_id)
    assert res.exit_code == 0, res.output
    won = json.loads(cli("run", "--load", save, "--commands", WITNESS, "--json").output)
    assert won["walkthrough"]["win"] is True
    # the undo puts back all the town can act on: the same world log as never editing
    assert won["log_sha256"] == straight["log_sha256"]
    listing = cli("edits", save).output
    assert "undone by edit 2" in listing and "undid edit 1" in listing


def test_a_refused_edit_leaves_the_save_as_it_was(tmp_path):
    save = tmp_path / "mk.db"
    cli("run", "missing_key", "--days", "0.0001", "--save", save)
    before = save.read_bytes()
    for args, words in [
        (("nobody", MOVED, "--suppress"), "no resident"),
        (("cy", MOVED, "--suppress"), "holds no belief"),
        (("fen", MOVED, "--implant", "the moon"), "not someone or something"),
        (("fen", MOVED), "give one of"),
        (("fen", MOVED, "--suppress", "--implant", "cy"), "not --implant and --suppress"),
        (("--undo", "7",), "no edit 7"),
        (("fen", MOVED, "--distort", "--confidence", "101"), "101"),
    ]:
        res = cli("edit", save, *args)
        assert res.exit_code == 2, (args, res.output)
        assert words in res.output, (args, res.output)
        assert "Traceback" not in res.output
    assert save.read_bytes() == before


def test_a_scripted_edit(missing_key):
    sc = with_lines(missing_key, "[[reactions]]", "")  # unchanged: a baseline
    edited = parse_text(sc.text + '''
[[events]]
id = "what_if"
at = "day 1 09:00"
kind = "edit"
target = "ada"
edit = "implant"
claim = "ada_key.moved_by"
value = "dee"
confidence = 80
''', sc.file)
    sim = Simulation.new(edited, seed=1)
    sim.step()
    b = sim.store.belief("ada", "ada_key", "moved_by")
    assert (b.value, b.confidence, b.source) == ("dee", 80, "implanted")
    assert sim.store.edits()[0].by == "scenario"
    assert all(x["kind"] != "edit" for x in sim.world.log())  # nothing happened in the world
    # What if Ada had been told it was Dee, with nothing to show for it? The implanted
    # memory is the weakest there is (§3): the first account of anyone who says they saw Cy
    # outranks it, and the town goes on as before.
    # (On some seeds someone who saw Cy — or says so — reaches her within two days: the
    # stronger source decides at once, an update of a belief she held without doubt.)
    overturned = []
    for seed in range(1, 5):
        sim = Simulation.new(edited, seed=seed)
        sim.run(days=2)
        b = sim.store.belief("ada", "ada_key", "moved_by")
        causes = [v.cause for v in b.history]
        after = causes[causes.index("edited by scenario") + 1:]
        if b.value == "cy":
            assert set(after) & {"update", "correct"}, causes
            overturned.append(seed)
    assert overturned


@pytest.mark.parametrize("bad,field", [
    ('kind = "edit"\ntarget = "ada"\nedit = "implant"\nclaim = "ada_key.moved_by"', "value"),
    ('kind = "edit"\ntarget = "ada"\nedit = "suppress"\nclaim = "ada_key.moved_by"\n'
     'value = "dee"', "value"),
    ('kind = "edit"\ntarget = "player"\nedit = "suppress"\nclaim = "ada_key.moved_by"',
     "target"),
    ('kind = "edit"\nedit = "suppress"\nclaim = "ada_key.moved_by"', "kind"),
    ('kind = "happen"\nplace = "cafe"\nedit = "suppress"', "edit"),
])
def test_a_bad_edit_event_names_its_line(missing_key, bad, field):
    from game.scenario import ScenarioError

    text = missing_key.text + f'\n[[events]]\nid = "x"\nat = "day 1 10:00"\n{bad}\n'
    with pytest.raises(ScenarioError) as exc:
        parse_text(text, missing_key.file)
    assert "events[" in str(exc.value) and field in str(exc.value)


def test_diff_of_two_seeds_names_where_they_parted(tmp_path):
    a, b = tmp_path / "s1.db", tmp_path / "s2.db"
    for seed, path in ((1, a), (2, b)):
        assert cli("run", "missing_key", "--seed", seed, "--days", 1, "--save", path) \
            .exit_code == 0
    res = cli("diff", a, b)
    assert res.exit_code == 0, res.output
    out = res.output
    assert "The towns parted at day 1" in out and "  A: " in out and "  B: " in out
    assert "parted day 1" in out  # and each differing belief says where its history parted
    # a claim of where someone was says its hour: ten "Eli — where Eli was" could not be told
    # apart (a developer's trial)
    assert "Bo — where Dee was between 07:00 and 08:00 on day 1: " in out
    lines = [ln for ln in out.splitlines() if ln.startswith("  ") and " — " in ln]
    assert len({ln.partition(": A ")[0] for ln in lines}) == len(lines)
    data = json.loads(cli("diff", a, b, "--json").output)
    first = data["log"]
    assert first["a"]["summary"] != first["b"]["summary"]
    assert data["beliefs"] and all(d["parted"] for d in data["beliefs"])
    one = cli("diff", a, b, "--resident", "ada", "--claim", MOVED, "--json")
    assert all(d["resident"] == "ada" and d["claim"] == MOVED
               for d in json.loads(one.output)["beliefs"])
    same = cli("diff", a, a)
    assert "The world logs are the same." in same.output and "No belief differs." in same.output


def test_diff_shows_a_suppressed_memory(tmp_path):
    """A suppression changes no value, confidence or state — only whether the memory comes
    to mind — so diff said nothing of it (an author's report). The edits on a belief are part
    of how it stands."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    assert cli("run", "missing_key", "--seed", 1, "--days", 1, "--save", a).exit_code == 0
    b.write_bytes(a.read_bytes())
    assert cli("edit", b, "fen", MOVED, "--suppress").exit_code == 0
    res = cli("diff", a, b)
    assert res.exit_code == 0, res.output
    assert "The world logs are the same." in res.output
    assert "1 belief differs:" in res.output
    assert "Fen — who moved Ada's key" in res.output and "edited: suppress" in res.output
    data = json.loads(cli("diff", a, b, "--json").output)
    assert [d["b"]["edits"] for d in data["beliefs"]] == [["suppress"]]
    # Undone, the suppression is no difference (a review): the belief is as it was.
    assert cli("edit", b, "--undo", 1).exit_code == 0
    res = cli("diff", a, b)
    assert "No belief differs." in res.output, res.output


def test_edit_reads_values_as_the_author_not_the_player(tmp_path):
    """`edit` is an author's tool: it named only the answers the player had met, refused a
    hidden spot nobody had led the player to, and spoke of 'an answer you have heard' (an
    author's report)."""
    save = tmp_path / "s.db"
    assert cli("run", "missing_key", "--seed", 1, "--days", 1, "--save", save).exit_code == 0
    res = cli("edit", save, "eli", "ada_key.location", "--implant", "drawer")
    assert res.exit_code == 0, res.output
    assert "Ada's Café, drawer" in res.output
    res = cli("edit", save, "fen", MOVED, "--distort", "nowhere_at_all")
    assert res.exit_code == 2
    assert "is not someone or something in this town" in res.output
    assert "you have heard" not in res.output


def test_diff_of_two_stories_says_so_and_names_each_in_its_own(tmp_path):
    """786 differences of two scenarios' saves came with no word of why, residents of B were
    named by id ('joss'), and the player's whereabouts were 'where you was' (a hostile-input
    test)."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    assert cli("run", "missing_key", "--days", 0.5, "--save", a).exit_code == 0
    assert cli("run", "the_ledger", "--days", 0.5, "--save", b).exit_code == 0
    out = cli("diff", a, b).output
    assert "These are two stories, missing_key and the_ledger" in out
    assert "  Joss — " in out and "  joss — " not in out
    assert "where you was" not in out


def test_edit_suggests_a_claim_by_the_id_it_takes(tmp_path):
    """`edit … nothing.here` offered "where ada's key is", which edit does not take (a
    developer's trial): an author's tool names the nearest claim by its id."""
    path = tmp_path / "s.db"
    assert cli("run", "missing_key", "--days", 1, "--save", path).exit_code == 0
    res = cli("edit", path, "fen", "nothing.here", "--suppress")
    assert res.exit_code == 2
    assert "no claim 'nothing.here' — did you mean 'ada_key." in res.output, res.output
