"""The Card Designer for 7TV: pick a profile, buy models, customise a Star within p.38."""

import base64

import pytest

from cards.printing import preview
from cards.printing.rendering import render_faces
from cards.printing.thumbnails import drawn_thumbnails
from rosters.models import Character

pytestmark = pytest.mark.django_db

BLADE = {"ruleset": "7tv", "character_type": "bold-blade", "name": "Bold Blade", "count": "1"}


def post_preview(client, data):
    return client.post("/cards/designer/preview/", data, headers={"HX-Request": "true"})


def test_the_7tv_designer_opens_on_a_star_with_its_ratings(client, rules_data):
    response = client.get("/cards/designer/", {"ruleset": "7tv"})
    assert response.status_code == 200
    assert response.context["data"]["type"] == "star"
    assert response.context["cost"] == response.context["form"].profile_entry["cost"]
    assert "Customise" in response.content.decode()


def test_customising_a_star_is_priced_live(client, rules_data):
    plain = post_preview(client, BLADE).context["cost"]
    assert plain == 10
    tougher = post_preview(client, BLADE | {"defence_change": "1"}).context["cost"]
    assert tougher == 12  # +2 ratings per point of Defence
    sharper = post_preview(
        client, BLADE | {"defence_change": "1", "fight_change": "1", "mind_change": "-1"}
    )
    assert sharper.context["cost"] == 12  # +1 and −1 cancel out
    assert "Costs <strong>12 ratings</strong>" in sharper.content.decode()


def test_breaking_the_customisation_rules_is_reported(client, rules_data):
    response = post_preview(
        client, BLADE | {"fight_change": "1", "shoot_change": "1", "mind_change": "1"}
    )
    codes = {finding.code for finding in response.context["findings"]}
    assert "too-many-changes" in codes


def test_a_change_past_the_books_saves_and_the_preview_says_where_the_book_limits_it(
    client, rules_data
):
    """The designer takes what the roster file holds (a group's agreed profile travels); the
    book's one-up-one-down is the report's to say, with its page."""
    preview = post_preview(client, BLADE | {"fight_change": "3"})
    (finding,) = [f for f in preview.context["findings"] if f.code == "bad-customisation"]
    assert (finding.page, finding.severity) == (38, "error")
    assert "Fight changes by +3" in preview.content.decode()
    client.post("/cards/designer/", BLADE | {"name": "Captain Blade", "fight_change": "3"})
    card = Character.objects.get(name="Captain Blade")
    assert card.profile["customisation"] == {"stats": {"fight": 3}}


def test_extras_are_bought_in_groups_at_the_bulk_price(client, rules_data):
    response = post_preview(
        client,
        {"ruleset": "7tv", "character_type": "imperial-trooper", "name": "Troopers", "count": "6"},
    )
    assert response.context["cost"] == 10
    page = client.get(
        "/cards/designer/", {"ruleset": "7tv", "type": "imperial-trooper"}
    ).content.decode()
    assert "Customise" not in page  # only Stars and Co-Stars may be customised


def test_saving_a_customised_star(client, rules_data):
    client.post(
        "/cards/designer/",
        BLADE
        | {
            "name": "Captain Blade",
            "defence_change": "1",
            "genre_from": "fantasy",
            "genre_to": "sci-fi",
        },
    )
    card = Character.objects.get(name="Captain Blade")
    assert card.character_type == "star"
    assert card.profile == {
        "base": "bold-blade",
        "count": 1,
        "customisation": {
            "stats": {"defence": 1},
            "genre_swap": {"from": "fantasy", "to": "sci-fi"},
        },
    }
    edit = client.get(f"/cards/{card.pk}/edit/")
    assert edit.context["cost"] == 13  # +2 Defence, +1 genre swap


def test_a_star_preview_shows_both_sides_because_its_rules_are_on_the_back(client, rules_data):
    response = post_preview(client, BLADE)
    assert response.context["preview_back"].startswith("data:image/png;base64,")
    assert 'alt="Back of the card"' in response.content.decode()


def test_both_sides_are_drawn_in_one_document_as_the_very_faces_that_print(
    client, rules_data, empty_print_cache, monkeypatch
):
    """Each side's picture is the print path's own face PDF (rendering.render_faces, what
    a sheet places) drawn at the preview's pixels; both come from one WeasyPrint document."""
    documents = []
    card_pdfs = preview.card_pdfs
    monkeypatch.setattr(
        preview, "card_pdfs", lambda faces: documents.append(len(faces)) or card_pdfs(faces)
    )
    response = post_preview(client, BLADE)
    assert documents == [2]
    face = response.context["face"]
    printed = render_faces([face, face.back])
    shown = [response.context["preview"], response.context["preview_back"]]
    for pdf, picture in zip(printed, shown, strict=True):
        (expected,) = drawn_thumbnails(pdf, dpi=preview.PREVIEW_DPI, limit=1)
        assert base64.b64decode(picture.split(",", 1)[1]) == expected


@pytest.mark.parametrize("typed", ["²", "100", "0", "9" * 5000])
def test_a_model_count_out_of_range_prices_one_model_and_the_save_says_why(
    client, rules_data, typed
):
    preview = post_preview(client, BLADE | {"count": typed, "fight_change": typed})
    assert preview.status_code == 200
    assert preview.context["data"]["profile"] == {"base": "bold-blade", "count": 1}
    saved = client.post("/cards/designer/", BLADE | {"count": typed})
    assert saved.status_code == 400
    assert not Character.objects.exists()
