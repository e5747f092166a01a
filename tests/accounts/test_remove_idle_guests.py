"""Guest accounts left idle are removed with everything they made, portrait files included;
a guest still playing, and every real account, are kept."""

from datetime import timedelta
from io import BytesIO, StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.utils import timezone
from PIL import Image

from accounts.models import User
from accounts.players import create_guest
from config.limits import GUEST_IDLE_DAYS
from rosters.handlers import cards as card_handlers
from rosters.models import Character, Roster
from rules.models import LibraryEntry
from rules.services import create_house_rule

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def files_in(media):
    return sorted(p for p in media.rglob("*") if p.is_file()) if media.exists() else []


def portrait():
    out = BytesIO()
    Image.new("RGB", (600, 800), (40, 90, 160)).save(out, "PNG")
    return SimpleUploadedFile("me.png", out.getvalue(), "image/png")


def guest_with_work(ruleset, days_idle):
    guest = create_guest()
    data = {"type": "ally", "name": "Lost Explorer", "profile": {"health": "d6"}}
    card_handlers.save_card(owner=guest, ruleset=ruleset, data=data, upload=portrait())
    Roster.objects.create(owner=guest, ruleset=ruleset, name="Forgotten League")
    create_house_rule(
        owner=guest, ruleset=ruleset, kind="perk", name="Airship", cost=1, summary="x"
    )
    then = timezone.now() - timedelta(days=days_idle)
    User.objects.filter(pk=guest.pk).update(date_joined=then, last_login=then)
    for model in (Character, Roster):
        model.objects.filter(owner=guest).update(updated_at=then)
    return guest


def remove(*args):
    out = StringIO()
    call_command("remove_idle_guests", *args, stdout=out)
    return out.getvalue()


def test_an_idle_guest_goes_with_their_cards_rosters_house_rules_and_portrait_files(
    pulp_alley, media, django_capture_on_commit_callbacks
):
    guest = guest_with_work(pulp_alley, days_idle=GUEST_IDLE_DAYS + 1)
    assert len(files_in(media)) == 2  # the cleaned source and its print crop
    # Files go once the deletion is committed (a rolled-back one keeps them).
    with django_capture_on_commit_callbacks(execute=True):
        output = remove()
    assert not User.objects.filter(pk=guest.pk).exists()
    assert not Character.objects.filter(owner_id=guest.pk).exists()
    assert not Roster.objects.filter(owner_id=guest.pk).exists()
    assert not LibraryEntry.objects.filter(owner_id=guest.pk).exists()
    assert files_in(media) == []
    assert "Removed 1 guest" in output and "2 files" in output


def test_a_guest_who_played_recently_and_real_accounts_stay(pulp_alley, player, media):
    recent = guest_with_work(pulp_alley, days_idle=GUEST_IDLE_DAYS - 1)
    old_but_busy = guest_with_work(pulp_alley, days_idle=GUEST_IDLE_DAYS + 5)
    Roster.objects.filter(owner=old_but_busy).update(updated_at=timezone.now())
    User.objects.filter(pk=player.pk).update(
        date_joined=timezone.now() - timedelta(days=999), last_login=None
    )
    output = remove()
    assert set(User.objects.values_list("pk", flat=True)) >= {recent.pk, old_but_busy.pk, player.pk}
    assert len(files_in(media)) == 4
    assert "Removed 0 guests" in output


def test_a_dry_run_names_the_count_and_removes_nothing(pulp_alley, media):
    guest = guest_with_work(pulp_alley, days_idle=GUEST_IDLE_DAYS + 1)
    output = remove("--dry-run")
    assert "Would remove 1 guest" in output
    assert User.objects.filter(pk=guest.pk).exists()
    assert len(files_in(media)) == 2


def test_the_idle_time_can_be_given(pulp_alley):
    guest = guest_with_work(pulp_alley, days_idle=3)
    remove("--days", "2")
    assert not User.objects.filter(pk=guest.pk).exists()
