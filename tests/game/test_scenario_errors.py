"""Broken scenarios name the file, the line and the field; nothing is written (issue 3)."""

import pytest
from click.testing import CliRunner

from game import clock
from game.people import ASLEEP, AWAKE
from game.scenario import ScenarioError, load_scenario
from game.sim import Simulation
from ui.cli import main

from .conftest import SEEN_AT_TEN, TINY, with_keys


def error_for(write_scenario, text):
    path = write_scenario(text)
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    return exc.value, path


def line_of(text: str, needle: str) -> int:
    for n, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return n
    raise AssertionError(needle)


def test_trait_out_of_range_names_line_and_field(write_scenario):
    text = TINY.replace("traits = { talkativeness = 0.0 }", "traits = { talkativeness = 1.5 }")
    err, path = error_for(write_scenario, text)
    assert err.line == line_of(text, "talkativeness = 1.5")
    assert err.field == "residents[0].traits.talkativeness"
    assert str(path) in str(err) and f":{err.line}:" in str(err)


def test_missing_required_key_names_its_table_and_suggests_the_misspelling(write_scenario):
    text = TINY.replace('id = "cat"\nname = "Cat"', 'id = "cat"\nnmae = "Cat"')
    err, _ = error_for(write_scenario, text)
    assert err.field == "residents[2].name"
    assert "nmae" in err.reason
    assert err.line == line_of(text, 'id = "cat"') - 1  # the [[residents]] header


def test_unknown_reference_is_an_error_with_a_suggestion(write_scenario):
    text = TINY.replace('id = "dan"\nname = "Dan"\nhome = "home"',
                        'id = "dan"\nname = "Dan"\nhome = "hom"')
    err, _ = error_for(write_scenario, text)
    assert err.field == "residents[3].home"
    assert "did you mean 'home'" in err.reason
    assert err.line == line_of(text, 'home = "hom"')


def test_toml_syntax_error_gives_its_line(write_scenario):
    text = TINY.replace('name = "Ben"', 'name = "Ben')
    err, _ = error_for(write_scenario, text)
    assert err.line == line_of(text, 'name = "Ben')
    assert "TOML" in err.reason


def test_bad_condition_is_an_error_at_its_line(write_scenario):
    text = TINY + '''
[[endings]]
id = "done"
title = "Done"
text = "It is over."
when = 'belives("ann", "x.y", "z")'
'''
    err, _ = error_for(write_scenario, text)
    assert err.field == "endings[0].when"
    assert "did you mean believes" in err.reason
    assert err.line == line_of(text, "belives")


def test_initial_belief_breaking_the_source_rules_is_an_error(write_scenario):
    text = TINY + '''
[[beliefs]]
resident = "ben"
claim = "ann.took"
value = "yes"
kind = "hearsay"
'''
    err, _ = error_for(write_scenario, text)
    assert err.field == "beliefs[0].teller"
    assert err.line == line_of(text, "[[beliefs]]")


def test_unknown_key_is_a_warning_not_an_error(write_scenario):
    text = TINY.replace('title = "Tiny"', 'title = "Tiny"\ncolour = "blue"\ndyas = 2')
    loaded = load_scenario(write_scenario(text))
    assert any("scenario.colour" in w and "unknown key" in w for w in loaded.warnings)
    assert any("did you mean 'days'" in w for w in loaded.warnings)


def test_validate_exits_2_and_run_writes_nothing(write_scenario, tmp_path):
    path = write_scenario(TINY.replace('kind = "home"', 'kind = "palace"'))
    runner = CliRunner()
    res = runner.invoke(main, ["validate", str(path)])
    assert res.exit_code == 2
    assert f"{path}:" in res.output and "places[1].kind" in res.output
    save = tmp_path / "out.db"
    res = runner.invoke(main, ["run", str(path), "--save", str(save)])
    assert res.exit_code == 2
    assert not save.exists()


def test_every_shipped_scenario_validates():
    from game.scenario.loader import shipped_names

    names = shipped_names()
    assert "missing_key" in names
    for name in names:
        loaded = load_scenario(name)
        assert loaded.warnings == [], loaded.warnings


def test_a_belief_citing_an_event_that_does_not_exist_is_an_error(write_scenario):
    text = TINY + '''
[[beliefs]]
resident = "ben"
claim = "ann.took"
value = "yes"
kind = "witnessed"
event = "ann_takes_pie"
'''
    err, _ = error_for(write_scenario, text)
    assert err.field == "beliefs[0].event" and "no event 'ann_takes_pie'" in err.reason
    assert err.line == line_of(text, 'event = "ann_takes_pie"')


def test_an_ending_with_neither_when_nor_at_is_an_error(write_scenario):
    """Misspelling `when` must not leave an ending that fires on the first tick."""
    text = TINY + '''
[[endings]]
id = "done"
title = "Done"
text = "It is over."
whne = 'fact("ann.took") == "yes"'
'''
    err, _ = error_for(write_scenario, text)
    assert err.field == "endings[0]" and "needs `when`" in err.reason


def test_a_condition_about_an_attribute_nothing_sets_is_a_warning(write_scenario):
    text = TINY + '''
[[endings]]
id = "done"
title = "Done"
text = "It is over."
when = 'believes("ben", "ann.tok", "yes")'
'''
    loaded = load_scenario(write_scenario(text))
    assert any("endings[0].when" in w and "'tok'" in w and "did you mean 'took'" in w
               for w in loaded.warnings), loaded.warnings


