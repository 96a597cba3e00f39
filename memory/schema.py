"""The memory tables, created and upgraded only through registered sqlite-utils migrations.

Layout (epistemics §1): `claims` are the claim roots `(subject, attribute)`; `evidence` is
append-only, one row per thing a resident came into contact with; `beliefs` holds one row per
resident and claim with its candidates; `belief_versions` is the append-only history of every
change; `belief_facts` records which world-fact versions a belief rests on (§9); `trust` and
`trust_changes` hold trust per listener, teller and topic (§10). Nothing here is world state.
"""

from __future__ import annotations

import re

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .driver import sqlite3

SCHEMA_VERSION = 11

migrations = Migrations("hearsay.memory")


@migrations(name="0001_memory_tables")
def _v1(db: Database) -> None:
    _run_script(db, """
        CREATE TABLE IF NOT EXISTS memory_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

        CREATE TABLE IF NOT EXISTS attributes (
            name TEXT PRIMARY KEY,
            nature TEXT NOT NULL CHECK (nature IN ('state', 'event')),
            topic TEXT
        );

        CREATE TABLE IF NOT EXISTS claims (
            id INTEGER PRIMARY KEY,
            subject TEXT NOT NULL,
            attribute TEXT NOT NULL,
            nature TEXT NOT NULL,
            topic TEXT NOT NULL,
            UNIQUE (subject, attribute)
        );

        CREATE TABLE IF NOT EXISTS evidence (
            id INTEGER PRIMARY KEY,
            resident TEXT NOT NULL,
            claim_id INTEGER NOT NULL REFERENCES claims(id),
            value TEXT NOT NULL,
            kind TEXT NOT NULL,
            rank INTEGER NOT NULL,
            at INTEGER NOT NULL,
            event TEXT,
            document TEXT,
            version INTEGER,
            fact TEXT,
            teller TEXT,
            origin TEXT,
            chain TEXT,
            basis TEXT,
            premises TEXT,
            implanted_by TEXT,
            by_player INTEGER NOT NULL DEFAULT 0,
            origin_key TEXT NOT NULL,
            confidence INTEGER NOT NULL,
            outcome TEXT NOT NULL,
            judged INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS evidence_by_belief ON evidence (resident, claim_id);

        CREATE TABLE IF NOT EXISTS beliefs (
            id INTEGER PRIMARY KEY,
            resident TEXT NOT NULL,
            claim_id INTEGER NOT NULL REFERENCES claims(id),
            value TEXT NOT NULL,
            confidence INTEGER NOT NULL CHECK (confidence BETWEEN 0 AND 100),
            state TEXT NOT NULL CHECK (state IN
                ('influencing', 'past', 'doubtful', 'anomalous', 'corrected')),
            rank INTEGER NOT NULL,
            kind TEXT NOT NULL,
            candidates TEXT NOT NULL,
            since INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            last_evidence_at INTEGER NOT NULL,
            last_intervention_at INTEGER,
            quiet_since INTEGER NOT NULL,
            aged INTEGER NOT NULL DEFAULT 0,
            exposures INTEGER NOT NULL DEFAULT 0,
            uses INTEGER NOT NULL DEFAULT 0,
            sources INTEGER NOT NULL DEFAULT 1,
            last_evoked_at INTEGER NOT NULL DEFAULT 0,
            importance INTEGER,
            stale INTEGER NOT NULL DEFAULT 0,
            recheck INTEGER NOT NULL DEFAULT 0,
            wants_look INTEGER NOT NULL DEFAULT 0,
            unjudged INTEGER NOT NULL DEFAULT 0,
            premises TEXT,
            UNIQUE (resident, claim_id)
        );
        CREATE INDEX IF NOT EXISTS beliefs_by_claim ON beliefs (claim_id);
        -- Only beliefs that can age are indexed, so the daily pass touches just those (§6).
        CREATE INDEX IF NOT EXISTS beliefs_aging ON beliefs (quiet_since)
            WHERE state = 'influencing' AND rank IN (2, 3);

        CREATE TABLE IF NOT EXISTS belief_versions (
            id INTEGER PRIMARY KEY,
            belief_id INTEGER NOT NULL REFERENCES beliefs(id),
            at INTEGER NOT NULL,
            cause TEXT NOT NULL,
            value TEXT NOT NULL,
            confidence INTEGER NOT NULL,
            state TEXT NOT NULL,
            evidence_id INTEGER,
            note TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX IF NOT EXISTS versions_by_belief ON belief_versions (belief_id);

        CREATE TABLE IF NOT EXISTS belief_facts (
            belief_id INTEGER NOT NULL REFERENCES beliefs(id),
            fact TEXT NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (belief_id, fact)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS belief_facts_by_fact ON belief_facts (fact, version);

        -- The latest version of each world fact the game has announced a change to; memory
        -- keeps it only to tell which beliefs rest on an older version (§9).
        CREATE TABLE IF NOT EXISTS fact_versions (
            fact TEXT PRIMARY KEY,
            version INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE IF NOT EXISTS belief_premises (
            belief_id INTEGER NOT NULL REFERENCES beliefs(id),
            premise_id INTEGER NOT NULL REFERENCES beliefs(id),
            PRIMARY KEY (belief_id, premise_id)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS premises_by_premise ON belief_premises (premise_id);

        CREATE TABLE IF NOT EXISTS trust (
            listener TEXT NOT NULL,
            teller TEXT NOT NULL,
            topic TEXT NOT NULL,
            value REAL NOT NULL CHECK (value BETWEEN 0 AND 1),
            PRIMARY KEY (listener, teller, topic)
        ) WITHOUT ROWID;

        CREATE TABLE IF NOT EXISTS trust_changes (
            id INTEGER PRIMARY KEY,
            listener TEXT NOT NULL,
            teller TEXT NOT NULL,
            topic TEXT NOT NULL,
            old REAL NOT NULL,
            new REAL NOT NULL,
            at INTEGER NOT NULL,
            reason TEXT NOT NULL,
            evidence_id INTEGER
        );
        """)


