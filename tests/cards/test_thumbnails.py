"""Portrait thumbnails in My Cards and the builder, and cards of one name told apart (issue
27): after importing a roster twice each card says when it was made."""

import re
from datetime import timedelta
from io import BytesIO

import pytest
from django.test import Client
from PIL import Image

from rosters.handlers.transfer import import_roster
from rosters.models import Character
from rosters.portraits import THUMBNAIL_PIXELS
from rosters.samples import sample_document
from tests.rosters.portrait_documents import sample_with_portrait

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def with_red_leader():
    return sample_with_portrait("singapore-smith", (220, 20, 20))


@pytest.fixture
def league(player, pulp_alley):
    return import_roster(owner=player, document=with_red_leader()).roster


def thumbnails(page):
    return re.findall(r'<img class="thumb" src="([^"]+)"', page)


def test_my_cards_and_the_builder_show_the_printed_portrait_small(player_client, league):
    leader = Character.objects.get(name="Singapore Smith")
    for page in ("/cards/", f"/rosters/{league.pk}/"):
        [src] = thumbnails(player_client.get(page).content.decode())
        assert src.startswith(f"/cards/{leader.pk}/thumbnail.jpg?v=")
    response = player_client.get(src)
    assert response["Content-Type"] == "image/jpeg"
    image = Image.open(BytesIO(response.content))
    assert image.size == THUMBNAIL_PIXELS
    red, green, blue = image.convert("RGB").getpixel((40, 50))
    assert red > 180 and green < 70 and blue < 70
    # Cards without a portrait get an empty frame, not a broken picture.
    assert 'class="thumb none"' in player_client.get("/cards/").content.decode()


def test_a_thumbnail_is_its_owners_alone(client, rival, league):
    leader = Character.objects.get(name="Singapore Smith")
    client.force_login(rival)
    assert client.get(f"/cards/{leader.pk}/thumbnail.jpg").status_code == 404
    assert Client().get(f"/cards/{leader.pk}/thumbnail.jpg").status_code == 404
    plain = Character.objects.get(name="Enki", owner=leader.owner)
    owner = Client()
    owner.force_login(leader.owner)
    assert owner.get(f"/cards/{plain.pk}/thumbnail.jpg").status_code == 404


def test_cards_of_one_name_say_when_they_were_made(player, player_client, league):
    again = import_roster(owner=player, document=with_red_leader()).roster
    first = Character.objects.filter(name="Enki", owner=player).order_by("pk").first()
    Character.objects.filter(pk=first.pk).update(created_at=first.created_at - timedelta(days=2))
    page = player_client.get("/cards/", {"q": "Enki"}).content.decode()
    marks = re.findall(r'<span class="meta told-apart">([^<]+)</span>', page)
    assert len(marks) == 2 and marks[0] != marks[1]
    assert all(mark.startswith("made ") for mark in marks)
    # Two made in the same minute are numbered.
    Character.objects.filter(name="Arge", owner=player).update(created_at=first.created_at)
    page = player_client.get("/cards/", {"q": "Arge"}).content.decode()
    marks = re.findall(r'<span class="meta told-apart">([^<]+)</span>', page)
    assert [mark[-5:] for mark in marks] == ["no. 1", "no. 2"]
    # A name nobody else has needs nothing.
    lone = player_client.get("/cards/", {"q": "Chu-Chu"}).content.decode()
    Character.objects.filter(name="Chu-Chu", owner=player).exclude(
        memberships__roster=league
    ).delete()
    assert "told-apart" in lone
    assert "told-apart" not in player_client.get("/cards/", {"q": "Chu-Chu"}).content.decode()
    # A third league's "add a card" list holds both other leagues' Enki, told apart.
    third = import_roster(owner=player, document=sample_document("singapore-smith")).roster
    builder = player_client.get(f"/rosters/{third.pk}/").content.decode()
    options = re.findall(r"<option value=\"\d+\">(Enki [^<]*)</option>", builder)
    assert len(options) == 2 and options[0] != options[1] and "made " in options[0]
    assert again.pk != third.pk
