"""The window's scenes, kept as a stack: title, town, and the overlays drawn over it
(briefing, help, save slots, menu, ending)."""
