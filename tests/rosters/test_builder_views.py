"""The League Roster builder: add colleagues, choose perks, watch the slot meter."""

import pytest
from django.core.cache import caches

from rosters.models import Character, Roster, RosterMember
from rules.models import LibraryEntry

pytestmark = pytest.mark.django_db

SMITH_LEAGUE = {
    "Singapore Smith": (
        "leader",
        ["sharp", "deadeye", "hardened-veteran"],
        {
            "brawl": "3d8",
            "shoot": "3d10",
            "dodge": "3d10",
            "might": "2d8",
            "finesse": "3d10",
            "cunning": "2d10",
        },
        "d10",
    ),
    "Arge": (
        "sidekick",
        ["athletic", "fierce"],
        {
            "brawl": "3d8",
            "shoot": "3d8",
            "dodge": "2d6",
            "might": "3d8",
            "finesse": "2d6",
            "cunning": "2d6",
        },
        "d8",
    ),
}


# An Ally's base dice: two skills at 2d6, four at 1d6 (p.7).
ALLY_SKILLS = {
    "brawl": "2d6",
    "shoot": "2d6",
    "dodge": "1d6",
    "might": "1d6",
    "finesse": "1d6",
    "cunning": "1d6",
}


@pytest.fixture
def league(player, pulp_alley):
    return Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")


def card(owner, ruleset, name, kind, abilities=(), skills=None, health="d6"):
    skills = skills or {
        s: "1d6" for s in ("brawl", "shoot", "dodge", "might", "finesse", "cunning")
    }
    return Character.objects.create(
        owner=owner,
        ruleset=ruleset,
        character_type=kind,
        name=name,
        profile={"health": health, "skills": skills, "abilities": list(abilities)},
    )


def add(client, league, character, htmx=True):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/rosters/{league.pk}/add/", {"character": character.pk}, headers=headers)


def meter(response):
    return response.context["report"].budget.label


def test_slot_meter_counts_each_colleague_as_it_is_added(player_client, player, pulp_alley, league):
    leader_kind, abilities, skills, health = SMITH_LEAGUE["Singapore Smith"]
    smith = card(player, pulp_alley, "Singapore Smith", leader_kind, abilities, skills, health)
    kind, abilities, skills, health = SMITH_LEAGUE["Arge"]
    arge = card(player, pulp_alley, "Arge", kind, abilities, skills, health)
    enki = card(
        player,
        pulp_alley,
        "Enki",
        "ally",
        ["marksman"],
        ALLY_SKILLS,
    )
    assert meter(add(player_client, league, smith)) == "0 / 10 slots used"
    assert meter(add(player_client, league, arge)) == "3 / 10 slots used"
    response = add(player_client, league, enki)
    assert meter(response) == "5 / 10 slots used"
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="builder"')
    assert "5 / 10 slots used" in page


def test_choosing_a_perk_spends_slots_and_removing_it_gives_them_back(
    player_client, player, pulp_alley, league
):
    response = player_client.post(
        f"/rosters/{league.pk}/choices/perks/",
        {"perks": ["company-of-heroes"]},
        headers={"HX-Request": "true"},
    )
    assert meter(response) == "2 / 10 slots used"
    league.refresh_from_db()
    assert league.choices == {"perks": ["company-of-heroes"]}
    response = player_client.post(
        f"/rosters/{league.pk}/choices/perks/", {}, headers={"HX-Request": "true"}
    )
    assert meter(response) == "0 / 10 slots used"


def test_a_league_over_budget_is_saved_but_shown_not_legal_with_reasons(
    player_client, player, pulp_alley, league
):
    leader_kind, abilities, skills, health = SMITH_LEAGUE["Singapore Smith"]
    add(
        player_client,
        league,
        card(player, pulp_alley, "Singapore Smith", leader_kind, abilities, skills, health),
    )
    for number in range(6):
        add(
            player_client,
            league,
            card(
                player,
                pulp_alley,
                f"Thug {number}",
                "ally",
                ["fierce"],
                ALLY_SKILLS,
            ),
        )
    response = player_client.get(f"/rosters/{league.pk}/")
    assert league.members.count() == 7
    assert meter(response) == "12 / 10 slots used"
    assert not response.context["report"].legal
    page = response.content.decode()
    assert "Not legal" in page
    assert "over-budget" in response.context["report"].codes
    # Over budget in words and in the bar's own shape, not only in colour.
    assert "Over budget by 2 slots" in page
    assert 'aria-valuetext="12 of 10 slots used, 2 slots over budget"' in page
    assert 'class="overflow"' in page and 'fill="url(#over-hatch)"' in page


