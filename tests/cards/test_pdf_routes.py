"""Every URL of the site that draws a PDF, found by asking every URL pattern with real objects
rather than from a list: a new PDF view that forgot its rate limit fails here."""

import re
from io import BytesIO
from itertools import product

import pikepdf
import pytest
import weasyprint
from django.core.cache import cache, caches
from django.db import transaction
from django.urls import URLResolver, get_resolver

from cards.models import PendingPortrait, PrintJob
from cards.printing import cache as print_cache
from config import limits
from rosters.handlers import roster as roster_handlers
from rosters.models import Roster, RosterMember
from rosters.samples import sample_paths
from rules.models import Deck, LibraryEntry, Ruleset
from rules.rulesets import playable_slugs
from tests.cards.test_print_views import card

pytestmark = pytest.mark.django_db

# Serves a finished job's PDF: a file read from the print cache, nothing drawn (the walk
# proves it with drawing made impossible). A player who waited for a print worker can
# always fetch the result, however many PDFs they drew in the last minute.
NOT_THROTTLED = {"printing:job_pdf"}


class Drew(BaseException):
    """Raised instead of drawing: a BaseException, so no view's `except Exception` hides it."""


class Undone(Exception):
    pass


def patterns(resolvers=None, prefix="", namespace=None):
    """(name, route) of every URL pattern, included ones too."""
    for entry in resolvers if resolvers is not None else get_resolver().url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from patterns(entry.url_patterns, route, entry.namespace or namespace)
        else:
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            yield name or route, route


# <converter:name> in a route, and (?P<name>…) in a regular expression one.
PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>[^)]*\)")


def parameter_names(route):
    return [match[1] or match[2] for match in PARAMETER.finditer(route)]


def url(route, chosen):
    path = PARAMETER.sub(lambda match: str(chosen[match[1] or match[2]]), route)
    return "/" + path.lstrip("^").rstrip("$")


def urls(route, values):
    """Every URL the route makes from the candidate values of its parameters."""
    names = parameter_names(route)
    missing = [name for name in names if name not in values]
    assert not missing, f"no values to try for {missing} of {route}: add some to `values`"
    for chosen in product(*(values[name] for name in names)):
        yield url(route, dict(zip(names, chosen, strict=True)))


@pytest.fixture
def everything(player, pulp_alley, empty_print_cache, settings, tmp_path):
    """One of each thing a URL can name, all the player's: cards ticked for print, a roster
    of them shared by link, a finished print job, a house rule, a picture being framed."""
    settings.MEDIA_ROOT = tmp_path / "media"
    cards = [card(player, pulp_alley, name) for name in ("Singapore Smith", "Arge", "Enki")]
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")
    for position, character in enumerate(cards):
        RosterMember.objects.create(roster=roster, character=character, position=position)
    token = roster_handlers.share_roster(roster=roster).link.token
    band = Roster.objects.create(  # Pulp Fiction prints a sheet of tokens for a band
        owner=player, ruleset=Ruleset.objects.get(slug="pulp-fiction"), name="Doc's band"
    )
    finished = BytesIO()
    pikepdf.new().save(finished)
    print_cache.store(print_cache.PRINTS, "f" * 64, finished.getvalue())
    job = PrintJob.objects.create(
        owner=player, title="Done", query="source=cards", key="f" * 64, filename="done.pdf"
    )
    job.status = PrintJob.Status.DONE
    job.save()
    house_rule = LibraryEntry.objects.create(
        ruleset=pulp_alley, kind="ability", slug="lucky-hat", name="Lucky Hat", owner=player
    )
    pending = PendingPortrait.objects.create(owner=player, image="portraits/pending/none.jpg")
    return {
        "pk": sorted({roster.pk, band.pk, cards[0].pk, job.pk, house_rule.pk}),
        "character_pk": [cards[0].pk],
        "number": [1],
        "token": [token, pending.token],
        "ruleset": list(playable_slugs()),
        "deck": sorted(set(Deck.objects.values_list("slug", flat=True))),
        "kind": sorted(set(LibraryEntry.objects.values_list("kind", flat=True))),
        "key": ["x"],
        "event": ["result"],
        "slug": sorted(sample_paths())[:1],
        "object_id": [player.pk],
        "id": [player.pk],
        "content_type_id": [1],
        "app_label": ["accounts"],
        "url": [""],
        "roster_pk": [roster.pk],
        "code": ["NOCODE23"],
        "model_id": ["m0"],
        "uidb64": ["MQ"],
    }


