"""The builder lists only what the force may take (issue 27): a Pulp City team's Agendas by
its side (the Agenda cards name who may take them, pp.32-34) and a 7TV cast's library
profiles by its affiliation (p.22). A choice already ticked stays listed, so it can be
unticked after a change of side, and the report says why it is wrong."""

import html
import re

import pytest

from rosters.handlers import roster as roster_handlers
from rosters.handlers.transfer import start_from_sample
from rules.models import LibraryEntry

pytestmark = pytest.mark.django_db


def agenda_slugs(page):
    return set(re.findall(r'name="agendas" value="([^"]+)"', page))


def by_side(side):
    entries = LibraryEntry.objects.filter(ruleset__slug="pulp-city", kind="agenda")
    return {e.slug for e in entries if side in e.data.get("sides", [])}


def profile_slugs(page):
    select = page.split('id="add-profile"')[1].split("</select>")[0]
    return set(re.findall(r'<option value="([^"]+)"', select))


@pytest.fixture
def team(player, rules_data):
    return start_from_sample(owner=player, slug="pulp-city-starter-box").roster


def test_a_teams_agendas_are_those_its_side_may_take(player_client, team):
    every = by_side("heroes") | by_side("villains")
    villains_only = by_side("villains") - by_side("heroes")
    assert {"rob-the-money", "man-slaughter", "evil-ritual", "sabotage"} <= villains_only
    roster_handlers.update_settings(roster=team, settings={"side": ""})
    assert agenda_slugs(player_client.get(f"/rosters/{team.pk}/").content.decode()) == every
    roster_handlers.update_settings(roster=team, settings={"side": "heroes"})
    heroes = agenda_slugs(player_client.get(f"/rosters/{team.pk}/").content.decode())
    assert heroes == by_side("heroes") and not heroes & villains_only
    roster_handlers.update_settings(roster=team, settings={"side": "villains"})
    villains = agenda_slugs(player_client.get(f"/rosters/{team.pk}/").content.decode())
    assert villains == by_side("villains") and "defenders-of-the-innocent" not in villains


def test_a_ticked_agenda_of_the_other_side_stays_listed_with_the_reason(player_client, team):
    roster_handlers.update_settings(roster=team, settings={"side": "villains"})
    roster_handlers.set_choice(roster=team, key="agendas", values=["rob-the-money"])
    roster_handlers.update_settings(roster=team, settings={"side": "heroes"})
    page = player_client.get(f"/rosters/{team.pk}/").content.decode()
    assert "rob-the-money" in agenda_slugs(page)
    assert agenda_slugs(page) - {"rob-the-money"} == by_side("heroes")
    assert "only Villains may take it" in html.unescape(page)


def profiles(affiliation=None, lead=None):
    entries = LibraryEntry.objects.filter(ruleset__slug="7tv", kind="profile", owner=None)
    return {
        e.slug
        for e in entries
        if (affiliation is None or e.data.get("affiliation") == affiliation)
        and (lead is None or (e.data.get("type") in ("star", "co-star")) == lead)
    }


def test_a_casts_library_lists_the_profiles_its_affiliation_takes(
    player, player_client, rules_data
):
    cast = start_from_sample(owner=player, slug="7tv-luca").roster
    url = f"/rosters/{cast.pk}/"
    roster_handlers.update_settings(roster=cast, settings={"affiliation": ""})
    assert profile_slugs(player_client.get(url).content.decode()) == profiles()
    roster_handlers.update_settings(roster=cast, settings={"affiliation": "heroic"})
    heroic = profile_slugs(player_client.get(url).content.decode())
    assert heroic == profiles("heroic") | profiles("neutral")
    roster_handlers.update_settings(roster=cast, settings={"affiliation": "neutral"})
    neutral = profile_slugs(player_client.get(url).content.decode())
    # A neutral cast's Stars and Co-Stars are neutral; its Extras and vehicles may be anything.
    assert neutral == profiles("neutral") | profiles(lead=False)
    assert not neutral & profiles("villainous", lead=True)
    assert neutral & profiles("villainous", lead=False)
