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


numbers = st.sampled_from(["01", "02", "03"])
faces = st.dictionaries(st.sampled_from(["copies", "effect", "play"]), st.integers(0, 2))
decks = st.dictionaries(
    st.sampled_from(["fortune", "reward"]),
    st.builds(
        lambda page, cards: {"name": "Deck", "page": page, "cards": cards},
        st.integers(1, 2),
        st.dictionaries(numbers, faces, max_size=3),
    ),
    max_size=2,
)
readings = st.one_of(snapshots, st.builds(lambda s, d: {**s, "decks": d}, snapshots, decks))


@given(readings, readings)
def test_a_deck_counts_when_both_readings_hold_decks_and_names_each_card_that_differs(old, new):
    """A deck added, removed, or changed in exactly its own fields and the cards that came,
    went or read differently; and nothing of decks when either reading predates them."""
    changes = changes_between(old, new)
    of_decks = {name: [r for r in rows if r["kind"] == "deck"] for name, rows in changes.items()}
    if "decks" not in old or "decks" not in new:
        assert not any(of_decks.values())
        return
    before, after = old["decks"], new["decks"]
    assert {row["slug"] for row in of_decks["added"]} == after.keys() - before.keys()
    assert {row["slug"] for row in of_decks["removed"]} == before.keys() - after.keys()
    changed = {row["slug"]: row["fields"] for row in of_decks["changed"]}
    for slug in before.keys() & after.keys():
        was, now = before[slug], after[slug]
        expected = {"page"} if was["page"] != now["page"] else set()
        for number in was["cards"].keys() | now["cards"].keys():
            if number not in was["cards"]:
                expected.add(f"card {number} (new)")
            elif number not in now["cards"]:
                expected.add(f"card {number} (gone)")
            else:
                one, other = was["cards"][number], now["cards"][number]
                expected |= {
                    f"card {number} {face}"
                    for face in one.keys() | other.keys()
                    if one.get(face) != other.get(face)
                }
        assert set(changed.get(slug, [])) == expected
        assert (slug in changed) == (was != now)
