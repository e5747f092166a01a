"""Export and import of rosters: a league leaves with its cards, portraits and house rules and
comes back the same; a bad file is refused with its place named and nothing written."""

import base64
import json
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import DatabaseError
from PIL import Image

from rosters import selectors
from rosters.format import VERSION, RosterFormatError, validate_roster
from rosters.handlers import cards as card_handlers
from rosters.handlers import members as member_handlers
from rosters.handlers import roster as roster_handlers
from rosters.handlers.transfer import import_roster
from rosters.models import Character, Roster, RosterMember
from rosters.samples import sample_document
from rosters.transfer import export_roster, roster_as_text
from rules import engines
from rules.engines import evaluate
from rules.fixture_book import rules_book_from_fixtures
from rules.models import LibraryEntry, Ruleset
from rules.selectors import rules_book
from rules.services import create_house_rule

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def picture(size=(600, 800), colour=(180, 40, 40), fmt="PNG"):
    out = BytesIO()
    Image.new("RGB", size, colour).save(out, fmt)
    return out.getvalue()


def smith():
    return sample_document("singapore-smith")


def report_of(roster):
    rules = rules_book(roster.ruleset, roster.owner)
    return evaluate(selectors.roster_data(roster, selectors.members_of(roster), rules), rules)


def row_counts():
    return {
        model.__name__: model.objects.count()
        for model in (Roster, Character, RosterMember, LibraryEntry)
    }


def media_files(media):
    return sorted(p for p in media.rglob("*") if p.is_file()) if media.exists() else []


def with_portrait(document, index, data, crop=None):
    document["characters"][index]["portrait"] = {
        "media_type": "image/png",
        "data": base64.b64encode(data).decode(),
        "crop": crop or {},
    }
    return document


def test_singapore_smith_arrives_as_a_legal_league_of_ten_slots(player, pulp_alley):
    result = import_roster(owner=player, document=smith())
    report = report_of(result.roster)
    assert report.legal
    assert report.budget.label == "10 / 10 slots used"
    assert [c.name for c in selectors.characters_of(player)] == sorted(
        ["Singapore Smith", "Arge", "Enki", "Kazak", "Little Skeet", "Chu-Chu"]
    )
    members = selectors.members_of(result.roster)
    assert [m.character.name for m in members][:2] == ["Singapore Smith", "Arge"]


def test_a_round_trip_keeps_every_character_choice_role_and_portrait(player, rival, pulp_alley):
    document = with_portrait(smith(), 0, picture((600, 800)), {"x": 0.2, "y": 0.7, "zoom": 1.5})
    document["choices"] = {"perks": ["mastermind"]}
    document["characters"][1]["role"] = "acting-leader"
    document["characters"][2]["flavour"] = "Never misses twice."
    original = import_roster(owner=player, document=document).roster

    exported = json.loads(json.dumps(export_roster(roster=original)))
    assert validate_roster(exported) == exported
    copy = import_roster(owner=rival, document=exported).roster

    assert copy.owner == rival and copy.name == "Singapore Smith's League"
    assert copy.choices == {"perks": ["mastermind"]}
    before, after = selectors.members_of(original), selectors.members_of(copy)
    assert [(m.character.name, m.role) for m in after] == [
        (m.character.name, m.role) for m in before
    ]
    for old, new in zip(before, after, strict=True):
        assert new.character.pk != old.character.pk
        assert new.character.character_type == old.character.character_type
        assert new.character.profile == old.character.profile
        assert new.character.flavour == old.character.flavour
    assert after[2].character.flavour == "Never misses twice."
    leader = after[0].character
    assert leader.portrait_crop == {"x": 0.2, "y": 0.7, "zoom": 1.5}
    with leader.portrait.open("rb") as source:
        image = Image.open(BytesIO(source.read()))
        assert (image.format, image.size) == ("JPEG", (600, 800))
    assert leader.portrait_print  # the 300 dpi crop is cut again on arrival
    assert not after[1].character.portrait


