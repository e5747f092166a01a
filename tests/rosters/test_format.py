"""Reading roster files: the documented examples pass, and a bad file is refused with the
exact place and reason, so a player can fix it by hand."""

import base64
import copy
import json
from pathlib import Path

import pytest
from django.conf import settings
from jsonschema import Draft202012Validator

from rosters.format import VERSION, RosterFormatError, load_roster, read_roster, schema
from tests.rosters.hostile_files import HOSTILE_FILES

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


@pytest.fixture
def smith():
    return read_roster(EXAMPLES / "singapore-smith.json")


def refused(document):
    with pytest.raises(RosterFormatError) as caught:
        load_roster(json.dumps(document))
    return caught.value


def test_the_schema_is_valid_json_schema_2020_12():
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", ["singapore-smith", "captain-wolf"])
def test_the_documented_examples_are_valid(name):
    roster = read_roster(EXAMPLES / f"{name}.json")
    assert roster["format"] == "cliffhanger-roster"
    # The examples predate the campaign block (version 2): older files still read.
    assert roster["version"] in (1, VERSION)


def test_bad_dice_are_refused_with_their_path(smith):
    smith["characters"][2]["profile"]["skills"]["brawl"] = "3x8"
    error = refused(smith)
    assert error.path == "characters[2].profile.skills.brawl"
    assert str(error).startswith("characters[2].profile.skills.brawl: '3x8' is not dice notation")


def test_shoot_alone_may_be_a_dash_or_null(smith):
    skills = smith["characters"][0]["profile"]["skills"]
    skills["shoot"] = None
    load_roster(json.dumps(smith))
    skills["brawl"] = "—"
    assert refused(smith).path == "characters[0].profile.skills.brawl"


def test_a_misspelt_skill_is_named(smith):
    smith["characters"][1]["profile"]["skills"]["cuning"] = "2d6"
    assert str(refused(smith)) == "characters[1].profile.skills: unexpected field 'cuning'"


def test_health_must_be_a_bare_die_type(smith):
    smith["characters"][0]["profile"]["health"] = "1d10"
    assert "is not a die type" in str(refused(smith))


@pytest.mark.parametrize(
    ("remove", "message"),
    [
        ((), "'name' is missing"),
        ((0,), "characters[0]: 'type' is missing"),
    ],
)
def test_required_fields_are_named(smith, remove, message):
    target = smith["characters"][remove[0]] if remove else smith
    target.pop("type" if remove else "name")
    assert str(refused(smith)) == message


def test_a_half_built_character_is_still_a_readable_file(smith):
    smith["characters"].append({"name": "Newcomer", "type": "ally"})
    smith["characters"].append({"name": "Partly done", "type": "ally", "profile": {"skills": {}}})
    assert len(load_roster(json.dumps(smith))["characters"]) == 8


def test_a_newer_version_is_refused_with_a_clear_message(smith):
    smith["version"] = VERSION + 1
    smith["characters"] = "a shape this version cannot know"
    error = refused(smith)
    assert error.path == "version"
    assert f"version {VERSION + 1}" in str(error) and "update Cliffhanger" in str(error)


def test_a_version_must_be_a_number(smith):
    smith["version"] = "1"
    assert str(refused(smith)) == "version: '1' is not one of 1, 2, 3"


def test_fields_a_reader_does_not_know_are_ignored(smith):
    smith["notes"] = "Added by a later Cliffhanger."
    assert load_roster(json.dumps(smith))["notes"] == "Added by a later Cliffhanger."


def test_each_ruleset_checks_profiles_against_its_own_closed_keys():
    cast = {
        "format": "cliffhanger-roster",
        "version": 1,
        "ruleset": "7tv",
        "name": "The Ministry",
        "characters": [{"name": "Agent", "type": "star", "profile": {"base": "x", "count": 2}}],
    }
    assert load_roster(json.dumps(cast))["ruleset"] == "7tv"
    # A Pulp Alley key means nothing to a 7TV engine: refused, not stored to break pages.
    cast["characters"][0]["profile"]["skills"] = {"x": 1}
    assert str(refused(cast)) == "characters[0].profile: unexpected field 'skills'"


