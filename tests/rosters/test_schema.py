"""The roster schema is put together from the shared shape, the shapes of rules data and each
registered ruleset's part; the copy in docs/ for readers says exactly the same."""

import json
from pathlib import Path

from django.conf import settings as django_settings
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from rosters.schema import roster_schema
from rules.engines.effects import effect_of
from rules.fixture_book import rules_book_from_fixtures
from rules.rulesets import REGISTRY
from rules.shapes import ShapeValidator

DOCS_COPY = Path(django_settings.BASE_DIR) / "docs" / "roster.schema.json"


def test_the_documented_schema_is_the_one_the_app_checks_files_against():
    assert json.loads(DOCS_COPY.read_text(encoding="utf-8")) == roster_schema()


def test_every_registered_ruleset_has_its_own_block():
    blocks = roster_schema()["allOf"]
    assert [block["if"]["properties"]["ruleset"]["const"] for block in blocks] == list(REGISTRY)
    Draft202012Validator.check_schema(roster_schema())


def test_a_ruleset_part_applies_only_to_its_own_files():
    validator = Draft202012Validator(roster_schema())
    # A 7TV line's model count: no Pulp Alley profile has one, every 7TV profile may.
    character = {"name": "Arge", "type": "sidekick", "profile": {"count": 2}}
    document = {
        "format": "cliffhanger-roster",
        "version": 1,
        "name": "League",
        "characters": [character],
    }
    assert not validator.is_valid({**document, "ruleset": "pulp-alley"})
    assert validator.is_valid({**document, "ruleset": "7tv"})


def fixture_effect_values():
    """Every (key, value) the shipped rules data gives an effect: values of the right shapes."""
    return sorted(
        {
            (key, json.dumps(value))
            for slug in REGISTRY
            for entry in rules_book_from_fixtures(slug).entries.values()
            for key, value in (entry.get("effect") or {}).items()
        }
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6,
)


@given(
    pair=st.sampled_from(fixture_effect_values()),
    other=json_values,
    use_other=st.booleans(),
)
def test_a_house_rule_effect_a_roster_file_accepts_is_one_the_engines_apply(pair, other, use_other):
    """One copy of the shapes: an effect value is kept by the engines exactly when a roster
    file may carry it, whatever the value."""
    key, value = pair[0], other if use_other else json.loads(pair[1])
    schema = roster_schema()
    accepted = ShapeValidator({"$defs": schema["$defs"], "$ref": "#/$defs/effect"}).is_valid(
        {key: value}
    )
    assert (key in effect_of({"effect": {key: value}})) == accepted
