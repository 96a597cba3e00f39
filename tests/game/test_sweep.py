"""Issue 11: the shipped scenarios are balanced, and a sweep proves it.

Pinned at 20 seeds (the README's table and `benchmarks/sweep_bench.py` use 100): for each of
the four scenarios with a player, nobody playing loses on at least 95% of seeds, to the
consequence the scenario is about; each `win-*` walkthrough wins on at least 95% and each
`lose-*` loses on at least 95%; a random player wins on at most 5%; at least two routes win.
Each winning route needs something learned: its `lose-*-unasked` twin, which skips the
learning step, loses (at 5 seeds: they fail at the step they skip).

One sweep per scenario on a process pool of two, shared by every assertion (about 90 s of
CPU); the determinism, CLI and Dask tests reuse small runs.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from game import sweep as sw
from game.scenario.loader import SCENARIOS
from ui.cli import main

SEEDS = 20
SKIP_SEEDS = 5  # the winning routes without their learning step
SCENARIOS_WITH_A_PLAYER = ("missing_key", "bad_blood", "the_ledger", "cancelled_meeting")
CONSEQUENCE = {"missing_key": "barred", "bad_blood": "feud", "the_ledger": "harmed",
               "cancelled_meeting": "no_quorum"}


def _routes(name: str) -> tuple[list[sw.Route], list[sw.Route]]:
    """(routes pinned at 20 seeds, the skip-the-learning routes). lose-do-nothing is the
    no-player route with a player standing idle: the benchmark runs both; here the no-player
    route stands for it."""
    every = sw.routes_for(SCENARIOS / name, random_players=1)
    skips = [r for r in every if r.name.endswith("-unasked")]
    pinned = [r for r in every if r not in skips and r.name != "lose-do-nothing"]
    return pinned, skips


@pytest.fixture(scope="module")
def pool():
    with sw.process_pool(2, "missing_key") as ex:
        yield ex


@pytest.fixture(scope="module")
def tables(pool):
    out = {}
    for name in SCENARIOS_WITH_A_PLAYER:
        pinned, skips = _routes(name)
        out[name] = (sw.sweep(name, pinned, SEEDS, pool, jobs="2 jobs"),
                     sw.sweep(name, skips, SKIP_SEEDS, pool, jobs="2 jobs"))
    return out


@pytest.mark.parametrize("name", SCENARIOS_WITH_A_PLAYER)
def test_doing_nothing_loses_to_the_consequence(tables, name):
    row = tables[name][0].row("no player")
    assert row.runs == SEEDS and row.wins == 0
    harm = next(e for e in row.endings if e.id == CONSEQUENCE[name])
    assert harm.share >= 0.95, (name, [(e.id, e.count) for e in row.endings])
    assert row.verdict == "ok"
    # The false belief did it: a lost ending's post-mortem names a false value and whose
    # word it was (for a quorum, the beliefs of those who would have come).
    assert row.causes and row.causes[0].ending == CONSEQUENCE[name]
    assert row.causes[0].count >= SEEDS // 2 and row.causes[0].origin, row.causes


@pytest.mark.parametrize("name", SCENARIOS_WITH_A_PLAYER)
def test_every_walkthrough_ends_as_its_name_says_and_two_routes_win(tables, name):
    table = tables[name][0]
    wins = [r for r in table.rows if r.name.startswith("win-")]
    loses = [r for r in table.rows if r.name.startswith("lose-")]
    assert len(wins) >= 2 and loses
    for r in wins:
        assert r.win_share >= 0.95 and r.verdict == "ok", (r.name, r.endings)
    for r in loses:
        assert r.win_share <= 0.05 and r.verdict == "ok", (r.name, r.endings)


@pytest.mark.parametrize("name", SCENARIOS_WITH_A_PLAYER)
def test_random_players_rarely_win(tables, name):
    row = tables[name][0].row("random 1")
    assert row.runs == SEEDS and row.win_share <= 0.05, (name, row.won_seeds)


@pytest.mark.parametrize("name", SCENARIOS_WITH_A_PLAYER)
def test_each_winning_route_needs_something_learned(tables, name):
    skips = tables[name][1]
    wins = {r.name for r in tables[name][0].rows if r.name.startswith("win-")}
    assert len(skips.rows) >= len(wins)  # one twin per winning route, at least
    for r in skips.rows:
        assert r.wins == 0, (r.name, r.endings)


@pytest.mark.parametrize("name", SCENARIOS_WITH_A_PLAYER)
def test_every_shipped_scenario_meets_the_balance_as_a_whole(tables, name):
    from dataclasses import replace

    pinned, skips = tables[name]
    whole = replace(pinned, rows=pinned.rows + skips.rows)
    assert whole.shortfalls() == [], whole.shortfalls()


def test_a_sweep_run_is_the_run_hearsay_run_makes(tmp_path):
    """The same world log, byte for byte: nobody playing, a walkthrough, and a random
    player's walkthrough (`sweep --show-random`) saved and played with `hearsay run`."""
    name = "the_ledger"
    routes = {r.name: r for r in _routes(name)[0]}
    cli = CliRunner()

    def hashed(*args) -> str:
        res = cli.invoke(main, ["run", name, *args, "--json"])
        assert res.exit_code == 0, res.output
        return json.loads(res.output)["log_sha256"]

    got = sw.run_one(sw.Task(name, routes["no player"], 3))
    assert got.log_sha256 == hashed("--seed", "3")
    walk = SCENARIOS / name / "win-oswins-card.txt"
    got = sw.run_one(sw.Task(name, routes["win-oswins-card"], 4))
    assert got.log_sha256 == hashed("--seed", "4", "--commands", str(walk))
    got = sw.run_one(sw.Task(name, routes["random 1"], 5))
    shown = cli.invoke(main, ["sweep", name, "--show-random", "1:5"])
    assert shown.exit_code == 0, shown.output
    assert got.commands == len([ln for ln in shown.output.splitlines()
                                if ln and not ln.startswith("#")])
    saved = tmp_path / "random-1-seed-5.txt"
    saved.write_text(shown.output)
    assert got.log_sha256 == hashed("--seed", "5", "--commands", str(saved))


