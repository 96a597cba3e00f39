"""The window's screens: title, briefing, town, help, menu, save slots; resizing; fonts."""

import pygame

from ui import keys, theme
from ui.play import build
from ui.scenes.briefing import BriefingScene
from ui.scenes.help import HelpScene
from ui.scenes.menu import MenuScene
from ui.scenes.slots import SlotsScene
from ui.scenes.title import TitleScene
from ui.scenes.town import TownScene


def test_title_lists_the_shipped_scenarios_and_starts_one(ui):
    ui.app.replace(TitleScene(ui.app))
    ui.frame(2)
    title = ui.top
    assert ui.shows("Hearsay") and ui.shows("Choose a story")
    names = [c.title for c in title.choices]
    assert "The Missing Key" in names
    i = names.index("The Missing Key")
    while title.index != i:  # keyboard: down the list to it
        ui.key(pygame.K_DOWN)
    ui.click_zone(title, "play")
    assert isinstance(ui.app.scenes[0], TownScene)
    assert isinstance(ui.top, BriefingScene)  # who you are, what happened, your goals
    assert ui.shows("YOUR GOALS") or ui.shows("Your goals".upper())
    ui.enter()
    assert isinstance(ui.top, TownScene)
    assert ui.town.session.sim.sc.scenario.id == "missing_key"
    assert ui.town.session.speed == 0  # the clock waits for the player


def test_the_town_screen_has_map_panels_dialogue_and_clock(town):
    t = town.town
    assert t.panel == "case"
    assert town.shows("The Missing Key") and town.shows("09:00") and town.shows("Goal: Find out")
    assert town.shows("WHO MOVED ADA'S KEY") and town.shows("Not asked yet: Ada, Bo, Cy")
    assert "resident:player" in t.map.zones.names() and "place:cafe" in t.map.zones.names()
    assert "resident:ada" not in t.map.zones.names()  # in play, you see whom you have seen
    assert {"verb:ask", "verb:tell", "verb:who"} <= set(t.dialogue.zones.names())
    # No language model here: no Say button, whose ten minutes nobody took anything from (a
    # window playtest); `say` typed still answers why.
    assert t.session.sim.model is None and "verb:say" not in t.dialogue.zones.names()
    r = t.rects
    for a, b in (("map", "right"), ("map", "dialogue"), ("dialogue", "right"), ("top", "map")):
        assert not r[a].colliderect(r[b]), f"{a} overlaps {b}"


def test_help_lists_every_key_and_every_key_has_a_handler(town):
    for b in keys.BINDINGS:
        assert callable(getattr(town.town, f"do_{b.action}", None)), b.action
    town.key(pygame.K_h)
    assert isinstance(town.top, HelpScene)
    for b in keys.BINDINGS:
        assert town.shows(b.label), b.label
    town.key(pygame.K_ESCAPE)
    assert isinstance(town.top, TownScene)


def test_menu_and_restart(town):
    town.command("go cafe")
    assert town.town.session.place == "cafe"
    town.key(pygame.K_ESCAPE)  # nothing open: the menu
    assert isinstance(town.top, MenuScene)
    town.click_zone(town.top, "Start this scenario again")
    # the walk to the café is not saved: asked first (ui.scenes.confirm)
    assert town.shows("Start this scenario again?")
    town.enter()
    assert isinstance(town.top, TownScene)
    assert town.town.session.place == "square"


def test_save_and_load_slots(town, tmp_path):
    town.command("go cafe")
    now = town.town.session.now
    town.key(pygame.K_s)
    assert isinstance(town.top, SlotsScene)
    town.click_zone(town.top, "save:slot-1")
    assert (tmp_path / "saves" / "slot-1.sqlite").exists()
    # Said by the slot's name and the story's title, not the file's and the scenario's id.
    assert "Saved to Slot 1" in [t[0] for t in town.app._toasts]
    assert "Saved to Slot 1." in [e.text for e in town.town.session.transcript]  # the log too
    town.key(pygame.K_s)
    town.frame(1)
    assert any(d.startswith("The Missing Key · day 1 ") for _, d in town.top.rows), town.top.rows
    town.key(pygame.K_ESCAPE)
    town.key(pygame.K_SPACE)
    town.frame(30, dt=0.5)  # time passes
    assert town.town.session.now > now
    town.key(pygame.K_s)
    town.click_zone(town.top, "load:slot-1")
    assert town.shows("Load Slot 1?")  # the time that passed is not saved: asked first
    town.enter()
    assert town.town.session.now == now and town.town.session.place == "cafe"
    again = town.town.session.restart()  # a loaded game starts again from its own scenario
    assert again.place == "square" and again.now < now
    town.key(pygame.K_F5)
    assert (tmp_path / "saves" / "quick.sqlite").exists()


