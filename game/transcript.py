"""The conversation transcript: what the player typed, what was said back and what happened,
in order — kept in the game's database, so a save holds it and loading restores it.

It is the player's record, not the world's: the words residents spoke (which a language model
may have reworded) live here and never in the world log, so the log stays the same with or
without a model. A line that answers a conversation turn names that turn's world event, so
"what did Fen say to me, in her words?" is one lookup.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("hearsay.transcript")

# command: what the player typed; speech: a resident's words; narration: what happened;
# mark: the short line saying what visibly changed; error: a command that could not be done;
# notice: the clock paused for something the player should see.
KINDS = ("command", "speech", "narration", "mark", "error", "notice")


@migrations(name="0001_transcript")
def _v1(db: Database) -> None:
    db.execute("""CREATE TABLE IF NOT EXISTS transcript (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        who TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        event INTEGER
    )""")
    db.execute("CREATE INDEX IF NOT EXISTS transcript_by_event ON transcript (event) "
               "WHERE event IS NOT NULL")


@dataclass(frozen=True)
class Entry:
    """One line of the transcript."""

    kind: str
    who: str  # the speaker's name, or ""
    text: str
    at: int
    detail: str = ""  # open minds only: the numbers behind a mark ("Cy 76 → 56, doubtful")
    event: int | None = None  # the world event (conversation turn) it belongs to
    id: int = 0


class Transcript:
    """The transcript table of one game database, with the rows read so far cached."""

    def __init__(self, db: Database):
        self.db = db
        migrations.apply(db)
        self._rows: list[Entry] = []
        self._last = 0

    def add(self, kind: str, text: str, at: int, *, who: str = "", detail: str = "",
            event: int | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"transcript kind is one of {KINDS}")
        with self.db.atomic():
            self.db.execute("INSERT INTO transcript (at, kind, who, text, detail, event) "
                            "VALUES (?, ?, ?, ?, ?, ?)", (at, kind, who, text, detail, event))

    def entries(self) -> list[Entry]:
        """Every line, oldest first (read on from the last call)."""
        rows = self.db.execute("SELECT id, at, kind, who, text, detail, event FROM transcript "
                               "WHERE id > ? ORDER BY id", (self._last,)).fetchall()
        for r in rows:
            self._rows.append(Entry(r[2], r[3], r[4], r[1], r[5], r[6], r[0]))
        if rows:
            self._last = rows[-1][0]
        return self._rows

    def __len__(self) -> int:
        return len(self.entries())

    def spoken(self, event: int) -> list[Entry]:
        """The lines of one conversation turn (as the player heard them)."""
        rows = self.db.execute("SELECT id, at, kind, who, text, detail, event FROM transcript "
                               "WHERE event = ? ORDER BY id",
                               (event,)).fetchall()
        return [Entry(r[2], r[3], r[4], r[1], r[5], r[6], r[0]) for r in rows]

    def notices(self) -> list[Entry]:
        return [e for e in self.entries() if e.kind == "notice"]
