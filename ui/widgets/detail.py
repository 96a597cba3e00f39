"""One belief, opened: its value and confidence, how easily it comes to mind (epistemics §7:
accessibility, half-life, when last brought to mind, when it will go dormant and be forgotten),
why the resident holds it (each evidence
chain, teller by teller back to whoever saw it — or to someone who said it without knowing),
what speaks against it, the other values kept beside it, and its history, version by version.
In open minds, the world's truth and whether the belief is stale.

The page is laid out once (per belief, clock tick and width) as blocks of known height, and
only the blocks in view are drawn.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import PLAYER, clock
from memory import DORMANT_AFTER, GONE_AFTER, rank_name

from .. import theme as T
from ..claimview import SOUNDED
from ..labels import (
    BELIEVES,
    RECALL_WORDS,
    STATE_WORDS,
    YOUR_STATE_WORDS,
    ago,
    cause_words,
    claim_label,
    evidence_words,
    half_lives,
    half_lives_left,
    hours,
    name_of,
    provenance,
    recall_word,
    source_words,
    state_label,
    step_words,
    told_of,
    value_label,
)
from .base import Widget, badge, bar, button, clamp_scroll, meter, scrollbar, separator
from .chart import confidence_chart
from .editbar import EditBar

Block = tuple[int, Callable[[pygame.Surface, int, int, int], None]]


class BeliefDetail(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.offset = 0
        self._key = None
        self._blocks: list[Block] = []
        self.sections: list[str] = []  # headings on the page (tests)
        self.lines: list[str] = []  # the page's text (tests)
        self.editbar = EditBar(self)

    def scroll(self, dy: int) -> None:
        self.offset += dy

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        town = self.town
        rid, s, a = town.belief
        sim = town.session.sim
        button(surf, self.zones, (rect.x, rect.y, 30, 30), "‹", town.close_belief, name="back")
        sub = "as you believe it" if rid == "player" else f"as {name_of(sim, rid)} believes it"
        T.text(surf, claim_label(sim, s, a, told_of(town.session, rid, s, a)),
               (rect.x + 40, rect.y - 1), "head", T.TEXT, width=rect.width - 40 - 150)
        T.text(surf, sub, (rect.x + 40, rect.y + 20), "small", T.DIM)
        button(surf, self.zones, (rect.right - 140, rect.y, 140, 28), "Show on the map",
               lambda: town.open_claim(s, a), name="claim view", style="small_bold")
        top = rect.y + 42
        if town.session.full_minds and rid != PLAYER:  # the author's hand (open minds only)
            top += self.editbar.draw(surf, rect.x, top, rect.width - 14)
        body = pygame.Rect(rect.x, top, rect.width, rect.bottom - top)
        key = (town.belief, town.session.stamp, body.width, town.session.open_minds)
        if key != self._key:
            self._blocks = self._layout(body.width - 14)
            self._key = key
        content = sum(h for h, _ in self._blocks)
        self.offset = clamp_scroll(self.offset, content, body.height)
        clip = surf.get_clip()
        surf.set_clip(body)
        y = body.y - self.offset
        for h, fn in self._blocks:
            if y + h >= body.y and y <= body.bottom:
                fn(surf, body.x, y, body.width - 14)
            y += h
        surf.set_clip(clip)
        scrollbar(surf, body, self.offset, content)

    # -- the page ---------------------------------------------------------------------------

    def _layout(self, width: int) -> list[Block]:
        town = self.town
        sim = town.session.sim
        rid, s, a = town.belief
        blocks: list[Block] = []
        self.sections, self.lines = [], []
        belief = sim.store.belief(rid, s, a)
        if belief is None:
            return [self._para("They hold no belief about this (any more).", "ui", T.FAINT,
                               width)]
        ex = sim.store.explain(rid, s, a)

        def text_block(t: str, style="ui", color=T.TEXT, indent=0, gap=2) -> None:
            blocks.append(self._para(t, style, color, width - indent, indent, gap))

        def heading(t: str) -> None:
            self.sections.append(t)
            self.lines.append(t)

            def draw(surf, x, y, w, t=t):
                T.text(surf, t.upper(), (x, y + 10), "small_bold", T.ACCENT)
                separator(surf, x + T.width_of(t.upper(), "small_bold") + 8, x + w, y + 18)
            blocks.append((32, draw))

        # the value — in your notebook, what you last saw of someone's view when they
        # changed their mind in front of you since they said it: the page's headline was
        # what they had said, "Cy, believed 70", under a row reading "Dee, witnessed" (a
        # window playtest). What they had said, and how you came by it, follow.
        mine = rid == PLAYER
        seen = self._seen_since(sim, s, a) if mine and a.startswith(BELIEVES) else None
        shown_value, shown_conf, shown_state = belief.value, belief.confidence, \
            belief.state.value
        if seen:
            shown_value, shown_conf, shown_state = seen[2], seen[3], \
                "doubtful" if seen[1] else "influencing"
        colour = T.STATE.get(shown_state, T.DIM)
        om = town.session.open_minds

        def summary(surf, x, y, w):
            # A long answer ("because of the night shift at the mill") in a smaller face,
            # not cut to "because of the nigh…" (a playtest).
            label = value_label(sim, shown_value, belief.attribute)
            if T.width_of(label, "big") <= w - 130:
                T.text(surf, label, (x, y), "big", T.TEXT, width=w - 130)
            else:  # two lines of a smaller face (a third would be cut)
                lines = T.wrap(label, "head", w - 130)
                for i, line in enumerate(lines[:2]):
                    T.text(surf, line if i == 0 or len(lines) <= 2 else line + " …",
                           (x, y + i * 20), "head", T.TEXT, width=w - 130)
            badge(surf, (x + w - 120, y + 8, 118, 20), state_label(shown_state, om), colour)
            bar(surf, (x, y + 44, w - 60, 10), shown_conf / 100, colour)
            T.text(surf, f"{shown_conf}", (x + w - 50, y + 38), "ui_bold", T.TEXT)
            T.text(surf, "/100", (x + w - 26, y + 41), "small", T.FAINT)
        blocks.append((62, summary))
        self.lines.append(value_label(sim, shown_value, belief.attribute))
        if seen:
            self.lines.append(seen[0])
            text_block(seen[0], "small_bold", T.STATE["doubtful"] if seen[1] else T.ACCENT,
                       gap=4)
        state = (YOUR_STATE_WORDS if mine else STATE_WORDS).get(belief.state.value, "")
        # In words a player reads: "repeated by a source already counted: 9" meant nothing
        # to a playtester (it is §5.2's exposure count; open minds keeps the numbers).
        again = belief.exposures
        tail = (f"repeated by a source already counted: {again}; acted on: {belief.uses}"
                if town.session.full_minds else
                f"met again from the same source {again} time{'s' if again != 1 else ''}"
                if again else "")
        said_before = (f"What {name_of(sim, s)} had said, “"
                       f"{value_label(sim, belief.value, belief.attribute)}” "
                       f"({belief.confidence}): " if seen else "")
        text_block(f"{said_before}{(state[:1].lower() if seen else state[:1].upper())}"
                   f"{state[1:]}. Source: {source_words(belief)} — "
                   f"{provenance(sim, belief)}. Held since {clock.fmt(belief.since)}"
                   + (f"; {tail}." if tail else "."), "small", T.DIM)
        # Held, yet less sure than an answer kept beside it: say why it is still the one
        # held ("not allergic 54" over "allergic 74", unexplained: a window playtest).
        heavier = [c for c in belief.candidates
                   if not c.held and c.confidence > belief.confidence]
        if heavier:
            c = max(heavier, key=lambda c: c.confidence)
            other = value_label(sim, c.value, a)
            # Told apart from "weighs more": a rumour at 58 against a document held at 54 read
            # as the game hinting the rumour was right (a playtest); the rank is why it stands.
            ranks = {rank_name(r): r for r in range(6)}
            outranked = ranks.get(c.source, -1) < ranks.get(belief.source, -1)
            text_block((f"{'You hold' if mine else 'They hold'} to it in doubt: “{other}” "
                        f"({c.source}, {c.confidence}/100) speaks against it" + (
                            f", more surely told, but {_a(c.source)} ranks below "
                            f"{_a(belief.source)} and cannot displace it alone: a belief in "
                            "doubt keeps its answer until something settles it."
                            if outranked else
                            " and weighs more, but has not displaced it: a belief in doubt "
                            "keeps its answer until something settles it.")),
                       "small", T.STATE["doubtful"])
        blocks.append(self._recall(belief, width, numbers=town.session.full_minds))
        if town.session.open_minds:
            truth = sim.world.fact(s, a)
            if truth is not None:
                ok = truth == belief.value
                text_block(("✓ True: the world agrees." if ok else
                            f"✗ False: in truth, {value_label(sim, truth, belief.attribute)}."),
                           "ui_bold", T.GOOD if ok else T.BAD, gap=4)
            if belief.stale:
                text_block("◷ Stale: the world has changed since this was learned.",
                           "ui_bold", T.BAD)
            if belief.misremembered:
                text_block("≈ Misremembered: recalled wrong — what was taken in was "
                           "otherwise (see the history).", "ui_bold", T.BAD)

        # why: the evidence chains
        heading("Why you believe it" if mine else "Why they believe it")
        if ex is None or not ex.supports:
            text_block("No evidence on record for the value held.", "small", T.FAINT)
        # In play, your own notebook shows how you came by it — your links of each chain,
        # what each teller said — and not where the teller had it from, or when: that is
        # in their mind ("Mo was there (day 1 19:00): Ben worked the night…" read off Mo's
        # memory, when Mo had only said "I saw it myself"; a playtest).
        yours_only = mine and not town.session.full_minds
        for n, chain in enumerate(ex.supports if ex else [], start=1):
            steps = list(chain.steps)
            if yours_only:
                steps = [st for st in steps if st.resident == PLAYER]
                text_block(f"Chain {n}", "small_bold", T.DIM, gap=4)
            else:
                done = "ends in someone's own evidence" if chain.complete else \
                    "remembered otherwise than it was taken in" if any(
                        getattr(st, "misremembered", False) for st in chain.steps) else \
                    "ends in words nobody can vouch for"
                text_block(f"Chain {n} — {done}", "small_bold", T.DIM if chain.complete else
                           T.STATE["doubtful"], gap=4)
            for i, step in enumerate(steps):
                words = step_words(sim, step)
                self.lines.append(words)
                blocks.append(self._step(words, i, i == len(steps) - 1,
                                         step.recorded, width))
            if getattr(chain, "cut", False) and not yours_only:  # (memory.explain.Chain)
                text_block(f"… and further back: only {len(steps)} links are followed.",
                           "small", T.FAINT, indent=12)
        # against
        if ex is not None and ex.against:
            heading("What speaks against it")
            for e in ex.against:
                line = evidence_words(sim, e)
                self.lines.append(line)
                text_block("• " + line, "small", T.TEXT, indent=6)
        others = [c for c in belief.candidates if not c.held]
        if others:
            heading("Other answers you keep in mind" if mine else
                    "Other values they keep in mind")
            for c in others:
                blocks.append(self._candidate(sim, c, a))
        # history: first as a picture (open minds, or your own notebook), then entry by entry
        heading("History")
        if om or mine:
            from game import plots

            data = plots.confidence(sim, rid, f"{s}.{a}")
            now = town.session.now

            def chart(surf, x, y, w, data=data, now=now):
                confidence_chart(surf, pygame.Rect(x, y + 2, w, 118), sim, data, now)
            blocks.append((128, chart))
        for v in reversed(belief.history):
            blocks.append(self._version(sim, v, width, a))
            self.lines.append(cause_words(v.cause))
        return blocks

    @staticmethod
    def _seen_since(sim, s: str, a: str) -> tuple[str, bool, str, int] | None:
        """Your notebook's word of what someone said they believe, when you saw them change
        their mind after they said it (`game.seen_since`): the words, whether it left them
        unsure, the value seen and how sure they sounded; the page's evidence is what they
        had said."""
        from game import seen_since

        claim = a[len(BELIEVES):]
        seen = seen_since(sim, s, claim).get((s, claim))  # this one pair: read per tick
        if seen is None:
            return None
        kind = seen.turn.partition(":")[2]
        # (after a name, "was": "Rue were left unsure" of a "they"; a review)
        did = {"new": "came to believe", "changed": "came round to",
               "reinforce": "held to", "same": "held to", "doubt": "was left unsure of",
               "less": "was left unsure of", "torn": "was left torn over"}.get(kind, "held to")
        unsure = kind in ("doubt", "less", "torn") or seen.sure in ("torn", "unsure")
        tail = "" if not unsure or kind in ("doubt", "less", "torn") else \
            ", though torn between two accounts" if seen.sure == "torn" else ", though unsure"
        p = sim.pronoun(s)
        return (f"Seen in front of you ({clock.fmt(seen.at)}): {name_of(sim, s)} {did} "
                f"“{value_label(sim, seen.value, a)}”{tail}. What {p.subj} had said before, "
                f"and how you came by it, is below.", unsure, seen.value,
                SOUNDED.get(seen.sure, 60))

    def _recall(self, belief, width: int, numbers: bool = True) -> Block:
        """How easily it comes to mind now: a gauge with a word, then the numbers behind it
        (with `numbers`: in play, your notebook says when it last came to mind, not its
        half-life or the day it will be forgotten — the model's, not yours to know)."""
        now = self.town.session.now
        a = belief.accessibility(now)
        k = half_lives(now, belief.last_evoked_at, belief.half_life)
        word = recall_word(k)
        colour = T.RECALL[word]
        last, h = belief.last_evoked_at, belief.half_life
        dormant = clock.fmt(last + int(DORMANT_AFTER * h))
        gone = clock.fmt(last + int(GONE_AFTER * h))
        head = f"Recall: {word} — {RECALL_WORDS[word]}"
        facts = (f"Accessibility {a:.2f}; half-life {hours(h)}; last brought to mind "
                 f"{clock.fmt(last)} ({ago(now, last)}).")
        if not numbers:  # the model's numbers and forecasts: open minds only
            facts = f"Last brought to mind {clock.fmt(last)} ({ago(now, last)})."
        elif word in ("vivid", "fading"):
            facts += f" Goes dormant {dormant} and is forgotten {gone} unless it comes up again."
        elif word == "dormant":
            facts += f" Dormant since {dormant}; forgotten {gone} unless recalled before then."
        else:
            facts += f" Forgotten since {gone}."
        self.lines += [head, facts]
        indent = 50
        heads = T.wrap(head, "small_bold", width - indent)
        lines = T.wrap(facts, "small", width - indent)
        lh = T.line_height("small") + 1
        top = len(heads) * lh + 2
        filled = half_lives_left(k)

        def draw(surf, x, y, w):
            meter(surf, (x, y + 4), filled, colour, seg_w=7, height=14, gap=2)
            for i, line in enumerate(heads):
                T.text(surf, line, (x + indent, y + 2 + i * lh), "small_bold", colour)
            for i, line in enumerate(lines):
                T.text(surf, line, (x + indent, y + 2 + top + i * lh), "small", T.DIM)
        return (top + len(lines) * lh + 10, draw)

    def _para(self, t: str, style: str, color, width: int, indent: int = 0,
              gap: int = 2) -> Block:
        lines = T.wrap(t, style, width)
        lh = T.line_height(style) + gap
        self.lines.append(t)

        def draw(surf, x, y, w):
            for i, line in enumerate(lines):
                T.text(surf, line, (x + indent, y + i * lh), style, color)
        return (len(lines) * lh + 4, draw)

    def _step(self, words: str, depth: int, last: bool, recorded: bool, width: int) -> Block:
        indent = 14 + min(depth, 6) * 14
        lines = T.wrap(words, "small", width - indent - 14)
        lh = T.line_height("small") + 1
        h = len(lines) * lh + 8

        def draw(surf, x, y, w):
            dot = (x + indent - 6, y + 8)
            if depth:
                pygame.draw.line(surf, T.BORDER, (dot[0] - 14, y - 6), (dot[0] - 14, dot[1]), 1)
                pygame.draw.line(surf, T.BORDER, (dot[0] - 14, dot[1]), (dot[0] - 6, dot[1]), 1)
            pygame.draw.circle(surf, T.GOOD if recorded else T.BAD, dot, 4)
            for i, line in enumerate(lines):
                T.text(surf, line, (x + indent + 4, y + 1 + i * lh), "small",
                       T.TEXT if recorded else T.BAD)
        return (h, draw)

    def _candidate(self, sim, c, attribute: str) -> Block:
        def draw(surf, x, y, w):
            T.text(surf, value_label(sim, c.value, attribute), (x + 6, y + 2), "cell", T.TEXT,
                   width=150)
            bar(surf, (x + 160, y + 7, 90, 7), c.confidence / 100, T.SOURCE.get(c.source, T.DIM))
            T.text(surf, f"{c.confidence} · {c.source}" + (
                f" · {name_of(sim, c.teller)}" if c.teller else ""), (x + 258, y + 2), "small",
                T.DIM, width=w - 260)
        return (22, draw)

    def _version(self, sim, v, width: int, attribute: str) -> Block:
        # memory's own note on a version names ids; the player reads the cause and the value
        note = (v.note or "") if self.town.session.open_minds else ""
        lines = T.wrap(note, "small", width - 24) if note else []
        lh = T.line_height("small")
        h = 24 + len(lines) * lh + 6
        colour = T.STATE.get(v.state, T.DIM)

        def draw(surf, x, y, w):
            T.text(surf, clock.fmt(v.at), (x, y + 3), "small_bold", T.DIM)
            T.text(surf, cause_words(v.cause), (x + 96, y + 3), "small_bold", T.TEXT, width=110)
            T.text(surf, value_label(sim, v.value, attribute), (x + 210, y + 3), "small", T.TEXT,
                   width=w - 210 - 150)
            bar(surf, (x + w - 146, y + 8, 40, 6), v.confidence / 100, colour)
            T.text(surf, str(v.confidence), (x + w - 102, y + 3), "small", T.DIM)
            badge(surf, (x + w - 78, y + 2, 78, 16),
                  state_label(v.state, self.town.session.open_minds), colour)
            for i, line in enumerate(lines):
                T.text(surf, line, (x + 14, y + 22 + i * lh), "small", T.FAINT)
        return (h, draw)


_RANKED = {"first-hand": "first-hand evidence", "document": "a document",
           "testimony": "testimony", "rumour": "a rumour", "inferred": "reasoning",
           "implanted": "an implanted memory"}


def _a(rank: str) -> str:
    """A rank's name as a noun phrase: "a document", "first-hand evidence"."""
    return _RANKED.get(rank, rank)
