"""The belief inspector: every belief of the selected resident (or the player's notebook) —
claim, value, a confidence bar, the state as a badge with how easily the belief comes to mind
beneath it (a five-segment gauge, one segment per half-life left before it is forgotten, and
vivid / fading / dormant / forgotten), the source kind, who told them and where it came from —
filterable by state, recall, source and subject, sortable by column, scrolling through
hundreds of rows by drawing only the visible ones. A click opens the belief's history and
evidence chain. In open minds each row also shows the world's truth, and marks the false
and the stale.
"""

from __future__ import annotations

import re

import pygame

from game import PLAYER

from .. import theme as T
from ..inspectmodel import SOURCES, STATES, InspectorModel
from ..labels import (
    RECALL,
    RECALL_WORDS,
    ago,
    half_lives_left,
    hours,
    name_of,
    source_words,
    state_label,
    whereabouts,
)
from . import base
from .base import Widget, badge, bar, button, chip, clamp_scroll, hovered, meter, scrollbar
from .retained import Retained
from .textinput import TextInput

ROW = 40
_WHERE = re.compile(r"where, day (\d+) (.+)$")  # (labels.attribute_words)
HEAD = 24
# Column widths: a fraction of what the fixed-width columns leave, or a fixed number of pixels.
NARROW_VALUE = 64  # px: a Value column this narrow shows a word or two of a value, cut
COLUMNS = (("claim", "Claim", 0.66), ("value", "Value", 0.34), ("confidence", "Sure", 60),
           ("state", "State", 100), ("source", "Source", 70))
# A second sort key sharing a column's head, drawn at its right: the State column's lower line
# is how easily the belief comes to mind.
SUBHEADS = {"state": ("recall", "Recall")}


