"""The case board and what the player knows of a mind (issue 9): built from what the player
heard, asked and did — never from anyone's mind, unless open minds is on."""

import json

from click.testing import CliRunner

from game import clock
from game.commands import parse
from game.sim import Simulation
from ui.casebook import case_board, mind_page
from ui.cli import main

KEY_WORDS = ("Dee", "Cy", "drawer", "counter", "missing")


def test_without_asking_nobody_s_mind_shows_anything_about_the_key():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=clock.parse_when("day 1 09:40"))
    for rid in sim.people:
        if rid == "player":
            continue
        page = mind_page(sim, rid)
        body = "\n".join(page.lines()[1:])
        assert f"You haven't asked {sim.name(rid)} about who moved Ada's key" in body
        body = body.replace(f"asked {sim.name(rid)} ", "")
        assert not any(w in body for w in KEY_WORDS), (rid, body)


def test_an_answer_appears_marked_as_told_to_you_at_that_time():
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go inn")
    at = sim.now
    sim.command("ask fen key moved")
    page = "\n".join(mind_page(sim, "fen").lines())
    assert "Ada's key was moved by Dee" in page
    assert f"{clock.fmt_clock(at)} on day 1, when you asked" in page
    assert "she said she saw it" in page
    assert "“" in page  # her own words, from the transcript


def test_the_case_board_flags_contradicting_accounts_once_both_are_heard():
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go inn")
    sim.command("ask fen key moved")
    board = "\n".join(case_board(sim).lines())
    assert "contradict" not in board and "Fen:" in board
    assert "Not asked yet:" in board and "Bo" in board.split("Not asked yet:")[1]
    # Bo tells his story to anyone at his market stall.
    sim.run(until=clock.parse_when("day 2 10:00"))
    sim.command("go market")
    assert sim.command("ask bo key moved").ok
    lines = case_board(sim).lines()
    i = lines.index("These accounts contradict each other:")
    side = lines[i + 1:i + 6]
    assert any(x.startswith("Fen says Ada's key was moved by Dee") for x in side)
    assert any(x.startswith("Bo says Ada's key was moved by Cy") for x in side)
    assert "Each says they saw it: someone is mistaken, or lying." in lines


def test_the_case_board_lists_the_deadline_and_what_you_did():
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go inn")
    sim.command("ask fen key location")  # where it went: the lead for the drawer
    sim.command("go cafe")
    sim.command("search drawer")
    sim.command("take key")
    board = case_board(sim).lines()
    assert any("The deadline is 18:00 on day 3" in x for x in board)
    assert any("You took Ada's key" in x for x in board)
    assert "Ada's key" in board[board.index("You carry") + 1]
    assert not any(x.startswith("Really:") for x in board)
    assert any(x.startswith("Really:") for x in case_board(sim, open_minds=True).lines())


def test_run_notebook_and_open_minds(tmp_path):
    walk = "content/scenarios/missing_key/win-bring-the-witness.txt"
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", walk, "--notebook"])
    assert res.exit_code == 0, res.output
    assert "WHO MOVED ADA'S KEY" in res.output and "Really:" not in res.output
    assert "[" not in res.output.split("ending:")[0]  # no open-minds numbers in replies
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", walk, "--json"])
    assert json.loads(res.output)["open_minds"] is False
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", walk, "--json",
                                    "--open-minds", "--notebook", "--save",
                                    str(tmp_path / "s.db")])
    out = json.loads(res.output)
    assert out["open_minds"] is True
    assert any(b["text"].startswith("Really:") for b in out["case_board"])
    again = CliRunner().invoke(main, ["run", "--load", str(tmp_path / "s.db"), "--json",
                                      "--days", "0.1"])
    assert json.loads(again.output)["open_minds"] is True  # kept with the save


def test_the_brief_names_questions_and_words_to_type_without_ids():
    res = CliRunner().invoke(main, ["brief", "missing_key"])
    assert res.exit_code == 0
    assert "who moved Ada's key: “key moved”" in res.output
    assert "Ada's Café (cafe)" in res.output
    assert "ada_key" not in res.output and "moved_by" not in res.output


