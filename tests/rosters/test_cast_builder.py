"""The 7TV cast builder: affiliation, chosen genre, ratings limit, profiles from the library."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from config.limits import BUDGET_MAX
from rosters.handlers.cards import save_card
from rosters.models import Character, Roster
from tests.properties import REUSES_FUNCTION_FIXTURES

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(player, rules_data):
    from rules.models import Ruleset

    return Roster.objects.create(
        owner=player, ruleset=Ruleset.objects.get(slug="7tv"), name="Team Zero"
    )


def htmx_post(client, url, data=None):
    return client.post(url, data or {}, headers={"HX-Request": "true"})


def test_a_new_cast_starts_at_25_ratings_with_settings_to_choose(player_client, cast):
    response = player_client.get(f"/rosters/{cast.pk}/")
    assert response.context["report"].budget.label == "0 / 25 ratings used"
    page = response.content.decode()
    assert "Affiliation" in page and "Chosen genre" in page
    assert 'list="budget-presets"' in page


def test_a_cast_without_an_affiliation_is_asked_for_one_in_plain_words(player_client, cast):
    response = player_client.get(f"/rosters/{cast.pk}/")
    (finding,) = [f for f in response.context["report"].findings if f.code == "unknown-affiliation"]
    assert finding.message == "Choose whether the cast is heroic, villainous or neutral."
    assert "None" not in response.content.decode()


def test_settings_and_ratings_limit_are_saved(player_client, cast):
    response = htmx_post(
        player_client,
        f"/rosters/{cast.pk}/settings/",
        {"affiliation": "heroic", "genre": "horror", "budget": "30"},
    )
    cast.refresh_from_db()
    assert cast.choices == {"affiliation": "heroic", "genre": "horror"}
    assert response.context["report"].budget.label == "0 / 30 ratings used"


def test_an_unknown_setting_value_is_refused_with_a_message(player_client, cast):
    player_client.post(f"/rosters/{cast.pk}/settings/", {"affiliation": "chaotic"})
    cast.refresh_from_db()
    assert "affiliation" not in cast.choices


def test_profiles_come_straight_from_the_library_and_the_meter_follows(player_client, cast):
    htmx_post(player_client, f"/rosters/{cast.pk}/settings/", {"affiliation": "heroic"})
    response = htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": "bold-blade"})
    assert response.context["report"].budget.label == "10 / 25 ratings used"
    card = Character.objects.get(name="Bold Blade")
    assert card.profile == {"base": "bold-blade", "count": 1}
    assert card.character_type == "star"
    response = htmx_post(
        player_client, f"/rosters/{cast.pk}/profiles/", {"profile": "bystander", "count": "3"}
    )
    assert response.context["report"].budget.label == "12 / 25 ratings used"  # 1 each, or 2 for 3


def test_the_profile_library_lists_types_in_the_books_order_then_by_name(player_client, cast):
    """Stars, Co-Stars, Extras, vehicles: the order the rules data lists the character types."""
    library = player_client.get(f"/rosters/{cast.pk}/").context["library"]
    types = [entry["data"]["type"] for entry in library]
    assert list(dict.fromkeys(types)) == ["star", "co-star", "extra", "vehicle"]
    stars = [entry["name"] for entry in library if entry["data"]["type"] == "star"]
    assert stars == sorted(stars) and len(stars) > 1


def test_changing_how_many_models_a_line_buys(player_client, cast):
    htmx_post(
        player_client,
        f"/rosters/{cast.pk}/profiles/",
        {"profile": "imperial-trooper", "count": "3"},
    )
    troopers = Character.objects.get(profile__base="imperial-trooper")
    response = htmx_post(
        player_client, f"/rosters/{cast.pk}/members/{troopers.pk}/count/", {"count": "6"}
    )
    assert response.context["report"].budget.label == "10 / 25 ratings used"


def test_the_builder_asks_how_many_models_only_where_the_type_buys_several(player_client, cast):
    """Extras come as lines of models (their bulk prices, p.22); a Star is one card. Which is
    which is the rules data's, so a type whose data changes changes in the builder too."""
    from rules.models import CharacterType

    htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": "mastermind"})
    htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": "imperial-trooper"})

    def asked():
        rows = player_client.get(f"/rosters/{cast.pk}/").context["rows"]
        return {row["type"]["slug"]: row["counted"] for row in rows}

    assert asked() == {"star": False, "extra": True}
    star = CharacterType.objects.get(ruleset=cast.ruleset, slug="star")
    star.profile |= {"several_models": True}
    star.save()
    assert asked() == {"star": True, "extra": True}


def test_a_villainous_star_in_a_heroic_cast_is_not_legal(player_client, cast):
    htmx_post(player_client, f"/rosters/{cast.pk}/settings/", {"affiliation": "heroic"})
    response = htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": "mastermind"})
    assert not response.context["report"].legal
    assert "Not legal" in response.content.decode()


def test_an_unknown_profile_is_404(player_client, cast):
    assert (
        player_client.post(f"/rosters/{cast.pk}/profiles/", {"profile": "zeppelin"}).status_code
        == 404
    )


def test_someone_elses_cast_is_404(client, rival, cast):
    client.force_login(rival)
    assert (
        client.post(f"/rosters/{cast.pk}/profiles/", {"profile": "bold-blade"}).status_code == 404
    )
    assert (
        client.post(f"/rosters/{cast.pk}/settings/", {"affiliation": "heroic"}).status_code == 404
    )
    assert not cast.members.exists()