@migrations(name="0002_attribute_importance")
def _v2(db: Database) -> None:
    # How much claims of an attribute matter (epistemics §7's imp), so talk and recall can
    # rank a resident's beliefs in SQL.
    db.conn.execute("ALTER TABLE attributes ADD COLUMN importance INTEGER")


@migrations(name="0003_belief_teller_origin")
def _v3(db: Database) -> None:
    # Who told the held value and where it came from, beside the row (they also live in the
    # candidates JSON), so "what might she bring up, and to whom" is one plain query.
    db.conn.execute("ALTER TABLE beliefs ADD COLUMN teller TEXT")
    db.conn.execute("ALTER TABLE beliefs ADD COLUMN origin TEXT")
    db.conn.execute(
        "UPDATE beliefs SET teller = (SELECT json_extract(c.value, '$[8]') FROM "
        "json_each(beliefs.candidates) c WHERE json_extract(c.value, '$[0]') = beliefs.value), "
        "origin = (SELECT json_extract(c.value, '$[9]') FROM json_each(beliefs.candidates) c "
        "WHERE json_extract(c.value, '$[0]') = beliefs.value)")


@migrations(name="0004_accessibility_and_recall")
def _v4(db: Database) -> None:
    # §7: the effective half-life H, the accessibility state and when it next changes (three
    # and five half-lives after the last evocation), the importance look-back; the memory
    # events the mechanism report counts; and the full-text index recall ranks by (bm25).
    _run_script(db, """
        ALTER TABLE beliefs ADD COLUMN half_life REAL NOT NULL DEFAULT 4320;
        ALTER TABLE beliefs ADD COLUMN access TEXT NOT NULL DEFAULT 'active';
        ALTER TABLE beliefs ADD COLUMN dormant_at INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE beliefs ADD COLUMN gone_at INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE beliefs ADD COLUMN judged_importance INTEGER;
        ALTER TABLE beliefs ADD COLUMN looked_back INTEGER NOT NULL DEFAULT 0;
        UPDATE beliefs SET dormant_at = last_evoked_at + 3 * half_life,
                           gone_at = last_evoked_at + 5 * half_life;
        CREATE INDEX IF NOT EXISTS beliefs_dormancy ON beliefs (dormant_at)
            WHERE access = 'active';
        CREATE INDEX IF NOT EXISTS beliefs_forgetting ON beliefs (gone_at)
            WHERE access = 'dormant';
        CREATE INDEX IF NOT EXISTS beliefs_lookback ON beliefs (created_at)
            WHERE looked_back = 0;
        CREATE TABLE IF NOT EXISTS memory_events (
            id INTEGER PRIMARY KEY,
            at INTEGER NOT NULL,
            resident TEXT NOT NULL,
            belief_id INTEGER,
            kind TEXT NOT NULL,
            detail TEXT
        );
        CREATE INDEX IF NOT EXISTS memory_events_by_kind ON memory_events (kind, at);
        CREATE VIRTUAL TABLE IF NOT EXISTS recall_fts USING fts5(resident, words);
        INSERT INTO recall_fts (rowid, resident, words)
            SELECT b.id, b.resident, c.subject || ' ' || c.attribute || ' ' || b.value || ' ' ||
                   coalesce(b.teller, '') || ' ' || coalesce(b.origin, '')
            FROM beliefs b JOIN claims c ON c.id = b.claim_id;
    """)


