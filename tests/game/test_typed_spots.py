"""The nearest spot offered for a spot typed that names none (a playtest: 'search desk', the
mill's desk hidden, offered "ana's bakery"): what shares a word with it, or else no guess —
and never a hidden spot the player has no lead on, whose presence changes no refusal."""

import pytest

from game.commands import CommandError
from game.sim import Simulation


def typed(sim, text):
    return sim.parse_typed(text).text


def test_a_missed_spot_is_offered_what_shares_a_word_or_nothing():
    """'search desk' (the mill's desk hidden) offered "ana's bakery"."""
    sim = Simulation.new("bad_blood", seed=0)
    with pytest.raises(CommandError) as err:
        sim.command("search desk")
    assert "bakery" not in str(err.value)
    assert "look says what you could search where you stand" in str(err.value)
    with pytest.raises(CommandError, match="did you mean 'the office in the mill'"):
        sim.command("search offices")
    ledger = Simulation.new("the_ledger", seed=0)
    # (the apothecary's desk is in plain sight; Oswin's own is hidden)
    assert typed(ledger, "search desk") == "search clinic.desk"
    with pytest.raises(CommandError, match="did you mean 'the shelf in oswin's apothecary'"):
        ledger.command("search shelfs")


@pytest.mark.parametrize("name", ["bad_blood", "cancelled_meeting", "missing_key",
                                  "the_ledger"])
def test_a_hidden_spot_is_never_offered_nor_changes_a_refusal(name, monkeypatch):
    """Before any lead, every way of nearly naming a hidden spot is refused in the words it
    would be refused in if the spot were not there at all, and no suggestion names it."""
    sim = Simulation.new(name, seed=0)
    v = sim.names()
    assert v.hidden
    for spot in sorted(v.hidden):
        place, _, word = spot.partition(".")
        label = v.spots.entries[spot].label
        lines = ["search " + form.format(w=word, p=place, t=word[0] + word[2:])
                 for form in ("{w}", "{w}s", "{w}x", "the {w}", "{p} {w}", "{p}.{w}",
                              "{p}.{w}x", "{w} in {p}", "{t}")]
        said = {}
        for line in lines:
            try:
                said[line] = typed(sim, line)
            except CommandError as err:
                said[line] = str(err)
                offered = said[line].partition(" — ")[2]
                assert spot not in offered and label.lower() not in offered.lower(), line
            else:  # (the_ledger's apothecary has a desk in plain sight)
                assert said[line] != f"search {spot}", line
        with monkeypatch.context() as m:  # the town as it would be with no such spot
            m.setattr(v.spots, "entries", {k: e for k, e in v.spots.entries.items()
                                           if k != spot})
            m.setattr(v, "hidden", v.hidden - {spot})
            for line in lines:
                try:
                    got = typed(sim, line)
                except CommandError as err:
                    got = str(err)
                assert got == said[line], line
