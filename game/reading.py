"""Reading, a system of the tick: residents where a document hangs may read its latest
version (curious ones more likely), once per version. The player reads by searching."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import perception

if TYPE_CHECKING:
    from .town import Town


def read_documents(town: Town) -> None:
    # Who read what with the player there to see it, this tick (the reply and the window's
    # log say so: `Simulation.command`, `ui.session`): only that they read it.
    town.read_seen = seen = []
    for did in sorted(town.documents):
        doc = town.documents[did]
        version = town.world.version(did, "version") or 1
        present = town.present(doc["place"])
        watched = any(town.people[r].is_player for r in present)
        for rid in present:
            st = town.state[rid]
            if st.read.get(did, 0) >= version or st.passed_over.get(did, 0) >= version:
                continue
            if town.rng.random() < 0.3 + 0.5 * town.people[rid].curiosity:
                if town.people[rid].is_player:
                    # The player reads by searching, and is told what it says: never in
                    # silence — a playtester asking Tilly a question was then told "The new
                    # ledger is here: you have read it", and knew what it said unshown. Drawn
                    # for as before, once a version, so the town's random stream is the same.
                    st.passed_over[did] = version
                    continue
                perception.read(town, rid, did)
                town.count("read")
                if watched:
                    seen.append((rid, did))