def test_cast_builder_query_count_is_pinned(player_client, cast, django_assert_num_queries):
    for profile in ("bold-blade", "bystander", "guard"):
        htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": profile})
    # The rules book was built by the first add; the game's latest data version says which
    # version the roster is read by.
    with django_assert_num_queries(8):
        player_client.get(f"/rosters/{cast.pk}/")


def test_a_sidekick_names_its_boss_and_an_extra_can_ride_free_with_fellowship(player_client, cast):
    for profile in ("innocent-soul", "loyal-sidekick", "bystander"):
        htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": profile})
    sidekick = Character.objects.get(profile__base="loyal-sidekick")
    soul = Character.objects.get(profile__base="innocent-soul")
    page = player_client.get(f"/rosters/{cast.pk}/").context
    rows = {row["character"].name: row for row in page["rows"]}
    assert (f"sidekick-of:{soul.pk}", "Sidekick of Innocent Soul") in rows["Loyal Sidekick"][
        "roles"
    ]
    assert ("fellowship", "Free Fellowship Extra") in rows["Bystander"]["roles"]
    assert rows["Innocent Soul"]["roles"] == []

    before = page["report"].budget.used
    htmx_post(
        player_client,
        f"/rosters/{cast.pk}/members/{sidekick.pk}/role/",
        {"role": f"sidekick-of:{soul.pk}"},
    )
    bystander = Character.objects.get(profile__base="bystander")
    response = htmx_post(
        player_client, f"/rosters/{cast.pk}/members/{bystander.pk}/role/", {"role": "fellowship"}
    )
    assert response.context["report"].budget.used == before - 1  # the Fellowship Extra is free
    assert "sidekick-boss-unchosen" not in response.context["report"].codes
    assert cast.members.get(character=sidekick).role == f"sidekick-of:{soul.pk}"


def test_a_role_the_member_cannot_take_is_404(player_client, cast):
    htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": "bold-blade"})
    blade = Character.objects.get(profile__base="bold-blade")
    assert (
        player_client.post(
            f"/rosters/{cast.pk}/members/{blade.pk}/role/", {"role": "fellowship"}
        ).status_code
        == 404
    )


@pytest.mark.parametrize("typed", ["²", "-5", "0", "10001", "9" * 5000, "1e3", "30.5"])
def test_a_ratings_limit_out_of_range_or_not_a_number_is_refused_with_a_message(
    player_client, cast, typed
):
    response = player_client.post(f"/rosters/{cast.pk}/settings/", {"budget": typed}, follow=True)
    assert response.status_code == 200
    cast.refresh_from_db()
    assert cast.budget is None  # unchanged: still the game's 25
    said = [str(message) for message in response.context["messages"]]
    assert len(said) == 1 and said[0].startswith("Budget: ")


@settings(max_examples=30, suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(typed=st.text(max_size=30))
def test_whatever_is_typed_as_the_limit_the_page_answers_and_the_limit_stays_in_range(
    player_client, cast, typed
):
    response = player_client.post(f"/rosters/{cast.pk}/settings/", {"budget": typed})
    assert response.status_code == 302
    cast.refresh_from_db()
    assert cast.budget is None or 1 <= cast.budget <= BUDGET_MAX


@pytest.mark.parametrize("typed", ["²", "0", "100", "9" * 5000])
def test_a_model_count_out_of_range_changes_nothing_and_says_why(player_client, cast, typed):
    htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": "imperial-trooper"})
    troopers = Character.objects.get(profile__base="imperial-trooper")
    response = player_client.post(
        f"/rosters/{cast.pk}/members/{troopers.pk}/count/", {"count": typed}, follow=True
    )
    troopers.refresh_from_db()
    assert troopers.profile["count"] == 1
    said = [str(message) for message in response.context["messages"]]
    assert said and said[-1].startswith("Models: ")
    response = player_client.post(
        f"/rosters/{cast.pk}/profiles/", {"profile": "bystander", "count": typed}, follow=True
    )
    assert not Character.objects.filter(profile__base="bystander").exists()
    assert [str(m) for m in response.context["messages"]][-1].startswith("Models: ")


def test_a_member_id_that_is_not_a_number_is_not_found(player_client, cast):
    for typed in ["²", "9" * 5000, "99999999999999999999"]:
        response = player_client.post(f"/rosters/{cast.pk}/add/", {"character": typed})
        assert response.status_code == 404


def test_renaming_a_star_keeps_its_sidekick(player_client, player, cast):
    for profile in ("innocent-soul", "loyal-sidekick"):
        htmx_post(player_client, f"/rosters/{cast.pk}/profiles/", {"profile": profile})
    soul = Character.objects.get(profile__base="innocent-soul")
    sidekick = Character.objects.get(profile__base="loyal-sidekick")
    boss = f"sidekick-of:{soul.pk}"
    htmx_post(player_client, f"/rosters/{cast.pk}/members/{sidekick.pk}/role/", {"role": boss})

    renamed = {"type": soul.character_type, "name": "Frodo", "profile": soul.profile}
    save_card(owner=player, ruleset=soul.ruleset, data=renamed, character=soul)

    response = player_client.get(f"/rosters/{cast.pk}/")
    codes = response.context["report"].codes
    assert not codes & {"sidekick-boss-unknown", "sidekick-boss-unchosen"}
    rows = {row["character"].pk: row for row in response.context["rows"]}
    assert (boss, "Sidekick of Frodo") in rows[sidekick.pk]["roles"]
    assert cast.members.get(character=sidekick).role == boss
    assert f'<option value="{boss}" selected>Sidekick of Frodo</option>' in (
        response.content.decode()
    )