def test_a_portrait_travels_as_base64(smith):
    picture = base64.b64encode(b"\x89PNG\r\n\x1a\n fake").decode()
    smith["characters"][0]["portrait"] = {"media_type": "image/png", "data": picture, "crop": {}}
    load_roster(json.dumps(smith))
    smith["characters"][0]["portrait"]["data"] = "not base64!"
    error = refused(smith)
    assert error.path == "characters[0].portrait.data"
    smith["characters"][0]["portrait"] = {"media_type": "image/gif", "data": picture}
    assert refused(smith).path == "characters[0].portrait.media_type"


def test_house_rules_need_a_kind_slug_and_name_and_a_sound_effect(smith):
    rule = {"kind": "ability", "slug": "house-two-guns", "name": "Two Guns", "level": 2}
    smith["house_rules"] = [dict(rule, effect={"add_dice": {"shoot": 1}})]
    load_roster(json.dumps(smith))
    broken = copy.deepcopy(smith)
    broken["house_rules"][0]["effect"] = {"add_dice": {"shoot": "one"}}
    assert refused(broken).path == "house_rules[0].effect.add_dice.shoot"
    broken["house_rules"] = [dict(rule, slug="Two Guns")]
    assert "is not a slug" in str(refused(broken))


def test_perks_are_slugs(smith):
    smith["choices"]["perks"] = ["Company of Heroes"]
    assert refused(smith).path == "choices.perks[0]"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ("[]", "one JSON object"),
        ('{"format": "something-else"}', "not a Cliffhanger roster"),
        (b"\xff\xfe\xff", "not a text file"),
    ],
)
def test_files_that_are_not_rosters_at_all(content, message):
    with pytest.raises(RosterFormatError, match=message):
        load_roster(content)


def test_a_missing_file_is_a_format_error_not_a_crash(tmp_path):
    with pytest.raises(RosterFormatError, match="cannot read the file"):
        read_roster(tmp_path / "absent.json")


# 7TV casts --------------------------------------------------------------------------------

SEVEN_TV_SAMPLES = ["claire", "shaun", "simon", "georgia", "luca"]


@pytest.fixture
def shaun():
    return read_roster(EXAMPLES / "7tv-shaun.json")


@pytest.mark.parametrize("name", SEVEN_TV_SAMPLES)
def test_the_7tv_sample_casts_are_valid_files(name):
    cast = read_roster(EXAMPLES / f"7tv-{name}.json")
    assert cast["ruleset"] == "7tv"
    assert cast["version"] in (1, VERSION)
    assert all({"base", "count"} <= set(c["profile"]) for c in cast["characters"])


def test_a_customised_star_is_a_readable_file(shaun):
    shaun["characters"][0]["profile"]["customisation"] = {
        "stats": {"defence": 1, "fight": 1, "mind": -1, "health": 1},
        "genre_swap": {"from": "action", "to": "horror"},
        "move": 8,
        "add_effects": ["special-effect/parry", {"ref": "special-effect/leader-x", "x": 1}],
        "remove_effects": ["profile-effect/pacifist"],
        "swap_effects": [{"from": "profile-effect/heros-journey", "to": "special-effect/brave"}],
        "magic_user": 1,
        "add_attacks": [{"name": "Sling", "type": "shoot", "range_in": 12, "strike": 6}],
        "swap_attacks": [{"from": "Self Defence", "to": {"name": "Staff", "type": "fight"}}],
    }
    # Even a change the book forbids (Health) reads: the report, not the format, refuses it.
    load_roster(json.dumps(shaun))


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            {"customisation": {"stats": {"luck": 1}}},
            "characters[0].profile.customisation.stats",
            "unexpected field 'luck'",
        ),
        (
            {"customisation": {"teleport": 6}},
            "characters[0].profile.customisation",
            "unexpected field 'teleport'",
        ),
        (
            {"customisation": {"add_effects": ["Parry"]}},
            "characters[0].profile.customisation.add_effects[0]",
            "'Parry' is not a reference kind/slug such as special-effect/parry",
        ),
        (
            {"customisation": {"add_attacks": [{"name": "Sling", "type": "ranged"}]}},
            "characters[0].profile.customisation.add_attacks[0].type",
            "'ranged' is not one of",
        ),
        ({"count": 0}, "characters[0].profile.count", "0 is less than 1"),
        ({"base": "Innocent Soul"}, "characters[0].profile.base", "is not a slug"),
    ],
    ids=["stat", "change", "effect-ref", "attack-type", "count", "base"],
)
def test_a_misshapen_7tv_line_is_refused_with_its_place(shaun, change, path, message):
    shaun["characters"][0]["profile"].update(change)
    error = refused(shaun)
    assert error.path == path
    assert message in error.message


