"""Effects from players' house rules may be malformed; engines only ever see good ones."""

from datetime import date

from rules.engines.effects import effect_of, number


def test_well_formed_effects_pass_through():
    effect = {"add_dice": {"shoot": 1}, "restricted_slots": 4, "restricted_to": ["ally"]}
    assert effect_of({"effect": effect}) == effect


def test_malformed_keys_are_dropped_and_the_rest_kept():
    effect = {
        "add_dice": {"shoot": "one"},
        "slots": "9",
        "raise_die_choice": {"count": 1, "from": "d8", "to": "d13x"},
        "no_leader": "yes",
        "grants_ability_to_all": "intrepid",
    }
    assert effect_of({"effect": effect}) == {"grants_ability_to_all": "intrepid"}


def test_keys_engines_do_not_read_are_kept_for_display():
    assert effect_of({"effect": {"run_inches": 16}}) == {"run_inches": 16}


def test_missing_or_odd_effects_read_as_none():
    assert effect_of({}) == {}
    assert effect_of({"effect": ["add_dice"]}) == {}
    assert effect_of(None) == {}


def test_numbers_must_be_whole_numbers():
    assert number(3) == 3
    assert number("3") == 0
    assert number(True) == 0
    assert number(None, default=None) is None


def test_a_count_is_a_whole_number_not_a_float_or_a_flag():
    effect = {"slots": 2.0, "restricted_slots": True, "acting_leader_cost": 0}
    assert effect_of({"effect": effect}) == {"acting_leader_cost": 0}


def test_a_value_yaml_read_as_a_date_is_dropped_and_the_rest_kept():
    effect = {"slots": 1, "acting_leader": date(1934, 5, 1), 2: "two"}
    assert effect_of({"effect": effect}) == {"slots": 1, 2: "two"}
