"""Who was where, as the player was told it: a `who` answer is filed under the hour's claim
(game.copresence), but every place that shows it says the minute the player asked about —
the case board, a resident's page, `where is`, the notebook, the report — lists each answer
once and names each person once in it; a claim known only by its hour says the hour."""

import re
from types import SimpleNamespace

import pytest

from game import PLAYER, answers, said
from game.copresence import clock_words, when_words
from game.sim import Simulation
from ui.casebook import case_board, mind_page
from ui.inspectmodel import InspectorModel
from ui.labels import attribute_words, claim_label
from ui.report import context


def session_of(sim):
    """A stand-in session (no window): the sim and no cached knowledge."""
    return SimpleNamespace(sim=sim, stamp=0, now=sim.now, full_minds=False)


@pytest.fixture(scope="module")
def asked_bo():
    """The playtest: at the market, Bo asked about 07:30, 08:00 and 08:30 (07:30 twice)."""
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go market")
    for t in ("07:30", "08:00", "08:30", "07:30"):
        assert "Noted: Bo says he was at" in sim.command(f"who bo day 1 {t}").text()
    return sim


def test_the_case_board_says_the_minute_asked_about_once_per_answer(asked_bo):
    text = case_board(asked_bo).text()
    board = text[text.index("WHO WAS WHERE"):]
    assert "Bo says he was at Ada's Café at 07:30 on day 1." in board
    assert "Bo saw Dee at Ada's Café at 07:30 on day 1." in board
    assert "Bo says he was at the Market at 08:00 on day 1." in board
    assert "Bo says he was at the Market at 08:30 on day 1." in board
    assert "07:00" not in board  # the hour it is filed under is not what he said
    lines = [x.strip() for x in board.splitlines() if x.strip().startswith("Bo ")]
    assert len(lines) == len(set(lines)), lines  # 07:30 asked twice: listed once
    assert sum("Bo says" in x for x in lines) == 3


def test_a_resident_s_page_names_each_person_once_in_each_answer(asked_bo):
    page = mind_page(asked_bo, "bo").lines()
    said_ = [x for x in page if x.startswith("Bo says he was at")]
    assert said_ == [
        "Bo says he was at Ada's Café at 07:30 on day 1, and saw Ada, Cy and Dee there.",
        "Bo says he was at the Market at 08:00 on day 1, and saw Ada, Eli and Hana there.",
        "Bo says he was at the Market at 08:30 on day 1, and saw Ada, Eli and Hana there.",
    ]
    for x in said_:
        names = re.findall(r"[A-Z][a-z]+", x.partition("saw ")[2])
        assert len(names) == len(set(names)), x


def test_where_is_says_when_you_were_told(asked_bo):
    r = asked_bo.command("where is dee")
    assert "Bo told you Dee was at Ada's Café at 07:30 on day 1." in r.text()


def test_answers_are_one_per_answer_given(asked_bo):
    got = answers(said(asked_bo), teller="bo")
    assert [(a.place, a.when) for a in got] == [
        ("cafe", "at 07:30 on day 1"), ("market", "at 08:00 on day 1"),
        ("market", "at 08:30 on day 1")]
    assert [x for x, _ in got[0].seen] == ["ada", "cy", "dee"]


def test_the_notebook_labels_say_the_minutes_asked_about(asked_bo):
    rows = {(r.subject, r.attribute): r.claim for r in
            InspectorModel(session_of(asked_bo), PLAYER).rows()}
    # (Bo came to the café at 07:30, a move within the hour: its own claim, from its minute)
    assert rows[("bo", "at_d1_0730")] == "Bo · where, day 1 07:30"
    assert rows[("bo", "at_d1_0800")] == "Bo · where, day 1 08:00, 08:30"
    assert rows[("dee", "at_d1_0700")] == "Dee · where, day 1 07:30"
    report = context(asked_bo)
    mine = next(r for r in report["residents"] if r["id"] == PLAYER)
    words = {b["words"] for b in mine["beliefs"] + mine["whereabouts"]}
    assert "Bo was at Ada's Café at 07:30 on day 1" in words
    assert "Bo was at the Market at 08:00 and 08:30 on day 1" in words


def test_an_hour_s_claim_on_its_own_says_the_hour_not_a_minute(asked_bo):
    assert attribute_words("at_d1_0700") == "where, day 1 07:00–08:00"
    assert claim_label(asked_bo, "fen", "at_d2_2300") == "Fen · where, day 2 23:00–00:00"
    assert when_words("at_d1_0700") == "between 07:00 and 08:00 on day 1"
    assert when_words("at_d1_0700", [450]) == "at 07:30 on day 1"
    assert clock_words("at_d1_0800", [510, 480, 510]) == "08:00, 08:30"
    assert asked_bo.say_claim("fen.at_d1_0800", "inn") == \
        "Fen was at the Drowsy Fox between 08:00 and 09:00 on day 1"
    # A resident's own memory of the hour is the hour's: no minute claimed in open minds —
    # but a move within the hour, from its minute to the hour's end.
    fen = InspectorModel(session_of(asked_bo), "fen").rows()
    assert all(re.search(r"\d\d:00–\d\d:00$", r.claim) for r in fen
               if r.attribute.startswith("at_d") and r.attribute.endswith("00"))
    assert all(re.search(r"\d\d:[1-5]0–\d\d:00$", r.claim) for r in fen
               if r.attribute.startswith("at_d") and not r.attribute.endswith("00"))
