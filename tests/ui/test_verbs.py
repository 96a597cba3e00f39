"""Playing in the window: typed commands, verbs and choices clicked, time controls, the log."""

import pygame
import pytest

from game import Simulation, clock, generated_town
from game.player import PLAYER
from ui import composer
from ui.session import ELASTIC_MS, MAX_BEHIND, MAX_STEPS_PER_FRAME, Session


def test_typing_a_command_asks_and_the_answer_shows_in_the_dialogue(town):
    t = town.town
    town.command("go inn")
    assert t.session.place == "inn"
    town.command("ask fen ada_key.moved_by")
    speech = [e for e in t.session.transcript if e.kind == "speech"]
    assert speech and speech[-1].who == "Fen"
    assert town.shows("Fen: ")
    assert any("Dee" in line for line in [speech[-1].text])


def test_a_bad_command_says_why_and_keeps_the_text(town):
    t = town.town
    town.key(pygame.K_RETURN)
    town.type("ask nobody ada_key.moved_by")
    town.enter()
    assert t.dialogue.focused and "no resident 'nobody'" in t.dialogue.error
    assert t.dialogue.line.value == "ask nobody ada_key.moved_by"
    assert town.shows("✗ no resident 'nobody'")


def test_spreading_a_rumour_by_clicking_verbs_and_choices(town):
    t = town.town
    town.click_zone(t.map, "place:inn")  # the place card
    town.click_zone(t.card, "walk here")
    assert t.session.place == "inn"
    town.click_zone(t.dialogue, "verb:tell")
    assert t.dialogue.focused and t.dialogue.line.value == "tell "
    assert town.shows("Choose whom")
    town.click_zone(t.dialogue, "choice:fen")
    town.click_zone(t.dialogue, "choice:key moved")  # words, not ids, on the line
    town.click_zone(t.dialogue, "choice:bo")
    town.click_zone(t.dialogue, "choice:anonymously")
    assert t.dialogue.line.value.strip() == "tell fen key moved bo anonymously"
    town.click_zone(t.dialogue, "do it")
    told = [e for e in t.session.sim.world.log(kind="talk") if e["actor"] == PLAYER][-1]
    assert told["target"] == "fen" and told["value"] == "bo"
    assert told["data"]["anonymous"]
    b = t.session.sim.store.belief("fen", "ada_key", "moved_by")
    assert any(c.value == "bo" for c in b.candidates)  # heard, weighed — not decided by ui
    assert [e for e in t.session.transcript if e.kind == "speech"][-1].who == "Fen"


def test_clicking_someone_while_composing_fills_in_who(town):
    t = town.town
    town.command("go inn")
    town.click_zone(t.dialogue, "verb:who")
    town.click_zone(t.map, "resident:fen")
    assert t.dialogue.line.value == "who fen "
    town.type("day 1 08:10")
    town.enter()
    assert "Dee" in t.session.transcript[-1].text or "Ada" in t.session.transcript[-1].text


def test_time_controls_run_the_clock_in_fixed_ticks(town):
    t = town.town
    start = t.session.now
    town.frame(30)
    assert t.session.now == start  # paused
    town.click_zone(t.topbar, "speed:16")
    assert t.session.speed == 16
    town.frame(16, dt=1 / 16)  # one second at 16x: sixteen ticks
    assert t.session.now == start + 16 * clock.TICK
    town.click_zone(t.topbar, "speed:0")
    town.frame(10)
    assert t.session.now == start + 16 * clock.TICK
    town.key(pygame.K_PERIOD)  # one tick
    assert t.session.now == start + 17 * clock.TICK
    town.key(pygame.K_2)
    assert t.session.speed == 4


def test_the_clock_is_decoupled_from_the_frame_rate():
    def run(frames: int, dt: float) -> int:
        s = Session.new("missing_key", 0)
        s.set_speed(4)
        for _ in range(frames):
            s.advance(dt)
        return s.now

    assert run(60, 1 / 60) == run(6, 1 / 6) == run(240, 1 / 240)
    s = Session.new("missing_key", 0)
    s.set_speed(16)
    assert s.advance(5.0) == MAX_STEPS_PER_FRAME  # a stalled frame does not race ahead


