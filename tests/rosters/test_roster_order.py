"""The order of a roster's characters: Leader (or Star) first by default, then as the player
moves them; the printed cards and the roster sheet follow the same order."""

import pytest

from rosters.handlers import members as member_handlers
from rosters.models import Character, Roster
from rules.models import Ruleset
from tests.cards import pdf_reading as pdf
from tests.concurrency import postgres_only, together

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(player, pulp_alley):
    return Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")


def card(owner, ruleset, name, kind):
    skills = {s: "1d6" for s in ("brawl", "shoot", "dodge", "might", "finesse", "cunning")}
    return Character.objects.create(
        owner=owner,
        ruleset=ruleset,
        character_type=kind,
        name=name,
        profile={"health": "d6", "skills": skills, "abilities": []},
    )


def names(roster):
    return [m.character.name for m in roster.members.select_related("character")]


def post(client, roster, character, action, data=None):
    url = f"/rosters/{roster.pk}/members/{character.pk}/{action}/"
    return client.post(url, data or {}, headers={"HX-Request": "true"})


@pytest.fixture
def crew(player, pulp_alley, league):
    smith = card(player, pulp_alley, "Smith", "leader")
    arge = card(player, pulp_alley, "Arge", "sidekick")
    enki = card(player, pulp_alley, "Enki", "ally")
    chu = card(player, pulp_alley, "Chu", "follower")
    for character in (enki, chu, arge, smith):
        member_handlers.add_member(roster=league, character=character)
    return smith, arge, enki, chu


def test_the_leader_comes_first_and_types_keep_the_books_order(league, crew):
    assert names(league) == ["Smith", "Arge", "Enki", "Chu"]


def test_a_removed_and_re_added_leader_heads_the_roster_again(player_client, league, crew):
    smith = crew[0]
    post(player_client, league, smith, "remove")
    assert names(league) == ["Arge", "Enki", "Chu"]
    player_client.post(f"/rosters/{league.pk}/add/", {"character": smith.pk})
    assert names(league) == ["Smith", "Arge", "Enki", "Chu"]


def test_a_star_is_first_in_a_cast(player, rules_data):
    cast = Roster.objects.create(
        owner=player, ruleset=Ruleset.objects.get(slug="7tv"), name="Team Zero"
    )
    for slug, name in (("bystander", "Bystander"), ("bold-blade", "Bold Blade")):
        entry = {
            "slug": slug,
            "name": name,
            "data": {"type": "extra" if slug == "bystander" else "star"},
        }
        member_handlers.add_library_profile(roster=cast, entry=entry)
    assert names(cast) == ["Bold Blade", "Bystander"]


def test_members_move_up_and_down_with_buttons(player_client, league, crew):
    smith, arge, enki, chu = crew
    response = post(player_client, league, chu, "move", {"direction": "up"})
    assert names(league) == ["Smith", "Arge", "Chu", "Enki"]
    assert [row["character"].name for row in response.context["rows"]] == names(league)
    post(player_client, league, smith, "move", {"direction": "down"})
    assert names(league) == ["Arge", "Smith", "Chu", "Enki"]
    # At either end a move changes nothing.
    post(player_client, league, arge, "move", {"direction": "up"})
    post(player_client, league, enki, "move", {"direction": "down"})
    assert names(league) == ["Arge", "Smith", "Chu", "Enki"]


def test_the_move_buttons_name_their_character_and_stop_at_the_ends(player_client, league, crew):
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert 'aria-label="Move Smith up" disabled' in page
    assert 'aria-label="Move Chu down" disabled' in page
    assert 'aria-label="Move Arge up">' in page


def test_moves_are_for_the_owner_only_and_must_be_up_or_down(client, player, rival, league, crew):
    smith = crew[0]
    client.force_login(rival)
    assert post(client, league, smith, "move", {"direction": "down"}).status_code == 404
    client.force_login(player)
    assert post(client, league, smith, "move", {"direction": "sideways"}).status_code == 404
    stranger = card(player, league.ruleset, "Stranger", "ally")
    assert post(client, league, stranger, "move", {"direction": "up"}).status_code == 404
    url = f"/rosters/{league.pk}/members/{smith.pk}/move/"
    assert client.get(url).status_code == 405
    assert names(league) == ["Smith", "Arge", "Enki", "Chu"]


def printed_order(text, wanted):
    text = text.upper()
    return sorted(wanted, key=lambda name: text.index(name.upper()))


def test_the_printed_cards_and_the_roster_sheet_follow_the_order(
    player_client, league, crew, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    smith, arge, enki, chu = crew
    post(player_client, league, chu, "move", {"direction": "up"})
    post(player_client, league, chu, "move", {"direction": "up"})
    wanted = ["Smith", "Chu", "Arge", "Enki"]
    assert names(league) == wanted
    cards = player_client.get(f"/print/cards.pdf?source=roster-{league.pk}")
    assert printed_order(pdf.text(pdf.read(cards.content)), wanted) == wanted
    sheet = player_client.get(f"/cheat-sheets/rosters/{league.pk}/roster-sheet.pdf")
    assert printed_order(pdf.text(pdf.read(sheet.content)), wanted) == wanted


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_members_added_at_once_each_get_their_own_place(player, rules_data):
    pulp_alley = Ruleset.objects.get(slug="pulp-alley")
    league = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Rush")
    allies = [card(player, pulp_alley, f"Ally {n}", "ally") for n in range(6)]
    together(
        *(
            lambda ally=ally: member_handlers.add_member(roster=league, character=ally)
            for ally in allies
        )
    )
    positions = sorted(league.members.values_list("position", flat=True))
    assert positions == list(range(len(allies)))


@pytest.mark.parametrize("size", [4, 20])
def test_a_move_costs_the_same_queries_in_a_big_league_and_shows_at_once(
    player_client, player, pulp_alley, league, size, django_assert_num_queries
):
    characters = [card(player, pulp_alley, f"Ally {n}", "ally") for n in range(size)]
    for character in characters:
        member_handlers.add_member(roster=league, character=character)
    player_client.get(f"/rosters/{league.pk}/")  # kept
    first = characters[0]
    # The lock, the members, two position writes, the roster and its owner's stamp, in a savepoint.
    with django_assert_num_queries(8):
        member_handlers.move_member(roster=league, character_id=first.pk, by=size - 1)
    expected = [f"Ally {n}" for n in range(1, size)] + ["Ally 0"]
    assert names(league) == expected
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert page.index(f"Ally {size - 1}<") < page.index("Ally 0<")