def test_the_slots_list_reads_a_save_once_until_it_changes(town, monkeypatch):
    """The list is drawn every frame; reading a save opens and checks the file, so it is read
    again only when the file changes (a new save over it)."""
    import ui.scenes.slots as slots

    town.key(pygame.K_F5)  # the quick save exists
    read = []
    real = slots.peek_save
    monkeypatch.setattr(slots, "peek_save", lambda p: read.append(p.name) or real(p))
    town.key(pygame.K_s)
    town.frame(10)
    assert read.count("quick.sqlite") == 1, read
    town.key(pygame.K_ESCAPE)
    town.command("go cafe")
    town.key(pygame.K_F5)  # written over: another file, read again
    town.key(pygame.K_s)
    town.frame(5)
    assert read.count("quick.sqlite") == 2, read
    assert any("day 1 " in d for s, d in town.top.rows if s == "quick"), town.top.rows


def test_resizing_keeps_panels_apart_and_small_windows_scale(town):
    for size in ((1600, 900), (1024, 600), (800, 480)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        town.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        town.frame(2)
        r = town.town.rects
        assert not r["map"].colliderect(r["right"])
        assert not r["dialogue"].colliderect(r["right"])
        assert town.shows("Case")
    assert town.app.canvas is not None  # 800x480 is drawn at the minimum size, scaled down
    # a click lands where it was drawn, scaled
    pos = town.town.map.zones.find("resident:player").center
    town.click((pos[0] * town.app.scale + town.app.offset[0],
                pos[1] * town.app.scale + town.app.offset[1]))
    assert town.town.selected == "player"


def test_fonts_load_once(town):
    loads = theme.loads
    town.frame(20)
    town.key(pygame.K_h)
    town.key(pygame.K_ESCAPE)
    assert theme.loads == loads <= len(theme.STYLES)


def _to_the_ending(ui, frames: int = 600) -> int:
    """Run the window at 16x to the ending card, starting the clock again whenever it stops
    itself to show something; how many times it stopped."""
    from ui.scenes.ending import EndingScene

    paused = 0
    for _ in range(frames):
        if isinstance(ui.top, EndingScene):
            break
        if ui.town.session.speed == 0:  # the clock stopped itself to show something
            paused += 1
            ui.key(pygame.K_3)
        ui.frame(1, dt=0.25)
    return paused


def test_a_lost_ending_explains_the_false_belief_and_offers_another_scenario(ui):
    from pathlib import Path

    from ui.play import build
    from ui.scenes.ending import EndingScene

    lose = Path(__file__).resolve().parents[2] / "content/scenarios/missing_key/lose-do-nothing.txt"
    build(ui.app, "missing_key", seed=0, commands=lose, speed=16)
    paused = _to_the_ending(ui, 400)
    notices = [e.text for e in ui.town.session.transcript if e.kind == "notice"]
    assert paused and any(n.startswith("Two hours left until 18:00 on day 3") for n in notices)
    ending = ui.top
    assert isinstance(ending, EndingScene) and not ending.won
    assert ui.shows("IT WENT WRONG")
    # the notices of the minutes before (the deadline came at 18:00) do not cover the card
    assert not ui.app._toasts
    assert any(line.startswith("Where the false belief came from: Bo") for line in ending.lines)
    # every mind and the truth, which play never shows, are marked as the open-minds view
    assert ending.lines.index(next(ln for ln in ending.lines if ln.startswith("Open minds, now"))) \
        < ending.lines.index(next(ln for ln in ending.lines if ln.startswith("Where the false")))
    # the post-mortem, as `hearsay run` prints it: whose belief decided it, on whose word
    assert ui.shows("WHAT DECIDED IT")
    assert "" not in ending.lines[2:]  # no blank row where a cause has no head count
    assert any("believed that Ada's key was moved by Cy — from Bo" in line
               for line in ending.lines)
    # F9 on the ending card: no quick save yet says so (it did nothing at all; a playtest)
    ui.key(pygame.K_F9)
    assert "No quick save yet (F5 saves)" in [t[0] for t in ui.app._toasts]
    ui.click_zone(ending, "scenarios")
    assert isinstance(ui.top, TitleScene)


def test_f9_on_the_ending_card_loads_the_quick_save(ui):
    from ui.play import build
    from ui.scenes.ending import EndingScene

    build(ui.app, "the_ledger", seed=2, speed=16)
    ui.frame(1)
    ui.key(pygame.K_F5)
    saved_at = ui.town.session.now
    _to_the_ending(ui)
    assert isinstance(ui.top, EndingScene)
    ui.key(pygame.K_F9)
    ui.frame(1)
    assert not isinstance(ui.top, EndingScene)
    assert ui.town.session.now == saved_at and not ui.town.session.sim.ending


def test_the_ending_says_what_was_heard_but_not_believed(ui, tmp_path):
    """The ending card's "You found out 0 of 1" says when the player heard the answers and
    their memory was not convinced (a playtester overheard Quill and took the 0 for the game
    forgetting it), as the reply does."""
    from ui.play import build
    from ui.scenes.ending import EndingScene

    walk = tmp_path / "overhear.txt"
    walk.write_text("day 2 08:30  go school\n+  wait 40\n")
    build(ui.app, "cancelled_meeting", seed=5, commands=walk, speed=16)
    _to_the_ending(ui)
    ending = ui.top
    assert isinstance(ending, EndingScene) and not ending.won
    assert ui.shows("YOU FOUND OUT 0 OF 1")
    assert ui.shows("· You have come to believe the meeting was moved to day 3 at six, in the "
                    "schoolroom.")
    # drawn, on a row of its own, whole (a row is cut with an ellipsis at the card's edge)
    assert ui.shows("You read or heard so, but did not come to believe it.")


def test_the_ending_says_when_the_players_answer_was_otherwise(ui, tmp_path):
    """A finding ticked under an answer the player gave otherwise says so on the card, as
    the reply does (a playtest: "✓ You have come to believe…" after concluding otherwise)."""
    from pathlib import Path

    from ui.play import build
    from ui.scenes.ending import EndingScene

    shipped = Path(__file__).parents[2] / "content" / "scenarios" / "cancelled_meeting"
    walk = tmp_path / "answered.txt"
    walk.write_text((shipped / "win-back-to-the-board.txt").read_text()
                    + "\n+ conclude meeting when cancelled\n")
    build(ui.app, "cancelled_meeting", seed=0, commands=walk, speed=16)
    _to_the_ending(ui)
    assert isinstance(ui.top, EndingScene) and ui.top.won
    assert ui.shows("Though your answer was otherwise: the town meeting is cancelled.")
    # and whom the player walked to the board, which won it
    assert ui.shows("WHOM YOU BROUGHT ALONG")
    assert ui.shows("… and 1 more who came round with you.")


def test_loading_from_the_title_screen_and_a_corrupt_slot_left_untouched(town, tmp_path):
    town.command("go cafe")
    town.key(pygame.K_s)
    town.click_zone(town.top, "save:slot-1")
    bad = tmp_path / "saves" / "slot-2.sqlite"
    bad.write_bytes(b"not a save at all" * 100)
    town.key(pygame.K_s)
    # an unreadable slot says so, and offers neither Load nor Save (nothing writes over it)
    assert town.shows("unreadable — left as it is")
    names = town.top.zones.names()
    assert "save:slot-3" in names and "save:slot-2" not in names and "load:slot-2" not in names
    town.key(pygame.K_ESCAPE)
    build(town.app)  # back to the title screen
    town.frame(2)
    assert isinstance(town.top, TitleScene)
    town.key(pygame.K_l)
    assert isinstance(town.top, SlotsScene)
    assert "load:slot-2" not in town.top.zones.names()
    town.click_zone(town.top, "load:slot-1")
    assert isinstance(town.top, TownScene)
    assert town.town.session.place == "cafe"
    assert bad.read_bytes() == b"not a save at all" * 100
    quick = tmp_path / "saves" / "quick.sqlite"
    quick.write_bytes(b"also not a save")
    town.key(pygame.K_F5)  # quick save refuses to write over it
    assert quick.read_bytes() == b"also not a save"
    assert town.app._toasts[-1][0].startswith("Not saved: quick.sqlite is unreadable")


def test_the_time_bar_says_the_clock_holds_under_the_menu(town):
    """The playtest: "running at 1×" while the menu held the clock."""
    town.key(pygame.K_1)
    assert town.town.session.speed == 1 and town.shows("running at 1×")
    town.key(pygame.K_ESCAPE)
    assert town.top is not town.town
    t = town.town.session.sim.now
    town.frame(120)
    assert town.town.session.sim.now == t  # the clock holds under the menu
    assert town.shows("holding while this is open") and not town.shows("running at 1×")


def _briefed(ui):
    ui.app.replace(TitleScene(ui.app))
    ui.frame(2)
    title = ui.top
    choice = [c for c in title.choices if c.title == "The Missing Key"][0]
    ui.click_zone(title, f"scenario:{choice.title}")
    ui.click_zone(title, "play")
    assert isinstance(ui.top, BriefingScene)
    return ui.town


def test_enter_on_the_briefing_opens_the_command_line_and_what_is_typed_is_the_command(ui):
    """A playtest closed the briefing and typed `go well`: G opened the Case tab, the space
    started the clock, and the command was lost. Enter now closes it into the command line."""
    t = _briefed(ui)
    assert ui.shows("Enter: type your first command")
    ui.enter()
    assert isinstance(ui.top, TownScene) and t.dialogue.focused
    for ch in "go cafe":
        ui.press(ch)
    assert t.dialogue.line.value == "go cafe" and t.session.speed == 0 and t.tab == "case"
    ui.enter()
    assert t.session.place == "cafe", t.dialogue.error
    assert t.dialogue.focused and t.dialogue.line.value == ""  # open for the next command


def test_a_town_with_no_player_is_briefed_to_look_around_not_to_type(ui):
    """Nine Neighbours has no player: its briefing said "Enter: type your first command"
    (`play nine_neighbours --show briefing`, a playtest). Enter closes it and leaves the keys
    to the town."""
    from ui.play import build

    build(ui.app, "nine_neighbours", seed=0, show="briefing")
    ui.frame(2)
    assert isinstance(ui.top, BriefingScene)
    assert ui.shows("Enter: look around.") and not ui.shows("first command")
    ui.enter()
    t = ui.town
    assert isinstance(ui.top, TownScene) and not t.dialogue.focused


def test_space_on_the_briefing_lets_time_run_as_its_hint_says(ui):
    t = _briefed(ui)
    assert ui.shows("Space: let time run.")
    ui.key(pygame.K_SPACE)
    assert isinstance(ui.top, TownScene) and not t.dialogue.focused
    assert t.session.speed == 1


def test_a_letter_that_is_no_shortcut_starts_a_command_and_says_so_once(town):
    # (It said "press Enter first" and dropped the keys; a window playtest typed on and
    # watched the later letters work as shortcuts.)
    t = town.town
    for ch in "owe":  # no shortcut among them
        town.press(ch)
    hints = [x for x, _ in town.app._toasts if x.startswith("Typing a command.")]
    assert len(hints) == 1 and t.session.speed == 0
    assert t.dialogue.focused and t.dialogue.line.value == "owe"


def test_after_an_ending_a_command_reached_the_keys_still_answer(ui):
    """An ending reached by a command left the command line focused under the card, though
    no longer drawn: after 'Look around' it took every key — F9 loaded nothing and said
    nothing, H opened no help, Esc did nothing the first time (a window playtest)."""
    from ui.play import build
    from ui.scenes.ending import EndingScene

    build(ui.app, "the_ledger", seed=2)
    ui.frame(2)
    ui.key(pygame.K_F5)
    saved_at = ui.town.session.now
    ui.command("wait 2d", leave=False)
    assert isinstance(ui.top, EndingScene)
    ui.key(pygame.K_F12)  # the card answers the town's function keys
    assert ui.shows("Screenshot saved: screenshot-1.png")
    ui.key(pygame.K_ESCAPE)  # look around
    town = ui.top
    assert isinstance(town, TownScene) and town.session.over
    ui.key(pygame.K_h)
    assert isinstance(ui.top, HelpScene)
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_F9)
    assert ui.town is not town and ui.town.session.now == saved_at
    assert ui.shows("Loaded Quick save")