def test_typing_holds_the_clock(town):
    t = town.town
    t.session.set_speed(16)
    town.key(pygame.K_RETURN)
    now = t.session.now
    town.frame(20, dt=0.25)
    assert t.session.now == now and town.shows("holding while you type")
    town.key(pygame.K_ESCAPE)
    town.frame(4, dt=0.25)
    assert t.session.now > now


def test_the_log_shows_what_the_player_saw_and_debug_shows_everything(town):
    t = town.town
    town.command("go inn")
    town.command("ask fen ada_key.moved_by")
    town.key(pygame.K_l)
    assert t.panel == "log"
    seen = t.session.log()
    assert seen and all(PLAYER in e["participants"] + e["witnesses"] for e in seen)
    assert any("asked Fen" in s or "Fen" in s for s in t.log.shown)
    town.key(pygame.K_d)
    town.key(pygame.K_d)  # (open minds asks twice)
    everything = t.session.log()
    assert len(everything) == t.session.sim.world.count_events()
    assert any(e["data"].get("backstory") or e["at"] < 540 for e in everything)


def test_conversations_show_on_the_map_as_they_happen(town, monkeypatch):
    """With open minds every conversation shows: a line between the two and a speech bubble
    over its middle (ui.widgets.map `_draw_talk`). The same frame drawn without the
    conversation has no bubble there."""
    t = town.town
    t.session.open_minds = True
    town.click_zone(t.topbar, "speed:16")
    for _ in range(400):
        town.frame(1, dt=1 / 16)
        talks = [e for e in t.session.recent() if e["kind"] == "talk"
                 and e["actor"] in t.map.shown and e["target"] in t.map.shown]
        if talks:
            break
    assert talks, "nobody talked all morning"
    a, b = (t.map.shown[talks[0][who]] for who in ("actor", "target"))
    bubble = pygame.Rect(0, 0, 22, 15)
    bubble.center = (int((a[0] + b[0]) / 2), int((a[1] + b[1]) / 2 - 14))

    def drawn() -> list[tuple]:
        surface = town.app._surface()
        town.app._draw(surface, 0.0)  # the same frame again, no time passing
        return [tuple(surface.get_at((x, y)))[:3] for x in range(bubble.left, bubble.right)
                for y in range(bubble.top, bubble.bottom)]

    paper = (250, 248, 240)  # a bubble's colour outside the claim view
    with_talk = drawn()
    monkeypatch.setattr(t.session, "recent", lambda: [])
    without = drawn()
    assert with_talk.count(paper) > len(with_talk) // 2  # most of the bubble shows
    assert without.count(paper) < with_talk.count(paper) // 4
    assert sum(x != y for x, y in zip(with_talk, without, strict=True)) > len(with_talk) // 2


def test_every_verb_has_its_words_described():
    from game.commands import VERBS

    assert set(composer.ARGS) == set(VERBS)


def test_slash_opens_the_command_line_without_typing_itself(town):
    town.press("/")
    assert town.town.dialogue.focused and town.town.dialogue.line.value == ""
    town.type("go inn")
    town.key(pygame.K_TAB)  # nothing to complete: the line stays as it is
    town.enter()
    assert town.town.session.place == "inn"
    town.key(pygame.K_UP)  # the line is still open: recall the last command
    assert town.town.dialogue.line.value == "go inn"


def test_tab_completes_claims_and_values_in_words(town):
    t = town.town
    town.command("go inn")
    town.key(pygame.K_RETURN)
    town.type("tell fen key mo")
    town.key(pygame.K_TAB)
    assert t.dialogue.line.value == "tell fen key moved "
    assert {c.insert for c in t.dialogue.choices} >= {"dee", "cy"}  # values for that claim
    town.type("de")
    town.key(pygame.K_TAB)
    assert t.dialogue.line.value == "tell fen key moved dee "
    town.enter()
    told = [e for e in t.session.sim.world.log(kind="talk") if e["actor"] == PLAYER][-1]
    assert (told["target"], told["claim"], told["value"]) == ("fen", "ada_key.moved_by", "dee")
    assert any(e.kind == "command" and e.text == "tell fen key moved dee"
               for e in t.session.transcript)  # the words typed, not ids


