"""Every URL of the rosters and cards apps is walked, and every write it makes to a roster,
a card, a membership, a timeline entry, a share link or a house rule must happen inside a
handler (rosters/handlers/): the one place where a league that has played is held to its
book. A new URL must be added here (the walk fails naming it), and one that writes past the
handlers fails the walk."""

import io
import json

import pytest
from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver

from rosters.handlers import roster as roster_handlers
from rosters.handlers.base import running
from rosters.handlers.transfer import start_from_sample
from rosters.models import Roster
from rosters.transfer import export_roster
from rules.games.pulp_alley import campaign as pulp_alley_campaign
from rules.models import LibraryEntry, Ruleset
from tests.cards.test_designer import SMITH
from tests.rosters.timeline import latest_id

pytestmark = pytest.mark.django_db

# The tables of what players own that a roster is made of.
WATCHED = (
    "rosters_roster",
    "rosters_rostermember",
    "rosters_character",
    "rosters_campaignentry",
    "rosters_sharelink",
    "rules_libraryentry",
)
WRITES = ("INSERT", "UPDATE", "DELETE")


def routes(resolver=None, prefix="", namespace=""):
    """(namespace:name, route) of every URL pattern, included ones too."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or namespace
            yield from routes(pattern, route, inner)
        elif isinstance(pattern, URLPattern):
            yield f"{namespace}:{pattern.name}", route


class Writes:
    """Every write to a watched table while it is on, with the handler running at the time."""

    def __init__(self):
        self.seen = []

    def __call__(self, execute, sql, params, many, context):
        words = sql.lstrip().upper()
        if words.startswith(WRITES) and any(f'"{table}"' in sql for table in WATCHED):
            self.seen.append((sql.split(" WHERE ")[0][:90], running()))
        return execute(sql, params, many, context)

    def outside(self):
        return [sql for sql, action in self.seen if action is None]


@pytest.fixture
def world(player, player_client, rules_data):
    """Two leagues (one to play, one to leave unplayed), a 7TV cast, spare cards, a share
    link: what the walk's requests act on."""
    league = start_from_sample(owner=player, slug="singapore-smith").roster
    fresh = start_from_sample(owner=player, slug="singapore-smith").roster
    roster_handlers.set_choice(roster=fresh, key="perks", values=["mastermind"])
    cast = start_from_sample(owner=player, slug="7tv-luca").roster
    binned = start_from_sample(owner=player, slug="captain-wolf").roster
    roster_handlers.delete_roster(roster=binned)
    spare = start_from_sample(owner=player, slug="captain-wolf").roster
    token = roster_handlers.share_roster(roster=spare).link.token
    # Saved before the rules data had versions: it takes the first one.
    Roster.objects.filter(pk=spare.pk).update(rules_version=None)

    def member(roster, **where):
        return roster.members.filter(**where).first().character_id

    return {
        "league": league,
        "fresh": fresh,
        "cast": cast,
        "binned": binned,
        "spare": spare,
        "token": token,
        "member": member,
        "profile": LibraryEntry.objects.filter(ruleset__slug="7tv", kind="profile").first(),
        "ruleset": Ruleset.objects.get(slug="pulp-alley"),
    }


def roster_file(roster):
    upload = io.BytesIO(json.dumps(export_roster(roster=roster)).encode())
    upload.name = "league.json"
    return upload


# A club's data pack: the shield of the Cops' card, which the Game Guide's text lost.
PACK = json.dumps(
    {
        "format": "cliffhanger-data-pack",
        "version": 1,
        "ruleset": "pulp-city",
        "house_rules": [
            {
                "kind": "resource-completion",
                "slug": "pulp-city-cops",
                "name": "Pulp City Cops",
                "data": {"shield": 3},
            }
        ],
    }
)