TYPOS = TINY + '''
[[events]]
id = "pie"
at = "day 1 10:00"
kind = "happen"
place = "square"
effects = [{ claim = "ann.took", value = "dan" }]

[[endings]]
id = "done"
title = "Done"
text = "It is over."
when = 'WHEN'
'''


@pytest.mark.parametrize("when, field, words", [
    # Whom a vote counts: a misspelt name made 2 of 3 into 2 of 2 (an author's report).
    ('count_believers("ann.took", "dan", 50, ["ben", "cta"]) >= 2', None,
     "no resident 'cta' (did you mean 'cat'?)"),
    ('happened("pi", "ann")', "warning", "no event or kind of event 'pi'"),
    ('happened("accuse", "bne")', None, "no resident 'bne' (did you mean 'ben'?)"),
    ('believes("ben", "ann.took", "dna")', "warning",
     "nothing in the scenario states 'dna' for 'took'"),
    ('fact("ann.took") != "dann"', "warning", "nothing in the scenario states 'dann'"),
    ('fact("ann.took") == yes', None, "'yes' is not a function: a value is quoted"),
    ('fact("ann.took") == no', None, "'no' is not a function: a value is quoted"),
    ('reached("nosuchstage")', None, "no stage 'nosuchstage'"),  # passed silently
    ('present("atlantis") > 2', None, "no place 'atlantis'"),
    ('at("ann", "sqare")', None, "no place 'sqare' (did you mean 'square'?)"),
])
def test_a_condition_that_could_never_hold_as_meant_is_caught(write_scenario, when, field,
                                                                words):
    """validate passed these, each quietly changing what a scenario does (an author's
    report): a resident misspelt in a list, an event that never happens, a value nothing
    states, a value left unquoted. Names are errors as elsewhere; the rest are warnings,
    because the engine writes values of its own."""
    text = TYPOS.replace("WHEN", when)
    if field is None:
        err, _ = error_for(write_scenario, text)
        assert err.field == "endings[0].when" and words in err.reason, err.reason
        assert err.line == line_of(text, "when = ")
        return
    loaded = load_scenario(write_scenario(text))
    assert any("endings[0].when" in w and words in w for w in loaded.warnings), loaded.warnings
    # What a scripted lie spreads is stated; yes and no anyone can say (a review).
    fine = load_scenario(write_scenario(with_keys(TYPOS.replace(
        "WHEN", 'happened("pie") and believes("ben", "ann.took", "dan") and '
                'fact("ann.took") != "cat" and believes("ann", "ann.took", "eve") and '
                'not believes("ann", "ann.took", "no")'), "cat",
        'lies = [{ claim = "ann.took", value = "eve", basis = "saw" }]')))
    # (the lie itself names no one for a deed: warned of where it is written, not here)
    assert [w for w in fine.warnings if "lies[0].value: 'eve' is no one" not in w] == [], \
        fine.warnings


def test_a_reaction_waiting_for_a_claim_nothing_sets_is_a_warning(write_scenario):
    text = TINY + '''
[[reactions]]
id = "blame"
who = ["ben"]
believes = { claim = "ann.tok", value = "dan" }
action = "avoid"
target = "value"
'''
    loaded = load_scenario(write_scenario(text))
    assert any("reactions[0].believes.claim" in w and "this reaction may never fire" in w
               and "did you mean 'took'" in w for w in loaded.warnings), loaded.warnings


ELSEWHERE = with_keys(TINY, "ann", SEEN_AT_TEN) + '''
[[events]]
id = "pie"
at = "day 1 AT"
kind = "happen"
actor = "ACTOR"
place = "square"
effects = [{ claim = "ann.took", value = "yes" }]
'''


def elsewhere(at: str, actor: str) -> str:
    return ELSEWHERE.replace("AT", at).replace("ACTOR", actor)


def test_an_event_whose_actor_is_elsewhere_by_the_schedule_is_a_warning(write_scenario):
    """The playtest: cancelled_meeting's notice went up in the square while Quill, its actor,
    was in the old hall by his day, so nobody saw him pin it. The author is told where the
    actor is instead, at the actor's line, and how to mend it."""
    text = elsewhere("10:00", "ben")
    loaded = load_scenario(write_scenario(text))
    line = line_of(text, 'actor = "ben"')
    want = (f":{line}: events[0].actor: Ben is at Home ('home') "
            "at day 1 10:00 by the schedule, not at Square ('square') where this happens: "
            'give ben a visit (visits = [{ from = "day 1 10:00", to = …, place = "square" }]) '
            "or change the time")
    assert [w for w in loaded.warnings if "events[0]" in w] == [
        f"{loaded.file}{want}"], loaded.warnings
    # Ann's day brings her to the square at ten: no warning (everyone has moved for the
    # minute before it happens). Backstory on the start's own day is checked too: whereabouts
    # are written for it, and can be asked about.
    assert load_scenario(write_scenario(elsewhere("10:00", "ann"))).warnings == []
    assert "Ann is at Home ('home') at day 1 09:50" in " ".join(
        load_scenario(write_scenario(elsewhere("09:50", "ann"))).warnings)
    assert "Ben is at Home ('home') at day 1 08:00" in " ".join(
        load_scenario(write_scenario(elsewhere("08:00", "ben"))).warnings)
    # A visit puts Ben there.
    visiting = with_keys(text, "ben", 'visits = [{ from = "day 1 10:00", to = "day 1 10:30", '
                                      'place = "square" }]')
    assert load_scenario(write_scenario(visiting)).warnings == []


