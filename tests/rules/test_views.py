"""The Ability Library, Perk Library and deck pages a player browses."""

import pytest

from rules.games.pulp_city.engine import evaluate, printed_profile
from rules.models import CharacterType, LibraryEntry, Ruleset
from rules.selectors import rules_book
from rules.services import create_house_rule
from tests.concurrency import at_the_same_moment, logged_in, postgres_only, said
from tests.rules.test_pulp_city_engine import supreme, team

pytestmark = pytest.mark.django_db


def test_ability_library_lists_all_42_with_level_page_and_who_may_take_them(client, pulp_alley):
    response = client.get("/rules/pulp-alley/ability/")
    page = response.content.decode()
    assert len(response.context["rows"]) == 42
    commander = next(e for e, types in response.context["rows"] if e.slug == "commander")
    types = dict(response.context["rows"])[commander]
    assert [t.name for t in types] == ["Leader"]
    agile_types = next(types for e, types in response.context["rows"] if e.slug == "agile")
    assert {t.name for t in agile_types} == {"Leader", "Sidekick", "Ally", "Follower"}
    assert "Level 4" in page and "p.11" in page


def test_search_finds_abilities_by_name_or_rule_text(client, pulp_alley):
    response = client.get("/rules/pulp-alley/ability/", {"q": "deadeye"})
    assert [e.name for e, _ in response.context["rows"]] == ["Deadeye"]
    by_text = client.get("/rules/pulp-alley/ability/", {"q": "thrown again"})
    assert len(by_text.context["rows"]) >= 3


def test_filter_by_level(client, pulp_alley):
    response = client.get("/rules/pulp-alley/ability/", {"level": "3"})
    assert len(response.context["rows"]) == 10
    assert all(entry.level == 3 for entry, _ in response.context["rows"])


def test_perk_library_filters_by_slot_cost(client, pulp_alley):
    response = client.get("/rules/pulp-alley/perk/", {"cost": "3"})
    names = {entry.name for entry, _ in response.context["rows"]}
    assert len(names) == 4
    assert "Stealthy Agents" in names


