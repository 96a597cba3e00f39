"""A corpus of damaged and hostile saves, each made from one good save by one kind of damage.

`damaged`: what a disk, a copy or a kill does — truncation, padding, flipped and zeroed bytes,
swapped pages, a file that is not a database at all. `tampered`: what a person with an SQLite
shell does — dropped tables, renamed columns, extra triggers, garbage meta values, a newer
version — left with the checksum they break. `crafted`: the same done carefully, the checksum
recomputed, so the gate's other checks (meta values, scenario text, templates, rows) must
catch them on their own. Every case is `(name, builder)`; a builder writes the file.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from game.savecheck import CHECKSUM_KEY, content_digest
from memory.driver import sqlite3

PAGE = 4096
Builder = Callable[[Path, bytes], None]


def _bytes(fn: Callable[[bytes], bytes]) -> Builder:
    def build(path: Path, good: bytes) -> None:
        path.write_bytes(fn(good))
    return build


def _flip(*offsets: int) -> Callable[[bytes], bytes]:
    def f(b: bytes) -> bytes:
        out = bytearray(b)
        for o in offsets:
            o = o % len(out)
            out[o] ^= 0xFF
        return bytes(out)
    return f


def _zero_page(n: int) -> Callable[[bytes], bytes]:
    def f(b: bytes) -> bytes:
        n_ = n % (len(b) // PAGE)
        return b[:n_ * PAGE] + bytes(PAGE) + b[(n_ + 1) * PAGE:]
    return f


def _swap_pages(a: int, c: int) -> Callable[[bytes], bytes]:
    def f(b: bytes) -> bytes:
        pages = [b[i:i + PAGE] for i in range(0, len(b), PAGE)]
        pages[a], pages[c] = pages[c], pages[a]
        return b"".join(pages)
    return f


def _garble_schema_name(b: bytes) -> bytes:
    out = bytearray(b)
    sql = out.find(b"CREATE INDEX log_by_kind")
    name = out.find(b"log_by_kind")
    out[sql + 15] = out[name + 2] = 0xFF
    return bytes(out)


def _sql(*statements: str, recompute: bool = False, params: tuple = ()) -> Builder:
    """Copy the good save and run SQL on the copy (`recompute`: then fix its checksum)."""
    def build(path: Path, good: bytes) -> None:
        path.write_bytes(good)
        conn = sqlite3.connect(path)
        try:
            for i, st in enumerate(statements):
                conn.execute(st, params if i == len(statements) - 1 else ())
            conn.commit()
            if recompute:
                conn.execute(f"DELETE FROM world_meta WHERE key = '{CHECKSUM_KEY}'")
                conn.commit()
                conn.execute("INSERT INTO world_meta VALUES (?, ?)",
                             (CHECKSUM_KEY, content_digest(conn)))
                conn.commit()
        finally:
            conn.close()
    return build


def _log(assignment: str) -> Builder:
    """A world-log row edited past its append-only trigger, the trigger put back and the
    checksum fixed: only the row is wrong."""
    return _sql("DROP TRIGGER world_log_no_update",
                f"UPDATE world_log SET {assignment} WHERE id = (SELECT max(id) FROM world_log)",
                "CREATE TRIGGER world_log_no_update BEFORE UPDATE ON world_log\n"
                "            BEGIN SELECT RAISE(ABORT, 'the world log is append-only'); END",
                recompute=True)


def _meta(key: str, value: str | None, *, recompute: bool) -> Builder:
    if value is None:
        return _sql(f"DELETE FROM world_meta WHERE key = '{key}'", recompute=recompute)
    return _sql("INSERT INTO world_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO "
                "UPDATE SET value = excluded.value", recompute=recompute, params=(key, value))


def _scenario_text(edit: Callable[[str], str]) -> Builder:
    """A crafted save whose scenario text was edited (checksum recomputed)."""
    def build(path: Path, good: bytes) -> None:
        path.write_bytes(good)
        conn = sqlite3.connect(path)
        text = conn.execute("SELECT value FROM world_meta WHERE key = 'scenario_text'"
                            ).fetchone()[0]
        conn.close()
        _meta("scenario_text", edit(text), recompute=True)(path, path.read_bytes())
    return build


GARBAGE = ["", "abc", "-1", "1e400", "[", "{}", "null", "9" * 5000, "\x00\x1b[31m", "[" * 5000]


def cases(evil_folder: Path) -> list[tuple[str, Builder]]:
    """Every case of the corpus. `evil_folder` holds a templates/ a hostile save may point at
    (it must never be used)."""
    rng = random.Random(12)
    out: list[tuple[str, Builder]] = [
        # -- damaged: the file --------------------------------------------------------------
        ("empty", _bytes(lambda b: b"")),
        ("truncated-to-1", _bytes(lambda b: b[:1])),
        ("truncated-to-header", _bytes(lambda b: b[:100])),
        ("truncated-by-1", _bytes(lambda b: b[:-1])),
        ("truncated-by-a-page", _bytes(lambda b: b[:-PAGE])),
        ("truncated-to-half", _bytes(lambda b: b[:len(b) // 2 // PAGE * PAGE])),
        ("truncated-to-first-page", _bytes(lambda b: b[:PAGE])),
        ("padded-by-1", _bytes(lambda b: b + b"\x00")),
        ("padded-by-a-page", _bytes(lambda b: b + bytes(PAGE))),
        ("not-sqlite-text", _bytes(lambda b: b"<html>not a save</html>\n" * 50)),
        ("not-sqlite-random", _bytes(lambda b: random.Random(1).randbytes(PAGE * 3))),
        ("header-only-magic", _bytes(lambda b: b[:16] + bytes(PAGE * 2 - 16))),
        ("zeroed-page-1", _bytes(_zero_page(0))),
        ("zeroed-page-2", _bytes(_zero_page(1))),
        ("zeroed-middle-page", _bytes(lambda b: _zero_page(len(b) // PAGE // 2)(b))),
        ("zeroed-last-page", _bytes(lambda b: _zero_page(len(b) // PAGE - 1)(b))),
        ("swapped-pages", _bytes(_swap_pages(2, 5))),
        # An index's name in the schema made invalid UTF-8: SQLite's own error message about
        # it is not UTF-8 (Python then raises UnicodeDecodeError, not a database error).
        ("schema-name-not-utf8", _bytes(_garble_schema_name)),
    ]
    for off in (16, 18, 21, 24, 28, 44, 52, 56, 60, 92, 96, 100, 150, 400, 2000):
        out.append((f"flipped-header-{off}", _bytes(_flip(off))))
    for _ in range(14):
        off = rng.randrange(PAGE, 70 * PAGE)
        out.append((f"flipped-byte-{off}", _bytes(_flip(off))))
    out.append(("flipped-last-byte", _bytes(_flip(-1))))
    out.append(("flipped-many", _bytes(_flip(*[rng.randrange(0, 70 * PAGE) for _ in range(40)]))))
    # -- tampered: structure and versions, the checksum left as it was ----------------------
    for table in ("world_meta", "world_log", "belief_rows", "evidence", "people", "sim_state",
                  "_sqlite_migrations", "memory_meta", "trust", "recall_words", "places"):
        out.append((f"dropped-{table}", _sql(f"DROP TABLE {table}")))
    for table, col in (("people", "spec"), ("belief_rows", "candidates"), ("world_log", "data"),
                       ("world_meta", "value"), ("evidence", "kind")):
        out.append((f"renamed-{table}.{col}",
                    _sql(f"ALTER TABLE {table} RENAME COLUMN {col} TO {col}_x")))
    out += [
        ("extra-column", _sql("ALTER TABLE people ADD COLUMN evil TEXT")),
        ("extra-table", _sql("CREATE TABLE evil (x)")),
        ("extra-view", _sql("CREATE VIEW evil AS SELECT 1")),
        ("extra-trigger", _sql("CREATE TRIGGER evil AFTER INSERT ON world_log BEGIN "
                               "DELETE FROM belief_rows; END")),
        ("dropped-index", _sql("DROP INDEX log_by_kind")),
        ("dropped-trigger", _sql("DROP TRIGGER world_log_no_update")),
        ("replaced-trigger", _sql("DROP TRIGGER world_log_no_delete",
                                  "CREATE TRIGGER world_log_no_delete BEFORE INSERT ON world_log "
                                  "BEGIN SELECT RAISE(ABORT, 'no'); END")),
        ("table-as-view", _sql("DROP TABLE sim_state",
                               "CREATE VIEW sim_state AS SELECT 'ada' AS resident, '{}' AS state")),
        ("newer-save-version", _meta("save_version", "3", recompute=False)),
        ("newer-save-version-crafted", _meta("save_version", "99", recompute=True)),
        ("newer-user-version", _sql("PRAGMA user_version = 99")),
        ("newer-migration", _sql("INSERT INTO _sqlite_migrations (migration_set, name, "
                                 "applied_at) VALUES ('hearsay.memory', '0099_future', 'x')",
                                 recompute=True)),
        ("newer-migration-set", _sql("INSERT INTO _sqlite_migrations (migration_set, name, "
                                     "applied_at) VALUES ('hearsay.future', '0001', 'x')",
                                     recompute=True)),
        ("migrations-out-of-order", _sql("DELETE FROM _sqlite_migrations WHERE name = "
                                         "'0001_memory_tables'", recompute=True)),
        ("wal-mode", _sql("PRAGMA journal_mode=WAL")),
        ("not-a-save-format", _meta("format", "something-else", recompute=True)),
        ("checksum-garbage", _meta(CHECKSUM_KEY, "f" * 64, recompute=False)),
        ("checksum-missing", _sql(f"DELETE FROM world_meta WHERE key = '{CHECKSUM_KEY}'")),
        ("unknown-meta-key", _meta("zzz", "1", recompute=True)),
        ("edited-belief", _sql("UPDATE belief_rows SET confidence = 99 WHERE id = 1")),
        ("edited-log", _sql("DROP TRIGGER world_log_no_update",
                            "UPDATE world_log SET summary = 'x'",
                            "CREATE TRIGGER world_log_no_update BEFORE UPDATE ON world_log "
                            "BEGIN SELECT RAISE(ABORT, 'the world log is append-only'); END")),
    ]
    # -- garbage meta: tampered (checksum broken) and crafted (checksum fixed) ---------------
    for key in ("now", "rng", "seed", "scenario", "counters", "ending", "save_version",
                "scenario_text", "templates", "scenario_file"):
        for i, value in enumerate(GARBAGE):
            if key in ("now", "rng", "counters", "scenario_text") or i < 4:
                out.append((f"meta-{key}-{i}-crafted", _meta(key, value, recompute=True)))
        out.append((f"meta-{key}-garbage", _meta(key, "garbage", recompute=False)))
        out.append((f"meta-{key}-missing", _meta(key, None, recompute=True)))
    out += [
        ("meta-now-huge", _meta("now", str(2**63), recompute=True)),
        ("meta-now-negative", _meta("now", "-5", recompute=True)),
        ("meta-rng-wrong-length", _meta("rng", json.dumps([3, [1, 2, 3], None]),
                                        recompute=True)),
        ("meta-rng-bad-index", _meta("rng", json.dumps([3, [1] * 624 + [9999], None]),
                                     recompute=True)),
        ("meta-counters-list", _meta("counters", "[1, 2]", recompute=True)),
        ("meta-policy", _sql("UPDATE memory_meta SET value = 'chaos' WHERE key = 'policy'",
                             recompute=True)),
        ("meta-default-trust-nan", _sql("INSERT OR REPLACE INTO memory_meta VALUES "
                                        "('default_trust', 'nan')", recompute=True)),
        ("meta-ending-unknown", _meta("ending", "no_such_ending", recompute=True)),
        ("meta-value-blob", _sql("UPDATE world_meta SET value = x'00ff' WHERE key = 'seed'",
                                 recompute=True)),
        # The scenario a save carries: broken, hostile, or not the one it names.
        ("scenario-not-toml", _scenario_text(lambda t: t + "\n[[[")),
        ("scenario-invalid", _scenario_text(lambda t: t.replace('id = "ada"', 'id = "ADA"'))),
        ("scenario-other-id", _scenario_text(lambda t: t.replace('id = "missing_key"',
                                                                 'id = "other"', 1))),
        ("scenario-long-token", _scenario_text(lambda t: t + "\nx = {" + "a" * 1_000_000 + "}\n")),
        ("scenario-too-big", _scenario_text(lambda t: t + "#" * 2_100_000)),
        ("scenario-bad-label", _scenario_text(
            lambda t: t + '\n[attributes.hue]\nlabel = "{subject.__class__.__mro__}"\n')),
        ("scenario-bad-condition", _scenario_text(
            lambda t: t.replace("when = 'fact(\"cy.barred\") == \"yes\"'",
                                "when = 'now() > \"abc\"'"))),
        # Templates a save carries: compiled, sandboxed and budgeted like a folder's.
        ("templates-loop", _meta("templates", json.dumps({"answer": (
            "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}"
            "{% endfor %}")}), recompute=True)),
        ("templates-escape", _meta("templates", json.dumps(
            {"answer": "{{ s.__class__.__mro__[1].__subclasses__() }}"}), recompute=True)),
        ("templates-cycle", _meta("templates", json.dumps(
            {"answer": '{% include "mediate.j2" %}', "mediate": '{% include "answer.j2" %}'}),
            recompute=True)),
        ("templates-huge-output", _meta("templates", json.dumps(
            {"answer": "{{ 'x' * 100000000 }}"}), recompute=True)),
        ("templates-syntax", _meta("templates", json.dumps({"answer": "{% if %}"}),
                                   recompute=True)),
        ("templates-unknown-name", _meta("templates", json.dumps({"evil": "x"}),
                                         recompute=True)),
        # Where the save says its scenario came from must not pick a folder to read.
        ("scenario-file-elsewhere", _meta("scenario_file", str(evil_folder / "scenario.toml"),
                                          recompute=True)),
        # Rows a careful forger changed (checksum fixed): refused as data, never half-loaded.
        ("rows-people-spec", _sql("UPDATE people SET spec = '{' WHERE id = 'ada'",
                                  recompute=True)),
        ("rows-sim-state", _sql("UPDATE sim_state SET state = 'garbage'", recompute=True)),
        ("rows-places", _sql("UPDATE places SET spots = '[[1'", recompute=True)),
        ("rows-player-gone", _sql("DELETE FROM people WHERE id = 'player'", recompute=True)),
        ("rows-stranger", _sql("UPDATE sim_state SET state = replace(state, '\"place\":\"',"
                               " '\"place\":\"nowhere') WHERE resident = 'ada'",
                               recompute=True)),
        ("rows-no-sim-state", _sql("DELETE FROM sim_state", recompute=True)),
        ("rows-recall-orphan", _sql("UPDATE recall_words SET belief_id = belief_id + 10000000 "
                                    "WHERE belief_id = (SELECT min(belief_id) FROM "
                                    "recall_words)", recompute=True)),
        # A fuzzer's: JSON of the wrong shape, SQLite's loose column types, deep nesting and
        # text that is not UTF-8 passed the gate and crashed every command (exit 1).
        ("rows-state-a-string", _sql("UPDATE sim_state SET state = '\"x\"' WHERE resident = "
                                     "'ada'", recompute=True)),
        ("rows-premises-not-json", _sql("UPDATE belief_rows SET premises = 'nope' WHERE id = "
                                        "(SELECT min(id) FROM belief_rows)", recompute=True)),
        ("rows-candidates-a-string", _sql("UPDATE belief_rows SET candidates = '\"x\"' WHERE "
                                          "id = (SELECT min(id) FROM belief_rows)",
                                          recompute=True)),
        ("rows-candidates-numbers", _sql("UPDATE belief_rows SET candidates = '[1, 2]' WHERE "
                                         "id = (SELECT min(id) FROM belief_rows)",
                                         recompute=True)),
        ("rows-value-blob", _sql("UPDATE evidence SET value = x'c328' WHERE id = (SELECT "
                                 "min(id) FROM evidence)", recompute=True)),
        ("rows-value-not-utf8", _sql("UPDATE evidence SET value = CAST(x'c328' AS TEXT) WHERE "
                                     "id = (SELECT min(id) FROM evidence)", recompute=False)),
        ("rows-log-data-blob", _log("data = x'ff00ff'")),
        ("rows-log-at-text", _log("at = 'noon'")),
        ("rows-log-participants", _log("participants = 'nope'")),
        # A clock edited off its tick, before its own log, or behind its memory's passes.
        ("times-off-tick", _meta("now", "1983", recompute=True)),
        ("times-before-log", _meta("now", "0", recompute=True)),
        ("times-pass-ahead", _sql("INSERT OR REPLACE INTO memory_meta VALUES "
                                  "('access_pass_at', '999999')", recompute=True)),
        ("rows-state-deep", _sql("UPDATE sim_state SET state = ? WHERE resident = 'ada'",
                                 params=('{"a": ' + "[" * 1500 + "]" * 1500 + "}",),
                                 recompute=True)),
    ]
    out += crafted_rows()
    return out


def _json(table: str, key: str, who: str, path: str, value: str) -> Builder:
    """A crafted save with one JSON field of one row set to `value` (JSON)."""
    col = {"people": "spec", "sim_state": "state"}[table]
    return _sql(f"UPDATE {table} SET {col} = json_set({col}, '{path}', json(?)) WHERE "
                f"{key} = '{who}'", recompute=True, params=(value,))


def _first(table: str, assignment: str) -> Builder:
    return _sql(f"UPDATE {table} SET {assignment} WHERE id = (SELECT min(id) FROM {table})",
                recompute=True)


# A version-2 save passed off as one from before checksums: its checksum row deleted and its
# version set back (the fuzzer's checksum bypass), with and without its file version.
_AS_VERSION_1 = (f"DELETE FROM world_meta WHERE key = '{CHECKSUM_KEY}'",
                 "UPDATE world_meta SET value = '1' WHERE key = 'save_version'")


def crafted_rows() -> list[tuple[str, Builder]]:
    """A fuzzer's crafted saves (checksum recomputed, or none: "version 1") whose rows crashed
    commands (exit 1) or loaded as nonsense: each must be refused by the gate, naming table,
    column and row (`game.saverows`)."""
    return [
        # The checksum bypass: refused as what it is, whatever its rows.
        ("v1-impostor", _sql(*_AS_VERSION_1)),
        ("v1-impostor-file-version-0", _sql(*_AS_VERSION_1, "PRAGMA user_version = 0")),
        ("v1-impostor-candidates", _sql(*_AS_VERSION_1, "PRAGMA user_version = 0",
                                        "UPDATE belief_rows SET candidates = "
                                        "'[[1,2,3,4,5,6,7,8,9]]'")),
        # Crashes: the held value among no candidates, a rank past the ranks, a half-life of
        # 0, a resident's state or spec of the wrong types.
        ("rows-candidates-held-missing", _sql("UPDATE belief_rows SET candidates = "
                                              "'[[1,2,3,4,5,6,7,8,9]]'", recompute=True)),
        ("rows-candidates-other-value", _sql(
            "UPDATE belief_rows SET candidates = json_set(candidates, '$[0][0]', 'zzz') "
            "WHERE id = (SELECT min(id) FROM belief_rows)", recompute=True)),
        ("rows-candidates-empty-one", _sql(
            "UPDATE belief_rows SET candidates = json_insert(candidates, '$[#]', json('[]')) "
            "WHERE id = (SELECT min(id) FROM belief_rows)", recompute=True)),
        ("rows-evidence-rank-negative", _sql("UPDATE evidence SET rank = -7", recompute=True)),
        ("rows-belief-rank-99", _first("belief_rows", "rank = 99")),
        ("rows-half-life-0", _sql("UPDATE belief_rows SET half_life = 0", recompute=True)),
        ("rows-half-life-negative", _sql("UPDATE belief_rows SET half_life = -1",
                                         recompute=True)),
        ("rows-state-attention-text", _json("sim_state", "resident", "ada", "$.attention",
                                            '"x"')),
        ("rows-state-attention-huge", _json("sim_state", "resident", "ada", "$.attention",
                                            "1e308")),
        ("rows-state-sighted-text", _json("sim_state", "resident", "ada", "$.sighted",
                                          '"abc"')),
        ("rows-state-told-object", _json("sim_state", "resident", "ada", "$.told",
                                         '{"a": 1}')),
        ("rows-state-status", _json("sim_state", "resident", "ada", "$.status", '"flying"')),
        ("rows-state-intent-junk", _json("sim_state", "resident", "ada", "$.intent",
                                         '{"x": 1}')),
        ("rows-spec-traits-text", _json("people", "id", "ada", "$.traits.honesty",
                                        '"high"')),
        ("rows-spec-lies-number", _json("people", "id", "bo", "$.lies",
                                        '{"ada_key.moved_by": 5}')),
        ("rows-spec-schedule-text", _json("people", "id", "ada", "$.schedule",
                                          '[["x", "cafe"]]')),
        ("rows-spec-pronoun", _json("people", "id", "bo", "$.pronoun", '"it"')),
        # Nonsense that loaded: who and what rows name, closed sets, ranges.
        ("rows-belief-resident-unknown", _first("belief_rows", "resident = 'zz'")),
        ("rows-belief-claim-nowhere", _first("belief_rows", "claim_id = 99999")),
        ("rows-belief-kind-bogus", _first("belief_rows", "kind = 'bogus'")),
        ("rows-belief-access-weird", _first("belief_rows", "access = 'weird'")),
        ("rows-belief-since-future", _sql("UPDATE belief_rows SET since = 99999999, "
                                          "created_at = 99999999", recompute=True)),
        ("rows-evidence-kind-bogus", _sql("UPDATE evidence SET kind = 'bogus'",
                                          recompute=True)),
        ("rows-evidence-claim-nowhere", _first("evidence", "claim_id = 99999")),
        ("rows-evidence-teller-unknown", _sql("UPDATE evidence SET teller = 'zz' WHERE "
                                              "teller IS NOT NULL", recompute=True)),
        ("rows-evidence-at-huge", _sql("UPDATE evidence SET at = 9223372036854775807",
                                       recompute=True)),
        ("rows-claim-nature", _sql("UPDATE claims SET nature = 'bogus'", recompute=True)),
        ("rows-claim-recall", _sql("UPDATE claims SET recall = 'bogus'", recompute=True)),
        ("rows-trust-listener-unknown", _sql("INSERT INTO trust VALUES ('zz', 'ada', '*', 0.5)",
                                             recompute=True)),
        ("rows-default-trust-1.5", _sql("INSERT OR REPLACE INTO memory_meta VALUES "
                                        "('default_trust', '1.5')", recompute=True)),
        ("rows-object-owner-unknown", _sql("UPDATE objects SET owner = 'zz'", recompute=True)),
        ("rows-log-kind-bogus", _sql("INSERT INTO world_log (at, kind, actor, summary, data, "
                                     "participants, witnesses) VALUES (10, 'bogus', 'ada', "
                                     "'x', '{}', '[\"zz\"]', '[]')", recompute=True)),
        ("rows-log-participant-unknown", _sql(
            "INSERT INTO world_log (at, kind, actor, summary, data, participants, witnesses) "
            "VALUES (10, 'talk', 'ada', 'x', '{}', '[\"zz\"]', '[]')", recompute=True)),
        ("rows-spec-sleep-out-of-range", _json("people", "id", "ada", "$.sleep",
                                               "[-5, 99999]")),
        ("rows-spec-schedule-nowhere", _json("people", "id", "ada", "$.schedule",
                                             '[[390, "nowhere"]]')),
        ("rows-spec-visit-backwards", _json("people", "id", "ada", "$.visits",
                                            '[[5, 1, "market"]]')),
        ("rows-state-following-unknown", _json("sim_state", "resident", "ada", "$.following",
                                               '"zz"')),
        ("rows-place-off-the-map", _sql("UPDATE places SET x = 1e308", recompute=True)),
        # A save fuzz of 2026-12-07: a name that hung commands, numbers that overflowed or
        # were not finite, an author's edits and their discovery shown as nonsense.
        ("rows-name-long", _sql("UPDATE people SET name = replace(hex(zeroblob(15000)), "
                                "'0', 'a') WHERE id = 'ada'", recompute=True)),
        ("rows-affinity-infinite", _sql("UPDATE relationships SET affinity = 1e999",
                                        recompute=True)),
        ("rows-count-at-the-top", _sql("UPDATE belief_rows SET exposures = "
                                       "9223372036854775807", recompute=True)),
        ("rows-fact-version-at-the-top", _sql("UPDATE facts SET version = "
                                              "9223372036854775807", recompute=True)),
        ("rows-is-player-two", _sql("UPDATE people SET is_player = 1 WHERE id = 'ada'",
                                    recompute=True)),
        ("rows-edit-confidence-500", _sql(
            "INSERT INTO memory_edits (at, by, kind, resident, claim_id, value, confidence, "
            "since_evidence, after) VALUES (10, 'author', 'distort', 'ada', (SELECT min(id) "
            "FROM claims), 'cy', 500, 0, '{}')", recompute=True)),
        ("rows-edit-undoes-itself", _sql(
            "INSERT INTO memory_edits (at, by, kind, resident, claim_id, undoes, "
            "since_evidence, after) VALUES (10, 'author', 'undo', 'ada', (SELECT min(id) "
            "FROM claims), (SELECT coalesce(max(id), 0) + 1 FROM memory_edits), 0, '{}')",
            recompute=True)),
        ("rows-facts-deleted", _sql("DELETE FROM facts", recompute=True)),
        ("rows-log-target-nobody", _log("target = 'zz'")),
        ("rows-log-place-nowhere", _log("place = 'atlantis'")),
        ("rows-presence-nowhere", _sql("UPDATE presence SET place = 'atlantis' WHERE id = "
                                       "(SELECT min(id) FROM presence)", recompute=True)),
        ("rows-presence-future", _sql("UPDATE presence SET since = 99999999 WHERE id = "
                                      "(SELECT min(id) FROM presence)", recompute=True)),
        ("rows-fact-history-future", _sql("UPDATE fact_history SET at = 99999999",
                                          recompute=True)),
        ("rows-discovery-by-nobody", _sql(
            "INSERT INTO memory_edits (at, by, kind, resident, claim_id, value, "
            "since_evidence, after) VALUES (10, 'author', 'implant', 'ada', (SELECT min(id) "
            "FROM claims), 'cy', 0, '{}')",
            "INSERT INTO edit_discoveries (edit_id, resident, at, how) VALUES ((SELECT "
            "max(id) FROM memory_edits), 'zz', 20, 'first-hand')", recompute=True)),
        # A save fuzz of 2026-12-07 (later): rows each fine alone that no save holds together,
        # loaded and saved again.
        ("rows-two-beliefs-of-one-claim", _sql(
            "UPDATE evidence SET resident = (SELECT resident FROM belief_rows ORDER BY id "
            "LIMIT 1), claim_id = (SELECT claim_id FROM belief_rows ORDER BY id LIMIT 1) "
            "WHERE id = (SELECT min(id) FROM evidence WHERE founds IS NOT NULL)",
            recompute=True)),
        ("rows-two-stays-open", _sql("INSERT INTO presence (resident, place, since, until) "
                                     "VALUES ('ada', 'market', 30, NULL)", recompute=True)),
        ("rows-claim-subject-dotted", _sql("UPDATE claims SET subject = 'ada_key.x' WHERE "
                                           "subject = 'ada_key' AND attribute = 'moved_by'",
                                           recompute=True)),
        ("rows-key-nowhere", _sql("UPDATE facts SET value = 'nowhere' WHERE subject = "
                                  "'ada_key' AND attribute = 'location'", recompute=True)),
        ("rows-key-in-no-spot", _sql("UPDATE facts SET value = 'cafe.nosuchspot' WHERE "
                                     "subject = 'ada_key' AND attribute = 'location'",
                                     recompute=True)),
        ("rows-edit-of-another-memory", _sql(
            "INSERT INTO memory_edits (at, by, kind, resident, claim_id, value, confidence, "
            "evidence_id, since_evidence, after) SELECT 10, 'author', 'implant', 'ada', "
            "e.claim_id, 'cy', 60, e.id, 0, '{}' FROM evidence e WHERE e.resident != 'ada' "
            "ORDER BY e.id LIMIT 1", recompute=True)),
        ("rows-flag-seven", _sql("UPDATE belief_rows SET stale = 7", recompute=True)),
        ("rows-own-premise", _sql("INSERT OR IGNORE INTO belief_premises SELECT id, id FROM "
                                  "belief_rows WHERE resident = 'ada'", recompute=True)),
        ("rows-place-no-name", _sql("UPDATE places SET name = '' WHERE id = 'cafe'",
                                    recompute=True)),
    ]


def write_evil_folder(folder: Path) -> None:
    """A folder a hostile save names as its scenario's: its templates must never be used."""
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "templates" / "answer.j2").write_text("PWNED {{ s.what }}")
    (folder / "scenario.toml").write_text("[scenario]\nid = 'evil'\n")
