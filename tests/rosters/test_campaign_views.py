"""The league page's campaign panel as a player meets it: record a result, learn an ability,
see the timeline (also as an htmx partial), undo; owners only, CSRF on every write."""

import re

import pytest
from django.test import Client

from rosters.handlers.transfer import import_roster
from rosters.models import CampaignEntry, Character
from rosters.samples import sample_document
from tests.concurrency import at_the_same_moment, logged_in, postgres_only, said
from tests.rosters.timeline import latest_id, press_undo

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(player, pulp_alley):
    return import_roster(owner=player, document=sample_document("singapore-smith")).roster


def record(client, roster, **fields):
    data = {"scenario": "The Lost Idol", "victory_points": "6", **fields}
    return client.post(f"/rosters/{roster.pk}/campaign/result/", data)


def follower_like(character, name):
    """A new card in the player's My Cards with another's profile."""
    return Character.objects.create(
        owner=character.owner,
        ruleset=character.ruleset,
        character_type="follower",
        name=name,
        profile=character.profile,
    )


def test_recording_a_result_shows_progress_and_the_timeline(player_client, league):
    response = record(
        player_client,
        league,
        victory_points="11",
        rewards=["tips", "experience"],
        taken_out=[league.members.get(character__name="Chu-Chu").character_id],
    )
    assert response.status_code == 302
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    # The panel shows the league's standing in its game's own lines (league_lines).
    assert "Reputation 11 · Experience 1 · 1 game played" in page
    assert "Banked: Tips 1, Backup 0, Contacts 0, Gear 0" in page
    assert "after game 1" in page
    assert "Local Support earned at 10 Reputation" in page
    partial = player_client.get(f"/rosters/{league.pk}/campaign/", headers={"HX-Request": "true"})
    assert partial.status_code == 200
    assert b"<html" not in partial.content and b"Local Support earned" in partial.content


def test_learning_an_ability_and_undoing_it(player_client, league):
    record(player_client, league, victory_points="2", rewards=["experience"])
    record(player_client, league, victory_points="2", rewards=["experience"])
    enki = league.members.get(character__name="Enki").character
    response = player_client.post(
        f"/rosters/{league.pk}/campaign/learn/", {"character": enki.pk, "ability": "speedy"}
    )
    assert response.status_code == 302
    enki.refresh_from_db()
    assert enki.profile["learned_abilities"] == ["speedy"]
    press_undo(player_client, league)
    enki.refresh_from_db()
    assert enki.profile["learned_abilities"] == []
    assert CampaignEntry.objects.filter(roster=league).count() == 2


def test_a_refused_change_says_why(player_client, league):
    enki = league.members.get(character__name="Enki").character
    response = player_client.post(
        f"/rosters/{league.pk}/campaign/learn/",
        {"character": enki.pk, "ability": "speedy"},
        follow=True,
    )
    assert "costs 2 Experience; the league has 0" in response.content.decode()
    record(player_client, league, victory_points="-3")
    assert not CampaignEntry.objects.exists()


def test_only_the_owner_records_undoes_or_reads_the_timeline(league, rival):
    other = Client()
    other.force_login(rival)
    assert record(other, league).status_code == 404
    assert other.post(f"/rosters/{league.pk}/campaign/undo/").status_code == 404
    assert (
        other.get(f"/rosters/{league.pk}/campaign/", headers={"HX-Request": "true"}).status_code
        == 404
    )
    assert not CampaignEntry.objects.exists()


def test_writes_need_the_csrf_token(player, league):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    assert record(strict, league).status_code == 403
    assert strict.post(f"/rosters/{league.pk}/campaign/undo/").status_code == 403


