"""A Supreme's skills as typed, on the Card Designer or the house-rules form: whatever the
reader takes the roster file holds, and what it writes reads back as the same skills."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rosters.schema import roster_schema
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.skills import parse_skills, skills_problem, skills_text
from rules.shapes import ShapeValidator, problems

RULES = rules_book_from_fixtures("pulp-city")
NAMES = sorted(str(e["name"]) for e in RULES.of_kind("skill"))
SKILLS = ShapeValidator(
    {"$defs": roster_schema()["$defs"], "$ref": "#/$defs/pulp_city_profile/properties/skills"}
)

# A part is a book skill with a value or none, or any words at all.
part = st.one_of(
    st.tuples(
        st.sampled_from(NAMES), st.one_of(st.none(), st.integers(0, 150), st.text(max_size=90))
    ).map(lambda pair: pair[0] if pair[1] is None else f"{pair[0]} {pair[1]}"),
    st.text(max_size=100),
)
typed = st.lists(part, max_size=6).map(", ".join)


@given(typed)
def test_skills_the_reader_takes_are_ones_the_roster_file_holds(text):
    if skills_problem(text, RULES) is None:
        assert problems(SKILLS, parse_skills(text, RULES)) == []


@given(typed)
def test_skills_written_back_as_words_read_as_the_same_skills(text):
    if skills_problem(text, RULES) is None:
        lines = parse_skills(text, RULES)
        assert parse_skills(skills_text(lines, RULES), RULES) == lines


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Blitzer 100", "Blitzer 100: a skill's value is at most 99."),
        ("!!!", "'!!!' is not a skill name: use letters or digits."),
    ],
)
def test_a_skill_the_file_could_not_hold_is_refused_in_words(text, problem):
    assert skills_problem(text, RULES) == problem
