"""The `hearsay` command line.

Exit codes: 0 success, 2 bad input (a broken scenario, an unknown resident, a corrupt save),
1 a bug.
"""

from __future__ import annotations

import sys

import click

from memory import Evidence, MemoryStore


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Hearsay: a town where every resident remembers events its own way."""


@main.command()
def demo() -> None:
    """Print what a few residents believe after a small, fixed story (no window needed)."""
    store = MemoryStore(":memory:", states=["location"])
    day = 24 * 60
    story = [
        dict(resident="ada", subject="ada_key", attribute="location", value="counter",
             kind="firsthand", at=8 * 60, event="ada-leaves-key"),
        dict(resident="dee", subject="ada_key", attribute="location", value="drawer",
             kind="firsthand", at=9 * 60, event="dee-tidies"),
        dict(resident="ada", subject="ada_key", attribute="taken_by", value="cy",
             kind="inferred", at=10 * 60, premises=("ada_key.location",)),
        dict(resident="bo", subject="ada_key", attribute="taken_by", value="cy", kind="hearsay",
             teller="ada", origin="ada", at=11 * 60),
        dict(resident="eli", subject="ada_key", attribute="taken_by", value="cy",
             kind="hearsay", teller="bo", origin="ada", chain=("ada", "bo"), at=13 * 60),
        dict(resident="eli", subject="ada_key", attribute="taken_by", value="dee",
             kind="witnessed", at=14 * 60, event="eli-saw-dee-tidy"),
    ]
    for e in story:
        store.perceive(Evidence(**e))
    store.age(now=22 * day)
    for who in ("ada", "bo", "eli", "dee"):
        for b in store.beliefs(who, about_others=False):
            click.echo(f"{who:>4}  {b.subject}.{b.attribute} = {b.value:<9} "
                       f"{b.confidence:>3}  {b.state.value:<11} {b.source}"
                       + (f" (told by {b.teller}, from {b.origin})" if b.teller else ""))


@main.command()
@click.argument("scenario", required=False)
def play(scenario: str | None) -> None:
    """Open the game window (until the window lands: the headless demo)."""
    click.echo("The window is not built yet; here is what the town believes:")
    demo.callback()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
