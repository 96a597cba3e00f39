"""Movement, the tick's last system, run as the clock moves on: everyone goes where the new
minute, their intent or the player takes them, before the player acts at that minute and
before its events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .people import AWAKE

if TYPE_CHECKING:
    from .town import Residents


def move(town: Residents) -> None:
    """Each resident (not the player), in id order: where the schedule says — or, awake, where
    the player they follow is, or where their intent already took them (see game.pursuit)."""
    for rid in town.in_order:
        person, st = town.people[rid], town.state[rid]
        if person.is_player:
            continue
        status, place = person.status_at(town.now)
        released = False
        if st.following and (st.follow_until <= town.now or status != AWAKE):
            st.following = None  # time up, or asleep or away: they go their own way
            released = status == AWAKE
        if st.following and status == AWAKE:
            place = town.state[st.following].place  # brought along by the player
        elif status == AWAKE and (st.intent is not None or released):
            # An intent moves them (see game.pursuit). One whose time with the player is up
            # is still there at that minute, and goes their own way from the next: "Sam
            # follows you until 18:10" left the schoolroom at 18:10, as the meeting was
            # counted, unsaid (a window playtest).
            place = st.place
        if st.status != status:
            st.status = status
            town.moved()
        if place != st.place:
            st.place = place
            town.move_to(rid, place, town.now)
