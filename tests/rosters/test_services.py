"""Roster changes sent at the same moment all land: nothing one request saves is overwritten
by another's stale copy, and members keep unique positions. Races need real concurrent
transactions and row locks, so they run on PostgreSQL with threads."""

import pytest

from rosters.handlers import cards as card_handlers
from rosters.handlers import members as member_handlers
from rosters.handlers import roster as roster_handlers
from rosters.handlers.base import RosterFull
from rosters.models import Character, Roster, RosterMember
from rules.models import LibraryEntry
from tests.concurrency import at_the_same_moment, logged_in, postgres_only


def card(owner, ruleset, name):
    return Character.objects.create(
        owner=owner, ruleset=ruleset, character_type="ally", name=name, profile={}
    )


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_perks_change_a_rename_and_a_budget_change_together_all_land(player, pulp_alley):
    perks = list(
        LibraryEntry.objects.filter(ruleset=pulp_alley, kind="perk", owner=None)
        .order_by("slug")
        .values_list("slug", flat=True)[:2]
    )
    clients = [logged_in(player) for _ in range(3)]
    for attempt in range(8):
        roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Old name")
        url = f"/rosters/{roster.pk}"
        at_the_same_moment(
            (clients[0], f"{url}/choices/perks/", {"perks": perks}),
            (clients[1], f"{url}/rename/", {"name": f"New name {attempt}"}),
            (clients[2], f"{url}/settings/", {"budget": "12"}),
        )
        roster.refresh_from_db()
        assert roster.choices.get("perks") == perks, f"perks lost in try {attempt + 1}"
        assert roster.name == f"New name {attempt}"
        assert roster.budget == 12


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_twenty_cards_added_together_get_twenty_different_positions(player, pulp_alley):
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Crowded")
    cards = [card(player, pulp_alley, f"Ally {number}") for number in range(20)]
    clients = [logged_in(player) for _ in cards]
    at_the_same_moment(
        *(
            (client, f"/rosters/{roster.pk}/add/", {"character": c.pk})
            for client, c in zip(clients, cards, strict=True)
        )
    )
    positions = list(RosterMember.objects.filter(roster=roster).values_list("position", flat=True))
    assert len(positions) == 20
    assert sorted(positions) == list(range(20))


@pytest.mark.django_db
def test_a_card_added_after_a_removal_does_not_share_a_position(player, pulp_alley):
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="League")
    first, second, third = (card(player, pulp_alley, name) for name in ("A", "B", "C"))
    member_handlers.add_member(roster=roster, character=first)
    member_handlers.add_member(roster=roster, character=second)
    member_handlers.remove_member(roster=roster, character_id=first.pk)
    member_handlers.add_member(roster=roster, character=third)
    positions = list(roster.members.values_list("position", flat=True))
    assert len(set(positions)) == len(positions) == 2


@pytest.mark.django_db
def test_a_rename_from_a_stale_page_keeps_the_perks_saved_since(player, pulp_alley):
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="League")
    stale = Roster.objects.get(pk=roster.pk)
    roster_handlers.set_choice(roster=roster, key="perks", values=["p1"])
    roster_handlers.update_roster(roster=stale, name="Renamed")
    roster_handlers.update_settings(roster=Roster.objects.get(pk=roster.pk), settings={}, budget=9)
    roster.refresh_from_db()
    assert (roster.name, roster.choices["perks"], roster.budget) == ("Renamed", ["p1"], 9)


@pytest.mark.django_db
def test_saving_a_card_from_a_page_opened_before_it_was_deleted_keeps_it_deleted(
    player, pulp_alley
):
    character = card(player, pulp_alley, "Ghost")
    stale = Character.objects.get(pk=character.pk)
    card_handlers.delete_card(character=character)
    data = {"type": "ally", "name": "Ghost", "profile": {"health": 1}}
    card_handlers.save_card(owner=player, ruleset=pulp_alley, data=data, character=stale)
    character.refresh_from_db()
    assert character.deleted_at is not None
    assert character.profile == {"health": 1}


@pytest.mark.django_db
def test_a_roster_takes_no_more_than_the_character_limit(player, pulp_alley, full_roster):
    from config.limits import ROSTER_MAX_CHARACTERS

    roster = full_roster(player, pulp_alley)
    extra = card(player, pulp_alley, "One too many")
    with pytest.raises(RosterFull, match=f"at most {ROSTER_MAX_CHARACTERS} characters"):
        member_handlers.add_member(roster=roster, character=extra)
    assert roster.members.count() == ROSTER_MAX_CHARACTERS