def test_a_letter_is_written_where_its_writer_is(write_scenario):
    """A letter travels to its reader, but its writing happens at the event's place: Ann at
    home writing it in the square is warned of. Spoken words with both at home are not."""
    said = TINY + '''
[[events]]
id = "word"
at = "day 1 10:00"
kind = "say"
actor = "ann"
target = "ben"
place = "home"
says = [{ claim = "ann.took", value = "yes" }]
'''
    assert load_scenario(write_scenario(said)).warnings == []
    letter = said.replace('place = "home"', 'place = "square"\nby = "letter"')
    assert [w.split(": ")[1] for w in load_scenario(write_scenario(letter)).warnings] == [
        "events[0].actor"]


def test_a_memory_of_the_days_start_says_where_its_holder_was(write_scenario):
    """A playtest: Rue said "I read it this morning" of the notice on the square, while
    `who rue` put her at home all morning. A memory from the start's own day (whose
    whereabouts are written and can be asked about) is warned of when the holder's day has
    them elsewhere; a visit mends it."""
    read = TINY + '''
[[documents]]
id = "notice"
name = "the notice"
place = "square"
says = [{ claim = "ann.took", value = "yes" }]

[[beliefs]]
resident = "ben"
claim = "ann.took"
value = "yes"
kind = "document"
document = "notice"
at = "day 1 08:30"
'''
    warned = load_scenario(write_scenario(read)).warnings
    assert [w.split(": ", 2)[1:] for w in warned] == [[
        "beliefs[0].at", "Ben is at Home ('home') at day 1 08:30 by the schedule, not at Square "
        "('square') where it is read: give ben a visit (visits = [{ from = \"day 1 08:30\", "
        "to = …, place = \"square\" }]) or change the time"]], warned
    visiting = with_keys(read, "ben", 'visits = [{ from = "day 1 08:20", to = "day 1 08:40", '
                                      'place = "square" }]')
    assert load_scenario(write_scenario(visiting)).warnings == []
    # Seen at an event of that morning: where the event was.
    seen = TINY + '''
[[events]]
id = "pie"
at = "day 1 08:00"
kind = "happen"
place = "square"
effects = [{ claim = "ann.took", value = "yes" }]

[[beliefs]]
resident = "cat"
claim = "ann.took"
value = "yes"
kind = "witnessed"
event = "pie"
'''
    assert [w.split(": ")[1] for w in load_scenario(write_scenario(seen)).warnings] == [
        "beliefs[0].event"]


def test_spoken_words_are_judged_in_their_tick_and_a_letters_reader_anywhere(write_scenario):
    """A review: a `say` at 10:05 to someone whose day brings them at 10:05 validated, yet it
    runs in the 10:00 tick, before they come, and reaches nobody. And a resident told of a
    backstory letter was warned of not being where it was written."""
    said = with_keys(TINY, "ben", 'schedule = [{ at = "09:00", place = "home" }, '
                                  '{ at = "10:05", place = "square" }]') + '''
[[events]]
id = "word"
at = "day 1 10:05"
kind = "say"
actor = "ann"
target = "ben"
place = "square"
says = [{ claim = "ann.took", value = "yes" }]
'''
    err, _ = error_for(write_scenario, with_keys(
        said, "ann", 'schedule = [{ at = "09:00", place = "square" }]'))
    assert err.field == "events[0].target" and "ben is at home at day 1 10:00" in err.reason
    letter = TINY + '''
[[events]]
id = "letter"
at = "day 1 08:00"
kind = "say"
by = "letter"
actor = "ann"
target = "ben"
place = "square"
says = [{ claim = "ann.took", value = "yes" }]

[[beliefs]]
resident = "ben"
claim = "ann.took"
value = "yes"
kind = "declared"
teller = "ann"
event = "letter"
'''
    assert [w.split(": ")[1] for w in load_scenario(write_scenario(letter)).warnings] == [
        "events[0].actor"]  # Ann writing it in the square; Ben reads it at home


def test_the_backstorys_first_day_is_checked_as_the_starts_own(write_scenario):
    """Whereabouts are written from the first day of the backstory: an event the evening
    before the start is checked too."""
    text = TINY.replace('start = "day 1 09:00"', 'start = "day 2 09:00"') + '''
[[events]]
id = "supper"
at = "day 1 19:00"
kind = "happen"
actor = "ann"
place = "square"
'''
    warned = load_scenario(write_scenario(text)).warnings
    assert [w.split(": ")[1] for w in warned] == ["events[0].actor"], warned


