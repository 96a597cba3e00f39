"""`validate` says what a scenario can never reach (a first-time author's four scenarios whose
winning ending could never happen all passed): warnings, with the file, the line and the
field; a confidence past 100 is an error. Each rule is the engine's, and one case each shows
it: the ending the warning says never comes does not come in a run."""

import pytest
from click.testing import CliRunner

from game.scenario import ScenarioError, load_scenario
from ui.cli import main

from .conftest import TINY, with_keys


def line_of(text: str, needle: str, nth: int = 1) -> int:
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    return hits[nth - 1]


def warned(write_scenario, text: str) -> tuple[list[str], str]:
    path = write_scenario(text)
    return load_scenario(path).warnings, str(path)


def one(warnings: list[str], words: str) -> str:
    hits = [w for w in warnings if words in w]
    assert len(hits) == 1, warnings
    return hits[0]


def ending(eid: str, *, win: bool = False, at: str | None = None, when: str | None = None):
    return (f'\n[[endings]]\nid = "{eid}"\ntitle = "{eid.title()}"\ntext = "Over."\n'
            f"win = {'true' if win else 'false'}\n" + (f'at = "{at}"\n' if at else "") +
            (f"when = '{when}'\n" if when else ""))


PLAYED = TINY.replace('days = 1\n', 'days = 1\nrole = "detective"\n') + \
    '\n[player]\nstart = "square"\n'
HOLDS = 'fact("ann.took") == "yes"'


# -- 1. an ending always pre-empted --------------------------------------------------------------


def test_a_catch_all_above_the_win_at_the_same_time_pre_empts_it(write_scenario):
    text = PLAYED + ending("uneasy", at="day 1 18:10") + \
        ending("cleared", win=True, at="day 1 18:10", when=HOLDS)
    warnings, path = warned(write_scenario, text)
    w = one(warnings, "never comes")
    header = line_of(text, "[[endings]]", 2)
    assert w.startswith(f"{path}:{header}: endings[1]: never comes: endings[0] ('uneasy'), "
                        "earlier in the list, always holds at day 1 18:10"), w
    # Below it, or at another time, or with a `when`, it can come: no warning.
    for fine in (PLAYED + ending("cleared", win=True, at="day 1 18:10", when=HOLDS) +
                 ending("uneasy", at="day 1 18:10"),
                 PLAYED + ending("uneasy", at="day 1 18:10", when='fact("ann.took") != "no"')
                 + ending("cleared", win=True, at="day 1 18:10", when=HOLDS),
                 PLAYED + ending("uneasy", at="day 1 18:10") +
                 ending("cleared", win=True, when=HOLDS)):
        assert not [w for w in warned(write_scenario, fine)[0] if "never" in w]


def test_the_run_agrees_the_pre_empted_win_never_comes(write_scenario):
    """The engine's rule, not a guess at it: the fact holds from the start, and still the
    catch-all above ends the story."""
    text = PLAYED + '\n[[facts]]\nclaim = "ann.took"\nvalue = "yes"\n' + \
        ending("uneasy", at="day 1 10:00") + ending("cleared", win=True, at="day 1 10:00",
                                                    when=HOLDS)
    path = write_scenario(text)
    assert any("never comes" in w for w in load_scenario(path).warnings)
    from game.sim import Simulation

    sim = Simulation.new(load_scenario(path), 1)
    sim.run(days=1)
    assert sim.ending == "uneasy"
    # Below the catch-all's place, the same win comes: it was the order that kept it out.
    text = PLAYED + '\n[[facts]]\nclaim = "ann.took"\nvalue = "yes"\n' + \
        ending("cleared", win=True, at="day 1 10:00", when=HOLDS) + \
        ending("uneasy", at="day 1 10:00")
    sim = Simulation.new(load_scenario(write_scenario(text)), 1)
    sim.run(days=1)
    assert sim.ending == "cleared"