def test_the_brief_tells_what_the_window_opens_with():
    """The playtest: the window's log opened "You lodge above the apothecary's…", which the
    headless brief never said."""
    res = CliRunner().invoke(main, ["brief", "the_ledger"])
    assert res.exit_code == 0
    assert "You lodge above the apothecary's, and know Tilly's shop well." in res.output


def test_an_answer_heard_shows_the_word_a_walkthrough_can_type_for_it(tmp_path):
    """A walkthrough is read before its run, so an answer met only on the way is typed by
    its word: the case board gives it beside the answer's words, and that word is taken
    from the first line of a walkthrough."""
    sim = Simulation.new("bad_blood", seed=5)
    for line in ("go mill", "ask mo ben refused"):
        sim.command(line)
    page = "\n".join(case_board(sim).lines())
    assert ("Answers you have met (heard, read or seen): because of the night shift at the "
            "mill (working)") in page
    w = tmp_path / "w.txt"
    w.write_text("+ go mill\n+ ask mo ben refused\n+ go bakery\n+ tell ana ben refused working\n")
    res = CliRunner().invoke(main, ["run", "bad_blood", "--seed", "5", "--commands", str(w)])
    assert res.exit_code == 0, res.output
    assert "tell ana ben refused working" in res.output


def test_a_walkthrough_cannot_name_an_answer_before_the_player_meets_it(tmp_path):
    """A playtest: 'conclude ben refused working' in a walkthrough's first minute was taken
    and spelt out the hidden answer ("because of the night shift at the mill"), while
    '… night shift' was refused — an answer's id was a free oracle. Read when its step
    comes, as play reads it, it names nothing, and the save is not touched."""
    for line in ("day 2 08:00 conclude ben refused working",
                 "+ tell ana ben refused working"):
        w = tmp_path / "w.txt"
        w.write_text(line + "\n")
        res = CliRunner().invoke(main, ["run", "bad_blood", "--seed", "5", "--commands", str(w)])
        assert res.exit_code == 2, res.output
        assert "'working' is not someone or something in this town, nor an answer you have " \
            "heard" in res.output
        assert "night shift" not in res.output


def test_what_the_player_read_is_said_of_the_document():
    """'You read in the notice board' (the playtest): now the board said it."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    sim.command("search square")
    page = "\n".join(case_board(sim).lines())
    assert "The notice board said, when you read it (" in page and "read in" not in page, page


def test_missing_beside_a_place_is_no_contradiction():
    """A playtest: "These accounts contradict each other … Ada says Ada's key is missing …
    Fen says … in the drawer" — both true (not where Ada looked; where Fen saw it go)."""
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go inn")
    sim.command("ask fen ada_key.location")
    sim.command("go cafe")
    sim.command("wait 10")
    assert sim.state["ada"].place == "cafe"
    sim.command("ask ada ada_key.location")
    lines = case_board(sim).lines()
    section = lines[lines.index("Where Ada's key is"):lines.index("What you have shown or told")]
    assert "Ada's key is missing:" in section
    assert "Ada's key is in the drawer in Ada's Café:" in section
    assert not any("contradict" in x for x in section), section


def test_where_a_thing_was_before_the_player_took_it_contradicts_nothing():
    """A window playtest: Mo said the rota was at the desk (before), the player took it, and
    Pia said the player had it (after): the board flagged "These accounts contradict each
    other… someone is mistaken, or lying". An account older than what the player has seen
    for themselves is overtaken; accounts of where a thing is that still differ may be of
    a thing that moved."""
    from game.knowledge import Said
    from ui.casebook import Page, _question

    sim = Simulation.new("bad_blood", seed=3)
    for c in ("go mill", "ask mo rota location", "search mill.desk", "take rota"):
        sim.command(c)
    took = sim.now

    def said(teller, value, at):
        return Said(teller, "mill_rota.location", value, at, "hearsay", "saw", teller, None,
                    "player", True, "fairly sure", "talk")

    page = Page()
    _question(page, sim, "mill_rota.location", [said("mo", "mill.desk", took - 20),
                                           said("pia", "player", took + 20)], False)
    text = page.text()
    assert "contradict" not in text and "lying" not in text and "differ" not in text
    page = Page()
    _question(page, sim, "mill_rota.location", [said("mo", "mill.desk", took + 10),
                                           said("pia", "player", took + 20)], False)
    text = page.text()
    assert "These accounts differ — it may have moved between them" in text
    assert "Each says they saw it: it moved, or someone is mistaken or lying." in text