@migrations(name="0005_lazy_recall_index")
def _v5(db: Database) -> None:
    # Recall's full-text index is brought up to date when a resident recalls, not on every
    # write: `indexed` says whether the belief's current words are in recall_fts.
    _run_script(db, """
        ALTER TABLE beliefs ADD COLUMN indexed INTEGER NOT NULL DEFAULT 0;
        UPDATE beliefs SET indexed = 1 WHERE id IN (SELECT rowid FROM recall_fts);
        CREATE INDEX IF NOT EXISTS beliefs_unindexed ON beliefs (resident) WHERE indexed = 0;
    """)


@migrations(name="0006_recall_terms_per_resident")
def _v6(db: Database) -> None:
    # Recall's index keyed by resident inside each term ("u12xkey": resident 12's word "key"),
    # so a query reads only that resident's postings, however much the rest of the town
    # remembers. Rebuilt lazily: every belief is marked for indexing again.
    _run_script(db, """
        DROP TABLE IF EXISTS recall_fts;
        CREATE TABLE IF NOT EXISTS recall_residents (
            resident TEXT PRIMARY KEY, n INTEGER NOT NULL UNIQUE
        );
        CREATE VIRTUAL TABLE IF NOT EXISTS recall_terms USING fts5(terms, detail = column);
        UPDATE beliefs SET indexed = 0;
        CREATE INDEX IF NOT EXISTS beliefs_dormant_by_resident ON beliefs (resident)
            WHERE access = 'dormant';
    """)


@migrations(name="0007_cue_recall_and_misremembering")
def _v7(db: Database) -> None:
    # Attribute families ("at_*") and how their claims come to mind: "free" (by any word of
    # them, §7) or "cue" (only a cue naming the claim brings them back — the episodic detail
    # of who stood where, which seeing someone again should not call up by the hundred). And a
    # belief's flag for a value recalled wrong (misremembering: the evidence says otherwise).
    _run_script(db, """
        ALTER TABLE attributes ADD COLUMN recall TEXT NOT NULL DEFAULT 'free';
        ALTER TABLE claims ADD COLUMN recall TEXT NOT NULL DEFAULT 'free';
        ALTER TABLE beliefs ADD COLUMN misremembered INTEGER NOT NULL DEFAULT 0;
        -- Many memories of a resident are of no importance (who stood where): what they might
        -- bring up, and what they want to go and look at, are read without visiting those.
        CREATE INDEX IF NOT EXISTS beliefs_tellable ON beliefs (resident)
            WHERE importance IS NULL OR importance > 0;
        CREATE INDEX IF NOT EXISTS beliefs_wants_look ON beliefs (resident) WHERE wants_look = 1;
    """)


