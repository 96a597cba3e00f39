"""The one-way dependencies of architecture.md: memory <- game <- ui.

memory imports nothing from game or ui (and no pygame); game imports nothing from ui and no
pygame. Checked by walking every module's imports, including ones inside functions.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "memory": {"game", "ui", "pygame", "jinja2", "openai", "click", "rich"},
    "game": {"ui", "pygame"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_dependencies_point_one_way():
    bad = []
    for package, forbidden in FORBIDDEN.items():
        files = sorted((ROOT / package).rglob("*.py"))
        assert files, f"{package}/ has no modules"
        for f in files:
            wrong = imported_roots(f) & forbidden
            if wrong:
                bad.append(f"{f.relative_to(ROOT)} imports {', '.join(sorted(wrong))}")
    assert not bad, "dependency arrows point the wrong way:\n" + "\n".join(bad)


def test_the_check_catches_a_wrong_arrow(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from ui import cli\n    import pygame.font\n")
    assert imported_roots(f) == {"ui", "pygame"}
