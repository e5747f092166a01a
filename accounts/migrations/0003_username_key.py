"""Every account gets its name's key (accounts/usernames.py). Where two accounts already hold
two spellings of one name ("alice" and "ALICE"), the older keeps the key and the newer keeps
none: both still log in by their exact spelling, nobody is renamed and nothing moves, and no
new account can take a third spelling. The key becomes unique in 0004, in a transaction of
its own, after every row is filled."""

from django.db import migrations, models

import accounts.models
from accounts.usernames import normalised


def fill_username_keys(apps, schema_editor):
    """The oldest account of each name keeps its key: joined first, then lowest id."""
    user_model = apps.get_model("accounts", "User")
    taken = set()
    for user in user_model.objects.order_by("date_joined", "pk").only("pk", "username"):
        key = normalised(user.username)
        if key in taken or len(key) > accounts.models.KEY_MAX_LENGTH:
            continue
        taken.add(key)
        user_model.objects.filter(pk=user.pk).update(username_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_data_stamp"),
    ]

    operations = [
        migrations.AlterModelManagers(
            name="user",
            managers=[
                ("objects", accounts.models.PlayerManager()),
            ],
        ),
        migrations.AddField(
            model_name="user",
            name="username_key",
            field=models.CharField(editable=False, max_length=150, null=True),
        ),
        migrations.RunPython(fill_username_keys, migrations.RunPython.noop),
    ]