def test_the_exported_portrait_is_the_stored_source_with_its_crop(player, pulp_alley):
    upload = SimpleUploadedFile("smith.png", picture((400, 300)))
    crop = {"x": 0.1, "y": 0.9, "zoom": 2.0}
    character = card_handlers.save_card(
        owner=player, ruleset=pulp_alley, data=smith()["characters"][0], upload=upload, crop=crop
    ).character
    roster = roster_handlers.create_roster(owner=player, ruleset=pulp_alley, name="Solo").roster
    member_handlers.add_member(roster=roster, character=character)

    (exported,) = export_roster(roster=roster)["characters"]
    with character.portrait.open("rb") as source:
        stored = source.read()
    assert exported["portrait"]["media_type"] == "image/jpeg"
    assert base64.b64decode(exported["portrait"]["data"]) == stored
    assert exported["portrait"]["crop"] == crop


def test_a_broken_character_names_its_place_and_writes_nothing(player, pulp_alley, media):
    document = with_portrait(smith(), 0, picture())
    document["characters"][3]["profile"]["skills"]["brawl"] = "3x8"
    before = row_counts()
    with pytest.raises(RosterFormatError) as error:
        import_roster(owner=player, document=document)
    assert error.value.path == "characters[3].profile.skills.brawl"
    assert "'3x8' is not dice notation" in str(error.value)
    assert row_counts() == before
    assert media_files(media) == []


def test_a_portrait_that_is_not_a_picture_fails_the_whole_import(player, pulp_alley, media):
    document = with_portrait(smith(), 0, picture())  # saved first, then rolled back
    with_portrait(document, 4, b"GIF89a but not really a picture")
    before = row_counts()
    with pytest.raises(RosterFormatError) as error:
        import_roster(owner=player, document=document)
    assert error.value.path == "characters[4].portrait"
    assert "Little Skeet" in str(error.value) and "not an image" in str(error.value)
    assert row_counts() == before
    assert media_files(media) == []


def test_a_file_from_a_newer_cliffhanger_is_refused(player, pulp_alley):
    document = smith()
    document["version"] = VERSION + 1
    before = row_counts()
    with pytest.raises(RosterFormatError) as error:
        import_roster(owner=player, document=document)
    assert "update Cliffhanger" in str(error.value)
    assert row_counts() == before


@pytest.mark.parametrize("slug", ["chess", "dime-novel"], ids=["unknown", "no-engine-yet"])
def test_a_game_this_site_cannot_report_on_is_refused(player, pulp_alley, slug):
    # A ruleset whose books are loaded but whose roster engine is not written yet (all four
    # shipped games are registered, so the test lists one of its own).
    Ruleset.objects.get_or_create(
        slug="dime-novel",
        defaults={"name": "Dime Novel", "edition": "1", "source_book": "Rules"},
    )
    document = {**smith(), "ruleset": slug, "characters": []}
    before = row_counts()
    with pytest.raises(RosterFormatError) as error:
        import_roster(owner=player, document=document)
    assert error.value.path == "ruleset" and repr(slug) in str(error.value)
    assert row_counts() == before


def sea_legs(owner, ruleset):
    """A house ability of the player's own."""
    return create_house_rule(
        owner=owner,
        ruleset=ruleset,
        kind="ability",
        name="Sea Legs",
        summary="Keeps his footing on a rolling deck.",
        level=1,
    ).entry


def house_league(owner, ruleset):
    """Captain Wolf with a house ability in place of Crafty."""
    entry = sea_legs(owner, ruleset)
    document = sample_document("captain-wolf")
    document["characters"][0]["profile"]["abilities"][2] = entry.slug
    return import_roster(owner=owner, document=document).roster


def test_house_rules_travel_with_the_roster_and_stay_marked_custom(player, rival, pulp_alley):
    exported = export_roster(roster=house_league(player, pulp_alley))
    (rule,) = exported["house_rules"]
    assert (rule["slug"], rule["name"]) == ("house-sea-legs", "Sea Legs")

    result = import_roster(owner=rival, document=exported)
    (entry,) = result.house_rules
    assert (entry.owner, entry.slug, entry.summary) == (
        rival,
        "house-sea-legs",
        "Keeps his footing on a rolling deck.",
    )
    report = report_of(result.roster)
    assert report.legal
    (custom,) = [f for f in report.findings if f.custom]
    assert custom.code == "custom-rule" and "Sea Legs" in custom.message


