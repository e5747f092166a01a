"""A game without campaign rules now keeps only tallies in a roster's campaign block (a slug →
a whole number 0 to 99, at most 50 of them), as its roster file does. Before, an import took
any JSON there (a `1e20` came back from PostgreSQL as a 21-digit integer), and such a roster's
export then no longer imported. No page or rule ever read those values; the tallies a file
may hold are kept, anything else is dropped, so every saved roster exports again."""

import re

from django.db import migrations

SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
MOST_TALLIES = 50


def is_tally(key, value):
    return (
        isinstance(key, str)
        and len(key) <= 80
        and SLUG.fullmatch(key) is not None
        and type(value) is int
        and 0 <= value <= 99
    )


def keep_tallies(apps, schema_editor):
    from rules.rulesets import REGISTRY

    without_rules = [slug for slug, definition in REGISTRY.items() if not definition.campaign]
    Roster = apps.get_model("rosters", "Roster")
    rosters = Roster.objects.filter(ruleset__slug__in=without_rules).exclude(campaign={})
    for roster in rosters.only("pk", "campaign").iterator():
        block = roster.campaign if isinstance(roster.campaign, dict) else {}
        kept = dict(
            [(key, value) for key, value in block.items() if is_tally(key, value)][:MOST_TALLIES]
        )
        if kept != roster.campaign:
            Roster.objects.filter(pk=roster.pk).update(campaign=kept)


class Migration(migrations.Migration):
    dependencies = [("rosters", "0012_campaign_entries_before_after")]

    operations = [migrations.RunPython(keep_tallies, migrations.RunPython.noop)]
