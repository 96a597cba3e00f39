"""Every key the town screen answers, in one table: the help overlay lists it, and the town
scene dispatches from it (a test checks each action has a handler).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Binding:
    keys: tuple[int, ...]
    label: str
    action: str  # TownScene.do_<action>
    text: str
    group: str


BINDINGS = [
    Binding((pygame.K_SPACE,), "Space", "pause", "Pause or resume time", "Time"),
    Binding((pygame.K_1,), "1", "speed1", "Run at 1× — ten minutes a second", "Time"),
    Binding((pygame.K_2,), "2", "speed4", "Run at 4×", "Time"),
    Binding((pygame.K_3,), "3", "speed16", "Run at 16×", "Time"),
    Binding((pygame.K_PERIOD,), ".", "step", "Let ten minutes pass, then pause", "Time"),
    Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SLASH), "Enter or /", "command",
            "Type a command (time holds while you type)", "Talk"),
    Binding((pygame.K_TAB,), "Tab", "next_tab",
            "Complete the word you are typing; otherwise, the next panel", "Talk"),
    Binding((pygame.K_ESCAPE,), "Esc", "back",
            "Leave the command line, close what is open, or open the menu", "Talk"),
    Binding((pygame.K_g,), "G", "tab_case", "Case: the premise, your goals, what you found",
            "Panels"),
    Binding((pygame.K_p,), "P", "tab_people", "People: everyone in town; pick one to inspect",
            "Panels"),
    Binding((pygame.K_n,), "N", "notebook", "Your notebook: what you believe, and why",
            "Panels"),
    Binding((pygame.K_c,), "C", "tab_claims",
            "Claim view: colour the town by one claim (C again: close it)", "Panels"),
    Binding((pygame.K_l,), "L", "tab_log", "Event log: what you have seen", "Panels"),
    Binding((pygame.K_PAGEUP,), "PgUp", "page_up", "Scroll the panel up", "Panels"),
    Binding((pygame.K_PAGEDOWN,), "PgDn", "page_down", "Scroll the panel down", "Panels"),
    Binding((pygame.K_LEFTBRACKET,), "[", "back_hour", "Claim view: step back an hour",
            "Claim view"),
    Binding((pygame.K_RIGHTBRACKET,), "]", "forward_hour", "Claim view: step forward an hour",
            "Claim view"),
    Binding((pygame.K_r,), "R", "replay", "Claim view: replay the claim from the start",
            "Claim view"),
    Binding((pygame.K_END,), "End", "live", "Claim view: back to now", "Claim view"),
    Binding((pygame.K_d, pygame.K_F3), "D or F3", "debug",
            "Open minds: every mind, the truth, every event (for authors; press twice — the ending "
            "says so)",
            "Game"),
    Binding((pygame.K_F5,), "F5", "quicksave", "Quick save", "Game"),
    Binding((pygame.K_F9,), "F9", "quickload", "Quick load", "Game"),
    Binding((pygame.K_s,), "S", "slots", "Save and load slots", "Game"),
    Binding((pygame.K_h, pygame.K_F1), "H, F1 or ?", "help", "This help", "Game"),
    Binding((pygame.K_F12,), "F12", "screenshot", "Save a screenshot in the saves folder",
            "Game"),
]

# Shown in the help beside the keys: what the mouse does, and keys the app itself handles.
MOUSE = [
    ("Click a resident", "What you know of their mind (or fill in who, while composing)"),
    ("Click a place", "Who is there; walk there or search it"),
    ("Click a belief", "Its history and its evidence chain"),
    ("Click a column head", "Sort the inspector by it (again: reverse)"),
    ("Wheel", "Scroll the panel or transcript under the pointer"),
    ("↑ ↓ in the command line", "Recall earlier commands"),
    ("Ctrl+Q", "Quit (asked first when play is not saved)"),
]

# What only a player does: a town with no player leaves them out of its help, and says
# the rest in its own words (there is nothing to type, no goal, no "you").
PLAYER_ONLY = frozenset({"command", "notebook"})
NO_PLAYER_WORDS = {
    "next_tab": "The next panel",
    "back": "Close what is open, or open the menu",
    "tab_case": "Case: the premise, and what the story turns on",
    "tab_log": "Event log: what happens in town",
    "debug": "Open minds: the truth beside what everyone believes (again: hide it)",
}
NO_PLAYER_MOUSE = {
    "Click a resident": "Their mind: what they believe, and why",
    "Click a place": "Who is there",
}

BY_KEY: dict[int, Binding] = {k: b for b in BINDINGS for k in b.keys}

# Keys that type nothing: they answer even while the command line or a filter has the keys.
FUNCTION_KEYS = frozenset(getattr(pygame, f"K_F{i}") for i in range(1, 13))
