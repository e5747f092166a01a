"""Data migrations of saved rosters: what a player saved before a change still means the same
after it."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rules.models import Ruleset

BEFORE = [("rosters", "0008_campaigns")]
AFTER = [("rosters", "0009_roles_by_id")]


def latest():
    """Every app at its newest migration: where a test leaves the database for the rest."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def migrated_to(targets):
    """The models as the tables now stand: the targets, and every other app at its newest
    applied migration (a later migration of another app, such as a dropped column, is in the
    tables too, so the targets' own state alone would not match them)."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    applied = set(executor.loader.applied_migrations)
    graph = executor.loader.graph
    newest = [
        node
        for node in applied
        if not any(
            child.key in applied and child.key[0] == node[0]
            for child in graph.node_map[node].children
        )
    ]
    return executor.loader.project_state(newest).apps


@pytest.mark.django_db(transaction=True)
def test_a_sidekick_saved_naming_its_boss_by_name_names_it_by_id():
    apps = migrated_to(BEFORE)
    owner = apps.get_model("accounts", "User").objects.create(username="luca")
    # The rules app is at its newest here: its own model makes the row (a flush may have
    # emptied the table, and the historical model lacks the newer columns).
    Ruleset.objects.get_or_create(slug="7tv", defaults={"name": "7TV"})
    ruleset = apps.get_model("rules", "Ruleset").objects.get(slug="7tv")
    Character = apps.get_model("rosters", "Character")
    Roster = apps.get_model("rosters", "Roster")
    RosterMember = apps.get_model("rosters", "RosterMember")

    def cast(*lines):
        roster = Roster.objects.create(owner=owner, ruleset=ruleset, name="Cast")
        for position, (name, role) in enumerate(lines):
            card = Character.objects.create(
                owner=owner, ruleset=ruleset, character_type="star", name=name
            )
            RosterMember.objects.create(roster=roster, character=card, position=position, role=role)
        return roster

    plain = cast(("Overlord", ""), ("Sam", "sidekick-of:Overlord"), ("Pip", "fellowship"))
    twins = cast(("Thug", ""), ("Thug", ""), ("Sam", "sidekick-of:Thug"))
    lost = cast(("Sam", "sidekick-of:Gandalf"))

    apps = migrated_to(AFTER)
    RosterMember = apps.get_model("rosters", "RosterMember")

    def roles(roster):
        return list(RosterMember.objects.filter(roster=roster.pk).values_list("role", flat=True))

    overlord = RosterMember.objects.get(roster=plain.pk, position=0).character_id
    assert roles(plain) == ["", f"sidekick-of:{overlord}", "fellowship"]
    # Which Thug was meant cannot be known: the player picks the boss again.
    assert roles(twins)[2] == "sidekick-of:Thug"
    assert roles(lost) == ["sidekick-of:Gandalf"]

    apps = migrated_to(BEFORE)
    RosterMember = apps.get_model("rosters", "RosterMember")
    assert roles(plain)[1] == "sidekick-of:Overlord"
    migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_campaign_records_saved_by_name_name_the_character_by_id():
    """A league's learned abilities and escapes, and the timeline's saved states undo puts
    back, name the card; two Thugs' shared name is left for the player to sort out."""
    before, after = [("rosters", "0009_roles_by_id")], [("rosters", "0010_campaign_records_by_id")]
    apps = migrated_to(before)
    owner = apps.get_model("accounts", "User").objects.create(username="ada")
    # The rules app is at its newest here: its own model makes the row (a flush may have
    # emptied the table).
    Ruleset.objects.get_or_create(slug="pulp-alley", defaults={"name": "Pulp Alley"})
    ruleset = apps.get_model("rules", "Ruleset").objects.get(slug="pulp-alley")
    Character = apps.get_model("rosters", "Character")
    roster = apps.get_model("rosters", "Roster").objects.create(
        owner=owner,
        ruleset=ruleset,
        name="League",
        campaign={
            "games": 2,
            "learned": [{"character": "Enki", "ability": "speedy", "game": 2}],
            "pending": [{"character": "Thug", "roll": 3}],
        },
    )
    for position, name in enumerate(["Enki", "Thug", "Thug"]):
        card = Character.objects.create(
            owner=owner, ruleset=ruleset, character_type="ally", name=name
        )
        apps.get_model("rosters", "RosterMember").objects.create(
            roster=roster, character=card, position=position
        )
    enki = Character.objects.get(name="Enki").pk
    entry = apps.get_model("rosters", "CampaignEntry").objects.create(
        roster=roster, game=2, summary="Enki learns Speedy", before={"campaign": roster.campaign}
    )

    apps = migrated_to(after)
    migrated = apps.get_model("rosters", "Roster").objects.get(pk=roster.pk).campaign
    assert migrated["learned"] == [{"character": str(enki), "ability": "speedy", "game": 2}]
    assert migrated["pending"] == [{"character": "Thug", "roll": 3}]
    saved = apps.get_model("rosters", "CampaignEntry").objects.get(pk=entry.pk).before
    assert saved["campaign"]["learned"][0]["character"] == str(enki)

    apps = migrated_to(before)
    restored = apps.get_model("rosters", "Roster").objects.get(pk=roster.pk).campaign
    assert restored["learned"][0]["character"] == "Enki"
    migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_a_roster_deleted_before_deleting_revoked_links_loses_its_link():
    """Restoring it afterwards must not bring the old link back; a roster in use keeps its."""
    before = [("rosters", "0010_campaign_records_by_id")]
    after = [("rosters", "0011_revoke_links_of_deleted_rosters")]
    apps = migrated_to(before)
    owner = apps.get_model("accounts", "User").objects.create(username="ada")
    Ruleset.objects.get_or_create(slug="pulp-alley", defaults={"name": "Pulp Alley"})
    ruleset = apps.get_model("rules", "Ruleset").objects.get(slug="pulp-alley")
    Roster = apps.get_model("rosters", "Roster")
    ShareLink = apps.get_model("rosters", "ShareLink")
    binned = Roster.objects.create(owner=owner, ruleset=ruleset, name="Binned")
    Roster.objects.filter(pk=binned.pk).update(deleted_at="2026-01-01T00:00:00Z")
    kept = Roster.objects.create(owner=owner, ruleset=ruleset, name="Kept")
    ShareLink.objects.create(roster_id=binned.pk, token="binned-token")
    ShareLink.objects.create(roster_id=kept.pk, token="kept-token")

    apps = migrated_to(after)
    tokens = apps.get_model("rosters", "ShareLink").objects.values_list("token", flat=True)
    assert list(tokens) == ["kept-token"]
    migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_a_timeline_entry_saved_before_the_generic_shape_still_undoes():
    """An ability learned before entries kept a before and after comes off the card again on
    undo, and the league's perks go back, from the migrated entry alone."""
    from rosters.handlers import campaign
    from rosters.models import Character, Roster

    before = [("rosters", "0011_revoke_links_of_deleted_rosters")]
    apps = migrated_to(before)
    owner = apps.get_model("accounts", "User").objects.create(username="ada")
    Ruleset.objects.get_or_create(slug="pulp-alley", defaults={"name": "Pulp Alley"})
    ruleset = apps.get_model("rules", "Ruleset").objects.get(slug="pulp-alley")
    roster = apps.get_model("rosters", "Roster").objects.create(
        owner=owner,
        ruleset=ruleset,
        name="League",
        campaign={"games": 2, "experience": 0},
        choices={"reputation_perks": ["local-support"], "perks": ["x"]},
    )
    enki = apps.get_model("rosters", "Character").objects.create(
        owner=owner,
        ruleset=ruleset,
        character_type="ally",
        name="Enki",
        profile={"learned_abilities": ["agile", "speedy"]},
    )
    apps.get_model("rosters", "CampaignEntry").objects.create(
        roster=roster,
        game=2,
        summary="Enki learns Speedy",
        before={
            "campaign": {"games": 2, "experience": 2},
            "reputation_perks": [],
            "society_perks": [],
        },
        learner=enki,
        learned_ability="speedy",
    )

    migrated_to(latest())
    league = Roster.objects.get(pk=roster.pk)
    entry = league.campaign_entries.get()
    assert entry.before["choices"] == {"reputation_perks": [], "society_perks": []}
    campaign.undo(roster=league, entry_id=entry.pk)
    league.refresh_from_db()
    assert league.campaign == {"games": 2, "experience": 2}
    assert league.choices == {"reputation_perks": [], "society_perks": [], "perks": ["x"]}
    assert Character.objects.get(pk=enki.pk).profile["learned_abilities"] == ["agile"]


