"""A page that answers htmx with a partial and a browser with the whole page says so with
`Vary: HX-Request`, so a browser's cache never hands back the partial for the page (back to
the library search after a search showed only the results list). The walk below asks every
address of the site both ways, so a new view that answers htmx differently is checked the
day it is added."""

import uuid

import pytest
from django.urls import URLResolver, get_resolver, reverse

from rosters.handlers.roster import share_roster
from rosters.models import Character, Roster, RosterMember
from rules.services import create_house_rule

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def routes(resolver=None, namespace="", prefix="/"):
    """(namespace, its name, its route, the names of its parts) for every address of the
    URLconf; the name is None where the address has none."""
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = ":".join(filter(None, (namespace, entry.namespace)))
            yield from routes(entry, inner, route)
        else:
            name = entry.name and ":".join(filter(None, (namespace, entry.name)))
            yield namespace, name, route, list(entry.pattern.converters)


@pytest.fixture
def world(player, pulp_alley):
    """A player with a league, a card in it, a house rule and a share link: a value for
    every part of every address, so each view answers as it does for a real player.
    Returns value(namespace, part)."""
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="The Wolves")
    card = Character.objects.create(
        owner=player, ruleset=pulp_alley, character_type="leader", name="Captain Wolf"
    )
    RosterMember.objects.create(roster=roster, character=card, position=1)
    rule = create_house_rule(
        owner=player, ruleset=pulp_alley, kind="perk", name="Lucky Hat", summary="x", cost=1
    ).entry
    values = {
        "ruleset": "pulp-alley",
        "kind": "ability",
        "deck": "fortune",
        "character_pk": card.pk,
        "key": "reputation_perks",
        "token": share_roster(roster=roster).link.token,
        "slug": "singapore-smith",
        "event": "result",
        "pk": roster.pk,
        "roster_pk": roster.pk,
        "code": "NOCODE23",  # a join code no game has
        "model_id": "m0",
        "uidb64": "MQ",  # a password-reset link for user 1, with a token that is not its own
        "number": 1,
    }
    special = {
        ("rules", "pk"): rule.pk,
        ("cards", "pk"): card.pk,
        ("cards", "token"): uuid.uuid4(),  # a portrait upload nobody made: not found
        ("printing", "pk"): 0,  # a print job nobody started: not found
        ("play", "pk"): 0,  # a game nobody started: not found
        ("play", "token"): "no-such-game",
    }
    return lambda namespace, part: special.get((namespace, part), values.get(part))


def answer(response):
    """What a player would see differ: the status, where a redirect leads, and whether the
    body is a whole page or a piece of one."""
    whole = b"<html" in response.content.lower() if hasattr(response, "content") else True
    return response.status_code, response.get("Location"), whole


def varies_on_htmx(response):
    vary = response.get("Vary", "")
    return "hx-request" in {part.strip().lower() for part in vary.split(",")}


def test_every_page_that_answers_htmx_differently_varies_on_it(player_client, world):
    differing, unvaried = set(), []
    for namespace, name, route, parts in routes():
        # The admin's own pages, and PDFs (never a partial, and each a print to draw).
        if namespace == "admin" or route.endswith(".pdf"):
            continue
        kwargs = {part: world(namespace, part) for part in parts}
        missing = [part for part, value in kwargs.items() if value is None]
        assert not missing, f"no value for {missing} in {route}: add one to world()"
        url = reverse(name, kwargs=kwargs) if name else route
        plain, htmx = player_client.get(url), player_client.get(url, **HTMX)
        if answer(plain) == answer(htmx):
            continue
        differing.add(name or route)
        unvaried += [
            f"{url} ({kind})"
            for kind, response in (("plain", plain), ("htmx", htmx))
            if not varies_on_htmx(response)
        ]
    assert not unvaried, "no Vary: HX-Request on " + ", ".join(unvaried)
    # The walk reached the pages known to answer htmx with a partial.
    assert {"rules:library", "cards:library", "rosters:detail", "rosters:campaign"} <= differing


def test_a_kept_league_page_still_varies(player_client, world):
    url = f"/rosters/{Roster.objects.get().pk}/"
    first, kept = player_client.get(url), player_client.get(url)
    assert first.content == kept.content  # the second is the page kept from the first
    assert varies_on_htmx(first) and varies_on_htmx(kept)


def test_a_page_that_never_asks_is_not_varied(client, rules_data):
    # Varying everything would cost every page its shared caching for nothing.
    assert not varies_on_htmx(client.get("/rules/"))


def test_only_request_htmx_reads_whether_htmx_asked():
    """The Vary is added where request.htmx is asked; a view or template reading the header
    itself would answer htmx differently with no Vary."""
    from django.conf import settings

    base = settings.BASE_DIR
    readers = [
        str(path.relative_to(base))
        for folder in ("accounts", "cards", "config", "rosters", "rules", "templates")
        for path in (base / folder).rglob("*")
        if path.suffix in {".py", ".html"}
        and path != base / "config" / "middleware.py"
        and "commands" not in path.parts  # the bench sends the header, as htmx does
        and any(
            header in path.read_text(encoding="utf-8")
            for header in ("HX-Request", "HTTP_HX_REQUEST", "HX_REQUEST")
        )
    ]
    assert not readers, readers
