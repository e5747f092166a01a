"""Logging in from a guest session keeps everything the guest made, house rules included,
and a house rule whose slug the account already uses keeps its effect under a new slug."""

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from accounts.services import adopt_guest_work, create_guest, owned_models
from rosters.models import Character, Roster
from rules.models import LibraryEntry
from rules.selectors import rules_book
from rules.services import create_house_rule

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
