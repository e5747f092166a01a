"""The Card Designer: type profiles, live preview and findings, saving, portraits."""

import base64
import dataclasses
import html
import io
import re

import pytest
from PIL import Image

from cards.games.pulp_alley.designer import PulpAlleyCharacterForm
from cards.models import PendingPortrait
from rosters.models import Character
from rosters.portraits import crop_portrait
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_alley.profile import DIE_TYPES, character_findings

pytestmark = pytest.mark.django_db

SKILLS = ("brawl", "shoot", "dodge", "might", "finesse", "cunning")
SMITH = {
    "ruleset": "pulp-alley",
    "character_type": "leader",
    "name": "Singapore Smith",
    "health": "d10",
    "brawl_count": 3, "brawl_die": "d8",
    "shoot_count": 3, "shoot_die": "d10",
    "dodge_count": 3, "dodge_die": "d10",
    "might_count": 2, "might_die": "d8",
    "finesse_count": 3, "finesse_die": "d10",
    "cunning_count": 2, "cunning_die": "d10",
    "abilities": ["sharp", "deadeye", "hardened-veteran"],
    "flavour": "Soldier of fortune.",
}  # fmt: skip


def png(colour="red", size=(600, 800)):
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    buffer.seek(0)
    buffer.name = "face.png"
    return buffer


def codes(response):
    return {finding.code for finding in response.context["findings"]}


def test_choosing_a_type_fills_its_creation_profile(client, pulp_alley):
    response = client.get("/cards/designer/", {"type": "sidekick"})
    form = response.context["form"]
    counts = sorted(
        form.initial[f"{s}_count"]
        for s in ("brawl", "shoot", "dodge", "might", "finesse", "cunning")
    )
    dice = sorted(
        form.initial[f"{s}_die"] for s in ("brawl", "shoot", "dodge", "might", "finesse", "cunning")
    )
    assert counts == [2, 2, 2, 3, 3, 3]
    assert dice == ["d6", "d6", "d6", "d8", "d8", "d8"]
    assert form.initial["health"] == "d8"
    # A fresh card only lacks its abilities: the profile itself follows the book.
    assert codes(response) == {"ability-count"}


def test_the_preview_is_the_printed_card_as_a_picture(client, pulp_alley):
    response = client.get("/cards/designer/", {"type": "follower"})
    assert response.context["preview"].startswith("data:image/png;base64,")
    assert 'alt="Card preview' in response.content.decode()


def test_a_card_the_preview_drew_before_is_shown_again_without_drawing_it(
    client, pulp_alley, empty_print_cache, monkeypatch
):
    from cards.printing import preview

    drawn = []
    card_pdfs = preview.card_pdfs
    monkeypatch.setattr(
        preview, "card_pdfs", lambda faces: drawn.extend(f.title for f in faces) or card_pdfs(faces)
    )
    first = client.post("/cards/designer/preview/", SMITH).context["preview"]
    renamed = client.post("/cards/designer/preview/", SMITH | {"name": "Smith Junior"})
    again = client.post("/cards/designer/preview/", SMITH).context["preview"]
    assert again == first != renamed.context["preview"]
    assert len(drawn) == 2  # the first card and the renamed one; the first came back kept
    picture = Image.open(io.BytesIO(base64.b64decode(again.split(",", 1)[1])))
    assert picture.size == (375, 525)  # the card at 150 dpi


def test_abilities_above_the_characters_level_are_shown_greyed_with_the_reason(client, pulp_alley):
    form = client.get("/cards/designer/", {"type": "ally"}).context["form"]
    rows = {row["entry"]["slug"]: row for row in form.ability_rows()}
    assert rows["crafty"]["allowed"]  # level 2
    assert not rows["deadeye"]["allowed"]  # level 3
    assert rows["deadeye"]["reason"] == "Level 3: needs a level-3 character"
    page = client.get("/cards/designer/", {"type": "ally"}).content.decode()
    assert 'value="commander" disabled' in page