@migrations(name="0008_memory_edits")
def _v8(db: Database) -> None:
    # Memory edits (memory/edits.py): every implant, distortion, suppression and undo as an
    # append-only row, like the world log — triggers refuse UPDATE and DELETE — and the moment
    # a resident discovered an edit, likewise append-only. An edit's state (undone,
    # discovered) is derived from later rows, never written over.
    _run_script(db, """
        CREATE TABLE IF NOT EXISTS memory_edits (
            id INTEGER PRIMARY KEY,
            at INTEGER NOT NULL,
            by TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('implant', 'distort', 'suppress', 'undo')),
            resident TEXT NOT NULL,
            claim_id INTEGER NOT NULL REFERENCES claims(id),
            value TEXT,
            confidence INTEGER,
            undoes INTEGER REFERENCES memory_edits(id),
            evidence_id INTEGER,
            since_evidence INTEGER NOT NULL,
            before TEXT,
            after TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX IF NOT EXISTS memory_edits_by_belief ON memory_edits (resident, claim_id);
        CREATE INDEX IF NOT EXISTS memory_edits_undoes ON memory_edits (undoes)
            WHERE undoes IS NOT NULL;
        CREATE TRIGGER IF NOT EXISTS memory_edits_no_update BEFORE UPDATE ON memory_edits
            BEGIN SELECT RAISE(ABORT, 'memory edits are append-only'); END;
        CREATE TRIGGER IF NOT EXISTS memory_edits_no_delete BEFORE DELETE ON memory_edits
            BEGIN SELECT RAISE(ABORT, 'memory edits are append-only'); END;
        CREATE TABLE IF NOT EXISTS edit_discoveries (
            edit_id INTEGER PRIMARY KEY REFERENCES memory_edits(id),
            resident TEXT NOT NULL,
            at INTEGER NOT NULL,
            evidence_id INTEGER,
            how TEXT NOT NULL
        );
        CREATE TRIGGER IF NOT EXISTS edit_discoveries_no_update BEFORE UPDATE ON
            edit_discoveries BEGIN SELECT RAISE(ABORT, 'discoveries are append-only'); END;
        CREATE TRIGGER IF NOT EXISTS edit_discoveries_no_delete BEFORE DELETE ON
            edit_discoveries BEGIN SELECT RAISE(ABORT, 'discoveries are append-only'); END;
    """)


@migrations(name="0009_recall_words")
def _v9(db: Database) -> None:
    # Recall's term index lives in memory now (memory/recall_index.py: FTS5's bm25 to the last
    # bit, without a fragmented index to read per query); its record on disk is one plain row
    # per indexed belief with the words it is indexed by. The FTS5 table's words carry over
    # (less each resident's "u12x" prefix), so a save continues with the same index.
    _run_script(db, """
        CREATE TABLE IF NOT EXISTS recall_words (
            belief_id INTEGER PRIMARY KEY REFERENCES beliefs(id),
            words TEXT NOT NULL
        );
    """)
    prefix = re.compile(r"u[0-9]+x")
    rows = []
    for bid, terms in db.conn.execute("SELECT rowid, terms FROM recall_terms"):
        rows.append((bid, " ".join(prefix.sub("", t, count=1) for t in terms.split())))
    db.conn.executemany("INSERT INTO recall_words (belief_id, words) VALUES (?, ?)", rows)
    _run_script(db, """
        DROP TABLE IF EXISTS recall_terms;
        DROP TABLE IF EXISTS recall_residents;
        -- Which beliefs wait to be indexed is kept in memory too (read once on opening).
        DROP INDEX IF EXISTS beliefs_unindexed;
        -- What a resident might bring up, and the dormant memories a recall brings along,
        -- are read from its working set (memory.working).
        DROP INDEX IF EXISTS beliefs_tellable;
        DROP INDEX IF EXISTS beliefs_dormant_by_resident;
        -- A cue naming an hour ("at_d1_0800") starts from the claims of that attribute.
        CREATE INDEX IF NOT EXISTS claims_by_attribute ON claims (attribute);
    """)


