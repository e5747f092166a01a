"""A player's data stamp changes with every write to anything of theirs that a page shows,
by any path, and with nothing anyone else does: the league page is kept under it."""

import pytest
from django.contrib.auth import get_user_model

from accounts.freshness import owner_paths
from accounts.owned import owned_models
from accounts.players import create_guest
from accounts.services import adopt_guest_work
from rosters.handlers import roster as roster_handlers
from rosters.handlers.transfer import import_roster
from rosters.models import CampaignEntry, Character, Roster, RosterMember, ShareLink
from rosters.samples import sample_document
from rules.models import LibraryEntry
from rules.services import create_house_rule

pytestmark = pytest.mark.django_db


def stamp(player):
    return get_user_model().objects.values_list("data_stamp", flat=True).get(pk=player.pk)


@pytest.fixture
def league(player, pulp_alley):
    return import_roster(owner=player, document=sample_document("singapore-smith")).roster


def test_every_model_of_a_player_and_every_model_hanging_off_one_is_watched():
    paths = owner_paths()
    assert set(owned_models()) <= set(paths)
    assert {RosterMember, CampaignEntry, ShareLink} <= set(paths)
    assert paths[ShareLink] == "roster__owner"


@pytest.mark.parametrize(
    "change",
    [
        lambda league: Character.objects.filter(owner=league.owner).first().save(),
        lambda league: league.members.first().delete(),
        lambda league: roster_handlers.share_roster(roster=league),
        lambda league: Roster.objects.get(pk=league.pk).delete(),
        lambda league: create_house_rule(
            owner=league.owner, ruleset=league.ruleset, kind="perk", name="Tea", summary="x"
        ),
    ],
    ids=["card saved", "member dropped", "share link made", "league deleted", "house rule"],
)
def test_a_change_renews_the_owners_stamp_and_nobody_elses(league, player, rival, change):
    mine, theirs = stamp(player), stamp(rival)
    change(league)
    assert stamp(player) != mine
    assert stamp(rival) == theirs


def test_a_built_in_rule_saved_renews_no_players_stamp(league, player):
    before = stamp(player)
    LibraryEntry.objects.filter(owner=None).first().save()
    assert stamp(player) == before


def test_adopting_a_guests_work_renews_the_accounts_stamp(pulp_alley, player):
    guest = create_guest()
    Roster.objects.create(owner=guest, ruleset=pulp_alley, name="Guest League")
    before = stamp(player)
    adopt_guest_work(guest=guest, user=player)
    assert stamp(player) != before
