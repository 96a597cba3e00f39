"""What a resident is doing right now: everything about it that is not in a world table.

Saved as JSON in `sim_state` with every save, so a loaded game continues exactly as a straight
run would.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

TOLD_MEMORY = 64  # how many recent tellings a resident remembers, to avoid repeating itself


# A verification's key with this and whom it asked: they were asked it and gave no answer
# (did not know, would not say, could not remember), so they are not asked it again.
NO_ANSWER = ":no_answer:"

@dataclass
class Intent:
    """Something a resident has decided to do: go to `place` (or to `target`) and do it."""

    action: str
    purpose: str  # "act" (cleared the bar) or "verify" (below it) or "plan"
    reaction: str
    claim: str
    value: str
    since: int
    expires: int
    target: str | None = None
    place: str | None = None
    via: str | None = None  # how it verifies: look, ask_teller, ask_origin, ask_subject
    says: str | None = None


@dataclass
class RState:
    place: str
    status: str = "awake"
    intent: Intent | None = None
    cooldown: dict[str, int] = field(default_factory=dict)
    fired: list[str] = field(default_factory=list)
    # verification keys (decide) -> times done; `key + NO_ANSWER + who`: asked, no answer
    verified: dict[str, int] = field(default_factory=dict)
    told: list[str] = field(default_factory=list)
    read: dict[str, int] = field(default_factory=dict)
    # The player's draw to read a document in passing, made and let go (game.reading).
    passed_over: dict[str, int] = field(default_factory=dict)
    following: str | None = None  # brought along by the player
    follow_until: int = 0
    attention: float = -1.0  # slots left today (§11); -1 until first set
    depth: str = "full"  # how the last cognitive step ran
    sighted_slot: str = ""  # the hour whose company they have taken in (game.copresence)...
    sighted: list[str] = field(default_factory=list)  # ...who has had their chance this hour
    noticed: int = 0  # ...and how many others they took in
    sighted_place: str = ""  # ...and where they last took in their own place this hour
    found_out: list[str] = field(default_factory=list)  # claims a liar believes found out

    def remember_told(self, key: str) -> None:
        self.told.append(key)
        if len(self.told) > TOLD_MEMORY:
            del self.told[: len(self.told) - TOLD_MEMORY]

    def dumps(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> RState:
        d = json.loads(text)
        intent = d.pop("intent")
        st = cls(**d)
        st.intent = Intent(**intent) if intent else None
        return st