def test_who_was_there_answers_from_memory_and_the_notebook_shows_where_it_came_from(town):
    """Issue 10 in the window: Fen answers from her memory of the hour, and the answer's
    provenance is on the notebook's page: told by Fen, who said she saw it — her own memory
    of it (when, what) only with open minds: it is in her mind, not the player's."""
    t = town.town
    town.command("go inn")
    town.command("who fen day 1 08:00")
    speech = [e for e in t.session.transcript if e.kind == "speech"][-1]
    assert speech.who == "Fen" and "Dee" in speech.text and "Ada's Café" in speech.text
    t.open_belief(PLAYER, "dee", "at_d1_0800")
    town.frame(2)
    text = "\n".join(t.detail.lines)
    assert "told by Fen, who said she saw it" in text
    assert "Fen saw it happen" not in text
    t.session.open_minds = True
    town.frame(2)
    text = "\n".join(t.detail.lines)
    assert "Fen saw it happen (day 1 08:00): Dee was at Ada's Café" in text


def test_a_tick_runs_ahead_between_frames_and_lands_when_due():
    """At 16x and 60 frames a second a tick is due every 3.75 frames: its systems run a few
    a frame while it comes due (game.sim.stepping), so no one frame carries a whole tick —
    but the clock moves, and the window looks again, only when it is due, and the town ends up
    exactly where running whole ticks takes it."""
    s = Session.new("missing_key", 0)
    start, stamp = s.now, s.stamp
    s.set_speed(16)
    s.advance(1 / 60)  # a quarter of a tick due: part of it has run, none of it shows
    assert s._tick is not None and s._ran > 0
    assert (s.now, s.stamp) == (start, stamp)
    frames = 0
    while s.now < start + 40 * clock.TICK:
        s.advance(1 / 60)
        frames += 1
    assert 145 <= frames <= 155  # 40 ticks at 16 a second, 60 frames a second
    s.settle()
    straight = Session.new("missing_key", 0).sim
    straight.run(until=s.now)
    assert s.sim.world.log_hash() == straight.world.log_hash()
    assert [(b.resident, b.subject, b.attribute, b.value, b.confidence)
            for b in s.sim.store.beliefs()] == [
        (b.resident, b.subject, b.attribute, b.value, b.confidence)
        for b in straight.store.beliefs()]


def test_a_command_after_a_pause_says_the_tick_under_way_ran_on_first():
    """Paused with a tick run ahead, the next command lands it first: a playtester paused at
    17:50 read their command's reply at 18:00 and took it for the command's cost. Said."""
    s = Session.new("missing_key", 0)
    s.set_speed(16)
    s.advance(1 / 60)  # part of the next tick has run
    s.set_speed(0)
    was = s.now
    assert s._tick is not None
    s.submit("look")
    ran_on = ("The clock was already moving when you paused: it finished its 10 minutes to "
              f"{clock.fmt_clock(was + clock.TICK)}, then your command.")
    said = [e.text for e in s.transcript]
    assert ran_on in said and said.index(ran_on) < said.index("look")
    # with nothing under way, nothing is said
    s.submit("look")
    assert not [e for e in s.transcript if "ran on" in e.text and e.text != ran_on]
    assert [e.text for e in s.transcript].count(ran_on) == 1


def _fake_clock(ms_per_look: float):
    """A clock that moves `ms_per_look` each time it is read: elastic pacing's slices per
    frame then follow from the code, not from how busy the machine is."""
    looks = [0]

    def now() -> float:
        looks[0] += 1
        return looks[0] * ms_per_look / 1000
    return now, looks


def test_elastic_pacing_never_holds_a_frame_and_keeps_the_clock():
    """The interactive window's pacing: a frame runs the simulation for at most ELASTIC_MS,
    a tick lands when its systems are done (late if heavy) and the clock makes the time up
    after it, so 40 ticks at 16x take about the 150 frames they take strictly — and the town
    ends up exactly where running whole ticks takes it."""
    s = Session.new(generated_town(60, 1), 1)
    s.elastic = True
    s.clock, _ = _fake_clock(0.7)  # each slice "costs" 0.7 ms
    slices = [0]
    stepping = s.sim.stepping

    def counted():
        for name in stepping():
            slices[0] += 1
            yield name
    s.sim.stepping = counted
    start = s.now
    s.set_speed(16)
    frames, late, per_frame = 0, 0, []
    while s.now < start + 40 * clock.TICK:
        before, owed = slices[0], s.acc
        s.advance(1 / 60)
        per_frame.append(slices[0] - before)
        late += s.acc >= 1 and owed >= 1  # a tick due and not yet landed
        frames += 1
    # No frame ran more slices than its budget holds (the clock is read before each).
    assert max(per_frame) <= 2 * ELASTIC_MS
    assert late > 0  # some ticks took more than their 3.75 frames: they landed late…
    assert frames <= 150 + MAX_BEHIND * 60 / 16  # …and the clock made the time up
    s.settle()
    straight = Simulation.new(generated_town(60, 1), 1)
    straight.run(until=s.now)
    assert s.sim.world.log_hash() == straight.world.log_hash()