def test_a_house_ability_learned_with_experience_travels_too(player, rival, pulp_alley):
    entry = sea_legs(player, pulp_alley)
    document = sample_document("captain-wolf")
    document["characters"][0]["profile"]["learned_abilities"] = [entry.slug]
    roster = import_roster(owner=player, document=document).roster
    assert report_of(roster).legal

    exported = export_roster(roster=roster)
    assert [rule["slug"] for rule in exported["house_rules"]] == ["house-sea-legs"]
    assert engines.evaluate(exported, rules_book(pulp_alley)).legal
    assert report_of(import_roster(owner=rival, document=exported).roster).legal


def test_an_identical_house_rule_is_reused(player, pulp_alley):
    exported = export_roster(roster=house_league(player, pulp_alley))
    rules_before = LibraryEntry.objects.filter(owner=player).count()
    result = import_roster(owner=player, document=exported)
    assert LibraryEntry.objects.filter(owner=player).count() == rules_before
    assert result.house_rules[0].slug == "house-sea-legs"


def test_a_different_house_rule_with_a_taken_slug_is_renamed_everywhere(player, pulp_alley):
    exported = export_roster(roster=house_league(player, pulp_alley))
    exported["house_rules"][0]["summary"] = "Another table's idea of it."
    exported["house_rules"].append(
        {"kind": "perk", "slug": "house-sea-legs", "name": "Sea Legs", "cost": 1}
    )
    exported["choices"] = {"perks": ["house-sea-legs"]}
    exported["characters"][0]["profile"]["ability_choices"] = {"house-sea-legs": ["dodge"]}

    result = import_roster(owner=player, document=exported)
    renamed = {(e.kind, e.slug) for e in result.house_rules}
    assert renamed == {("ability", "house-sea-legs-2"), ("perk", "house-sea-legs")}
    mine = LibraryEntry.objects.get(owner=player, kind="ability", slug="house-sea-legs")
    assert mine.summary == "Keeps his footing on a rolling deck."  # untouched
    (wolf,) = result.characters
    assert wolf.profile["abilities"][2] == "house-sea-legs-2"
    assert wolf.profile["ability_choices"] == {"house-sea-legs-2": ["dodge"]}
    assert result.roster.choices == {"perks": ["house-sea-legs"]}  # the perk kept its slug


def test_a_house_rule_with_a_built_in_slug_is_not_stored(player, pulp_alley):
    # The book's Crafty counts over the file's (as the report of the file says).
    document = sample_document("captain-wolf")
    document["house_rules"] = [{"kind": "ability", "slug": "crafty", "name": "My Crafty"}]
    result = import_roster(owner=player, document=document)
    assert result.house_rules == []
    assert not LibraryEntry.objects.filter(owner=player).exists()
    assert report_of(result.roster).legal


def text_of(roster):
    rules = rules_book(roster.ruleset, roster.owner)
    document = selectors.roster_data(roster, selectors.members_of(roster), rules)
    report = engines.evaluate(document, rules)
    return roster_as_text(document=document, report=report, rules=rules, game="Pulp Alley")


def test_plain_text_shows_the_meter_and_the_printed_cards(player, pulp_alley):
    document = smith()
    document["choices"] = {"perks": ["company-of-heroes"]}
    text = text_of(import_roster(owner=player, document=document).roster)
    lines = text.splitlines()
    assert lines[0] == "Singapore Smith's League"
    assert lines[1].startswith("Pulp Alley · 12 / 10 slots used · NOT LEGAL")
    assert any(line.startswith("  ! ") and "slots" in line for line in lines)
    assert "Arge · Sidekick" in lines
    # Printed values: Fierce makes Arge's base 3d8 Brawl a 4d8.
    assert "  Health d8 · Brawl 4d8 · Shoot 3d8 · Dodge 2d6" in text
    assert "Abilities: Athletic, Fierce" in text
    assert "Shoot —" in text and "Animal (Dodge, Finesse)" in text
    assert "Health d6*" in text  # Chu-Chu the Follower is knocked out on a failed Health
    assert lines[-1] == "Perks: Company of Heroes"


def text_of_file(document, game):
    rules = rules_book_from_fixtures(document["ruleset"])
    report = evaluate(document, rules)
    return roster_as_text(document=document, report=report, rules=rules, game=game)


