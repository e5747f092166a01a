"""The roster list as list-builder players expect it (issue 27): each roster's game, its
size as its game counts it and its legality, filterable by game and legality (the filters
swap the list alone under htmx), in the same few queries however many rosters there are."""

import html
import re

import pytest

from rosters.handlers import roster as roster_handlers
from rosters.handlers.transfer import start_from_sample
from rules.models import Ruleset

pytestmark = pytest.mark.django_db

SAMPLES = ["singapore-smith", "7tv-luca", "pulp-city-starter-box", "pulp-fiction-heroes"]


@pytest.fixture
def rosters(player, rules_data):
    made = {slug: start_from_sample(owner=player, slug=slug).roster for slug in SAMPLES}
    # One more league, over its budget: the builder calls it not legal.
    over = start_from_sample(owner=player, slug="singapore-smith").roster
    roster_handlers.update_settings(roster=over, settings={}, budget=1)
    made["over"] = roster_handlers.update_roster(roster=over, name="Over the Top").roster
    return made


def rows(page):
    """{roster name: the text of its row} of the list on the page."""
    found = {}
    for row in re.findall(r'<tr id="roster-\d+">(.*?)</tr>', page, re.S):
        name = html.unescape(re.search(r"<a [^>]*>([^<]*)</a>", row).group(1))
        found[name] = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", row).split()))
    return found


def test_each_roster_shows_its_game_size_and_legality(player_client, rosters):
    listed = rows(player_client.get("/rosters/").content.decode())
    over = rosters["over"]
    assert listed[over.name].startswith(f"{over.name} Pulp Alley league")
    assert re.search(r"\d+ / 1 slots used", listed[over.name])
    assert "Not legal" in listed[over.name]
    assert "ratings" in listed[rosters["7tv-luca"].name]
    assert "7TV" in listed[rosters["7tv-luca"].name]
    assert re.search(r"\d+ figures?", listed[rosters["pulp-fiction-heroes"].name])
    smith = listed[rosters["singapore-smith"].name]
    assert re.search(r"\d+ / 10 slots used", smith)
    assert smith.endswith("Legal Export")


def test_the_list_filters_by_game_and_legality(player_client, rosters):
    pulp_alley = {rosters["singapore-smith"].name, rosters["over"].name}
    page = player_client.get("/rosters/", {"game": "pulp-alley"}).content.decode()
    assert set(rows(page)) == pulp_alley
    page = player_client.get("/rosters/", {"game": "pulp-alley", "legality": "not-legal"})
    assert set(rows(page.content.decode())) == {rosters["over"].name}
    legal = rows(player_client.get("/rosters/", {"legality": "legal"}).content.decode())
    assert rosters["over"].name not in legal
    assert rosters["singapore-smith"].name in legal
    assert all("Not legal" not in row for row in legal.values())
    nothing = player_client.get("/rosters/", {"game": "7tv", "legality": "not-legal"})
    assert "No roster matches." in nothing.content.decode()


def test_the_filter_form_offers_the_players_games(player_client, rosters):
    page = player_client.get("/rosters/", {"game": "7tv"}).content.decode()
    assert '<option value="7tv" selected>7TV</option>' in page
    names = set(
        Ruleset.objects.filter(slug__in=[r.ruleset.slug for r in rosters.values()]).values_list(
            "slug", flat=True
        )
    )
    assert set(re.findall(r'<option value="([\w-]+)"(?: selected)?>', page)) >= names


def test_under_htmx_the_filters_swap_the_list_alone(player_client, rosters):
    response = player_client.get("/rosters/", {"game": "7tv"}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="roster-list">')
    assert "<html" not in page
    assert set(rows(page)) == {rosters["7tv-luca"].name}
    full = player_client.get("/rosters/").content.decode()
    assert 'hx-get="/rosters/"' in full and 'hx-target="#roster-list"' in full


def test_the_list_reads_in_the_same_queries_for_two_rosters_or_ten(
    player, player_client, rules_data, django_assert_max_num_queries
):
    for slug in ["singapore-smith", "7tv-luca"]:
        start_from_sample(owner=player, slug=slug)
    player_client.get("/rosters/")  # the rules books are built once per loaded version
    with django_assert_max_num_queries(12) as few:
        player_client.get("/rosters/")
    for slug in ["singapore-smith", "7tv-luca"] * 4:
        start_from_sample(owner=player, slug=slug)
    with django_assert_max_num_queries(len(few.captured_queries)):
        listed = rows(player_client.get("/rosters/").content.decode())
    assert len(listed) == 2  # two names, each five times
    assert player_client.get("/rosters/").content.decode().count('<tr id="roster-') == 10


def test_another_players_rosters_are_not_listed(client, rival, rosters):
    client.force_login(rival)
    assert rows(client.get("/rosters/").content.decode()) == {}