def test_words_heard_before_the_start_were_heard_where_both_were(write_scenario):
    """A playtest: Lin "heard it from Ben" at 07:00, at home with Ben asleep, and asked who
    she saw then, said nobody. A hearsay memory with its teller and minute on the start's
    day is warned of when the teller is elsewhere, or the listener is not awake."""
    told = TINY + '''
[[beliefs]]
resident = "cat"
claim = "ann.took"
value = "yes"
kind = "hearsay"
teller = "ben"
origin = "ben"
at = "day 1 08:30"
'''
    assert load_scenario(write_scenario(told)).warnings == []  # both at home
    away = with_keys(told, "ben", 'visits = [{ from = "day 1 08:20", to = "day 1 08:40", '
                                  'place = "square" }]')
    warned = load_scenario(write_scenario(away)).warnings
    assert [w.split(": ", 2)[1:] for w in warned] == [[
        "beliefs[0].at", "Ben is at Square ('square') at day 1 08:30 by the schedule, not at "
        "Home ('home') to tell Cat (who is there): give ben a visit (visits = [{ from = "
        "\"day 1 08:30\", to = …, place = \"home\" }]) or change the time"]], warned
    asleep = with_keys(told, "cat", 'sleep = { from = "22:00", to = "08:45" }')
    warned = load_scenario(write_scenario(asleep)).warnings
    assert [w.split(": ", 2)[1] for w in warned] == ["beliefs[0].at"]
    assert "Cat is asleep at Home ('home') at day 1 08:30" in warned[0]
    assert "to hear it from Ben" in warned[0]


def test_every_kind_the_world_log_records_is_one_happened_knows():
    """`validate` warns of a `happened`/`times` kind it does not know; every kind the game
    writes (an Event made with a literal kind anywhere in game/) must be among those known."""
    import ast
    from pathlib import Path

    import game
    from game.scenario.loader import LOG_KINDS

    def constants(x: ast.expr) -> set[str]:  # "why" if why else "talk": both
        if isinstance(x, ast.Constant) and isinstance(x.value, str):
            return {x.value}
        if isinstance(x, ast.IfExp):
            return constants(x.body) | constants(x.orelse)
        return set()

    kinds = set()
    for path in Path(game.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # An Event, or talk.tell, which records its `kind` as the event's (a `why`
            # answered was written as kind 'why', which the save gate then refused).
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None) \
                if isinstance(node, ast.Call) else None
            if name in ("Event", "tell"):
                for k in node.keywords:
                    if k.arg == "kind":
                        kinds |= constants(k.value)
    assert {"look", "stage", "why", "talk"} <= kinds
    assert kinds <= LOG_KINDS, kinds - LOG_KINDS


def test_two_places_of_one_name_are_a_warning_as_two_residents_are(write_scenario):
    """`go ada's café` took one of two places so named, unwarned (a scenario fuzz)."""
    text = TINY.replace('id = "home"\nname = "Home"', 'id = "home"\nname = "square"')
    loaded = load_scenario(write_scenario(text))
    assert any("places[1].name" in w and "'square' is called 'square' too" in w
               for w in loaded.warnings), loaded.warnings


def test_two_residents_of_one_name_are_a_warning_and_each_answers_to_its_id(write_scenario):
    """Bo renamed "Ada": 'ada' could be "Ada" or "Ada", even typed as Ada's exact id, and
    nothing could name her (a hostile-input test)."""
    from game.sim import Simulation

    text = TINY.replace('id = "ben"\nname = "Ben"', 'id = "ben"\nname = "Ann"')
    loaded = load_scenario(write_scenario(text))
    assert any("residents[1].name" in w and "'ann' is called 'Ann' too" in w
               for w in loaded.warnings), loaded.warnings
    words = Simulation.new(loaded, 0).names()
    assert words.resident("ann") == "ann" and words.resident("ben") == "ben"


def test_a_backstory_reaching_back_more_than_thirty_days_is_an_error(write_scenario):
    """Whereabouts are written from the backstory's first day: an event on day 1 of a story
    starting on day 99999 passed validate, then `brief` ran for hours (a hostile-input
    test)."""
    base = TINY.replace('start = "day 1 09:00"', 'start = "day 99999 09:00"') + \
        '\n[[events]]\nid = "pie"\nat = "day 1 10:00"\nkind = "happen"\nplace = "square"\n'
    err, _ = error_for(write_scenario, base)
    assert err.field == "events[0].at" and "99,997 days before the start" in err.reason
    assert err.line == line_of(base, 'at = "day 1 10:00"')
    near = base.replace('at = "day 1 10:00"', 'at = "day 99970 10:00"')
    assert load_scenario(write_scenario(near)).scenario.events[0].id == "pie"


def test_a_crowd_past_what_one_place_holds_is_an_error(write_scenario):
    """Everyone present takes in everyone else: 3,000 residents in fifteen places passed
    validate in a second and `brief` then ran for minutes (a hostile-input test)."""
    from game.scenario.loader import MAX_CROWD

    def residents(n: int) -> str:  # all at home by day
        return "".join(f'\n[[residents]]\nid = "r{i}"\nname = "R{i}"\nhome = "home"\n'
                       for i in range(n))

    err, _ = error_for(write_scenario, TINY + residents(MAX_CROWD))
    assert err.field.startswith("residents[") and "residents are at" in err.reason
    assert f"at most {MAX_CROWD} at a time" in err.reason and err.line is not None
    assert load_scenario(write_scenario(TINY + residents(MAX_CROWD - 10))).scenario.residents


