import pytest

from game.scenario import load_scenario


def as_author(sim, line: str):
    """`line` carried out as the author puts it — any question or answer by its id, met or
    not (typed in play, one the player has not met names nothing): for tests of what a verb
    does, not of what the player can name."""
    from game import commands

    with sim.names().as_author() as v:
        return sim.command(commands.parse(line, v), typed=line)


@pytest.fixture(scope="session")
def missing_key():
    return load_scenario("missing_key")


TINY = '''
[scenario]
id = "tiny"
title = "Tiny"
premise = "Four people in a row pass one rumour along."
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

[[residents]]
id = "cat"
name = "Cat"
home = "home"

[[residents]]
id = "dan"
name = "Dan"
home = "home"
'''


SEEN_AT_TEN = 'schedule = [{ at = "09:00", place = "home" }, { at = "10:00", place = "square" }]'


def with_keys(text: str, rid: str, *lines: str) -> str:
    """TINY (or text built on it) with keys added to one resident's table: a schedule, visits."""
    head = f'id = "{rid}"\nname = "{rid.title()}"\nhome = "home"\n'
    assert head in text, rid
    return text.replace(head, head + "".join(f"{line}\n" for line in lines), 1)


@pytest.fixture
def write_scenario(tmp_path):
    """Write scenario text to a file and return its path."""

    def write(text: str, name: str = "scenario.toml"):
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return p

    return write
