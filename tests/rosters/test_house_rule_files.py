"""Every kind of house rule a player can make travels: made on the house-rules page, used in a
roster, exported and imported into another account, it arrives as it was saved. The roster
file's closed house-rule shape (docs/roster.schema.json) must take everything the app writes."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rosters.handlers.cards import save_card
from rosters.models import Roster, RosterMember
from rosters.schema import roster_schema
from rules.models import ENTRY_RULES, LibraryEntry, Ruleset
from rules.rulesets import REGISTRY
from tests.rosters.roster_strategies import game_tests

pytestmark = pytest.mark.django_db

# Where a roster uses a house rule of each kind players may add, from each game's own test
# module (tests/games/<game>.py, HOUSE_RULE_USES): (character type, the character's profile
# with the house rule's slug, the roster's choice key naming it).
USES = {
    (slug, kind): use
    for slug in REGISTRY
    for kind, use in getattr(game_tests(slug), "HOUSE_RULE_USES", {}).items()
}


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def roster_using(owner, ruleset, character_type, profile, choices):
    roster = Roster.objects.create(
        owner=owner, ruleset=ruleset, name="House Table", choices=choices
    )
    character = save_card(
        owner=owner,
        ruleset=ruleset,
        data={"name": "Doc Thunder", "type": character_type, "profile": profile},
    ).character
    RosterMember.objects.create(roster=roster, character=character, position=0)
    return roster


def exported_and_imported(player_client, rival, roster):
    """The roster's file as the export page writes it, imported by `rival` on the import page."""
    exported = player_client.get(f"/rosters/{roster.pk}/export.json")
    assert exported.status_code == 200
    client = Client()
    client.force_login(rival)
    upload = SimpleUploadedFile("roster.json", exported.content, content_type="application/json")
    response = client.post("/rosters/import/", {"file": upload})
    errors = response.context["form"].errors if response.status_code == 400 else None
    assert response.status_code == 302, errors
    return json.loads(exported.content)


def same_rule(theirs, ours):
    return {name: getattr(theirs, name) for name in ("slug", *ENTRY_RULES)} == {
        name: getattr(ours, name) for name in ("slug", *ENTRY_RULES)
    }


def test_every_kind_players_may_add_is_used_here():
    """A game that lets players add house rules says, in its tests/games/ module, where a
    roster uses each kind."""
    offered = {(d.slug, kind) for d in REGISTRY.values() for kind in d.house_rule_kinds}
    assert offered == set(USES)


# Every field a game's house-rules form may add to a rule's data, at the form's bounds (the
# forms of games whose rules hold no data ignore them).
CARD_AT_ITS_BOUNDS = {
    "category": "device",
    "usage": "personal-one-use",
    "models": "99",
    "shield": "0",
    "damage": "99",
    "sides": ["heroes", "villains"],
    "origin": "science",
    "team_allegiance": "heavy-metal",
    "strength": "99",
    "spirit": "0",
    "trump_traits": ["strength", "spirit"],
    "ap": "99",
    "exclusive_to": "solar",
    "skills": "Blitzer 2, Super Duo Stalk, Mechanical",
}
CARRY_DATA = {("pulp-city", "resource"), ("pulp-city", "supreme")}


