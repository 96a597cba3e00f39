"""The command line's composer: what it expects next, read as the parser reads it."""


def test_a_question_put_on_the_line_by_its_chip_is_read_whole_before_the_answer():
    """'conclude ben refused ' (the chip's words) was read as the question 'ben' and the
    answer 'refused': the picker said "Ready" and offered no answers."""
    from game.sim import Simulation
    from ui import composer

    v = Simulation.new("bad_blood", seed=2).names()
    ex = composer.expecting("conclude ben refused ", v)
    assert (ex.kind, ex.claim, ex.args) == ("value", "ben.refused_why", ["ben", "refused"])
    assert composer.expecting("tell ana ben refused ", v).kind == "value"
    v = Simulation.new("missing_key", seed=2).names()
    ex = composer.expecting("tell fen key moved dee ", v)  # the answer is still the answer
    assert ex.kind == "anonymously" and ex.args[-1] == "dee"


def test_the_pickers_questions_are_the_briefs_before_any_answer():
    """The Ask picker offered only "why Ben stayed away" until Pia answered where the rota
    is, though the briefing lists both questions."""
    from types import SimpleNamespace

    from game import questions
    from game.sim import Simulation
    from ui import composer

    sim = Simulation.new("bad_blood", seed=2)
    session = SimpleNamespace(sim=sim, has_player=True)
    offered = composer.known_claims(session)
    assert offered[:len(questions(sim))] == questions(sim)
    assert "mill_rota.location" in offered


def test_the_pickers_questions_are_ones_the_command_line_takes():
    """After Bo said where Dee was at 07:40, the Ask picker offered "where Dee was" (twice,
    for two hours), which put 'ask ada dee.at_d1_0700' on the line — refused."""
    from types import SimpleNamespace

    from game.sim import Simulation
    from ui import composer

    sim = Simulation.new("missing_key", seed=3)
    for line in ("go market", "who bo day 1 07:40", "go cafe", "wait 1h", "who ada day 1 08:00"):
        assert sim.command(line).ok
    session = SimpleNamespace(sim=sim, has_player=True)
    offered = composer.known_claims(session)
    assert not [c for c in offered if ".at_d" in c]
    v = sim.names()
    for c in offered:
        assert v.claim(composer.short_words(v, "claims", c)) == c


def test_the_verb_chips_offer_every_verb():
    """'look' and 'help', the last of sixteen verbs, were cut at fourteen chips."""
    from types import SimpleNamespace

    from game import VERBS
    from game.sim import Simulation
    from ui import composer

    sim = Simulation.new("missing_key", seed=0)
    session = SimpleNamespace(sim=sim, has_player=True)
    # (every one but say, with no language model here)
    assert [c.insert for c in composer.choices(session, "")] == [v for v in VERBS
                                                                  if v != "say"]


def test_a_word_for_a_verb_gets_the_verbs_hint_and_picker():
    """`walk` is read as `go` (a playtest typed it): the command line's usage line and picker
    followed only the verbs' own names, so `walk ` offered nothing."""
    from ui import composer

    assert composer.usage("walk") == composer.usage("go")
    assert composer.usage("Examine") == composer.usage("search")
    assert composer.expecting("walk ").kind == "place"


def test_things_carried_come_before_things_here():
    """The ledger lying in the shop was offered before the card in hand, and Tab showed it
    (a window playtest): what the player carries first."""
    from types import SimpleNamespace

    from game.sim import Simulation
    from ui.composer import things

    sim = Simulation.new("the_ledger", seed=0)
    for line in ("go clinic", "wait 20", "ask tilly oswin_card.location", "go oswin_home",
                 "search oswin_home.desk", "take oswin_card", "go clinic", "search"):
        sim.command(line)
    got = things(SimpleNamespace(sim=sim, place=sim.state["player"].place, has_player=True))
    assert got[0] == ("oswin_card", "you carry it"), got
    assert ("ledger", "here") in got, got


def test_take_offers_what_is_here_not_what_is_carried():
    """Carried first for show put the card already in hand first for take too (a review):
    take offers what is here."""
    from types import SimpleNamespace

    from game.sim import Simulation
    from ui.composer import choices

    sim = Simulation.new("the_ledger", seed=0)
    for line in ("go clinic", "wait 20", "ask tilly oswin_card.location", "go oswin_home",
                 "search oswin_home.desk", "take oswin_card", "go clinic", "search"):
        sim.command(line)
    session = SimpleNamespace(sim=sim, place=sim.state["player"].place, has_player=True,
                              known=lambda: None)
    take = [c.insert for c in choices(session, "take ")]
    assert take and all("card" not in c for c in take), take
    show = [c.insert for c in choices(session, "show tilly ")]
    assert "card" in show[0], show


def test_the_picker_offers_no_say_without_a_language_model():
    """No Say button without a model, but the picker's "Choose what to do" still offered it
    (a window playtest)."""
    from types import SimpleNamespace

    from game.sim import Simulation
    from ui.composer import choices

    sim = Simulation.new("missing_key", seed=0)
    assert sim.model is None
    session = SimpleNamespace(sim=sim, place="square", has_player=True, known=lambda: None)
    verbs = [c.insert for c in choices(session, "")]
    assert "ask" in verbs and "say" not in verbs
