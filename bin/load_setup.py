"""The load run's player: an account with Singapore Smith's league, logged in. Prints the
session cookie and the league page's path as JSON for bin/locustfile.py; run again, it
reuses what it made."""

import json
import os
import sys
from pathlib import Path

LEAGUE = "singapore-smith"


def main():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    # Django's models load only after setup.
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from rosters.models import Roster
    from rosters.samples import sample_document
    from rosters.transfer import import_roster

    player, _ = get_user_model().objects.get_or_create(username="load-run-player")
    league = Roster.objects.filter(owner=player).first()
    if league is None:
        league = import_roster(owner=player, document=sample_document(LEAGUE)).roster
    client = Client()
    client.force_login(player)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    print(json.dumps({"session": session, "league": reverse("rosters:detail", args=[league.pk])}))


if __name__ == "__main__":
    main()