def test_costs_read_one_slot_not_one_slots(player_client, player, pulp_alley, league):
    add(player_client, league, card(player, pulp_alley, "Chu-Chu", "follower"))
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert ">1 slot<" in page and "1 slots" not in page
    assert "Over budget" not in page


def test_the_whole_league_name_is_the_pages_heading(player_client, league):
    league.name = "Singapore Smith's League of Extraordinary Adventurers"
    league.save()
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert (
        '<h1 class="roster-title">Singapore Smith&#x27;s League of Extraordinary Adventurers</h1>'
        in page
    )


def test_a_league_without_a_leader_says_so(player_client, player, pulp_alley, league):
    add(player_client, league, card(player, pulp_alley, "Enki", "ally"))
    response = player_client.get(f"/rosters/{league.pk}/")
    assert "no-leader" in response.context["report"].codes


def test_removing_a_colleague(player_client, player, pulp_alley, league):
    enki = card(player, pulp_alley, "Enki", "ally")
    add(player_client, league, enki)
    response = player_client.post(
        f"/rosters/{league.pk}/members/{enki.pk}/remove/", headers={"HX-Request": "true"}
    )
    assert meter(response) == "0 / 10 slots used"
    assert Character.objects.filter(pk=enki.pk).exists(), "the card stays in My Cards"


def test_rename(player_client, league):
    player_client.post(f"/rosters/{league.pk}/rename/", {"name": "The Shanghai Irregulars"})
    league.refresh_from_db()
    assert league.name == "The Shanghai Irregulars"


def test_cannot_add_someone_elses_card_or_touch_someone_elses_league(
    client, player, rival, pulp_alley, league
):
    theirs = card(rival, pulp_alley, "Wolf", "leader")
    client.force_login(player)
    assert add(client, league, theirs).status_code == 404
    client.force_login(rival)
    assert (
        client.post(f"/rosters/{league.pk}/choices/perks/", {"perks": ["nefarious"]}).status_code
        == 404
    )
    assert client.post(f"/rosters/{league.pk}/delete/").status_code == 404
    assert Roster.objects.filter(pk=league.pk).exists()


def test_builder_page_query_count_is_pinned(
    player_client, player, pulp_alley, league, django_assert_num_queries
):
    for name in ("A", "B", "C", "D"):
        add(player_client, league, card(player, pulp_alley, name, "ally"))
    # Adding them built the rules book; the campaign timeline is the eighth, the game's
    # versions of its data (which one the roster is read by) the ninth, the roster's rules
    # version (the kept page's key) the first.
    with django_assert_num_queries(9):
        player_client.get(f"/rosters/{league.pk}/")


@pytest.mark.parametrize("members", [1, 20])
def test_builder_page_queries_do_not_grow_with_the_league(
    player_client, player, pulp_alley, league, django_assert_num_queries, members
):
    # A big league costs what a small one does: one query per kind of thing, not per card.
    for number in range(members):
        character = card(player, pulp_alley, f"Member {number}", "ally", ("crafty",))
        RosterMember.objects.create(roster=league, character=character, position=number)
    # The campaign timeline is one of them, the game's versions of its data another.
    with django_assert_num_queries(10):
        page = player_client.get(f"/rosters/{league.pk}/")
    assert f"Member {members - 1}" in page.content.decode()
    # Once the game's rules book is built, the page only reads the player's house rules; an
    # app server that has not kept the page draws it so.
    caches["pages"].clear()
    with django_assert_num_queries(9):
        again = player_client.get(f"/rosters/{league.pk}/")
    assert f"Member {members - 1}" in again.content.decode()
    with django_assert_num_queries(3):  # kept: the session, the player, the rules version
        assert player_client.get(f"/rosters/{league.pk}/").content == again.content


def test_under_mastermind_the_sidekick_can_be_made_acting_leader(
    player_client, player, pulp_alley, league
):
    kind, abilities, skills, health = SMITH_LEAGUE["Arge"]
    arge = card(player, pulp_alley, "Arge", kind, abilities, skills, health)
    add(player_client, league, arge)
    rows = player_client.get(f"/rosters/{league.pk}/").context["rows"]
    assert rows[0]["roles"] == []  # no Mastermind, no acting leader
    player_client.post(f"/rosters/{league.pk}/choices/perks/", {"perks": ["mastermind"]})
    response = player_client.post(
        f"/rosters/{league.pk}/members/{arge.pk}/role/",
        {"role": "acting-leader"},
        headers={"HX-Request": "true"},
    )
    assert league.members.get().role == "acting-leader"
    assert "no-leader" not in response.context["report"].codes


