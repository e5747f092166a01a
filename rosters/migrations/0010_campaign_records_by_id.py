"""Campaign records (a Pulp Alley league's learned abilities and Harrowing Escape results) name
a character by its card's id instead of its name, so two characters of one name keep their
own. The timeline's saved states, which undo puts back, change too. A name that no card of the
roster has, or that two share, is left as it was."""

from collections import Counter

from django.db import migrations

# A pure function of the campaign block: reused, not frozen, as the block's shape is the
# roster format's, which keeps older files readable.
from rules.engines.plain import recharactered


def rewrite(apps, key_of, value_of):
    Roster = apps.get_model("rosters", "Roster")
    RosterMember = apps.get_model("rosters", "RosterMember")
    CampaignEntry = apps.get_model("rosters", "CampaignEntry")
    for roster in Roster.objects.exclude(campaign={}):
        characters = [
            m.character
            for m in RosterMember.objects.filter(roster=roster).select_related("character")
        ]
        keys = Counter(key_of(c) for c in characters)
        lookup = {key_of(c): value_of(c) for c in characters if keys[key_of(c)] == 1}
        roster.campaign = recharactered(roster.campaign, lookup)
        roster.save(update_fields=["campaign"])
        for entry in CampaignEntry.objects.filter(roster=roster):
            if isinstance(entry.before, dict) and "campaign" in entry.before:
                entry.before = {
                    **entry.before,
                    "campaign": recharactered(entry.before["campaign"], lookup),
                }
                entry.save(update_fields=["before"])


def names_to_ids(apps, schema_editor):
    rewrite(apps, lambda character: character.name, lambda character: str(character.pk))


def ids_to_names(apps, schema_editor):
    rewrite(apps, lambda character: str(character.pk), lambda character: character.name)


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0009_roles_by_id"),
    ]

    operations = [
        migrations.RunPython(names_to_ids, ids_to_names),
    ]