def test_live_preview_applies_stat_abilities_the_way_the_book_prints_them(client, pulp_alley):
    data = SMITH | {"character_type": "sidekick", "name": "Arge", "health": "d8",
                    "brawl_count": 3, "brawl_die": "d8", "shoot_count": 3, "shoot_die": "d8",
                    "dodge_count": 2, "dodge_die": "d6", "might_count": 3, "might_die": "d8",
                    "finesse_count": 2, "finesse_die": "d6",
                    "cunning_count": 2, "cunning_die": "d6",
                    "abilities": ["athletic", "fierce"]}  # fmt: skip
    response = client.post("/cards/designer/preview/", data, headers={"HX-Request": "true"})
    assert response.content.decode().lstrip().startswith('<aside id="preview"')
    skills = dict(response.context["face"].data["skills"])
    assert skills["Brawl"] == "4d8"  # base 3d8 + Fierce
    assert codes(response) == set()


def test_live_preview_reports_what_breaks_the_creation_rules(client, pulp_alley):
    response = client.post("/cards/designer/preview/", SMITH | {"brawl_count": 5})
    assert "dice-count-pattern" in codes(response)
    assert "Error:" in response.content.decode()


def test_saving_a_card_puts_it_in_my_cards(client, pulp_alley):
    response = client.post("/cards/designer/", SMITH)
    character = Character.objects.get(name="Singapore Smith")
    assert response.status_code == 302
    assert response.url == f"/cards/{character.pk}/edit/"
    assert character.owner.is_guest  # no account needed to start
    assert character.profile["skills"]["brawl"] == "3d8"
    assert character.profile["abilities"] == ["sharp", "deadeye", "hardened-veteran"]
    edit = client.get(response.url)
    assert codes(edit) == set()
    assert "follows the book" in edit.content.decode()


def test_an_invalid_card_is_not_saved_and_says_why(client, pulp_alley):
    response = client.post("/cards/designer/", SMITH | {"name": ""})
    assert response.status_code == 400
    assert not Character.objects.exists()
    assert "This field is required" in response.content.decode()


def test_animal_needs_its_two_skills(client, pulp_alley):
    chu = SMITH | {"character_type": "follower", "name": "Chu-Chu", "health": "d6",
                   **{f"{s}_count": 1 for s in SKILLS}, **{f"{s}_die": "d6" for s in SKILLS},
                   "abilities": ["animal"]}  # fmt: skip
    without = client.post("/cards/designer/preview/", chu)
    assert "animal-choice" in codes(without)
    page = client.get("/cards/designer/", {"type": "follower"}).content.decode()
    assert 'data-for="animal"' in page and "Animal: 2 different skills that gain a die each" in page
    chosen = client.post("/cards/designer/preview/", chu | {"animal_skills": ["dodge", "finesse"]})
    skills = dict(chosen.context["face"].data["skills"])
    assert (skills["Shoot"], skills["Dodge"], skills["Finesse"]) == ("—", "2d6", "2d6")
    assert "animal-choice" not in codes(chosen)


@pytest.mark.parametrize(
    ("ruleset", "kind", "label"),
    [
        ("pulp-alley", "follower", "Character type"),
        ("pulp-city", "level-2", "Level"),
        ("pulp-fiction", "henchman", "Figure type"),
    ],
)
def test_the_designer_opens_on_the_asked_type_under_the_games_own_name_for_it(
    client, rules_data, ruleset, kind, label
):
    page = client.get("/cards/designer/", {"ruleset": ruleset, "type": kind}).content.decode()
    assert f'<label for="id_character_type">{label}</label>' in page
    chosen = re.findall(r'<option value="([^"]+)" selected>', page)
    assert kind in chosen
    # Picking another type asks the designer for that type's form, with or without JavaScript.
    assert """hx-vals='{"retype": "1"}'""" in page and 'name="retype"' in page


