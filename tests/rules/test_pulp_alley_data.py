"""The Pulp Alley data is complete: the book's counts, costs and profiles."""

from collections import Counter

import pytest

from rules.models import CharacterType, Deck, LibraryEntry

pytestmark = pytest.mark.django_db


def entries(pulp_alley, kind):
    return LibraryEntry.objects.filter(ruleset=pulp_alley, kind=kind, owner=None)


def test_character_types_match_the_creation_rules(pulp_alley):
    types = {t.slug: t for t in CharacterType.objects.filter(ruleset=pulp_alley)}
    leader, sidekick, ally, follower = (
        types[s] for s in ("leader", "sidekick", "ally", "follower")
    )
    assert (leader.level, leader.cost, leader.min_per_roster, leader.max_per_roster) == (4, 0, 1, 1)
    assert leader.profile["health"] == "d10"
    assert sorted(leader.profile["dice_counts"]) == [2, 2, 3, 3, 3, 3]
    assert Counter(leader.profile["die_types"]) == {"d10": 4, "d8": 2}
    assert (leader.profile["abilities"], leader.profile["max_ability_level"]) == (3, 4)
    assert (sidekick.level, sidekick.cost, sidekick.max_per_roster) == (3, 3, 1)
    assert Counter(sidekick.profile["die_types"]) == {"d8": 3, "d6": 3}
    assert (ally.level, ally.cost, ally.max_per_roster) == (2, 2, None)
    assert sorted(ally.profile["dice_counts"]) == [1, 1, 1, 1, 2, 2]
    assert (follower.level, follower.cost) == (1, 1)
    assert follower.profile["knocked_out_on_failed_health"] is True
    assert follower.profile["dice_counts"] == [1] * 6


def test_associates_are_the_second_editions_one_slot_support_cast(pulp_alley):
    associate = CharacterType.objects.get(ruleset=pulp_alley, slug="associate")
    assert (associate.cost, associate.max_per_roster, associate.edition) == (1, 2, "2e")


def test_skills_in_the_books_printed_order(pulp_alley):
    skills = entries(pulp_alley, "skill").order_by("order").values_list("name", flat=True)
    assert list(skills) == ["Health", "Brawl", "Shoot", "Dodge", "Might", "Finesse", "Cunning"]


def test_all_42_abilities_by_level(pulp_alley):
    levels = Counter(entries(pulp_alley, "ability").values_list("level", flat=True))
    assert levels == {1: 8, 2: 10, 3: 10, 4: 14}


def test_stat_abilities_carry_their_machine_readable_effect(pulp_alley):
    by_slug = {e.slug: e.effect for e in entries(pulp_alley, "ability")}
    assert by_slug["fierce"] == {"add_dice": {"brawl": 1}}
    assert by_slug["agile"] == {"add_dice": {"dodge": 1}}
    assert by_slug["animal"]["no_shoot"] is True
    assert by_slug["commander"] == {"restricted_slots": 4, "restricted_to": ["ally", "follower"]}
    assert by_slug["extraordinary"]["raise_die_choice"]["to"] == "d10"


def test_league_perks_costs(pulp_alley):
    perks = entries(pulp_alley, "perk")
    assert Counter(perks.values_list("cost", flat=True)) == {0: 1, 2: 5, 3: 4}
    assert perks.get(slug="mastermind").cost == 0
    assert perks.get(slug="company-of-heroes").effect == {"max_per_roster": {"sidekick": 2}}


def test_reputation_and_secret_society_perks(pulp_alley):
    thresholds = sorted(e.data["threshold"] for e in entries(pulp_alley, "reputation-perk"))
    assert thresholds == [10, 25, 40, 55, 70, 85, 100, 125]
    assert entries(pulp_alley, "society-perk").count() == 3
    assert entries(pulp_alley, "secret-society").count() == 3


def test_league_resources(pulp_alley):
    counts = {kind: entries(pulp_alley, kind).count() for kind in ("tip", "contact", "gear")}
    assert counts == {"tip": 3, "contact": 10, "gear": 10}
    backup = entries(pulp_alley, "backup")
    assert backup.count() == 10
    shooter = backup.get(name__icontains="shooter", level=3)
    assert shooter.data["profile"]["shoot"] == "4d8"


def test_fortune_deck_is_45_cards_from_25_designs_each_with_a_challenge(pulp_alley):
    deck = Deck.objects.get(ruleset=pulp_alley, slug="fortune")
    cards = list(deck.cards.all())
    assert len(cards) == 25
    assert sum(card.copies for card in cards) == 45
    assert {card.number for card in cards if card.copies == 1} == {"41", "42", "43", "44", "45"}
    needed = Counter()
    for card in cards:
        needed[card.data["challenge"]["successes"]] += card.copies
        assert card.data["challenge"]["hits"] == card.data["challenge"]["successes"]
    assert needed == {1: 24, 2: 15, 3: 6}


def test_uncertain_fortune_cards_are_marked_not_guessed_silently(pulp_alley):
    cards = {card.number: card for card in Deck.objects.get(slug="fortune").cards.all()}
    assert not cards["02"].uncertain and not cards["45"].uncertain
    assert cards["13"].uncertain and cards["13"].note


def test_plot_point_reward_cards(pulp_alley):
    deck = Deck.objects.get(ruleset=pulp_alley, slug="plot-point-rewards")
    assert [card.number for card in deck.cards.all()] == ["P1", "P2", "P3", "P4", "P5"]