@pytest.mark.parametrize(
    "sample, note",
    [
        ("7tv-claire", "leaves campaigns to its Ratings War rules (p.166)"),
        ("pulp-city-starter-box", "its introduction (p.5) only promises campaigns"),
        ("pulp-fiction-heroes", "they say nothing of experience, lasting wounds or linked games"),
    ],
)
def test_a_game_without_between_game_rules_says_what_its_book_gives(
    player_client, player, rules_data, sample, note
):
    force = import_roster(owner=player, document=sample_document(sample)).roster
    page = player_client.get(f"/rosters/{force.pk}/").content.decode()
    assert note in page
    assert "Record result" not in page and "Reorganise" not in page
    assert player_client.post(f"/rosters/{force.pk}/campaign/reorganise/").status_code == 302
    assert not CampaignEntry.objects.exists()


def test_an_escape_roll_and_spending_are_recorded_and_undone(player_client, league):
    enki = league.members.get(character__name="Enki").character_id
    record(player_client, league, victory_points="10", rewards=["gear"], taken_out=[enki])
    player_client.post(
        f"/rosters/{league.pk}/campaign/escape/", {"character_id": enki, "roll": "2"}
    )
    league.refresh_from_db()
    assert league.campaign["reputation"] == 9
    assert league.choices["reputation_perks"] == ["local-support"]
    player_client.post(f"/rosters/{league.pk}/campaign/spend/", {"bank": "gear", "points": "1"})
    league.refresh_from_db()
    assert league.campaign["banks"]["gear"] == 0
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "-1 Gear spent (0 left)" in page and "Enki: Dragged to Safety" in page
    overdraw = player_client.post(
        f"/rosters/{league.pk}/campaign/spend/", {"bank": "gear", "points": "1"}, follow=True
    )
    assert "The league has 0 Gear to spend" in overdraw.content.decode()
    assert (
        player_client.post(
            f"/rosters/{league.pk}/campaign/escape/", {"character_id": "999999", "roll": "2"}
        ).status_code
        == 302
    )
    press_undo(player_client, league)
    press_undo(player_client, league)
    league.refresh_from_db()
    assert league.campaign["reputation"] == 10 and league.campaign["banks"]["gear"] == 1


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1", "x", ""])
def test_odd_numbers_get_a_clear_message_never_a_500(player_client, league, value):
    record(player_client, league, rewards=["gear"])
    for path, data in (
        ("escape/", {"character_id": value, "roll": value}),
        ("spend/", {"bank": "gear", "points": value}),
        ("result/", {"scenario": "X", "victory_points": value}),
        ("learn/", {"character": value, "ability": "speedy"}),
    ):
        response = player_client.post(f"/rosters/{league.pk}/campaign/{path}", data, follow=True)
        assert response.status_code == 200
    assert CampaignEntry.objects.filter(roster=league).count() == 1


