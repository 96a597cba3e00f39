"""A one-line text field: the command line and the inspector's filter box.

It takes TEXTINPUT events for what is typed and KEYDOWN for editing: Backspace, Delete,
arrows, Home, End, and the readline keys everyone's fingers know — Ctrl+A and Ctrl+E (start
and end of the line), Ctrl+U (clear to the start), Ctrl+K (clear to the end), Ctrl+W and
Ctrl+Backspace (the word before). Enter, Escape, Tab and Up/Down are left to the owner.

`select_all()` marks the whole line, as a refused command's is: typing replaces it and
Backspace clears it, while an arrow, Home or End keeps it to edit.
"""

from __future__ import annotations

import pygame

from .. import theme as T


class TextInput:
    def __init__(self, placeholder: str = "", style: str = "mono") -> None:
        self.value = ""
        self.cursor = 0
        self.focused = False
        self.placeholder = placeholder
        self.style = style
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.blink = 0.0
        self.selected = False  # the whole line, to be replaced by what is typed next

    def set(self, value: str) -> None:
        self.value = value
        self.cursor = len(value)
        self.selected = False

    def select_all(self) -> None:
        """Mark the whole line: a refused command stays to edit, and a new one typed over it
        replaces it ("ask tilly where is miraask tilly mira location": a window playtest)."""
        self.selected = bool(self.value)
        self.cursor = len(self.value)

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Edit on typing; returns True if the event was used."""
        if not self.focused:
            return False
        if e.type == pygame.TEXTINPUT:
            if self.selected:
                self.value, self.cursor, self.selected = "", 0, False
            self.value = self.value[: self.cursor] + e.text + self.value[self.cursor:]
            self.cursor += len(e.text)
            self.blink = 0.0
            return True
        if e.type != pygame.KEYDOWN:
            return False
        k = e.key
        ctrl = bool(e.mod & pygame.KMOD_CTRL)
        if self.selected and k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.set("")
            self.blink = 0.0
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END) or ctrl:
            self.selected = False  # kept, to edit
        if ctrl and k == pygame.K_w:
            k = pygame.K_BACKSPACE  # Ctrl+W: the word before, as Ctrl+Backspace
        if ctrl and k == pygame.K_a:
            self.cursor = 0
        elif ctrl and k == pygame.K_e:
            self.cursor = len(self.value)
        elif ctrl and k == pygame.K_u:
            self.value, self.cursor = self.value[self.cursor:], 0
        elif ctrl and k == pygame.K_k:
            self.value = self.value[: self.cursor]
        elif k == pygame.K_BACKSPACE:
            if self.cursor > 0:
                if ctrl:
                    head = self.value[: self.cursor].rstrip()
                    cut = head.rfind(" ") + 1
                    self.value, self.cursor = self.value[:cut] + self.value[self.cursor:], cut
                else:
                    self.value = self.value[: self.cursor - 1] + self.value[self.cursor:]
                    self.cursor -= 1
        elif k == pygame.K_DELETE:
            self.value = self.value[: self.cursor] + self.value[self.cursor + 1:]
        elif k == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif k == pygame.K_RIGHT:
            self.cursor = min(len(self.value), self.cursor + 1)
        elif k == pygame.K_HOME:
            self.cursor = 0
        elif k == pygame.K_END:
            self.cursor = len(self.value)
        elif ctrl:
            return True  # other Ctrl keys do nothing here, and fire no shortcut
        else:
            # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so no shortcut fires.
            return bool(e.unicode and e.unicode.isprintable())
        self.blink = 0.0
        return True

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surf: pygame.Surface, rect, *, prompt: str = "") -> None:
        self.rect = pygame.Rect(rect)
        r = self.rect
        pygame.draw.rect(surf, T.BG, r, border_radius=5)
        pygame.draw.rect(surf, T.ACCENT if self.focused else T.BORDER, r, 1, border_radius=5)
        x = r.x + 8
        if prompt:
            x = T.text(surf, prompt, (x, r.centery), self.style, T.ACCENT, valign="center").right
            x += 6
        room = r.right - 8 - x
        if not self.value and not self.focused:
            T.text(surf, self.placeholder, (x, r.centery), "ui", T.FAINT, width=room,
                   valign="center")
            return
        shown, start = self.value, 0
        f = T.font(self.style)
        while f.size(shown[: self.cursor - start])[0] > room - 4 and start < self.cursor:
            start += 1
            shown = self.value[start:]
        shown = T.fit(shown, self.style, room) if f.size(shown)[0] > room else shown
        if shown and self.selected and self.focused:
            w = min(f.size(shown)[0], room)
            pygame.draw.rect(surf, T.mix(T.BG, T.ACCENT, 0.35),
                             (x - 2, r.y + 5, w + 4, r.height - 10), border_radius=3)
        if shown:
            T.text(surf, shown, (x, r.centery), self.style, T.TEXT, valign="center")
        if self.focused and self.blink < 0.6:
            cx = x + f.size(self.value[start: self.cursor])[0]
            pygame.draw.line(surf, T.ACCENT, (cx, r.y + 6), (cx, r.bottom - 7), 2)
