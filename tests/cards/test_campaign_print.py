"""A league's campaign on paper: its cards, roster sheet and rules reference show the
Experience it holds, the Harrowing Escape results its characters carry into the next game and
the abilities they learned (p.44), and the reference lists its Reputation and Secret Society
perks (p.45). Read back from the PDFs themselves."""

import re

import pytest

from cards.campaign import campaign_print
from cards.cheatsheets import roster_reference_pdf
from cards.printing import rendering
from cards.printing.sources import roster_cards, roster_file_faces
from cards.roster_sheet import roster_sheet_pdf
from rosters.format import read_roster
from rosters.handlers.transfer import import_roster
from rosters.samples import sample_document, samples_dir
from rules.fixture_book import rules_book_from_fixtures
from tests.cards.pdf_reading import read, text
from tests.rosters.timeline import harrowing_escape, record_result, undo_latest

RULES = rules_book_from_fixtures("pulp-alley")


def veterans():
    """Singapore Smith's league after three games: 72 Reputation, a society joined, Enki
    taught Speedy after game 2, Chu-Chu shot in the head at the last game's end."""
    league = read_roster(samples_dir("pulp-alley") / "singapore-smith.json")
    league["choices"] |= {
        "reputation_perks": [
            "local-support",
            "regional-influence",
            "underworld-contacts",
            "privileged-access",
            "secret-society",
        ],
        "society_perks": ["the-first-blade"],
    }
    ids = {c["name"]: c["id"] for c in league["characters"]}
    league["campaign"] = {
        "games": 3,
        "reputation": 72,
        "experience": 1,
        "banks": {"tips": 2, "backup": 0, "contacts": 1, "gear": 0},
        "learned": [{"character": ids["Enki"], "ability": "speedy", "game": 2}],
        "society": "order-of-the-oginali",
        "pending": [{"character": ids["Chu-Chu"], "roll": 1}],
    }
    enki = next(c for c in league["characters"] if c["name"] == "Enki")
    enki["profile"]["learned_abilities"] = ["speedy"]
    return league


def words(pdf):
    return re.sub(r"\s+", " ", text(read(pdf))).upper()


def test_the_roster_sheet_shows_experience_injuries_and_learned_abilities():
    found = words(roster_sheet_pdf(veterans(), RULES))
    assert "BETWEEN GAMES" in found
    assert "REPUTATION 72 · EXPERIENCE 1 · 3 GAMES PLAYED" in found
    assert "BANKED: TIPS 2, BACKUP 0, CONTACTS 1, GEAR 0" in found
    assert "LEARNED WITH EXPERIENCE: SPEEDY (GAME 2)" in found
    assert "HEADSHOT! (HARROWING ESCAPE): NEXT GAME, ONE RANDOM SKILL" in found


def test_the_rules_reference_lists_the_leagues_campaign_and_society_perks():
    found = words(roster_reference_pdf(veterans(), RULES))
    assert "SECRET SOCIETY: ORDER OF THE OGINALI (P.45)" in found
    assert "REPUTATION PERKS" in found and "PRIVILEGED ACCESS" in found
    assert "SECRET SOCIETY PERKS" in found and "THE FIRST BLADE" in found
    assert "SPEEDY" in found and "HEADSHOT! (HARROWING ESCAPE)" in found


def test_a_league_that_never_played_prints_no_campaign():
    league = read_roster(samples_dir("pulp-alley") / "singapore-smith.json")
    for pdf in (roster_sheet_pdf(league, RULES), roster_reference_pdf(league, RULES)):
        found = words(pdf)
        assert "BETWEEN GAMES" not in found and "SOCIETY PERKS" not in found


def test_each_card_carries_its_own_campaign_and_the_leagues_experience():
    faces = {f.title: f for f in roster_file_faces(veterans(), RULES, ruleset_name="Pulp Alley")}
    enki, chu_chu, kazak = (faces[name] for name in ("Enki", "Chu-Chu", "Kazak"))
    assert [a["name"] for a in enki.data["abilities"] if a["learned"]] == ["Speedy"]
    enki_text, chu_text, kazak_text = map(words, rendering.render_faces([enki, chu_chu, kazak]))
    assert "SPEEDY" in enki_text and "LEARNED" in enki_text
    assert "LEARNED WITH EXPERIENCE: SPEEDY (GAME 2)" in enki_text
    assert "HEADSHOT! (HARROWING ESCAPE)" in chu_text and "HEADSHOT" not in enki_text
    for card in (enki_text, chu_text, kazak_text):
        assert "LEAGUE: REPUTATION 72 · EXPERIENCE 1" in card
    assert "LEARNED" not in kazak_text
    assert not [p for p in enki.problems + chu_chu.problems if "cut off" in p]


def test_a_namesake_carries_none_of_the_others_campaign():
    """Two Chu-Chus: only the one shot in the head prints the Harrowing Escape result."""
    league = veterans()
    first = next(c for c in league["characters"] if c["name"] == "Chu-Chu")
    league["characters"].append({**first, "id": "twin"})
    campaign = campaign_print(league, RULES)
    assert campaign.of(first) == (
        "HEADSHOT! (Harrowing Escape): next game, one random skill of theirs rolls a die fewer"
        " (p.44)",
    )
    assert campaign.of(league["characters"][-1]) == ()


@pytest.mark.django_db
def test_a_stored_leagues_printed_cards_follow_its_timeline(player, pulp_alley):
    league = import_roster(owner=player, document=sample_document("singapore-smith")).roster
    chu_chu = league.members.get(character__name="Chu-Chu").character_id
    result = {"scenario": "Cornered", "victory_points": 5, "rewards": [], "taken_out": [chu_chu]}
    record_result(roster=league, result=result)
    harrowing_escape(roster=league, character_id=chu_chu, roll=3)
    cards = {face.title: face for face in roster_cards(player, league.pk, {}).faces}
    assert cards["Chu-Chu"].data["campaign"] == [
        "Bloodied & Bruised (Harrowing Escape): next game, they join the table only as turn 2"
        " begins (p.44)",
        "League: Reputation 5 · Experience 0 · 1 game played",
    ]
    undo_latest(league)
    cards = {face.title: face for face in roster_cards(player, league.pk, {}).faces}
    assert cards["Chu-Chu"].data["campaign"] == [
        "League: Reputation 5 · Experience 0 · 1 game played"
    ]
