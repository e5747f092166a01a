"""The load run's player: an account with Singapore Smith's league, logged in. Prints the
session and CSRF cookies and the league page's path as JSON for bin/locustfile.py; run again, it
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
    from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
    from django.test import Client
    from django.urls import reverse
    from django.utils.crypto import get_random_string

    from rosters.handlers.transfer import import_roster
    from rosters.models import Roster
    from rosters.samples import sample_document

    player, _ = get_user_model().objects.get_or_create(username="load-run-player")
    league = Roster.objects.filter(owner=player).first()
    if league is None:
        league = import_roster(owner=player, document=sample_document(LEAGUE)).roster
    client = Client()
    client.force_login(player)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page = reverse("rosters:detail", args=[league.pk])
    # A browser keeps the CSRF cookie its first page set (its kept pages are keyed on it):
    # a secret of the form Django makes.
    csrf = get_random_string(CSRF_SECRET_LENGTH, CSRF_ALLOWED_CHARS)
    print(json.dumps({"session": session, "csrf": csrf, "league": page}))


if __name__ == "__main__":
    main()