def test_elastic_pacing_slows_the_clock_only_when_the_machine_cannot_keep_up():
    """A machine too slow for 16x: the clock owes at most MAX_BEHIND ticks and drops the
    rest, as a slow frame always did, instead of stalling frames to catch up."""
    s = Session.new(generated_town(60, 1), 1)
    s.elastic = True
    s.clock, _ = _fake_clock(4.0)  # two slices a frame: far too slow for 16x
    s.set_speed(16)
    start = s.now
    for _ in range(300):
        s.advance(1 / 60)
        assert s.acc <= MAX_BEHIND + 16 / 60
    assert start < s.now < start + 80 * clock.TICK  # it moved, slower than 16x asks


def test_elastic_pacing_gives_the_simulation_what_the_drawing_leaves():
    """A display that takes most of a frame to draw gets the simulation's share cut to the
    rest of FRAME_MS (at least MIN_MS): the frames keep their rate, the clock slows."""
    from ui.session import FRAME_MS, MIN_MS

    def slices_a_frame(window_ms: float) -> int:
        s = Session.new(generated_town(60, 1), 1)
        s.elastic = True
        s.clock, _ = _fake_clock(0.5)
        for _ in range(40):  # the window says, frame after frame, what it took
            s.window_took(window_ms + s._sim_ms)
        s.set_speed(16)
        before = s.now
        ran = []
        for _ in range(120):
            r0, n0 = s._ran, s.now
            s.advance(1 / 60)
            if s.now == n0:
                ran.append(s._ran - r0)
        assert s.now > before  # the town goes on however slow the drawing
        return max(ran)

    assert slices_a_frame(4.0) > slices_a_frame(FRAME_MS - MIN_MS - 2.0) > \
        slices_a_frame(30.0)
    assert slices_a_frame(30.0) <= 2 * MIN_MS + 1  # half a millisecond a slice


def test_changing_speed_forgives_what_the_clock_owed():
    """Ticks owed at 16x (elastic pacing on a slow machine) are not raced through at 1x."""
    s = Session.new(generated_town(60, 1), 1)
    s.elastic = True
    s.clock, _ = _fake_clock(4.0)  # far too slow for 16x
    s.set_speed(16)
    for _ in range(60):
        s.advance(1 / 60)
    assert s.acc > 2
    s.set_speed(1)
    assert s.acc <= 1.0


def test_a_command_while_a_tick_is_under_way_waits_for_it():
    s = Session.new("missing_key", 0)
    s.set_speed(16)
    s.advance(1 / 30)
    assert s._tick is not None
    s.set_speed(0)
    before = s.now
    assert s.submit("wait 10")
    assert s._tick is None and s.now >= before + clock.TICK


def test_elastic_pacing_does_not_start_a_slice_it_has_no_time_left_for():
    """A frame runs the simulation a slice at a time until its budget is spent; the slice
    after some steps is heavy (the hour's sightings after "company"). The session learns what
    the slice after each step takes and leaves a heavy one to the next frame rather than
    overrun this one — without it, a frame that had spent half its budget ran on past it."""
    s = Session.new(generated_town(20, 1), 1)
    s.elastic = True
    now = [0.0]
    s.clock = lambda: now[0]

    def tick():
        for _ in range(10):
            now[0] += 0.0005  # ten light slices of half a millisecond…
            yield "light"
        yield "company"
        now[0] += 0.006  # …then the heavy one
        yield "ready"
    s.sim.stepping = tick
    s.set_speed(16)
    spent = []
    for _ in range(200):
        before = now[0]
        s.advance(1 / 60)
        spent.append((now[0] - before) * 1000)
    assert max(spent[30:]) <= ELASTIC_MS + 1e-6  # once learned, no frame overruns its budget
    assert max(spent[30:]) > 6  # (the heavy slice ran, first thing in a frame)


