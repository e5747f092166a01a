"""The start-up checks fail loudly on a registered ruleset that lacks a part, and on fixture
data naming an effect key no engine reads."""

import dataclasses
import shutil
from pathlib import Path

import pytest
from django.core.checks import run_checks
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from rules import checks
from rules.fixture_folder import FIXTURES_DIR
from rules.rulesets import REGISTRY


@pytest.fixture
def registry(monkeypatch):
    """A copy of the registry a test may break without touching the real one."""
    copy = dict(REGISTRY)
    monkeypatch.setattr(checks, "REGISTRY", copy)
    return copy


def messages(errors):
    return [error.msg for error in errors]


@pytest.mark.django_db  # Django's own model checks ask the database its version
def test_the_shipped_rulesets_pass_every_check():
    assert checks.registered_rulesets_are_complete(None) == []
    assert checks.fixture_effects_are_read(None) == []
    # As `manage.py check` counts them: a check the settings silence, with their reason, is not
    # a failure (django-ratelimit's cache checks; see config/settings.py).
    serious = [error for error in run_checks() if error.is_serious() and not error.is_silenced()]
    assert serious == []


def test_an_engine_without_an_entry_point_fails_the_check(registry):
    registry["pulp-alley"] = dataclasses.replace(
        REGISTRY["pulp-alley"], engine="rules.engines.plain"
    )
    found = messages(checks.registered_rulesets_are_complete(None))
    assert "Ruleset 'pulp-alley': its engine rules.engines.plain has no evaluate()." in found
    assert any("does not declare EFFECT_KEYS" in message for message in found)


def test_a_missing_engine_module_fails_the_check(registry):
    registry["pulp-alley"] = dataclasses.replace(
        REGISTRY["pulp-alley"], engine="rules.engines.no_such_game"
    )
    (error,) = checks.registered_rulesets_are_complete(None)
    assert error.id == "rules.E002" and "does not import" in error.msg


def test_a_ruleset_without_its_example_force_or_data_fails_the_check(tmp_path):
    """A game whose folder holds only its ruleset.yaml row (every game has data now, so the
    fixtures are a bare copy)."""
    (tmp_path / "pulp-city").mkdir()
    (tmp_path / "pulp-city" / "ruleset.yaml").write_text("order: 1\n", encoding="utf-8")
    definition = dataclasses.replace(
        REGISTRY["pulp-alley"], slug="pulp-city", example="pulp-city-nobody.json"
    )
    found = checks.data_problems(definition, tmp_path)
    assert any("fixtures/pulp-city/character-types.yaml is missing" in m for m in found)
    assert any("fixtures/pulp-city/samples/pulp-city-nobody.json is missing" in m for m in found)
    assert any("fixtures/pulp-city/roster-schema.json" in m for m in found)


@pytest.mark.django_db
def test_the_system_check_stops_start_up_on_a_missing_part(registry):
    registry["pulp-alley"] = dataclasses.replace(REGISTRY["pulp-alley"], example="")
    with pytest.raises(SystemCheckError, match="rules.E002"):
        call_command("check", tag=["models"])


def test_a_misspelt_effect_key_in_the_fixtures_is_reported(tmp_path):
    shutil.copytree(FIXTURES_DIR / "pulp-alley", tmp_path / "pulp-alley")
    perks = tmp_path / "pulp-alley" / "perks.yaml"
    perks.write_text(
        perks.read_text(encoding="utf-8").replace("restricted_slots:", "restricted_slot:", 1),
        encoding="utf-8",
    )
    unread = checks.unread_effect_keys(REGISTRY["pulp-alley"], tmp_path)
    assert unread == [("perk/mastermind", "restricted_slot")]


def test_every_effect_key_an_engine_declares_is_read_by_its_code():
    """EFFECT_KEYS cannot claim a key the engine's modules (its game's rules folder) never
    look up."""
    for definition in REGISTRY.values():
        engine = definition.engine_module
        folder = Path(engine.__file__).parent
        source = "".join(path.read_text(encoding="utf-8") for path in folder.glob("*.py"))
        for key in engine.EFFECT_KEYS:
            # once in the declaration, at least once where it is applied
            assert source.count(f'"{key}"') >= 2, (definition.slug, key)