@pytest.mark.parametrize(("ruleset", "kind"), sorted(USES))
def test_a_house_rule_made_on_the_page_exports_and_imports_as_saved(
    player_client, player, rival, rules_data, ruleset, kind
):
    posted = player_client.post(
        f"/rules/{ruleset}/house-rules/",
        {
            "kind": kind,
            "name": "Ray-Gun <Mk II> & Sons",
            "summary": "“Our table's own.” " * 20,
            "level": "2",
            "cost": "3",
            "page": "9999",
            **CARD_AT_ITS_BOUNDS,
        },
    )
    assert posted.status_code == 302
    ours = LibraryEntry.objects.get(owner=player, kind=kind)
    if (ruleset, kind) in CARRY_DATA:
        assert ours.data  # the numbers the checks read travel with the rule
    needs = REGISTRY[ruleset].house_rule_kinds[kind]
    kept = {"level": (2, None), "cost": (None, 3)}.get(needs, (None, None))
    assert (ours.level, ours.cost) == kept  # only the number the kind needs
    character_type, profile, choice = USES[(ruleset, kind)]
    choices = {choice: [ours.slug]} if choice else {}
    roster = roster_using(
        player, Ruleset.objects.get(slug=ruleset), character_type, profile(ours.slug), choices
    )
    document = exported_and_imported(player_client, rival, roster)
    assert [rule["slug"] for rule in document["house_rules"]] == [ours.slug]
    assert same_rule(LibraryEntry.objects.get(owner=rival, kind=kind), ours)


def test_a_house_supreme_s_skills_and_a_resource_s_owner_come_back_to_the_page(
    player_client, player, rival, rules_data
):
    """Typed on the house-rules page, carried by the roster file, read back on the page of
    the player who imported it."""
    for kind in ("supreme", "resource"):
        assert (
            player_client.post(
                "/rules/pulp-city/house-rules/",
                {"kind": kind, "name": f"Our {kind}", "summary": "Ours.", "level": "2"}
                | CARD_AT_ITS_BOUNDS,
            ).status_code
            == 302
        )
    supreme = LibraryEntry.objects.get(owner=player, kind="supreme")
    resource = LibraryEntry.objects.get(owner=player, kind="resource")
    assert supreme.data["skills"] == [
        {"skill": "blitzer", "x": 2},
        {"skill": "super-duo", "x": "Stalk"},
        {"skill": "mechanical", "x": None},
    ]
    assert resource.data["exclusive_to"] == "solar"
    roster = roster_using(
        player,
        Ruleset.objects.get(slug="pulp-city"),
        "level-2",
        {"base": supreme.slug, "resources": [resource.slug]},
        {},
    )
    exported_and_imported(player_client, rival, roster)
    client = Client()
    client.force_login(rival)
    page = client.get("/rules/pulp-city/house-rules/").content.decode()
    assert "Skills: Blitzer 2, Super Duo Stalk, Mechanical" in page
    assert "Exclusive to Solar" in page


def test_a_players_genres_for_a_7tv_profile_export_and_import_as_saved(
    player_client, player, rival, rules_data
):
    posted = player_client.post(
        "/rules/7tv/house-rules/",
        {"form": "genres", "profile": "warrior", "genres": ["fantasy", "historical"]},
    )
    assert posted.status_code == 302
    ours = LibraryEntry.objects.get(owner=player, kind="profile-genres")
    roster = roster_using(
        player, Ruleset.objects.get(slug="7tv"), "extra", {"base": "warrior", "count": 3}, {}
    )
    document = exported_and_imported(player_client, rival, roster)
    assert document["house_rules"][0]["data"] == {"genres": ["fantasy", "historical"]}
    assert same_rule(LibraryEntry.objects.get(owner=rival, kind="profile-genres"), ours)


@pytest.mark.parametrize(
    ("field", "typed", "words"),
    [
        ("page", "0", "greater than or equal to 1"),
        ("page", "10000", "less than or equal to 9999"),
        ("level", "100", "less than or equal to 99"),
        ("cost", "1000", "less than or equal to 999"),
    ],
)
def test_the_page_refuses_a_number_a_roster_file_could_not_carry(
    player_client, player, rules_data, field, typed, words
):
    limits = roster_schema()["$defs"]["house_rule"]["properties"][field]
    assert int(typed) not in range(limits["minimum"], limits["maximum"] + 1)
    posted = player_client.post(
        "/rules/pulp-city/house-rules/",
        {"kind": "resource", "name": "Jet Pack", "summary": "Flies.", "level": "1", field: typed},
    )
    assert posted.status_code == 200
    assert words in posted.content.decode()
    assert not LibraryEntry.objects.filter(owner=player).exists()