class Inspector(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.model: InspectorModel | None = None
        self.offset = 0
        self.filter = TextInput("filter by subject, claim or value", style="ui")
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.rows_drawn: list[tuple[str, str]] = []  # what the last frame showed (tests)
        self.kept = Retained()  # the last drawing, blitted while nothing it shows changed
        self._tip = self.town.tip

    def open(self, resident: str) -> None:
        if self.model is None or self.model.resident != resident or \
                self.model.session is not self.town.session:
            self.model = InspectorModel(self.town.session, resident)
            self.offset = 0
            self.filter.set("")

    def scroll(self, dy: int) -> None:
        self.offset += dy

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.filter.focused = self.filter.rect.collidepoint(e.pos)
        if self.filter.focused and e.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                self.filter.focused = False
                return True
            used = self.filter.handle_event(e)
            if used and self.model is not None:
                self.model.search = self.filter.value
                self.offset = 0
            return used
        return super().handle_event(e)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.model
        if m is None:
            self.rect = pygame.Rect(rect)
            self.zones.clear()
            return
        m.rows()  # read what changed first: the key names the rows' reading
        self.kept.draw(surf, rect, self._looks(rect), lambda tip: self._paint(surf, rect, tip),
                       self.town.tip, after=lambda: self._looks(rect))

    def _looks(self, rect: pygame.Rect) -> tuple:
        """Everything the panel's drawing reads: equal keys draw equal pixels (Retained)."""
        m, town = self.model, self.town
        session = town.session
        sim = session.sim
        st = sim.state[m.resident]
        f = self.filter
        over = rect.collidepoint(base.mouse)
        return (m, m._sig, m._now, m.state, m.source, m.recall, m.search, m.subject, m.others,
                m.sort, m.descending, self.offset, town.belief_key, session.open_minds,
                session.full_minds, sim.has_player, st.place, st.status,
                tuple(base.mouse) if over else None,
                f.value, f.focused, f.cursor, f.focused and f.blink < 0.6)

    def _paint(self, surf: pygame.Surface, rect: pygame.Rect, tip) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        self._tip = tip
        y = self._header(surf, rect)
        y = self._filters(surf, rect, y)
        self._table(surf, pygame.Rect(rect.x, y, rect.width, rect.bottom - y))

    def _header(self, surf, rect) -> int:
        town, sim, m = self.town, self.town.session.sim, self.model
        rid = m.resident
        person = sim.people[rid]
        x = rect.x
        back = button(surf, self.zones, (x, rect.y, 30, 30), "‹", town.unselect, name="back")
        if hovered(back):
            self._tip("Back to everyone (Esc)")
        title = "Your notebook" if rid == PLAYER else person.name
        room = rect.width - 40 - (128 if sim.has_player and rid != PLAYER else 0)
        tr = T.text(surf, title, (x + 40, rect.y), "head", T.TEXT, width=room - 100)
        st = sim.state[rid]
        if town.session.full_minds or rid == PLAYER:
            T.text(surf, f"at {whereabouts(sim, rid)}", (tr.right + 10, rect.y + 3), "small",
                   T.ACCENT if st.status == "awake" else T.FAINT, width=room - tr.width - 14)
        sub = ("everything you have learned, with where it came from" if rid == PLAYER
               else person.role)
        T.text(surf, sub, (x + 40, rect.y + 20), "small", T.DIM, width=room - 4)
        if sim.has_player and rid != PLAYER:
            button(surf, self.zones, (rect.right - 118, rect.y, 118, 28), "Your notebook",
                   town.do_notebook, name="notebook", style="small_bold")
        y = rect.y + 40
        if town.session.open_minds and person.note:
            lines = T.wrap("Author's note: " + person.note, "small", rect.width - 12)[:2]
            for line in lines:
                T.text(surf, line, (x + 6, y), "small", T.BAD)
                y += 15
            y += 4
        return y

    def _filters(self, surf, rect, y: int) -> int:
        """Chip rows — state, source, subject (the most common, then ×) — and a text box."""
        m = self.model
        sim = self.town.session.sim
        x0 = rect.x

        def row(label: str, counts: dict, current, setter, colours, words=None,
                wrap: bool = True, total: int | None = None) -> None:
            nonlocal y
            T.text(surf, label, (x0, y + 11), "small_bold", T.FAINT, valign="center")
            x = x0 + 56
            everything = sum(counts.values()) if total is None else total
            opts = [(None, "all", everything)] + [
                (o, words(o) if words else o, n) for o, n in counts.items() if n]
            for value, text, n in opts:
                active = current == value
                col = colours.get(value, T.ACCENT) if active else T.RAISED
                ink = T.BG if active else T.TEXT
                chip_text = T.fit(text, "small", 130) + f" {n}"
                w = T.width_of(chip_text, "small") + 16
                if x + w > rect.right:
                    if not wrap:
                        break
                    y += 25
                    x = x0 + 56
                chip(surf, self.zones, (x, y), chip_text, lambda v=value: setter(v),
                     color=col, ink=ink, name=f"{label.lower().rstrip(':')}:{value or 'all'}")
                x += w + 5
            y += 27

        states = m.counts("state")
        row("State:", {s: states.get(s, 0) for s in STATES}, m.state, self._set_state,
            T.STATE, words=lambda st: state_label(st, self.town.session.open_minds))
        recall = m.counts("recall")
        row("Recall:", {r: recall.get(r, 0) for r in RECALL}, m.recall, self._set_recall,
            T.RECALL)
        sources = m.counts("source")
        # (as the rows name them: "first-hand 5" above five rows saying "declared" read as a
        # contradiction; a window playtest)
        row("Source:", {s: sources.get(s, 0) for s in SOURCES}, m.source, self._set_source,
            T.SOURCE)
        top = m.top_subjects(12)
        if m.subject and m.subject not in top:
            top = {m.subject: m.counts("subject").get(m.subject, 0), **top}
        row("About:", top, m.subject, self._set_subject, {},
            words=lambda subj: name_of(sim, subj), wrap=False,
            total=sum(m.counts("subject").values()))
        fr = pygame.Rect(x0, y, rect.width - 150, 26)
        self.filter.draw(surf, fr)
        label = "hide others'" if m.others else "show others'"
        r = chip(surf, self.zones, (fr.right + 6, y + 2), label, self._toggle_others,
                 name="others", max_width=138)
        if hovered(r):
            self._tip("Beliefs about what other people believe")
        return y + 34

    def _set_state(self, v) -> None:
        self.model.state, self.offset = v, 0

    def _set_recall(self, v) -> None:
        self.model.recall, self.offset = v, 0

    def _set_source(self, v) -> None:
        self.model.source, self.offset = v, 0

    def _set_subject(self, v) -> None:
        self.model.subject, self.offset = v, 0

    def _toggle_others(self) -> None:
        self.model.others = not self.model.others

    def _table(self, surf, rect: pygame.Rect) -> None:
        m, town = self.model, self.town
        debug = town.session.open_minds
        rows = m.visible()
        total = len(m.rows())
        w = rect.width - 10
        flex = w - sum(c[2] for c in COLUMNS if isinstance(c[2], int))
        xs, x = [], rect.x
        for _, _, size in COLUMNS:
            xs.append(x)
            x += size if isinstance(size, int) else int(flex * size)
        xs.append(rect.x + w)
        # column heads: click to sort
        pygame.draw.rect(surf, T.RAISED, (rect.x, rect.y, rect.width, HEAD), border_radius=4)
        def mark(key: str) -> str:
            return (" ▼" if m.descending else " ▲") if m.sort == key else ""

        for i, (key, label, _) in enumerate(COLUMNS):
            r = pygame.Rect(xs[i], rect.y, xs[i + 1] - xs[i], HEAD)
            lr = T.text(surf, label + mark(key), (r.x + 6, r.centery), "small_bold",
                        T.ACCENT if m.sort == key else T.DIM, valign="center",
                        width=r.width - 6)
            if key in SUBHEADS:  # two heads in one column, "State / Recall": each sorts
                sub, sub_label = SUBHEADS[key]
                sep = T.text(surf, "/", (lr.right + 4, r.centery), "small", T.FAINT,
                             valign="center")
                T.text(surf, sub_label + mark(sub), (sep.right + 4, r.centery),
                       "small_bold", T.ACCENT if m.sort == sub else T.DIM, valign="center",
                       width=r.right - sep.right - 4)
                split = sep.centerx
                self.zones.add(pygame.Rect(split, r.y, r.right - split, HEAD),
                               lambda k=sub: m.sort_by(k), f"sort:{sub}")
                r = pygame.Rect(r.x, r.y, split - r.x, HEAD)
            self.zones.add(r, lambda k=key: m.sort_by(k), f"sort:{key}")
        body = pygame.Rect(rect.x, rect.y + HEAD + 2, rect.width, rect.height - HEAD - 22)
        self.list_rect = body
        content = len(rows) * ROW
        self.offset = clamp_scroll(self.offset, content, body.height)
        clip = surf.get_clip()
        surf.set_clip(body)
        first = self.offset // ROW
        last = min(len(rows), first + body.height // ROW + 2)
        self.rows_drawn = []
        open_key = town.belief_key
        for i in range(first, last):
            row = rows[i]
            y = body.y + i * ROW - self.offset
            r = pygame.Rect(body.x, y, body.width - 8, ROW - 2)
            hot = hovered(r) and hovered(body)
            if open_key == row.key:
                pygame.draw.rect(surf, T.HOVER, r, border_radius=4)
                pygame.draw.rect(surf, T.ACCENT, r, 1, border_radius=4)
            elif hot:
                pygame.draw.rect(surf, T.HOVER, r, border_radius=4)
            elif i % 2:
                pygame.draw.rect(surf, T.mix(T.PANEL, T.RAISED, 0.45), r, border_radius=4)
            cut = self._row(surf, row, r, xs, debug)
            if hot and hovered((xs[3], r.y, xs[4] - xs[3], r.height)):
                self._tip(self._recall_tip(row))
            elif hot and cut:
                self._tip(f"{row.claim}: {row.value} — {row.told}")
            self.zones.add(r.clip(body), lambda rw=row: town.open_belief(m.resident, *rw.key),
                           f"row:{row.subject}.{row.attribute}")
            self.rows_drawn.append(row.key)
        if not rows:
            msg = "No beliefs match these filters." if total else "No beliefs yet."
            T.text(surf, msg, (body.centerx, body.y + 30), "ui", T.FAINT, align="center")
        surf.set_clip(clip)
        scrollbar(surf, body, self.offset, content)
        noun = "belief" if total == 1 else "beliefs"
        foot = f"{len(rows)} of {total} {noun}" if len(rows) != total else f"{total} {noun}"
        if content > body.height:
            foot += f" · rows {first + 1}–{min(len(rows), first + body.height // ROW)}"
        T.text(surf, foot, (rect.x + 4, rect.bottom - 16), "small", T.FAINT)
        if debug:
            T.text(surf, "open minds: ✗ false  ◷ stale  ≈ misremembered",
                   (rect.right - 8, rect.bottom - 16),
                   "small", T.BAD, align="right")

    def _recall_tip(self, row) -> str:
        now = self.model.now
        a, word = row.accessibility(now), row.recall(now)
        return (f"{word.capitalize()}: {RECALL_WORDS[word]} — accessibility {a:.2f}; "
                f"half-life {hours(row.half_life)}; last brought to mind "
                f"{ago(now, row.last_evoked_at)}")

    def _row(self, surf, row, r: pygame.Rect, xs: list[int], debug: bool) -> bool:
        """Draw one belief; True if its claim or value had to be cut short."""
        y1, y2 = r.y + 4, r.y + 21
        cw = xs[1] - xs[0] - 10
        claim = row.claim
        if T.width_of(claim, "cell_bold") > cw:
            # Where someone was, hour by hour, cut short lost the hour that tells the rows
            # apart ("Ava · where, day 1 06…", a playtest): the hour first, then "where".
            shorter = [_WHERE.sub(r"where d\1 \2", claim), _WHERE.sub(r"d\1 \2", claim)]
            claim = next((c for c in shorter if T.width_of(c, "cell_bold") <= cw), shorter[-1])
        T.text(surf, claim, (xs[0] + 6, y1), "cell_bold",
               T.DIM if row.about_others else T.TEXT, width=cw)
        vw = xs[2] - xs[1] - 10
        # A value too long for its column goes on to the row's second line where that is
        # free ("Ava and B…" for "Ava and Ben's": a playtest) — the source words under the
        # claim then keep to the claim's column; in a column too narrow to show a value's
        # first words ("on da…" at 1024 wide; a window playtest), cut short if they must
        # (the Source column and the hover say them whole).
        lines = _two_lines(row.value, vw) if (
            T.width_of(row.value, "cell") > vw and not row.others and not debug
            and (T.width_of(row.told, "small") <= cw or vw < NARROW_VALUE)) else None
        wide = not debug and not row.others and lines is None
        T.text(surf, row.told, (xs[0] + 6, y2), "small", T.FAINT,
               width=xs[2] - xs[0] - 12 if wide else cw)
        vcol = T.FAINT if row.state == "past" else T.TEXT
        if debug and row.false:
            vcol = T.BAD
        if lines is not None:
            T.text(surf, lines[0], (xs[1] + 6, y1), "cell", vcol, width=vw)
            T.text(surf, lines[1], (xs[1] + 6, y2 - 1), "cell", vcol, width=vw)
        else:
            T.text(surf, row.value, (xs[1] + 6, y1), "cell", vcol, width=vw)
        if row.others:
            T.text(surf, f"+{row.others} other", (xs[1] + 6, y2), "small", T.FAINT)
        if debug:
            if row.false:
                T.text(surf, f"✗ true: {row.truth}", (xs[1] + 6, y2), "small", T.BAD,
                       width=xs[2] - xs[1] - 10)
            elif row.raw_truth is not None:
                T.text(surf, "✓ true", (xs[1] + 6, y2), "small", T.GOOD)
        colour = T.STATE.get(row.state, T.DIM)
        bw = xs[3] - xs[2] - 14
        bar(surf, (xs[2] + 6, y1 + 5, bw, 7), row.confidence / 100, colour)
        T.text(surf, str(row.confidence), (xs[2] + 6, y2), "small", T.DIM)
        badge(surf, (xs[3] + 4, y1 + 1, xs[4] - xs[3] - 10, 17),
              state_label(row.state, self.town.session.open_minds), colour)
        now = self.model.now
        recall = row.recall(now)
        rcol = T.RECALL[recall]
        g = meter(surf, (xs[3] + 7, y2 + 4), half_lives_left(row.half_lives(now)), rcol)
        T.text(surf, recall, (g.right + 5, y2), "small", rcol, width=xs[4] - g.right - 9)
        T.text(surf, source_words(row), (xs[4] + 4, y1), "small_bold",
               T.SOURCE.get(row.source, T.DIM), width=xs[5] - xs[4] - 6)
        if debug and row.stale:
            T.text(surf, "◷ stale", (xs[4] + 4, y2), "small_bold", T.BAD)
        elif debug and row.belief.misremembered:
            T.text(surf, "≈ misremembered", (xs[4] + 4, y2), "small_bold", T.BAD,
                   width=xs[5] - xs[4] - 6)
        return (T.width_of(row.claim, "cell_bold") > cw or
                (T.width_of(row.value, "cell") > vw if lines is None else
                 T.width_of(lines[1], "cell") > vw))


def _two_lines(text: str, width: int) -> tuple[str, str] | None:
    """`text` on two lines, the first as many whole words as fit `width`; None if its first
    word alone does not."""
    words = text.split(" ")
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n])
        if T.width_of(head, "cell") <= width:
            return head, " ".join(words[n:])
    return None
