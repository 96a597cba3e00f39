"""What residents say: jinja2 templates rendered from the belief itself.

Words hedge by confidence and state and cite the source ("I saw it myself", "I'm fairly sure",
"Bo told me — she had it from Ada", "I read it on the notice board", "I used to think so, but
then I saw…", "someone told me once… I forget who"). Templates live in `content/templates/`;
a scenario folder's own `templates/` overrides any of them by name (checked when the scenario
loads, see `game.templates`). The environment is sandboxed and every render has a time and size
budget: a template can format what it is given and nothing else.

Phrasing varies without breaking determinism: `pick(...)` chooses among options by a hash of
who is speaking, about what, and when — never by the simulation's random generator, so words
never change what happens.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Protocol

from jinja2 import TemplateError

from . import templates as tpl
from .templates import TEMPLATE_NAMES, TEMPLATES, hedge

__all__ = ["TEMPLATES", "TEMPLATE_NAMES", "Narrator", "TemplateNarrator", "hedge", "tidy"]


class Narrator(Protocol):
    def render(self, name: str, seed: str, **ctx: Any) -> str: ...


class TemplateNarrator:
    """The default narrator: jinja2 templates, the scenario's own (already checked, see
    `game.templates`) before the shipped ones, every render within its budget."""

    def __init__(self, overrides: dict[str, str] | None = None):
        self.overrides = dict(overrides or {})
        self.env = tpl.environment(self.overrides)
        self._shipped = tpl.environment() if self.overrides else self.env
        self.fallbacks = 0  # scenario templates that failed at run time and gave way

    def render(self, name: str, seed: str, **ctx: Any) -> str:
        counter = [0]

        def pick(*options: str) -> str:
            counter[0] += 1
            h = hashlib.sha256(f"{seed}|{counter[0]}".encode()).digest()
            return options[int.from_bytes(h[:4], "big") % len(options)]

        if self.env is not self._shipped:
            try:
                return tidy(tpl.render(self.env, name, pick=pick, **ctx))
            except (TemplateError, ArithmeticError, TypeError, ValueError, LookupError,
                    AttributeError, RecursionError, MemoryError):
                # The scenario's template failed on a context its check did not cover: the
                # shipped words stand, and the game goes on. (Out of stack or memory too:
                # what it built is let go as it unwinds, and a scenario's words are not worth
                # a crash; a hostile-input run.)
                self.fallbacks += 1
                counter[0] = 0
        return tidy(tpl.render(self._shipped, name, pick=pick, **ctx))


def tidy(text: str) -> str:
    """Collapse template whitespace and capitalise sentences."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    # …and the first word of a quotation ('Ana to Ivo: "You told me…"').
    return re.sub(r"(^|[.!?]\s+|[—:]\s+\")([a-z])", lambda m: m.group(1) + m.group(2).upper(),
                  text)
