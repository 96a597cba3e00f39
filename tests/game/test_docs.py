"""Docs that cannot drift: every scenario key is documented with an example, every example
parses, and the README's commands exist."""

import re
import tomllib
from pathlib import Path

from pydantic import BaseModel

from game.conditions import FUNCTIONS
from game.scenario import model

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")


def fields(m: type[BaseModel]) -> set[str]:
    return {f.alias or name for name, f in m.model_fields.items()}


def toml_blocks() -> list[str]:
    return re.findall(r"```toml\n(.*?)```", DOC, flags=re.S)


def test_every_example_block_is_valid_toml():
    blocks = toml_blocks()
    assert len(blocks) >= 12
    for b in blocks:
        tomllib.loads(b)


def test_every_key_of_every_table_has_an_example():
    examples = {}
    for b in toml_blocks():
        for table, content in tomllib.loads(b).items():
            item = content[0] if isinstance(content, list) else content
            if table == "attributes":
                item = next(iter(item.values()))
            examples.setdefault(table, {}).update(item)  # a table may have several examples
    tables = {
        "scenario": model.ScenarioInfo, "attributes": model.Attribute,
        "places": model.Place, "residents": model.Resident, "trust": model.TrustEntry,
        "objects": model.Object, "documents": model.Document, "facts": model.Fact,
        "beliefs": model.InitialBelief, "events": model.ScheduledEvent,
        "reactions": model.Reaction, "goals": model.Goal, "endings": model.Ending,
        "player": model.Player, "stages": model.Stage, "memory": model.MemoryTable,
    }
    assert set(tables) == fields(model.Scenario)
    missing = []
    for table, m in tables.items():
        for key in fields(m):
            if key not in examples.get(table, {}):
                missing.append(f"{table}.{key}")
    assert not missing, f"undocumented keys: {missing}"


def test_every_memory_number_is_documented_with_its_default():
    """The `[memory]` example lists every tunable of `memory.MemoryParams`, each at its
    default, so the reference is also the table of defaults."""
    from memory import MemoryParams

    example = next(tomllib.loads(b)["memory"] for b in toml_blocks()
                   if b.startswith("[memory]"))
    defaults = MemoryParams().model_dump()
    assert set(example) == set(defaults)
    assert {k: v for k, v in example.items() if v != defaults[k]} == {}


def test_every_condition_function_is_documented():
    for name in FUNCTIONS:
        assert f"`{name}(" in DOC, name


def test_readme_commands_exist():
    from click.testing import CliRunner

    from ui.cli import main

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    used = set(re.findall(r"^\s*(?:\$ )?hearsay ([a-z]+)", readme, flags=re.M))
    for cmd in used:
        res = CliRunner().invoke(main, [cmd, "--help"])
        assert res.exit_code == 0, f"hearsay {cmd}: {res.output}"
    quick = re.search(r"## Quick start.*?```\n(.*?)```", readme, flags=re.S).group(1)
    assert [c for c in quick.splitlines() if c.strip()] == ["make play", "make test"]
