"""A roster file's own house rules, read the same way by every engine."""

from rules.engines.base import Finding, RulesBook
from rules.engines.effects import is_count
from rules.engines.plain import as_dict, as_list

# A player's genres for a book profile whose text lacks them (7TV), keyed by the profile's
# own slug: it amends that profile rather than adding a new entry.
PROFILE_GENRES = "profile-genres"


def top_ability_level(type_profiles) -> int | None:
    """The highest ability level any character type may take (`max_ability_level` in its
    profile): abilities, the book's and house rules alike, run from 1 to it. None when no
    type sets one, for a game without ability levels."""
    levels = [as_dict(profile).get("max_ability_level") for profile in type_profiles]
    return max((level for level in levels if is_count(level)), default=None)


def with_roster_house_rules(roster: dict, rules: RulesBook) -> tuple[RulesBook, list[Finding]]:
    """The rules plus the roster file's own house rules, and a warning for each house rule
    that reuses a built-in slug (the book's entry counts then)."""
    house_rules = [
        rule
        for rule in as_list(roster.get("house_rules"))
        if isinstance(rule, dict) and isinstance(rule.get("kind"), str)
        if isinstance(rule.get("slug"), str)
    ]
    shadowed = [
        rule
        for rule in house_rules
        if not as_dict(rules.entry(rule["kind"], rule["slug"])).get("custom", True)
    ]
    findings = [
        Finding(
            "house-rule-ignored",
            "warning",
            f"House rule {rule['slug']!r} uses the slug of a built-in {rule['kind']}, so the"
            " book's version counts: give the house rule a slug of its own.",
            custom=True,
        )
        for rule in shadowed
    ]
    return rules.with_house_rules(house_rules), findings