def test_an_always_ending_ends_every_ending_judged_later(write_scenario):
    text = PLAYED + ending("early", at="day 1 12:00", when="true") + \
        ending("cleared", win=True, at="day 1 18:00", when=HOLDS)
    warnings, path = warned(write_scenario, text)
    w = one(warnings, "never comes")
    line = line_of(text, 'at = "day 1 18:00"')
    assert w.startswith(f"{path}:{line}: endings[1].at: "
                        "never comes: it is judged at day 1 18:00, but endings[0] ('early') "
                        "always holds at day 1 12:00"), w


def test_true_with_no_at_ends_the_story_at_the_first_tick(write_scenario):
    text = PLAYED + ending("now", when="true") + ending("cleared", win=True, when=HOLDS)
    warnings, path = warned(write_scenario, text)
    w = one(warnings, "ends the story at the first tick")
    line = line_of(text, "when = 'true'")
    assert w.startswith(f"{path}:{line}: "
                        "endings[0].when:"), w
    assert "day 1 09:10" in w
    assert "endings[1]: never comes: endings[0] ('now')" in one(warnings, "endings[1]")


def test_an_ending_at_the_start_is_never_judged(write_scenario):
    text = PLAYED + ending("cleared", win=True, at="day 1 09:00", when=HOLDS)
    warnings, path = warned(write_scenario, text)
    w = one(warnings, "never comes")
    line = line_of(text, 'at = "day 1 09:00"')
    assert w.startswith(f"{path}:{line}: endings[0].at: "
                        "checked at day 1 09:00, the start: endings are first judged a tick "
                        "later, at day 1 09:10"), w


# -- 2. a confidence past 100 --------------------------------------------------------------------


@pytest.mark.parametrize("when,call", [
    ('believes("ann", "ben.took", "yes", 101)', "believes"),
    ('count_believers("ben.took", "yes", 150) >= 2', "count_believers"),
])
def test_a_confidence_past_100_is_an_error(write_scenario, when, call):
    text = PLAYED + '\n[[facts]]\nclaim = "ben.took"\nvalue = "yes"\n' + \
        ending("cleared", win=True, at="day 1 18:00", when=when)
    path = write_scenario(text)
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    err = exc.value
    assert (err.line, err.field) == (line_of(text, call + "("), "endings[0].when")
    assert f"{call}() asks for a confidence of at least" in err.reason
    assert "confidence is 0..100" in err.reason
    got = CliRunner().invoke(main, ["validate", str(path)])
    assert got.exit_code == 2 and "Traceback" not in got.output
    assert f"{path}:{err.line}: endings[0].when: condition: {call}()" in got.output


def test_a_computed_or_in_range_confidence_passes(write_scenario):
    for when in ('believes("ann", "ben.took", "yes", 100)',
                 'believes("ann", "ben.took", "yes", confidence("ann", "ben.took"))'):
        text = PLAYED + '\n[[facts]]\nclaim = "ben.took"\nvalue = "yes"\n' + \
            ending("cleared", win=True, at="day 1 18:00", when=when)
        load_scenario(write_scenario(text))


# -- 3. a when that never holds ------------------------------------------------------------------


@pytest.mark.parametrize("when", ["false", "not true", '1 == 2', '"a" == "b" and now() > 5',
                                  'time("day 2 09:00") < time("day 1 09:00")'])
def test_a_win_that_never_holds(write_scenario, when):
    text = PLAYED + ending("cleared", win=True, at="day 1 18:00", when=when)
    warnings, path = warned(write_scenario, text)
    w = one(warnings, "never holds")
    assert w.startswith(f"{path}:{line_of(text, 'when = ')}: endings[0].when: {when!r} never "
                        "holds, whatever happens, so this ending never comes"), w


def test_a_stage_that_never_holds(write_scenario):
    text = PLAYED + '\n[[stages]]\nid = "found"\ntext = "Found."\nwhen = "false"\n'
    warnings, path = warned(write_scenario, text)
    assert f"{path}:{line_of(text, 'when = ')}: stages[0].when: 'false' never holds, " \
        "whatever happens, so this stage is never reached" in warnings