def test_a_persons_page_says_what_they_said_once_and_lists_each_time():
    """Bo's page read "Ada's key was moved by Cy." three times over (a window playtest)."""
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go market")
    first = sim.command("ask bo ada_key.moved_by").text()
    assert "moved by Cy" in first, first
    sim.command("ask bo ada_key.moved_by")
    lines = mind_page(sim, "bo").lines()
    assert sum(1 for x in lines if x.strip() == "Ada's key was moved by Cy.") == 1
    assert sum(1 for x in lines if "when you asked" in x) == 2


def test_the_board_says_the_clerk_put_the_notice_up_as_he_said():
    """The case board said "he said he saw it" of Quill, whose words were "I put the notice
    up myself" (a window playtest)."""
    sim = Simulation.new("cancelled_meeting", seed=9)
    sim.command("wait until 10:30")
    sim.command("go hall")
    assert "I put the notice up myself" in sim.command("ask quill meeting.when").text()
    board = case_board(sim).text()
    assert "Quill: he said he put it up himself" in board, board
    assert "Quill: he said he saw it" not in board


def test_an_answer_to_the_player_stands_for_the_same_words_overheard_since():
    """Quill's 11:20 answer on the case board became "13:20, overheard, to Ned" (a window
    playtest): the same words said since to someone else do not replace the answer."""
    from game.knowledge import Said
    from ui.casebook import Page, _question

    sim = Simulation.new("cancelled_meeting", seed=2)

    def said(value, at, to, asked):
        return Said("quill", "meeting.when", value, at, "hearsay", "saw", "quill", None, to,
                    asked, "certain", "talk")

    page = Page()
    _question(page, sim, "meeting.when", [said("cancelled", 680, "player", True),
                                          said("cancelled", 800, "ned", False)], False)
    text = page.text()
    assert "when you asked" in text and "overheard" not in text
    page = Page()  # a different value since is what they say now
    _question(page, sim, "meeting.when", [said("cancelled", 680, "player", True),
                                          said("d3_1800", 800, "ned", False)], False)
    assert "overheard, to Ned" in page.text()


def test_answers_read_on_a_notice_are_among_the_answers_met():
    """A playtester read the new notice (day 3 at six, in the schoolroom) and the case board's
    words listed only the answers people had said — while `tell` took the notice's."""
    sim = Simulation.new("cancelled_meeting", 0)
    sim.command("go square")
    before = [b.text for b in case_board(sim).blocks if b.text.startswith("Answers you")]
    assert not any("day 3 at six" in t for t in before)
    sim.command("wait until day 2 12:00")
    assert "on day 3 at six" in sim.command("search").text()
    met = [b.text for b in case_board(sim).blocks if b.text.startswith("Answers you")]
    # (day 2 at six from the brief, which calls the meeting for then: brief_tells)
    assert met == ["Answers you have met (heard, read or seen): cancelled, on day 2 at six (2), "
                   "on day 3 at six (3), the old hall (hall), the schoolroom (school)."]


def test_words_said_to_someone_else_before_you_are_quoted_once_with_whom_to():
    """A mediation's line is "Tilly to Mira: "…"": quoted whole on Tilly's page it read
    “Tilly to Mira: "I don't know…"”, the speaker inside her own quote (a window playtest)."""
    from pathlib import Path

    from game.walkthrough import play as play_walkthrough

    sim = Simulation.new("the_ledger", seed=0)
    route = Path(__file__).parents[2] / "content/scenarios/the_ledger/win-bring-mira.txt"
    play_walkthrough(sim, route, to_end=False)
    lines = [x.strip() for x in mind_page(sim, "tilly").lines()]
    mediated = [x for x in lines if x.startswith("To Mira: “")]
    assert mediated and mediated[0].endswith("”") and '"' not in mediated[0], lines
    assert not any(x.startswith("“Tilly to Mira") for x in lines), lines


