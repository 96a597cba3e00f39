"""The inspector's kept drawing in play: the player's notebook, frame after frame, is the same
picture, texts and tooltip as a fresh drawing — paused, the pointer over a row, the clock
running, open minds toggled on and off, the help overlay on top and gone, after a verb."""

import pygame

from ui.play import build


def test_the_notebook_kept_is_the_notebook_drawn_afresh_in_play(ui):
    build(ui.app, "missing_key", seed=0, at="day 1 13:00", debug=False)
    ui.frame(2)
    t = ui.town
    app = ui.app
    t.do_notebook()
    ui.frame()
    insp = t.inspector
    assert t.panel == "inspector"

    def frames(n, where):
        for i in range(n):
            app.frame(1 / 60)
            kept, fresh, told_alike, _ = ui.kept_and_fresh(insp)
            assert kept == fresh, f"pixels differ: {where} #{i}"
            assert told_alike, f"texts/tip differ: {where} #{i}"

    frames(3, "notebook paused")
    rect = insp.list_rect
    ui.post(pygame.MOUSEMOTION, pos=(rect.x + 40, rect.y + 10), rel=(0, 0), buttons=(0, 0, 0))
    frames(2, "pointer over a row")
    t.session.set_speed(16)
    frames(20, "clock running")
    t.session.set_speed(0)
    ui.key(pygame.K_d)
    frames(2, "open minds on")
    t.do_help()
    frames(2, "help on top")
    app.pop()
    frames(2, "help gone")
    ui.key(pygame.K_d)
    frames(2, "open minds off")
    t.select("ada")  # in play: ada's page is the mind panel, not the inspector
    ui.frame()
    t.do_notebook()
    frames(2, "back to the notebook")
    ui.command("go inn")
    frames(3, "after a verb")
