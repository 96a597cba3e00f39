"""Scripted words passed on (issue 10): relays keep their origin, two relays of one rumour are
one origin, an unsourced relay takes the speaker's own belief's origin; a spoken `say` needs
speaker and listener in one place, or is a letter with its own source kind; a reaction's target
must be a resident, and nobody accuses an animal."""

from pathlib import Path

import pytest

from game import acts, clock
from game.scenario import ScenarioError
from game.scenario.loader import parse_text
from game.sim import Simulation

BASE = '''
[scenario]
id = "relays"
title = "Relays"
premise = "Four neighbours at home pass a rumour about Dan along."
start = "day 1 09:00"
days = 1

[attributes.took]
actor = true
importance = 9

[[places]]
id = "square"
name = "Square"

[[places]]
id = "home"
name = "Home"
kind = "home"

[[residents]]
id = "ann"
name = "Ann"
home = "home"
traits = { talkativeness = 0.0 }

[[residents]]
id = "ben"
name = "Ben"
home = "home"
traits = { talkativeness = 0.0 }

[[residents]]
id = "cat"
name = "Cat"
home = "home"
traits = { talkativeness = 0.0, curiosity = 0.0 }

[[residents]]
id = "dan"
name = "Dan"
home = "home"
traits = { talkativeness = 0.0, curiosity = 0.0 }
schedule = [{ at = "08:00", place = "square" }, { at = "20:00", place = "home" }]
'''


def say(eid, at, actor, target, *, value="yes", extra=""):
    return f'''
[[events]]
id = "{eid}"
at = "{at}"
kind = "say"
actor = "{actor}"
{f'target = "{target}"' if target else ''}
says = [{{ claim = "dan.took", value = "{value}" }}]
{extra}
'''


def run(text, until="day 1 12:00"):
    sim = Simulation.new(parse_text(text, Path("relays.toml")), 0)
    sim.run(until=clock.parse_when(until))
    return sim


def test_two_scripted_relays_of_one_rumour_are_one_origin():
    """Ben passes on what Ann first said, then Ann herself says she saw it: one origin, so the
    second counts only because its kind is stronger (testimony over rumour, +8, §5.2)..."""
    text = BASE + say("r1", "day 1 09:10", "ben", "cat", extra='basis = "heard"\n'
                      'origin = "ann"') + say("r2", "day 1 09:30", "ann", "cat",
                                              extra='basis = "saw"')
    sim = run(text)
    ev = sim.store.evidence("cat", "dan", "took")
    assert [(e.teller, e.origin, e.chain) for e in ev] == [
        ("ben", "ann", ["ann", "ben"]), ("ann", "ann", ["ann"])]
    b = sim.store.belief("cat", "dan", "took")
    assert (b.confidence, b.sources, b.exposures) == (66, 1, 0)
    # ...and a second relay of the same rumour, heard again, is exposure: never support.
    text = BASE + say("r1", "day 1 09:10", "ben", "cat", extra='basis = "heard"\n'
                      'origin = "ann"') + say("r2", "day 1 09:30", "ann", "cat",
                                              extra='basis = "heard"\nheard_from = "ben"\n'
                                              'origin = "ann"')
    b = run(text).store.belief("cat", "dan", "took")
    assert (b.confidence, b.sources, b.exposures) == (58, 1, 1)


def test_an_unsourced_relay_takes_the_speakers_own_origin_not_the_speaker():
    text = BASE + '''
[[beliefs]]
resident = "ben"
claim = "dan.took"
value = "yes"
kind = "hearsay"
teller = "ann"
origin = "ann"
''' + say("r1", "day 1 09:10", "ben", "cat", extra='basis = "heard"')
    [e] = run(text).store.evidence("cat", "dan", "took")
    assert (e.teller, e.origin, e.chain) == ("ben", "ann", ["ann", "ben"])


def test_an_unsourced_relay_with_no_belief_behind_it_has_no_known_origin():
    text = BASE + say("r1", "day 1 09:10", "ben", "cat", extra='basis = "heard"')
    [e] = run(text).store.evidence("cat", "dan", "took")
    assert (e.teller, e.origin) == ("ben", "someone")


def test_a_spoken_say_to_someone_elsewhere_is_refused_with_its_line():
    text = BASE + say("r1", "day 1 10:00", "ann", "dan")
    with pytest.raises(ScenarioError) as exc:
        parse_text(text, Path("relays.toml"))
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if 'target = "dan"' in ln)
    assert exc.value.field == "events[0].target" and exc.value.line == line
    assert "square" in exc.value.reason and 'by = "letter"' in exc.value.reason


def test_a_letter_reaches_its_reader_anywhere_as_a_document():
    text = BASE + say("r1", "day 1 10:00", "ann", "dan", extra='by = "letter"')
    sim = run(text)
    [e] = sim.store.evidence("dan", "dan", "took")
    assert (e.kind, e.document, e.source) == ("document", "letter_r1", "document")
    assert sim.store.belief_about("dan", "ann", "dan", "took").value == "yes"
    [log] = sim.world.log(kind="letter")
    assert (log["actor"], log["target"], log["witnesses"]) == ("ann", "dan", [])


def test_a_relay_naming_its_source_must_say_it_was_heard():
    text = BASE + say("r1", "day 1 09:10", "ben", "cat", extra='origin = "ann"')
    with pytest.raises(ScenarioError, match="basis"):
        parse_text(text, Path("relays.toml"))


REACT = '''
[attributes.bit]
actor = false
importance = 9

[[beliefs]]
resident = "ben"
claim = "dog.bit"
value = "ben"
kind = "firsthand"

[[beliefs]]
resident = "ben"
claim = "cat.bit"
value = "ben"
kind = "firsthand"

[[reactions]]
id = "blame"
who = ["ben"]
believes = { claim = "?x.bit", value = "ben" }
action = "accuse"
target = "?x"
once = false
'''


def test_nobody_is_accused_but_a_resident():
    """The reaction fits both beliefs; Ben accuses Cat — and never the dog."""
    sim = run(BASE + REACT, until="day 1 20:00")
    targets = {e["target"] for e in sim.world.log(kind="accuse")}
    assert targets == {"cat"}
    b = sim.store.belief("ben", "dog", "bit")
    assert acts.accuse(sim, "ben", "dog", b, "home") is None
    assert {e["target"] for e in sim.world.log(kind="accuse")} == {"cat"}


def test_validate_refuses_a_reaction_aimed_at_a_thing():
    text = BASE + REACT.replace('believes = { claim = "?x.bit", value = "ben" }',
                                'believes = { claim = "dog.bit", value = "ben" }').replace(
        'target = "?x"', 'target = "subject"')
    with pytest.raises(ScenarioError) as exc:
        parse_text(text, Path("relays.toml"))
    assert exc.value.field == "reactions[0].target"
    assert "'dog'" in exc.value.reason and "only a resident" in exc.value.reason
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if 'target = "subject"' in ln)
    assert exc.value.line == line
