"""The Print page's copies fields, whatever a query sends: each card prints 0 to
PRINT_MAX_COPIES times, and every field that asked for more is said beside it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.print_forms import copies_from, copies_over
from config.limits import PRINT_MAX_COPIES

values = st.one_of(st.integers(-(10**6), 10**6).map(str), st.text(max_size=8))


@settings(max_examples=200)
@given(query=st.dictionaries(st.sampled_from(["copies-1", "copies-2", "paper"]), values))
def test_every_copies_field_is_kept_in_range_and_every_cut_is_named(query):
    copies, over = copies_from(query), copies_over(query)
    assert set(copies) == {key for key in query if key.startswith("copies-")}
    assert all(0 <= n <= PRINT_MAX_COPIES for n in copies.values())
    for key, asked in over.items():
        assert asked > PRINT_MAX_COPIES and copies[key] == PRINT_MAX_COPIES
    cut = {key for key, n in copies.items() if n == PRINT_MAX_COPIES and query[key].strip()}
    assert set(over) <= cut
    assert all(int(query[key]) <= PRINT_MAX_COPIES for key in cut - set(over))
