"""The Pulp Fiction band builder on the web: a band counts figures with no limit to fill, the
report checks command and attachments live, a sidekick is attached to its hero from the
builder, and the band's cards, sheet, token sheet and rules reference print."""

import pytest

from rosters.models import Character, Roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def band(player, rules_data):
    from rules.models import Ruleset

    return Roster.objects.create(
        owner=player, ruleset=Ruleset.objects.get(slug="pulp-fiction"), name="The Irregulars"
    )


def htmx_post(client, url, data=None):
    return client.post(url, data or {}, headers={"HX-Request": "true"})


def design(client, band, **fields):
    """Design a figure in place for the band, as the Card Designer's Save does."""
    data = {"ruleset": "pulp-fiction", "roster": band.pk, "side": "", **fields}
    response = client.post("/cards/designer/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Character.objects.get(name=fields["name"])


def test_a_new_band_says_it_has_no_points_and_shows_no_limit(player_client, band):
    response = player_client.get(f"/rosters/{band.pk}/")
    report = response.context["report"]
    assert report.budget.total is None and report.budget.label == "0 figures"
    page = response.content.decode()
    assert "no points" in page
    assert "/ None" not in page and "None figures" not in page
    assert "<meter" not in page  # nothing to fill, so no gauge


def test_the_designer_opens_on_a_main_character_and_previews_the_stat_card(player_client):
    response = player_client.get("/cards/designer/?ruleset=pulp-fiction")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Figure type" in page and "Weapons" in page
    assert response.context["face"].template.endswith("pulp-fiction-card.html")
    assert response.context["cost"] is None


def test_a_hero_and_his_sidekick_attached_from_the_builder(player_client, band):
    doc = design(
        player_client, band, character_type="main-character", name="Doc", traits=["leader"],
        wounds="3", weapon_1="handgun", weapon_1_to_hit="4",
    )  # fmt: skip
    kid = design(player_client, band, character_type="secondary-character", name="Kid")
    response = player_client.get(f"/rosters/{band.pk}/")
    assert response.context["report"].budget.label == "2 figures"
    assert "unattached" in response.context["report"].codes
    assert "Serves Doc" in response.content.decode()

    response = htmx_post(
        player_client,
        f"/rosters/{band.pk}/members/{kid.pk}/role/",
        {"role": f"attached-to:{doc.pk}"},
    )
    report = response.context["report"]
    assert "unattached" not in report.codes and report.legal
    assert band.members.get(character=kid).role == f"attached-to:{doc.pk}"


def test_a_role_naming_no_hero_of_the_band_is_refused(player_client, band):
    kid = design(player_client, band, character_type="secondary-character", name="Kid")
    player_client.post(f"/rosters/{band.pk}/members/{kid.pk}/role/", {"role": "attached-to:Nobody"})
    assert band.members.get(character=kid).role == ""


def test_henchmen_without_a_leader_are_warned_they_can_never_act(player_client, band):
    design(player_client, band, character_type="villain", name="Boss", side="bad", wounds="3")
    design(player_client, band, character_type="henchman", name="Thug", side="bad")
    report = player_client.get(f"/rosters/{band.pk}/").context["report"]
    assert "no-leader" in report.codes


def test_the_band_prints_cards_sheet_tokens_and_rules_reference(player_client, band):
    design(
        player_client, band, character_type="main-character", name="Doc", traits=["leader"],
        wounds="3",
    )  # fmt: skip
    design(player_client, band, character_type="secondary-character", name="Kid")
    for url in (
        f"/print/cards.pdf?source=roster-{band.pk}",
        f"/print/rosters/{band.pk}/tokens.pdf",
        f"/cheat-sheets/rosters/{band.pk}/reference.pdf",
        f"/cheat-sheets/rosters/{band.pk}/roster-sheet.pdf",
    ):
        response = player_client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == "application/pdf", url
    assert "Token sheet (PDF)" in player_client.get(f"/rosters/{band.pk}/").content.decode()


def test_another_player_gets_404_for_the_band_tokens(client, band, make_user):
    client.force_login(make_user("rival"))
    assert client.get(f"/print/rosters/{band.pk}/tokens.pdf").status_code == 404


def test_a_game_without_tokens_has_no_token_sheet(player_client, player, rules_data):
    from rules.models import Ruleset

    league = Roster.objects.create(
        owner=player, ruleset=Ruleset.objects.get(slug="pulp-alley"), name="League"
    )
    assert player_client.get(f"/print/rosters/{league.pk}/tokens.pdf").status_code == 404
    assert "Token sheet" not in player_client.get(f"/rosters/{league.pk}/").content.decode()