def test_joining_a_secret_society_at_seventy_reputation(player_client, league):
    record(player_client, league, victory_points="70")
    response = player_client.post(
        f"/rosters/{league.pk}/campaign/society/",
        {"society": "order-of-the-oginali", "perk": "the-first-blade"},
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.choices["society_perks"] == ["the-first-blade"]
    assert league.campaign["society"] == "order-of-the-oginali"
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "joins Order of the Oginali and takes The First Blade" in page
    press_undo(player_client, league)
    league.refresh_from_db()
    assert league.choices["society_perks"] == [] and not league.campaign.get("society")


def test_reorganising_from_the_league_page(player_client, league, rival):
    chu_chu = league.members.get(character__name="Chu-Chu").character
    ned = follower_like(chu_chu, "Ned")
    record(player_client, league)
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "Reorganise the league" in page and f'name="add" value="{ned.pk}"' in page
    other = Client()
    other.force_login(rival)
    url = f"/rosters/{league.pk}/campaign/reorganise/"
    assert other.post(url, {"drop": chu_chu.pk, "add": ned.pk}).status_code == 404
    response = player_client.post(url, {"drop": chu_chu.pk, "add": ned.pk}, follow=True)
    page = response.content.decode()
    assert "Chu-Chu (Follower) leaves; Ned (Follower) joins" in page
    assert list(league.members.values_list("character__name", flat=True))[-1] == "Ned"
    boss = league.members.get(character__name="Singapore Smith").character
    refused = player_client.post(url, {"drop": boss.pk}, follow=True).content.decode()
    assert "dropping the Leader would disband it" in refused
    press_undo(player_client, league)
    assert league.members.filter(character__name="Chu-Chu").exists()
    assert not league.members.filter(character__name="Ned").exists()


def test_the_builders_add_and_remove_reorganise_a_league_that_has_played(
    player_client, league, rival
):
    """Once a game is recorded, Add and Remove in the builder change the line-up only as the
    book's reorganisation does: each is on the timeline, a refusal says why, undo takes it
    back; the whole page shows again (htmx too) so the timeline and the message appear."""
    chu_chu = league.members.get(character__name="Chu-Chu").character
    boss = league.members.get(character__name="Singapore Smith").character
    ned = follower_like(chu_chu, "Ned")
    note = "adding, removing or changing a role is now a reorganisation"
    assert note not in player_client.get(f"/rosters/{league.pk}/").content.decode()
    record(player_client, league)
    assert note in player_client.get(f"/rosters/{league.pk}/").content.decode()
    remove = f"/rosters/{league.pk}/members/{chu_chu.pk}/remove/"
    add = f"/rosters/{league.pk}/add/"
    other = Client()
    other.force_login(rival)
    assert other.post(remove).status_code == 404
    assert other.post(add, {"character": ned.pk}).status_code == 404

    htmx = {"HX-Request": "true"}
    response = player_client.post(remove, headers=htmx)
    assert response.headers["HX-Redirect"] == f"/rosters/{league.pk}/"
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "Reorganised: Chu-Chu (Follower) leaves (9 / 10 slots used)" in page
    assert page.count("after game 1") == 2

    refused = player_client.post(
        f"/rosters/{league.pk}/members/{boss.pk}/remove/", follow=True
    ).content.decode()
    assert "dropping the Leader would disband it" in refused
    assert league.members.filter(character=boss).exists()

    player_client.post(add, {"character": ned.pk}, headers=htmx)
    assert list(league.members.values_list("character__name", flat=True))[-1] == "Ned"
    press_undo(player_client, league)
    press_undo(player_client, league)
    assert league.members.filter(character=chu_chu).exists()
    assert not league.members.filter(character=ned).exists()
    assert CampaignEntry.objects.filter(roster=league).count() == 1


def test_renaming_a_league_that_has_played_is_no_reorganisation(player_client, league):
    record(player_client, league)
    player_client.post(f"/rosters/{league.pk}/rename/", {"name": "The Irregulars"})
    league.refresh_from_db()
    assert league.name == "The Irregulars"
    assert CampaignEntry.objects.filter(roster=league).count() == 1


def test_before_the_first_game_the_builder_adds_and_removes_freely(player_client, league):
    chu_chu = league.members.get(character__name="Chu-Chu").character
    response = player_client.post(
        f"/rosters/{league.pk}/members/{chu_chu.pk}/remove/", headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "HX-Redirect" not in response.headers
    assert response.context["report"].budget.label == "9 / 10 slots used"
    assert not CampaignEntry.objects.exists()


def test_the_builders_role_choice_reorganises_a_league_that_has_played(
    player_client, league, rival
):
    """Under Mastermind the Sidekick is marked acting leader in the builder; after a game
    that mark is on the timeline, and taking it away again is refused: the league keeps its
    leader."""
    boss = league.members.get(character__name="Singapore Smith").character
    arge = league.members.get(character__name="Arge").character
    player_client.post(f"/rosters/{league.pk}/choices/perks/", {"perks": ["mastermind"]})
    player_client.post(f"/rosters/{league.pk}/members/{boss.pk}/remove/")
    record(player_client, league)
    url = f"/rosters/{league.pk}/members/{arge.pk}/role/"
    other = Client()
    other.force_login(rival)
    assert other.post(url, {"role": "acting-leader"}).status_code == 404

    response = player_client.post(url, {"role": "acting-leader"}, headers={"HX-Request": "true"})
    assert response.headers["HX-Redirect"] == f"/rosters/{league.pk}/"
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "Arge (Sidekick) becomes acting leader" in page
    refused = player_client.post(url, {"role": ""}, follow=True).content.decode()
    assert "mark one Sidekick as acting leader" in refused
    assert league.members.get(character=arge).role == "acting-leader"


def test_the_panel_offers_every_member_to_learn_and_to_escape_under_the_names_the_forms_send(
    player_client, league
):
    """The learn and escape forms each list the league's members by card, under the field
    their view reads, so a player's pick reaches the right character."""
    members = [member.character for member in league.members.all()]
    record(player_client, league, victory_points="2", taken_out=[c.pk for c in members])
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    for form, field in (("learn-form", "character"), ("escape-form", "character_id")):
        html = page.split(f'class="{form}"', 1)[1].split("</form>", 1)[0]
        assert f'<select name="{field}">' in html
        for character in members:
            assert f'<option value="{character.pk}">{character.name}</option>' in html


def perks(client, roster, *chosen, **headers):
    return client.post(
        f"/rosters/{roster.pk}/choices/perks/", {"perks": list(chosen)}, headers=headers
    )


def test_before_the_first_game_the_perks_change_freely(player_client, league):
    response = perks(player_client, league, "nefarious", HX_Request="true")
    assert response.status_code == 200
    league.refresh_from_db()
    assert league.choices["perks"] == ["nefarious"]
    assert 'value="nefarious" checked>' in response.content.decode()


def test_after_the_first_game_the_founding_perks_stay_and_the_page_says_why(player_client, league):
    perks(player_client, league, "nefarious")
    record(player_client, league)
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "never drops them (p.8)" in page
    assert 'value="nefarious" checked disabled>' in page
    assert 'value="mastermind" disabled>' in page

    for changed in (("nefarious", "mastermind"), (), ("mastermind",)):
        response = perks(player_client, league, *changed, HX_Request="true")
        assert response.status_code == 200 and "HX-Redirect" in response.headers
        league.refresh_from_db()
        assert league.choices["perks"] == ["nefarious"]
    shown = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "undo its recorded games first" in shown
    assert CampaignEntry.objects.filter(roster=league).count() == 1


def test_undoing_the_only_game_frees_the_perks_again(player_client, league):
    record(player_client, league)
    press_undo(player_client, league)
    perks(player_client, league, "nefarious")
    league.refresh_from_db()
    assert league.choices["perks"] == ["nefarious"]


def shown(response):
    return response.content.decode()


def test_the_undo_button_names_the_change_it_undoes(player_client, league):
    record(player_client, league, victory_points="3")
    record(player_client, league, victory_points="4")
    page = shown(player_client.get(f"/rosters/{league.pk}/"))
    assert page.count('name="entry"') == 1
    assert f'name="entry" value="{latest_id(league)}"' in page


def test_a_double_clicked_undo_undoes_one_game_and_says_the_second_was_undone_already(
    player_client, league
):
    record(player_client, league, victory_points="3")
    record(player_client, league, victory_points="4")
    url, entry = f"/rosters/{league.pk}/campaign/undo/", {"entry": latest_id(league)}
    first = player_client.post(url, entry, follow=True)
    second = player_client.post(url, entry, follow=True)
    assert first.status_code == second.status_code == 200
    assert "Undone:" in shown(first)
    assert "That change was undone already" in shown(second)
    league.refresh_from_db()
    assert league.campaign["games"] == 1 and league.campaign["reputation"] == 3
    assert CampaignEntry.objects.filter(roster=league).count() == 1


def test_an_undo_from_a_page_left_open_does_not_undo_a_newer_change(player_client, league):
    record(player_client, league, victory_points="3")
    seen = latest_id(league)
    record(player_client, league, victory_points="4")  # from another tab
    response = player_client.post(
        f"/rosters/{league.pk}/campaign/undo/", {"entry": seen}, follow=True
    )
    assert "only the latest change can be undone" in shown(response)
    league.refresh_from_db()
    assert league.campaign["games"] == 2
    assert CampaignEntry.objects.filter(roster=league).count() == 2


@pytest.mark.parametrize("entry", [None, "", "x", "9" * 5000])
def test_an_undo_naming_no_change_undoes_nothing_and_says_why(player_client, league, entry):
    record(player_client, league, victory_points="3")
    data = {} if entry is None else {"entry": entry}
    response = player_client.post(f"/rosters/{league.pk}/campaign/undo/", data, follow=True)
    assert response.status_code == 200
    assert "Undo from the timeline" in shown(response)
    assert CampaignEntry.objects.filter(roster=league).count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_an_undo_double_clicked_at_once_undoes_one_game(player, pulp_alley):
    league = import_roster(owner=player, document=sample_document("singapore-smith")).roster
    for attempt in range(4):
        clients = [logged_in(player) for _ in range(2)]
        for points in ("3", "4"):
            record(clients[0], league, victory_points=points)
        url, entry = f"/rosters/{league.pk}/campaign/undo/", {"entry": latest_id(league)}
        responses = at_the_same_moment(*((client, url, entry) for client in clients))
        assert [r.status_code for r in responses] == [302, 302], f"try {attempt + 1}"
        answers = sorted(said(r)[-1] for r in responses)
        assert answers[0] == "That change was undone already."
        assert answers[1].startswith("Undone:")
        assert CampaignEntry.objects.filter(roster=league).count() == attempt + 1


def test_a_harrowing_escape_waits_for_a_game_asks_for_the_roll_and_says_what_it_recorded(
    player_client, league
):
    """p.44: the roll follows a game; the player rolls it (the page picks no result for
    them); the page says what was recorded."""
    url = f"/rosters/{league.pk}/campaign/escape/"
    enki = league.members.get(character__name="Enki").character_id
    assert "Harrowing Escape" not in player_client.get(f"/rosters/{league.pk}/").content.decode()
    early = player_client.post(url, {"character_id": enki, "roll": "3"}, follow=True)
    assert [str(m) for m in early.context["messages"]] == [
        "A Harrowing Escape is rolled for a character taken out in a game: record the game's"
        " result first."
    ]
    record(player_client, league, victory_points="4", taken_out=[enki])
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    roll = re.search(r'<select name="roll"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert roll.startswith('<option value="" selected>Choose…</option>')
    unrolled = player_client.post(url, {"character_id": enki, "roll": ""}, follow=True)
    assert "d6 roll" in str(list(unrolled.context["messages"])[0])
    answer = player_client.post(url, {"character_id": enki, "roll": "4"}, HTTP_HX_REQUEST="true")
    shown = re.search(r'<p class="message success" role="status">(.*?)</p>', answer.text).group(1)
    assert shown == (
        "Recorded: Enki: Retreat &amp; Regroup, next game, your starting-Initiative die is one"
        " size bigger"
    )


def test_a_harrowing_escape_is_only_for_who_the_last_game_took_out(player_client, league):
    """p.44: the roll is for a knocked-out character, so the page offers and accepts only
    those the league's last recorded game took out."""
    url = f"/rosters/{league.pk}/campaign/escape/"
    enki, chu_chu = (
        league.members.get(character__name=name).character_id for name in ("Enki", "Chu-Chu")
    )
    record(player_client, league, victory_points="4", taken_out=[chu_chu])
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    offered = re.search(r'<select name="character_id"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert re.findall(r'<option value="(\d+)"', offered) == [str(chu_chu)]
    refused = player_client.post(url, {"character_id": enki, "roll": "3"}, follow=True)
    assert [str(m) for m in refused.context["messages"]] == [
        "Enki was not taken out in the league's last recorded game; a Harrowing Escape is"
        " rolled only for a character who was (p.44)."
    ]
    assert player_client.post(url, {"character_id": chu_chu, "roll": "3"}).status_code == 302
    assert league.campaign_entries.count() == 2
    record(player_client, league, victory_points="1")
    again = player_client.post(url, {"character_id": chu_chu, "roll": "5"}, follow=True)
    assert "Chu-Chu was not taken out" in str(list(again.context["messages"])[-1])
    assert "Harrowing Escape" not in player_client.get(f"/rosters/{league.pk}/").content.decode()
