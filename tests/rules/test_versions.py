"""The version of all the games' built-in rules changes with any change to any game's built-in
data and with nothing a player does, read from the database or through Redis alike."""

import pytest

from config import read_through
from rules import versions
from rules.models import CharacterType, LibraryEntry, Ruleset
from rules.services import create_house_rule

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["database", "redis"])
def shared_cache(request, rules_data):
    if request.param == "redis":
        request.getfixturevalue("redis_cache")
    return request.param


@pytest.mark.parametrize(
    "change",
    [
        lambda: LibraryEntry.objects.filter(owner=None, ruleset__slug="7tv").first().save(),
        lambda: CharacterType.objects.filter(ruleset__slug="pulp-city").first().delete(),
        lambda: Ruleset.objects.create(slug="house-game", name="House game", order=99),
        lambda: Ruleset.objects.get(slug="pulp-fiction").delete(),
    ],
    ids=["built-in entry saved", "type deleted", "game added", "game removed"],
)
def test_any_change_to_any_games_built_in_rules_makes_a_new_version(shared_cache, change):
    before = versions.current()
    change()
    assert versions.current() != before


def test_a_house_rule_leaves_the_version_alone(shared_cache, player, pulp_alley):
    before = versions.current()
    create_house_rule(owner=player, ruleset=pulp_alley, kind="perk", name="Tea", summary="x")
    assert versions.current() == before


def test_through_redis_the_version_costs_no_query_once_read(
    shared_cache, django_assert_num_queries
):
    versions.current()
    with django_assert_num_queries(0 if shared_cache == "redis" else 1):
        versions.current()


def test_through_redis_the_version_is_read_again_within_minutes(redis_ttl):
    """A Redis restored from an old snapshot could hold an old version with its token: it
    never outlives the timeout."""
    versions.current()
    _, value_key = versions.kept.keys("all")
    assert 0 < redis_ttl(value_key) <= read_through.TIMEOUT <= 600
