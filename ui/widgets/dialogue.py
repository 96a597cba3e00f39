"""The dialogue box under the map: what was said (residents' words from the templates, your
commands, what happened), the verbs as buttons, and the command line with each verb's usage.

Choosing a verb — clicking it, or typing it — opens a row of choices for the next word
(someone here, a claim you know of, a value, a place, a thing you carry); click one, or press
Tab to complete, and Enter to do it. Everything goes through `Session.submit`, which parses
the text with `game.commands.parse` and hands it to `sim.command`.
"""

from __future__ import annotations

import bisect

import pygame

from game import VERBS, asleep_here, clock

from .. import composer
from .. import theme as T
from .base import Widget, button, chip, clamp_scroll, hovered, panel, scrollbar
from .textinput import TextInput

# Short, so the row of them fits one line and leaves the replies room (a playtest read three
# lines at a time); each button's tooltip gives the verb whole.
VERB_LABELS = {"go": "Go", "wait": "Wait", "ask": "Ask", "why": "Why?", "who": "Who?",
               "tell": "Tell", "show": "Show", "search": "Search", "take": "Take",
               "bring": "Bring", "mediate": "Mediate", "conclude": "Conclude", "say": "Say",
               "where": "Where?", "look": "Look"}
KIND_WORDS = {"verb": "what to do", "resident": "whom", "place": "where to", "claim": "about what",
              "value": "what value", "object": "which thing", "spot": "where exactly",
              "time": "at what time", "duration": "how long", "anonymously": "as yourself, or",
              "words": "what to say", "anyone": "whom"}


