"""Issue 11's rules for the player: what you have learned opens the way (a hidden spot needs a
lead, a witness comes once heard, a mediation needs both sides heard), whoever finds a thing
sees what it shows, and nobody takes on being told they did what they know they did not."""

import pytest

from game.commands import CommandError, parse
from game.player import PLAYER
from game.sim import Simulation


def fresh() -> Simulation:
    return Simulation.new("missing_key", seed=0)


def test_a_hidden_spot_is_gone_through_only_with_a_lead():
    sim = fresh()
    sim.command("go cafe")
    t, looks = sim.now, len(sim.world.log(kind="look"))
    # Typed, a hidden spot nobody has led you to is refused as a made-up one is, in the same
    # words and as a parse error, so a guess of its id learns nothing...
    for guess, made_up in (("search cafe.drawer", "search cafe.drawr"),
                           ("tell ada ada_key.location cafe.drawer",
                            "tell ada ada_key.location cafe.drawr")):
        errors = []
        for line in (guess, made_up):
            with pytest.raises(CommandError) as e:
                sim.command(line)
            errors.append(str(e.value).replace("drawr", "drawer"))
        assert errors[0].split(" — ")[0] == errors[1].split(" — ")[0]
    # ...and read before the run (a walkthrough), the verb refuses it in those words.
    r = sim.command(parse("search cafe.drawer", sim.names()))
    assert not r.ok and sim.now == t
    assert r.text().startswith("no place or spot 'cafe.drawer' — did you mean")
    assert "Ada's key" not in r.text() and len(sim.world.log(kind="look")) == looks
    assert sim.command("search").ok and sim.world.log(kind="look")[-1]["data"]["spot"] is None
    assert "Ada's key" not in sim.command("search").text()  # a look around passes it by
    assert sim.store.belief(PLAYER, "ada_key", "location") is None
    assert not sim.command("take ada_key").ok
    # Fen says where the key went: now the drawer is worth going through.
    sim.command("go inn")
    assert "drawer" in sim.command("ask fen ada_key.location").text()
    sim.command("go cafe")
    r = sim.command("search cafe.drawer")
    assert "Ada's key" in r.text()
    assert sim.store.belief(PLAYER, "ada_key", "location").value == "cafe.drawer"


def test_whoever_finds_a_thing_sees_what_it_shows():
    sim = fresh()
    sim.command("go inn")
    sim.command("ask fen ada_key.location")
    sim.command("go cafe")
    sim.command("search cafe.drawer")
    b = sim.store.belief(PLAYER, "ada_key", "moved_by")
    assert (b.value, b.kind) == ("dee", "witnessed")  # folded in Dee's cloth, seen
    # A resident who goes to look where she was told the key went sees it too.
    sim = fresh()
    for c in ("go inn", "ask fen ada_key.moved_by", "ask fen ada_key.location", "bring fen",
              "go cafe", "ask ada ada_key.location", "mediate ada fen ada_key.location"):
        assert sim.command(c).ok, c
    sim.run(until=sim.now + 60)
    assert any(e["actor"] == "ada" for e in sim.world.log(kind="look"))
    ada = sim.store.belief("ada", "ada_key", "moved_by")
    assert ada.value == "dee" and ada.kind == "witnessed"


def test_a_witness_comes_along_once_you_have_heard_their_account():
    sim = fresh()
    sim.command("go inn")
    t = sim.now
    r = sim.command("bring fen")
    assert not r.ok and sim.now == t + 10
    assert "will not come with you" in r.text() and sim.state["fen"].following is None
    sim.command("who fen day 1 08:10")  # where she was is not an account of the case
    assert not sim.command("bring fen").ok
    sim.command("ask fen ada_key.moved_by")
    assert sim.command("bring fen").ok and sim.state["fen"].following == PLAYER
    # Asked about the case and knowing nothing of it, they have still talked it over with
    # you: they come (no "you have not talked with them about the case").
    sim = fresh()
    sim.command("go hall")
    asked = sim.command("ask gus ada_key.moved_by")  # Gus has heard nothing of it yet
    assert asked.ok and "not know" in asked.text()
    r = sim.command("bring gus")
    assert r.ok and sim.state["gus"].following == PLAYER, r.text()


def test_a_mediation_needs_both_sides_heard_and_not_knowing_is_a_side():
    sim = fresh()
    for c in ("go inn", "ask fen ada_key.moved_by", "bring fen", "go cafe"):
        assert sim.command(c).ok, c
    r = sim.command("mediate ada fen ada_key.moved_by")
    # (the brief says what Ada says: its word, not hers — said so, a playtest)
    assert not r.ok and "You have only the brief's word for where Ada stands on who moved " \
        "Ada's key: ask her first." in r.text()
    assert not sim.world.log(kind="mediate")
    sim.command("ask ada ada_key.moved_by")
    assert sim.command("mediate ada fen ada_key.moved_by").ok
    # Asked, and knowing nothing of it, is a side too: you know where they stand.
    sim = fresh()
    for c in ("go inn", "ask fen ada_key.moved_by", "bring fen", "go hall"):
        assert sim.command(c).ok, c
    assert not sim.command("mediate gus fen ada_key.moved_by").ok  # not asked yet
    asked = sim.command("ask gus ada_key.moved_by")  # Gus has heard nothing of it yet
    assert asked.ok and "not know" in asked.text()
    assert sim.command("mediate gus fen ada_key.moved_by").ok


def test_told_you_did_what_you_know_you_did_not_you_do_not_take_it_on():
    sim = fresh()
    sim.command("go hall")
    r = sim.command("tell gus ada_key.moved_by gus")
    assert r.ok and "takes no notice" in r.text()
    assert sim.store.belief("gus", "ada_key", "moved_by") is None
    said = sim.store.belief_about("gus", PLAYER, "ada_key", "moved_by")
    assert said is not None and said.value == "gus"  # he knows you say so
