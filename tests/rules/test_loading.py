import pytest

from rules.fixture_folder import ruleset_rows
from rules.loading import load_rules
from rules.models import CharacterType, DeckCard, LibraryEntry, Ruleset
from rules.rulesets import REGISTRY

pytestmark = pytest.mark.django_db


def table_snapshot():
    return [
        list(model.objects.order_by("pk").values())
        for model in (Ruleset, CharacterType, LibraryEntry, DeckCard)
    ]


def test_every_game_folder_is_loaded_in_its_order_with_every_playable_game():
    load_rules()
    slugs = list(Ruleset.objects.values_list("slug", flat=True))  # in the rulesets' order
    assert slugs == [row["slug"] for row in ruleset_rows()]
    assert set(REGISTRY) <= set(slugs)
    pulp_alley = Ruleset.objects.get(slug="pulp-alley")
    assert (pulp_alley.force_name, pulp_alley.budget_unit, pulp_alley.default_budget) == (
        "league",
        "slots",
        10,
    )


def test_loading_twice_changes_nothing():
    Ruleset.objects.all().delete()  # start from an empty database, as `make run` does
    first = load_rules()
    before = table_snapshot()
    second = load_rules()
    assert first.created > 0
    assert (second.created, second.updated) == (0, 0)
    assert table_snapshot() == before


def test_reloading_repairs_an_edited_row():
    load_rules()
    entry = LibraryEntry.objects.get(kind="ability", slug="fierce")
    entry.summary = "tampered"
    entry.save()
    result = load_rules()
    entry.refresh_from_db()
    assert result.updated == 1
    assert entry.summary != "tampered"
