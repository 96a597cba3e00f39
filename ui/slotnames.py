"""The save slots by name: the files in the saves folder, and how the screen calls them."""

from __future__ import annotations

from pathlib import Path

SLOTS = [("quick", "Quick save")] + [(f"slot-{i}", f"Slot {i}") for i in range(1, 7)]


def slot_path(saves: Path, slot: str) -> Path:
    return saves / f"{slot}.sqlite"


def slot_label(path: str | Path) -> str:
    """How a save file is called on screen: "Slot 1", "Quick save", or its file name."""
    path = Path(path)
    return dict(SLOTS).get(path.stem, path.name) if path.suffix == ".sqlite" else path.name