def test_function_keys_answer_while_the_command_line_has_the_keys(town, tmp_path):
    """F5 and F9 typed nothing and did nothing while the command line was open."""
    town.command("go cafe")
    town.key(pygame.K_RETURN)
    assert town.town.dialogue.focused
    town.key(pygame.K_F5)
    assert (tmp_path / "saves" / "quick.sqlite").exists()
    assert "Saved to Quick save" in [t[0] for t in town.app._toasts]


def test_play_at_past_the_ending_shows_the_ending_not_the_brief(ui):
    """`hearsay play --at` past a story's ending put the briefing card on top of the ending
    card (a window playtest)."""
    from ui.play import build
    from ui.scenes.ending import EndingScene

    build(ui.app, "the_ledger", seed=0, at="day 3 12:00", briefing=True)
    ui.frame(2)
    assert ui.town.session.over
    assert isinstance(ui.top, EndingScene), type(ui.top)


def test_the_ending_names_a_document_as_where_a_false_belief_came_from(ui):
    """Tilly read "not allergic" in the new ledger; the ending card called it "Tilly's own
    account" beside "from the new ledger" under What decided it (a window playtest)."""
    from pathlib import Path

    from ui.play import build
    from ui.scenes.ending import EndingScene

    lose = Path(__file__).resolve().parents[2] / "content/scenarios/the_ledger/lose-do-nothing.txt"
    build(ui.app, "the_ledger", seed=0, commands=lose, speed=16)
    _to_the_ending(ui, 400)
    ending = ui.top
    assert isinstance(ending, EndingScene) and not ending.won
    where = [line for line in ending.lines if line.startswith("Where the false belief")]
    assert where and "the new ledger" in where[0] and "Tilly's own account" not in where[0]
    assert any("(read the new ledger)" in line for line in ending.lines)


