"""Epistemics §8's third check and §9: a belief that is past, stale, marked for recheck or
dormant stays in the history but carries no action with consequences — whatever its source,
confidence or number of sources. The same belief, still valid, clears the bar."""

import pytest

from game.support import BARS, IRREVERSIBLE, clears_bar, support
from memory import Belief, State

# Seen first-hand, at a first-hand confidence, by two independent sources: on its face it
# clears every bar, the irreversible one included.
SEEN = Belief(resident="ben", subject="ring", attribute="moved_by", value="cat", confidence=78,
              state=State.INFLUENCING, kind="witnessed", source="first-hand", sources=2)

INVALID = {
    "past": ({"state": State.PAST}, False, "it is past"),
    "stale": ({"stale": True}, False, "stale"),
    "recheck": ({"recheck": True}, False, "rechecking"),
    "dormant": ({}, True, "dormant"),
}


def test_the_valid_belief_clears_every_bar():
    """The control: the belief the other tests spoil supports even an accusation."""
    s = support(SEEN)
    assert s.valid and s.score >= BARS[IRREVERSIBLE]
    for action in ("accuse", "report", "look", "ask"):
        assert clears_bar(SEEN, action), action


@pytest.mark.parametrize("why", sorted(INVALID))
def test_a_past_stale_unchecked_or_dormant_belief_clears_no_bar(why):
    """Each mark alone, on the belief of the control above, keeps it below every bar."""
    update, dormant, says = INVALID[why]
    b = SEEN.model_copy(update=update)
    s = support(b, dormant=dormant)
    assert not s.valid and s.score == 0.0
    assert says in s.why
    for action in ("accuse", "report", "break_off", "look"):
        assert not clears_bar(b, action, dormant=dormant), (why, action)