def test_changing_type_refills_the_profile_but_keeps_the_name(client, pulp_alley):
    response = client.post(
        "/cards/designer/",
        SMITH | {"character_type": "follower", "retype": "1"},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="editor"')
    form = response.context["form"]
    assert form.initial["name"] == "Singapore Smith"
    assert form.initial["health"] == "d6"
    assert all(form.initial[f"{s}_count"] == 1 for s in ("brawl", "dodge", "cunning"))
    assert not Character.objects.exists()


def test_portrait_upload_is_cleaned_and_cropped_at_300_dpi(client, pulp_alley):
    client.post(
        "/cards/designer/",
        SMITH
        | {"portrait": png(), "portrait_x": "0.5", "portrait_y": "0.3", "portrait_zoom": "1.5"},
    )
    character = Character.objects.get()
    assert character.portrait.name.endswith(".jpg")
    assert character.portrait_crop == {"x": 0.5, "y": 0.3, "zoom": 1.5}
    with Image.open(character.portrait_print) as printed:
        assert printed.size == (295, 366)
        assert round(printed.info["dpi"][0]) == 300


def test_a_file_that_is_not_a_picture_saves_nothing_and_says_why(client, pulp_alley):
    bad = io.BytesIO(b"#!/bin/sh\necho pwned\n")
    bad.name = "face.png"
    response = client.post("/cards/designer/", SMITH | {"portrait": bad})
    assert response.status_code == 400
    assert "not an image we can read" in response.content.decode()
    assert not Character.objects.exists()


def test_editing_keeps_the_portrait_when_no_new_file_comes(client, pulp_alley):
    client.post("/cards/designer/", SMITH | {"portrait": png()})
    character = Character.objects.get()
    source = character.portrait.name
    client.post(f"/cards/{character.pk}/edit/", SMITH | {"name": "Smith", "portrait_x": "0.1"})
    character.refresh_from_db()
    assert character.name == "Smith"
    assert character.portrait.name == source
    assert character.portrait_crop["x"] == 0.1


def test_someone_elses_card_is_404_in_the_designer(client, player, rival, pulp_alley):
    card = Character.objects.create(
        owner=player, ruleset=pulp_alley, character_type="ally", name="Enki"
    )
    client.force_login(rival)
    assert client.get(f"/cards/{card.pk}/edit/").status_code == 404
    assert client.post(f"/cards/{card.pk}/edit/", SMITH).status_code == 404
    assert client.post(f"/cards/{card.pk}/preview/", SMITH).status_code == 404


def test_names_with_markup_are_escaped_in_the_designer(client, pulp_alley):
    response = client.post("/cards/designer/preview/", SMITH | {"name": "<script>x()</script>"})
    assert "<script>x()</script>" not in response.content.decode()


def test_designer_query_count_is_pinned(
    player_client, player, pulp_alley, django_assert_num_queries
):
    card = Character.objects.create(
        owner=player, ruleset=pulp_alley, character_type="leader", name="Smith", profile={}
    )
    with django_assert_num_queries(6):
        player_client.get(f"/cards/{card.pk}/edit/")


@pytest.mark.parametrize("cards", [1, 20])
def test_designer_queries_do_not_grow_with_my_cards(
    player_client, player, pulp_alley, django_assert_num_queries, cards
):
    made = [
        Character.objects.create(
            owner=player, ruleset=pulp_alley, character_type="ally", name=f"Card {n}", profile={}
        )
        for n in range(cards)
    ]
    with django_assert_num_queries(6):
        player_client.get(f"/cards/{made[-1].pk}/edit/")
    with django_assert_num_queries(5):  # the game's rules book is built by now
        player_client.get("/cards/designer/")


def test_an_associate_has_no_dice_to_fill_in(client, pulp_alley):
    page = client.get("/cards/designer/", {"type": "associate"}).content.decode()
    assert "stay out of the fighting" in page
    assert 'name="brawl_count"' not in page
    client.post(
        "/cards/designer/",
        {"ruleset": "pulp-alley", "character_type": "associate", "name": "Jeeves"},
    )
    assert Character.objects.get(name="Jeeves").profile == {"abilities": []}


def test_a_card_designed_from_a_roster_joins_that_roster(player_client, player, pulp_alley):
    from rosters.models import Roster

    league = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")
    page = player_client.get("/cards/designer/", {"roster": league.pk}).content.decode()
    assert "Save and add to Smith&#x27;s League" in page
    response = player_client.post("/cards/designer/", SMITH | {"roster": league.pk})
    assert response.url == f"/rosters/{league.pk}/"
    assert [c.name for c in league.characters.all()] == ["Singapore Smith"]


def test_a_card_cannot_be_slipped_into_someone_elses_roster(client, rival, pulp_alley):
    from rosters.models import Roster

    theirs = Roster.objects.create(owner=rival, ruleset=pulp_alley, name="Rival")
    response = client.post("/cards/designer/", SMITH | {"roster": theirs.pk})
    assert response.url.endswith("/edit/")
    assert not theirs.characters.exists()


def test_a_pulp_alley_preview_has_no_back_to_show(client, pulp_alley):
    assert client.post("/cards/designer/preview/", SMITH).context["preview_back"] is None


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def posted_crop(page):
    """The crop fields as the page would post them back."""
    return {
        key: re.search(rf'<input[^>]*name="portrait_{key}"[^>]*value="([^"]*)"', page)[1]
        for key in ("x", "y", "zoom")
    }


def test_a_crop_at_the_top_left_edge_survives_saving_the_card_again(client, pulp_alley, media):
    client.post(
        "/cards/designer/",
        SMITH | {"portrait": png(), "portrait_x": "0", "portrait_y": "0", "portrait_zoom": "2"},
    )
    character = Character.objects.get()
    page = client.get(f"/cards/{character.pk}/edit/").content.decode()
    crop = posted_crop(page)
    assert {key: float(value) for key, value in crop.items()} == {"x": 0, "y": 0, "zoom": 2}
    client.post(
        f"/cards/{character.pk}/edit/", SMITH | {f"portrait_{k}": v for k, v in crop.items()}
    )
    character.refresh_from_db()
    assert character.portrait_crop == {"x": 0, "y": 0, "zoom": 2}


def pending_ref(client, colour="red"):
    return client.post("/cards/portraits/", {"portrait": png(colour)}).json()["ref"]


def preview_portrait(response):
    """The print crop inside the live preview's card, as an image: the designer's own card,
    not the one its drawing hands WeasyPrint (with a stand-in for the picture)."""
    designer = next(context for context in response.context if "preview" in context)
    uri = designer["face"].data["portrait_uri"]
    return Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1])))


