"""Portrait pictures over HTTP: the designer's one-time upload, and every stored picture
served to its owner only (404 for anyone else), the same with DEBUG on or off."""

import importlib
import re
from io import BytesIO

import pytest
from django.urls import clear_url_caches
from PIL import Image

from cards.models import PendingPortrait
from cards.services import PENDING_KEPT
from rosters.models import Character
from tests.cards.test_designer import SMITH

pytestmark = pytest.mark.django_db
SECRET = b"Singapore Smith hides in Room 9"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def jpeg(colour="red", size=(300, 400), **options):
    buffer = BytesIO()
    Image.new("RGB", size, colour).save(buffer, "JPEG", **options)
    buffer.seek(0)
    buffer.name = "face.jpg"
    return buffer


def upload(client, picture=None):
    return client.post("/cards/portraits/", {"portrait": picture or jpeg(comment=SECRET)})


def stored_files(media):
    return sorted(p.relative_to(media).as_posix() for p in media.rglob("*") if p.is_file())


def test_a_visitor_uploads_once_and_gets_a_reference_to_the_cleaned_picture(client, media):
    response = upload(client)
    assert response.status_code == 200
    reply = response.json()
    pending = PendingPortrait.objects.get()
    assert reply["ref"] == str(pending.token)
    assert reply["url"] == f"/cards/portraits/{pending.token}/"
    assert reply["csrf"]  # the visitor is a guest now, with a new session and token
    assert pending.owner.is_authenticated
    picture = client.get(reply["url"])
    assert picture.status_code == 200
    assert picture["Content-Type"] == "image/jpeg"
    assert "private" in picture["Cache-Control"]
    assert SECRET not in picture.content
    assert Image.open(BytesIO(picture.content)).size == (300, 400)


def test_a_picture_we_refuse_is_explained_and_nothing_is_stored(player_client, media):
    bad = BytesIO(b"#!/bin/sh\necho pwned\n")
    bad.name = "face.jpg"
    response = upload(player_client, bad)
    assert response.status_code == 400
    assert response.json()["error"] == (
        "That file is not an image we can read (JPEG, PNG, WebP or GIF)."
    )
    assert not PendingPortrait.objects.exists()
    assert stored_files(media) == []


def test_an_upload_without_a_file_is_refused(player_client):
    response = player_client.post("/cards/portraits/", {})
    assert response.status_code == 400
    assert response.json() == {"error": "Choose a picture to upload."}
    assert player_client.get("/cards/portraits/").status_code == 405


def test_a_player_keeps_only_the_latest_unsaved_pictures(
    player_client, player, media, django_capture_on_commit_callbacks
):
    for _ in range(PENDING_KEPT + 2):
        with django_capture_on_commit_callbacks(execute=True):
            upload(player_client)
    assert PendingPortrait.objects.filter(owner=player).count() == PENDING_KEPT
    assert len(stored_files(media)) == PENDING_KEPT


def test_an_unsaved_picture_is_404_to_everyone_but_its_owner(client, player, rival):
    client.force_login(player)
    url = upload(client).json()["url"]
    assert client.get(url).status_code == 200
    client.force_login(rival)
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404
    assert client.get("/cards/portraits/not-a-token/").status_code == 404


def saved_card(client):
    client.post("/cards/designer/", SMITH | {"portrait": jpeg(), "portrait_x": "0"})
    return Character.objects.get()


def test_a_cards_portrait_is_served_to_its_owner_only(client, player, rival):
    client.force_login(player)
    card = saved_card(client)
    url = f"/cards/{card.pk}/portrait/"
    owner_sees = client.get(url)
    assert owner_sees.status_code == 200
    assert Image.open(BytesIO(owner_sees.content)).size == (300, 400)
    client.force_login(rival)
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404


def test_a_card_without_a_portrait_has_none_to_serve(player_client, player, pulp_alley):
    card = Character.objects.create(
        owner=player, ruleset=pulp_alley, character_type="ally", name="Enki"
    )
    assert player_client.get(f"/cards/{card.pk}/portrait/").status_code == 404


def test_stored_names_are_random_and_media_is_not_served_even_in_debug(client, player, settings):
    client.force_login(player)
    card = saved_card(client)
    random_name = re.compile(r"^portraits/(print/)?[0-9a-f]{32}\.jpg$")
    assert random_name.match(card.portrait.name)
    assert random_name.match(card.portrait_print.name)  # was portraits/print/portrait.jpg
    settings.DEBUG = True
    import config.urls

    try:
        importlib.reload(config.urls)
        clear_url_caches()
        assert client.get(f"/media/{card.portrait_print.name}").status_code == 404
        assert client.get(f"/media/{card.portrait.name}").status_code == 404
    finally:
        settings.DEBUG = False
        importlib.reload(config.urls)
        clear_url_caches()


def test_uploads_past_the_rate_get_a_wait_message_and_nothing_is_decoded(
    player_client, media, monkeypatch
):
    """Each upload decodes a whole picture: one client sending them in a loop must not hold
    the workers. The designer shows the reply's error, so the refusal is a sentence in JSON."""
    from django.test import Client

    from config import limits

    monkeypatch.setattr(limits, "PORTRAIT_RATE", "2/m")
    for _ in range(2):
        assert upload(player_client).status_code == 200
    response = upload(player_client)
    assert response.status_code == 429
    assert "wait a few minutes" in response.json()["error"]
    assert PendingPortrait.objects.count() == 2
    visitor = Client(REMOTE_ADDR="198.51.100.4")
    assert upload(visitor).status_code == 200