def test_a_verb_button_under_the_open_picker_shows_no_tooltip_over_it(town):
    """A playtest: tooltips of buttons hidden under the command line's picker popped up over
    its chips."""
    ui = town
    d = ui.town.dialogue
    ui.key(pygame.K_RETURN)  # the command line, with its picker
    ui.frame(2)
    assert d.focused and d.popup.height > 0
    under = [n for n in d.zones.names() if n.startswith("verb:")
             and d.popup.colliderect(d.zones.find(n))]
    assert under, "the picker covers no verb button here"
    ui.post(pygame.MOUSEMOTION, pos=d.zones.find(under[0]).center, rel=(0, 0),
            buttons=(0, 0, 0))
    ui.frame(2)
    assert ui.app._tip is None
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_ESCAPE)
    ui.frame(2)
    assert not d.focused
    ui.post(pygame.MOUSEMOTION, pos=d.zones.find(under[0]).center, rel=(0, 0),
            buttons=(0, 0, 0))
    ui.frame(2)
    assert ui.app._tip  # with the picker closed, the button says what it does


def test_a_tooltip_waits_for_the_pointer_to_move_after_a_click_and_sits_above_it(town):
    """After clicking, the pointer rests on a button whose tooltip covered the command line."""
    ui = town
    d = ui.town.dialogue
    ui.click_zone(d, "verb:look")  # runs at once; the pointer stays on the button
    ui.frame(2)
    assert ui.app._tip is None
    x, y = d.zones.find("verb:look").center
    ui.post(pygame.MOUSEMOTION, pos=(x + 1, y), rel=(1, 0), buttons=(0, 0, 0))
    ui.frame(2)
    assert ui.app._tip and ui.app._tip.startswith("look")


def test_who_comes_and_goes_while_the_clock_runs_is_logged_where_the_player_stands():
    """A playtest: Ben left and Lin came while the clock ran at 1x, and nothing said so."""
    s = Session.new("the_ledger", 0)
    s.submit("go well")  # Mira and Greta are there; Mira goes home at nine
    before = len(s.sim.transcript.entries())
    s.set_speed(4)
    for _ in range(200):
        s.advance(1 / 4)
        if s.sim.state["mira"].place != "well" or s.over:
            break
        if s.speed == 0:
            s.set_speed(4)
    assert s.sim.state["mira"].place != "well"
    new = [e.text.partition(": ")[2] for e in s.sim.transcript.entries()[before:]
           if e.kind == "mark" and e.text.startswith("At ")]  # (at its minute: a playtest)
    assert "Mira has gone. Here now: Greta." in new  # who left, and who is here
    assert new.count("Mira has gone. Here now: Greta.") == 1  # said once, not every tick


def test_space_runs_the_clock_again_at_the_speed_it_last_ran_at():
    """After the clock stopped itself at a notice, Space put a player running at 16x back
    to 1x."""
    s = Session.new("missing_key", 0)
    s.toggle_pause()
    assert s.speed == 1  # at first, 1x
    s.set_speed(16)
    s.set_speed(0)  # as a notice stops it
    s.toggle_pause()
    assert s.speed == 16
    s.toggle_pause()
    assert s.speed == 0


def test_a_picker_with_nothing_to_offer_says_why(town):
    """After a refused 'search drawer' the picker said "Choose where exactly (optional)" over
    no chips."""
    ui = town
    ui.key(pygame.K_RETURN)
    ui.type("search zzz")
    ui.frame(2)
    assert ui.shows("Nothing you know of fits “zzz”")
    assert not ui.shows("Choose where exactly")


