"""Reading, a system of the tick: residents where a document hangs may read its latest
version (curious ones more likely), once per version."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import perception

if TYPE_CHECKING:
    from .town import Town


def read_documents(town: Town) -> None:
    for did in sorted(town.documents):
        doc = town.documents[did]
        version = town.world.version(did, "version") or 1
        for rid in town.present(doc["place"]):
            st = town.state[rid]
            if st.read.get(did, 0) >= version:
                continue
            if town.rng.random() < 0.3 + 0.5 * town.people[rid].curiosity:
                perception.read(town, rid, did)
                town.count("read")
