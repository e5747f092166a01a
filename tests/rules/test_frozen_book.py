"""The rules book every request shares cannot be changed by any of them: every dict and list
reachable from it refuses a change in place, while reading exactly like plain JSON data."""

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rosters.handlers.transfer import import_roster
from rosters.samples import sample_document
from rules.fixture_book import rules_book_from_fixtures
from rules.frozen import FrozenDict, FrozenList, frozen
from rules.selectors import built_in_books, rules_book
from rules.services import create_house_rule
from tests.rosters.test_league_page_cache import SAMPLES
from tests.rosters.test_roster_pages_property import renders_everywhere

IMMUTABLE = (str, int, float, bool, type(None))


def containers(value, path="book"):
    """(path, container) for every container in the value, however deep."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from containers(key, f"{path} key {key!r}")
            yield from containers(item, f"{path}[{key!r}]")
    elif isinstance(value, list | tuple):
        yield path, value
        for index, item in enumerate(value):
            yield from containers(item, f"{path}[{index}]")
    else:
        assert isinstance(value, IMMUTABLE), f"{path} is a {type(value).__name__}"


def changes(container):
    """Every way to change this container in place."""
    if isinstance(container, dict):
        return [
            lambda: container.__setitem__("x", 1),
            lambda: container.__delitem__(next(iter(container), "x")),
            lambda: container.update(x=1),
            lambda: container.setdefault("x", 1),
            lambda: container.pop("x", None),
            container.popitem,
            container.clear,
        ]
    return [
        lambda: container.append(1),
        lambda: container.extend([1]),
        lambda: container.insert(0, 1),
        lambda: container.__setitem__(0, 1),
        lambda: container.__iadd__([1]),
        container.sort,
        container.reverse,
        container.clear,
        lambda: container.pop(),
    ]


def assert_immutable(value):
    found = list(containers(value))
    assert found
    for path, container in found:
        assert isinstance(container, FrozenDict | FrozenList | tuple), path
        if isinstance(container, tuple):
            continue
        before = copy.deepcopy(container)
        for change in changes(container):
            with pytest.raises(TypeError, match="shared by every request"):
                change()
        assert container == before, path


@pytest.mark.django_db
@pytest.mark.parametrize("sample", SAMPLES)
def test_every_container_of_the_shared_book_refuses_a_change(
    player_client, player, rules_data, sample, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    roster = import_roster(owner=player, document=sample_document(sample)).roster
    create_house_rule(
        owner=player, ruleset=roster.ruleset, kind="trait", name="Tea", summary="Always tea."
    )
    renders_everywhere(player_client, roster.pk)
    assert_immutable(built_in_books[roster.ruleset_id])
    mine = rules_book(roster.ruleset, player)
    assert any(entry["custom"] for entry in mine.entries.values())
    assert_immutable((mine.character_types, mine.entries))


@pytest.mark.parametrize("slug", ["pulp-alley", "7tv", "pulp-city", "pulp-fiction"])
def test_a_book_from_the_files_is_frozen_as_well(slug):
    book = rules_book_from_fixtures(slug)
    assert_immutable((book.character_types, book.entries))


def test_a_copy_of_a_frozen_entry_may_be_changed():
    entry = frozen({"name": "Tea", "data": {"genres": ["pulp"]}})
    mine = {**entry, "name": "Coffee"}
    genres = list(entry["data"]["genres"]) + ["noir"]
    assert (mine["name"], genres, entry["name"]) == ("Coffee", ["pulp", "noir"], "Tea")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(JSON)
def test_frozen_data_reads_as_the_data_and_refuses_every_change(value):
    held = frozen(value)
    assert held == value
    assert json.dumps(held, sort_keys=True) == json.dumps(value, sort_keys=True)
    assert copy.deepcopy(held) == value
    if isinstance(value, dict | list):
        assert_immutable(held)
