"""The ending screen: won or lost, the ending's text, and — so a loss is legible — what the
town believed at the end about the claims the ending turns on, who held the false belief and
where they had it from, what decided it and what the player's moves did (the post-mortem
`hearsay run` prints too: `game.post_mortem`). Then: play again, pick another scenario, look
around, or quit.
"""

from __future__ import annotations

import pygame

from game import clock, clue_behind, post_mortem
from game.knowledge import concluded_otherwise, heard_not_held

from .. import theme as T
from ..labels import name_of, value_label
from ..widgets.base import button, panel, shadow
from .base import Overlay


class EndingScene(Overlay):
    def __init__(self, app, town) -> None:
        super().__init__(app)
        self.town = town
        self.ending = town.session.ending()
        self.lines: list[str] = []

    @property
    def won(self) -> bool:
        return bool(self.ending and self.ending.win)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_r, pygame.K_t):
                # The letter's TEXTINPUT, which may come a frame later, is not typed into the
                # next game's command line ("rgo apothecary"; a window playtest).
                self.app.swallow = e.unicode or chr(e.key)
                if e.key == pygame.K_r:
                    self.again()
                else:
                    self.scenarios()
                return True
            # Quick save, quick load and a screenshot, as in the town (F9 did nothing here).
            act = {pygame.K_F5: "quicksave", pygame.K_F9: "quickload",
                   pygame.K_F12: "screenshot"}.get(e.key)
            if act is not None:
                getattr(self.town, f"do_{act}")()
                return True
        return super().handle_event(e)

    def close(self) -> None:
        """Look around: the town as it ended, without a notice of how it came to end left
        over the map ("Paused: The deadline has come…" stayed there; a window playtest)."""
        self.app.clear_toasts()
        super().close()

    def again(self) -> None:
        from .town import TownScene

        self.app.replace(TownScene(self.app, self.town.session.restart()))

    def scenarios(self) -> None:
        from .title import TitleScene

        self.app.replace(TitleScene(self.app))

    def _believed(self, claim: str) -> tuple[list[tuple[str, bool, list[str]]], str]:
        """([(value words, is it true, ["Gus 70% (from Bo)", ...])], where the false belief
        came from) for one claim."""
        sim = self.town.session.sim
        s, _, a = claim.partition(".")
        truth = sim.world.fact(s, a)
        groups: dict[str, list[str]] = {}
        origins: dict[str, int] = {}
        for b in sim.store.believers(s, a):
            if b.resident == "player" or b.state.value == "past":
                continue
            src = ""
            if b.kind == "hearsay" and b.origin:
                # Through whom, when the teller is not where it began: "Ivo (from the mill
                # rota)" read as Ivo having read it, of what Ana told him (a playtest).
                via = f" via {name_of(sim, b.teller)}" if b.teller and \
                    b.teller not in (b.origin, "player") else \
                    " via you" if b.teller == "player" and b.origin != "player" else ""
                src = f" (from {_whom(sim, b.origin)}{via})"
            elif b.kind == "declared" and b.teller:  # their own word of themselves
                src = f" (from {_whom(sim, b.teller)})"
            elif b.kind in ("firsthand", "witnessed"):
                # A thing that shows it is not the deed: "Gus 86% (saw it)" of one shown the
                # key overstated it (a window playtest).
                clue = clue_behind(sim, b.resident, claim)
                src = f" (saw {sim.thing(clue)})" if clue else " (saw it)"
            elif b.kind == "inferred":
                src = " (worked it out)"
            doc = _document(sim, b) if b.kind == "document" else None
            if doc:
                src = f" (read {doc})"
            if truth is not None and b.value != truth:
                # What was read is the document's word, not the reader's own account ("Tilly's
                # own account" of what she read in the new ledger: a window playtest).
                key = doc or (_whom(sim, b.origin) if b.origin else
                              f"{name_of(sim, b.resident)}'s own "
                              f"{'reasoning' if b.kind == 'inferred' else 'account'}")
                origins[key] = origins.get(key, 0) + 1
            groups.setdefault(b.value, []).append(f"{name_of(sim, b.resident)} "
                                                  f"{b.confidence}%{src}")
        rows = [(value_label(sim, v, a), v == truth, names) for v, names in
                sorted(groups.items(), key=lambda kv: -len(kv[1]))]
        where = ""
        if origins:
            parts = [f"{k} ({n} {'person' if n == 1 else 'people'})"
                     for k, n in sorted(origins.items(), key=lambda kv: -kv[1])]
            where = "Where the false belief came from: " + ", ".join(parts) + "."
        return rows, where

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface, 190)
        self.zones.clear()
        sw, sh = surface.get_size()
        w = min(880, sw - 80)
        e = self.ending
        sim = self.town.session.sim
        inner = w - 64
        title = e.title if e else "The end"
        text = " ".join((e.text if e else "").split())
        body = T.wrap(text, "prose", inner)
        explain = list(getattr(e, "explain", []) or []) if e else []
        rows = []
        if explain and sim.has_player:
            # Every mind and the truth, which play never shows: marked as the open-minds view
            # it is, now the story is over (two playtests took it for what they had found out).
            rows += [("mark", part) for part in T.wrap(
                "Open minds, now the story is over: what was so, and what each resident "
                "believed.", "small", inner - 20)]
        for claim in explain:
            # in the question's words, not the inspector's 'Ben · refused why'
            rows.append(("head", f"What the town believed about {sim.say_claim(claim)}"))
            believed, where = self._believed(claim)
            for words, true, names in believed:
                mark = "✓ true" if true else "✗ false"
                line = f"{words} — {mark}: " + ", ".join(names)
                for part in T.wrap(line, "small", inner - 20):
                    rows.append(("true" if true else "false", part))
            if where and not self.won:
                for part in T.wrap(where, "small_bold", inner - 20):
                    rows.append(("where", part))
        pm = post_mortem(sim)
        if pm is not None and pm.cause:
            rows.append(("head", "What decided it"))
            rows += [("where", part) for part in T.wrap(pm.cause, "small_bold", inner - 20)]
            if pm.headcount:  # (an empty one left a blank row under the cause)
                rows += [("dim", part) for part in T.wrap(pm.headcount, "small", inner - 20)]
        if pm is not None and pm.moves and sim.has_player:
            helped = sum(1 for m in pm.moves if m.effect == "helped")
            worse = [m for m in pm.moves if m.effect != "helped" and m.effect]
            rows.append(("head", "What your moves did"))
            n = len(pm.moves)
            same = n - helped - len(worse)  # said, so the figures add up (a playtest)
            rows.append(("dim", f"{n} time{'s' if n != 1 else ''} someone reacted to what you "
                                f"told, showed or put to them: {helped} helped, {len(worse)} "
                                "made it worse" + (f", {same} changed nothing" if same else "")
                                + "."))
            told_worse = pm.worse or [m.line for m in worse]
            for said in told_worse[:2]:
                rows += [("false", part) for part in T.wrap(said, "small", inner - 20)]
            if len(told_worse) > 2:  # ("4 helped" over two lines read as a miscount)
                rows.append(("dim", f"… and {len(told_worse) - 2} more that made it worse."))
            if self.won:  # which of them won it, not only how many (a playtest)
                for m in [m for m in pm.moves if m.effect == "helped"][:2]:
                    rows += [("true", part) for part in T.wrap(m.line, "small", inner - 20)]
                if helped > 2:
                    rows.append(("dim", f"… and {helped - 2} more that helped."))
        if pm is not None and pm.brought and sim.has_player:
            # (walking people to the notice board won, and the card said nothing of it)
            rows.append(("head", "Whom you brought along"))
            for line in pm.brought[:2]:
                rows += [("true", part) for part in T.wrap(" ".join(line.split()), "small",
                                                           inner - 20)]
            if len(pm.brought) > 2:
                rows.append(("dim", f"… and {len(pm.brought) - 2} more who came round with "
                                    "you."))
        if sim.open_minds_used and sim.has_player:
            rows.append(("head", "Open minds was on"))
            rows.append(("dim", "You saw every mind and the truth during this game, so this "
                                "ending was not reached on what you found out alone."))
        reached = sim.stages_reached() if sim.has_player else set()
        if sim.sc.stages and sim.has_player:
            rows.append(("head", f"You found out {len(reached)} of {len(sim.sc.stages)}"))
            for st in sim.sc.stages:
                got = st.id in reached
                rows.append(("true" if got else "dim", ("✓ " if got else "· ") + st.text))
                if not got and heard_not_held(sim, st):
                    # A row of its own: a long stage would cut it off at the card's edge.
                    rows.append(("dim", "  You read or heard so, but did not come to believe it."))
                other = concluded_otherwise(sim, st) if got else []
                if other:
                    said = "  Though your answer was otherwise: " + "; ".join(
                        sim.say_claim(c, v) for c, v in other) + "."
                    rows += [("dim", part) for part in T.wrap(said, "small", inner - 20)]
        h = 92 + len(body) * T.line_height("prose") + 8 + sum(
            30 if k == "head" else 18 for k, _ in rows) + 84
        h = min(h, sh - 40)
        card = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        shadow(surface, card, 10, 14)
        accent = T.GOOD if self.won else T.BAD
        panel(surface, card, T.PANEL, accent, radius=14, width=2)
        x, y = card.x + 32, card.y + 26
        self.lines = []
        verdict = "You won" if self.won else "It went wrong"
        T.text(surface, verdict.upper(), (x, y), "small_bold", accent)
        T.text(surface, clock.fmt(sim.now), (card.right - 32, y), "small", T.FAINT,
               align="right")
        y += 20
        T.text(surface, title, (x, y), "big", T.TEXT, width=inner)
        self.lines += [verdict, title]
        y += 46
        for line in body:
            T.text(surface, line, (x, y), "prose", T.TEXT)
            y += T.line_height("prose")
        self.lines.append(text)
        y += 8
        bottom = card.bottom - 64
        for kind, line in rows:
            if y > bottom - 18:
                break
            if kind == "head":
                y += 12
                T.text(surface, line.upper(), (x, y), "small_bold", T.ACCENT, width=inner)
                y += 18
            else:
                col = {"true": T.GOOD, "false": T.BAD, "dim": T.FAINT, "where": T.TEXT,
                       "mark": T.ACCENT}[kind]
                style = "small_bold" if kind == "where" else "small"
                T.text(surface, line, (x + 10, y), style, col, width=inner - 10)
                y += 18
            self.lines.append(line)
        bx = x
        for label, action, name in (("Play again  R", self.again, "again"),
                                    ("Another scenario  T", self.scenarios, "scenarios"),
                                    ("Look around  Esc", self.close, "look"),
                                    ("Quit", lambda: self.app.ask_quit(), "quit")):
            bw = T.width_of(label, "ui_bold") + 30
            button(surface, self.zones, (bx, card.bottom - 52, bw, 34), label, action,
                   name=name, active=name == "again")
            bx += bw + 10


def _document(sim, b) -> str | None:
    """The name of the document a belief was read in ("the new ledger"), if it was."""
    e = sim.held_evidence(b.resident, b)
    d = getattr(e, "document", None) if e is not None else None
    if not d:
        return None
    doc = sim.documents.get(d) or sim.objects.get(d) or {}
    return doc.get("name") or d


def _whom(sim, origin: str) -> str:
    """Whom a belief came from, mid-sentence: 'Bo', or 'you' (not 'You') for the player."""
    return "you" if origin == "player" else name_of(sim, origin)
