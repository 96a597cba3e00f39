"""The town screen's parts: map, inspector, belief detail, claim view, log, dialogue, bars."""
