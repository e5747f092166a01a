"""Pulp Fiction's tracks against Gilbert's rules: wounds only where they are counted,
Activation Points from the Leaders' dice, Spare Ammo Markers (Main Characters', and one
shared by the Secondary Characters), who has acted."""

from rules.games.pulp_fiction import play
from tests.play.conftest import by_target, model_named, sample_force


def test_a_main_character_counts_wounds_to_its_card_then_falls_unconscious():
    force = sample_force("pulp-fiction-heroes")
    doc = model_named(force, "Doc Thunder")
    tracks = by_target(play.tracks(force))
    assert (tracks[f"{doc['id']}.wounds"].start, tracks[f"{doc['id']}.wounds"].maximum) == (0, 4)
    assert tracks[f"{doc['id']}.state"].choices == ("Standing", "Unconscious", "Dead")


def test_a_secondary_character_dies_of_its_first_hit():
    force = sample_force("pulp-fiction-heroes")
    sparky = model_named(force, "Sparky")
    tracks = by_target(play.tracks(force))
    assert f"{sparky['id']}.wounds" not in tracks
    assert tracks[f"{sparky['id']}.state"].choices == ("Standing", "Dead")


def test_activation_points_go_up_to_a_d6_for_each_leader():
    tracks = by_target(play.tracks(sample_force("pulp-fiction-heroes")))
    assert (tracks["side1.activation_points"].start, tracks["side1.activation_points"].maximum) == (
        0,
        6,
    )


def test_spare_ammo_markers_as_the_band_starts_with_them():
    force = sample_force("pulp-fiction-heroes")
    doc = model_named(force, "Doc Thunder")
    tracks = by_target(play.tracks(force))
    assert tracks[f"{doc['id']}.spare_ammo"].start == 1
    assert tracks["side1.shared_ammo"].start == 1
    # Markers pass between figures: one figure may end up with the band's two.
    assert tracks[f"{doc['id']}.spare_ammo"].maximum == 2


def test_villains_and_their_henchmen_never_carry_spare_ammo():
    force = sample_force("pulp-fiction-villains", side=2)
    tracks = play.tracks(force)
    assert not [t for t in tracks if "ammo" in t.target and "out_of_ammo" not in t.target]