def test_a_when_the_town_decides_is_no_constant(write_scenario):
    text = PLAYED + ending("cleared", win=True, at="day 1 18:00",
                           when=f'false or {HOLDS}') + ending("uneasy", at="day 1 18:00")
    assert not [w for w in warned(write_scenario, text)[0] if "never" in w]


# -- 4. a hidden spot nothing leads to -----------------------------------------------------------


HIDDEN = PLAYED.replace('id = "home"\nname = "Home"', 'id = "home"\nname = "Home"\n'
                        'spots = ["desk", "drawer"]\nhidden = ["drawer"]') + \
    '\n[[objects]]\nid = "key"\nname = "a key"\nlocation = "home.drawer"\n'


def test_a_hidden_spot_nothing_leads_to(write_scenario):
    warnings, path = warned(write_scenario, HIDDEN)
    w = one(warnings, "nothing leads the player")
    assert w.startswith(f"{path}:{line_of(HIDDEN, 'hidden = ')}: places[1].hidden: nothing "
                        "leads the player to 'home.drawer' (a key lies there): no belief"), w


@pytest.mark.parametrize("lead", [
    '\n[[beliefs]]\nresident = "ben"\nclaim = "key.location"\nvalue = "home.drawer"\n'
    'kind = "firsthand"\n',
    '\n[[documents]]\nid = "note"\nname = "a note"\nplace = "square"\n'
    'says = [{ claim = "key.location", value = "home.drawer" }]\n',
    '\n[[events]]\nid = "hide"\nat = "day 1 10:00"\nkind = "move_object"\nactor = "ben"\n'
    'object = "key"\nto = "home.drawer"\nplace = "home"\n',
])
def test_a_lead_to_the_hidden_spot_quiets_it(write_scenario, lead):
    assert not [w for w in warned(write_scenario, HIDDEN + lead)[0] if "leads" in w]


def test_the_backstory_leads_nobody(write_scenario):
    """Perceived by nobody: the key hidden before the start is still nobody's lead."""
    text = HIDDEN + '\n[[events]]\nid = "hide"\nat = "day 1 08:00"\nkind = "move_object"\n' \
        'actor = "ben"\nobject = "key"\nto = "home.drawer"\nplace = "home"\n'
    one(warned(write_scenario, text)[0], "nothing leads the player to 'home.drawer'")


# -- 5. reactions that never fire ----------------------------------------------------------------


REACTION = ('\n[[reactions]]\nid = "r"\nwho = WHO\n'
            'believes = { claim = "ann.took", value = "VALUE" }\naction = "wait"\n')
STATED = '\n[[beliefs]]\nresident = "ben"\nclaim = "ann.took"\nvalue = "yes"\n' \
    'kind = "firsthand"\n'


def test_a_reaction_waiting_for_a_value_nothing_states(write_scenario):
    text = TINY + STATED + REACTION.replace("WHO", '["ben"]').replace("VALUE", "the_dog")
    warnings, path = warned(write_scenario, text)
    assert f"{path}:{line_of(text, 'the_dog')}: reactions[0].believes.value: nothing in the " \
        "scenario states 'the_dog' for 'took', and it names nobody and nothing here, so this " \
        "reaction may never fire" in warnings, warnings
    for fine in ("yes", "?x", "cat"):  # stated, any value, a resident
        text = TINY + STATED + REACTION.replace("WHO", '["ben"]').replace("VALUE", fine)
        assert not [w for w in warned(write_scenario, text)[0] if "states" in w]


def test_a_reaction_for_nobody(write_scenario):
    text = TINY + STATED + REACTION.replace("WHO", "[]").replace("VALUE", "yes")
    warnings, path = warned(write_scenario, text)
    assert f"{path}:{line_of(text, 'who = []')}: reactions[0].who: who = [] is a reaction " \
        'for nobody, so it never fires: name residents (who = ["ada"]) or write who = ' \
        '"anyone"' in warnings, warnings