def test_the_preview_shows_a_chosen_picture_by_reference_with_its_unsaved_crop(
    client, pulp_alley, media
):
    ref = pending_ref(client, "blue")
    crop = {"portrait_x": "0", "portrait_y": "1", "portrait_zoom": "0.5"}
    response = client.post("/cards/designer/preview/", SMITH | crop | {"portrait_ref": ref})
    shown = preview_portrait(response)
    pending = PendingPortrait.objects.get()
    with pending.image.open("rb") as source:
        expected = Image.open(crop_portrait(source, {"x": 0, "y": 1, "zoom": 0.5}))
    assert shown.tobytes() == expected.tobytes()
    # Zoomed out: card paper above the picture, the blue picture at the bottom.
    assert shown.getpixel((150, 5)) == pytest.approx((246, 239, 224), abs=6)
    assert shown.getpixel((100, 360))[2] > 200
    page = response.content.decode()
    assert f'data-portrait-shows-ref="{ref}"' in page
    assert 'data-portrait-shows-zoom="0.5"' in page


def test_the_preview_follows_an_unsaved_crop_of_a_saved_portrait(client, pulp_alley, media):
    left_red = Image.new("RGB", (800, 400), "blue")
    left_red.paste("red", (0, 0, 400, 400))
    buffer = io.BytesIO()
    left_red.save(buffer, "PNG")
    buffer.seek(0)
    buffer.name = "halves.png"
    client.post("/cards/designer/", SMITH | {"portrait": buffer, "portrait_x": "0"})
    character = Character.objects.get()
    moved = client.post(
        f"/cards/{character.pk}/preview/", SMITH | {"portrait_x": "1", "portrait_y": "0.5"}
    )
    assert preview_portrait(moved).getpixel((150, 180))[2] > 200  # now the blue right side
    kept = client.post(
        f"/cards/{character.pk}/preview/", SMITH | {"portrait_x": "0", "portrait_y": "0.5"}
    )
    assert preview_portrait(kept).getpixel((150, 180))[0] > 200  # the saved crop: red


