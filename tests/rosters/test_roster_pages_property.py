"""Whatever the import accepts, every page and PDF of that roster renders: the property that
the format's stated limits (docs/roster.schema.json) are the right ones. Rosters of every game
in roster_strategies.PARTS are generated at and inside those limits, imported through the web
page, and then every view of the roster is fetched."""

import json
import re

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.html import escape
from hypothesis import given
from hypothesis import settings as hypothesis_settings

from rosters.format import validate_roster
from rosters.models import Roster
from tests.cards.pdf_reading import read
from tests.rosters.roster_strategies import PARTS, rosters

pytestmark = pytest.mark.django_db

# Each example renders two PDFs and the card sheet: a handful per game keeps the suite quick,
# and Hypothesis's database replays any failure it ever found first.
EXAMPLES_PER_GAME = 6


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def import_file(client, document):
    content = json.dumps(document, ensure_ascii=False).encode()
    upload = SimpleUploadedFile("roster.json", content, content_type="application/json")
    response = client.post("/rosters/import/", {"file": upload})
    errors = response.context["form"].errors if response.status_code == 400 else None
    assert response.status_code == 302, errors
    return int(re.fullmatch(r"/rosters/(\d+)/", response["Location"]).group(1))


def fetch(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response


def pdf_pages(client, url):
    response = fetch(client, url)
    assert response["Content-Type"] == "application/pdf"
    return len(read(response.content).pages)


def renders_everywhere(client, pk):
    roster = Roster.objects.get(pk=pk)
    page = fetch(client, f"/rosters/{pk}/").content.decode()
    assert escape(roster.name) in page
    exported = json.loads(fetch(client, f"/rosters/{pk}/export.json").content)
    validate_roster(exported)  # what the export writes, the import takes back
    assert fetch(client, f"/rosters/{pk}/export.txt").content.decode().startswith(roster.name)
    assert pdf_pages(client, f"/cheat-sheets/rosters/{pk}/roster-sheet.pdf") >= 1
    assert pdf_pages(client, f"/cheat-sheets/rosters/{pk}/reference.pdf") >= 1
    for member in roster.members.all():
        fetch(client, f"/cards/{member.character_id}/edit/")
    if roster.members.exists():
        assert pdf_pages(client, f"/print/cards.pdf?source=roster-{pk}") >= 1


@pytest.mark.parametrize("ruleset", sorted(PARTS))
def test_every_page_of_an_imported_roster_renders(player_client, rules_data, ruleset):
    @hypothesis_settings(max_examples=EXAMPLES_PER_GAME)
    @given(document=rosters(ruleset))
    def check(document):
        cache.clear()  # each roster's PDFs start a fresh rate-limit count, however many run
        renders_everywhere(player_client, import_file(player_client, document))

    check()
