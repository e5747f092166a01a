"""Roles that name another member (7TV's sidekick-of:, Pulp Fiction's attached-to:) name it by
its card's id instead of its name, so renaming the boss keeps those who serve it. A name that
no card of the roster has, or that two share, is left as it was: the report then asks the
player to pick the boss again."""

from collections import Counter

from django.db import migrations
from django.db.models import Q

# As the engines spelled them when this ran (their BOSS_ROLES).
BOSS_ROLES = ("sidekick-of:", "attached-to:")


def rosters_with_boss_roles(RosterMember):
    naming = Q()
    for prefix in BOSS_ROLES:
        naming |= Q(role__startswith=prefix)
    return set(RosterMember.objects.filter(naming).values_list("roster_id", flat=True))


def repoint(apps, key_of, ids_of):
    """Rewrites each boss role's `<prefix><key>` as `<prefix><ids_of(member)[key]>`."""
    RosterMember = apps.get_model("rosters", "RosterMember")
    for roster_id in rosters_with_boss_roles(RosterMember):
        members = list(
            RosterMember.objects.filter(
                roster_id=roster_id, character__deleted_at__isnull=True
            ).select_related("character")
        )
        keys = Counter(key_of(member) for member in members)
        lookup = {key_of(m): ids_of(m) for m in members if keys[key_of(m)] == 1}
        for member in members:
            for prefix in BOSS_ROLES:
                boss = member.role.removeprefix(prefix).strip()
                if member.role.startswith(prefix) and boss in lookup:
                    member.role = f"{prefix}{lookup[boss]}"
                    member.save(update_fields=["role"])


def names_to_ids(apps, schema_editor):
    repoint(apps, lambda member: member.character.name, lambda member: str(member.character_id))


def ids_to_names(apps, schema_editor):
    repoint(apps, lambda member: str(member.character_id), lambda member: member.character.name)


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0008_campaigns"),
    ]

    operations = [
        migrations.RunPython(names_to_ids, ids_to_names),
    ]
