from django.db import migrations, models


def renumber_positions(apps, schema_editor):
    """Rosters saved before the constraint may hold members sharing a position (parallel
    adds): number each roster's members 0, 1, 2… in the order the builder shows them."""
    member_model = apps.get_model("rosters", "RosterMember")
    roster_ids = member_model.objects.values_list("roster_id", flat=True).distinct()
    for roster_id in roster_ids:
        members = list(member_model.objects.filter(roster_id=roster_id).order_by("position", "pk"))
        changed = [m for index, m in enumerate(members) if m.position != index]
        for index, member in enumerate(members):
            member.position = index
        member_model.objects.bulk_update(changed, ["position"])


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0004_drop_unused_share_token"),
    ]

    operations = [
        migrations.RunPython(renumber_positions, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="rostermember",
            constraint=models.UniqueConstraint(
                fields=("roster", "position"), name="unique_member_position"
            ),
        ),
    ]
