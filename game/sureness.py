"""How sure a speaker sounds when they say something: one word, recorded with the
conversation turn in the world log (what was said is part of what happened), so a listener —
the player — knows how sure someone seemed without ever seeing their mind.

The word follows what the templates' wording expresses (`words.hedge`, the memory states of
`talk.memory_state`): a liar sounds certain; a muddled, half-forgotten or faded memory sounds
like one.
"""

from __future__ import annotations

WORDS = {  # after the speaker's pronoun; {was} and {they} agree with it
    "certain": "seemed certain",
    "fairly sure": "seemed fairly sure",
    "thinks so": "only thought so",
    "unsure": "{was} not at all sure",
    "torn": "{was} torn between two accounts",
    "hazy": "could not quite remember",
    "vague": "had it from someone {they} could not name",
}


def words(sure: str, pronoun) -> str:
    """'she seemed certain', 'they were torn between two accounts' ("" if unknown)."""
    w = WORDS.get(sure)
    if not w:
        return ""
    return f"{pronoun.subj} " + w.format(was=pronoun.verb("was"), they=pronoun.subj)


def sureness(confidence: int, state: str, memory: str, lie: bool = False) -> str:
    """One of `WORDS`: how sure someone sounds saying what they hold (or their lie)."""
    if lie:
        return "certain"
    if memory == "hazy":
        return "hazy"
    if memory == "forgot_source" or state == "past":
        return "vague"
    if state in ("doubtful", "anomalous"):
        return "torn"
    if confidence >= 80:
        return "certain"
    if confidence >= 60:
        return "fairly sure"
    if confidence >= 45:
        return "thinks so"
    return "unsure"