# -- an author tester's broken variants of one scenario (119 of them; these passed) ----------

VALUES = TINY.replace('[attributes.took]', '''[attributes.why]
values = { slept = "because he slept", short_oil = "because the oil ran short" }

[attributes.took]''')


@pytest.mark.parametrize("where, field", [
    ('\n[[facts]]\nclaim = "lamp.why"\nvalue = "oil"\n', "facts[0].value"),
    ('\n[[beliefs]]\nresident = "ann"\nclaim = "lamp.why"\nvalue = "oil"\nkind = "firsthand"\n',
     "beliefs[0].value"),
    ('\n[[events]]\nid = "dark"\nat = "day 1 10:00"\nkind = "happen"\nplace = "square"\n'
     'effects = [{ claim = "lamp.why", value = "slept" },\n'
     '           { claim = "lamp.why", value = "oil" }]\n', "events[0].effects[1].value"),
    ('\n[[reactions]]\nid = "blame"\nbelieves = { claim = "lamp.why", value = "oil" }\n'
     'action = "wait"\n', "reactions[0].believes.value"),
])
def test_a_value_the_attribute_does_not_declare_is_an_error(write_scenario, where, field):
    """`hearsay run` said "the harbour lamp went dark oil" of an effect's `value = "oil"`
    where the attribute's values are slept and short_oil. Names, yes and no stay values."""
    text = VALUES + where
    err, _ = error_for(write_scenario, text)
    assert err.field == field, err
    assert err.line == line_of(text, '"oil"')
    assert "'oil' is not one of the values of 'why' (slept, short_oil)" in err.reason
    assert "did you mean 'short_oil'" in err.reason
    fine = VALUES + '\n[[facts]]\nclaim = "lamp.why"\nvalue = "ann"\n' + \
        '\n[[facts]]\nclaim = "ann.why"\nvalue = "no"\n'
    assert load_scenario(write_scenario(fine)).warnings == []


def test_a_condition_for_a_value_the_attribute_does_not_declare_is_an_error(write_scenario):
    text = VALUES + '''
[[facts]]
claim = "lamp.why"
value = "slept"

[[endings]]
id = "done"
title = "Done"
text = "It is over."
when = 'believes("ann", "lamp.why", "shortoil")'
'''
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field) == (line_of(text, "shortoil"), "endings[0].when")
    assert "did you mean 'short_oil'" in err.reason and "can never hold" in err.reason


def test_a_spot_its_place_does_not_have_is_an_error_in_any_value(write_scenario):
    text = TINY.replace('name = "Home"', 'name = "Home"\nspots = ["desk"]') + \
        '\n[[beliefs]]\nresident = "ann"\nclaim = "key.location"\nvalue = "home.dsk"\n' \
        'kind = "firsthand"\n'
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field) == (line_of(text, "home.dsk"), "beliefs[0].value")
    assert "'home' has no spot 'dsk'" in err.reason and "did you mean 'home.desk'" in err.reason


STORY = TINY.replace('start = "day 1 09:00"', 'start = "day 2 09:00"') + '''
[[goals]]
id = "find"
text = "Find out who took the pie"
by = "BY"

[[endings]]
id = "done"
title = "Done"
text = "It is over."
at = "AT"

[[beliefs]]
resident = "ann"
claim = "ann.took"
value = "ben"
kind = "implanted"
at = "BELIEF"
'''


@pytest.mark.parametrize("by, at, belief, field", [
    ("day 1 17:00", "day 2 18:00", "day 1 08:00", "goals[0].by"),
    ("day 2 17:00", "day 1 18:00", "day 1 08:00", "endings[0].at"),
    ("day 2 17:00", "day 2 18:00", "day 2 09:30", "beliefs[0].at"),
])
def test_a_time_before_the_start_is_an_error(write_scenario, by, at, belief, field):
    """A deadline already past, an ending never checked, a memory from the future: each an
    error at its line (moving the start past the story's end made them all three)."""
    text = STORY.replace("BY", by).replace('"AT"', f'"{at}"').replace("BELIEF", belief)
    err, _ = error_for(write_scenario, text)
    assert err.field == field and len(err.problems) == 1, err
    assert err.line == line_of(text, {"goals[0].by": "by = ", "endings[0].at": 'at = "day 1',
                                      "beliefs[0].at": 'at = "day 2 09:30'}[field])
    assert "the story starts at day 2 09:00" in err.reason


def test_a_time_after_the_story_is_over_is_a_warning(write_scenario):
    """After `days`, `hearsay run` has stopped (unless given more): an event never happens,
    an ending never comes, a deadline falls after the end — warnings, with their lines."""
    text = STORY.replace("BY", "day 30 17:00").replace('"AT"', '"day 9 18:00"').replace(
        "BELIEF", "day 1 08:00") + '\n[[events]]\nid = "late"\nat = "day 3 09:10"\n' \
        'kind = "happen"\nplace = "square"\n'
    warned = load_scenario(write_scenario(text)).warnings
    assert [w.split(": ", 2)[0].rpartition(":")[2] + " " + w.split(": ", 2)[1]
            for w in warned] == [f"{line_of(text, 'day 30')} goals[0].by",
                                 f"{line_of(text, 'day 9')} endings[0].at",
                                 f"{line_of(text, 'day 3 09:10')} events[0].at"], warned
    assert "the story's 1 day end at day 3 09:00" in warned[0]
    on_time = STORY.replace("BY", "day 3 09:00").replace('"AT"', '"day 2 18:00"').replace(
        "BELIEF", "day 2 09:00")
    assert load_scenario(write_scenario(on_time)).warnings == []


