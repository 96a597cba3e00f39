"""The memory tables, created and upgraded only through registered sqlite-utils migrations.

Layout (epistemics §1): `claims` are the claim roots `(subject, attribute)`; `evidence` is
append-only, one row per thing a resident came into contact with; `beliefs` holds one row per
resident and claim with its candidates; `belief_versions` is the append-only history of every
change; `belief_facts` records which world-fact versions a belief rests on (§9); `trust` and
`trust_changes` hold trust per listener, teller and topic (§10). Nothing here is world state.
"""

from __future__ import annotations

import sqlite3

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

SCHEMA_VERSION = 3

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