@migrations(name="0010_history_and_counts_from_evidence")
def _v10(db: Database) -> None:
    # A belief's history is the evidence rows that changed it — each keeping the value,
    # confidence and state it left (NULL where they are the evidence's own value, its initial
    # confidence, 'influencing') and the note — plus `belief_versions` rows only for changes
    # no evidence made (aging, reweighing, edits, discoveries, misremembering). Those carry
    # `after_evidence`, the evidence id they came after, which orders the two together.
    # A belief founded by evidence keeps no note: it is always "first learned: ...".
    from .revision import founding_note, who_of

    _run_script(db, """
        ALTER TABLE evidence ADD COLUMN after_value TEXT;
        ALTER TABLE evidence ADD COLUMN after_confidence INTEGER;
        ALTER TABLE evidence ADD COLUMN after_state TEXT;
        ALTER TABLE evidence ADD COLUMN note TEXT;
        ALTER TABLE belief_versions ADD COLUMN after_evidence INTEGER NOT NULL DEFAULT 0;
        UPDATE belief_versions SET after_evidence = w.m FROM (SELECT id, max(coalesce(
            evidence_id, 0)) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT
            ROW) AS m FROM belief_versions) w WHERE w.id = belief_versions.id;
    """)
    rows = db.conn.execute(
        "SELECT v.id, e.id, e.value, e.confidence, e.outcome, e.kind, e.teller, e.origin, "
        "e.document, e.implanted_by, v.value, v.confidence, v.state, v.note FROM "
        "belief_versions v JOIN beliefs b ON b.id = v.belief_id JOIN evidence e ON e.id = "
        "v.evidence_id AND e.resident = b.resident AND e.claim_id = b.claim_id AND "
        "e.outcome = v.cause WHERE e.outcome != 'keep'").fetchall()
    moved, drop = [], []
    for vid, eid, value, conf, outcome, kind, teller, origin, doc, by, av, ac, st, note in rows:
        if outcome == "new" and note == founding_note(av, who_of(kind, teller, origin, doc,
                                                               by)):
            note = None
        moved.append((av if av != value else None, ac if ac != conf else None,
                      st if st != "influencing" else None, note, eid))
        drop.append((vid,))
    db.conn.executemany("UPDATE evidence SET after_value = ?, after_confidence = ?, "
                        "after_state = ?, note = ? WHERE id = ?", moved)
    db.conn.executemany("DELETE FROM belief_versions WHERE id = ?", drop)
    # How much evidence a resident has about a claim, counted as it comes, not on each look.
    _run_script(db, """
        ALTER TABLE beliefs ADD COLUMN evidence_count INTEGER NOT NULL DEFAULT 0;
        UPDATE beliefs SET evidence_count = (SELECT count(*) FROM evidence e WHERE
            e.resident = beliefs.resident AND e.claim_id = beliefs.claim_id);
    """)


@migrations(name="0011_lazy_lifecycle")
def _v11(db: Database) -> None:
    # Memories whose life runs by the clock alone (memory/lifecycle.py): `lazy` rows are not
    # rewritten by the hourly passes, which find them by when they were made instead; the
    # passes' own indexes leave them out.
    _run_script(db, """
        ALTER TABLE beliefs ADD COLUMN lazy INTEGER NOT NULL DEFAULT 0;
        DROP INDEX IF EXISTS beliefs_dormancy;
        CREATE INDEX IF NOT EXISTS beliefs_dormancy ON beliefs (dormant_at)
            WHERE access = 'active' AND lazy = 0;
        DROP INDEX IF EXISTS beliefs_lookback;
        CREATE INDEX IF NOT EXISTS beliefs_lookback ON beliefs (created_at)
            WHERE looked_back = 0 AND lazy = 0;
        CREATE INDEX IF NOT EXISTS beliefs_lazy ON beliefs (created_at) WHERE lazy = 1;
    """)