def test_the_7tv_affiliation_is_one_of_three(shaun):
    shaun["choices"]["affiliation"] = "evil"
    assert refused(shaun).path == "choices.affiliation"
    shaun["choices"] = {"affiliation": None, "genre": None}
    load_roster(json.dumps(shaun))  # half-built: the report asks for them


def test_7tv_house_rules_may_carry_the_cast_building_effects(shaun):
    rule = {"kind": "profile-effect", "slug": "house-stable", "name": "Stable"}
    shaun["house_rules"] = [dict(rule, effect={"set_price": {"steed": 1}, "max_per_cast": 1})]
    load_roster(json.dumps(shaun))
    shaun["house_rules"][0]["effect"] = {"set_price": {"steed": "cheap"}}
    assert refused(shaun).path == "house_rules[0].effect.set_price.steed"


@pytest.mark.parametrize(("content", "path", "words"), HOSTILE_FILES.values(), ids=HOSTILE_FILES)
def test_a_hostile_file_is_refused_in_one_sentence_naming_its_place(content, path, words):
    with pytest.raises(RosterFormatError) as caught:
        load_roster(content)
    assert (caught.value.path, words in caught.value.message) == (path, True)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200
    str(caught.value).encode("utf-8")  # printable on any page or terminal


def test_a_hostile_key_is_quoted_short_and_escaped(smith):
    smith["choices"] = {"\ud800" + "x" * 5000: []}
    error = refused(smith)
    assert error.path == "choices" and "lone UTF-16 surrogate" in error.message
    smith["choices"] = {"x" * 5000: []}
    assert len(str(refused(smith))) < 200


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(smith, monkeypatch):
    content = json.dumps(smith)
    monkeypatch.setattr("rosters.format.MAX_FILE_BYTES", len(content) - 1)
    with pytest.raises(RosterFormatError) as caught:
        load_roster(content)
    assert "too big for a roster" in str(caught.value)


def cast_of(*characters, version=2):
    return {
        "format": "cliffhanger-roster",
        "version": version,
        "ruleset": "7tv",
        "name": "Cast",
        "characters": [
            {"type": "co-star", "profile": {"base": "loyal-sidekick"}} | character
            for character in characters
        ],
    }


def test_characters_without_ids_get_the_lowest_free_numbers():
    document = load_roster(
        json.dumps(cast_of({"name": "A"}, {"name": "B", "id": "1"}, {"name": "C"}))
    )
    assert [c["id"] for c in document["characters"]] == ["2", "1", "3"]


def test_a_boss_named_by_name_is_named_by_id_once_read():
    document = cast_of(
        {"name": "Overlord"},
        {"name": "Sam", "role": "sidekick-of:Overlord"},
        {"name": "Pip", "role": "sidekick-of:Nobody"},
    )
    roles = [c["role"] for c in load_roster(json.dumps(document))["characters"][1:]]
    assert roles == ["sidekick-of:1", "sidekick-of:Nobody"]


def test_a_name_two_characters_share_is_not_guessed_at():
    document = cast_of(
        {"name": "Thug"}, {"name": "Thug"}, {"name": "Sam", "role": "sidekick-of:Thug"}
    )
    assert load_roster(json.dumps(document))["characters"][2]["role"] == "sidekick-of:Thug"


def test_a_boss_named_by_id_stays_even_when_a_name_reads_the_same():
    document = cast_of(
        {"name": "Overlord", "id": "2"},
        {"name": "2", "id": "x"},
        {"name": "Sam", "id": "sam", "role": "sidekick-of:2"},
        version=VERSION,
    )
    assert load_roster(json.dumps(document))["characters"][2]["role"] == "sidekick-of:2"


def test_two_characters_may_not_share_an_id():
    error = refused(cast_of({"name": "A", "id": "a"}, {"name": "B", "id": "a"}, version=VERSION))
    assert error.path == "characters[1].id"
    assert "characters[0]" in error.message


def test_an_id_is_a_short_word():
    error = refused(cast_of({"name": "A", "id": "two words"}, version=VERSION))
    assert error.path == "characters[0].id"