def test_saving_with_a_reference_keeps_that_picture_without_sending_it_again(
    client, pulp_alley, media, django_capture_on_commit_callbacks
):
    ref = pending_ref(client, "green")
    with django_capture_on_commit_callbacks(execute=True):
        crop = {"portrait_x": "0.2", "portrait_y": "0", "portrait_zoom": "1"}
        response = client.post("/cards/designer/", SMITH | crop | {"portrait_ref": ref})
    assert response.status_code == 302
    character = Character.objects.get()
    assert character.portrait_crop == {"x": 0.2, "y": 0, "zoom": 1}
    with Image.open(character.portrait_print) as printed:
        assert printed.getpixel((150, 180))[1] > 100
    assert not PendingPortrait.objects.exists()
    kept = sorted(p.name for p in media.rglob("*.jpg"))
    assert kept == sorted(
        [character.portrait.name.split("/")[-1], character.portrait_print.name.split("/")[-1]]
    )


def test_someone_elses_picture_reference_saves_nothing_and_says_why(
    client, player, rival, pulp_alley, media
):
    client.force_login(rival)
    ref = pending_ref(client)
    client.force_login(player)
    response = client.post("/cards/designer/", SMITH | {"portrait_ref": ref})
    assert response.status_code == 400
    assert "The picture you chose is no longer here" in response.content.decode()
    assert not Character.objects.exists()
    preview = client.post("/cards/designer/preview/", SMITH | {"portrait_ref": ref})
    assert preview.context["face"].data["portrait_uri"] is None


@pytest.mark.parametrize("typed", ["²", "100", "0", "9" * 5000])
def test_a_dice_count_out_of_range_is_never_drawn_and_the_save_says_why(client, pulp_alley, typed):
    preview = client.post("/cards/designer/preview/", SMITH | {"brawl_count": typed})
    assert preview.status_code == 200
    assert preview.context["data"]["profile"]["skills"]["brawl"] == "—"
    saved = client.post("/cards/designer/", SMITH | {"brawl_count": typed})
    assert saved.status_code == 400
    assert not Character.objects.exists()


def test_a_roster_id_that_is_not_a_number_is_ignored(client, pulp_alley):
    for typed in ["²", "9" * 5000]:
        response = client.get("/cards/designer/", {"type": "leader", "roster": typed})
        assert response.status_code == 200
        assert response.context["roster"] is None


def test_live_previews_past_the_rate_get_a_wait_message_and_others_still_preview(
    client, pulp_alley, monkeypatch
):
    from django.test import Client

    from config import limits

    monkeypatch.setattr(limits, "PREVIEW_RATE", "2/m")
    data = SMITH | {"character_type": "leader", "name": "Smith"}
    for _ in range(2):
        assert client.post("/cards/designer/preview/", data).status_code == 200
    response = client.post("/cards/designer/preview/", data)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    other = Client(REMOTE_ADDR="198.51.100.4")
    assert other.post("/cards/designer/preview/", data).status_code == 200


def test_the_animal_and_extraordinary_choosers_offer_what_the_effects_allow():
    """The choosers read the abilities' effects, as the engine does: Animal never picks Shoot,
    and a table that also bars Might from it sees Might go from the designer too."""
    book = rules_book_from_fixtures("pulp-alley")

    def offered(rules, field):
        return [value for value, _ in PulpAlleyCharacterForm(rules=rules).fields[field].choices]

    assert offered(book, "animal_skills") == ["brawl", "dodge", "might", "finesse", "cunning"]
    assert offered(book, "extraordinary_skill") == [
        "", "brawl", "shoot", "dodge", "might", "finesse", "cunning"
    ]  # fmt: skip
    animal = book.entry("ability", "animal")
    spec = {**animal["effect"]["add_dice_choice"], "exclude": ["shoot", "might"]}
    effect = {**animal["effect"], "add_dice_choice": spec}
    entries = {**book.entries, ("ability", "animal"): {**animal, "effect": effect}}
    assert "might" not in offered(dataclasses.replace(book, entries=entries), "animal_skills")
    assert (
        "Animal: 3 different"
        in PulpAlleyCharacterForm(
            rules=dataclasses.replace(book, entries=entries | with_effect(book, "animal", count=3))
        )
        .fields["animal_skills"]
        .label
    )
    raised = with_effect(book, "extraordinary", "raise_die_choice", **{"from": "d6", "to": "d8"})
    assert (
        PulpAlleyCharacterForm(rules=dataclasses.replace(book, entries=book.entries | raised))
        .fields["extraordinary_skill"]
        .label
        == "Extraordinary: the d6 skill raised to d8"
    )


