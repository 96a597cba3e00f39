"""A fuzzer's crafted saves of 2026-12-07, second round (checksum recomputed, constraints off
while writing): a resident's intent with an act, a purpose, a claim, a target or a place the
game cannot use, and a document saying what is no [claim, value] pair, passed the gate and
crashed the next tick of `run --load` (exit 1) — or wrote a save the gate then refused. Each is
now refused (exit 2, one line, the file left as it was). A lie stored without its basis is
read with the gate's own default."""

from __future__ import annotations

import pytest

from .conftest import cli, digest
from .test_hostile_saves_round7 import _craft

_INTENT = ('{"action":"accuse","purpose":"act","reaction":"accuse_thief",'
           '"claim":"ada_key.moved_by","value":"bo","since":0,"expires":1000000}')


def _intent(**changes: object) -> str:
    import json

    it = json.loads(_INTENT) | changes
    text = json.dumps(it).replace("'", "''")
    return (f"UPDATE sim_state SET state = json_set(state, '$.intent', json('{text}')) "
            "WHERE resident = 'ada'")


CASES = {
    "intent-stay-nowhere-null": ("an intent to stay names no place",
                                 _intent(action="stay", place=None)),
    "intent-stay-no-such-place": ("intent.place 'nowhere' is no place in the town",
                                  _intent(action="stay", place="nowhere")),
    "intent-action-unknown": ("intent.action: Input should be", _intent(action="bogus")),
    "intent-purpose-unknown": ("intent.purpose: Input should be", _intent(purpose="whim")),
    "intent-target-nobody": ("intent.target 'nobody' is no one",
                             _intent(action="ask", purpose="verify", target="nobody")),
    "intent-claim-no-dot": ("intent.claim: String should match pattern",
                            _intent(action="attend", claim="nodot", value="")),
}


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=sim.now + 12 * 60)
    path = tmp_path_factory.mktemp("r10") / "good.db"
    sim.save(path)
    return path


@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    from game.sim import Simulation

    sim = Simulation.new("the_ledger", seed=0)
    sim.run(until=sim.now + 60)
    path = tmp_path_factory.mktemp("r10l") / "good.db"
    sim.save(path)
    return path


def _refused(f, said, tmp_path) -> None:
    before = digest(f)
    for args in (["run", "--load", f, "--days", "1", "--save", tmp_path / "out.db"],
                 ["inspect", f, "-r", "ada" if "ledger" not in str(f) else "tilly"]):
        res = cli(args)
        line = res.output.strip()
        assert res.exit_code == 2 and "\n" not in line, (args, res.output)
        assert said in line, (args, line)
    assert digest(f) == before
    assert not (tmp_path / "out.db").exists()


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_intent_the_game_cannot_follow_is_refused(name, save, tmp_path):
    said, statement = CASES[name]
    _refused(_craft(save, tmp_path / f"{name}.db", statement), said, tmp_path)


@pytest.mark.parametrize("says", ['[["nodot", "no"]]', "[[1, 2, 3]]",
                                  '[["mira.willowbark_allergy", "' + "n" * 201 + '"]]',
                                  '[["mira.willowbark_allergy", " "]]',
                                  '[["m' + "a" * 300 + '.willowbark_allergy", "no"]]',
                                  '["mira.willowbark_allergy"]', '[["mira.a.b", "no"]]',
                                  '[["Mira.allergy", "no"]]', '[["mira.allergy", ""]]', '{}'])
def test_a_document_saying_no_claim_and_value_is_refused(says, ledger, tmp_path):
    f = _craft(ledger, tmp_path / "doc.db", "UPDATE documents SET says = '" + says.replace(
        "'", "''") + "' WHERE rowid = 1")
    _refused(f, "documents.says, row 1:", tmp_path)


def test_a_lie_stored_without_its_basis_is_told_as_the_gate_reads_it(save, tmp_path):
    """The gate's model fills in basis "saw"; the game read the raw JSON and crashed the
    first telling of the lie (KeyError: 'basis')."""
    f = _craft(save, tmp_path / "lie.db",
               "UPDATE people SET spec = json_set(spec, '$.lies', json('{\"ada_key.moved_by\": "
               "{\"value\": \"gus\"}}')) WHERE id = 'ada'")
    before = digest(f)
    res = cli(["run", "--load", f, "--days", "1", "--save", tmp_path / "out.db"])
    assert res.exit_code == 0, res.output
    assert digest(f) == before
    from game.sim import Simulation

    sim = Simulation.load(tmp_path / "out.db")
    assert sim.people["ada"].lies["ada_key.moved_by"]["basis"] == "saw"


def test_keys_the_game_composes_of_long_ids_are_not_refused(save, tmp_path):
    """A value of 187 characters, honest, went into "hearer|claim|value" keys past the gate's
    200 and made a save the gate refused (a review): such keys may be as long as their parts."""
    key = "bo|ada_key.moved_by|" + "v" * 187
    f = _craft(save, tmp_path / "long.db",
               f"UPDATE sim_state SET state = json_set(state, '$.told', json('[\"{key}\"]'), "
               f"'$.fired', json('[\"r:ada_key.moved_by:{'v' * 187}\"]')) WHERE resident = 'ada'")
    res = cli(["inspect", f, "-r", "ada"])
    assert res.exit_code == 0, res.output
