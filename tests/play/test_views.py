"""A game's pages: started from a roster, joined with the code (typed or from the link), the
table for its two players, a read-only page for spectators, and nothing for anyone else."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from play import handlers
from play.models import Game
from rosters.handlers.transfer import start_from_sample


@pytest.fixture
def my_league(rules_data, player):
    return start_from_sample(owner=player, slug="singapore-smith").roster


@pytest.mark.django_db
def test_starting_a_game_from_a_roster_shows_its_code_link_and_qr_code(player_client, my_league):
    page = player_client.get(reverse("rosters:detail", args=[my_league.pk])).content.decode()
    assert reverse("play:start", args=[my_league.pk]) in page  # the roster page's button
    response = player_client.post(reverse("play:start", args=[my_league.pk]), follow=True)
    game = Game.objects.get()
    page = response.content.decode()
    assert game.code in page
    assert f"/play/join/{game.code}/" in page
    main = page.split("<main")[1].split("</main>")[0]
    assert "<svg" in main and "<script" not in main  # the QR code inline, no inline script
    # Each model's card: its name and printed values, and its tracks.
    first = game.seats.get().force["models"][0]
    assert first["name"] in page
    assert f'data-track="{first["id"]}.health"' in page


@pytest.mark.django_db
def test_the_opponent_joins_from_the_link_with_a_roster_of_the_same_game(
    player_client, my_league, rival
):
    player_client.post(reverse("play:start", args=[my_league.pk]))
    game = Game.objects.get()
    theirs = start_from_sample(owner=rival, slug="captain-wolf").roster
    start_from_sample(owner=rival, slug="7tv-claire")  # another game's: not offered
    opponent = Client()
    opponent.force_login(rival)
    offered = opponent.get(reverse("play:join_code", args=[game.code.lower()])).content.decode()
    assert theirs.name in offered and "Claire" not in offered
    joined = opponent.post(
        reverse("play:join"), {"code": game.code, "roster": theirs.pk}, follow=True
    )
    assert joined.redirect_chain[-1][0] == reverse("play:game", args=[game.pk])
    page = joined.content.decode()
    assert "Side 1" in page and "Side 2" in page and game.code not in page.split("<main")[1]


@pytest.mark.django_db
def test_a_visitor_joins_as_a_guest_without_a_roster(player_client, my_league):
    player_client.post(reverse("play:start", args=[my_league.pk]))
    game = Game.objects.get()
    visitor = Client()
    joined = visitor.post(reverse("play:join"), {"code": game.code}, follow=True)
    assert joined.status_code == 200
    assert game.seats.get(side=2).player.is_guest


@pytest.mark.django_db
def test_strangers_get_404_and_spectators_read_only(player_client, my_league, rival):
    player_client.post(reverse("play:start", args=[my_league.pk]))
    game = Game.objects.get()
    stranger = Client()
    stranger.force_login(rival)
    model_id = game.seats.get().force["models"][0]["id"]
    for url in (
        reverse("play:game", args=[game.pk]),
        reverse("play:portrait", args=[game.pk, model_id]),
        reverse("play:shared", args=["not-the-token"]),
    ):
        assert stranger.get(url).status_code == 404, url
    assert stranger.post(reverse("play:end", args=[game.pk])).status_code == 404
    watching = stranger.get(reverse("play:shared", args=[game.spectator_token])).content.decode()
    assert "data-play-read-only" in watching and "End the game" not in watching
    assert game.code not in watching  # a spectator is not handed the seat


@pytest.mark.django_db
def test_join_codes_are_rate_limited(client, settings, monkeypatch):
    from config import limits

    monkeypatch.setattr(limits, "PLAY_JOIN_RATE", "3/m")
    answers = [
        client.post(reverse("play:join"), {"code": f"WRONG{n}"}).status_code for n in range(4)
    ]
    assert answers == [200, 200, 200, 429]


@pytest.mark.django_db
def test_ending_offers_the_result_to_the_campaign_prefilled(player_client, my_league, rival):
    player_client.post(reverse("play:start", args=[my_league.pk]))
    game = Game.objects.get()
    csrf = Client(enforce_csrf_checks=True)
    csrf.force_login(game.created_by)
    assert csrf.post(reverse("play:end", args=[game.pk])).status_code == 403  # no CSRF token
    seat = game.seats.get()
    hero = seat.force["models"][0]
    for target, value in ((f"{hero['id']}.health", 0), (f"{hero['id']}.plot_points", 2)):
        handlers.apply_operation(
            game=game, seat=seat, op_id=uuid.uuid4(), target=target, value=value
        )
    page = player_client.post(reverse("play:end", args=[game.pk]), follow=True).content.decode()
    assert "How the game ended" in page
    # The league's result form, filled from the game: two minor plot points held are two
    # victory points (p.44), and the knocked-out hero is ticked as taken out.
    assert reverse("rosters:campaign_event", args=[my_league.pk, "result"]) in page
    assert re.search(r'name="victory_points"[^>]*value="2"', page)
    assert re.search(f'name="taken_out" value="{hero["id"].removeprefix("m")}" checked', page)
    assert "data-play-socket" in page and 'src="/static/play/game.js"' not in page


@pytest.mark.django_db
def test_the_service_worker_keeps_the_games_pages_from_play(client):
    response = client.get(reverse("play:worker"))
    assert response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    assert '"/static/play/game.js"' in body and '"/play/"' not in body.split("SHELL")[1][:5]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["pulp-alley", "7tv", "pulp-city", "pulp-fiction"])
def test_every_games_table_draws_each_track_with_its_value(table, player, slug):
    from play.state import game_state

    game, _, _ = table(slug)
    client = Client()
    client.force_login(player)
    page = client.get(reverse("play:game", args=[game.pk])).content.decode()
    for target, value in game_state(game)["tracks"].items():
        assert re.search(f'data-track="{re.escape(target)}"[^>]*data-value="{value}"', page), target


@pytest.mark.django_db
def test_the_opponent_and_spectators_see_portraits_through_the_game_only(
    settings, tmp_path, player_client, my_league, rival
):
    from io import BytesIO

    from django.core.files.base import ContentFile
    from PIL import Image

    settings.MEDIA_ROOT = tmp_path
    picture = BytesIO()
    Image.new("RGB", (60, 74), "red").save(picture, "JPEG")
    hero = my_league.members.first().character
    hero.portrait_print.save("hero.jpg", ContentFile(picture.getvalue()))
    player_client.post(reverse("play:start", args=[my_league.pk]))
    game = Game.objects.get()
    theirs = start_from_sample(owner=rival, slug="captain-wolf").roster
    handlers.join_game(player=rival, code=game.code, roster=theirs)
    opponent = Client()
    opponent.force_login(rival)
    page = opponent.get(reverse("play:game", args=[game.pk])).content.decode()
    (shown,) = re.findall(r'<img class="model-portrait" src="([^"]+)"', page)
    assert shown == reverse("play:portrait", args=[game.pk, f"m{hero.pk}"])
    assert opponent.get(shown)["Content-Type"] == "image/jpeg"
    shared = reverse("play:shared_portrait", args=[game.spectator_token, f"m{hero.pk}"])
    assert Client().get(shared).status_code == 200
    # The card's own picture addresses stay its owner's.
    assert opponent.get(reverse("cards:portrait", args=[hero.pk])).status_code == 404
    assert opponent.get(reverse("play:portrait", args=[game.pk, "m999999"])).status_code == 404


@pytest.mark.django_db
def test_each_model_of_a_line_of_extras_names_its_own_tracks(table, player):
    game, one, _ = table("7tv")
    troopers = next(m for m in one.force["models"] if m["count"] > 1)
    client = Client()
    client.force_login(player)
    page = client.get(reverse("play:game", args=[game.pk])).content.decode()
    name = troopers["name"]
    for number in range(1, troopers["count"] + 1):
        assert f"{name} {number}: Health" in page
        assert f'aria-label="{name} {number} Health down"' in page
