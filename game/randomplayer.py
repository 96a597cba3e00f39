"""A random player: a seeded stranger who tries plausible verbs at random times.

It knows only what any player knows — the brief's words (people, places, the spots a look
around shows, things, the questions of the case), the answers it has met on the way,
where it is, who is here, and what it has found or carries — never a mind or the truth. It
plays in visits: at a random time it walks somewhere (or stays), then tries one to four things
there — ask, tell, show, search, take, who, bring, mediate — one after another.

What it does is written down as a walkthrough, one timed line per command; played with
`hearsay run --commands` that walkthrough gives the same world log, byte for byte (the player's
choices use their own generator, seeded by the player's number and the run's seed, never the
simulation's). A sweep uses random players to measure that a scenario is not won by chance.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import clock
from .commands import parse
from .knowledge import questions
from .player import PLAYER
from .walkthrough import end_of

if TYPE_CHECKING:
    from .town import Game

VISITS = (4, 14)  # how many visits a random player makes, at least and at most
PER_VISIT = (1, 4)  # how many things it tries on one visit
# How much a random player likes each verb when it can use it.
WEIGHTS = {"ask": 5, "tell": 4, "show": 4, "search": 2, "take": 4, "who": 2, "bring": 1,
           "mediate": 1, "why": 1}
LAST_CALL = 2 * clock.HOUR  # no new visit this close to when the game stops


def player_rng(number: int, seed: int) -> random.Random:
    """The random player's own generator (string seeds hash the same in every process)."""
    return random.Random(f"random-player:{number}:{seed}")


class RandomPlayer:
    def __init__(self, sim: Game, number: int, seed: int):
        self.sim = sim
        self.rng = player_rng(number, seed)
        v = sim.names()
        self.places = sorted(p for p, x in sim.places.items() if x["kind"] != "away")
        self.spots = sorted(f"{p}.{s}" for p, x in sim.places.items() if x["kind"] != "away"
                            for s in x["spots"] if s not in x["hidden"])
        self.questions = questions(sim)
        self.answers = {q: sorted(v.allowed(q)) for q in self.questions}
        self.lines: list[str] = []

    def play(self) -> list[str]:
        """Play to the end; return the walkthrough's lines."""
        sim, rng = self.sim, self.rng
        end = end_of(sim)
        last = end - LAST_CALL
        times = sorted(clock.align(rng.randrange(sim.now, last)) for _ in
                       range(rng.randint(*VISITS)))
        for at in times:
            if sim.ending:
                break
            at = max(at, sim.now)
            if at >= last:
                break
            if rng.random() < 0.8:
                here = sim.state[PLAYER].place
                self._do(at, f"go {rng.choice([p for p in self.places if p != here])}")
            for _ in range(rng.randint(*PER_VISIT)):
                if sim.ending or sim.now >= last:
                    break
                cmd = self._choose()
                if cmd is None:
                    break
                self._do(sim.now, cmd)
        if not sim.ending:
            sim.run(until=end)
        return self.lines

    def _do(self, at: int, text: str) -> None:
        sim = self.sim
        sim.run(until=at)
        if sim.ending:
            return
        at = sim.now
        cmd = parse(text, sim.names())  # as a walkthrough line would be read
        self.lines.append(f"{clock.fmt(at)}  {text}")
        sim.command(cmd)

    def _choose(self) -> str | None:
        sim, rng = self.sim, self.rng
        place = sim.state[PLAYER].place
        here = [x for x in sim.present(place) if x != PLAYER]
        held = sorted(o for o in sim.objects if sim.world.fact(o, "location") == PLAYER)
        found = sorted(_found_here(sim, place))
        options: list[tuple[str, int]] = [("search", WEIGHTS["search"])]
        if here:
            options += [(v, WEIGHTS[v]) for v in ("ask", "tell", "who", "bring", "why")]
            if held:
                options.append(("show", WEIGHTS["show"]))
            if len(here) >= 2:
                options.append(("mediate", WEIGHTS["mediate"]))
        if found:
            options.append(("take", WEIGHTS["take"]))
        verbs, weights = zip(*options, strict=True)
        verb = rng.choices(verbs, weights=weights)[0]
        q = rng.choice(self.questions) if self.questions else None
        if verb == "search":
            spots = [s for s in self.spots if s.split(".")[0] == place]
            return "search" + (f" {rng.choice(spots)}" if spots and rng.random() < 0.5 else "")
        if verb == "take":
            return f"take {rng.choice(found)}"
        if verb == "show":
            return f"show {rng.choice(here)} {rng.choice(held)}"
        if verb == "who":
            start = clock.align(clock.parse_when(sim.sc.scenario.start))
            at = clock.align(rng.randrange(max(0, start - clock.DAY // 2), sim.now + 1))
            return f"who {rng.choice(here)} {clock.fmt(at)}"
        if verb == "bring":
            return f"bring {rng.choice(here)}"
        if q is None:
            return None
        if verb == "mediate":
            a, b = rng.sample(here, 2)
            return f"mediate {a} {b} {q}"
        if verb == "tell":
            # Only an answer it has met, or that anyone can name (a person, a place, a thing,
            # yes or no) — as the window and a walkthrough's step take one: it told "slight"
            # before anyone had said it, which no player could have typed.
            known = sim.names().known_answers(q)
            answers = [a for a in self.answers[q] if known is None or a in known]
            if not answers:
                return None
            return f"tell {rng.choice(here)} {q} {rng.choice(answers)}"
        return f"{verb} {rng.choice(here)} {q}"


def _found_here(sim: Game, place: str) -> set[str]:
    """Things the player has seen where they now are, and that are still there."""
    from .player import _known_here

    return {o for o in _known_here(sim, place) if sim.objects[o].get("portable", True)}


def random_walkthrough(sim: Game, number: int, seed: int) -> list[str]:
    """Play random player `number` on a fresh run of seed `seed`; its walkthrough's lines."""
    return RandomPlayer(sim, number, seed).play()