def test_a_shake_of_the_head_files_no_answer_of_theirs():
    """A playtest: told "Dee", Hana shook her head ("she does not believe that Ada's key was
    moved by Dee"), and the case board filed her under "Cy" — "she kept to it after you told
    her … torn between two accounts" — which she never said nor showed. Now the board and
    her page give what the player saw, she is no answer of Cy's, and not "not asked"."""
    sim = Simulation.new("missing_key", seed=0)
    for line in ("go market", "tell eli key moved dee", "tell hana key moved dee"):
        sim.run(until=max(sim.now, clock.parse_when("day 1 10:40")))
        sim.command(line)
    assert sim.store.belief("hana", "ada_key", "moved_by").value == "cy"  # what she holds
    page = case_board(sim).text()
    block = page.split("WHO MOVED ADA'S KEY")[1].split("WHERE ADA'S KEY IS")[0]
    # (the brief's "Ada says her key was moved by Cy" is the brief's, not Hana's)
    block = "\n".join(x for x in block.splitlines() if "Your brief:" not in x)
    assert "moved by Cy" not in block and "torn" not in block and "kept to it" not in block
    assert "11:00 on day 1: Hana shakes her head: she does not believe that Ada's key was " \
        "moved by Dee." in block
    assert "Not asked yet: Ada, Bo, Cy, Dee, Fen, Gus." in block
    mind = mind_page(sim, "hana").text()
    assert "moved by Cy" not in mind and "torn" not in mind
    assert "Hana shakes her head" in mind and "You haven't asked Hana about who" not in mind


def test_contradicting_accounts_are_one_line_a_side():
    """A playtest: five who agreed and Ivo were six lines under "These accounts contradict
    each other", read as six accounts at odds. One line a side: who says it, and who of
    them said they saw it."""
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go inn")
    sim.command("ask fen key moved")
    sim.run(until=clock.parse_when("day 2 10:00"))
    sim.command("go market")
    for r in ("bo", "eli", "hana"):
        sim.command(f"ask {r} key moved")
    lines = case_board(sim).lines()
    i = lines.index("These accounts contradict each other:")
    assert lines[i + 1:i + 4] == [
        "Fen says Ada's key was moved by Dee — said she saw it",
        "Bo, Eli and Hana all say Ada's key was moved by Cy — Bo said he saw it",
        "Each says they saw it: someone is mistaken, or lying."]



def test_one_who_did_not_know_is_listed_once():
    """A playtest: `ask cy key moved` then `why cy key moved` read "Cy does not know (asked
    12:20)" and "Cy does not know (asked 12:30)". Once, the last time asked."""
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=clock.parse_when("day 1 12:10"))
    sim.command("go bakery")
    assert "Cy does not know" in sim.command("ask cy key moved").text()
    assert "Cy does not know" in sim.command("why cy key moved").text()
    block = case_board(sim).text().split("WHO MOVED ADA'S KEY")[1].split("WHERE")[0]
    assert block.count("Cy does not know") == 1
    assert "Cy does not know (asked 12:30 on day 1)." in block


def test_one_shown_a_thing_said_they_had_seen_it_and_one_who_would_not_say_is_not_ignorant():
    """A playtest: those shown the key told the player "I've seen Ada's key for myself", and
    the notes and the board said "she said she saw it" — and, beside Bo's "I saw it myself",
    "Each says they saw it: someone is mistaken, or lying". And Bo's "Ask someone else" was
    filed as "Bo does not know"."""
    from pathlib import Path

    from game.walkthrough import play

    sim = Simulation.new("missing_key", seed=0)
    played = play(sim, Path("content/scenarios/missing_key/win-show-the-key.txt"),
                  to_end=False)
    # Overheard as the Log tab and the replies give it, too.
    assert any("At 12:40: Hana told Eli that Ada's key was moved by Dee (she said she had "
               "seen Ada's key for herself)." in st["reply"] for st in played.steps)
    reply = sim.command("ask hana key moved").text()
    assert "I've seen Ada's key for myself" in reply
    assert "she said she had seen Ada's key for herself" in reply
    sim.run(until=clock.parse_when("day 2 10:00"))
    sim.command("go market")
    assert "Bo would not say" in sim.command("ask bo key moved").text()
    page = case_board(sim).text()
    assert "Hana: she said she had seen Ada's key for herself" in page
    assert "Bo would not say (asked 10:10 on day 2)." in page and "Bo does not know" not in page
    assert "You asked 10:10 on day 2: he would not say." in mind_page(sim, "bo").text()


