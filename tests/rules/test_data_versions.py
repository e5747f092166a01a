"""What a new version of a game's data changed is counted from its snapshots alone: every
entry of either side is added, removed, changed (with exactly the fields that differ) or
untouched, and the same data twice changes nothing."""

from hypothesis import given
from hypothesis import strategies as st

from rules.data_versions import changes_between

slugs = st.sampled_from(["agile", "brawny", "crafty", "tough"])
kinds = st.sampled_from(["ability", "perk"])
values = st.dictionaries(st.sampled_from(["cost", "level", "summary"]), st.integers(0, 3))
snapshots = st.builds(
    lambda types, entries: {
        "types": {slug: {"slug": slug, "name": slug.title(), **more} for slug, more in types},
        "entries": [
            {"kind": kind, "slug": slug, "name": slug.title(), **more}
            for (kind, slug), more in entries.items()
        ],
    },
    st.lists(st.tuples(slugs, values), unique_by=lambda row: row[0], max_size=3),
    st.dictionaries(st.tuples(kinds, slugs), values, max_size=6),
)


def rows(snapshot):
    found = {("character-type", slug): row for slug, row in snapshot["types"].items()}
    return found | {(row["kind"], row["slug"]): row for row in snapshot["entries"]}


@given(snapshots, snapshots)
def test_each_entry_is_added_removed_changed_or_untouched(old, new):
    changes = changes_between(old, new)
    before, after = rows(old), rows(new)

    def keys(name):
        return {(row["kind"], row["slug"]) for row in changes[name]}

    assert keys("added") == after.keys() - before.keys()
    assert keys("removed") == before.keys() - after.keys()
    for row in changes["changed"]:
        key = (row["kind"], row["slug"])
        fields = set(before[key]) | set(after[key])
        assert row["fields"] == sorted(f for f in fields if before[key].get(f) != after[key].get(f))
    untouched = (before.keys() & after.keys()) - keys("changed")
    assert all(before[key] == after[key] for key in untouched)
    assert changes_between(new, new) == {"added": [], "removed": [], "changed": []}
