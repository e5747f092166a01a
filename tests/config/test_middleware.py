"""A request body too big to be a roster file or a portrait is refused from its declared
size, before the server reads it, with a page that says the numbers."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from config.limits import MIB, REQUEST_MAX_BYTES
from rosters.models import Roster

pytestmark = pytest.mark.django_db


def test_a_body_declared_over_the_limit_gets_413_with_the_numbers_and_is_not_read(client):
    body = b"{}"
    response = client.generic(
        "POST",
        "/rosters/import/",
        body,
        content_type="application/json",
        CONTENT_LENGTH=str(60 * MIB),
    )
    assert response.status_code == 413
    page = response.content.decode()
    assert "60.0 MB" in page and f"at most {REQUEST_MAX_BYTES // MIB} MB" in page
    assert not Roster.objects.exists()


def test_form_fields_over_the_form_limit_are_refused(client, pulp_alley):
    from config.limits import FORM_MAX_BYTES

    response = client.post("/rosters/", {"ruleset": pulp_alley.pk, "name": "x" * FORM_MAX_BYTES})
    assert response.status_code == 400
    assert not Roster.objects.exists()


def test_an_ordinary_roster_file_is_still_taken(client):
    from pathlib import Path

    from django.conf import settings

    example = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"
    upload = SimpleUploadedFile("smith.json", example.read_bytes(), "application/json")
    response = client.post("/rosters/import/", {"file": upload})
    assert response.status_code == 302
    assert Roster.objects.count() == 1
