"""Roster files an attacker (or an unlucky editor) sends, each with the words its refusal must
contain. Shared by the format, import page and command line tests: every way in refuses
them the same way."""

import json
from pathlib import Path

from django.conf import settings

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


def league(**changes):
    document = json.loads((EXAMPLES / "singapore-smith.json").read_text())
    document.update(changes)
    return document


def as_bytes(document):
    return json.dumps(document).encode()


def with_budget(raw):
    """The league with its budget written as raw JSON text (for what json.dumps won't write)."""
    return as_bytes(league(budget=0)).replace(b'"budget": 0', b'"budget": ' + raw)


def with_skill(value):
    document = league()
    document["characters"][0]["profile"]["skills"]["brawl"] = value
    return as_bytes(document)


def with_house_rule(**fields):
    return as_bytes(
        league(house_rules=[{"kind": "ability", "slug": "house-x", "name": "X", **fields}])
    )


def with_first_character(**fields):
    document = league()
    document["characters"][0].update(fields)
    return as_bytes(document)


def seven_tv_cast(**changes):
    document = json.loads((EXAMPLES / "7tv-claire.json").read_text())
    document.update(changes)
    return as_bytes(document)


def pulp_city_team(**changes):
    document = json.loads((EXAMPLES / "pulp-city-major-team-clash.json").read_text())
    document.update(changes)
    return document


def with_static(**profile):
    """The team with its first Supreme's card (Captain Meridian, entered in full) changed."""
    document = pulp_city_team()
    document["characters"][0]["profile"].update(profile)
    return as_bytes(document)


def with_pulp_city_house_rule(**fields):
    rule = {"kind": "supreme", "slug": "house-captain-volt", "name": "Captain Volt", **fields}
    return as_bytes(pulp_city_team(house_rules=[rule]))


def with_house_genres(data):
    rule = {"kind": "profile-genres", "slug": "warrior", "name": "Warrior", "data": data}
    return seven_tv_cast(house_rules=[rule])


def with_hero_weapon(**fields):
    """The Pulp Fiction heroes with their first figure's first weapon changed."""
    document = json.loads((EXAMPLES / "pulp-fiction-heroes.json").read_text())
    document["characters"][0]["profile"]["weapons"][0].update(fields)
    return as_bytes(document)


DEPTH = 100_000