@pytest.mark.django_db(transaction=True)
def test_a_campaign_block_a_game_without_campaign_rules_cannot_hold_keeps_only_its_tallies():
    """Imports once took any JSON there (a 1e20 came back from PostgreSQL as a long integer)
    and the roster's export then no longer imported: after the migration it exports again."""
    from rosters.format import validate_roster
    from rosters.models import Roster as CurrentRoster
    from rosters.transfer import export_roster

    before = [("rosters", "0012_campaign_entries_before_after")]
    after = [("rosters", "0013_campaign_tallies")]
    apps = migrated_to(before)
    owner = apps.get_model("accounts", "User").objects.create(username="mira")
    for slug, name in (("7tv", "7TV"), ("pulp-alley", "Pulp Alley")):
        Ruleset.objects.get_or_create(slug=slug, defaults={"name": name})
    Roster = apps.get_model("rosters", "Roster")
    rules = apps.get_model("rules", "Ruleset").objects
    hostile = {"episodes": 3, "huge": 10**20, "half": 2.5, "Not A Slug": 1, "list": [1]}
    cast = Roster.objects.create(
        owner=owner, ruleset=rules.get(slug="7tv"), name="Cast", campaign=hostile
    )
    league_state = {"games": 2, "reputation": 14}
    league = Roster.objects.create(
        owner=owner, ruleset=rules.get(slug="pulp-alley"), name="League", campaign=league_state
    )

    apps = migrated_to(after)
    Roster = apps.get_model("rosters", "Roster")
    assert Roster.objects.get(pk=cast.pk).campaign == {"episodes": 3}
    assert Roster.objects.get(pk=league.pk).campaign == league_state  # its own rules read it
    migrated_to(latest())
    validate_roster(export_roster(roster=CurrentRoster.objects.get(pk=cast.pk)))