def ask(client, method, url, *, fresh=True):
    """One request (with the print query of the ticked cards), its database changes undone
    so the next one finds everything as it was; None if it began to draw a PDF. A fresh one
    starts with no rate spent and no page kept from the last."""
    if fresh:
        cache.clear()
        caches["pages"].clear()
    try:
        with transaction.atomic():
            response = getattr(client, method)(
                url, {"source": "cards"} if method == "get" else None
            )
            raise Undone
    except Undone:
        return response
    except Drew:
        return None


# The rates that stop a client's drawing: one count for everything that draws a PDF, and the
# designer's own for its live card picture (drawn as a one-card PDF, as it will print).
DRAWING_RATES = ("PDF_RATE", "PREVIEW_RATE")
DESIGNER_PICTURE = {"cards:designer", "cards:edit", "cards:preview", "cards:preview_existing"}


def rate_that_stops(client, method, url, monkeypatch):
    """Which drawing rate, lowered to one a minute, stops the second request with a 429
    before anything is drawn (None if none does)."""
    for name in DRAWING_RATES:
        for other in DRAWING_RATES:
            monkeypatch.setattr(limits, other, "1/m" if other == name else "1000/m")
        ask(client, method, url)
        second = ask(client, method, url, fresh=False)
        if second is not None and second.status_code == 429:
            return name
    return None


def test_every_url_that_draws_a_pdf_is_throttled(client, player, everything, monkeypatch):
    """Each URL pattern is asked with every object it can name, GET and POST, drawing made
    impossible: a URL that starts to draw, or answers a PDF, must answer 429 past its rate
    without drawing (the PDF rate for all but the designer's card picture)."""

    def drew(*args, **kwargs):
        raise Drew

    monkeypatch.setattr(weasyprint.HTML, "write_pdf", drew)
    client.force_login(player)
    session = client.cookies
    drawing, serving = set(), set()
    for name, route in patterns():
        for url, method in product(urls(route, everything), ("get", "post")):
            client.cookies = type(session)(session)  # a log-out page logs out only itself
            response = ask(client, method, url)
            if response is None:
                drawing.add((name, method, url))
            elif response.get("Content-Type") == "application/pdf":
                serving.add((name, method, url))
    # The walk reaches every kind of PDF (else the objects above no longer fit the URLs).
    found = {name for name, _, _ in drawing | serving}
    assert {
        "printing:page",
        "printing:pdf",
        "printing:prepare",
        "printing:calibration",
        "printing:shared_cards",
        "printing:tokens",
        "printing:everything",
        "cheatsheets:quick_reference",
        "cheatsheets:roster_reference",
        "cheatsheets:roster_sheet",
    } <= found
    # What is left unthrottled draws nothing, and is still there to be left so.
    assert {name for name, _, _ in serving} >= NOT_THROTTLED
    assert not NOT_THROTTLED & {name for name, _, _ in drawing}
    stopped_by = {
        (name, method, url): rate_that_stops(client, method, url, monkeypatch)
        for name, method, url in drawing | serving
        if name not in NOT_THROTTLED
    }
    wrong = {
        key: rate
        for key, rate in stopped_by.items()
        if rate != ("PREVIEW_RATE" if key[0] in DESIGNER_PICTURE else "PDF_RATE")
    }
    assert not wrong, f"not stopped (None) or stopped by the wrong rate: {sorted(wrong.items())}"
