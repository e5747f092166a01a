"""The Pulp Fiction Card Designer form: what a player types becomes a band-file figure the
engine judges, and a saved figure refills the form unchanged."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards.games.pulp_fiction.designer import PulpFictionCharacterForm
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_fiction.engine import evaluate, printed_profile

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-fiction")


def posted(rules, **fields):
    data = {"character_type": "main-character", "name": "Doc", **fields}
    form = PulpFictionCharacterForm(data, rules=rules)
    form.is_valid()
    return form


def test_a_new_card_opens_on_the_type_with_its_side(rules):
    initial = PulpFictionCharacterForm.initial_for(rules=rules, character_type="henchman")
    assert initial == {"character_type": "henchman", "name": "Henchman", "side": "bad"}
    first = PulpFictionCharacterForm.initial_for(rules=rules, character_type="nonsense")
    assert first["character_type"] == "main-character" and first["side"] == "good"


def test_typed_weapons_traits_and_kit_become_the_figure(rules):
    form = posted(
        rules,
        traits=["leader", "fast-runner"],
        wounds="3",
        weapon_1="handgun",
        weapon_1_to_hit="4",
        weapon_1_range_inches="12",
        weapon_1_holstered="on",
        weapon_3="bolt-action-rifle",
        weapon_3_weight="heavy",
        armour="bullet-proof-vest",
        armour_save="5",
        **{"equipment_handgun-holster": "2", "equipment_backpack": "1"},
    )
    assert form.is_valid(), form.errors
    figure = form.character_data()
    assert figure["type"] == "main-character" and figure["profile"]["wounds"] == 3
    assert figure["profile"]["weapons"] == [
        {"weapon": "handgun", "to_hit": 4, "range_inches": 12, "attacks": None, "holstered": True},
        {"weapon": "bolt-action-rifle", "to_hit": None, "range_inches": None, "attacks": None,
         "weight": "heavy"},
    ]  # fmt: skip
    assert figure["profile"]["armour"] == [{"armour": "bullet-proof-vest", "save": 5}]
    assert sorted(figure["profile"]["equipment"]) == [
        "backpack",
        "handgun-holster",
        "handgun-holster",
    ]
    assert evaluate({"characters": [figure]}, rules).legal


def test_what_the_rules_forbid_is_left_to_the_report_not_refused(rules):
    form = posted(rules, character_type="henchman", side="bad", wounds="3", traits=["small-build"])
    assert form.is_valid()
    report = evaluate({"characters": [form.character_data()]}, rules)
    assert {"too-many-wounds", "wound-trait-ignored"} <= report.codes


def test_more_than_four_of_an_item_is_refused_with_a_message(rules):
    form = posted(rules, **{"equipment_handgun-holster": "5"})
    assert not form.is_valid() and "equipment_handgun-holster" in form.errors


@pytest.mark.parametrize("name", ["pulp-fiction-heroes", "pulp-fiction-villains"])
def test_every_example_figure_refills_the_form_and_prints_the_same_card(rules, name):
    band = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    for character in band["characters"]:
        initial = PulpFictionCharacterForm.initial_for(
            rules=rules, character_type=None, character=character
        )
        saved = PulpFictionCharacterForm(initial=initial, rules=rules).character_data()
        assert (saved["name"], saved["type"]) == (character["name"], character["type"])
        # the role (whom it serves) belongs to the band, not the card
        card = printed_profile({**character, "role": ""}, rules)
        assert printed_profile(saved, rules) == card, character["name"]