@migrations(name="0012_unwritten_lazy_memories")
def _v12(db: Database) -> None:
    # A lazy memory founded by one piece of evidence (memory.lifecycle: who stood where, most
    # of what a town remembers) is its evidence row, `founds` naming the belief it founded,
    # until something touches it: then its row is written (memory.unwritten). Every field of
    # such a belief follows from that row and the lazy memories' one half-life
    # (`lazy_clock`), so `beliefs` is a view of the rows written (`belief_rows`) and the
    # memories their evidence stands for, field for field what their rows would have held.
    _run_script(db, """
        ALTER TABLE beliefs RENAME TO belief_rows;
        ALTER TABLE evidence ADD COLUMN founds INTEGER;
        CREATE INDEX IF NOT EXISTS evidence_founds ON evidence (founds)
            WHERE founds IS NOT NULL;
        CREATE INDEX IF NOT EXISTS evidence_founds_by_claim ON evidence (claim_id)
            WHERE founds IS NOT NULL;
        CREATE TABLE IF NOT EXISTS lazy_clock (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            half_life REAL NOT NULL CHECK (half_life > 0),
            dormant INTEGER NOT NULL CHECK (dormant >= 0),
            gone INTEGER NOT NULL CHECK (gone >= dormant),
            h0 REAL NOT NULL CHECK (h0 > 0)
        );
        CREATE VIEW IF NOT EXISTS unwritten_beliefs AS SELECT e.founds AS id, e.resident,
            e.claim_id, e.value, coalesce(e.after_confidence, e.confidence) AS confidence,
            'influencing' AS state, e.rank, e.kind, json_array(json_array(e.value,
            coalesce(e.after_confidence, e.confidence), e.rank, e.kind,
            json_object(e.origin_key, e.rank), e.at, e.at, e.id, NULL, NULL, NULL))
            AS candidates, e.at AS since, e.at AS created_at, e.at AS updated_at,
            e.at AS last_evidence_at, NULL AS last_intervention_at, e.at AS quiet_since,
            0 AS aged, 0 AS exposures, 0 AS uses, 1 AS sources, e.at AS last_evoked_at,
            0 AS importance, 0 AS stale, 0 AS recheck, 0 AS wants_look, 0 AS unjudged,
            NULL AS premises, NULL AS teller, NULL AS origin, l.half_life,
            'active' AS access, e.at + l.dormant AS dormant_at, e.at + l.gone AS gone_at,
            NULL AS judged_importance, 0 AS looked_back, 0 AS indexed, 0 AS misremembered,
            1 AS evidence_count, 1 AS lazy
            FROM evidence e CROSS JOIN lazy_clock l WHERE e.founds IS NOT NULL;
        CREATE VIEW IF NOT EXISTS beliefs AS SELECT * FROM belief_rows
            UNION ALL SELECT * FROM unwritten_beliefs;
        -- Their memory events are theirs by the clock alone (memory.lifecycle): dormant three
        -- lazy half-lives after they were made, unrecallable after five, judged and kept by
        -- the first look-back a base half-life after — once the passes have run that far
        -- (memory_meta: the minute each last ran to; `lookback_passes`: the minute of each
        -- look-back). `memory_events` is the view of the events written (`memory_event_rows`)
        -- and these, field for field what the passes would have written.
        ALTER TABLE memory_events RENAME TO memory_event_rows;
        CREATE TABLE IF NOT EXISTS lookback_passes (at INTEGER PRIMARY KEY);
        CREATE VIEW IF NOT EXISTS unwritten_events AS
            SELECT NULL AS id, e.at + l.dormant AS at, e.resident, e.founds AS belief_id,
                'dormant' AS kind, e.at || ' ' || l.half_life AS detail
            FROM evidence e CROSS JOIN lazy_clock l WHERE e.founds IS NOT NULL AND
                e.at + l.dormant < (SELECT CAST(value AS INTEGER) FROM memory_meta WHERE
                                    key = 'access_pass_at')
            UNION ALL SELECT NULL, e.at + l.gone, e.resident, e.founds, 'unrecallable', NULL
            FROM evidence e CROSS JOIN lazy_clock l WHERE e.founds IS NOT NULL AND
                e.at + l.gone < (SELECT CAST(value AS INTEGER) FROM memory_meta WHERE
                                 key = 'access_pass_at')
            UNION ALL SELECT NULL, (SELECT min(p.at) FROM lookback_passes p WHERE
                p.at >= e.at + l.h0 - 1 AND e.at <= p.at - l.h0), e.resident, e.founds,
                'lookback', 'kept'
            FROM evidence e CROSS JOIN lazy_clock l WHERE e.founds IS NOT NULL AND
                e.at <= (SELECT CAST(value AS INTEGER) FROM memory_meta WHERE
                         key = 'lookback_pass_at') - l.h0;
        CREATE VIEW IF NOT EXISTS memory_events AS SELECT * FROM memory_event_rows
            UNION ALL SELECT * FROM unwritten_events;
    """)


