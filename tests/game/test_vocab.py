"""Words the player can use (issue 9): names or ids in any case, unique prefixes, claims as
questions or a few words, values only from the scenario's vocabulary, and errors that name the
nearest match and cost no time."""

import pytest

from game.commands import CommandError, parse
from game.sim import Simulation


@pytest.fixture(scope="module")
def sim():
    return Simulation.new("missing_key", seed=0)


@pytest.mark.parametrize("typed,canonical", [
    ("ask ada ada_key.moved_by", "ask ada ada_key.moved_by"),
    ("ASK Ada key moved", "ask ada ada_key.moved_by"),
    ("ask fen who moved Ada's key", "ask fen ada_key.moved_by"),
    ("ask ada where key", "ask ada ada_key.location"),
    ("go Ada's Café", "go cafe"),
    ("go caf", "go cafe"),
    ("search drawer", "search cafe.drawer"),
    ("take key", "take ada_key"),
    ("show Ada key", "show ada ada_key"),
    ("tell ada key moved DEE anon", "tell ada ada_key.moved_by dee anonymously"),
    ("tell ada cy at counter no", "tell ada cy.at_counter no"),
    ("mediate ada fen key moved", "mediate ada fen ada_key.moved_by"),
    ("conclude key moved dee", "conclude ada_key.moved_by dee"),
    ("who Fen day 1 08:10", "who fen day 1 08:10"),
    ("where is fen", "where fen"),
])
def test_names_ids_any_case_and_unique_prefixes_resolve(sim, typed, canonical):
    assert parse(typed, sim.names()).text == canonical


@pytest.mark.parametrize("typed,words", [
    ("ask ada ada_key.moved_bye", "no claim 'ada_key.moved_bye' — did you mean "
                                  "'ada_key.moved_by'?"),
    ("tell ada key moved banana", "'banana' is not someone or something in this town — "
                                  "did you mean"),
    ("tell ada key moved cafe", "'cafe' is not an answer to who moved Ada's key — did you "
                                "mean"),
    ("ask zed key moved", "no resident 'zed' — did you mean"),
    ("go moon", "no place 'moon' — did you mean"),
    ("take banana", "no thing 'banana' — did you mean"),
    ("ask fen key", "could be “who moved Ada's key” or “where Ada's key is”"),
    ("dance", "unknown verb 'dance' (did you mean"),
])
def test_a_bad_command_names_the_nearest_match(sim, typed, words):
    with pytest.raises(CommandError) as err:
        parse(typed, sim.names())
    assert words in str(err.value)


def test_a_rejected_command_costs_no_time():
    sim = Simulation.new("missing_key", seed=0)
    t = sim.now
    with pytest.raises(CommandError):
        sim.command("tell ada key moved banana")
    assert sim.now == t and sim.world.count_events(actor="player") == 0


def test_values_are_restricted_to_the_claims_vocabulary(sim):
    v = sim.names()
    assert v.allowed("ada_key.moved_by") >= {"ada", "bo", "cy", "dee", "fen"}
    assert "cafe" not in v.allowed("ada_key.moved_by")
    assert {"cafe", "cafe.drawer"} <= v.allowed("ada_key.location")
    assert {"yes", "no"} <= v.allowed("cy.at_counter")


def test_walkthrough_ids_still_parse_the_same():
    from game.scenario.loader import SCENARIOS, shipped_names
    from game.walkthrough import walkthroughs

    for name in shipped_names():
        paths = walkthroughs(SCENARIOS / name)
        if not paths:
            continue
        s = Simulation.new(name, seed=0)
        for p in paths:
            for line in p.read_text().splitlines():
                line = line.split("#", 1)[0].strip()
                if not line:
                    continue
                cmd = line.split(None, 1)[1] if line.startswith("+") else \
                    " ".join(line.split()[3:] if line.startswith("day") else line.split()[1:])
                assert parse(cmd, s.names()).text == " ".join(cmd.split()), (p, cmd)


@pytest.mark.parametrize("line,words", [
    ("ask fen ada_key.moved_bye", "no claim 'ada_key.moved_bye' — did you mean "
                                  "'ada_key.moved_by'?"),
    ("tell fen key moved banana", "'banana' is not someone or something in this town"),
])
def test_the_command_line_names_the_nearest_match_too(tmp_path, line, words):
    from click.testing import CliRunner

    from ui.cli import main

    w = tmp_path / "w.txt"
    w.write_text(f"day 1 09:00  go inn\n+  {line}\n")
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", str(w)])
    assert res.exit_code == 2 and f"{w}:2: " in res.output and words in res.output