def test_a_won_ending_says_how_many_more_helped_than_it_lists(ui, tmp_path):
    """"4 times someone reacted…: 4 helped" above two lines read as a miscount (a window
    playtest): the card says how many more there were."""
    from ui.play import build
    from ui.scenes.ending import EndingScene

    walk = tmp_path / "win.txt"
    walk.write_text("day 2 08:00 go square\n+ ask lin ben refused\n+ go mill\n"
                    "+ ask mo rota location\n+ ask mo ben refused\n+ search desk\n"
                    "+ ask pia ben refused\n+ take rota\n+ go ana's bakery\n"
                    "+ ask ana ben refused\n+ show ana rota\n+ go plough\n"
                    "+ ask ivo ben refused\n+ why ivo ben refused\n+ show ivo rota\n"
                    "+ go fallows\n+ ask ben ben refused\n+ go ana's bakery\n+ bring ana\n"
                    "+ go fallows\n+ mediate ana ben ben refused\n")
    build(ui.app, "bad_blood", seed=0, commands=walk, speed=16)
    _to_the_ending(ui, 600)
    ending = ui.top
    assert isinstance(ending, EndingScene) and ending.won
    assert any(line.startswith("4 times someone reacted") and "4 helped" in line
               for line in ending.lines)
    assert "… and 2 more that helped." in ending.lines