def with_effect(book, slug, key="add_dice_choice", **changes):
    """The rules entries a table gets by changing one choice ability's numbers."""
    entry = book.entry("ability", slug)
    effect = {**entry["effect"], key: {**entry["effect"][key], **changes}}
    return {("ability", slug): {**entry, "effect": effect}}


def test_the_designer_offers_the_engines_dice_and_every_die_the_rules_data_names():
    """A die a type starts with or an ability raises to can be typed in the designer, and no
    die the game does not roll is offered (p.2)."""
    book = rules_book_from_fixtures("pulp-alley")
    form = PulpAlleyCharacterForm(rules=book)
    for field in ["health", *(f"{skill}_die" for skill in SKILLS)]:
        assert [value for value, _ in form.fields[field].choices] == list(DIE_TYPES)
    profiles = [kind["profile"] for kind in book.character_types.values()]
    named = {profile["health"] for profile in profiles if profile.get("health")}
    named |= {die for profile in profiles for die in profile.get("die_types", ())}
    for entry in book.of_kind("ability"):
        raised = entry.get("effect", {}).get("raise_die_choice", {})
        named |= {raised[end] for end in ("from", "to") if end in raised}
    assert named <= set(DIE_TYPES)


@pytest.mark.parametrize("skill", SKILLS)
def test_a_skill_may_be_left_without_dice_exactly_where_an_ability_lets_the_engine_allow_it(
    skill,
):
    """The designer's 0 = — is offered for a skill only when some ability leaves a character
    without it and the engine then owes it no dice (an Animal's Shoot, p.9)."""
    book = rules_book_from_fixtures("pulp-alley")
    skills = {name: "1d6" for name in SKILLS} | {skill: "—"}

    def owed(ability):
        character = {
            "name": "Test",
            "type": "leader",
            "profile": {"health": "d10", "skills": skills, "abilities": [ability["slug"]]},
        }
        return any(f.code == "missing-skill" for f in character_findings(character, book))

    allowed = any(not owed(ability) for ability in book.of_kind("ability"))
    assert (PulpAlleyCharacterForm(rules=book).fields[f"{skill}_count"].min_value == 0) == allowed


def test_save_and_add_to_a_league_that_has_played_goes_through_its_reorganisation(
    player_client, player
):
    """The designer's "Save and add to league" meets the same gate as the builder's Add: a
    league that has played takes the card only as the book's reorganisation (p.44), here
    refused with the book's reason (its slots are full) while the card stays in My Cards."""
    from rosters.handlers.transfer import start_from_sample
    from tests.rosters.timeline import record_result

    league = start_from_sample(owner=player, slug="singapore-smith").roster
    record_result(roster=league, result={"scenario": "X", "victory_points": 2})
    lineup = list(league.members.values_list("character_id", flat=True))
    response = player_client.post(
        "/cards/designer/", SMITH | {"character_type": "follower", "roster": league.pk}, follow=True
    )
    page = response.content.decode()
    assert "11 of 10 slots" in page and "The card is in My Cards." in page
    assert list(league.members.values_list("character_id", flat=True)) == lineup
    assert league.campaign_entries.count() == 1
    assert player.characters.filter(name="Singapore Smith", character_type="follower").exists()


def test_a_card_edited_from_its_roster_leads_back_to_that_roster(player_client, player):
    from rosters.handlers.transfer import start_from_sample

    league = start_from_sample(owner=player, slug="singapore-smith").roster
    smith = league.members.get(character__name="Singapore Smith").character
    roster_page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    edit_url = f"/cards/{smith.pk}/edit/?roster={league.pk}"
    assert f'href="{edit_url}"' in roster_page
    edit = player_client.get(edit_url).content.decode()
    back = re.search(rf'<a [^>]*href="/rosters/{league.pk}/"[^>]*>([^<]*)</a>', edit)
    assert back and html.unescape(back.group(1)) == f"Back to {league.name}"
    # Saved, the card stays on its way back, and joins its roster no second time.
    saved = player_client.post(edit_url, SMITH | {"roster": league.pk})
    assert saved.status_code == 302 and saved.url == edit_url
    assert league.members.filter(character=smith).count() == 1