def test_an_account_stays_as_it_was_said_when_the_teller_changes_their_mind_unseen():
    """A playtest: Quill said on day 1 "I put the notice up myself"; on day 2, away from the
    player, he came to hold the new date — and the board's account of his day-1 word became
    "he said he saw it", telling the player his mind had changed without meeting him."""
    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=clock.parse_when("day 1 10:30"))
    for line in ("go hall", "ask quill meeting when", "why quill meeting when"):
        sim.command(line)
    # (10:40: his answer; the `why` at 10:50 said it again, from the same source, as sure)
    said = "Quill: he said he put it up himself (10:40 on day 1, when you asked)"
    assert any(x.startswith(said) for x in case_board(sim).lines())
    sim.command("wait until day 2 09:00")
    assert sim.store.belief("quill", "meeting", "when").value != "cancelled"  # changed, unseen
    assert any(x.startswith(said) for x in case_board(sim).lines())


def test_a_question_overheard_has_words_to_ask_it_by():
    """A playtest overheard "the well would cross Ned's field" (a liar's motive, known to
    Sam): the case board listed it, and `ask sam well field` found no such question — the
    motive's claim had no words at all. Now it has, and the board gives them."""
    from game.walkthrough import play

    sim = Simulation.new("cancelled_meeting", seed=0)
    play(sim, None, to_end=False, text="day 1 18:30 go inn\n" + "".join(
        f"+ tell {r} meeting place school\n" for r in ("sam", "pat", "ora", "ned", "uli")))
    board = case_board(sim).lines()
    assert any("says the well would cross Ned's field" in x for x in board)
    assert "Whether the well would cross Ned's field: type “ned field”" in board
    assert "the well would cross Ned's field" in sim.command("ask sam ned field").text()


def test_close_to_the_deadline_the_board_says_the_minutes():
    """At 15:10 for a 17:00 deadline the board said "one hour from now", beside the top bar's
    hours (a window playtest read the two against a notice of "two hours left")."""
    from ui.casebook import _deadline

    sim = Simulation.new("bad_blood", seed=3)
    sim.run(until=clock.parse_when("day 4 15:10"))
    assert _deadline(sim).endswith("— one hour and 50 minutes from now.")
    sim.run(until=clock.parse_when("day 4 16:30"))
    assert _deadline(sim).endswith("— 30 minutes from now.")


def test_a_changed_mind_keeps_what_it_said_before_and_a_repeat_keeps_its_time():
    """A playtest: after `show ana rota` Ana's earlier "as a slight — from Ivo" left the board,
    and with it where the slight came from; and a `why` moved Lin's "when you asked" from
    her answer's time to the `why`'s."""
    from game.walkthrough import play

    sim = Simulation.new("bad_blood", seed=0)
    play(sim, None, to_end=False, text="""day 2 08:00 ask lin ben refused
+ why lin ben refused
+ go mill
+ ask mo rota location
+ search mill.desk
+ take rota
+ go bakery
+ ask ana ben refused
+ show ana rota
""")
    board = case_board(sim).lines()
    lin = next(x for x in board if x.startswith("Lin: "))
    assert "(08:00 on day 2, when you asked)" in lin, lin
    ana = board.index(next(x for x in board if x.startswith("Ana: she came round to it")))
    assert board[ana + 1].startswith(
        "before that: Ben stayed away from the supper on purpose, as a slight — she had heard "
        "it from Ivo ("), board[ana:ana + 2]


def test_a_mind_page_says_what_they_said_last_first_and_the_rest_was_before():
    """Ada's page listed "Ada's key was moved by Cy." over "…by Dee." as equals after she came
    round to Dee in front of the player (a playtest): the last answer first, the older ones
    said to be before it; a line begins with a capital ("you have Ada's key.")."""
    from game.walkthrough import play

    sim = Simulation.new("missing_key", seed=0)
    play(sim, None, to_end=False, text="""day 1 09:00 go cafe
+ wait 30
+ ask ada key moved
+ ask ada key location
+ go inn
+ ask fen key location
+ go cafe
+ search drawer
+ take key
+ show ada key
+ ask ada key location
""")
    lines = mind_page(sim, "ada").lines()
    moved = lines[lines.index("Who moved Ada's key") + 1:]
    assert moved[0] == "Ada's key was moved by Dee.", moved[:3]
    assert "Before that: Ada's key was moved by Cy." in moved
    where = lines[lines.index("Where Ada's key is") + 1:]
    assert where[0] == "You have Ada's key.", where[:3]
    assert "Before that: Ada's key is missing." in where


