"""Where a resident is by their schedule alone (`Person.status_at`), asked of everyone every
tick, is kept with the minutes it holds for: the kept answer must be the one worked out afresh,
whatever the schedule and in whatever order minutes are asked."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game import clock
from game.people import Person

PLACES = ["home", "cafe", "mill", "square"]
tod = st.integers(0, clock.DAY - 1)
when = st.integers(0, 4 * clock.DAY)


@st.composite
def people(draw):
    schedule = sorted(draw(st.dictionaries(tod, st.sampled_from(PLACES), max_size=5)).items())
    spans = st.tuples(when, st.integers(1, clock.DAY), st.sampled_from(PLACES)).map(
        lambda x: (x[0], x[0] + x[1], x[2]))
    return Person(id="ann", name="Ann", role="", home="home", traits={},
                  schedule=schedule, sleep=(draw(tod), draw(tod)),
                  away=sorted(draw(st.lists(spans, max_size=3))),
                  visits=sorted(draw(st.lists(spans, max_size=3))))


@settings(max_examples=200, deadline=None)
@given(people(), st.lists(st.integers(-clock.DAY, 2 * clock.DAY), min_size=1, max_size=60),
       when)
def test_the_kept_answer_is_the_one_worked_out_afresh(person, steps, start):
    m = start
    for step in steps:
        m = max(0, m + step)
        assert person.status_at(m) == person._status_at(m)


def test_a_tick_by_tick_day_asks_the_schedule_only_where_it_changes():
    person = Person(id="ann", name="Ann", role="", home="home", traits={},
                    schedule=[(8 * 60, "cafe"), (17 * 60, "home")], sleep=(23 * 60, 7 * 60))
    worked = []
    plain = person._status_at

    def counting(minute):
        worked.append(minute)
        return plain(minute)

    person._status_at = counting
    answers = [person.status_at(m) for m in range(0, clock.DAY, clock.TICK)]
    assert answers == [plain(m) for m in range(0, clock.DAY, clock.TICK)]
    assert worked == [0, 7 * 60, 8 * 60, 17 * 60, 23 * 60]
