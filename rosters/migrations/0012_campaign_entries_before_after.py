"""A timeline entry keeps a generic before and after of what its change touched: the perk
lists move under "choices", and an ability learned becomes the learner's profile key, so
entries saved before still undo (the ability comes off the card again)."""

from django.db import migrations, models

PERKS = ("reputation_perks", "society_perks")


def forwards(apps, schema_editor):
    CampaignEntry = apps.get_model("rosters", "CampaignEntry")
    for entry in CampaignEntry.objects.select_related("learner"):
        before = {key: value for key, value in entry.before.items() if key not in PERKS}
        before["choices"] = {key: entry.before.get(key, []) for key in PERKS}
        after = {}
        if entry.learner is not None and entry.learned_ability:
            learned = list(entry.learner.profile.get("learned_abilities", []))
            card = str(entry.learner_id)
            kept = [slug for slug in learned if slug != entry.learned_ability]
            before["profiles"] = {card: {"learned_abilities": kept}}
            after["profiles"] = {card: {"learned_abilities": learned}}
        entry.before, entry.after = before, after
        entry.save(update_fields=["before", "after"])


def backwards(apps, schema_editor):
    CampaignEntry = apps.get_model("rosters", "CampaignEntry")
    for entry in CampaignEntry.objects.all():
        before = {k: v for k, v in entry.before.items() if k not in ("choices", "profiles")}
        before.update({key: entry.before.get("choices", {}).get(key, []) for key in PERKS})
        for card, keys in entry.after.get("profiles", {}).items():
            was = entry.before.get("profiles", {}).get(card, {}).get("learned_abilities", [])
            added = [s for s in keys.get("learned_abilities", []) if s not in was]
            if added:
                entry.learner_id, entry.learned_ability = int(card), added[0]
        entry.before = before
        entry.save(update_fields=["before", "learner", "learned_ability"])


class Migration(migrations.Migration):
    dependencies = [("rosters", "0011_revoke_links_of_deleted_rosters")]

    operations = [
        migrations.AddField(
            model_name="campaignentry", name="after", field=models.JSONField(default=dict)
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="campaignentry", name="learned_ability"),
        migrations.RemoveField(model_name="campaignentry", name="learner"),
    ]