PLAYED = TINY.replace('days = 1', 'days = 1\nrole = "detective"') + \
    '\n[player]\nstart = "square"\n'


def test_a_story_with_a_player_and_nothing_to_win_is_a_warning(write_scenario):
    warned = load_scenario(write_scenario(PLAYED)).warnings
    assert [w.split(": ", 2)[1] for w in warned] == ["player"], warned
    assert f":{line_of(PLAYED, '[player]')}: player: a story with a player has no [[endings]]" \
        in warned[0]
    lost = PLAYED + '\n[[endings]]\nid = "done"\ntitle = "Done"\ntext = "Over."\nat = ' \
        '"day 1 18:00"\n'
    warned = load_scenario(write_scenario(lost)).warnings
    assert [w.split(": ", 2)[1:] for w in warned] == [[
        "endings", "no ending has win = true: the player cannot win"]], warned
    assert f":{line_of(lost, '[[endings]]')}: " in warned[0]
    won = lost.replace('text = "Over."', 'text = "Over."\nwin = true')
    assert load_scenario(write_scenario(won)).warnings == []
    assert load_scenario(write_scenario(TINY)).warnings == []  # no player: a town to watch


def test_every_key_after_an_array_over_several_lines_keeps_its_line(write_scenario):
    """An array of inline tables over two lines (`visits = [{ … },\\n { … }]`) lost the
    count of the tables after it: a duplicate id two residents on was named with no line,
    and lines after it were wrong."""
    text = with_keys(TINY, "ben", 'visits = [{ from = "day 1 10:00", to = "day 1 10:20", '
                                  'place = "square" },\n'
                                  '          { from = "day 1 11:00", to = "day 1 11:20", '
                                  'place = "square" }]').replace('id = "dan"', 'id = "cat"')
    err, _ = error_for(write_scenario, text)
    first = line_of(text, 'id = "cat"')
    assert err.field == "residents[3].id" and "duplicate id 'cat'" in err.reason
    assert err.line == text.splitlines().index('id = "cat"', first) + 1
    assert f"the first is residents[2], line {first}" in err.reason


def test_a_misspelt_table_is_named_at_its_line(write_scenario):
    """`[[resident]]` for `[[residents]]` gave only the errors that followed from it;
    `[scenaro]` was "missing" at line 1; an unknown table warned with no line."""
    text = TINY.replace('[[residents]]\nid = "dan"', '[[resident]]\nid = "dan"') + \
        '\n[[endings]]\nid = "done"\ntitle = "Done"\ntext = "Over."\nwhen = \'at("dan", ' \
        '"home")\'\n'
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field) == (line_of(text, "[[resident]]"), "resident")
    assert "unknown table, ignored (did you mean 'residents'?)" in err.reason
    assert err.problems[1][1] == "endings[0].when"  # what followed from it
    text = TINY.replace("[scenario]", "[scenaro]")
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field) == (line_of(text, "[scenaro]"), "scenario")
    assert "found [scenaro] — a misspelling?" in err.reason
    text = TINY + '\n[[stagse]]\nid = "a"\n'
    # (a table, said as one, with what is lost with it: "unknown key" read as a stray line)
    assert any(f":{line_of(text, '[[stagse]]')}: stagse: unknown table [[stagse]], ignored "
               "with its 1 entry (did you mean 'stages'?)" in w
               for w in load_scenario(write_scenario(text)).warnings)


def test_a_claim_about_a_near_miss_named_nowhere_else_is_a_warning(write_scenario):
    """`tobais.dismissed`, `tobias.dismised`: a subject or attribute that is nothing known,
    named once, and close to one that is. An abstract subject (`meeting.when`) is not."""
    text = TINY + '''
[attributes.dismissed]

[[facts]]
claim = "ann.dismissed"
value = "no"

[[facts]]
claim = "bne.dismised"
value = "no"

[[facts]]
claim = "meeting.when"
value = "d1_1800"
'''
    warned = load_scenario(write_scenario(text)).warnings
    line = line_of(text, "bne.dismised")
    assert [w.split(": ", 1)[1] for w in warned] == [
        "facts[1].claim: 'bne' is nobody and nothing in the scenario, and no other claim is "
        "about it (did you mean 'ben'?)",
        "facts[1].claim: 'dismised' is not a declared attribute, and no other claim has it "
        "(did you mean 'dismissed'?)"], warned
    assert all(f":{line}: " in w for w in warned)


def test_an_ending_explaining_a_claim_nothing_states_or_asks_is_an_error(write_scenario):
    text = TINY + '''
[[facts]]
claim = "ann.took"
value = "ben"

[[endings]]
id = "done"
title = "Done"
text = "Over."
when = "true"
explain = ["ann.took", "ann.tok"]
'''
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field) == (line_of(text, "explain"), "endings[0].explain[1]")
    assert "nothing in the scenario states or asks about 'ann.tok'" in err.reason
    assert "did you mean 'ann.took'" in err.reason
    fine = text.replace(', "ann.tok"', ', "pie.location", "ann.accused_by"').replace(
        '[[endings]]', '[[objects]]\nid = "pie"\nname = "the pie"\nlocation = "home"\n\n'
                       '[[endings]]')
    assert load_scenario(write_scenario(fine)).scenario.endings[0].explain