def test_a_deadline_that_ends_the_story_leaves_no_notice_over_the_town(ui):
    """The Ledger's deadline and its ending come at the same minute: "Paused: The deadline has
    come…" was shown after the ending card cleared the notices, and stayed over the map when
    the player looked around (a window playtest)."""
    from pathlib import Path

    from game import clock
    from ui.play import build
    from ui.scenes.ending import EndingScene

    win = Path(__file__).resolve().parents[2] / "content/scenarios/the_ledger/win-bring-mira.txt"
    build(ui.app, "the_ledger", seed=0, commands=win, speed=16)
    _to_the_ending(ui, 2000)
    assert isinstance(ui.top, EndingScene) and ui.town.session.now == clock.parse_when(
        "day 3 20:00")
    assert not [t for t in ui.app._toasts if t[0].startswith("Paused:")], ui.app._toasts
    ui.app.toast("Paused: The deadline has come", 4.0)  # (however one got there)
    ui.key(pygame.K_ESCAPE)  # look around
    ui.frame(1)
    assert not isinstance(ui.top, EndingScene) and not ui.app._toasts


def test_the_menu_is_worked_by_keys_as_its_highlight_says(town):
    """Esc opened the menu with "Resume" lit, and Enter did nothing (a window playtest): Enter
    takes the lit item, Up and Down move the light."""
    town.key(pygame.K_ESCAPE)
    assert isinstance(town.top, MenuScene)
    town.enter()
    assert isinstance(town.top, TownScene)
    town.key(pygame.K_ESCAPE)
    town.key(pygame.K_DOWN)
    town.key(pygame.K_DOWN)  # Resume, Save or load, Help
    town.enter()
    assert isinstance(town.top, HelpScene)