def test_someone_brought_along_going_their_own_way_on_the_running_clock_is_logged():
    """As a command's reply says it ("Pat goes their own way."), so does the log while the
    clock runs: Pat, brought along, left the player's side with nothing said (a review)."""
    from game import clock

    s = Session.new("cancelled_meeting", 0)
    s.sim.run(until=clock.parse_when("day 2 10:40"))
    for c in ("go inn", "ask pat meeting when", "bring pat", "go square"):
        s.submit(c)
    before = len(s.sim.transcript.entries())
    s.set_speed(16)
    for _ in range(2000):
        s.advance(1 / 4)
        if s.sim.now > clock.parse_when("day 2 14:30") or s.over:
            break
        if s.speed == 0:
            s.set_speed(16)
    new = [e.text for e in s.sim.transcript.entries()[before:] if e.kind == "mark"]
    assert sum(t.startswith("At ") and t.endswith(": Pat went their own way.")
               for t in new) == 1, new


def test_at_night_the_status_line_says_who_sleeps_here(town):
    """The line under the verbs said "Nobody here." in Ada's house with Ada asleep in it."""
    town.command("wait 15h")
    town.command("go ada_home")
    town.frame(2)
    assert town.shows("At Ada's house. Nobody awake here. Asleep: Ada.")
    assert town.shows("Asleep here: Ada.")  # the reply, in the log


def test_words_overheard_while_the_clock_runs_go_into_the_log_once(ui):
    """What the player overhears where they stand is said in the log as the clock runs, as a
    command's reply says it; a reply that said it is not repeated."""
    from ui.play import build

    build(ui.app, "bad_blood", seed=3)
    ui.frame(2)
    s = ui.town.session
    ui.command("go mill")
    ui.command("wait until day 2 09:00")
    ui.key(pygame.K_PERIOD)  # a tick at a time, as the clock runs
    ui.key(pygame.K_PERIOD)
    assert s.now == clock.parse_when("day 2 09:20")
    heard = [e for e in s.sim.transcript.entries() if "Pia told Mo" in e.text]
    assert len(heard) == 1 and heard[0].kind == "mark", heard
    assert heard[0].text.startswith("At 09:"), heard[0].text  # its minute, as replies say it
    ui.frame(2)
    assert ui.shows("Pia told Mo that Ben stayed away")
    ui.command("wait 10")
    assert len([e for e in s.sim.transcript.entries() if "Pia told Mo" in e.text]) == 1


def test_the_command_line_stays_open_for_the_next_command(town):
    """A window playtest typed "search counter" right after a command, and its "s" opened
    Save/Load: the line had closed."""
    t = town.town
    town.command("go cafe", leave=False)
    assert t.dialogue.focused and t.session.place == "cafe"
    town.type("look")
    town.enter()
    assert t.dialogue.focused and town.shows("You are at Ada's Café")
    assert type(town.top).__name__ == "TownScene"  # no Save/Load opened by the letters
    town.enter()  # Enter on the empty line leaves it: keys are shortcuts again
    assert not t.dialogue.focused


def test_walk_here_is_typed_in_the_players_words(town):
    """A window playtest: "Walk here" on Dee's cottage echoed `go dee_home`, an id."""
    t = town.town
    town.click_zone(t.map, "place:ada_home")
    town.click_zone(t.card, "walk here")
    assert t.session.place == "ada_home"
    assert [e.text for e in t.session.transcript if e.kind == "command"][-1] == "go ada house"


def test_the_line_open_again_after_a_command_leaves_its_reply_uncovered(town):
    """A window playtest: after every command the "Choose what to do" picker, over the verb
    buttons, covered the newest lines of the log — its reply — until Esc. Open again after a
    command, an empty line shows no picker; typing brings it back, and so does opening the
    line afresh."""
    ui = town
    d = ui.town.dialogue
    ui.command("look", leave=False)
    ui.frame(2)
    assert d.focused and d.popup.height == 0
    assert ui.shows("You are at the Square")
    ui.type("as")
    ui.frame(2)
    assert d.popup.height > 0
    ui.key(pygame.K_ESCAPE)  # clears the draft
    ui.key(pygame.K_ESCAPE)  # leaves the line
    ui.key(pygame.K_RETURN)  # opened afresh: the picker offers what to do
    ui.frame(2)
    assert d.focused and d.popup.height > 0


def test_an_empty_take_picker_says_why(town):
    """A window playtest: Take at the Square opened "Choose which thing" over no chips, and
    'take key' said "Nothing you know of fits 'key'" of a key the player knew was elsewhere."""
    ui = town
    ui.key(pygame.K_RETURN)
    ui.type("take ")
    ui.frame(2)
    assert ui.shows("Nothing you have found here, and you carry nothing")
    ui.type("key")
    ui.frame(2)
    assert ui.shows("Nothing you have found here or carry fits “key”")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
