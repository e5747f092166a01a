"""A league page asked for again is served as kept, yet every change to what it shows, by any
path, shows on the very next visit; and each browser gets a page whose forms it can post."""

import contextlib
import re

import pytest
from django.core.cache import caches
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from rosters.handlers import members as member_handlers
from rosters.handlers import roster as roster_handlers
from rosters.handlers.transfer import import_roster
from rosters.models import Character
from rosters.samples import sample_document
from rosters.selectors import members_of
from rules.services import create_house_rule
from tests.properties import REUSES_FUNCTION_FIXTURES
from tests.rosters.timeline import record_result, undo_latest

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[A-Za-z0-9]*')


@pytest.fixture(autouse=True, params=["database", "redis"])
def shared_cache(request):
    """Every test here runs with the shared cache in the database (one machine, the tests'
    default) and in Redis (production: the player and the rules version read through it)."""
    if request.param == "redis":
        request.getfixturevalue("redis_cache")
    return request.param


@pytest.fixture
def league(player, pulp_alley):
    return import_roster(owner=player, document=sample_document("singapore-smith")).roster


def url(league):
    return f"/rosters/{league.pk}/"


def page(client, league, **headers):
    response = client.get(url(league), headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def without_tokens(html):
    """The page with its CSRF tokens blanked: each fresh render masks them anew."""
    return TOKEN.sub(r"\1", html)


def fresh(client, league):
    caches["pages"].clear()
    return page(client, league)


def test_an_unchanged_page_is_served_as_kept_with_three_queries_or_none(
    player_client, league, django_assert_num_queries, shared_cache
):
    first = page(player_client, league)
    # The session, the player and the rules version: from the database, or all from Redis.
    with django_assert_num_queries(3 if shared_cache == "database" else 0):
        again = page(player_client, league)
    assert again == first


def test_the_kept_page_is_the_page_a_fresh_render_draws(player_client, league):
    page(player_client, league)
    assert without_tokens(page(player_client, league)) == without_tokens(
        fresh(player_client, league)
    )


def test_a_rival_asking_for_my_kept_league_is_not_found(player_client, league, rival):
    page(player_client, league)
    other = Client()
    other.force_login(rival)
    assert other.get(url(league)).status_code == 404


def test_a_renamed_member_shows_on_the_next_visit(player_client, league):
    smith = members_of(league)[0].character
    assert smith.name in page(player_client, league)
    smith.name = "Lady Doom"
    smith.save()
    assert "Lady Doom" in page(player_client, league)


def test_a_role_changed_without_signals_shows_on_the_next_visit(player_client, league):
    """set_member_role writes with QuerySet.update, which sends no signal."""
    page(player_client, league)
    last = members_of(league)[-1]
    member_handlers.set_member_role(
        roster=league, character_id=last.character_id, role="acting-leader"
    )
    assert without_tokens(page(player_client, league)) == without_tokens(
        fresh(player_client, league)
    )


def test_a_share_link_shows_and_goes_on_the_next_visits(player_client, league):
    assert "Revoke the link" not in page(player_client, league)
    token = roster_handlers.share_roster(roster=league).link.token
    assert token in page(player_client, league)
    roster_handlers.revoke_share(roster=league)
    assert token not in page(player_client, league)


def test_a_game_recorded_and_undone_shows_on_the_next_visits(player_client, league):
    page(player_client, league)
    result = {"scenario": "Cornered", "victory_points": 3, "rewards": [], "taken_out": []}
    entry = record_result(roster=league, result=result).entry
    assert entry.summary in page(player_client, league)
    undo_latest(league)
    assert entry.summary not in page(player_client, league)


def test_the_share_link_names_the_host_the_page_was_asked_on(player_client, league):
    roster_handlers.share_roster(roster=league)
    assert "http://testserver/" in page(player_client, league)
    assert "http://localhost/" in page(player_client, league, host="localhost")


def test_htmx_gets_the_builder_and_a_browser_the_whole_page(player_client, league):
    whole = page(player_client, league)
    builder = page(player_client, league, hx_request="true")
    assert "<html" in whole and "<html" not in builder
    assert "<html" in page(player_client, league)


def test_a_refusal_shows_once_though_nothing_changed(player_client, league):
    """A refused change writes nothing, so only the message tells the kept page apart."""
    record_result(
        roster=league,
        result={"scenario": "Cornered", "victory_points": 3, "rewards": [], "taken_out": []},
    )
    leader = members_of(league)[0].character
    assert 'class="messages"' not in page(player_client, league)  # kept
    player_client.post(f"/rosters/{league.pk}/members/{leader.pk}/remove/")
    assert 'class="messages"' in page(player_client, league)
    assert 'class="messages"' not in page(player_client, league)


def posted_rename(client, league, name):
    html = page(client, league)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]*)"', html).group(1)
    return client.post(
        f"/rosters/{league.pk}/rename/", {"name": name, "csrfmiddlewaretoken": token}
    )


def test_each_browser_gets_forms_it_can_post(player, league):
    """The forms' tokens come from the browser's own CSRF cookie: a page kept for one browser
    would be refused from another."""
    laptop, phone = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    for browser in (laptop, phone):
        browser.force_login(player)
    page(laptop, league)  # the laptop has a cookie and a kept page
    page(phone, league)
    assert posted_rename(phone, league, "Phone League").status_code == 302
    assert posted_rename(laptop, league, "Laptop League").status_code == 302
    assert "Laptop League" in page(phone, league)


EDITS = {
    "rename the league": lambda league, n: roster_handlers.update_roster(
        roster=league, name=f"L{n}"
    ),
    "change the budget": lambda league, n: roster_handlers.update_roster(
        roster=league, budget=40 + n
    ),
    "move a member": lambda league, n: member_handlers.move_member(
        roster=league, character_id=members_of(league)[-1].character_id, by=-1
    ),
    "drop the last member": lambda league, n: member_handlers.remove_member(
        roster=league, character_id=members_of(league)[-1].character_id
    ),
    "take a card back": lambda league, n: member_handlers.add_member(
        roster=league,
        character=Character.objects.filter(owner=league.owner)
        .exclude(memberships__roster=league)
        .first()
        or members_of(league)[0].character,
    ),
    "clear a role": lambda league, n: member_handlers.set_member_role(
        roster=league, character_id=members_of(league)[-1].character_id, role=""
    ),
    "share": lambda league, n: roster_handlers.share_roster(roster=league),
    "revoke": lambda league, n: roster_handlers.revoke_share(roster=league),
    "house perk": lambda league, n: create_house_rule(
        owner=league.owner, ruleset=league.ruleset, kind="perk", name=f"Perk {n}", summary="x"
    ),
    "record a game": lambda league, n: record_result(
        roster=league,
        result={"scenario": f"Game {n}", "victory_points": n % 4, "rewards": [], "taken_out": []},
    ),
    "undo": lambda league, n: undo_latest(league),
}


@settings(max_examples=20, suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(edits=st.lists(st.sampled_from(sorted(EDITS)), min_size=1, max_size=6))
def test_after_any_edits_the_kept_page_is_what_a_fresh_render_draws(player_client, league, edits):
    for number, edit in enumerate(edits):
        page(player_client, league)  # kept before the edit
        with contextlib.suppress(ValueError, LookupError):  # refused: nothing changed
            EDITS[edit](league, number)
        league.refresh_from_db()
        kept = without_tokens(page(player_client, league))
        assert kept == without_tokens(fresh(player_client, league)), edit