def test_htmx_search_returns_only_the_results_partial(client, pulp_alley):
    response = client.get(
        "/rules/pulp-alley/ability/", {"q": "fierce"}, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="results"')
    assert "<html" not in page
    assert "Fierce" in page


def test_no_matches_says_so(client, pulp_alley):
    page = client.get("/rules/pulp-alley/ability/", {"q": "zeppelin"}).content.decode()
    assert "Nothing matches" in page


def test_library_page_query_count_is_pinned(client, pulp_alley, django_assert_num_queries):
    with django_assert_num_queries(5):
        client.get("/rules/pulp-alley/ability/", {"q": "a"})


def test_unknown_library_kind_is_404(client, pulp_alley):
    assert client.get("/rules/pulp-alley/zeppelins/").status_code == 404
    assert client.get("/rules/no-such-game/ability/").status_code == 404


def test_fortune_deck_page_lists_every_design_with_challenge_and_uncertainty(client, pulp_alley):
    response = client.get("/rules/pulp-alley/decks/fortune/")
    page = response.content.decode()
    assert response.context["physical"] == 45
    assert len(response.context["cards"]) == 25
    assert "#02" in page and "×2" in page
    assert "Uncertain reading" in page


def test_house_rules_show_only_to_their_owner_marked_custom(client, player, rival, pulp_alley):
    create_house_rule(
        owner=player,
        ruleset=pulp_alley,
        kind="ability",
        name="Two Guns",
        level=2,
        summary="Shoots with a pistol in each hand.",
    )
    client.force_login(player)
    mine = client.get("/rules/pulp-alley/ability/", {"q": "two guns"})
    assert [e.name for e, _ in mine.context["rows"]] == ["Two Guns"]
    assert "House rule" in mine.content.decode()
    client.force_login(rival)
    theirs = client.get("/rules/pulp-alley/ability/", {"q": "two guns"})
    assert theirs.context["rows"] == []


def test_adding_a_house_perk_through_the_page(player_client, player, pulp_alley):
    response = player_client.post(
        "/rules/pulp-alley/house-rules/",
        {"kind": "perk", "name": "Airship", "cost": "2", "summary": "The league owns a zeppelin."},
    )
    assert response.status_code == 302
    perk = LibraryEntry.objects.get(owner=player, name="Airship")
    assert (perk.kind, perk.cost, perk.slug) == ("perk", 2, "house-airship")


def test_a_house_ability_without_a_level_is_refused(player_client, player, pulp_alley):
    response = player_client.post(
        "/rules/pulp-alley/house-rules/",
        {"kind": "ability", "name": "Nameless", "summary": "Something."},
    )
    assert response.status_code == 200
    assert "needs a level" in response.content.decode()
    assert not LibraryEntry.objects.filter(owner=player).exists()


def test_house_rule_names_are_escaped(player_client, player, pulp_alley):
    create_house_rule(
        owner=player, ruleset=pulp_alley, kind="perk", name="<b>Bold</b>", cost=1, summary="x"
    )
    page = player_client.get("/rules/pulp-alley/house-rules/").content.decode()
    assert "<b>Bold</b>" not in page and "&lt;b&gt;Bold&lt;/b&gt;" in page


def test_only_the_owner_can_delete_a_house_rule(client, player, rival, pulp_alley):
    entry = create_house_rule(
        owner=player, ruleset=pulp_alley, kind="perk", name="Airship", cost=2, summary="x"
    ).entry
    client.force_login(rival)
    assert client.post(f"/rules/pulp-alley/house-rules/{entry.pk}/delete/").status_code == 404
    client.force_login(player)
    client.post(f"/rules/pulp-alley/house-rules/{entry.pk}/delete/")
    assert not LibraryEntry.objects.filter(pk=entry.pk).exists()


def test_same_name_twice_gets_distinct_slugs(player, pulp_alley):
    first = create_house_rule(
        owner=player, ruleset=pulp_alley, kind="perk", name="Airship", cost=2, summary="x"
    )
    second = create_house_rule(
        owner=player, ruleset=pulp_alley, kind="perk", name="Airship", cost=3, summary="y"
    )
    assert (first.entry.slug, second.entry.slug) == ("house-airship", "house-airship-2")


@pytest.mark.parametrize("typed", ["²", "-1", "40000", "9" * 5000, "99999999999999999999"])
def test_a_level_or_cost_filter_that_is_not_a_number_in_range_shows_everything(
    client, rules_data, typed
):
    everything = client.get("/rules/pulp-alley/ability/").context["rows"]
    for key in ("level", "cost"):
        response = client.get("/rules/pulp-alley/ability/", {key: typed})
        assert response.status_code == 200
        assert response.context[key] is None
        assert len(response.context["rows"]) == len(everything)


def test_a_house_rule_summary_longer_than_a_roster_file_carries_is_refused(
    player_client, player, pulp_alley
):
    from rules.forms import SUMMARY_MAX_LENGTH

    response = player_client.post(
        "/rules/pulp-alley/house-rules/",
        {"kind": "perk", "name": "Airship", "cost": 2, "summary": "x" * 2000},
    )
    assert response.status_code == 200
    assert f"at most {SUMMARY_MAX_LENGTH} characters" in response.content.decode()
    assert not LibraryEntry.objects.filter(owner=player).exists()


def test_a_house_resource_keeps_the_level_the_engine_counts(player_client, player, rules_data):
    """Pulp City's Resource house rules need a level (the Game Guide leaves some out); the
    engine counts it towards Weapon Master and prints it on the Supreme's card."""
    response = player_client.post(
        "/rules/pulp-city/house-rules/",
        {
            "kind": "resource",
            "name": "Sky Cannon",
            "level": "2",
            "category": "weapon",
            "summary": "A big gun.",
        },
    )
    assert response.status_code == 302
    entry = LibraryEntry.objects.get(owner=player, name="Sky Cannon")
    assert entry.level == 2
    rules = rules_book(Ruleset.objects.get(slug="pulp-city"), player)
    holder = supreme("Gunner", 2, resources=[entry.slug])
    (resource,) = printed_profile(holder, rules).game.resources
    assert (resource["name"], resource["level"]) == ("Sky Cannon", 2)
    report = evaluate(team(holder), rules)
    assert "resource-level-unknown" not in report.codes


def test_a_house_ability_level_runs_to_the_top_the_character_types_allow(
    player_client, player, pulp_alley
):
    """Levels 1 to 4 in the book, because its Leader takes level 4; a table whose Leader
    reaches level 5 gets level-5 house abilities too."""
    posted = {"kind": "ability", "name": "Sky Fist", "level": "5", "summary": "Hits hard."}
    response = player_client.post("/rules/pulp-alley/house-rules/", posted)
    assert "Levels run from 1 to 4." in response.content.decode()
    leader = CharacterType.objects.get(ruleset=pulp_alley, slug="leader")
    leader.profile = {**leader.profile, "max_ability_level": 5}
    leader.save()
    assert player_client.post("/rules/pulp-alley/house-rules/", posted).status_code == 302
    assert LibraryEntry.objects.get(owner=player, name="Sky Fist").level == 5


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_house_rules_of_one_name_sent_at_once_both_land(player, pulp_alley):
    """Two tabs adding "Airship" together: each answers, neither rule is lost, and the second
    takes the next free slug as a rule added later would."""
    for attempt in range(4):
        clients = [logged_in(player) for _ in range(2)]
        name = f"Airship {attempt}"
        posts = [
            (
                c,
                "/rules/pulp-alley/house-rules/",
                {"kind": "perk", "name": name, "cost": "2", "summary": f"Zeppelin {n}."},
            )
            for n, c in enumerate(clients)
        ]
        responses = at_the_same_moment(*posts)
        assert [r.status_code for r in responses] == [302, 302], f"try {attempt + 1}"
        assert [said(r) for r in responses] == [[f"{name} added to your Pulp Alley library."]] * 2
        rules = LibraryEntry.objects.filter(owner=player, name=name)
        assert sorted(rules.values_list("summary", flat=True)) == ["Zeppelin 0.", "Zeppelin 1."]
        base = f"house-airship-{attempt}"
        assert sorted(rules.values_list("slug", flat=True)) == [base, f"{base}-2"]


def made_on_the_page(player_client, player, **fields):
    response = player_client.post("/rules/pulp-city/house-rules/", {"summary": "Ours.", **fields})
    assert response.status_code == 302, response.context["form"].errors
    entry = LibraryEntry.objects.get(owner=player, name=fields["name"])
    return entry, rules_book(entry.ruleset, player)


def test_a_house_weapon_from_the_page_runs_weapon_master_and_living_arsenal(
    player_client, player, rules_data
):
    """The book's Gentleman (Living Arsenal 1, p.27) takes a Level 1 Resource and the
    player's Level 1 Weapon; a Supreme with no Weapon Master may not take it."""
    pistol, rules = made_on_the_page(
        player_client, player, kind="resource", name="Derringer", level="1", category="weapon"
    )
    assert pistol.data["category"] == "weapon"
    gentleman = supreme(
        "Gentleman", 1, ("villains",), base="gentleman", resources=["sirens", pistol.slug]
    )
    del gentleman["profile"]["skills"]
    villains = [supreme(n, lv, ("villains",)) for n, lv in (("b", 1), ("c", 2), ("d", 2), ("e", 2))]
    report = evaluate(team(gentleman, *villains, side="villains"), rules)
    assert report.legal, [f.message for f in report.findings if f.severity == "error"]
    plain = supreme("Plain", 1, ("villains",), resources=[pistol.slug])
    report = evaluate(team(plain, *villains, side="villains"), rules)
    assert "weapon-master" in {f.code for f in report.findings if f.severity == "error"}


def test_a_house_device_keeps_to_the_origin_its_category_allows(player_client, player, rules_data):
    gadget, rules = made_on_the_page(
        player_client, player, kind="resource", name="Ray Box", level="1", category="device"
    )
    mystic = supreme("Mystic", 1, origin="mystery", resources=[gadget.slug])
    assert "resource-origin" in evaluate(team(mystic), rules).codes
    boffin = supreme("Boffin", 1, origin="science", resources=[gadget.slug])
    assert "resource-origin" not in evaluate(team(boffin), rules).codes


def test_a_house_resource_without_its_category_is_refused(player_client, player, rules_data):
    response = player_client.post(
        "/rules/pulp-city/house-rules/",
        {"kind": "resource", "name": "Mystery Box", "level": "1", "summary": "?"},
    )
    assert response.status_code == 200
    assert "needs its category" in response.content.decode()
    assert not LibraryEntry.objects.filter(owner=player, name="Mystery Box").exists()


def test_a_house_supreme_from_the_page_carries_level_side_origin_and_traits(
    player_client, player, rules_data
):
    brute, rules = made_on_the_page(
        player_client,
        player,
        kind="supreme",
        name="Brute",
        level="2",
        sides=["villains"],
        origin="science",
        strength="7",
        trump_traits=["strength"],
        damage="9",
        ap="5",
    )
    assert brute.data["sides"] == ["villains"] and brute.data["traits"] == {"strength": 7}
    card = {"name": "Brute", "type": "level-2", "profile": {"base": brute.slug}}
    printed = printed_profile(card, rules)
    assert printed.cells and "7" in printed.line
    heroes = evaluate(team(card), rules)
    assert "wrong-side" in {f.code for f in heroes.findings if f.severity == "error"}
    assert not {"side-unknown", "origin-unknown"} & heroes.codes
