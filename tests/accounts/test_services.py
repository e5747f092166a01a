"""Logging in from a guest session keeps everything the guest made, house rules included,
and a house rule whose slug the account already uses keeps its effect under a new slug."""

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from accounts.owned import owned_models
from accounts.players import create_guest
from accounts.services import adopt_guest_work
from rosters import selectors as roster_selectors
from rosters.handlers import members as member_handlers
from rosters.models import Character, Roster
from rules.engines import evaluate
from rules.models import LibraryEntry, Ruleset
from rules.selectors import rules_book
from rules.services import create_house_rule, set_profile_genres

pytestmark = pytest.mark.django_db


def house_ability(owner, ruleset, name="Jetpack", summary="Flies over terrain."):
    return create_house_rule(
        owner=owner, ruleset=ruleset, kind="ability", name=name, level=1, summary=summary
    ).entry


def house_perk(owner, ruleset, name="Airship", summary="A league airship."):
    return create_house_rule(
        owner=owner, ruleset=ruleset, kind="perk", name=name, cost=1, summary=summary
    ).entry


def card_with(owner, ruleset, ability_slug, name="Rocket Ranger"):
    return Character.objects.create(
        owner=owner,
        ruleset=ruleset,
        character_type="sidekick",
        name=name,
        profile={"health": 2, "abilities": [ability_slug]},
    )


def ability_names(character):
    """What the card shows for its abilities: the entry's name, or the bare slug when the
    player's rules no longer know it."""
    character.refresh_from_db()
    rules = rules_book(character.ruleset, character.owner)
    return [
        (rules.entry("ability", slug) or {"name": slug})["name"]
        for slug in character.profile["abilities"]
    ]


def test_a_guests_house_ability_moves_with_the_card_that_uses_it(pulp_alley, player):
    guest = create_guest()
    jetpack = house_ability(guest, pulp_alley)
    card = card_with(guest, pulp_alley, jetpack.slug)
    adopt_guest_work(guest=guest, user=player)
    jetpack.refresh_from_db()
    assert jetpack.owner == player
    assert ability_names(card) == ["Jetpack"]


def test_a_clashing_house_slug_is_renamed_and_the_guests_cards_follow(pulp_alley, player):
    mine = house_ability(player, pulp_alley, summary="My own jetpack rule.")
    my_card = card_with(player, pulp_alley, mine.slug, name="My Ranger")
    guest = create_guest()
    theirs = house_ability(guest, pulp_alley, summary="The guest's different jetpack rule.")
    airship = house_perk(guest, pulp_alley)
    house_perk(player, pulp_alley, summary="My airship, not the guest's.")
    guest_card = card_with(guest, pulp_alley, theirs.slug)
    league = Roster.objects.create(
        owner=guest, ruleset=pulp_alley, name="Guest League", choices={"perks": [airship.slug]}
    )
    adopt_guest_work(guest=guest, user=player)
    theirs.refresh_from_db()
    airship.refresh_from_db()
    assert theirs.owner == player and theirs.slug != mine.slug
    guest_card.refresh_from_db()
    assert guest_card.profile["abilities"] == [theirs.slug]
    rules = rules_book(pulp_alley, player)
    assert rules.entry("ability", theirs.slug)["summary"] == "The guest's different jetpack rule."
    assert ability_names(my_card) == ["Jetpack"]
    my_card.refresh_from_db()
    assert my_card.profile["abilities"] == [mine.slug]
    league.refresh_from_db()
    assert league.choices["perks"] == [airship.slug]
    assert rules.entry("perk", airship.slug)["summary"] == "A league airship."


def test_the_same_house_rule_in_both_is_kept_once(pulp_alley, player):
    mine = house_ability(player, pulp_alley)
    guest = create_guest()
    theirs = house_ability(guest, pulp_alley)
    card = card_with(guest, pulp_alley, theirs.slug)
    adopt_guest_work(guest=guest, user=player)
    assert list(LibraryEntry.objects.filter(owner=player).values_list("slug", flat=True)) == [
        mine.slug
    ]
    assert ability_names(card) == ["Jetpack"]


def test_every_model_a_player_owns_is_adopted():
    # Derived from the models themselves, so an owned model added later is never forgotten.
    user_model = get_user_model()
    expected = {
        model
        for model in apps.get_models()
        for field in model._meta.concrete_fields
        if field.name == "owner" and field.related_model is user_model
    }
    assert {Character, Roster, LibraryEntry} <= expected
    assert set(owned_models()) == expected


def test_nothing_a_guest_owned_is_left_behind_or_deleted(pulp_alley, player):
    guest = create_guest()
    house_ability(guest, pulp_alley)
    card_with(guest, pulp_alley, "house-jetpack")
    Roster.objects.create(owner=guest, ruleset=pulp_alley, name="Guest League")
    before = {model: model.objects.filter(owner=player).count() for model in owned_models()}
    guest_rows = {model: model.objects.filter(owner=guest).count() for model in owned_models()}
    result = adopt_guest_work(guest=guest, user=player)
    for model in owned_models():
        assert model.objects.filter(owner=player).count() == before[model] + guest_rows[model]
    assert result.moved == sum(guest_rows.values())
    assert not get_user_model().objects.filter(pk=guest.pk).exists()


def house_genres(owner, ruleset, profile, *genres):
    """The genres a player plays a genre-less 7TV profile with, set as the house rules page
    sets them."""
    entries = {e.slug: e for e in LibraryEntry.objects.filter(ruleset=ruleset, owner=None)}
    return set_profile_genres(
        owner=owner,
        ruleset=ruleset,
        profile=entries[profile],
        genres=list(genres),
        genre_names=[entries[genre].name for genre in genres],
    ).entry


def test_a_guests_genres_for_a_profile_the_account_has_merge_into_one_list(rules_data, player):
    seven_tv = Ruleset.objects.get(slug="7tv")
    house_genres(player, seven_tv, "warrior", "historical", "fantasy")
    guest = create_guest()
    house_genres(guest, seven_tv, "warrior", "sci-fi", "fantasy")
    cast = Roster.objects.create(
        owner=guest, ruleset=seven_tv, name="Star Knights", choices={"affiliation": "heroic"}
    )
    warrior = LibraryEntry.objects.get(ruleset=seven_tv, kind="profile", slug="warrior")
    member_handlers.add_library_profile(
        roster=cast, entry={"slug": "warrior", "name": warrior.name, "data": warrior.data}
    )
    adopt_guest_work(guest=guest, user=player)
    # One list, the account's own genres first and in their order, then the guest's new one.
    (entry,) = LibraryEntry.objects.filter(owner=player, kind="profile-genres")
    assert (entry.slug, entry.data) == ("warrior", {"genres": ["historical", "fantasy", "sci-fi"]})
    assert entry.summary == "Played as Historical, Fantasy, Sci-Fi at your table."
    # The guest's cast, now the account's, is judged by that list.
    cast.refresh_from_db()
    rules = rules_book(seven_tv, player)
    members = roster_selectors.members_of(cast)
    report = evaluate(roster_selectors.roster_data(cast, members, rules), rules)
    assert "genres-unknown" not in report.codes
    (mine,) = [f for f in report.findings if f.code == "custom-rule"]
    assert "Historical, Fantasy, Sci-Fi" in mine.message
