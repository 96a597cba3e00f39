"""Memory benchmark: perceive and age at town scale, each against a raw-SQLite floor.

    .venv/bin/python benchmarks/memory_bench.py            # full size (a few minutes, 2 cores)
    .venv/bin/python benchmarks/memory_bench.py --quick    # smoke size (seconds)
    .venv/bin/python benchmarks/memory_bench.py --json     # the figures as one JSON object
    .venv/bin/python benchmarks/memory_bench.py --only perceive --profile   # where time goes

Two parts, each measured once at full size in the same run as its floor (issue 2, "Measured,
not asserted"):

1. perceive: 100,000 pieces of evidence over 1,000 residents and 5,000 claims, a seeded mix
   (mostly hearsay with teller and origin, some first-hand / witnessed with event ids, some
   documents with versions, a few declarations), fed to `perceive_many` in ticks of 2,000, each
   tick one transaction, into a file-backed WAL store in a temp dir. Building the pydantic
   `Evidence` objects is timed separately. The floor is a plain `executemany` of the same
   evidence rows into an equivalent `evidence` table (same DDL, same pragmas, same temp dir) in
   one transaction. A second, "amplified" floor re-inserts every row the store actually wrote
   (hearsay also records what the listener now takes the teller to believe, so a piece of
   evidence is more than one row), to separate write volume from per-row Python work.
2. aging: 1,000,000 hearsay-only beliefs inserted directly with SQL, then `store.age(now)` for a
   `now` at which every one is due. The floor is the same change as a raw `executemany` of
   `UPDATE beliefs SET confidence=?, state=? WHERE id=?` over the same rows in one transaction
   (what a Python loop could do at best); a single plain `UPDATE` without history rows is
   reported for context. Each runs on its own copy of the same database file.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import random
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from memory import Evidence, MemoryStore  # noqa: E402
from memory.driver import sqlite3  # noqa: E402  (the engine's driver: a floor on another is none)
from memory.kinds import AGING_FLOOR, AGING_PERIOD, AGING_STEP  # noqa: E402

SEED = 20240601
DAY = 24 * 60


@dataclass(frozen=True)
class Sizes:
    evidence: int
    residents: int
    claims: int
    batch: int
    beliefs: int
    interests: int = 50  # claims a resident hears about (its circle's topics)
    acquaintances: int = 20  # residents who tell it things


FULL = Sizes(evidence=100_000, residents=1_000, claims=5_000, batch=2_000, beliefs=1_000_000)
QUICK = Sizes(evidence=5_000, residents=100, claims=500, batch=1_000, beliefs=50_000)

PLACES = ["market", "mill", "chapel", "inn", "smithy", "well", "bakery", "dock", "barn",
          "schoolhouse", "graveyard", "orchard", "bridge", "tannery", "counter", "cellar"]
JOBS = ["baker", "smith", "miller", "weaver", "carter", "tanner", "fisher", "cooper", "clerk",
        "shepherd", "brewer", "midwife"]
ITEM_ATTRIBUTES = ("location", "taken_by", "owner")  # location is a state, the others events
PERSON_ATTRIBUTES = ("job", "courting")
STATES = ("location",)


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far (ru_maxrss is KiB on Linux)."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


# -- the workload ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Claim:
    index: int
    subject: str
    attribute: str
    pool: list[str]  # values residents may report; pool[0] is what is true
    person: bool  # the subject is a resident, who may declare it


def make_claims(rng: random.Random, residents: list[str], n: int) -> list[Claim]:
    n_person = min(len(residents) * len(PERSON_ATTRIBUTES), n * 2 // 5)
    claims: list[Claim] = []
    for i in range(n_person):
        subject = residents[i // len(PERSON_ATTRIBUTES)]
        attr = PERSON_ATTRIBUTES[i % len(PERSON_ATTRIBUTES)]
        if attr == "job":
            pool = rng.sample(JOBS, 3)
        else:
            pool = rng.sample([r for r in rng.sample(residents, 4) if r != subject], 3)
        claims.append(Claim(len(claims), subject, attr, pool, True))
    i = 0
    while len(claims) < n:
        attr = ITEM_ATTRIBUTES[i % len(ITEM_ATTRIBUTES)]
        subject = f"item{i // len(ITEM_ATTRIBUTES):04d}"
        pool = rng.sample(PLACES, 3) if attr == "location" else rng.sample(residents, 3)
        claims.append(Claim(len(claims), subject, attr, pool, False))
        i += 1
    return claims


def make_workload(sizes: Sizes, seed: int = SEED) -> tuple[list[dict], list[Claim]]:
    """The evidence of a small town's gossip, as plain dicts, in perceiving order.

    Each resident follows a circle of claims (popular claims are in many circles) and hears
    from a circle of acquaintances; ticks of `sizes.batch` pieces are an hour of sim time.
    Mix: 68% hearsay (a fifth of it "I saw it myself"), 8% first-hand, 8% witnessed,
    12% document, 4% declared. 70% of reports carry the true value.
    """
    rng = random.Random(seed)
    residents = [f"r{i:04d}" for i in range(sizes.residents)]
    claims = make_claims(rng, residents, sizes.claims)
    person_claims = [c for c in claims if c.person]
    weights = [1 / (i + 1) ** 0.7 for i in range(len(claims))]
    order = claims[:]
    rng.shuffle(order)  # popularity independent of how claims were made
    interests = {}
    acquaintances = {}
    for r in residents:
        picked = {c.index: c for c in rng.choices(order, weights=weights, k=sizes.interests)}
        interests[r] = list(picked.values())
        others = rng.sample(residents, min(sizes.acquaintances + 1, len(residents)))
        acquaintances[r] = [o for o in others if o != r][:sizes.acquaintances]

    out: list[dict] = []
    for i in range(sizes.evidence):
        tick, pos = divmod(i, sizes.batch)
        at = tick * 60 + pos * 60 // sizes.batch
        res = rng.choice(residents)
        claim = rng.choice(interests[res])
        roll = rng.random()
        if roll >= 0.96 and (not claim.person or claim.subject == res):
            claim = rng.choice(person_claims)  # declared: a resident speaking about themselves
            while claim.subject == res:
                claim = rng.choice(person_claims)
        value = claim.pool[0] if rng.random() < 0.7 else rng.choice(claim.pool[1:])
        d = {"resident": res, "subject": claim.subject, "attribute": claim.attribute,
             "value": value, "at": at}
        if roll < 0.68:
            teller = rng.choice(acquaintances[res])
            origin = teller if rng.random() < 0.5 else rng.choice(acquaintances[teller])
            d.update(kind="hearsay", teller=teller, origin=origin)
            if rng.random() < 0.2:
                d["basis"] = "saw"
        elif roll < 0.76:
            d.update(kind="firsthand", event=f"ev{tick}.{claim.index}")
        elif roll < 0.84:
            d.update(kind="witnessed", event=f"ev{tick}.{claim.index}")
        elif roll < 0.96:
            d.update(kind="document", document=f"notice{claim.index % 300}",
                     version=1 + tick // 10)
        else:
            d.update(kind="declared", teller=claim.subject)
        out.append(d)
    return out, claims


# -- SQLite helpers -------------------------------------------------------------------------------

PRAGMAS = ("journal_mode", "synchronous", "cache_size", "page_size", "temp_store",
           "foreign_keys", "mmap_size")


def pragmas(conn: sqlite3.Connection) -> dict[str, object]:
    return {p: conn.execute(f"PRAGMA {p}").fetchone()[0] for p in PRAGMAS}


def raw_connection(path: Path, like: sqlite3.Connection) -> sqlite3.Connection:
    """A plain autocommit connection with the same pragmas as `like` (WAL etc.)."""
    want = pragmas(like)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA page_size={want['page_size']}")  # before the file has any page
    conn.close()
    return open_like(path, want)


def ddl(conn: sqlite3.Connection, *names: str) -> list[str]:
    """The exact CREATE statements of tables and indexes, so a floor table is equivalent."""
    marks = ", ".join("?" for _ in names)
    rows = conn.execute(f"SELECT type, sql FROM sqlite_master WHERE (name IN ({marks}) OR "
                        f"tbl_name IN ({marks})) AND sql IS NOT NULL", names + names).fetchall()
    return [sql for kind, sql in sorted(rows, key=lambda r: r[0] != "table")]


class Clock:
    """Wall seconds (perf_counter, the figure reported) and CPU seconds (process_time, steadier
    on a shared machine) of one measured part; collects garbage first so none is inherited."""

    wall = cpu = 0.0

    def __enter__(self) -> Clock:
        gc.collect()
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu


def timed_executemany(conn: sqlite3.Connection, batches: list[tuple[str, list]]) -> Clock:
    """Run each `executemany(sql, rows)` in one transaction, commit included."""
    with Clock() as clock:
        conn.execute("BEGIN")
        for sql, rows in batches:
            if rows:
                conn.executemany(sql, rows)
        conn.execute("COMMIT")
    return clock


# -- part 1: perceive -----------------------------------------------------------------------------

EVIDENCE_COLUMNS = ("id", "resident", "claim_id", "value", "kind", "rank", "at", "event",
                    "document", "version", "fact", "teller", "origin", "chain", "basis",
                    "premises", "implanted_by", "by_player", "origin_key", "confidence",
                    "outcome")


def evidence_floor_rows(evs: list[Evidence], claim_ids: dict[tuple[str, str], int]) -> list:
    """The evidence rows of `evs` as the store would store them (built outside the timing)."""
    rows = []
    for i, e in enumerate(evs, 1):
        rows.append((
            i, e.resident, claim_ids[(e.subject, e.attribute)], e.value, e.kind.value, e.rank,
            e.at, e.event, e.document, e.version, e.fact_key if e.version is not None else None,
            e.teller, e.origin, json.dumps(list(e.chain)) if e.chain else None,
            e.basis.value if e.basis else None, None, None, int(e.by_player), e.origin_key,
            58, "new"))
    return rows


def insert_sql(table: str, columns: tuple[str, ...] | list[str]) -> str:
    return (f"INSERT INTO {table} ({', '.join(columns)}) "
            f"VALUES ({', '.join('?' for _ in columns)})")


STORE_TABLES = ("claims", "evidence", "belief_rows", "belief_versions", "belief_facts", "trust",
                "trust_changes", "belief_premises", "fact_versions", "attributes")


def bench_perceive(sizes: Sizes, tmp: Path, profile: bool) -> tuple[dict, str | None]:
    res: dict = {}
    t = time.perf_counter()
    dicts, claims = make_workload(sizes)
    res["generate_s"] = time.perf_counter() - t
    res["mix"] = dict(Counter(d["kind"] for d in dicts).most_common())

    with Clock() as build:
        evs = [Evidence(**d) for d in dicts]
    res["build_s"], res["build_cpu_s"] = build.wall, build.cpu
    res["build_per_s"] = len(evs) / res["build_s"]

    store = MemoryStore(tmp / "perceive.db", states=STATES)
    outcomes: Counter[str] = Counter()
    profiler = cProfile.Profile() if profile else None
    with Clock() as perceive:
        if profiler:
            profiler.enable()
        for i in range(0, len(evs), sizes.batch):
            outcomes.update(o.action for o in store.perceive_many(evs[i:i + sizes.batch]))
        if profiler:
            profiler.disable()
    res["perceive_s"], res["perceive_cpu_s"] = perceive.wall, perceive.cpu
    res["perceive_per_s"] = len(evs) / res["perceive_s"]
    res["outcomes"] = dict(outcomes.most_common())
    conn = store.db.conn
    written = {name: conn.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
               for name in STORE_TABLES}
    # Every belief, with those only their evidence stands for (memory.unwritten).
    written["beliefs"] = store.counts()["beliefs"]
    res["rows_written"] = written
    res["pragmas"] = pragmas(conn)
    res["peak_rss_mb_after_perceive"] = peak_rss_mb()

    claim_ids = {(c.subject, c.attribute): c.index + 1 for c in claims}
    floor = evidence_floor(tmp / "floor.db", conn, evidence_floor_rows(evs, claim_ids))
    res["floor_s"], res["floor_cpu_s"] = floor.wall, floor.cpu
    res["floor_per_s"] = len(evs) / res["floor_s"]
    amplified, res["amplified_rows"] = amplified_floor(tmp / "amplified.db", conn)
    res["amplified_floor_s"], res["amplified_floor_cpu_s"] = amplified.wall, amplified.cpu
    store.close()

    res["ratio_perceive"] = res["perceive_s"] / res["floor_s"]
    res["ratio_build_and_perceive"] = (res["build_s"] + res["perceive_s"]) / res["floor_s"]
    res["ratio_perceive_to_amplified"] = res["perceive_s"] / res["amplified_floor_s"]
    res["ratio_perceive_cpu"] = res["perceive_cpu_s"] / res["floor_cpu_s"]
    res["evidence"] = len(evs)
    report = None
    if profiler:
        report = profile_report(profiler)
    return res, report


def evidence_floor(path: Path, like: sqlite3.Connection, rows: list[tuple]) -> Clock:
    """Plain executemany of the evidence rows into an equivalent table, one transaction."""
    conn = raw_connection(path, like)
    for sql in ddl(like, "evidence"):
        conn.execute(sql)
    try:
        return timed_executemany(conn, [(insert_sql("evidence", EVIDENCE_COLUMNS), rows)])
    finally:
        conn.close()


def amplified_floor(path: Path, like: sqlite3.Connection) -> tuple[Clock, int]:
    """Every row the store wrote, re-inserted raw into the same schema in one transaction."""
    batches = []
    for name in STORE_TABLES:
        cur = like.execute(f"SELECT * FROM {name}")
        batches.append((insert_sql(name, [c[0] for c in cur.description]), cur.fetchall()))
    conn = raw_connection(path, like)
    for sql in ddl(like, *STORE_TABLES):
        conn.execute(sql)
    try:
        return timed_executemany(conn, batches), sum(len(rows) for _, rows in batches)
    finally:
        conn.close()


def profile_report(profiler: cProfile.Profile, top: int = 25) -> str:
    out = io.StringIO()
    for key in ("cumulative", "tottime"):
        out.write(f"\n== perceive, top {top} by {key} ==\n")
        pstats.Stats(profiler, stream=out).sort_stats(key).print_stats(top)
    return out.getvalue()


# -- part 2: aging --------------------------------------------------------------------------------

AGING_NOW = 28 * DAY  # every belief below went quiet between day 0 and day 20: all are due


def populate_beliefs(conn: sqlite3.Connection, n: int, residents: int) -> None:
    """`n` valid hearsay-only beliefs (rumour and testimony), straight into the tables.

    Resident i % R holds a belief about claim i // R + 1; the teller is never the listener;
    the candidates JSON holds exactly the held value, at the held confidence, with its origin,
    as `BeliefState.cands_json()` would write it. Confidences are what tellers trusted 0.2 to
    0.9 give (35-75); quiet_since spreads over 20 days, so one to four aging steps are due.
    """
    n_claims = -(-n // residents)
    conn.execute("BEGIN")
    conn.execute(
        "WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ? - 1) "
        "INSERT INTO claims (id, subject, attribute, nature, topic) "
        "SELECT i + 1, printf('item%05d', i), 'taken_by', 'event', 'taken_by' FROM k",
        (n_claims,))
    conn.execute(
        """
        WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < :n - 1),
        raw AS (
            SELECT i,
                   i % :r AS res,
                   (i % :r + 1 + (i * 7919) % (:r - 1)) % :r AS tel,
                   CASE WHEN i % 3 = 0 THEN (i % :r + 1 + (i * 104729) % (:r - 1)) % :r
                        ELSE -1 END AS org,
                   CASE WHEN i % 5 = 0 THEN 3 ELSE 2 END AS rank,
                   CASE i % 5 WHEN 0 THEN 75 WHEN 1 THEN 58 WHEN 2 THEN 58 WHEN 3 THEN 50
                        ELSE 35 END AS conf,
                   (i * 2654435761) % (20 * 1440) AS at
            FROM k
        ),
        b AS (
            SELECT i, printf('r%04d', res) AS resident, i / :r + 1 AS claim_id,
                   printf('r%04d', (i * 31 + 7) % :r) AS value, conf, rank,
                   printf('r%04d', tel) AS teller,
                   printf('r%04d', CASE WHEN org < 0 THEN tel ELSE org END) AS origin, at
            FROM raw
        )
        INSERT INTO belief_rows (id, resident, claim_id, value, confidence, state, rank, kind,
            candidates, since, created_at, updated_at, last_evidence_at, last_intervention_at,
            quiet_since, aged, exposures, uses, sources, last_evoked_at, importance, stale,
            recheck, wants_look, unjudged, premises)
        SELECT i + 1, resident, claim_id, value, conf, 'influencing', rank, 'hearsay',
               json_array(json_array(value, conf, rank, 'hearsay',
                                     json_object('person:' || origin, rank), at, at, NULL,
                                     teller, origin, CASE rank WHEN 3 THEN 'saw' ELSE 'heard' END)),
               at, at, at, at, NULL, at, 0, 0, 0, 1, at, NULL, 0, 0, 0, 0, NULL
        FROM b
        """,
        {"n": n, "r": residents})
    conn.execute("COMMIT")


def due_rows(conn: sqlite3.Connection, now: int) -> list[tuple[int, str, int]]:
    """What the aging pass will set, computed in Python: (confidence, state, id) per row."""
    rows = []
    for bid, conf, quiet, aged in conn.execute(
            "SELECT id, confidence, quiet_since, aged FROM belief_rows WHERE state = 'influencing' "
            "AND rank IN (2, 3) ORDER BY id"):
        due = (now - quiet) // AGING_PERIOD - aged
        if due > 0 and conf > AGING_FLOOR:
            new = max(AGING_FLOOR, conf - AGING_STEP * due)
            rows.append((new, "past" if new <= AGING_FLOOR else "influencing", bid))
    return rows


def aging_floor(path: Path, like: dict) -> tuple[Clock, int, int]:
    """(time, rows updated, beliefs now past) for the executemany floor."""
    conn = open_like(path, like)
    try:
        params = due_rows(conn, AGING_NOW)
        clock = timed_executemany(
            conn, [("UPDATE belief_rows SET confidence = ?, state = ? WHERE id = ?", params)])
        return clock, len(params), past_count(conn)
    finally:
        conn.close()


def plain_update(path: Path, like: dict) -> tuple[Clock, int, int]:
    """(time, rows updated, beliefs now past) for one set-wise UPDATE without history."""
    conn = open_like(path, like)
    try:
        with Clock() as clock:
            conn.execute("BEGIN")
            n = conn.execute(PLAIN_UPDATE, {"now": AGING_NOW}).rowcount
            conn.execute("COMMIT")
        return clock, n, past_count(conn)
    finally:
        conn.close()


def open_like(path: Path, like: dict) -> sqlite3.Connection:
    """A plain autocommit connection to an existing file, with the pragmas `like` lists."""
    conn = sqlite3.connect(path, isolation_level=None)
    for p in PRAGMAS:
        if p != "page_size":
            conn.execute(f"PRAGMA {p}={like[p]}")
    assert pragmas(conn) == like, (pragmas(conn), like)
    return conn


def past_count(conn: sqlite3.Connection) -> int:
    return conn.execute("SELECT count(*) FROM belief_rows WHERE state = 'past'").fetchone()[0]


PLAIN_UPDATE = (
    f"UPDATE belief_rows SET "
    f"confidence = max({AGING_FLOOR}, confidence - {AGING_STEP} * "
    f"((:now - quiet_since) / {AGING_PERIOD} - aged)), "
    f"state = CASE WHEN confidence - {AGING_STEP} * ((:now - quiet_since) / {AGING_PERIOD} - aged)"
    f" <= {AGING_FLOOR} THEN 'past' ELSE state END "
    f"WHERE state = 'influencing' AND rank IN (2, 3) AND quiet_since <= :now - {AGING_PERIOD} "
    f"AND confidence > {AGING_FLOOR} AND (:now - quiet_since) / {AGING_PERIOD} - aged > 0"
)


def bench_aging(sizes: Sizes, tmp: Path) -> dict:
    res: dict = {"beliefs": sizes.beliefs, "now": AGING_NOW}
    path = tmp / "aging.db"
    store = MemoryStore(path)
    conn = store.db.conn
    t = time.perf_counter()
    populate_beliefs(conn, sizes.beliefs, sizes.residents)
    res["populate_s"] = time.perf_counter() - t
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    like = pragmas(conn)
    res["pragmas"] = like
    store.close()
    res["db_mb"] = path.stat().st_size / 2**20
    for name in ("aging_floor.db", "aging_plain.db"):
        shutil.copyfile(path, tmp / name)

    # The store's pass: one INSERT ... SELECT of history versions, one UPDATE.
    store = MemoryStore(path)
    before = store.counts()["versions"]
    with Clock() as age:
        aged = store.age(AGING_NOW)
    res["age_s"], res["age_cpu_s"] = age.wall, age.cpu
    res["aged"] = aged
    res["history_rows"] = store.counts()["versions"] - before
    sample = store.belief("r0001", "item00000", "taken_by")
    assert sample is not None and sample.history and sample.history[-1].cause == "age", sample
    res["sample"] = {"confidence": sample.confidence, "state": sample.state.value,
                     "note": sample.history[-1].note}
    res["states_after"] = dict(store.db.execute(
        "SELECT state, count(*) FROM belief_rows GROUP BY state ORDER BY 2 DESC").fetchall())
    store.close()
    if aged != sizes.beliefs:
        raise SystemExit(f"aging touched {aged} of {sizes.beliefs} beliefs; all should be due")

    # Floor: the same change as executemany(UPDATE ... WHERE id = ?), one transaction.
    floor, n, floor_past = aging_floor(tmp / "aging_floor.db", like)
    res["floor_s"], res["floor_cpu_s"] = floor.wall, floor.cpu
    # Context: one plain UPDATE, no history rows.
    plain, n_plain, plain_past = plain_update(tmp / "aging_plain.db", like)
    res["plain_update_s"], res["plain_update_cpu_s"] = plain.wall, plain.cpu
    past = res["states_after"].get("past", 0)
    assert n == n_plain == aged and floor_past == plain_past == past, (
        n, n_plain, aged, floor_past, plain_past, past)

    res["ratio_age"] = res["age_s"] / res["floor_s"]
    res["ratio_plain"] = res["plain_update_s"] / res["floor_s"]
    res["ratio_age_cpu"] = res["age_cpu_s"] / res["floor_cpu_s"]
    res["peak_rss_mb_after_aging"] = peak_rss_mb()
    return res


# -- recall and staleness (issue 6) ---------------------------------------------------------------


RECALL_MEMORIES = 10_000
RECALL_CUES = ["market key", "mill courting", "baker", "chapel bell", "r0007", "smith",
               "orchard cellar", "weaver job", "dock barn", "bridge tannery"]


def bench_recall(tmp: Path, memories: int) -> dict:
    """Top-10 recall for one resident holding `memories` memories, against a full scan of the
    same tables (load every belief of the resident, score word overlap × accessibility)."""
    from memory.recall import words

    store = MemoryStore(tmp / "recall.db", states=["location"])
    rng = random.Random(SEED)
    vocab = PLACES + JOBS + [f"r{i:04d}" for i in range(200)]
    evs = []
    for i in range(memories):
        subject = f"{rng.choice(vocab)}_{i}"
        attr = rng.choice(("location", "job", "courting", "taken_by", "owner"))
        evs.append(Evidence(resident="r0000", subject=subject, attribute=attr,
                            value=rng.choice(vocab), kind="witnessed", event=f"e{i}",
                            at=rng.randrange(0, 20 * DAY)))
    t = time.perf_counter()
    for i in range(0, len(evs), 2000):
        store.perceive_many(evs[i:i + 2000])
    res: dict = {"memories": memories, "build_s": time.perf_counter() - t}
    now = 21 * DAY
    # The full-text index is brought up to date by a resident's first recall after new
    # memories arrive (perceiving pays nothing for it); time that catch-up on its own.
    from memory.recall import index_pending

    with Clock() as ic:
        res["indexed"] = index_pending(store, "r0000")  # how many memories it indexed
    res["index_ms"] = ic.wall * 1000
    with Clock() as rc:
        for cue in RECALL_CUES:
            got = store.recall("r0000", cue, now, k=10)
            assert got, cue
    res["recall_ms"] = rc.wall * 1000 / len(RECALL_CUES)
    from memory.belief import view
    from memory.codec import SELECT_BELIEF, state_from_row

    with Clock() as sc:
        for cue in RECALL_CUES:
            terms = set(words(cue))
            scored = []
            for row in store.db.execute(f"{SELECT_BELIEF} WHERE b.resident = ?", ("r0000",)):
                b = view(state_from_row(row))
                overlap = len(terms & set(words(f"{b.subject} {b.attribute} {b.value}")))
                if overlap:
                    scored.append((overlap * b.accessibility(now), b.subject))
            scored.sort(reverse=True)
            assert scored[:10]
    res["scan_ms"] = sc.wall * 1000 / len(RECALL_CUES)
    res["ratio"] = res["recall_ms"] / res["scan_ms"]
    store.close()
    return res


def bench_staleness(tmp: Path, residents: int, per: int, changes: int) -> dict:
    """One staleness pass after `changes` fact changes in a town of residents × per beliefs,
    each resting on a fact version, against recomputing staleness for every belief."""
    path = tmp / "stale.db"
    store = MemoryStore(path)
    conn = store.db.conn
    t = time.perf_counter()
    populate_beliefs(conn, residents * per, residents)
    conn.execute("BEGIN")
    conn.execute("INSERT INTO belief_facts (belief_id, fact, version) SELECT b.id, c.subject "
                 "|| '.' || c.attribute, 1 FROM belief_rows b JOIN claims c ON c.id = b.claim_id")
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    res: dict = {"beliefs": residents * per, "changes": changes,
                 "populate_s": time.perf_counter() - t}
    store.close()
    shutil.copyfile(path, tmp / "stale_scan.db")
    facts = [(f"item{i:05d}.taken_by", 2) for i in range(changes)]
    store = MemoryStore(path)
    with Clock() as pc:
        marked = store.mark_changed(facts)
    res["pass_s"], res["marked"] = pc.wall, marked
    store.close()
    scan = MemoryStore(tmp / "stale_scan.db")
    conn = scan.db.conn
    with Clock() as fc:
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO fact_versions (fact, version) VALUES (?, ?) ON CONFLICT "
                         "(fact) DO UPDATE SET version = excluded.version", facts)
        n = conn.execute(
            "UPDATE belief_rows SET stale = EXISTS (SELECT 1 FROM belief_facts bf JOIN "
            "fact_versions fv ON fv.fact = bf.fact WHERE bf.belief_id = belief_rows.id AND "
            "bf.version < fv.version)").rowcount
        conn.execute("COMMIT")
    stale_scan = conn.execute("SELECT count(*) FROM belief_rows WHERE stale = 1").fetchone()[0]
    scan.close()
    assert stale_scan == marked, (stale_scan, marked)
    res["scan_s"], res["scanned"] = fc.wall, n
    res["ratio"] = res["pass_s"] / res["scan_s"]
    return res


# -- output ---------------------------------------------------------------------------------------


def render(result: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    env = result["env"]
    console.print(f"[bold]Hearsay memory benchmark[/] ({result['size']}, seed {result['seed']}; "
                  f"Python {env['python']}, SQLite {env['sqlite']}, {env['cpus']} CPUs)"
                  + (" [red]perceive under cProfile[/]" if result["profiled"] else ""))
    p = result.get("perceive")
    if p:
        s = result["sizes"]
        n = p["evidence"]
        t = Table(title=f"perceive: {n:,} evidence, {s['residents']:,} residents, "
                  f"{s['claims']:,} claims, ticks of {s['batch']:,}")
        for col in ("", "wall s", "evidence/s", "× floor", "cpu s", "× floor cpu"):
            t.add_column(col, justify="right" if col else "left")
        fl, fc = p["floor_s"], p["floor_cpu_s"]

        def row(label: str, wall: float, cpu: float, bold: bool = False) -> None:
            cells = [f"{wall:.2f}", f"{n / wall:,.0f}", f"{wall / fl:.1f}", f"{cpu:.2f}",
                     f"{cpu / fc:.1f}"]
            if bold:
                label, cells = f"[bold]{label}[/]", [f"[bold]{c}[/]" for c in cells]
            t.add_row(label, *cells)

        row("build Evidence (pydantic)", p["build_s"], p["build_cpu_s"])
        row("perceive_many", p["perceive_s"], p["perceive_cpu_s"], bold=True)
        row("build + perceive", p["build_s"] + p["perceive_s"],
            p["build_cpu_s"] + p["perceive_cpu_s"])
        row("floor: executemany evidence", fl, fc)
        row(f"floor × amplification ({p['amplified_rows']:,} rows)", p["amplified_floor_s"],
            p["amplified_floor_cpu_s"])
        console.print(t)
        w = p["rows_written"]
        console.print(f"  store wrote {w['evidence']:,} evidence, {w['beliefs']:,} beliefs, "
                      f"{w['belief_versions']:,} versions, {w['claims']:,} claims, "
                      f"{w['trust_changes']:,} trust changes")
        console.print("  mix: " + ", ".join(f"{k} {v:,}" for k, v in p["mix"].items()))
        console.print("  outcomes: " + ", ".join(f"{k} {v:,}" for k, v in p["outcomes"].items()))
    a = result.get("aging")
    if a:
        t = Table(title=f"aging: {a['beliefs']:,} hearsay beliefs, all due "
                  f"(made by SQL in {a['populate_s']:.1f} s, {a['db_mb']:.0f} MB)")
        for col in ("", "wall s", "× floor", "cpu s", "× floor cpu"):
            t.add_column(col, justify="right" if col else "left")
        fl, fc = a["floor_s"], a["floor_cpu_s"]
        for label, key, bold in (("store.age(now): versions + update", "age", True),
                                 ("floor: executemany UPDATE by id", "floor", False),
                                 ("context: one UPDATE, no history", "plain_update", False)):
            wall, cpu = a[f"{key}_s"], a[f"{key}_cpu_s"]
            cells = [f"{wall:.2f}", f"{wall / fl:.2f}", f"{cpu:.2f}", f"{cpu / fc:.2f}"]
            if bold:
                label, cells = f"[bold]{label}[/]", [f"[bold]{c}[/]" for c in cells]
            t.add_row(label, *cells)
        console.print(t)
        console.print(f"  aged {a['aged']:,}, history rows {a['history_rows']:,}; after: "
                      + ", ".join(f"{k} {v:,}" for k, v in a["states_after"].items()))
    r = result.get("recall")
    if r:
        console.print(f"[bold]recall[/]: top-10 for one resident holding {r['memories']:,} "
                      f"memories: {r['recall_ms']:.1f} ms, against {r['scan_ms']:.1f} ms for a "
                      f"full scan of the same tables ([bold]{r['ratio']:.2f}×[/]); indexing "
                      f"its {r['indexed']:,} new memories at its first recall took "
                      f"{r['index_ms']:.0f} ms")
    st = result.get("staleness")
    if st:
        console.print(f"[bold]staleness[/]: one pass after {st['changes']} fact changes over "
                      f"{st['beliefs']:,} beliefs marked {st['marked']:,} stale in "
                      f"{st['pass_s'] * 1000:.0f} ms, against {st['scan_s'] * 1000:.0f} ms to "
                      f"recompute every belief ([bold]{st['ratio']:.3f}×[/])")
    console.print(f"peak RSS {result['peak_rss_mb']:.0f} MB; total {result['total_s']:.0f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small smoke size")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON only")
    ap.add_argument("--only", choices=("perceive", "aging", "recall", "staleness"),
                    help="run one part")
    ap.add_argument("--profile", action="store_true",
                    help="cProfile the perceive batches; top 25 to stderr (slows perceive)")
    ap.add_argument("--evidence", type=int, help="override the evidence count")
    ap.add_argument("--beliefs", type=int, help="override the belief count for aging")
    ap.add_argument("--batch", type=int, help="override the tick (batch) size")
    ap.add_argument("--keep", type=Path, help="write the databases here instead of a temp dir")
    args = ap.parse_args(argv)

    sizes = QUICK if args.quick else FULL
    over = {k: v for k, v in (("evidence", args.evidence), ("beliefs", args.beliefs),
                              ("batch", args.batch)) if v}
    if over:
        sizes = Sizes(**{**asdict(sizes), **over})
    result: dict = {
        "size": "quick" if args.quick else "full", "seed": SEED, "sizes": asdict(sizes),
        "profiled": args.profile,
        "env": {"python": platform.python_version(), "sqlite": sqlite3.sqlite_version,
                "cpus": os.cpu_count(), "platform": platform.platform()},
    }
    start = time.perf_counter()
    report = None
    with tempfile.TemporaryDirectory(prefix="hearsay-bench-") as tmpdir:
        tmp = Path(tmpdir)
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            tmp = args.keep
        if args.only in (None, "perceive"):
            result["perceive"], report = bench_perceive(sizes, tmp, args.profile)
        if args.only in (None, "aging"):
            result["aging"] = bench_aging(sizes, tmp)
        if args.only in (None, "recall"):
            result["recall"] = bench_recall(tmp, RECALL_MEMORIES if not args.quick else 1000)
        if args.only in (None, "staleness"):
            result["staleness"] = bench_staleness(
                tmp, sizes.residents, 1000 if not args.quick else 100, 100 if not args.quick
                else 10)
    result["total_s"] = time.perf_counter() - start
    result["peak_rss_mb"] = peak_rss_mb()
    summary = {}
    if "perceive" in result:
        p = result["perceive"]
        summary.update(perceive_evidence_per_s=round(p["perceive_per_s"]),
                       perceive_x_floor=round(p["ratio_perceive"], 2),
                       build_evidence_per_s=round(p["build_per_s"]))
    if "aging" in result:
        a = result["aging"]
        summary.update(aging_s=round(a["age_s"], 2), aging_x_floor=round(a["ratio_age"], 2))
    if "recall" in result:
        summary.update(recall_ms=round(result["recall"]["recall_ms"], 2),
                       recall_x_scan=round(result["recall"]["ratio"], 3))
    if "staleness" in result:
        summary.update(staleness_s=round(result["staleness"]["pass_s"], 3),
                       staleness_x_scan=round(result["staleness"]["ratio"], 4))
    result["summary"] = summary

    if args.json:
        print(json.dumps(result, indent=2, default=str))
    else:
        render(result)
    if report:
        print(report, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