def walk(w):
    """(name, url, post data or None for a GET) in the order the walk makes them: a league
    plays its events in turn, then undoes the latest."""
    league, fresh, cast, member = w["league"], w["fresh"], w["cast"], w["member"]
    lp, fp = league.pk, fresh.pk
    enki = member(league, character__name="Enki")
    chu_chu = member(league, character__name="Chu-Chu")
    sidekick = member(fresh, character__character_type="sidekick")
    extra = member(cast)
    spare_card = w["spare"].members.first().character_id
    events = {
        "result": {
            "scenario": "The Idol",
            "victory_points": "70",
            "rewards": ["experience"] * 3 + ["gear"],
            "taken_out": [enki],
        },
        "learn": {"character": enki, "ability": "speedy"},
        "escape": {"character_id": enki, "roll": "3"},
        "spend": {"bank": "gear", "points": "1"},
        "society": {"society": "order-of-the-oginali", "perk": "the-first-blade"},
        "reorganise": {"drop": [chu_chu]},
    }
    assert set(events) == set(pulp_alley_campaign.EVENTS), "walk every event of the campaign"
    yield "rosters:list", "/rosters/", {"ruleset": w["ruleset"].pk, "name": "New"}
    for event, data in events.items():
        yield "rosters:campaign_event", f"/rosters/{lp}/campaign/{event}/", data
    yield "rosters:undo_campaign", f"/rosters/{lp}/campaign/undo/", {"entry": latest_id(league)}
    yield "rosters:campaign", f"/rosters/{lp}/campaign/", None
    yield "rosters:detail", f"/rosters/{lp}/", None
    yield "rosters:add_member", f"/rosters/{fp}/add/", {"character": spare_card}
    yield "rosters:remove_member", f"/rosters/{fp}/members/{spare_card}/remove/", {}
    yield "rosters:set_role", f"/rosters/{fp}/members/{sidekick}/role/", {"role": "acting-leader"}
    yield "rosters:move_member", f"/rosters/{fp}/members/{sidekick}/move/", {"direction": "down"}
    yield "rosters:set_choices", f"/rosters/{fp}/choices/perks/", {"perks": ["mastermind"]}
    yield "rosters:rename", f"/rosters/{fp}/rename/", {"name": "Renamed"}
    yield "rosters:set_settings", f"/rosters/{fp}/settings/", {"budget": "12"}
    yield "rosters:add_profile", f"/rosters/{cast.pk}/profiles/", {"profile": w["profile"].slug}
    yield "rosters:set_count", f"/rosters/{cast.pk}/members/{extra}/count/", {"count": "2"}
    yield "rosters:export_json", f"/rosters/{lp}/export.json", None
    yield "rosters:export_text", f"/rosters/{lp}/export.txt", None
    yield "rosters:share", f"/rosters/{fp}/share/", {}
    yield "rosters:revoke_share", f"/rosters/{fp}/share/revoke/", {}
    yield "rosters:duplicate", f"/rosters/{fp}/duplicate/", {}
    yield "rosters:shared", f"/rosters/shared/{w['token']}/", None
    yield "cards:shared_portrait", f"/cards/shared/{w['token']}/portraits/1.jpg", None
    yield "rosters:shared_copy", f"/rosters/shared/{w['token']}/copy/", {}
    yield "rosters:import", "/rosters/import/", {"file": roster_file(fresh)}
    yield "rosters:samples", "/rosters/samples/", None
    yield "rosters:sample", "/rosters/samples/singapore-smith/", None
    yield "rosters:start_sample", "/rosters/samples/singapore-smith/start/", {}
    # A player's own values for what the book leaves empty, kept and then dropped.
    yield "rosters:completions", "/rosters/library/pulp-city/", None
    yield "rosters:complete", "/rosters/library/pulp-city/supreme/solar/", {"damage": "10"}
    yield "rosters:drop_completion", "/rosters/library/pulp-city/supreme/solar/drop/", {}
    yield "rosters:export_pack", "/rosters/library/pulp-city/pack.json", None
    yield "rosters:import_pack", "/rosters/library/pulp-city/pack/", {"pack": PACK, "confirm": "1"}
    yield "rosters:put_off_update", f"/rosters/{w['spare'].pk}/update/put-off/", {}
    yield "rosters:accept_update", f"/rosters/{w['spare'].pk}/update/accept/", {"to": "1"}
    yield "rosters:delete", f"/rosters/{w['spare'].pk}/delete/", {}
    yield "rosters:restore", f"/rosters/{w['binned'].pk}/restore/", {}
    # The designer's Save, and its "Save and add to league" (a league that has played).
    yield "cards:designer", "/cards/designer/", SMITH | {"name": "Smith II"}
    yield "cards:designer", "/cards/designer/", SMITH | {"character_type": "follower", "roster": fp}
    yield "cards:edit", f"/cards/{enki}/edit/", None
    yield "cards:preview", "/cards/designer/preview/", SMITH
    yield "cards:preview_existing", f"/cards/{enki}/preview/", SMITH
    yield "cards:library", "/cards/", None
    yield "cards:duplicate", f"/cards/{enki}/duplicate/", {}
    yield "cards:mark", f"/cards/{enki}/mark/", {"marked": "1"}
    yield "cards:delete", f"/cards/{spare_card}/delete/", {}
    yield "cards:restore", f"/cards/{spare_card}/restore/", {}
    yield "cards:portrait", f"/cards/{enki}/portrait/", None
    yield "cards:thumbnail", f"/cards/{enki}/thumbnail.jpg", None


# Read-only, or writing only what no roster is made of (a picture waiting to be framed).
NOT_ROSTER_WRITES = {"cards:upload_portrait", "cards:pending_portrait"}


def test_every_write_of_every_url_goes_through_a_handler(player_client, world):
    writes, walked = Writes(), set()
    for name, url, data in walk(world):
        with connection.execute_wrapper(writes):
            response = player_client.get(url) if data is None else player_client.post(url, data)
        if data is not None:
            assert response.status_code < 400, (name, url, response.status_code)
        if data is not None and name not in {"cards:preview", "cards:preview_existing"}:
            assert writes.seen, f"{name} ({url}) wrote nothing: the walk does not exercise it"
        assert not writes.outside(), f"{name} ({url}) wrote outside a handler: {writes.outside()}"
        writes.seen.clear()
        walked.add(name)
    every = {name for name, _ in routes() if name.split(":")[0] in ("rosters", "cards")}
    missing = sorted(every - walked - NOT_ROSTER_WRITES)
    assert not missing, f"add these URLs to the walk: {missing}"


def test_a_write_past_the_handlers_fails_the_walk(player, rules_data):
    """The walk's own check: a roster saved with no handler running is caught."""
    writes = Writes()
    roster = (
        Roster.objects.filter(owner=player).first()
        or start_from_sample(owner=player, slug="singapore-smith").roster
    )
    with connection.execute_wrapper(writes):
        Roster.objects.filter(pk=roster.pk).update(name="Sneaked")
        roster_handlers.update_roster(roster=roster, name="Proper")
    assert writes.outside() == [writes.seen[0][0]]
    assert writes.seen[-1][1] == "rosters.handlers.roster.update_roster"