# name: (the file's bytes, the place it names, words of the one sentence that refuses it)
HOSTILE_FILES = {
    "nested-100000-deep": (b'{"a":' * DEPTH + b"1" + b"}" * DEPTH, "", "nest deeper than"),
    "budget-of-5000-digits": (with_budget(b"9" * 5000), "", "a number of 5000 digits"),
    "dice-count-of-5000-digits": (
        with_skill("9" * 5000 + "d8"),
        "characters[0].profile.skills.brawl",
        "is not dice notation such as 3d8 (1 to 99 dice)",
    ),
    "nan": (with_budget(b"NaN"), "", "NaN is not a number JSON allows"),
    "infinity": (with_budget(b"-Infinity"), "", "-Infinity is not a number JSON allows"),
    "lone-surrogate": (
        as_bytes(league(name="\ud800")),
        "name",
        "lone UTF-16 surrogate",
    ),
    "nul-character": (as_bytes(league(name="Smith\x00")), "name", "NUL character"),
    "page-beyond-its-column": (
        with_house_rule(page=40_000),
        "house_rules[0].page",
        "40000 is more than 9999",
    ),
    "level-beyond-its-column": (
        with_house_rule(level=40_000),
        "house_rules[0].level",
        "40000 is more than 99",
    ),
    "budget-beyond-its-column": (
        as_bytes(league(budget=2**31)),
        "budget",
        "2147483648 is more than 10000",
    ),
    "slug-longer-than-its-column": (
        with_house_rule(slug="a" * 81),
        "house_rules[0].slug",
        "81 characters long; at most 80 fit",
    ),
    "edition-longer-than-its-column": (
        with_house_rule(edition="e" * 41),
        "house_rules[0].edition",
        "41 characters long; at most 40 fit",
    ),
    "summary-longer-than-the-form-allows": (
        with_house_rule(summary="word " * 81),
        "house_rules[0].summary",
        "405 characters long; at most 400 fit",
    ),
    "unknown-house-rule-field": (
        with_house_rule(x=[["a"]]),
        "house_rules[0]",
        "unexpected field 'x'",
    ),
    "house-rule-page-zero": (with_house_rule(page=0), "house_rules[0].page", "0 is less than 1"),
    "data-on-a-house-ability": (
        with_house_rule(data={"x": [["a"]]}),
        "house_rules[0].data",
        "unexpected field 'x'",
    ),
    "card-values-in-a-house-supreme": (
        with_pulp_city_house_rule(level=2, data={"traits": {"energy": 10**9}, "damage": 7}),
        "house_rules[0].data.traits.energy",
        "1000000000 is more than 99",
    ),
    "a-house-resource-of-no-category-the-book-has": (
        with_pulp_city_house_rule(kind="resource", level=1, data={"category": "spaceship"}),
        "house_rules[0].data.category",
        "spaceship",
    ),
    "more-on-a-house-supreme-than-a-card-holds": (
        with_pulp_city_house_rule(level=2, data={"flavour": "x" * 10**4}),
        "house_rules[0].data",
        "unexpected field 'flavour'",
    ),
    "data-on-a-house-pulp-fiction-trait": (
        as_bytes(
            json.loads((EXAMPLES / "pulp-fiction-heroes.json").read_text())
            | {"house_rules": [{"kind": "trait", "slug": "house-x", "name": "X", "data": {"y": 1}}]}
        ),
        "house_rules[0].data",
        "unexpected field 'y'",
    ),
    "house-genres-that-are-not-slugs": (
        with_house_genres({"genres": [["fantasy"]]}),
        "house_rules[0].data.genres[0]",
        "should be text",
    ),
    "house-genres-beside-another-field": (
        with_house_genres({"genres": ["fantasy"], "stats": {"fight": 10**9}}),
        "house_rules[0].data",
        "unexpected field 'stats'",
    ),
    "too-many-house-genres": (
        with_house_genres({"genres": ["fantasy"] * 21}),
        "house_rules[0].data.genres",
        "has 21 entries; at most 20 are allowed",
    ),
    "type-longer-than-its-column": (
        with_first_character(type="a" * 41),
        "characters[0].type",
        "41 characters long; at most 40 fit",
    ),
    "budget-written-as-a-fraction": (
        seven_tv_cast(budget=25.0),
        "budget",
        "25.0 should be a whole number or null",
    ),
    "unknown-choice-number": (
        as_bytes(league(choices={"x": 1})),
        "choices",
        "unexpected field 'x'",
    ),
    "unknown-choice-nested-list": (
        as_bytes(league(choices={"x": [["a"]]})),
        "choices",
        "unexpected field 'x'",
    ),
    "unknown-7tv-choice": (
        seven_tv_cast(choices={"affiliation": "villainous", "x": [["a"]]}),
        "choices",
        "unexpected field 'x'",
    ),
    "unknown-profile-key": (
        with_first_character(profile={"x": [["a"]]}),
        "characters[0].profile",
        "unexpected field 'x'",
    ),
    "unknown-pulp-city-choice": (
        as_bytes(pulp_city_team(choices={"side": "heroes", "x": [["a"]]})),
        "choices",
        "unexpected field 'x'",
    ),
    "unknown-pulp-city-action-key": (
        with_static(exclusive_actions=[{"name": "Arc Bolt", "x": [["a"]]}]),
        "characters[0].profile.exclusive_actions[0]",
        "unexpected field 'x'",
    ),
    "pulp-city-trait-beyond-its-range": (
        with_static(traits={"energy": 10**9}),
        "characters[0].profile.traits.energy",
        "1000000000 is more than 99",
    ),
    "pulp-city-team-power-longer-than-the-form-allows": (
        with_static(team_power={"name": "Live Wire", "summary": "z" * 601}),
        "characters[0].profile.team_power.summary",
        "601 characters long; at most 600 fit",
    ),
    "unknown-pulp-fiction-choice": (
        as_bytes(
            json.loads((EXAMPLES / "pulp-fiction-heroes.json").read_text()) | {"choices": {"x": 1}}
        ),
        "choices",
        "unexpected field 'x'",
    ),
    "unknown-pulp-fiction-weapon-key": (
        with_hero_weapon(x={"y": [1]}),
        "characters[0].profile.weapons[0]",
        "unexpected field 'x'",
    ),
    "pulp-fiction-range-beyond-its-range": (
        with_hero_weapon(range_inches=10**9),
        "characters[0].profile.weapons[0].range_inches",
        "1000000000 is more than 999",
    ),
}


ZEROS = 15_000_000


def write_fifteen_million_zeros(path):
    """Issue 22's file: a league with a list of 15 million zeros under a key no reader knows
    (29 MB, under the upload limit). json.loads took 2.6 GB and half a minute over it."""
    head = as_bytes(league())[:-1]
    path.write_bytes(head + b', "tally": [' + b"0," * (ZEROS - 1) + b"0]}")
    return path
