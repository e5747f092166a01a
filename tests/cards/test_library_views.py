"""My Cards: search, filter by type, duplicate, delete with undo, tick for printing."""

import pytest

from rosters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(player, pulp_alley):
    def make(name, kind, **extra):
        return Character.objects.create(
            owner=player, ruleset=pulp_alley, character_type=kind, name=name, **extra
        )

    return {
        "smith": make("Singapore Smith", "leader", flavour="Adventurer for hire"),
        "arge": make("Arge", "sidekick"),
        "enki": make("Enki", "ally"),
        "chu": make("Chu-Chu", "follower", flavour="A monkey with a grudge"),
    }


def names(response):
    return [card.name for card in response.context["cards"]]


def test_my_cards_lists_my_cards_with_their_type_names(player_client, cards):
    response = player_client.get("/cards/")
    assert names(response) == ["Arge", "Chu-Chu", "Enki", "Singapore Smith"]
    page = response.content.decode()
    assert "Sidekick" in page and "Follower" in page


def test_search_by_name_or_flavour(player_client, cards):
    assert names(player_client.get("/cards/", {"q": "smith"})) == ["Singapore Smith"]
    assert names(player_client.get("/cards/", {"q": "monkey"})) == ["Chu-Chu"]


def test_filter_by_type(player_client, cards):
    assert names(player_client.get("/cards/", {"type": "ally"})) == ["Enki"]
    choices = dict(player_client.get("/cards/").context["type_choices"])
    assert choices == {
        "leader": "Leader",
        "sidekick": "Sidekick",
        "ally": "Ally",
        "follower": "Follower",
    }


def test_htmx_search_swaps_only_the_results(player_client, cards):
    response = player_client.get("/cards/", {"q": "arge"}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="results">')
    assert "Arge" in page and "Enki" not in page


def test_duplicate_makes_an_independent_copy(player_client, cards):
    player_client.post(f"/cards/{cards['arge'].pk}/duplicate/")
    copy = Character.objects.get(name="Arge (copy)")
    assert copy.pk != cards["arge"].pk
    assert copy.character_type == "sidekick"


def test_delete_then_undo(player_client, cards):
    player_client.post(f"/cards/{cards['enki'].pk}/delete/")
    response = player_client.get("/cards/")
    assert "Enki" not in names(response)
    assert "Deleted Enki." in response.content.decode()
    assert "Undo" in response.content.decode()
    player_client.post(f"/cards/{cards['enki'].pk}/restore/")
    assert "Enki" in names(player_client.get("/cards/"))


def test_ticking_for_print_with_htmx_updates_the_count(player_client, cards):
    response = player_client.post(
        f"/cards/{cards['smith'].pk}/mark/", {"marked": "1"}, headers={"HX-Request": "true"}
    )
    cards["smith"].refresh_from_db()
    assert cards["smith"].marked_for_print
    page = response.content.decode()
    assert "Print ticked cards (1)" in page and 'hx-swap-oob="true"' in page
    player_client.post(f"/cards/{cards['smith'].pk}/mark/", {"marked": "0"})
    cards["smith"].refresh_from_db()
    assert not cards["smith"].marked_for_print


@pytest.mark.parametrize("action", ["duplicate", "delete", "restore", "mark"])
def test_other_players_cards_are_404_for_every_action(client, rival, cards, action):
    client.force_login(rival)
    assert client.post(f"/cards/{cards['smith'].pk}/{action}/").status_code == 404
    cards["smith"].refresh_from_db()
    assert cards["smith"].deleted_at is None


def test_actions_need_post(player_client, cards):
    assert player_client.get(f"/cards/{cards['smith'].pk}/delete/").status_code == 405


def test_my_cards_query_count_is_pinned(player_client, cards, django_assert_num_queries):
    with django_assert_num_queries(8):
        player_client.get("/cards/")
