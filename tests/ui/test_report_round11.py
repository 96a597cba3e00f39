"""The report as an author read it, 2026-12-07: how it ended first, the hourly whereabouts
folded away, and legends in whole words."""

import re

from game.sim import Simulation
from game.walkthrough import play
from ui.report import render
from ui.svg import _cut


def _ended(walk: str):
    from pathlib import Path

    sim = Simulation.new("bad_blood", seed=0)
    play(sim, Path(f"content/scenarios/bad_blood/{walk}"))
    return sim


def test_how_it_ended_comes_first_with_what_decided_it():
    sim = _ended("win-show-the-rota.txt")
    page = render(sim)
    assert 'id="ending"' in page and page.index('id="ending"') < page.index('id="pictures"')
    assert "How it ended: One long table" in page
    assert "You found out" in page and "What decided it" in page
    assert "The truth: Ben stayed away from the supper because of the night shift" in page


def test_the_hourly_whereabouts_are_folded_under_the_beliefs():
    sim = _ended("lose-do-nothing.txt")
    page = render(sim)
    assert re.search(r"<summary>Where Ana remembers people being, hour by hour \(\d+\)</summary>",
                     page)
    ana = page[page.index('id="r-ana"'):page.index('id="r-ben"')]
    main = ana[:ana.index("<details><summary>Where Ana")]
    assert " was at " not in main  # (no hour of who stood where among her beliefs)


def test_a_legend_has_words_for_every_colour_and_cuts_at_a_word():
    sim = _ended("lose-do-nothing.txt")
    page = render(sim)
    assert not re.search(r'<text[^>]*></text>', page)  # (a mediation drew a colour, no words)
    assert _cut("on purpose, as a slight", 21) == "on purpose, as a…"
    assert _cut("short", 21) == "short"