def test_a_reaction_for_the_player_never_fires_and_is_said_so(write_scenario):
    """The player acts by commands, never by a reaction: `who = ["player"]` passed unsaid
    (a scenario fuzz)."""
    text = (TINY + '\n[player]\nstart = "square"\n' + STATED +
            REACTION.replace("WHO", '["ben", "player"]').replace("VALUE", "yes"))
    warnings, path = warned(write_scenario, text)
    line = line_of(text, 'who = ["ben", "player"]')
    assert f"{path}:{line}: reactions[0].who: the " \
        "player acts by their own commands, not by reactions: this never fires for them" in \
        warnings, warnings


# -- 6. times off the tick -----------------------------------------------------------------------


def test_times_off_the_tick_say_which_tick(write_scenario):
    text = PLAYED.replace('start = "day 1 09:00"', 'start = "day 1 09:05"') + \
        '\n[[events]]\nid = "sneeze"\nat = "day 1 10:05"\nkind = "happen"\nplace = "home"\n' + \
        '\n[[goals]]\nid = "g"\ntext = "Find it"\nby = "day 1 17:55"\n' + \
        ending("cleared", win=True, at="day 1 18:05", when=HOLDS)
    warnings, path = warned(write_scenario, text)
    assert f"{path}:{line_of(text, 'start = ')}: scenario.start: day 1 09:05 starts at " \
        "day 1 09:00: the clock moves in 10-minute ticks" in warnings, warnings
    assert f"{path}:{line_of(text, '10:05')}: events[0].at: day 1 10:05 runs at day 1 10:00: " \
        "the clock moves in 10-minute ticks" in warnings, warnings
    assert f"{path}:{line_of(text, '17:55')}: goals[0].by: day 1 17:55 comes at day 1 18:00" \
        in one(warnings, "goals[0].by")
    assert f"{path}:{line_of(text, '18:05')}: endings[0].at: day 1 18:05 is judged at day 1 " \
        "18:10, the tick that reaches it" in one(warnings, "endings[0].at")


def test_a_belief_between_ticks_is_named_beside_its_tick(write_scenario):
    """The warning quoted 08:50 of a belief written at 08:58."""
    text = with_keys(TINY, "ben", 'schedule = [{ at = "00:00", place = "home" }]') + \
        '\n[[beliefs]]\nresident = "ann"\nclaim = "cat.took"\nvalue = "yes"\n' \
        'kind = "hearsay"\nteller = "ben"\norigin = "ben"\nat = "day 1 08:58"\n'
    text = with_keys(text, "ann", 'schedule = [{ at = "00:00", place = "square" }]')
    w = one(warned(write_scenario, text)[0], "beliefs[0].at")
    assert "at day 1 08:50 (the tick of day 1 08:58: the clock moves in 10-minute ticks)" in w


def test_the_shipped_scenarios_warn_of_nothing():
    from game.scenario.loader import shipped_names

    for name in shipped_names():
        assert load_scenario(name).warnings == [], name


def test_away_in_town_and_a_visit_out_of_town_are_said(write_scenario):
    """`away` is time out of town, a visit is in it: either the other way passed unsaid (a
    scenario fuzz)."""
    town = TINY + '\n[[places]]\nid = "far"\nname = "Far"\nkind = "away"\n'
    text = with_keys(town, "ben", 'away = [{ from = "day 1 10:00", to = "day 1 11:00", '
                     'place = "square" }]')
    warnings, path = warned(write_scenario, text)
    assert any("residents[1].away[0].place: Square ('square') is in town: `away` is time out "
               "of town" in w for w in warnings), warnings
    text = with_keys(town, "ben", 'visits = [{ from = "day 1 10:00", to = "day 1 11:00", '
                     'place = "far" }]')
    warnings, path = warned(write_scenario, text)
    assert any("residents[1].visits[0].place: Far ('far') is out of town: a visit there is "
               "an `away` entry" in w for w in warnings), warnings