@migrations(name="0013_aging_by_period")
def _v13(db: Database) -> None:
    # Hearsay aging (§6, memory.aging) finds the beliefs whose next aging period has come by
    # the periods already applied, then the minute they went quiet: a range per number of
    # periods, not every quiet belief again each day (they grow with the days).
    _run_script(db, """
        DROP INDEX IF EXISTS beliefs_aging;
        CREATE INDEX IF NOT EXISTS beliefs_aging ON belief_rows (aged, quiet_since)
            WHERE state = 'influencing' AND rank IN (2, 3);
    """)


def _run_script(db: Database, script: str) -> None:
    """Run a multi-statement script inside the migration's transaction.

    sqlite-utils' executescript() splits a script by re-joining it one character at a time
    (quadratic: ~17 ms for this schema, paid by every new store); splitting at semicolons and
    letting SQLite say where a statement is complete is linear and just as safe.
    """
    buf = ""
    for part in script.split(";"):
        buf += part + ";"
        if sqlite3.complete_statement(buf):
            if buf.strip(" \n;"):
                db.conn.execute(buf)
            buf = ""


def ensure_schema(db: Database) -> None:
    """Apply pending migrations; each runs in its own transaction."""
    migrations.apply(db)


# Every table, view, index and trigger the migrations make, by the migration that first makes
# it (a later one may rename or remake it: `beliefs` became a view over `belief_rows`). A
# database holding one of these names whose migration has not run holds someone else's object
# by that name: the store would fail on it half-way, having written. `clashes` finds them.
# (tests/memory/test_memory_foreign_db.py checks this list against the migrations.)
MADE_BY = {
    "0001_memory_tables": (
        "memory_meta", "attributes", "claims", "evidence", "beliefs", "belief_versions",
        "belief_facts", "fact_versions", "belief_premises", "trust", "trust_changes",
        "evidence_by_belief", "beliefs_by_claim", "beliefs_aging", "versions_by_belief",
        "belief_facts_by_fact", "premises_by_premise"),
    "0004_accessibility_and_recall": (
        "memory_events", "memory_events_by_kind", "beliefs_dormancy", "beliefs_forgetting",
        "beliefs_lookback", "recall_fts", "recall_fts_config", "recall_fts_content",
        "recall_fts_data", "recall_fts_docsize", "recall_fts_idx"),
    "0005_lazy_recall_index": ("beliefs_unindexed",),
    "0006_recall_terms_per_resident": (
        "recall_residents", "recall_terms", "recall_terms_config", "recall_terms_content",
        "recall_terms_data", "recall_terms_docsize", "recall_terms_idx",
        "beliefs_dormant_by_resident"),
    "0007_cue_recall_and_misremembering": ("beliefs_tellable", "beliefs_wants_look"),
    "0008_memory_edits": (
        "memory_edits", "memory_edits_by_belief", "memory_edits_undoes",
        "memory_edits_no_update", "memory_edits_no_delete", "edit_discoveries",
        "edit_discoveries_no_update", "edit_discoveries_no_delete"),
    "0009_recall_words": ("recall_words", "claims_by_attribute"),
    "0011_lazy_lifecycle": ("beliefs_lazy",),
    "0012_unwritten_lazy_memories": (
        "belief_rows", "evidence_founds", "evidence_founds_by_claim", "lazy_clock",
        "unwritten_beliefs", "memory_event_rows", "lookback_passes", "unwritten_events"),
}
_MAKER = {name: m for m, names in MADE_BY.items() for name in names}


def clashes(db: Database) -> list[str]:
    """Names of the memory's tables (views, indexes, triggers) that `db` holds but the store
    did not make — no record of the migration that makes them — sorted. Only reads."""
    present = [r[0] for r in db.execute("SELECT name FROM sqlite_master")
               if r[0] in _MAKER]
    if not present:
        return []
    try:
        applied = {m.name for m in migrations.applied(db)}
    except sqlite3.Error:  # a `_sqlite_migrations` of another shape: none of ours ran
        applied = set()
    return sorted(name for name in present if _MAKER[name] not in applied)