@pytest.mark.parametrize("keys, field, words", [
    ('visits = [{ from = "day 1 10:00", to = "day 1 11:00", place = "square" }, '
     '{ from = "day 1 10:30", to = "day 1 12:00", place = "home" }]', "residents[1].visits[1]",
     "overlaps visits[0] (day 1 10:00 to day 1 11:00)"),
    ('schedule = [{ at = "06:30", place = "square" }, { at = "06:30", place = "home" }]',
     "residents[1].schedule[1]", "at 06:30 again (schedule[0] is at that time too)"),
])
def test_a_day_that_cannot_be_is_an_error(write_scenario, keys, field, words):
    text = with_keys(TINY, "ben", keys)
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field) == (line_of(text, keys[:10]), field)
    assert words in err.reason, err.reason


def test_flags_ids_and_lists_say_plainly_what_is_wrong(write_scenario):
    """`win = "yes"` passed as true; 'ívy' was told ids are "lowercase letters"; a homoglyph
    in a `who` list was also told "must be one of 'anyone'"."""
    text = TINY + '\n[[endings]]\nid = "done"\ntitle = "Done"\ntext = "Over."\nwhen = "true"' \
        '\nwin = "yes"\n'
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field, err.reason) == (
        line_of(text, 'win = "yes"'), "endings[0].win", "must be true or false, unquoted")
    text = TINY.replace('id = "dan"', 'id = "dán"')
    err, _ = error_for(write_scenario, text)
    assert err.field == "residents[3].id" and "a–z, 0–9 and _" in err.reason
    assert "'dán' has 'á' (U+00E1)" in err.reason
    text = TINY + '\n[[reactions]]\nid = "r"\nwho = ["ann", "bеn"]\n' \
        'believes = { claim = "ann.took", value = "ben" }\naction = "wait"\n'
    err, _ = error_for(write_scenario, text)
    assert [p[1] for p in err.problems] == ["reactions[0].who[1]"], err
    text = text.replace('who = ["ann", "bеn"]', 'who = "anyon"')
    err, _ = error_for(write_scenario, text)
    assert [(p[1], p[2]) for p in err.problems] == [
        ("reactions[0].who", "must be a valid list or one of 'anyone'")], err


@pytest.mark.parametrize("odd", [
    "# a comment with a stray triple quote: \"\"\" and on",
    "# a line separator \u2028 and a next-line \u0085 in a comment",
    "# ''' in a comment, then \"\"\" too",
])
def test_odd_text_above_does_not_shift_the_lines_below(write_scenario, odd):
    """A fuzzer: U+2028 or U+0085 in a comment put every later line one off (splitlines broke
    there); a triple quote in a comment turned line numbers off for the rest of the file."""
    text = TINY.replace("[scenario]", odd + "\n[scenario]", 1).replace(
        "traits = { talkativeness = 0.0 }", "traits = { talkativeness = 1.5 }")
    err, _ = error_for(write_scenario, text)
    assert err.line == text.split("\n").index(next(
        x for x in text.split("\n") if "talkativeness = 1.5" in x)) + 1


def test_a_sub_table_of_an_array_table_names_its_own_line(write_scenario):
    """`[residents.traits]` under a `[[residents]]` pointed at the resident's header line."""
    text = TINY.replace("traits = { talkativeness = 0.0 }\n", "", 1)
    head = text.index("[[residents]]")
    first = text.index("\n[[", head + 1) if "\n[[" in text[head + 1:] else len(text)
    text = text[:first] + "\n[residents.traits]\ntalkativeness = 1.5\n" + text[first:]
    err, _ = error_for(write_scenario, text)
    assert err.field == "residents[0].traits.talkativeness"
    assert err.line == line_of(text, "talkativeness = 1.5")


def test_sleep_that_ends_as_it_starts_is_one_who_never_sleeps(write_scenario):
    """A fuzzer: refused as an error, while the engine reads it as a resident who never sleeps
    (and there was no other way to say so)."""
    sc = load_scenario(write_scenario(with_keys(TINY, "ben",
                                                'sleep = { from = "09:30", to = "09:30" }')))
    assert sc.scenario is not None
    sim = Simulation.new(sc, seed=0)
    ben = sim.people["ben"]
    assert ben.wake_minutes == clock.DAY  # a whole day's attention budget
    for day in (1, 2):
        for at in ("00:00", "03:00", "09:20", "09:30", "09:40", "12:00", "22:30", "23:50"):
            assert ben.status_at(clock.parse_when(f"day {day} {at}"))[0] == AWAKE, (day, at)
    # In the town too, tick by tick for a whole day, while Ann (the default sleep) sleeps.
    ben_at, ann_at = set(), set()
    while sim.now < clock.parse_when("day 2 09:00"):
        sim.step()
        ben_at.add(sim.state["ben"].status)
        ann_at.add(sim.state["ann"].status)
    assert ben_at == {AWAKE} and ann_at == {AWAKE, ASLEEP}


