"""Pulp City's tracks against the game guide: Damage and AP Allowance from each Supreme's
card (left to the players where our copy lost them), the Action Pool of 2 a Supreme Level
plus 2 (p.12), Conditions, Resources and Agendas, and nine Game Rounds at most (p.29)."""

from rules.games.pulp_city import play
from tests.play.conftest import by_target, model_named, sample_force


def test_damage_and_ap_run_from_the_card():
    force = sample_force("pulp-city-major-team-clash")
    meridian = model_named(force, "Captain Meridian")
    tracks = by_target(play.tracks(force))
    damage, used = tracks[f"{meridian['id']}.damage"], tracks[f"{meridian['id']}.ap_used"]
    assert (damage.minimum, damage.start, damage.maximum) == (0, 14, 14)
    assert (used.start, used.maximum) == (0, 7)
    assert not damage.set_by_players


def test_a_number_our_copy_of_the_card_lost_is_set_by_the_players():
    force = sample_force("pulp-city-starter-box")
    solar = model_named(force, "Solar")
    assert solar["card"]["damage"] is None
    damage = by_target(play.tracks(force))[f"{solar['id']}.damage"]
    assert damage.set_by_players


def test_the_action_pool_starts_at_two_a_level_plus_two():
    # Three Supremes of Level 2 and two of Level 1: 8 Levels.
    tracks = by_target(play.tracks(sample_force("pulp-city-starter-box")))
    assert tracks["side1.action_pool"].start == 2 * 8 + 2


def test_agendas_resources_and_conditions_are_named():
    force = sample_force("pulp-city-major-team-clash", side=2)
    labels = {t.label for t in play.tracks(force)}
    assert {"Protect the HQ met", "Defenders of the Innocent met"} <= labels
    assert {"Force Field used", "Knocked Down", "Eliminated"} <= labels


def test_an_encounter_lasts_at_most_nine_rounds():
    assert by_target(play.tracks(sample_force("pulp-city-starter-box")))["round"].maximum == 9
