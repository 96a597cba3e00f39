"""What residents say: jinja2 templates rendered from the belief itself.

Words hedge by confidence and state and cite the source ("I saw it myself", "I'm fairly sure",
"Bo told me — she had it from Ada", "I read it on the notice board", "I used to think so, but
then I saw…", "someone told me once… I forget who"). Templates live in `content/templates/`;
a scenario folder's own `templates/` overrides any of them by name. The environment is
sandboxed: a template can format what it is given and nothing else.

Phrasing varies without breaking determinism: `pick(...)` chooses among options by a hash of
who is speaking, about what, and when — never by the simulation's random generator, so words
never change what happens.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any, Protocol

from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

TEMPLATES = Path(__file__).resolve().parents[1] / "content" / "templates"
TEMPLATE_NAMES = ("answer", "why", "who", "told", "shown", "mediate", "refuse")


class Narrator(Protocol):
    def render(self, name: str, seed: str, **ctx: Any) -> str: ...


def hedge(confidence: int) -> str:
    if confidence >= 80:
        return "I'm sure"
    if confidence >= 60:
        return "I'm fairly sure"
    if confidence >= 45:
        return "I think so"
    return "I'm not at all sure"


class TemplateNarrator:
    """The default narrator: jinja2 templates, scenario overrides first."""

    def __init__(self, scenario_folder: Path | None = None):
        dirs = []
        if scenario_folder is not None and (scenario_folder / "templates").is_dir():
            dirs.append(FileSystemLoader(str(scenario_folder / "templates")))
        dirs.append(FileSystemLoader(str(TEMPLATES)))
        self.env = SandboxedEnvironment(loader=ChoiceLoader(dirs), undefined=StrictUndefined,
                                        autoescape=False, trim_blocks=True,
                                        lstrip_blocks=True)
        self.env.filters["hedge"] = hedge
        self._cache: dict[str, Any] = {}

    def render(self, name: str, seed: str, **ctx: Any) -> str:
        t = self._cache.get(name)
        if t is None:
            t = self._cache[name] = self.env.get_template(f"{name}.j2")
        counter = [0]

        def pick(*options: str) -> str:
            counter[0] += 1
            h = hashlib.sha256(f"{seed}|{counter[0]}".encode()).digest()
            return options[int.from_bytes(h[:4], "big") % len(options)]

        text = t.render(pick=pick, **ctx)
        return tidy(text)


def tidy(text: str) -> str:
    """Collapse template whitespace and capitalise sentences."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    return re.sub(r"(^|[.!?]\s+|—\s+\")([a-z])", lambda m: m.group(1) + m.group(2).upper(),
                  text)