class Dialogue(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.line = TextInput("click a verb, or press Enter and type a command")
        self.offset = 0
        self.follow = True
        self.error = ""
        self.error_for = ""  # the line the error was about: another line drops it
        self.error_at = pygame.Rect(0, 0, 0, 0)  # where the error was drawn (tests)
        self.recall = -1  # position in the typed-command history (Up/Down)
        self.swallow = ""  # a character whose TEXTINPUT opened the line, not to be typed
        self._key = None
        self._tops: list[int] = []
        self._rows: list[tuple] = []
        self.popup = pygame.Rect(0, 0, 0, 0)
        self.usage_at = pygame.Rect(0, 0, 0, 0)  # where the verb's usage line was drawn
        self._verb_tops: list[int] = []  # where each row of verb buttons was drawn
        self.choices: list[composer.Choice] = []  # what the last frame offered (tests)
        self.after = False  # the line is open again after a command, not yet typed on

    # -- input ------------------------------------------------------------------------------

    @property
    def focused(self) -> bool:
        """The command line has the keys — only while it is on screen: left focused under the
        ending card, the hidden line took every key after it (F9, H, Esc: a window
        playtest)."""
        s = self.town.session
        return self.line.focused and s.has_player and not s.over

    def focus(self, on: bool = True) -> None:
        self.line.focused = on
        self.after = False
        if on:
            self.error = ""

    def start(self, text: str) -> None:
        """Put `text` on the command line and focus it (a verb button, a map click)."""
        self.line.set(text)
        self.focus(True)

    def submit(self) -> None:
        text = self.line.value.strip()
        if not text:
            self.focus(False)
            return
        problem = self.town.session.check(text)
        if problem:
            self.error, self.error_for = problem, text
            self.line.select_all()  # kept to edit; typed over, replaced
            return
        self.town.session.submit(text)
        self.line.set("")
        self.error = ""
        self.recall = -1
        self.follow = True
        # The line stays open for the next command: a window playtester typed "search" right
        # after one and opened Save/Load with its "s". Enter on the empty line, or Esc,
        # leaves it (and Space runs the clock again).
        self.focus(True)
        self.after = True
        self.town.after_command()

    def scroll(self, dy: int) -> None:
        self.offset += dy
        self.follow = False

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.click(e.pos):
                return True
            if self.line.rect.collidepoint(e.pos):
                self.focus(True)
                return True
            return False
        if not self.focused:
            return False
        if e.type == pygame.TEXTINPUT and self.swallow:
            skip, self.swallow = e.text == self.swallow, ""
            if skip:
                return True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return True
            if e.key == pygame.K_ESCAPE:
                if self.line.value:  # Esc clears the draft; again, leaves the line
                    self.line.set("")
                    self.error = ""
                    self.recall = -1
                else:
                    self.focus(False)
                return True
            if e.key == pygame.K_SPACE and not self.line.value:
                # No command begins with a space: on the empty line Space leaves it and runs
                # the clock — held while the line was open, it runs on at its speed; stopped,
                # it starts (it stopped a running clock: a review).
                self.focus(False)
                if self.town.session.speed == 0:
                    self.town.do_pause()
                return True
            if e.key == pygame.K_TAB:
                self.line.set(composer.complete(self.town.session, self.line.value))
                return True
            if e.key in (pygame.K_UP, pygame.K_DOWN):
                typed = self.town.session.typed
                if typed:
                    step = -1 if e.key == pygame.K_UP else 1
                    i = len(typed) if self.recall < 0 else self.recall
                    i = max(0, min(len(typed), i + step))
                    self.recall = i
                    self.line.set(typed[i] if i < len(typed) else "")
                return True
        before = self.line.value
        used = self.line.handle_event(e)
        if used and self.line.value != before:
            self.error = ""  # an edited line is a new line; a moved cursor keeps the error
        return used or e.type in (pygame.KEYDOWN, pygame.TEXTINPUT)

    def update(self, dt: float) -> None:
        self.line.update(dt)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.BORDER, rect.topleft, rect.topright)
        inner = rect.inflate(-2 * T.PAD, -2 * T.PAD)
        s = self.town.session
        talk = s.has_player and not s.over
        if self.error and self.line.value.strip() != self.error_for:
            # A chip, Tab or an earlier command changed the line: the error was about
            # another ("'allergic' could be …" stayed under 'tell tilly mira allergy yes').
            self.error = ""
        # A row under the command line for its errors — two when one needs them: the
        # suggestion at its end was cut off ("— did you mea…", a window playtest).
        long = bool(self.error) and T.width_of("✗ " + self.error, "small_bold") > \
            inner.width
        under = (36 if long else 18) if talk else 0
        line_r = pygame.Rect(inner.x, inner.bottom - 30 - under, inner.width, 30)
        usage_y = line_r.y - 20
        n_rows = len(self._verb_rows(inner.width, self._unused()))
        verbs_y = usage_y - 30 * n_rows
        self.usage_at = pygame.Rect(inner.x, usage_y, 0, 0)
        self._verb_tops = [verbs_y + 30 * i for i in range(n_rows)]
        if talk:
            self._verbs(surf, pygame.Rect(inner.x, verbs_y, inner.width, 30 * n_rows))
            self._usage(surf, inner.x, usage_y, inner.width)
            self.line.draw(surf, line_r, prompt="›")
            self._under(surf, inner.x, line_r.bottom + 3, inner.width)
            top_of_input = verbs_y - 6
        elif s.over:
            msg = "The story is over — see the ending, or start again, from the menu (Esc)."
            T.text(surf, msg, (inner.x, line_r.centery), "ui", T.FAINT, valign="center")
            top_of_input = line_r.y - 6
        else:  # a town with no player: the transcript is its one note
            top_of_input = inner.bottom
        self.popup = pygame.Rect(0, 0, 0, 0)
        self.choices = []
        # Open again after a command, an empty line offers no "Choose what to do" over the
        # newest lines of the log (the verb buttons under it are the same choice): a window
        # playtester pressed Esc after every command to read its reply.
        picker = self._picker(inner, self.usage_at.y) if talk and self.focused and not (
            self.after and not self.line.value.strip()) else None
        # The log ends above the picker, its newest lines in view: the picker covered the
        # answer just given ("Noted: …" under "Choose about what": a window playtest).
        bottom = min(top_of_input, picker[0].top - 4) if picker else top_of_input
        self._transcript(surf, pygame.Rect(inner.x, inner.y, inner.width, bottom - inner.y))
        if picker:
            self._choices(surf, *picker)

    def _unused(self) -> frozenset[str]:
        """Verbs with no button: help (the H key and the hints say it), and say with no
        language model, which no one here understands — its button spent ten minutes on a
        line nobody took in and answered with the settings a developer sets (a window
        playtest); typed, `say` still says so."""
        sim = self.town.session.sim
        return frozenset({"help"} | ({"say"} if getattr(sim, "model", None) is None else set()))

    @staticmethod
    def _verb_rows(width: int, unused: frozenset[str] = frozenset({"help"})
                   ) -> list[list[tuple[str, str, int]]]:
        """The verb buttons in rows; narrower padding first, before wrapping to a new row."""
        for pad in (18, 14, 10, 18):
            rows: list[list[tuple[str, str, int]]] = [[]]
            x = 0
            for verb in VERBS:
                if verb in unused:
                    continue
                label = VERB_LABELS.get(verb, verb)
                w = T.width_of(label, "small_bold") + pad
                if x + w > width and rows[-1]:
                    rows.append([])
                    x = 0
                rows[-1].append((verb, label, w))
                x += w + 4
            if len(rows) == 1:
                break
        return rows

    def _verbs(self, surf, r: pygame.Rect) -> None:
        for i, row in enumerate(self._verb_rows(r.width, self._unused())):
            x = r.x
            for verb, label, w in row:
                b = button(surf, self.zones, (x, r.y + i * 30, w, 26), label,
                           lambda v=verb: self.town.start_verb(v), name=f"verb:{verb}",
                           style="small_bold")
                if hovered(b):
                    self.town.tip(VERBS[verb])
                x += w + 4

    def _under(self, surf, x: int, y: int, w: int) -> None:
        """Under the command line: why the last line was refused (the command line's words,
        as `hearsay run` says them), or what the keys do."""
        self.error_at = pygame.Rect(0, 0, 0, 0)
        if self.error:
            lines = T.wrap("✗ " + self.error, "small_bold", w)
            lh = T.line_height("small_bold")
            rects = [T.text(surf, line, (x, y + i * lh), "small_bold", T.BAD, width=w)
                     for i, line in enumerate(lines[:2])]
            self.error_at = rects[0].unionall(rects[1:]) if rects else self.error_at
        elif self.focused:
            T.text(surf, "Enter does it · Space on an empty line runs the clock · Tab completes"
                   " · Esc clears · Ctrl+U clear · ↑ ↓ earlier commands", (x, y), "small",
                   T.FAINT, width=w)

    def _usage(self, surf, x: int, y: int, w: int) -> None:
        ex = composer.expecting(self.line.value)
        text = composer.usage(ex.verb) if ex.verb else ""
        if not text:
            sim = self.town.session.sim
            here = [sim.name(r) for r in self.town.session.here()]
            place = sim.place_name(self.town.session.place or "")
            asleep = [sim.name(r) for r in asleep_here(sim, self.town.session.place or "")]
            text = f"At {place}. " + (f"Here: {', '.join(here)}." if here else
                                      "Nobody awake here." if asleep else "Nobody here.")
            if asleep:
                text += f" Asleep: {', '.join(asleep)}."
            self.usage_at = T.text(surf, text, (x, y), "small", T.DIM, width=w)
            return
        self.usage_at = T.text(surf, text, (x, y), "small", T.TEAL, width=w)

    def _picker(self, inner: pygame.Rect, bottom: int) -> tuple:
        """The picker's box and what it holds: what may come next, as chips, over the verb
        buttons — its foot above `bottom`, the verb's usage line, which it covered ('take
        THING — …' could not be read while choosing the thing: a window playtest)."""
        s = self.town.session
        text = self.line.value
        ex = composer.expecting(text, s.sim.names())
        opts = composer.choices(s, text)
        self.choices = opts
        ready = s.check(text) is None if text.strip() else False
        want = KIND_WORDS.get(ex.kind, "")
        if ex.kind == "resident" and not opts:
            want = "whom — nobody is here to talk to"
        # "Ready" over a line the game would refuse, its refusal in red below (a window
        # playtest): ready only when it is a command.
        title = (f"Choose {want}" + (" (optional)" if ex.optional else "")) if ex.kind else \
            "Ready" if ready else "Not a command yet — see below"
        if ex.kind == "object" and not opts:
            # Take over no chips said nothing; "Nothing you know of fits 'key'" of a key the
            # player knows, elsewhere, then took 'key' for it (a window playtest).
            title = "Nothing you have found here, and you carry nothing" if not ex.prefix \
                else f"Nothing you have found here or carry fits “" \
                f"{T.fit(ex.prefix, 'small_bold', 200)}”"
        elif ex.kind and ex.prefix and not opts and ex.kind != "resident":
            # (a picker titled "Choose where exactly" over no chips at all: say why)
            title = f"Nothing you know of fits “{T.fit(ex.prefix, 'small_bold', 200)}”"
        # lay out chips in rows above the command line
        maxw = inner.width - 20
        rows: list[list[tuple[composer.Choice, int]]] = [[]]
        x = 0
        for c in opts:
            w = min(T.width_of(T.fit(c.label, "small", 240), "small") + 16 +
                    (T.width_of(c.hint, "small") + 6 if c.hint else 0), 280)
            if x + w > maxw and rows[-1]:
                if len(rows) == 3:
                    break
                rows.append([])
                x = 0
            rows[-1].append((c, w))
            x += w + 6
        n_rows = len(rows) if opts else 0
        h = 32 + n_rows * 28 + (30 if ready else 0) + 6
        box = pygame.Rect(inner.x, bottom - 4 - h, inner.width, h)
        for top in self._verb_tops:  # a row of verb buttons is covered whole, or not at all
            if top - 4 < box.top < top + 30:
                box.h += box.top - (top - 4)
                box.top = top - 4
        return box, title, rows, opts, ready, text

    def _choices(self, surf, box: pygame.Rect, title: str, rows: list, opts: list,
                 ready: bool, text: str) -> None:
        """Draw the picker `_picker` laid out."""
        s = self.town.session
        self.choices = opts
        self.popup = box
        panel(surf, box, T.RAISED, T.ACCENT, radius=8)
        # A click on the picker is the picker's, not a verb button's under it.
        self.zones.add(box, lambda: None, "picker")
        T.text(surf, title, (box.x + 10, box.y + 8), "small_bold", T.ACCENT,
               width=box.width - 20)
        keys = "Tab completes · Enter does it · Esc clears"  # (under the line too)
        if T.width_of(title, "small_bold") + T.width_of(keys, "small") + 40 <= box.width:
            T.text(surf, keys, (box.right - 10, box.y + 8), "small", T.FAINT, align="right")
        y = box.y + 30
        for row in rows if opts else []:
            x = box.x + 10
            for c, w in row:
                chip(surf, self.zones, (x, y), c.label,
                     lambda c=c: self.line.set(composer.apply(self.line.value, c,
                                                              s.sim.names())),
                     name=f"choice:{c.insert}", hint=c.hint, color=T.PANEL, max_width=240)
                x += w + 6
            y += 28
        if ready:
            label = f"Do it:  {text.strip()}  ↵"
            w = min(box.width - 20, T.width_of(label, "small_bold") + 24)
            button(surf, self.zones, (box.x + 10, y + 2, w, 26), label, self.submit,
                   name="do it", active=True, style="small_bold")

    def _transcript(self, surf, r: pygame.Rect) -> None:
        self.log_rect = pygame.Rect(r)  # where the log was drawn (tests)
        s = self.town.session
        entries = s.transcript
        width = r.width - 14
        key = (len(entries), width, id(s), s.open_minds)
        if key != self._key:
            self._layout(entries, width)
            self._key = key
        content = self._tops[-1] if self._tops else 0
        if self.follow:
            self.offset = content
        self.offset = clamp_scroll(self.offset, content, r.height)
        if self.offset >= content - r.height:
            self.follow = True
        clip = surf.get_clip()
        surf.set_clip(r)
        first = max(0, bisect.bisect_right(self._tops, self.offset) - 1)
        for i in range(first, len(self._rows)):
            y = r.y + self._tops[i] - self.offset
            if y > r.bottom:
                break
            self._draw_entry(surf, self._rows[i], r.x, y)
        surf.set_clip(clip)
        scrollbar(surf, r, self.offset, content)

    def _layout(self, entries, width: int) -> None:
        self._rows, self._tops = [], [0]
        # A notice the reply to a command already said ("▸ At 09:50: Cy avoided Ada.") is
        # not drawn again here; the log (L) still lists every notice.
        said = {e.event for e in entries if e.kind == "mark" and e.event is not None}
        said_text = [e.text for e in entries if e.kind == "mark" and e.text.startswith("At ")]
        for e in entries:
            if e.kind == "notice" and (e.event in said if e.event is not None else any(
                    e.text.rstrip(".") in t for t in said_text)):
                continue
            if e.kind == "speech":
                head = f"{e.who}: "
                hw = T.width_of(head, "ui_bold")
                lines = T.wrap(e.text, "say", width - hw)
                lh = T.line_height("say")
                row = ("speech", e, head, hw, lines, lh)
                h = len(lines) * lh + 6
            elif e.kind == "command":
                row = ("command", e, f"{clock.fmt_clock(e.at)}  › {e.text}")
                h = T.line_height("mono") + 4
            else:
                style = "ui"
                text = {"mark": "▸ ", "notice": "‖ "}.get(e.kind, "") + e.text
                if e.kind == "mark" and e.detail and self.town.session.open_minds:
                    text += f"   [{e.detail}]"
                lines = T.wrap(text, style, width)
                lh = T.line_height(style)
                row = (e.kind, e, lines, lh)
                h = len(lines) * lh + 4
            self._rows.append(row)
            self._tops.append(self._tops[-1] + h)

    def _draw_entry(self, surf, row, x: int, y: int) -> None:
        kind = row[0]
        if kind == "speech":
            _, e, head, hw, lines, lh = row
            rid = next((r for r, p in self.town.session.sim.people.items() if p.name == e.who),
                       None)
            col = self.town.map.hue_of(rid) if rid else T.ACCENT
            T.text(surf, head, (x, y + 1), "ui_bold", T.mix(col, T.TEXT, 0.35))
            for i, line in enumerate(lines):
                T.text(surf, line, (x + hw, y + i * lh), "say", T.TEXT)
        elif kind == "command":
            T.text(surf, row[2], (x, y), "mono", T.ACCENT)
        else:
            _, e, lines, lh = row
            col = {"error": T.BAD, "narration": T.DIM, "mark": T.TEAL,
                   "notice": T.ACCENT}.get(kind, T.DIM)
            for i, line in enumerate(lines):
                T.text(surf, line, (x, y + i * lh), "ui", col)
