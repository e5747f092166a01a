"""Data migrations of saved rosters: what a player saved before a change still means the same
after it."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("rosters", "0008_campaigns")]
AFTER = [("rosters", "0009_roles_by_id")]


def migrated_to(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_sidekick_saved_naming_its_boss_by_name_names_it_by_id():
    apps = migrated_to(BEFORE)
    owner = apps.get_model("accounts", "User").objects.create(username="luca")
    ruleset, _ = apps.get_model("rules", "Ruleset").objects.get_or_create(
        slug="7tv", defaults={"name": "7TV"}
    )
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
    migrated_to(AFTER)
