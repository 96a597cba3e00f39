"""Hearsay's epistemic memory: evidence -> claim -> belief -> revision, on SQLite.

Embeddable by any game: it knows nothing of towns or windows. The rules and their numbers are
those of `epistemics.md`; each is tested with the document's figures.
"""

from .access import DORMANT_AFTER, GONE_AFTER
from .belief import EVENT_NATURE, STATE_NATURE, Belief, BeliefState, Candidate, Version
from .discovery import TESTIMONY_TO_DISCOVER
from .edits import Edit, Snapshot
from .errors import (
    ForeignTables,
    GuardRefusal,
    InvalidEvidence,
    MemoryModuleError,
    StoreBusy,
    StoreClosed,
    StoreDamaged,
    StoreReadOnly,
    StoreTooNew,
)
from .evidence import Evidence
from .explain import Chain, Explanation, Step
from .guard import Proposal, TrustProposal, WorldEvent, WorldView
from .kinds import (
    Basis,
    SourceKind,
    State,
    hearsay_confidence,
    initial_confidence,
    rank,
    rank_name,
)
from .misremember import Misremembering
from .misremember import draw as seeded_draw
from .misremember import draws as seeded_draws
from .observed import Observed
from .params import MemoryParams
from .queries import (
    BeliefSignature,
    ClaimCount,
    Heard,
    Held,
    belief_counts,
    belief_signature,
    believers_at,
    changed_since,
    claim_change_times,
    claim_values,
    claims,
    cue_recalled,
    first_dormancy,
    heard,
)
from .recall import Recalled
from .records import EvidenceRecord, TrustChange
from .revision import NOISY_OR, RULES, Outcome, revise
from .store import MemoryStore, Salient
from .writer import about_attribute

__all__ = [
    "DORMANT_AFTER",
    "EVENT_NATURE",
    "GONE_AFTER",
    "NOISY_OR",
    "RULES",
    "STATE_NATURE",
    "TESTIMONY_TO_DISCOVER",
    "Basis",
    "Belief",
    "BeliefSignature",
    "BeliefState",
    "Candidate",
    "Chain",
    "Edit",
    "ClaimCount",
    "Evidence",
    "EvidenceRecord",
    "Explanation",
    "ForeignTables",
    "GuardRefusal",
    "Heard",
    "Held",
    "InvalidEvidence",
    "MemoryModuleError",
    "StoreBusy",
    "StoreClosed",
    "StoreDamaged",
    "StoreReadOnly",
    "StoreTooNew",
    "MemoryParams",
    "MemoryStore",
    "Misremembering",
    "Observed",
    "Outcome",
    "Proposal",
    "Recalled",
    "Salient",
    "SourceKind",
    "Snapshot",
    "State",
    "Step",
    "TrustChange",
    "TrustProposal",
    "Version",
    "WorldEvent",
    "WorldView",
    "about_attribute",
    "belief_counts",
    "belief_signature",
    "believers_at",
    "changed_since",
    "claim_change_times",
    "claim_values",
    "claims",
    "cue_recalled",
    "first_dormancy",
    "hearsay_confidence",
    "heard",
    "initial_confidence",
    "rank",
    "rank_name",
    "revise",
    "seeded_draw",
    "seeded_draws",
]