@pytest.mark.parametrize("line", ["take ", "tell ada ", "ask ada key moved ", "go "])
def test_the_picker_leaves_the_verbs_usage_to_be_read(town, size, line):
    """The picker over the command line covered the verb's usage line under it ('take
    OBJECT — pick up something you found' could not be read while choosing: a window
    playtest), and cut a row of verb buttons in half in a small window. It stands above the
    usage line, covers a row of verbs whole or not at all, and a click on it is its own."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    town.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    town.command("go cafe")
    d = town.town.dialogue
    d.start(line)
    town.frame(2)
    usage = composer.usage(line.split()[0])
    assert usage and town.shows(usage)
    assert d.popup.height and d.popup.bottom <= d.line.rect.y - 20, (d.popup, d.line.rect)
    for verb in ("go", "ask", "look", "mediate"):
        b = d.zones.find(f"verb:{verb}")
        assert b is not None
        assert d.popup.contains(b) or not d.popup.colliderect(b), (verb, b, d.popup)
    blank = (d.popup.x + 3, d.popup.bottom - 3)
    town.click(blank)
    assert d.line.value == line and d.focused


def test_the_picker_is_not_ready_over_a_line_the_game_would_refuse(town):
    """A window playtest: "bring mira apothecary" left on the line, the picker said "Ready"
    over the red "Type it as: bring RESIDENT" below it."""
    d = town.town.dialogue
    d.start("bring ada cafe")
    town.frame(2)
    assert town.shows("Not a command yet — see below")
    assert not town.shows("Ready")
    d.start("go cafe ")
    town.frame(2)
    assert town.shows("Ready")


def test_a_speed_clicked_with_nothing_typed_lets_the_line_go_and_time_runs(town):
    """After a command the line stays open; clicking 4× said "holding while you type" and the
    clock stood still until Esc (a window playtest). With nothing typed, the click lets go;
    with words on the line, time holds for them."""
    t = town.town
    town.command("look", leave=False)
    assert t.dialogue.focused and t.dialogue.line.value == ""
    now = t.session.now
    town.click_zone(t.topbar, "speed:4")
    town.frame(8, dt=0.25)
    assert not t.dialogue.focused and t.session.now > now
    t.session.set_speed(0)
    town.key(pygame.K_RETURN)
    town.type("go ca")
    now = t.session.now
    town.click_zone(t.topbar, "speed:4")
    town.frame(8, dt=0.25)
    assert t.dialogue.focused and t.dialogue.line.value == "go ca" and t.session.now == now


def test_the_picker_leaves_the_newest_lines_of_the_log_in_view(ui):
    """The picker ("Choose about what") covered the answer just given — "Noted: …" under it
    (a window playtest): the log ends above it, its newest lines in view."""
    from ui.play import build

    build(ui.app, "the_ledger", seed=0)
    ui.frame(2)
    d = ui.town.dialogue
    ui.command("ask joss mira allergy", leave=False)
    ui.type("why joss ")
    ui.frame(1)
    assert d.popup.height > 0 and d.log_rect.bottom <= d.popup.top
    assert d.follow and d.offset >= d._tops[-1] - d.log_rect.height  # the newest: in view
    assert ui.shows("Noted: Joss says Mira is not allergic to willowbark")


def test_a_refused_line_is_kept_marked_and_typing_replaces_it(town):
    """"ask tilly where is miraask tilly mira location": a new command typed after a
    refused one was glued onto it (a window playtest). The refused line stays, marked:
    typing replaces it, Backspace clears it, an arrow keeps it to edit."""
    line = town.town.dialogue.line
    town.command("go nowhere-at-all", leave=False)
    assert line.value == "go nowhere-at-all" and line.selected
    town.type("look")
    assert line.value == "look" and not line.selected
    town.key(pygame.K_ESCAPE)
    town.command("go nowhere-at-all", leave=False)
    town.key(pygame.K_END)  # kept to edit
    town.type("x")
    assert line.value == "go nowhere-at-allx"
    town.enter()
    assert line.selected
    town.key(pygame.K_BACKSPACE)
    assert line.value == ""
