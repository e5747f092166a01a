"""Deleting a roster now revokes its share link. Rosters deleted before then still hold
theirs, hidden while they are in the bin: revoked here, so restoring one does not bring its
old link back."""

from django.db import migrations


def revoke(apps, schema_editor):
    ShareLink = apps.get_model("rosters", "ShareLink")
    ShareLink.objects.filter(roster__deleted_at__isnull=False).delete()


class Migration(migrations.Migration):
    dependencies = [("rosters", "0010_campaign_records_by_id")]

    operations = [migrations.RunPython(revoke, migrations.RunPython.noop)]
