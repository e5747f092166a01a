"""A value read through the shared cache is served while its row is unchanged and never
after the row changed: not after a forget, not after a commit that a slow reader straddled,
not after its generation was lost."""

import uuid

import pytest
from django.core.cache import cache
from django.db import transaction
from hypothesis import given, settings
from hypothesis import strategies as st

from config.read_through import ReadThrough
from tests.properties import REUSES_FUNCTION_FIXTURES

pytestmark = pytest.mark.django_db


class Row:
    """A stand-in for a database row: its value, and how often it was loaded."""

    def __init__(self, value):
        self.value = value
        self.loads = 0

    def load(self):
        self.loads += 1
        return self.value


@pytest.fixture
def kept():
    return ReadThrough("test-row", timeout=60)


def test_a_kept_value_is_served_without_loading_the_row(redis_cache, kept):
    row = Row("Singapore Smith")
    assert kept.get(1, row.load) == "Singapore Smith"
    assert kept.get(1, row.load) == "Singapore Smith"
    assert row.loads == 1


def test_after_a_forget_the_row_is_loaded_again(redis_cache, kept):
    row = Row("old")
    kept.get(1, row.load)
    row.value = "new"
    kept.forget(1)
    assert kept.get(1, row.load) == "new"


def test_values_are_kept_apart_by_ident(redis_cache, kept):
    kept.get(1, Row("one").load)
    kept.get(2, Row("two").load)
    kept.forget(1)
    assert kept.get(2, Row("changed").load) == "two"
    assert kept.get(1, Row("changed").load) == "changed"


def test_a_reader_that_loaded_before_a_commit_never_has_its_value_served(
    redis_cache, kept, django_capture_on_commit_callbacks
):
    """The reader loads the old row while the writer's transaction is open, and stores what it
    read after the writer's first forget: the commit's forget retires it."""
    row = Row("old")
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        row.value = "new"  # written, not yet committed
        kept.forget(1)
        assert kept.get(1, lambda: "old") == "old"  # what a reader sees before the commit
    assert kept.get(1, row.load) == "new"


def test_a_lost_generation_retires_every_value_kept_with_it(redis_cache, kept):
    row = Row("old")
    kept.get(1, row.load)
    row.value = "new"
    cache.delete(kept.keys(1)[0])  # Redis evicted it, or restarted with the value kept
    assert kept.get(1, row.load) == "new"


def test_values_expire_after_their_timeout(redis_ttl):
    ReadThrough("brief", timeout=30).get(1, Row("x").load)
    assert 0 < redis_ttl("brief:value:1") <= 30


def test_without_a_fast_shared_cache_every_get_loads_and_nothing_is_kept(settings, kept):
    settings.READ_THROUGH_SHARED_CACHE = False
    row = Row("x")
    kept.get(1, row.load)
    kept.get(1, row.load)
    kept.forget(1)
    assert row.loads == 2
    assert cache.get_many(kept.keys(1)) == {}


# A history of writes and reads, some of them slow: a slow read loads the row, then a write
# lands and is forgotten before the reader stores what it loaded.
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("write"), st.integers(0, 3)),
        st.tuples(st.just("read"), st.integers(0, 3)),
        st.tuples(st.just("slow read"), st.integers(0, 3)),
        st.tuples(st.just("lose generation"), st.integers(0, 3)),
    ),
    max_size=25,
)


@settings(max_examples=60, suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(steps=STEPS)
def test_after_any_history_a_read_gives_the_rows_current_value(redis_cache, steps):
    kept = ReadThrough(f"history-{uuid.uuid4().hex}", timeout=60)  # examples share Redis
    rows = {ident: Row(0) for ident in range(4)}
    for number, (step, ident) in enumerate(steps, start=1):
        row = rows[ident]
        if step == "write":
            row.value = number
            kept.forget(ident)
        elif step == "read":
            assert kept.get(ident, row.load) == row.value
        elif step == "slow read":

            def load_then_a_write_lands(row=row, ident=ident, number=number):
                seen = row.value
                row.value = -number
                kept.forget(ident)
                return seen

            kept.get(ident, load_then_a_write_lands)
        else:
            cache.delete(kept.keys(ident)[0])
    for ident, row in rows.items():
        assert kept.get(ident, row.load) == row.value
