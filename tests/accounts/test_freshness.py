"""Freshness by construction: every write to a player's data or to a game's built-in rules, by
any path the ORM offers (save, delete, QuerySet.update, bulk_create, bulk_update), renews
the stamp a kept page is keyed on, so a hand-written bulk update never serves a stale page
(the paths past the ORM are refused by tests/accounts/test_write_paths.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F

from accounts.backends import PlayerBackend
from accounts.freshness import FreshQuerySet, watched
from accounts.models import PrinterProfile
from cards.models import PendingPortrait, PrintJob, RosterPrint
from play.handlers import start_game
from rosters.handlers import roster as roster_handlers
from rosters.handlers.transfer import import_roster
from rosters.models import Character, RosterMember
from rosters.samples import sample_document
from rosters.selectors import members_of
from rules import versions
from rules.models import LibraryEntry, Ruleset
from rules.services import create_house_rule
from tests.rosters.timeline import record_result

pytestmark = pytest.mark.django_db

OWNED = sorted(model._meta.label for model, watch in watched().items() if watch.owner)
RULES = sorted(model._meta.label for model, watch in watched().items() if watch.ruleset)


@pytest.fixture(autouse=True, params=["database", "redis"])
def shared_cache(request):
    """With the player and the rules version read through Redis, a missed renewal would also
    leave the old player row (and its stamp) in the shared cache."""
    if request.param == "redis":
        request.getfixturevalue("redis_cache")
    return request.param


@pytest.fixture
def league(player, pulp_alley):
    return import_roster(owner=player, document=sample_document("singapore-smith")).roster


@pytest.fixture
def everything(league, player, pulp_alley):
    """A row of every model a player owns or that hangs off one they own."""
    roster_handlers.share_roster(roster=league)
    result = {"scenario": "Cornered", "victory_points": 3, "rewards": [], "taken_out": []}
    record_result(roster=league, result=result)
    create_house_rule(owner=player, ruleset=pulp_alley, kind="perk", name="Tea", summary="x")
    PendingPortrait.objects.create(owner=player, image="portraits/pending/x.png")
    PrintJob.objects.create(owner=player, title="Cards", query="", key="k", filename="c.pdf")
    RosterPrint.objects.create(roster=league, paper="a4")
    PrinterProfile.objects.create(owner=player, name="Office laser")
    start_game(player=player, roster=league)  # a seat at the table, from the league
    return league


def stamp(player):
    return get_user_model().objects.values_list("data_stamp", flat=True).get(pk=player.pk)


def rows_of(model, player):
    path = watched()[model].owner
    return model.objects.filter(**{"pk": player.pk} if path == "pk" else {path: player})


def plain_field(model):
    """A column every row has, to write back to itself."""
    return next(
        f.name for f in model._meta.concrete_fields if not f.is_relation and not f.primary_key
    )


def page(client, league):
    response = client.get(f"/rosters/{league.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_hand_written_bulk_update_shows_on_the_next_visit(player_client, player, league):
    page(player_client, league)  # kept
    Character.objects.filter(owner=player).update(name="Lady Doom")
    assert "Lady Doom" in page(player_client, league)


def test_a_hand_written_bulk_create_shows_on_the_next_visit(player_client, player, league):
    smith = members_of(league)[0].character
    page(player_client, league)
    (twin,) = Character.objects.bulk_create(
        [Character(owner=player, ruleset=smith.ruleset, character_type="ally", name="Twin Smith")]
    )
    RosterMember.objects.bulk_create([RosterMember(roster=league, character=twin, position=99)])
    assert "Twin Smith" in page(player_client, league)


def test_a_hand_written_bulk_update_of_members_shows_on_the_next_visit(player_client, league):
    first, second = members_of(league)[:2]
    page(player_client, league)
    first.position = 99
    RosterMember.objects.bulk_update([first], ["position"])
    html = page(player_client, league)
    assert html.index(f"{second.character.name}<") < html.index(f"{first.character.name}<")


def model_named(label):
    return next(model for model in watched() if model._meta.label == label)


def write_to(rows, write):
    """Write each row's first plain column back to itself, or delete the rows."""
    model = rows.model
    field = plain_field(model)
    if write == "update":
        rows.update(**{field: F(field)})
    elif write == "bulk_update":
        model.objects.bulk_update(list(rows), [field])
    else:
        rows.delete()


WRITES = ["update", "bulk_update", "delete"]


@pytest.mark.parametrize("label", OWNED)
@pytest.mark.parametrize("write", WRITES)
def test_any_write_to_any_players_model_renews_their_stamp_and_nobody_elses(
    everything, player, rival, label, write
):
    model = model_named(label)
    rows = rows_of(model, player)
    assert rows.exists(), f"the `everything` fixture makes no {label}: add one"
    mine, theirs = stamp(player), stamp(rival)
    write_to(rows, write)
    if model is get_user_model() and write == "delete":
        assert PlayerBackend().get_user(player.pk) is None  # not served from the cache
        return
    assert stamp(player) != mine
    if model is not get_user_model():
        assert stamp(rival) == theirs


@pytest.mark.parametrize("label", RULES)
@pytest.mark.parametrize("write", WRITES)
def test_any_write_to_any_built_in_rules_model_renews_the_rules_version_and_no_player(
    pulp_alley, player, label, write
):
    model = model_named(label)
    built_in = {"owner__isnull": True} if "owner" in {f.name for f in model._meta.fields} else {}
    mine = model.objects.filter(pk=pulp_alley.pk) if model is Ruleset else None
    if mine is None:
        first = model.objects.filter(ruleset=pulp_alley, **built_in).first()
        mine = model.objects.filter(pk=first.pk)
    rules, players_stamp = versions.current(), stamp(player)
    write_to(mine, write)
    assert versions.current() != rules
    assert stamp(player) == players_stamp


def test_rows_moved_to_another_player_renew_both_stamps(player, rival, league):
    mine, theirs = stamp(player), stamp(rival)
    Character.objects.filter(owner=player).update(owner=rival)
    assert stamp(player) != mine
    assert stamp(rival) != theirs


def test_a_player_row_changed_in_bulk_shows_on_the_next_visit(player_client, player, league):
    page(player_client, league)
    get_user_model().objects.filter(pk=player.pk).update(username="renamed-player")
    assert "renamed-player" in page(player_client, league)


def test_a_built_in_rule_changed_in_bulk_shows_on_the_next_visit(player_client, pulp_alley, league):
    page(player_client, league)
    before = Ruleset.objects.get(pk=pulp_alley.pk).data_version
    LibraryEntry.objects.filter(ruleset=pulp_alley, owner=None, kind="perk").update(
        name="Perk Renamed In Bulk"
    )
    assert Ruleset.objects.get(pk=pulp_alley.pk).data_version != before
    assert "Perk Renamed In Bulk" in page(player_client, league)


def test_a_built_in_rule_deleted_in_bulk_renews_its_game_and_no_player(pulp_alley, player):
    before, mine = Ruleset.objects.get(pk=pulp_alley.pk).data_version, stamp(player)
    LibraryEntry.objects.filter(ruleset=pulp_alley, owner=None, kind="perk").delete()
    assert Ruleset.objects.get(pk=pulp_alley.pk).data_version != before
    assert stamp(player) == mine


def test_every_manager_of_every_watched_model_writes_through_the_guard():
    for model in watched():
        for manager in model._meta.managers:
            assert issubclass(manager._queryset_class, FreshQuerySet), (model, manager.name)
