"""A scenario's "did you mean" guesses: `story.Typos` finds what comparing with every name
found, by an index (a file of a thousand near misses of a thousand names took minutes to
validate: a scenario fuzz), and the checker's difflib guesses stop after NEAR_BUDGET."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.scenario.loader import NEAR_BUDGET, parse_text
from game.scenario.story import Typos, _edits, typo_of

NAME = st.text(alphabet="abcde_", min_size=1, max_size=14)


def _osa(a: str, b: str) -> int:
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


def _every_name(x: str, names) -> str:
    """The guess as made before: measured against every name."""
    most = 1 if len(x) <= 7 else 2
    best = min(((_osa(x, n), n) for n in names
                if abs(len(n) - len(x)) <= most and n != x and _osa(x, n) <= most),
               default=None)
    return f" (did you mean {best[1]!r}?)" if best else ""


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abc", max_size=9), st.text(alphabet="abc", max_size=9),
       st.sampled_from([1, 2]))
def test_the_banded_edit_count_is_exact_up_to_most(a, b, most):
    want = _osa(a, b)
    assert _edits(a, b, most) == (want if want <= most else most + 1)


@settings(max_examples=200, deadline=None)
@given(st.sets(NAME, min_size=1, max_size=30), st.data())
def test_the_index_guesses_as_comparing_with_every_name_did(names, data):
    base = data.draw(st.sampled_from(sorted(names)))
    edits = data.draw(st.lists(st.tuples(st.sampled_from("dis"), st.integers(0, 20),
                                         st.sampled_from("abcde_")), max_size=3))
    x = list(base)
    for op, at, ch in edits:
        at = at % (len(x) + 1)
        if op == "d" and x:
            x.pop(min(at, len(x) - 1))
        elif op == "i":
            x.insert(at, ch)
        elif x:
            x[min(at, len(x) - 1)] = ch
    typed = "".join(x)
    assert Typos(names).of(typed) == _every_name(typed, names) == typo_of(typed, names)


def test_the_examples_of_its_docstring():
    assert typo_of("tobais", {"tobias", "ben"}) == " (did you mean 'tobias'?)"
    assert typo_of("bne", {"tobias", "ben"}) == " (did you mean 'ben'?)"
    assert typo_of("dismisedd", {"dismissed"}) == " (did you mean 'dismissed'?)"
    assert typo_of("meeting", {"meeting_hall"}) == ""


def test_past_its_budget_the_checker_names_what_is_missing_without_a_guess(tmp_path):
    people = "".join(f'[[residents]]\nid = "res_{i:03d}"\nname = "R{i}"\nhome = "home"\n\n'
                     for i in range(NEAR_BUDGET + 5))
    bad = "".join(f'[[beliefs]]\nresident = "res_{i:03d}x"\nclaim = "k.location"\n'
                  f'value = "home"\nkind = "witnessed"\n\n' for i in range(NEAR_BUDGET + 5))
    text = ('[scenario]\nid = "t"\ntitle = "T"\npremise = "p"\nstart = "day 1 09:00"\n'
            'days = 1\n\n[[places]]\nid = "home"\nname = "Home"\nkind = "home"\n\n'
            '[[objects]]\nid = "k"\nname = "the key"\nlocation = "home"\n\n' + people + bad)
    import pytest

    from game.scenario import ScenarioError

    with pytest.raises(ScenarioError) as got:
        parse_text(text, tmp_path / "t.toml")
    said = [m for _, _, m in got.value.problems if m.startswith("no resident")]
    assert len(said) == NEAR_BUDGET + 5
    assert sum("did you mean" in m for m in said) == NEAR_BUDGET
    assert said[0] == "no resident 'res_000x' (did you mean 'res_000'?)"