SMALL = dict(seeds=3, first_seed=7)


def _small_routes() -> list[sw.Route]:
    every = {r.name: r for r in sw.routes_for(SCENARIOS / "the_ledger", random_players=1)}
    return [every[n] for n in ("no player", "win-bring-mira", "lose-back-the-ledger",
                               "random 1")]


def test_a_local_dask_cluster_gives_the_process_pools_table(pool):
    """`--cluster`: the same table from a Dask cluster's executor as from the process pool
    (a LocalCluster in this process, threads for workers)."""
    distributed = pytest.importorskip(
        "dask.distributed", reason="Dask is not installed: pip install 'hearsay[cluster]'")
    routes = _small_routes()
    by_pool = sw.sweep("the_ledger", routes, SMALL["seeds"], pool,
                       first_seed=SMALL["first_seed"])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        by_dask = sw.sweep("the_ledger", routes, SMALL["seeds"], client.get_executor(),
                           first_seed=SMALL["first_seed"])
    assert by_dask.same_as(by_pool) and by_dask.runs == len(routes) * SMALL["seeds"]
    here = sw.sweep("the_ledger", routes, SMALL["seeds"], None, first_seed=SMALL["first_seed"])
    assert here.same_as(by_pool)  # and with no executor at all


def test_the_sweep_command_prints_the_table_and_json():
    cli = CliRunner()
    walk = SCENARIOS / "the_ledger" / "win-bring-mira.txt"
    res = cli.invoke(main, ["sweep", "the_ledger", "--seeds", "2", "--random-players", "1",
                            "--jobs", "1", "--commands", str(walk), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert [r["name"] for r in data["rows"]] == ["no player", "win-bring-mira", "random 1"]
    assert data["runs"] == 6 and data["rows"][1]["wins"] == 2
    harm = data["rows"][0]["endings"][0]
    assert harm["id"] == "harmed" and harm["share"] == 1.0 and harm["median_time"]
    assert data["rows"][0]["causes"][0]["origin"] == "the new ledger"
    # One winning route and no unasked twin: the sweep says it falls short, and why (an
    # author read the verdict route by route and had to judge the whole themselves).
    assert data["balance"]["meets"] is False
    assert data["balance"]["shortfalls"] == [
        "1 route wins; the balance asks for two or more",
        "no lose-*-unasked route shows that a win needs something learned"]
    res = cli.invoke(main, ["sweep", "the_ledger", "--seeds", "1", "--random-players", "0",
                            "--jobs", "1", "--commands", str(walk)])
    assert res.exit_code == 0, res.output
    assert "The Ledger — 1 seeds × 2 routes = 2 runs" in res.output
    assert "What Mira said 100%" in res.output and "balance" in res.output
    assert "meets the balance: NO — 1 route wins; the balance asks for two or more" \
        in res.output


@pytest.mark.parametrize("args,says", [
    (["nowhere"], "no such scenario"),
    (["the_ledger", "--commands", "/nonexistent.txt"], "no such file"),
    (["the_ledger", "--show-random", "x"], "like 3:17"),
    (["nine_neighbours", "--commands", str(SCENARIOS / "the_ledger" / "win-bring-mira.txt")],
     "no player"),
])
def test_bad_sweep_input_exits_2(args, says, tmp_path):
    res = CliRunner().invoke(main, ["sweep", *args, "--seeds", "1", "--jobs", "1"])
    assert res.exit_code == 2, res.output
    assert says in res.output


def test_a_bad_walkthrough_is_refused_before_anything_runs(tmp_path):
    bad = tmp_path / "win-bad.txt"
    bad.write_text("day 1 09:00  go cafe\n+  ask nobody ada_key.moved_by\n")
    res = CliRunner().invoke(main, ["sweep", "missing_key", "--commands", str(bad),
                                    "--seeds", "1", "--jobs", "1"])
    assert res.exit_code == 2 and "win-bad" in res.output and ":2" in res.output


def test_a_town_with_no_endings_has_nothing_won_in_the_table(capsys):
    """Nine Neighbours' sweep said "won 0% (0–66)" of a town with nothing to win (a
    playtest): "—", and a line that says why."""
    from ui.cli_sweep import print_table

    none = sw.EndingShare("", "no ending", None, 2, 1.0, 0.34, 1.0, None, "")
    row = sw.RouteRow("no player", "none", 2, 0, 0.0, 0.0, 0.66, [none], [])
    print_table(sw.Table("nine_neighbours", "Nine Neighbours", 2, 2, "2 jobs", 1.0, [row], 0.5))
    out = capsys.readouterr().out
    assert "0% (0–66)" not in out and "no player  —" in out
    assert "(no endings: a town to watch, with nothing to win or lose)" in out
    assert "meets the balance" not in out
