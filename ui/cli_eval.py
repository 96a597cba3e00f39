"""`hearsay eval`: the seeds' experiments with their baselines, as tables (issue 15).

    hearsay eval                  # the quick size (3 seeds; well under a minute)
    hearsay eval --full           # the size the README shows (12 seeds; a few minutes)
    hearsay eval --only lie --json

Each table puts the seed's own figure beside ours; `benchmarks/epistemic_eval.py` prints the
same. Registered on `main` by ui/cli.py.
"""

from __future__ import annotations

import json

import click

from .cli import echo, main

NAMES = ("lie", "correction", "staleness", "mechanisms")


@main.command("eval")
@click.option("--full", is_flag=True, help="The full size (12 seeds), as in the README.")
@click.option("--only", "only", multiple=True, type=click.Choice(NAMES),
              help="Run only this experiment (may be given more than once).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def eval_(full: bool, only: tuple[str, ...], as_json: bool) -> None:
    """The seeds' experiments — a repeated lie (004), adversarial correction (002), staleness
    (003), mechanisms and convergence (001) — our rules beside naive baselines."""
    from game import evals

    res = evals.run(full=full, only=list(only) or None,
                    progress=None if as_json else
                    lambda name, s: click.echo(f"[{name}: {s:.1f} s]", err=True))
    if as_json:
        echo(json.dumps(res, indent=1, sort_keys=True))
    else:
        echo(evals.render(res).rstrip("\n"))
