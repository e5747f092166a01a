"""A player's genres for the 7TV profiles whose genres the book text lacks: set on the house
rules page, used by the genre gate in their casts, marked as theirs, and carried in exports."""

import pytest

from rosters import selectors as roster_selectors
from rosters.handlers import members as member_handlers
from rosters.handlers.transfer import import_roster
from rosters.models import Roster
from rosters.transfer import export_roster
from rules.engines import evaluate
from rules.models import LibraryEntry, Ruleset
from rules.selectors import genreless_profiles, rules_book

pytestmark = pytest.mark.django_db


@pytest.fixture
def seven_tv(rules_data):
    return Ruleset.objects.get(slug="7tv")


def set_genres(client, profile, *genres):
    return client.post(
        "/rules/7tv/house-rules/", {"form": "genres", "profile": profile, "genres": list(genres)}
    )


def report_of(roster):
    rules = rules_book(roster.ruleset, roster.owner)
    members = roster_selectors.members_of(roster)
    return evaluate(roster_selectors.roster_data(roster, members, rules), rules)


@pytest.fixture
def cast(player, seven_tv):
    roster = Roster.objects.create(
        owner=player, ruleset=seven_tv, name="Fellowship", choices={"affiliation": "heroic"}
    )
    for slug in ("bold-blade", "warrior"):
        entry = LibraryEntry.objects.get(ruleset=seven_tv, kind="profile", slug=slug)
        member_handlers.add_library_profile(
            roster=roster,
            entry={"slug": slug, "name": entry.name, "data": entry.data},
        )
    return roster


def test_the_profiles_offered_are_exactly_those_the_book_leaves_without_genres(seven_tv):
    blank = {entry.slug for entry in genreless_profiles(seven_tv)}
    assert "warrior" in blank and "bold-blade" not in blank
    assert "bystander" not in blank  # "All" genres
    assert len(blank) == 70


def test_setting_a_profiles_genres_opens_the_gate_for_that_players_casts(
    player_client, player, cast
):
    assert "genres-unknown" in report_of(cast).codes
    response = set_genres(player_client, "warrior", "fantasy", "historical")
    assert response.status_code == 302
    entry = LibraryEntry.objects.get(owner=player, kind="profile-genres", slug="warrior")
    assert entry.data == {"genres": ["fantasy", "historical"]}
    report = report_of(cast)
    assert "genres-unknown" not in report.codes and "extra-genre" not in report.codes
    (mine,) = [f for f in report.findings if f.code == "custom-rule"]
    assert mine.custom and "Fantasy, Historical" in mine.message
    # The house rules page lists it as theirs.
    page = player_client.get("/rules/7tv/house-rules/").content.decode()
    assert "Played as Fantasy, Historical at your table." in page


def test_setting_them_again_replaces_them(player_client, player, cast):
    set_genres(player_client, "warrior", "fantasy")
    set_genres(player_client, "warrior", "sci-fi")
    (entry,) = LibraryEntry.objects.filter(owner=player, kind="profile-genres")
    assert entry.data == {"genres": ["sci-fi"]}
    assert "extra-genre" in report_of(cast).codes  # Sci-Fi meets none of the Bold Blade's


def test_another_players_genres_change_nothing_for_me(client, player, rival, cast):
    client.force_login(rival)
    set_genres(client, "warrior", "fantasy")
    assert "genres-unknown" in report_of(cast).codes


@pytest.mark.parametrize(
    ("profile", "genres"),
    [("bold-blade", ["fantasy"]), ("warrior", []), ("warrior", ["western"]), ("ninja", ["action"])],
)
def test_only_a_blank_profile_and_real_genres_are_taken(player_client, player, profile, genres):
    response = set_genres(player_client, profile, *genres)
    assert response.status_code == 200  # the form again, with its errors
    assert not LibraryEntry.objects.filter(owner=player, kind="profile-genres").exists()


def test_the_genres_travel_in_the_exported_file_and_come_back(player_client, rival, cast):
    set_genres(player_client, "warrior", "fantasy")
    exported = export_roster(roster=cast)
    (rule,) = exported["house_rules"]
    assert (rule["kind"], rule["slug"], rule["data"]) == (
        "profile-genres",
        "warrior",
        {"genres": ["fantasy"]},
    )
    assert "genres-unknown" not in evaluate(exported, rules_book(cast.ruleset)).codes
    imported = import_roster(owner=rival, document=exported).roster
    assert "genres-unknown" not in report_of(imported).codes


def test_importing_keeps_the_players_own_genres_for_a_profile(player_client, player, cast):
    set_genres(player_client, "warrior", "fantasy")
    exported = export_roster(roster=cast)
    exported["house_rules"][0]["data"] = {"genres": ["sci-fi"]}
    import_roster(owner=player, document=exported)
    (entry,) = LibraryEntry.objects.filter(owner=player, kind="profile-genres")
    assert (entry.slug, entry.data) == ("warrior", {"genres": ["fantasy"]})


def test_the_pulp_alley_house_rules_page_still_adds_abilities(player_client, player):
    response = player_client.post(
        "/rules/pulp-alley/house-rules/",
        {"form": "entry", "kind": "ability", "name": "Sea Legs", "level": 1, "summary": "Steady."},
    )
    assert response.status_code == 302
    assert LibraryEntry.objects.filter(owner=player, name="Sea Legs").exists()
    page = player_client.get("/rules/pulp-alley/house-rules/").content.decode()
    assert "Genres the book leaves blank" not in page
    wrong_form = {"form": "genres", "profile": "warrior", "genres": ["fantasy"]}
    assert player_client.post("/rules/pulp-alley/house-rules/", wrong_form).status_code == 404
