"""Completions: a player's own values for what a book leaves empty, filled once in their
library and read by every engine check and card, never replacing what the book gives."""

import pytest

from rosters.handlers.completions import CompletionRefused, complete_entry, drop_completion
from rules.engines.completions import completed_fields
from rules.models import LibraryEntry, Ruleset
from rules.rulesets import definition_for
from rules.selectors import rules_book

pytestmark = pytest.mark.django_db

SOLAR = {
    "origin": "science",
    "traits": {"strength": 4, "defense": 4, "energy": 6, "agility": 4, "mind": 3, "spirit": 4},
    "damage": 10,
    "sides": ["heroes"],
}


@pytest.fixture
def pulp_city(rules_data):
    return Ruleset.objects.get(slug="pulp-city")


def complete_solar(player, pulp_city, data=SOLAR):
    return complete_entry(owner=player, ruleset=pulp_city, kind="supreme", slug="solar", data=data)


def test_a_completed_supreme_prints_the_players_values_and_the_books(player, pulp_city):
    complete_solar(player, pulp_city)
    book = rules_book(pulp_city, player)
    solar = book.entry("supreme", "solar")
    assert solar["data"]["damage"] == 10 and solar["data"]["ap"] == 6  # AP is the book's
    assert "data.damage" in completed_fields(solar) and "data.ap" not in completed_fields(solar)
    engine = definition_for("pulp-city").engine_module
    character = {"name": "Solar", "type": "level-2", "profile": {"base": "solar"}}
    cells = dict(engine.printed_profile(character, book).cells)
    assert (cells["Damage"], cells["AP"], cells["Str"], cells["Ene"]) == ("10", "6", "4", "6 T")
    assert not any("—" in value for value in cells.values())
    # Nobody else's book changes, and the shipped row stays as shipped.
    assert rules_book(pulp_city).entry("supreme", "solar")["data"]["damage"] is None
    assert LibraryEntry.objects.get(slug="solar", kind="supreme", owner=None).data["damage"] is None


def test_what_the_book_gives_is_refused_with_a_reason(player, pulp_city):
    with pytest.raises(CompletionRefused, match="gives Solar's ap already.*house rule"):
        complete_solar(player, pulp_city, {"ap": 7})
    with pytest.raises(CompletionRefused, match="more than 99"):
        complete_solar(player, pulp_city, {"damage": 100})
    with pytest.raises(CompletionRefused, match="no summary 'androida'"):
        complete_entry(owner=player, ruleset=pulp_city, kind="summary", slug="androida", data={})
    assert not LibraryEntry.objects.filter(owner=player).exists()


def test_a_dropped_completion_prints_as_the_book_again(player, pulp_city):
    complete_solar(player, pulp_city)
    drop_completion(owner=player, ruleset=pulp_city, kind="supreme", slug="solar")
    assert rules_book(pulp_city, player).entry("supreme", "solar")["data"]["damage"] is None


def test_a_roster_file_carries_the_completion_it_uses(player, pulp_city):
    """The roster's export names the completion and another reader's engine fills from it."""
    from rosters.handlers.transfer import start_from_sample
    from rosters.transfer import export_roster

    complete_solar(player, pulp_city)
    roster = start_from_sample(owner=player, slug="pulp-city-starter-box").roster
    document = export_roster(roster=roster)
    kinds = {(rule["kind"], rule["slug"]) for rule in document["house_rules"]}
    assert ("supreme-completion", "solar") in kinds
    stranger = rules_book(pulp_city).with_house_rules(document["house_rules"])
    assert stranger.entry("supreme", "solar")["data"]["damage"] == 10


def test_the_library_form_fills_only_the_gaps_and_marks_them_yours(player_client, pulp_city):
    url = "/rosters/library/pulp-city/supreme/solar/"
    page = player_client.get(url).content.decode()
    assert 'name="damage"' in page and 'name="ap"' not in page  # AP 6 is the book's
    response = player_client.post(url, {"damage": "10", "traits.strength": "4"})
    assert response.status_code == 302
    listing = player_client.get("/rules/pulp-city/supreme/").content.decode()
    assert "Your values fill its gaps" in listing
    refused = player_client.post(url, {"damage": "100"})
    assert refused.status_code == 400 and "less than or equal to 99" in refused.content.decode()
    stranger = player_client.post("/rosters/library/pulp-city/supreme/solar/drop/")
    assert stranger.status_code == 302
    assert "Your values fill" not in player_client.get("/rules/pulp-city/supreme/").content.decode()


def test_changing_a_completion_starts_from_the_values_kept(player, player_client, pulp_city):
    complete_solar(player, pulp_city)
    page = player_client.get("/rosters/library/pulp-city/supreme/solar/").content.decode()
    assert 'name="traits.strength" value="4"' in page and 'name="damage" value="10"' in page