def test_the_brief_s_word_of_someone_heard_from_since_is_of_the_start():
    """"Your brief: Ivo says … as a slight" stood at the top of the board after Ivo, shown the
    rota, came round (a playtest): heard from since, the brief's line is of the start."""
    from game.walkthrough import play

    sim = Simulation.new("bad_blood", seed=0)
    play(sim, None, to_end=False, text="day 2 09:30 go inn\n+ ask ivo ben refused\n")
    board = case_board(sim).lines()
    assert "Your brief, at the start: Ivo said Ben stayed away from the supper on purpose, as "\
        "a slight." in board
    assert "Your brief: Ana says Ben stayed away from the supper on purpose, as a slight." \
        in board  # not heard from yet: as the brief has it


def test_a_mind_page_lists_one_answer_s_tellings_newest_first():
    """Gus's day 3 words sat under his day 1 ones (a window playtest): newest first within
    an answer too, as the answers are."""
    sim = Simulation.new("missing_key", seed=0)
    for line in ("go market", "ask bo key moved", "wait 1h", "ask bo key moved"):
        sim.command(line)
    lines = mind_page(sim, "bo").lines()
    told = [x for x in lines[lines.index("Who moved Ada's key"):] if "when you asked" in x]
    assert len(told) == 2 and "09:10 on day 1" in told[1] and "10:20" in told[0], told


def test_the_board_of_a_story_over_says_so_not_the_time_left():
    """Printed after the ending, the board said "The deadline is 20:00 on day 3 — 29 hours
    from now" of a story over at 14:10 on day 2 (a playtest of The Ledger)."""
    from ui.casebook import _deadline

    sim = Simulation.new("the_ledger", seed=0)
    sim.run(until=clock.parse_when("day 3 20:00"))
    assert sim.ending
    title = next(e.title for e in sim.sc.endings if e.id == sim.ending)
    assert _deadline(sim).endswith(f"The story is over: {title}.")
    assert "from now" not in "\n".join(case_board(sim).lines())


def test_an_answer_of_yes_or_no_says_what_it_answers():
    """"Answers you have met: is not allergic to willowbark (no), yes, …": a bare "yes" said
    nothing of what it answered (a playtest of The Ledger)."""
    sim = Simulation.new("the_ledger", seed=0)
    for line in ("go clinic", "tell tilly mira fever yes"):
        assert sim.command(parse(line, sim.names())).ok
    met = next(x for x in case_board(sim).lines() if x.startswith("Answers you have met"))
    assert "Mira has a fever (yes)" in met and ", yes," not in met and ": yes" not in met, met


def test_a_finding_the_players_belief_reaches_is_ticked_only_at_the_end():
    """"✓ You have come to believe that Dee moved Ada's key" came up as the player's belief
    turned to Dee, and never for Cy: a test of any guess (a playtest). Recorded, but neither
    on the board nor in what the player sees until the story is over."""
    from game import seen_events
    from game.knowledge import verdict
    from game.player import PLAYER

    sim = Simulation.new("missing_key", seed=0)
    for line in ("go inn", "wait 10m", "ask fen key moved", "ask fen key location"):
        sim.command(parse(line, sim.names()))
    held = sim.store.belief(PLAYER, "ada_key", "moved_by", history=False)
    assert held is not None and held.value == "dee", "Fen's word no longer turns the player"
    hidden = [st for st in sim.sc.stages if verdict(st) and st.id in sim.stages_reached()]
    assert hidden, "no stage of the player's belief was reached"
    board = "\n".join(case_board(sim).lines())
    seen = " ".join(ev["summary"] for ev in seen_events(sim, PLAYER))
    for st in hidden:
        assert st.text not in board and st.text.rstrip(".") not in seen
    sim.run(until=clock.parse_when("day 4 20:00"))
    assert sim.ending
    board = "\n".join(case_board(sim).lines())
    assert all(st.text in board for st in hidden)
