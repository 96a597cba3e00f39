"""Every template renders for every resident of every shipped scenario, from their real
beliefs; words hedge by confidence and cite the source; phrasing varies deterministically."""

from game import words
from game.player import said_context
from game.scenario import load_scenario
from game.scenario.loader import shipped_names
from game.sim import Simulation
from game.talk import Told
from memory import Outcome


def told_for(b):
    chain = (b.origin or b.resident, b.teller or b.resident, b.resident)
    return Told(0, f"{b.subject}.{b.attribute}", b.value, b.basis or "heard",
                b.origin or b.resident, chain, False)


def test_every_template_renders_for_every_resident_of_every_scenario():
    rendered = 0
    for name in shipped_names():
        sim = Simulation.new(load_scenario(name), seed=0)
        sim.run(days=1)
        n = sim.words
        for rid in sorted(sim.people):
            bs = sim.store.beliefs(rid, about_others=False) or [None]
            for b in bs:
                claim = f"{b.subject}.{b.attribute}" if b else "nothing.here"
                full = sim.store.belief(rid, b.subject, b.attribute) if b else None
                ctx = said_context(sim, rid, claim, told_for(b) if b else None, full)
                for t in ("answer", "why", "mediate"):
                    text = n.render(t, f"{rid}|{claim}", s=ctx)
                    assert text and "{" not in text and "None" not in text, (t, text)
                    rendered += 1
                out = Outcome("reinforce", True)
                for action in ("new", "reinforce", "keep", "anomaly", "doubt", "correct"):
                    out = Outcome(action, True)
                    assert n.render("told", f"{rid}|{action}", o=out)
                    assert n.render("shown", f"{rid}|{action}", o=out,
                                    s={"what": sim.say_claim(claim, "x")})
            from game.templates import _who

            who = _who(place="the square", seen=[("Ada", "sure")])
            assert "Ada" in n.render("who", rid, s=who)
            for how in ("think", "hazy"):  # words that say how well they remember
                who = _who(place="the square", seen=[("Ada", how)])
                assert "Ada" in n.render("who", rid, s=who)
            assert n.render("refuse", rid, reason="distrust")
    assert rendered > 50


def test_words_hedge_by_confidence_and_cite_the_source():
    assert words.hedge(85) == "I'm sure"
    assert words.hedge(66) == "I'm fairly sure"
    assert words.hedge(50) == "I think so"
    sim = Simulation.new(load_scenario("missing_key"), seed=0)
    ada = sim.store.belief("ada", "ada_key", "moved_by")
    ctx = said_context(sim, "ada", "ada_key.moved_by", told_for(ada), ada)
    text = sim.words.render("answer", "x", s=ctx)
    assert "Bo told me" in text and "Cy" in text
    seen = sim.store.belief("ada", "cy", "at_counter")
    ctx = said_context(sim, "ada", "cy.at_counter", told_for(seen), seen)
    assert any(p in sim.words.render("answer", "y", s=ctx)
               for p in ("I saw it myself", "With my own eyes", "I was there"))


def test_phrasing_varies_but_is_deterministic():
    n = words.TemplateNarrator()
    ctx = {"known": False}
    texts = {n.render("answer", f"seed{i}", s=ctx) for i in range(20)}
    assert len(texts) > 1
    assert n.render("answer", "seed3", s=ctx) == n.render("answer", "seed3", s=ctx)


def test_a_scenario_can_override_a_template(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "answer.j2").write_text("Ask me tomorrow.")
    from game.templates import read_folder

    n = words.TemplateNarrator(read_folder(tmp_path)[0])
    assert n.render("answer", "x", s={"known": False}) == "Ask me tomorrow."
    assert "asleep" in n.render("refuse", "x", reason="asleep")


def test_templates_are_sandboxed():
    import pytest
    from jinja2.exceptions import SecurityError

    n = words.TemplateNarrator()
    t = n.env.from_string("{{ x.__class__.__mro__[1].__subclasses__() }}")
    with pytest.raises(SecurityError):
        t.render(x="")
    # jinja2's own `render` joins through the environment's `concat`: the bounded `~` has a
    # name of its own, so a render is what it says (it came back empty; a review)
    assert n.env.from_string("hi {{ 'a' ~ x }}").render(x="b") == "hi ab"


def test_the_shipped_templates_pass_the_checks_a_scenarios_own_copy_must():
    """An author who copies a shipped template into a scenario's templates/ must see it
    validate: answer.j2 and mediate.j2 used `posted`, why.j2 `also_from`, which the sample
    contexts lacked (a hostile-input test) — and every key the game passes is in them."""
    from game import player
    from game.sim import Simulation
    from game.templates import SAMPLES, TEMPLATE_NAMES, TEMPLATES, check_sources

    ours = {n: (TEMPLATES / f"{n}.j2").read_text(encoding="utf-8") for n in TEMPLATE_NAMES}
    assert check_sources(ours) == []
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go market")
    seen = []
    real = player.said_context
    try:
        player.said_context = lambda *a, **k: seen.append(real(*a, **k)) or seen[-1]
        sim.command("ask bo ada_key.moved_by")
        sim.command("why bo ada_key.moved_by")
    finally:
        player.said_context = real
    sample = set(SAMPLES["answer"][2]["s"])
    assert seen and all(set(ctx) <= sample for ctx in seen), [set(c) - sample for c in seen]
