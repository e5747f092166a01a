"""Duplicating a roster, as list-builder players expect (issue 27): the owner gets a second
roster named "… (copy)" with its own copies of the cards and portraits, so the two change
apart; nobody else can duplicate it, and duplicates count with imports and share copies."""

import pytest
from django.test import Client

from config import limits
from rosters.handlers.transfer import import_roster
from rosters.models import Character, Roster
from tests.rosters.portrait_documents import sample_with_portrait

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def league(player, pulp_alley):
    document = sample_with_portrait("singapore-smith", (30, 90, 200))
    return import_roster(owner=player, document=document).roster


def test_the_owner_duplicates_a_roster_with_its_own_cards_and_portraits(player_client, league):
    response = player_client.post(f"/rosters/{league.pk}/duplicate/")
    copy = Roster.objects.exclude(pk=league.pk).get()
    assert response.status_code == 302
    assert response["Location"] == f"/rosters/{copy.pk}/"
    assert copy.name == f"{league.name} (copy)"
    assert copy.choices == league.choices
    original = [m.character for m in league.members.select_related("character")]
    copied = [m.character for m in copy.members.select_related("character")]
    assert [c.name for c in copied] == [c.name for c in original]
    assert not {c.pk for c in copied} & {c.pk for c in original}
    assert copied[0].portrait and copied[0].portrait_print
    assert copied[0].portrait.name != original[0].portrait.name
    # Renaming a copied card leaves the original league's card alone.
    Character.objects.filter(pk=copied[1].pk).update(name="Changed")
    assert league.members.all()[1].character.name == original[1].name


def test_a_long_name_keeps_the_copy_mark_within_the_column(player_client, league):
    Roster.objects.filter(pk=league.pk).update(name="N" * 100)
    player_client.post(f"/rosters/{league.pk}/duplicate/")
    copy = Roster.objects.exclude(pk=league.pk).get()
    assert len(copy.name) == 100
    assert copy.name.endswith(" (copy)")


def test_only_the_owner_duplicates_and_only_by_post(client, rival, league):
    client.force_login(rival)
    assert client.post(f"/rosters/{league.pk}/duplicate/").status_code == 404
    assert Client().post(f"/rosters/{league.pk}/duplicate/").status_code == 404
    assert client.get(f"/rosters/{league.pk}/duplicate/").status_code == 405
    assert Roster.objects.count() == 1


def test_the_builder_offers_duplicate_behind_csrf(player, league):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    page = strict.get(f"/rosters/{league.pk}/").content.decode()
    assert f'action="/rosters/{league.pk}/duplicate/"' in page
    assert strict.post(f"/rosters/{league.pk}/duplicate/").status_code == 403


def test_duplicates_count_with_imports_and_share_copies(player_client, league, monkeypatch):
    monkeypatch.setattr(limits, "IMPORT_RATE", "1/m")
    assert player_client.post(f"/rosters/{league.pk}/duplicate/").status_code == 302
    assert player_client.post(f"/rosters/{league.pk}/duplicate/").status_code == 429
    assert player_client.post("/rosters/samples/captain-wolf/start/").status_code == 429
    assert Roster.objects.count() == 2
