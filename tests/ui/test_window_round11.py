"""A window playtest of The Ledger and Nine Neighbours, 2026-12-07, pinned: play again's R is
not typed into the next game; a town with no player is helped in its own words."""

import pygame

from ui.play import build
from ui.scenes.ending import EndingScene
from ui.scenes.help import HelpScene
from ui.scenes.town import TownScene


def test_a_letter_held_as_the_story_ends_is_not_typed_after_it(ui):
    """R pressed in town as the ending came (its moment held, in case it began a word), then
    Enter on the ending to look around, then "go": the line read "rgo" (a window playtest)."""
    build(ui.app, "the_ledger", seed=0)
    ui.frame(2)
    town = ui.town
    ui.press("r")
    assert town._ahead is not None  # (held: it may begin "read")
    town.session.sim.ending = "harmed"  # the story ends under the held letter:
    town._check_ending()  # (as the tick that ended it does)
    ui.frame(1)
    assert isinstance(ui.app.top, EndingScene)
    assert town._ahead is None  # dropped with the story's end, not kept under the ending
    ui.app.top.close()  # look around
    ui.frame(1)
    ui.press("g")
    assert town.dialogue.line.value in ("", "g")  # never "rg"
    assert town._ahead is None or town._ahead[1] == "g"


def test_play_again_by_its_letter_types_nothing_into_the_next_game(ui):
    build(ui.app, "the_ledger", seed=0)
    ui.frame(2)
    ui.app.push(EndingScene(ui.app, ui.town))
    ui.frame(1)
    # The letter's KEYDOWN starts the next game; its TEXTINPUT comes a frame later.
    ui.post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    ui.frame(1)
    assert isinstance(ui.app.top, TownScene)
    ui.post(pygame.TEXTINPUT, text="r")
    ui.frame(1)
    town = ui.town
    assert town.dialogue.line.value == ""
    ui.enter()
    ui.type("look")
    assert town.dialogue.line.value == "look"  # ("rlook" was refused: unknown verb)


def _help_words(ui, scenario: str) -> list[str]:
    build(ui.app, scenario, seed=0)
    ui.frame(2)
    ui.app.push(HelpScene(ui.app, ui.town.session.has_player))
    ui.frame(1)
    return ui.texts()


def test_a_town_with_no_player_is_helped_without_commands(ui):
    said = " ".join(_help_words(ui, "nine_neighbours"))
    assert "Type a command" not in said and "notebook" not in said.lower()
    assert "No player" in said and "Letters are shortcuts here" in said
    assert "Esc" in said and "Tab" in said  # (kept, in words of their own)
    assert "command line" not in said


def test_a_players_help_is_as_it_was(ui):
    said = " ".join(_help_words(ui, "the_ledger"))
    assert "Type a command" in said and "Your notebook" in said and "No player" not in said


def test_the_empty_log_of_a_town_with_no_player_says_what_it_will_hold(ui):
    build(ui.app, "nine_neighbours", seed=0)
    ui.frame(2)
    town = ui.town
    town.tab = "log"
    ui.frame(1)
    said = " ".join(ui.texts())
    assert "Nothing yet" in said  # (paused at the start: nothing has happened)
    assert "Talk to people" not in said and "What happens in town" in said


def test_a_role_cut_short_in_the_people_list_is_whole_in_its_tooltip(ui):
    """Joss's "carter; brought the new ledger from Tollbridge" was cut with "…", and hovering
    showed nothing more (a window playtest)."""
    build(ui.app, "the_ledger", seed=0)
    ui.frame(2)
    town = ui.town
    ui.press("p")
    ui.frame(1, dt=1.0)  # (the letter's moment)
    assert town.tab == "people"
    rect = town.roster.zones.find("person:joss")
    assert rect is not None
    ui.post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
    ui.frame(1)
    assert ui.app._tip is not None and "Tollbridge" in ui.app._tip
    assert not ui.app._tip.endswith("…")


def test_play_says_bad_input_and_a_bug_apart(tmp_path, monkeypatch):
    """Every ValueError of `play` was exit 2 "bad input", a bug in a running window too (a
    scenario fuzz): now only what was asked that cannot be."""
    from click.testing import CliRunner

    from ui.app import App
    from ui.cli import main

    shot = str(tmp_path / "s.png")
    bad = CliRunner().invoke(main, ["play", "the_ledger", "--frames", "2", "--screenshot",
                                    shot, "--select", "nobody"])
    assert bad.exit_code == 2 and "no resident 'nobody'" in bad.output

    def broken(self, n):
        raise ValueError("a bug of ours")

    monkeypatch.setattr(App, "run_frames", broken)
    bug = CliRunner().invoke(main, ["play", "the_ledger", "--frames", "2", "--screenshot",
                                    shot])
    assert bug.exit_code == 1 and isinstance(bug.exception, ValueError)


def test_a_bug_as_the_window_is_set_up_is_not_bad_input(tmp_path, monkeypatch):
    """A review: a ValueError raised while build ran a walkthrough went out as bad input
    (exit 2, no traceback); only a refused line is."""
    from click.testing import CliRunner

    import game
    from ui.cli import main

    walk = tmp_path / "w.txt"
    walk.write_text("day 1 09:00 look\n", encoding="utf-8")
    shot = str(tmp_path / "s.png")

    def broken(*a, **k):
        raise ValueError("a bug of ours")

    monkeypatch.setattr(game, "play_walkthrough", broken)
    bug = CliRunner().invoke(main, ["play", "the_ledger", "--frames", "2", "--screenshot",
                                    shot, "--commands", str(walk)])
    assert bug.exit_code == 1 and isinstance(bug.exception, ValueError)


def test_the_ending_says_through_whom_a_belief_came_when_not_from_its_start(ui, tmp_path):
    """"Ivo 69% (from the mill rota)" read as Ivo having read the rota, of what Ana told him
    (a playtest): through whom, when the teller is not where it began."""
    walk = tmp_path / "late.txt"
    walk.write_text("day 2 08:00 go mill\n+ ask mo rota location\n+ search mill.desk\n"
                    "+ take rota\n+ wait until day 2 15:10\n+ go square\n+ show ana rota\n")
    build(ui.app, "bad_blood", seed=0, commands=walk)
    sim = ui.town.session.sim
    sim.run(days=3)  # to the festival
    assert sim.ending == "feud"
    ui.frame(2)
    ending = EndingScene(ui.app, ui.town)
    rows, _ = ending._believed("ben.refused_why")
    chips = [c for _, _, names in rows for c in names]
    for c in chips:
        rid = next(r for r in sim.people if c.startswith(sim.people[r].name + " "))
        b = sim.store.belief(rid, "ben", "refused_why", history=False)
        if b.kind == "hearsay" and b.origin and b.teller not in (b.origin, "player"):
            assert c.endswith(f" via {sim.people[b.teller].name})"), c
    assert any(" via " in c for c in chips), chips


def test_after_the_ending_open_minds_opens_at_once_without_the_ending_s_warning(ui):
    """After the ending, "the ending will say you looked: press D again" was untrue, and a
    second click four seconds on did nothing (a window playtest): one press opens them."""
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    ui.command("wait 3d")
    ui.frame(3)
    assert ui.town.session.over
    if isinstance(ui.app.top, EndingScene):
        ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_d)
    assert ui.town.session.open_minds
    toasts = [t[0] for t in ui.app._toasts]
    assert "Open minds: every mind and the truth" in toasts, toasts
    assert not any("ending will say" in t for t in toasts), toasts