def test_a_visit_while_away_is_a_warning(write_scenario):
    keys = ('away = [{ from = "day 1 09:00", to = "day 1 18:00", place = "home" }]\n'
            'visits = [{ from = "day 1 10:00", to = "day 1 11:00", place = "square" }]')
    text = with_keys(TINY, "ben", keys)
    warned = load_scenario(write_scenario(text)).warnings
    assert any("falls while they are away (away[0])" in w and
               f":{line_of(text, 'visits = [')}:" in w for w in warned), warned


def test_true_or_false_is_no_number(write_scenario):
    """A fuzzer: `days = true` ran as one day, `honesty = true` as 1.0."""
    text = TINY.replace("days = 1", "days = true", 1)
    assert text != TINY
    err, _ = error_for(write_scenario, text)
    assert (err.line, err.field) == (line_of(text, "days = true"), "scenario.days")
    assert "not true or false" in err.reason


def test_a_variable_is_a_reactions_only(write_scenario):
    """A fuzzer: a fact of "?x" was taken as the value "?x"."""
    text = TINY + '\n[[facts]]\nclaim = "ben.took"\nvalue = "?x"\n'
    err, _ = error_for(write_scenario, text)
    assert err.field == "facts[0].value" and "only a reaction may use" in err.reason


def test_one_asleep_where_it_happens_is_warned_of_as_asleep_there(write_scenario):
    """"Mira is asleep at Mira's cottage … not at Mira's cottage" (a scenario fuzz)."""
    text = elsewhere("23:50", "ben")
    head, _, tail = text.rpartition('place = "square"')
    loaded = load_scenario(write_scenario(head + 'place = "home"' + tail))
    said = [w for w in loaded.warnings if "events[0].actor" in w]
    assert said and "Ben is asleep at Home ('home')" in said[0], loaded.warnings
    assert "not awake at Home ('home') where this happens" in said[0]


def test_a_number_as_a_when_is_a_warning(write_scenario):
    """`when = "now()"` ended the story at its first tick, unwarned (a scenario fuzz)."""
    text = TINY + '''
[[endings]]
id = "soon"
title = "Soon"
win = true
when = "now()"
text = "x"
'''
    loaded = load_scenario(write_scenario(text))
    said = [w for w in loaded.warnings if "is a number, not a yes or a no" in w]
    assert said and "endings[" in said[0] and ".when: 'now()'" in said[0], loaded.warnings
    fine = load_scenario(write_scenario(text.replace('"now()"', '"now() >= 600"')))
    assert not [w for w in fine.warnings if "is a number" in w]


@pytest.mark.parametrize("when, kind", [
    ("""fact('ada.x')""", "is words"), ("""fact('ada.x') or now() >= 600""", "is words"),
    ("""not now()""", "is a number"), ("""now() >= 600 and times('accuse')""", "is a number"),
])
def test_words_or_a_number_as_part_of_a_when_is_a_warning(write_scenario, when, kind):
    """A review: `when = 'fact("cy.barred")'` held once the fact was set to anything, "no"
    too, and `now() or …` was not warned of."""
    text = TINY + f'''
[[endings]]
id = "soon"
title = "Soon"
win = true
when = "{when}"
text = "x"
'''
    loaded = load_scenario(write_scenario(text))
    said = [w for w in loaded.warnings if f"{kind}, not a yes or a no" in w]
    assert said and "endings[" in said[0], loaded.warnings
    fine = load_scenario(write_scenario(text.replace(f'"{when}"', '"now() >= 600"')))
    assert not [w for w in fine.warnings if "not a yes or a no" in w]


def test_a_scenario_file_of_more_residents_than_it_may_have_is_refused(write_scenario,
                                                                       monkeypatch):
    """30,000 residents, 300 to a home (under what one place holds), passed validate and took
    over a minute to brief (a scenario fuzz): a file may have MAX_SCENARIO_RESIDENTS, named
    at the first past it; a generated town (`--residents N`) is not held to it."""
    from game.scenario import loader
    from game.scenario.loader import parse_text

    monkeypatch.setattr(loader, "MAX_SCENARIO_RESIDENTS", 6)
    more = "".join(f'\n[[residents]]\nid = "r{i}"\nname = "R{i}"\nhome = "home"\n'
                   for i in range(3))
    err, _ = error_for(write_scenario, TINY + more)
    assert err.field == "residents[6]" and err.line is not None
    assert "7 residents; a scenario may have at most 6 (a bigger town: `hearsay run " \
        "--residents N` generates one)" in err.reason
    assert parse_text(TINY + more, write_scenario(TINY), generated=True).scenario.residents


def test_a_player_named_as_a_resident_is_a_warning():
    """A player called "Ann" beside the resident Ann passed unwarned (a scenario fuzz). (A
    story with a player needs endings to load whole: the checker is asked directly.)"""
    import tomllib

    from game.scenario.loader import Checker, LineMap
    from game.scenario.model import Scenario

    text = TINY + '\n[player]\nname = "ann"\nstart = "square"\n'
    ck = Checker(Scenario.model_validate(tomllib.loads(text)), LineMap(text))
    ck.run()
    assert any("'ann' is called 'ann' too: the log cannot tell the player from them" in w[2]
               for w in ck.warnings), ck.warnings