def test_the_report_counts_the_blanks_and_links_to_fill_them(player, player_client, pulp_city):
    from rosters.handlers.transfer import start_from_sample

    roster = start_from_sample(owner=player, slug="pulp-city-starter-box").roster
    page = player_client.get(f"/rosters/{roster.pk}/").content.decode()
    assert (
        "8 values the Game Guide does not give print empty"
        " (origin, Strength, Defense, Energy, Agility, Mind, Spirit, damage)" in page
    )
    assert 'href="/rosters/library/pulp-city/supreme/solar/"' in page
    complete_solar(player, pulp_city)
    page = player_client.get(f"/rosters/{roster.pk}/").content.decode()
    assert "(origin, Strength, Defense, Energy, Agility, Mind, Spirit, damage)" not in page
    assert "Solar&#x27;s damage, origin, traits are your own values" in page


def test_a_sample_force_shows_the_viewers_completion(player, player_client, pulp_city):
    page = player_client.get("/rosters/samples/pulp-city-starter-box/").content.decode()
    assert "Solar&#x27;s origin" not in page
    complete_solar(player, pulp_city)
    page = player_client.get("/rosters/samples/pulp-city-starter-box/").content.decode()
    assert "Solar&#x27;s damage, origin, traits are your own values" in page


def test_pulp_fiction_weapon_numbers_fill_every_card_that_carries_it(player, rules_data):
    ruleset = Ruleset.objects.get(slug="pulp-fiction")
    stats = {"stats": {"to_hit": 4, "range_inches": 12, "attacks": 1}}
    complete_entry(owner=player, ruleset=ruleset, kind="weapon", slug="handgun", data=stats)
    engine = definition_for("pulp-fiction").engine_module
    from rosters.samples import sample_document

    band = sample_document("pulp-fiction-heroes")
    report = engine.evaluate(band, rules_book(ruleset, player))
    blanks = " ".join(f.message for f in report.findings if f.code == "stats-missing")
    assert "Handgun" not in blanks
    doc = next(c for c in band["characters"] if c["name"] == "Doc Thunder")
    cells = engine.printed_profile(doc, rules_book(ruleset, player)).game.weapons
    assert (cells[0]["to_hit"], cells[0]["range_inches"], cells[0]["attacks"]) == (4, 12, 1)
    with pytest.raises(CompletionRefused, match="Bare Hands's stats.to_hit"):
        complete_entry(
            owner=player,
            ruleset=ruleset,
            kind="weapon",
            slug="bare-hands",
            data={"stats": {"to_hit": 3}},
        )


def test_a_pulp_city_resource_card_takes_its_shield_and_damage(player, pulp_city):
    complete_entry(
        owner=player,
        ruleset=pulp_city,
        kind="resource",
        slug="pulp-city-cops",
        data={"shield": 3, "damage": 2},
    )
    cops = rules_book(pulp_city, player).entry("resource", "pulp-city-cops")
    assert (cops["data"]["shield"], cops["data"]["damage"]) == (3, 2)
    assert cops["data"]["numbers_seen"] == [2, 2, 3, 3]  # the book's own stay


def test_a_7tv_script_card_is_named_once_for_its_deck_page_and_print(player, player_client):
    from cards.printing.sources import deck_cards

    seven = Ruleset.objects.get(slug="7tv")
    card = {"name": "Lens Flare", "genres": ["sci-fi"], "effect": "One enemy Star is dazzled."}
    complete_entry(owner=player, ruleset=seven, kind="script", slug="a1-06", data=card)
    printed = {face.data["number"]: face.data for face in deck_cards("7tv", "script", player).faces}
    assert printed["A1-06"]["name"] == "Lens Flare" and printed["A1-06"]["named"]
    assert not deck_cards("7tv", "script").faces[5].data["named"]  # nobody else's deck
    page = player_client.get("/rules/7tv/decks/script/").content.decode()
    assert "Lens Flare" in page and "Your values: effect, genres, name" in page
    with pytest.raises(CompletionRefused, match="Card A1-07: unexpected field 'act'"):
        complete_entry(owner=player, ruleset=seven, kind="script", slug="a1-07", data={"act": 2})
    form = player_client.get("/rosters/library/7tv/script/a1-07/").content.decode()
    assert 'name="effect"' in form and 'value="sci-fi"' in form


def test_a_completion_is_no_library_of_its_own(player, player_client, pulp_city):
    complete_solar(player, pulp_city)
    page = player_client.get("/rules/pulp-city/supreme/").content.decode()
    assert "/rules/pulp-city/supreme-completion/" not in page


def test_a_players_own_completion_stays_when_a_file_or_a_guest_brings_another(
    player, make_user, pulp_city
):
    from rules.services import move_house_rules

    complete_solar(player, pulp_city)
    guest = make_user("guest-solar")
    complete_solar(guest, pulp_city, {"damage": 12})
    move_house_rules(source=guest, target=player)
    assert rules_book(pulp_city, player).entry("supreme", "solar")["data"]["damage"] == 10
    assert LibraryEntry.objects.filter(owner=player, kind="supreme-completion").count() == 1


def test_every_completable_kind_is_bounded_by_the_roster_schema():
    from rosters.handlers.completions import schema_defs
    from rules.rulesets import playable_slugs

    named = {
        (slug, kind): shape
        for slug in playable_slugs()
        for kind, shape in definition_for(slug).completions.items()
    }
    assert {kind for _, kind in named} >= {"supreme", "resource", "weapon", "armour", "script"}
    assert all(schema_defs()[shape]["additionalProperties"] is False for shape in named.values())
