"""Scenario mutants: missing_key's scenario.toml changed by one thing each — broken TOML, bad
bytes, long tokens, missing tables, clashing ids, hostile labels and conditions, absurd numbers,
hostile templates in the scenario's own templates/ — plus seeded random line edits.

Each mutant is `(name, text or bytes, templates)`: `templates` maps file names in the
scenario's templates/ folder to their contents (or to FIFO for a named pipe).
"""

from __future__ import annotations

import random
from pathlib import Path

from game.scenario.loader import SCENARIOS

BASE = (SCENARIOS / "missing_key" / "scenario.toml").read_text(encoding="utf-8")
FIFO = object()  # a templates/ entry that is a named pipe
LINK = object()  # a templates/ entry that is a link to a file outside the scenario


def _sub(old: str, new: str, count: int = 1) -> str:
    assert old in BASE, old
    return BASE.replace(old, new, count)


def _label(text: str) -> str:
    return _sub('label = "{subject} was moved by {value}"', f'label = "{text}"')


def _when(cond: str) -> str:
    return _sub("when = 'fact(\"cy.barred\") == \"yes\"'", f"when = '{cond}'")


LONG = "a" * 40_000


def mutants() -> list[tuple[str, str | bytes, dict]]:
    out: list[tuple[str, str | bytes, dict]] = [
        # -- TOML and bytes ----------------------------------------------------------------
        ("unclosed-string", _sub('name = "Bo"', 'name = "Bo'), {}),
        ("unclosed-table", _sub("[[residents]]", "[[residents]", 1), {}),
        ("unclosed-array-at-end", BASE + "\nx = [1, 2,\n", {}),
        ("unclosed-multiline-string", BASE + '\nnote = """never closed\n', {}),
        ("duplicate-key", _sub('title = "The Missing Key"',
                               'title = "The Missing Key"\ntitle = "Again"'), {}),
        ("bad-escape", _sub('name = "Bo"', 'name = "B\\qo"'), {}),
        ("stray-bracket", BASE + "\n]\n", {}),
        ("truncated-10", BASE[:len(BASE) // 10], {}),
        ("truncated-half", BASE[:len(BASE) // 2], {}),
        ("truncated-mid-line", BASE[:BASE.index('name = "Bo"') + 9], {}),
        ("empty", "", {}),
        ("only-comments", "# nothing here\n", {}),
        ("invalid-utf8", BASE.encode()[:500] + b"\xff\xfe" + BASE.encode()[500:], {}),
        ("invalid-utf8-late", BASE.encode()[:-200] + b"\xc3\x28" + BASE.encode()[-200:], {}),
        ("nul-byte", _sub('name = "Bo"', 'name = "B\x00o"'), {}),
        ("bom", "\ufeff" + BASE, {}),
        ("binary", bytes(range(256)) * 20, {}),
        ("deep-nesting", BASE + "\nx = " + "[" * 5000 + "]" * 5000 + "\n", {}),
        ("deep-inline-tables", BASE + "\nx = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", {}),
        # -- long tokens: the line-finder stays linear ---------------------------------------
        ("long-inline-token", BASE + f"\nx = {{{LONG}}}\n", {}),
        ("long-inline-key", BASE + f"\nx = {{{LONG} = 1}}\n", {}),
        ("long-array-token", BASE + f"\nx = [\n{LONG}\n]\n", {}),
        ("long-header", BASE + f"\n[{' ' * 40_000}\n", {}),
        ("long-key", BASE + f"\n{LONG}.{LONG} = 1\n", {}),
        ("long-value", _sub('name = "Bo"', f'name = "{LONG}"'), {}),
        ("megabyte-token", BASE + "\nx = {" + "b" * 1_000_000 + "}\n", {}),
        ("too-big", BASE + "#" * 2_100_000, {}),
        # -- structure and ids -------------------------------------------------------------
        ("no-scenario-table", BASE.replace("[scenario]", "[scenery]", 1), {}),
        ("no-places", "\n".join(line for line in BASE.splitlines()
                                if line != "[[places]]"), {}),
        ("scenario-not-a-table", "scenario = 5\n" + BASE.replace("[scenario]", "[other]", 1),
         {}),
        ("resident-is-a-place", _sub('id = "bo"', 'id = "cafe"'), {}),
        ("duplicate-resident", _sub('id = "bo"', 'id = "ada"'), {}),
        ("thing-is-a-place", BASE + '\n[[objects]]\nid = "cafe"\nname = "a cafe"\n'
                             'location = "market"\n', {}),
        ("uppercase-id", _sub('id = "bo"', 'id = "Bo"'), {}),
        ("unknown-home", _sub('home = "bo_home"', 'home = "nowhere"'), {}),
        ("unknown-liar-target", _sub('lies = [{ claim = "ada_key.moved_by", value = "cy", '
                                     'basis = "saw",', 'lies = [{ claim = "ada_key.moved_by"'
                                     ', value = "cy", basis = "saw", to = ["zed"],'), {}),
        ("unknown-event-in-belief", _sub('event = "ada_misses_key"', 'event = "nope"'), {}),
        ("long-claim", _sub('claim = "cy.barred"\nvalue = "no"',
                            f'claim = "cy.{"b" * 300}"\nvalue = "no"'), {}),
        ("long-statement-value", _sub('effects = [{ claim = "cy.at_counter", value = "yes" }]',
                                      f'effects = [{{ claim = "cy.at_counter", value = '
                                      f'"{"y" * 300}" }}]'), {}),
        # -- numbers ---------------------------------------------------------------------------
        ("trait-nan", _sub("talkativeness = 0.7", "talkativeness = nan"), {}),
        ("trait-inf", _sub("talkativeness = 0.7", "talkativeness = inf"), {}),
        ("trait-huge", _sub("talkativeness = 0.7", "talkativeness = 1e308"), {}),
        ("x-nan", _sub("x = 0.42", "x = nan"), {}),
        ("days-huge", _sub("days = 3", "days = 100000000000000000000"), {}),
        ("days-zero", _sub("days = 3", "days = 0"), {}),
        ("at-huge-int", _sub('at = "day 1 07:40"', "at = 1180591620717411303424"), {}),
        ("at-huge-day", _sub('at = "day 1 07:40"', 'at = "day 99999999999999 07:40"'), {}),
        ("at-bad-time", _sub('at = "day 1 07:40"', 'at = "day 1 25:99"'), {}),
        ("confidence-huge", _sub('event = "ada_misses_key"',
                                 'event = "ada_misses_key"\nconfidence = 1000000000'), {}),
        ("relationship-nan", _sub("relationships = { cy = 0.0,",
                                  "relationships = { cy = nan,"), {}),
        ("start-garbage", _sub('start = "day 1 09:00"', 'start = "soon"'), {}),
        # -- labels and about phrases: parsed once, named fields only ---------------------------
        ("label-unknown-field", _label("{subject} was moved by {nope}"), {}),
        ("label-positional", _label("{0} was moved by {value}"), {}),
        ("label-empty-field", _label("{} was moved by {value}"), {}),
        ("label-bad-conversion", _label("{subject} was moved by {value!z}"), {}),
        ("label-conversion", _label("{subject} was moved by {value!r}"), {}),
        ("label-attribute", _label("{subject.__class__.__mro__}"), {}),
        ("label-index", _label("{subject[0]}"), {}),
        ("label-huge-spec", _label("{subject:>99999999}"), {}),
        ("label-unbalanced", _label("{subject was moved"), {}),
        ("label-stray-close", _label("subject} was moved"), {}),
        ("about-value", _sub('about = "who moved {subject}"', 'about = "who moved {value}"'),
         {}),
        ("label-escaped-braces", _label("{{subject}} was moved by {value}"), {}),  # valid
        # -- conditions: type-checked and bounded --------------------------------------------
        ("cond-compare-types", _when('now() > "abc"'), {}),
        ("cond-list-arg", _when('reached(["x"])'), {}),
        ("cond-number-claim", _when("fact(1) == 2"), {}),
        ("cond-bad-time", _when('now() > time("noon")'), {}),
        ("cond-dynamic-time", _when('now() > time(fact("cy.barred"))'), {}),
        ("cond-unknown-fn", _when('eval("1")'), {}),
        ("cond-deep", _when("(" * 500 + "true" + ")" * 500), {}),
        ("cond-long-number", _when("9" * 5000 + " > 1"), {}),
        ("cond-bad-escape", _when('fact("cy.barred") == "\\x"'), {}),
        ("cond-not-chain", _when("not " * 400 + "true"), {}),
        ("cond-unicode", _when('fact("cy.barred") == "café"'), {}),  # valid
        ("cond-list-compare", _when('["a"] < ["b"]'), {}),
        ("cond-bool-order", _when("true < 2"), {}),  # valid: truth values are numbers
        # -- control characters in names: accepted, never printed raw -------------------------
        ("escape-in-name", _sub('name = "Bo"', 'name = "Bo\\u001b[31mRED\\u001b]0;pwned\\u0007"'),
         {}),
        ("bidi-in-name", _sub('name = "Bo"', 'name = "Bo\\u202eoB"'), {}),
        # A blank topic passed validate, then memory refused it when the run began.
        ("topic-blank", _sub('topic = "the key"', 'topic = ""'), {}),
        ("topic-no-break-space", _sub('topic = "the key"', 'topic = "\\u00a0"'), {}),
        ("markup-in-name", _sub('name = "Bo"', 'name = "[bold red]Bo[/]"'), {}),
    ]
    # -- the scenario's own templates/ ---------------------------------------------------------
    templates = {
        "syntax-error": {"answer.j2": "{% if %}"},
        "undefined": {"answer.j2": "{{ s.nope }}"},
        "undefined-in-branch": {"why.j2": "{% if s.known %}{{ s.nothing_here }}{% endif %}"},
        "nested-range": {"answer.j2": "{% for i in range(100000) %}{% for j in range(100000) %}"
                                      "{% endfor %}{% endfor %}"},
        "big-range": {"answer.j2": "{% for i in range(100000) %}x{% endfor %}"},
        "string-times": {"answer.j2": "{{ 'x' * 100000000 }}"},
        "power": {"answer.j2": "{{ 9 ** 9 ** 9 }}"},
        "center": {"answer.j2": "{{ s.what.center(999999999) if s.known else '' }}"},
        "format": {"answer.j2": "{{ '{:>999999999}'.format(1) }}"},
        "percent": {"answer.j2": "{{ '%999999999s' % 1 }}"},
        "macro": {"answer.j2": "{% macro f(n) %}{{ f(n) }}{{ f(n) }}{% endmacro %}{{ f(1) }}"},
        "include-cycle": {"answer.j2": '{% include "mediate.j2" %}',
                          "mediate.j2": '{% include "answer.j2" %}'},
        "include-self": {"who.j2": '{% include "who.j2" %}'},
        "include-file": {"answer.j2": '{% include "/etc/passwd" %}'},
        "extends": {"answer.j2": '{% extends "why.j2" %}'},
        "escape": {"answer.j2": "{{ s.__class__.__mro__[1].__subclasses__() }}"},
        "namespace": {"answer.j2": "{% set ns = namespace(x='a') %}{% for i in range(60) %}"
                                   "{% set ns.x = ns.x ~ ns.x %}{% endfor %}{{ ns.x }}"},
        "list-grow": {"answer.j2": "{% set l = [1] %}{% for i in range(60) %}"
                                   "{{ l.extend(l) }}{% endfor %}"},
        "filter-block-loop": {"answer.j2": "{% filter upper %}{% for c in s.speaker %}"
                                           "{% for d in s.speaker %}x{% endfor %}{% endfor %}"
                                           "{% endfilter %}"},
        "loop-through-include": {"why.j2": '{% for l in s.links %}{% include "who.j2" %}'
                                           '{% endfor %}',
                                 "who.j2": "{% for o in s.others %}{{ o }}{% endfor %}"},
        "unknown-filter": {"answer.j2": "{{ s.speaker|random }}"},
        # (2026-12-07, a fuzz run: exit 1 in validate, or gigabytes before the budget spoke)
        "deep-brackets": {"answer.j2": "{{ " + "(" * 70 + "1" + ")" * 70 + " }}"},
        "deep-ifs": {"answer.j2": "{% if true %}" * 100 + "x" + "{% endif %}" * 100},
        "deep-nots": {"answer.j2": "{{ " + "not " * 3000 + "true }}"},
        "join-bomb": {"answer.j2": '{% set a = (["x" * 20000] * 2000)|join %}'
                                   "{% set b = ([a] * 2000)|join %}{{ b|length }}"},
        "concat-doubling": {"answer.j2": "{% set a = 'x' * 20000 %}"
                                         + "{% set a = a ~ a %}" * 30 + "{{ a|length }}"},
        "plus-doubling": {"answer.j2": "{% set a = 'x' * 20000 %}"
                                       + "{% set a = a + a %}" * 30 + "{{ a|length }}"},
        # (a review: counting a list that holds itself twice, forty deep, never ended; and a
        # list of one long string times a thousand, printed, ran out of memory)
        "list-doubling": {"answer.j2": "{% set a = ['x'] %}" + "{% set a = [a, a] %}" * 40
                                       + "{{ (a ~ '')|length }}"},
        "list-times-long": {"answer.j2": "{% set a = 'x' * 19000 %}{% set b = [a] * 1000 %}"
                                         "{{ b|string|length }}"},
        # (a second fuzz run of the sandbox: memory, hangs, exit 1, and a file read)
        "set-block-doubling": {"answer.j2": "{% set a %}{{ s.speaker }}{% endset %}"
                                            + "{% set a %}{{ a }}{{ a }}{% endset %}" * 40},
        "dict-nesting": {"answer.j2": '{% set b = "x" * 19000 %}{% set l1 = [{"a": b}] * 500 %}'
                                      '{% set l2 = [{"a": l1}] * 500 %}{{ l2 }}'},
        "round-far": {"answer.j2": "{{ 5|round(-1000000000) }}"},
        "divisibleby-format": {"answer.j2": 'MARK{{ "%2000000000d" is divisibleby 1 }}'},
        "filter-chain": {"answer.j2": ("{{ s.speaker" + "|e" * 150 + " }}\n") * 190},
        "attribute-chain": {"answer.j2": "{{ s" + ".x" * 979 + " }}"},
        "surrogate": {"answer.j2": 'MARK {{ "\\ud800" }}'},
        "link-outside": {"answer.j2": LINK},
        "too-big": {"answer.j2": "x" * 70_000},
        "not-utf8": {"answer.j2": b"\xff\xfe\x00"},
        "fifo": {"answer.j2": FIFO},
        "unknown-name": {"evil.j2": "{{ 1 }}"},  # a warning, and ignored
        "good-override": {"answer.j2": "{{ pick('Hm.', 'Well.') }} {% if s.known %}"
                                       "{{ s.what }}{% endif %}"},  # valid
    }
    for name, files in templates.items():
        out.append((f"templates-{name}", BASE, files))
    # -- seeded random line edits ----------------------------------------------------------------
    rng = random.Random(2024)
    lines = BASE.splitlines()
    for i in range(46):
        ls = list(lines)
        op = rng.choice(["delete", "duplicate", "swap", "number", "quote", "id", "truncate"])
        k = rng.randrange(len(ls))
        if op == "delete":
            del ls[k]
        elif op == "duplicate":
            ls.insert(k, ls[k])
        elif op == "swap":
            j = rng.randrange(len(ls))
            ls[k], ls[j] = ls[j], ls[k]
        elif op == "number":
            ls[k] = "".join(rng.choice(["-1", "1e309", "nan", "99999999999"]) if c.isdigit()
                            and rng.random() < 0.3 else c for c in ls[k])
        elif op == "quote":
            ls[k] = ls[k].replace('"', "", 1)
        elif op == "id":
            ls[k] = ls[k].replace('"', '"zz_', 1)
        else:
            ls[k] = ls[k][:rng.randrange(len(ls[k]) + 1)]
        out.append((f"random-{i:02d}-{op}-line{k + 1}", "\n".join(ls) + "\n", {}))
    return out


def write(folder: Path, text: str | bytes, templates: dict) -> Path:
    """A scenario folder: scenario.toml and, if any, templates/."""
    import os

    folder.mkdir(parents=True, exist_ok=True)
    f = folder / "scenario.toml"
    if isinstance(text, bytes):
        f.write_bytes(text)
    else:
        f.write_text(text, encoding="utf-8")
    if templates:
        (folder / "templates").mkdir(exist_ok=True)
        for name, body in templates.items():
            p = folder / "templates" / name
            if body is FIFO:
                os.mkfifo(p)
            elif body is LINK:
                outside = folder / "outside.txt"
                outside.write_text("SECRET of the machine that runs it", encoding="utf-8")
                os.symlink(outside, p)
            elif isinstance(body, bytes):
                p.write_bytes(body)
            else:
                p.write_text(body, encoding="utf-8")
    return f
