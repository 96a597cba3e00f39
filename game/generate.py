"""Generated towns of any size, for scale runs and benchmarks.

A generated town is written as scenario TOML and loaded through the same loader as an author's
file, so it is validated the same way and a save of it is self-contained. The same size and seed
always give the same town.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from .scenario import loader
from .scenario.loader import LoadedScenario, parse_text

MAX_RESIDENTS = 20_000  # what `hearsay run --residents` accepts
# The longest text a save may carry for its scenario: a generated town of MAX_RESIDENTS for
# up to MAX_SAVED_DAYS days (~24 MB for 10 days) — never taken from a user's own file,
# which stays within MAX_SCENARIO_BYTES.
MAX_SAVED_DAYS = 30
MAX_GENERATED_CHARS = 48_000_000
_FILE = re.compile(r"generated/town-(\d{1,5})-(-?\d{1,19})\.toml")
_DAYS = re.compile(r"^days = (\d{1,3})$", re.M)

SHARED_KINDS = ["cafe", "market", "square", "inn", "hall", "shop", "mill", "garden", "church",
                "school", "clinic", "farm"]
GIVEN = ["ada", "bo", "cy", "dee", "eli", "fen", "gus", "hana", "ivo", "jun", "kai", "lin",
         "mo", "nia", "oli", "pia", "quin", "rae", "sol", "tam", "uma", "vic", "wen", "xan",
         "yara", "zed"]
THINGS = ["key", "ledger", "ring", "shawl", "knife", "pipe", "letter", "purse", "hat", "lamp"]


def generated_town(residents: int, seed: int = 0, days: int = 10) -> LoadedScenario:
    text = town_toml(residents, seed, days)
    # Made here, not read from anyone's file: the cap on a user's scenario file does not apply
    # (the size follows `residents`, which the caller bounds).
    return parse_text(text, Path(f"generated/town-{residents}-{seed}.toml"), generated=True)


def saved_scenario_text(text: str, file: Path) -> LoadedScenario:
    """A scenario text as a save carries it, checked: within the cap on a user's scenario,
    unless it is exactly the generated town its file name and length say (made again here
    and compared, so a save cannot pass off a text of its own as one)."""
    if len(text) > loader.MAX_SCENARIO_BYTES and len(text) <= MAX_GENERATED_CHARS:
        m, days = _FILE.fullmatch(file.as_posix()), _DAYS.search(text, 0, 2_000)
        if m and days and 2 <= int(m[1]) <= MAX_RESIDENTS and \
                1 <= int(days[1]) <= MAX_SAVED_DAYS and \
                text == town_toml(int(m[1]), int(m[2]), int(days[1])):
            return parse_text(text, file, generated=True)
    return parse_text(text, file)


def town_toml(n: int, seed: int = 0, days: int = 10) -> str:
    if n < 2:
        raise ValueError("a town needs at least 2 residents")
    rng = random.Random(f"town:{n}:{seed}")
    ids = [f"{GIVEN[i % len(GIVEN)]}{i // len(GIVEN) or ''}" for i in range(n)]
    shared = []
    for i in range(max(6, n // 12)):
        kind = SHARED_KINDS[i % len(SHARED_KINDS)]
        shared.append((f"{kind}{i // len(SHARED_KINDS) or ''}", kind))
    homes = [f"home{i}" for i in range((n + 2) // 3)]
    out = [
        "[scenario]",
        f'id = "town_{n}"',
        f'title = "A generated town of {n}"',
        'premise = "A generated town: schedules, objects that go missing, gossip."',
        'start = "day 1 06:00"',
        f"days = {days}",
        "",
        "[attributes.moved_by]",
        "actor = true",
        "importance = 6",
        "",
        "[attributes.owes]",
        "importance = 4",
        "",
    ]
    for pid, kind in shared:
        out += ["[[places]]", f'id = "{pid}"', f'name = "{pid.capitalize()}"', f'kind = "{kind}"',
                f"x = {rng.random():.3f}", f"y = {rng.random():.3f}", 'spots = ["table", "shelf"]',
                ""]
    for h in homes:
        out += ["[[places]]", f'id = "{h}"', f'name = "{h.capitalize()}"', 'kind = "home"',
                f"x = {rng.random():.3f}", f"y = {rng.random():.3f}", ""]
    for i, rid in enumerate(ids):
        home = homes[i // 3]
        work = shared[rng.randrange(len(shared))][0]
        lunch = shared[rng.randrange(len(shared))][0]
        evening = shared[rng.randrange(len(shared))][0]
        wake = rng.choice([6, 7, 8])
        traits = ", ".join(f"{t} = {rng.random():.2f}" for t in (
            "talkativeness", "credulity", "honesty", "curiosity"))
        friends = rng.sample(ids, min(3, n - 1))
        rel = ", ".join(f"{f} = {rng.uniform(-0.5, 0.8):.2f}" for f in friends if f != rid)
        out += [
            "[[residents]]", f'id = "{rid}"', f'name = "{rid.capitalize()}"', f'home = "{home}"',
            f"traits = {{ {traits} }}",
            "schedule = [",
            f'  {{ at = "0{wake}:30", place = "{work}" }},',
            f'  {{ at = "12:00", place = "{lunch}" }},',
            f'  {{ at = "13:00", place = "{work}" }},',
            f'  {{ at = "17:30", place = "{evening}" }},',
            f'  {{ at = "21:00", place = "{home}" }},',
            "]",
            f"relationships = {{ {rel} }}" if rel else "",
            "",
        ]
    for i, rid in enumerate(ids):
        thing = THINGS[i % len(THINGS)]
        out += ["[[objects]]", f'id = "{rid}_{thing}"', f'name = "{rid.capitalize()}\'s {thing}"',
                f'owner = "{rid}"', f'location = "{homes[i // 3]}"', ""]
    # Each resident starts knowing a few things about others, some of them wrongly.
    for rid in ids:
        for other in rng.sample(ids, min(3, n)):
            if other == rid:
                continue
            creditor = rng.choice(ids)
            out += ["[[facts]]", f'claim = "{other}.owes"', f'value = "{creditor}"', ""] \
                if rid == ids[0] else []
            value = creditor if rng.random() < 0.8 else rng.choice(ids)
            out += ["[[beliefs]]", f'resident = "{rid}"', f'claim = "{other}.owes"',
                    f'value = "{value}"', 'kind = "witnessed"', ""]
    # Every day some things are moved by someone other than their owner, where others see.
    for day in range(1, days + 1):
        for j in range(max(1, n // 10)):
            taker = rng.choice(ids)
            owner_i = rng.randrange(n)
            obj = f"{ids[owner_i]}_{THINGS[owner_i % len(THINGS)]}"
            place = shared[rng.randrange(len(shared))][0]
            hour = rng.randrange(9, 18)
            out += ["[[events]]", f'id = "move_{day}_{j}"', f'at = "day {day} {hour:02d}:10"',
                    'kind = "move_object"', f'actor = "{taker}"', f'object = "{obj}"',
                    f'to = "{place}.shelf"', f'place = "{place}"',
                    f'effects = [{{ claim = "{obj}.moved_by", value = "{taker}" }}]', ""]
    # Owners who believe someone moved their things grow wary of them.
    for i, rid in enumerate(ids):
        obj = f"{rid}_{THINGS[i % len(THINGS)]}"
        out += ["[[reactions]]", f'id = "wary_{rid}"', f'who = ["{rid}"]',
                f'believes = {{ claim = "{obj}.moved_by", value = "?y" }}',
                'action = "avoid"', 'target = "value"', ""]
    return "\n".join(out)
