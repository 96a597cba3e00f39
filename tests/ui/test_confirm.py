"""Questions before play is lost: F9 over unsaved play, saving over a slot that holds a save,
starting again and quitting with play unsaved. Asked only where something would be lost; Enter
or Y does it, Esc or N leaves everything as it was."""

import pygame

from game import peek_save
from ui.scenes.confirm import ConfirmScene
from ui.scenes.menu import MenuScene
from ui.scenes.slots import SlotsScene
from ui.scenes.title import TitleScene
from ui.scenes.town import TownScene


def _asked(ui, question: str) -> bool:
    return isinstance(ui.top, ConfirmScene) and ui.shows(question)


def test_quick_load_asks_only_when_unsaved_play_would_be_lost(town):
    town.key(pygame.K_F5)
    town.key(pygame.K_F9)  # nothing done since the save: loaded at once
    assert isinstance(town.top, TownScene) and town.shows("Loaded Quick save")
    town.command("go cafe")
    town.key(pygame.K_F9)
    assert _asked(town, "Load the quick save?")
    assert town.shows("The quick save is at day 1 09:00.")
    assert ("What you have done since you loaded Quick save (day 1 09:00) is not saved, and "
            "would be lost.") in " ".join(town.texts())
    town.key(pygame.K_ESCAPE)  # no
    assert isinstance(town.top, TownScene) and town.town.session.place == "cafe"
    # N, with the command line open under the question: answered, not typed
    town.key(pygame.K_RETURN)
    assert town.town.dialogue.focused
    town.key(pygame.K_F9)
    assert _asked(town, "Load the quick save?")
    town.press("n")
    assert isinstance(town.top, TownScene) and town.town.session.place == "cafe"
    assert town.town.dialogue.focused and town.town.dialogue.line.value == ""
    town.key(pygame.K_F9)
    town.press("y")
    assert isinstance(town.top, TownScene) and town.town.session.place == "square"
    assert town.town.dialogue.line.value == ""


def test_saving_over_a_slot_that_holds_a_save_asks_first(town, tmp_path):
    slot = tmp_path / "saves" / "slot-1.sqlite"
    town.key(pygame.K_s)
    town.click_zone(town.top, "save:slot-1")  # an empty slot: saved at once
    assert slot.exists() and isinstance(town.top, TownScene)
    was = peek_save(slot).now
    town.command("go cafe")
    town.key(pygame.K_s)
    town.click_zone(town.top, "save:slot-1")
    assert _asked(town, "Save over Slot 1?")
    assert "It holds The Missing Key · day 1 09:00" in " ".join(town.texts())
    assert "this game, at day 1 09:10, replaces it." in " ".join(town.texts())
    town.click_zone(town.top, "no")
    assert isinstance(town.top, SlotsScene) and peek_save(slot).now == was
    town.click_zone(town.top, "save:slot-1")
    town.enter()
    assert isinstance(town.top, TownScene) and "Saved to Slot 1" in [t[0] for t in
                                                                      town.app._toasts]
    assert peek_save(slot).now > was
    # saved: nothing would be lost by loading another
    town.key(pygame.K_s)
    town.click_zone(town.top, "load:slot-1")
    assert isinstance(town.top, TownScene)


def test_ctrl_q_asks_only_with_unsaved_play(town):
    town.key(pygame.K_q, mod=pygame.KMOD_CTRL)  # nothing played yet: quits
    assert not town.app.running
    town.app.running = True
    town.command("go cafe")
    town.key(pygame.K_q, mod=pygame.KMOD_CTRL)
    assert town.app.running and _asked(town, "Quit without saving?")
    town.press("n")
    assert town.app.running and isinstance(town.top, TownScene)
    town.key(pygame.K_q, mod=pygame.KMOD_CTRL)
    town.key(pygame.K_q, mod=pygame.KMOD_CTRL)  # asked again: quits
    assert not town.app.running
    town.app.running = True
    town.key(pygame.K_F5)
    town.key(pygame.K_q, mod=pygame.KMOD_CTRL)  # saved: quits at once
    assert not town.app.running


def test_the_menu_asks_before_leaving_unsaved_play(town):
    town.command("go cafe")
    town.key(pygame.K_ESCAPE)
    assert isinstance(town.top, MenuScene)
    town.click_zone(town.top, "Quit")
    assert _asked(town, "Quit without saving?")
    town.key(pygame.K_ESCAPE)
    assert isinstance(town.top, MenuScene) and town.app.running
    town.click_zone(town.top, "Pick another scenario")
    assert _asked(town, "Leave this game for another scenario?")
    town.click_zone(town.top, "yes")
    assert isinstance(town.top, TitleScene)


def test_a_refused_command_is_not_play_to_lose(town):
    """A review: "show ada ada_key" (not held: refused, no time) marked the game unsaved, and
    F9, Load, Quit and Start again asked about losing play that did nothing."""
    s = town.town.session
    assert not s.unsaved
    town.command("show ada ada_key")
    assert list(s.transcript)[-1].kind == "error"
    assert not s.unsaved
    town.command("look")  # no time, but said and kept in a save
    assert s.unsaved


def test_a_loaded_game_shows_none_of_the_last_ones_notices(town):
    """A window playtest: "Paused: Tilly treated Mira" stayed over a quick save from before
    she had, with "Loaded Quick save" beside it."""
    town.key(pygame.K_F5)
    town.command("go cafe")
    town.app.toast("Paused: something happened in the game you leave")
    town.key(pygame.K_F9)
    town.press("y")
    town.frame(1)
    assert town.shows("Loaded Quick save")
    assert not town.shows("Paused: something happened in the game you leave")


def test_a_notice_over_the_saves_card_stays_over_the_map(town, monkeypatch):
    """A window playtest: with the Saves card open, a long "Paused: …" notice took the whole
    window's width and ran on into the panel; it is wrapped to the map, as without it."""
    import ui.app as app_module

    drawn = []
    real = app_module.base.panel

    def panel(surface, rect, *a, **k):
        drawn.append(pygame.Rect(rect))
        return real(surface, rect, *a, **k)

    monkeypatch.setattr(app_module.base, "panel", panel)
    the_map = town.town.rects["map"]
    town.app.push(SlotsScene(town.app, town.town))
    text = "Paused: " + "the deadline has come and gone " * 6
    town.app.toast(text, 5.0)
    drawn.clear()
    town.frame(1)
    toast = [r for r in drawn if r.top >= 40 and r.height >= 30 and r.left > 0][-1]
    assert the_map.left <= toast.left and toast.right <= the_map.right, (toast, the_map)


def test_a_slot_s_save_button_stays_where_it_was_once_the_slot_is_filled(town):
    """Save moved left once a slot was filled and Load took its place: a click where Save had
    been loaded the slot (a window playtest). Each keeps its own place."""
    town.key(pygame.K_s)
    empty_save = town.top.zones.find("save:slot-1")
    town.click_zone(town.top, "save:slot-1")
    town.key(pygame.K_s)
    assert town.top.zones.find("save:slot-1") == empty_save
    load = town.top.zones.find("load:slot-1")
    assert load is not None and not load.colliderect(empty_save)
