"""The machine-readable `effect` of a library entry (vocabulary in fixtures/README.md).

House rules come from players, so an effect may be malformed; engines read effects only
through `effect_of`, which drops any key whose value has the wrong shape rather than let a
typo crash a report. docs/roster.schema.json holds the same shapes for roster files."""

from rules.engines.dice import DIE


def is_count(value):
    return isinstance(value, int) and not isinstance(value, bool)


def is_words(value):
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def is_die(value):
    return isinstance(value, str) and DIE.fullmatch(value) is not None


def is_counts_by_name(value):
    return isinstance(value, dict) and all(is_count(count) for count in value.values())


def is_dice_choice(value):
    return (
        isinstance(value, dict)
        and is_count(value.get("count", 0))
        and is_count(value.get("dice", 1))
        and is_words(value.get("exclude", []))
    )


def is_die_choice(value):
    return (
        isinstance(value, dict)
        and is_count(value.get("count", 0))
        and is_die(value.get("from"))
        and is_die(value.get("to"))
    )


def is_free_extra(value):
    return (
        isinstance(value, dict)
        and is_count(value.get("max_ratings"))
        and is_count(value.get("pp_per_turn", 1))
    )


SHAPES = {
    "add_dice": is_counts_by_name,
    "no_shoot": lambda value: isinstance(value, bool),
    "add_dice_choice": is_dice_choice,
    "raise_die_choice": is_die_choice,
    "restricted_slots": is_count,
    "restricted_to": is_words,
    "slots": is_count,
    "no_leader": lambda value: isinstance(value, bool),
    "acting_leader": lambda value: isinstance(value, str),
    "acting_leader_cost": is_count,
    "max_per_roster": is_counts_by_name,
    "grants_ability_to_all": lambda value: isinstance(value, str),
    # 7TV
    "set_price": is_counts_by_name,
    "requires_in_cast": is_words,
    "vehicle_discount": is_count,
    "free_extra": is_free_extra,
    "max_per_cast": is_count,
    "prop_cards": is_count,
    "no_own_prop_card": lambda value: isinstance(value, bool),
    "maguffin_cards": is_count,
    "vehicle_capacity": is_count,
    # Pulp City: skills whose printed value X feeds the team's pools or limits
    "resource_pool_plus_x": lambda value: isinstance(value, bool),
    "action_pool_plus_x": lambda value: isinstance(value, bool),
    "starting_roll_plus_x": lambda value: isinstance(value, bool),
    "weapons_up_to_x": lambda value: isinstance(value, bool),
    "extra_weapon_levels_x": lambda value: isinstance(value, bool),
    "recruit_across_sides_for_x": lambda value: isinstance(value, bool),
    "own_exclusive_resources_only": lambda value: isinstance(value, bool),
    "counts_as_majority_sub_faction": lambda value: isinstance(value, bool),
}


def effect_of(entry) -> dict:
    effect = entry.get("effect") if isinstance(entry, dict) else None
    if not isinstance(effect, dict):
        return {}
    return {key: value for key, value in effect.items() if key not in SHAPES or SHAPES[key](value)}


def number(value, default=0):
    """A cost or level as a whole number, or `default` when it is missing or malformed."""
    return value if is_count(value) else default