@pytest.mark.parametrize(
    ("perks", "line"),
    [
        (["mastermind"], "Arge · Sidekick · Acting leader (Mastermind)"),
        # Without Mastermind the mark counts for nothing (the report says so), and the text
        # does not claim it.
        ([], "Arge · Sidekick"),
    ],
)
def test_plain_text_names_the_acting_leader_only_where_the_league_allows_one(perks, line):
    document = smith()
    document["choices"] = {"perks": perks}
    arge = next(c for c in document["characters"] if c["name"] == "Arge")
    arge["role"] = "acting-leader"
    assert line in text_of_file(document, "Pulp Alley").splitlines()


def test_plain_text_says_whom_each_pulp_fiction_figure_serves():
    lines = text_of_file(sample_document("pulp-fiction-heroes"), "Pulp Fiction").splitlines()
    assert "Doc Thunder · Main Character" in lines
    assert "Sparky · Secondary Character · Serves Doc Thunder" in lines


def test_plain_text_marks_house_rules(player, pulp_alley):
    text = text_of(house_league(player, pulp_alley))
    assert "Pulp Alley · 0 / 10 slots used · legal" in text
    assert "Sea Legs [house rule]" in text


def test_a_file_with_more_characters_than_a_roster_holds_is_refused_whole(player, pulp_alley):
    from config.limits import ROSTER_MAX_CHARACTERS

    document = smith()
    one = document["characters"][0]
    document["characters"] = [
        {**one, "name": f"Smith {n}"} for n in range(ROSTER_MAX_CHARACTERS + 1)
    ]
    before = row_counts()
    with pytest.raises(RosterFormatError, match=f"at most {ROSTER_MAX_CHARACTERS} characters"):
        import_roster(owner=player, document=document)
    assert row_counts() == before


def test_a_database_failure_on_a_later_card_leaves_no_row_and_no_picture(
    player, pulp_alley, media, monkeypatch
):
    """The failing card's own picture is written before its row: it must go too."""
    document = with_portrait(smith(), 0, picture())
    with_portrait(document, 4, picture())
    save = Character.save

    def failing_save(character, *args, **kwargs):
        if character.name == "Little Skeet":
            raise DatabaseError("the database went away")
        return save(character, *args, **kwargs)

    monkeypatch.setattr(Character, "save", failing_save)
    before = row_counts()
    with pytest.raises(DatabaseError):
        import_roster(owner=player, document=document)
    assert row_counts() == before
    assert media_files(media) == []


def old_cast():
    """A version 2 cast file: no ids, the Sidekick naming its boss by name."""
    return {
        "format": "cliffhanger-roster",
        "version": 2,
        "ruleset": "7tv",
        "name": "Overlord's Cast",
        "choices": {"affiliation": "villainous"},
        "characters": [
            {"name": "Evil Overlord", "type": "star", "profile": {"base": "evil-overlord"}},
            {
                "name": "Loyal Sidekick",
                "type": "co-star",
                "role": "sidekick-of:Evil Overlord",
                "profile": {"base": "loyal-sidekick"},
            },
        ],
    }


def test_an_old_file_naming_the_boss_by_name_imports_with_the_boss_by_id(player, rules_data):
    roster = import_roster(owner=player, document=old_cast()).roster
    overlord, sidekick = selectors.members_of(roster)
    assert sidekick.role == f"sidekick-of:{overlord.character.pk}"
    codes = report_of(roster).codes
    assert not codes & {"sidekick-boss-unknown", "sidekick-boss-unchosen"}
    exported = export_roster(roster=roster)
    assert exported["version"] == VERSION
    assert exported["characters"][1]["role"] == f"sidekick-of:{exported['characters'][0]['id']}"


def test_a_file_naming_the_boss_by_id_imports_with_the_boss_by_its_new_id(player, rules_data):
    document = old_cast()
    document["version"] = VERSION
    document["characters"][0]["id"] = "boss"
    document["characters"][1] |= {"id": "sidekick", "role": "sidekick-of:boss"}
    roster = import_roster(owner=player, document=document).roster
    overlord, sidekick = selectors.members_of(roster)
    assert sidekick.role == f"sidekick-of:{overlord.character.pk}"