def test_a_house_perk_with_no_leader_offers_its_acting_leader_in_the_builder(
    player_client, player, pulp_alley, league
):
    """The engine lets a house-ruled Mastermind-like perk's Sidekick lead; the builder used to
    offer that role only for the perk with the slug `mastermind`."""
    LibraryEntry.objects.create(
        ruleset=pulp_alley,
        owner=player,
        kind="perk",
        slug="shadow-boss",
        name="Shadow Boss",
        cost=0,
        summary="House rule: the boss hides; a Sidekick leads.",
        effect={"no_leader": True, "acting_leader": "sidekick", "acting_leader_cost": 0},
    )
    kind, abilities, skills, health = SMITH_LEAGUE["Arge"]
    arge = card(player, pulp_alley, "Arge", kind, abilities, skills, health)
    add(player_client, league, arge)
    player_client.post(f"/rosters/{league.pk}/choices/perks/", {"perks": ["shadow-boss"]})
    rows = player_client.get(f"/rosters/{league.pk}/").context["rows"]
    assert rows[0]["roles"] == [("", "Sidekick"), ("acting-leader", "Acting leader (Shadow Boss)")]
    player_client.post(f"/rosters/{league.pk}/members/{arge.pk}/role/", {"role": "acting-leader"})
    assert league.members.get().role == "acting-leader"


def test_the_builder_says_why_a_full_roster_takes_no_more(
    player_client, player, pulp_alley, full_roster
):
    roster = full_roster(player, pulp_alley)
    extra = Character.objects.create(
        owner=player, ruleset=pulp_alley, character_type="ally", name="One too many"
    )
    response = player_client.post(
        f"/rosters/{roster.pk}/add/", {"character": extra.pk}, follow=True
    )
    assert "at most 100 characters" in response.content.decode()
    assert not roster.members.filter(character=extra).exists()


def test_a_full_cast_buys_no_library_profile_and_leaves_no_stray_card(
    player_client, player, full_roster
):
    from rules.models import Ruleset

    cast = full_roster(player, Ruleset.objects.get(slug="7tv"))
    before = Character.objects.count()
    response = player_client.post(
        f"/rosters/{cast.pk}/profiles/", {"profile": "bold-blade"}, follow=True
    )
    assert response.status_code == 200
    assert "at most 100 characters" in response.content.decode()
    assert Character.objects.count() == before


def test_deleting_a_league_can_be_undone_with_everything_in_it(
    player_client, player, pulp_alley, league
):
    member = Character.objects.create(
        owner=player, ruleset=pulp_alley, character_type="ally", name="Enki"
    )
    player_client.post(f"/rosters/{league.pk}/add/", {"character": member.pk})
    player_client.post(f"/rosters/{league.pk}/choices/perks/", {"perks": ["company-of-heroes"]})
    response = player_client.post(f"/rosters/{league.pk}/delete/", follow=True)
    page = response.content.decode()
    assert "Deleted Smith" in page and "Undo" in page
    assert player_client.get(f"/rosters/{league.pk}/").status_code == 404
    assert f'href="/rosters/{league.pk}/"' not in page
    response = player_client.post(f"/rosters/{league.pk}/restore/", follow=True)
    assert "Smith&#x27;s League is back" in response.content.decode()
    restored = player_client.get(f"/rosters/{league.pk}/")
    assert restored.status_code == 200
    assert [row["character"] for row in restored.context["rows"]] == [member]
    league.refresh_from_db()
    assert league.choices["perks"] == ["company-of-heroes"]


def test_a_deleted_league_is_not_printable_and_only_its_owner_can_restore_it(
    player_client, rival, league
):
    from django.test import Client

    player_client.post(f"/rosters/{league.pk}/delete/")
    assert player_client.get("/print/", {"source": f"roster-{league.pk}"}).status_code == 404
    other = Client()
    other.force_login(rival)
    assert other.post(f"/rosters/{league.pk}/restore/").status_code == 404
    assert player_client.post(f"/rosters/{league.pk}/restore/").status_code == 302


def test_two_colleagues_of_one_name_each_show_only_their_own_finding(
    player_client, player, pulp_alley, league
):
    unknown = card(player, pulp_alley, "Thug", "ally", ["no-such-thing"], ALLY_SKILLS)
    too_healthy = card(player, pulp_alley, "Thug", "ally", ["marksman"], ALLY_SKILLS, "d12")
    add(player_client, league, unknown)
    response = add(player_client, league, too_healthy)
    found = {
        row["character"].pk: [finding.code for finding in row["findings"]]
        for row in response.context["rows"]
    }
    assert found == {unknown.pk: ["unknown-ability"], too_healthy.pk: ["health-mismatch"]}
    # The report under the roster names both too, once each: they are why it is not legal.
    report = [finding.code for finding in response.context["league_findings"]]
    assert report.count("unknown-ability") == report.count("health-mismatch") == 1