def test_campaign_rules_missing_a_part_fail_the_check(registry):
    registry["pulp-alley"] = dataclasses.replace(
        REGISTRY["pulp-alley"], campaign="rules.engines.plain"
    )
    found = messages(checks.registered_rulesets_are_complete(None))
    assert "Ruleset 'pulp-alley': its campaign rules rules.engines.plain lack EVENTS." in found
    registry["pulp-alley"] = dataclasses.replace(
        REGISTRY["pulp-alley"], campaign="rules.engines.no_such_campaign"
    )
    (error,) = checks.registered_rulesets_are_complete(None)
    assert "do not import" in error.msg


def test_a_game_without_campaign_rules_must_say_so(registry):
    """The league page tells the player what the book gives between games: rules, or a note."""
    registry["7tv"] = dataclasses.replace(REGISTRY["7tv"], campaign_note="")
    found = messages(checks.registered_rulesets_are_complete(None))
    assert "Ruleset '7tv': it has neither campaign rules nor a note." in found


def fixture_copy(tmp_path, old, new):
    shutil.copytree(FIXTURES_DIR / "pulp-alley", tmp_path / "pulp-alley")
    perks = tmp_path / "pulp-alley" / "perks.yaml"
    perks.write_text(perks.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return perks


def test_an_effect_of_the_wrong_shape_in_the_fixtures_is_named_where_it_is(tmp_path):
    """Mastermind's six extra slots typed as words: the engine would drop them silently."""
    perks = fixture_copy(tmp_path, "restricted_slots: 6", "restricted_slots: six")
    found = messages(checks.shape_errors(REGISTRY["pulp-alley"], tmp_path))
    assert found == [
        f"{perks}, perk/mastermind, at effect.restricted_slots: 'six' should be a whole number."
    ]


def test_every_wrong_value_in_an_effect_is_named(tmp_path):
    perks = fixture_copy(
        tmp_path,
        "restricted_slots: 6, restricted_to: [ally, follower]",
        "restricted_slots: 600, restricted_to: [ally, Follower]",
    )
    found = messages(checks.shape_errors(REGISTRY["pulp-alley"], tmp_path))
    assert found == [
        f"{perks}, perk/mastermind, at effect.restricted_slots:"
        " 600 is more than 99, the most this field allows.",
        f"{perks}, perk/mastermind, at effect.restricted_to[1]: 'Follower' is not a slug"
        " (lowercase words joined by hyphens, such as hardened-veteran).",
    ]


def test_an_effect_key_an_engine_reads_needs_a_shape(monkeypatch):
    from rules.games.pulp_alley import engine as pulp_alley

    monkeypatch.setattr(pulp_alley, "EFFECT_KEYS", pulp_alley.EFFECT_KEYS | {"extra_fortune"})
    (error,) = checks.shape_errors(REGISTRY["pulp-alley"])
    assert error.id == "rules.E004"
    assert error.msg == (
        "Ruleset 'pulp-alley': its engine reads the effect key 'extra_fortune', which has no"
        " shape in rules/engines/shapes.schema.json."
    )


def test_the_shipped_fixtures_have_every_effect_in_shape():
    assert checks.fixture_effects_have_their_shapes(None) == []


def test_every_engine_prints_the_sample_characters_as_the_shared_type():
    assert checks.printed_profiles_are_typed(None) == []


def test_an_engine_printing_an_untyped_dict_fails_the_check(monkeypatch):
    """A game whose card is a bare dict would send the builder and faces back to guessing."""
    engine = REGISTRY["pulp-alley"].engine_module
    monkeypatch.setattr(engine, "printed_profile", lambda character, rules: {"health": "d8"})
    errors = checks.printed_profiles_are_typed(None)
    assert {error.id for error in errors} == {"rules.E005"}
    assert (
        "Ruleset 'pulp-alley': samples/captain-wolf.json, 'Captain Wolf': printed_profile"
        " returns dict." in messages(errors)
    )


def test_an_engine_that_raises_on_a_sample_character_fails_the_check(monkeypatch):
    def broken(character, rules):
        raise KeyError("skills")

    monkeypatch.setattr(REGISTRY["7tv"].engine_module, "printed_profile", broken)
    errors = checks.printed_profiles_are_typed(None)
    assert errors and all("printed_profile raises KeyError('skills')" in e.msg for e in errors)
