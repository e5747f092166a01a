"""Rosters in and out of the app: the JSON roster format with cards and portraits inside
(docs/roster-format.md), and plain text for forums and chat. Taking a file in is
rosters/handlers/transfer.py's."""

import base64

from config.limits import ROSTER_MAX_CHARACTERS
from rosters import portraits, selectors
from rosters.format import RosterFormatError, choice_kind
from rules import engines

# The exported picture is the stored source, which clean_upload always writes as JPEG.
PORTRAIT_MEDIA_TYPE = "image/jpeg"


def export_roster(*, roster) -> dict:
    """The whole roster as a roster-format document: its characters with their portraits and
    crops, and the owner's house rules it uses."""
    members = selectors.members_of(roster)
    read = selectors.read_by(roster, roster.owner)  # the version it is checked against
    document = selectors.roster_data(roster, members, read.rules)
    for member, character in zip(members, document["characters"], strict=True):
        character["portrait"] = portrait_as_data(member.character)
    checked = roster.rules_version or read.latest
    if checked is not None:
        document["rules_version"] = checked
    return document


def portrait_as_data(character):
    if not character.portrait:
        return None
    try:
        with character.portrait.open("rb") as source:
            data = portraits.without_metadata(source.read())  # in case stored before stripping
    except FileNotFoundError:
        return None  # the media file is gone: the card still travels, without its picture
    return {
        "media_type": PORTRAIT_MEDIA_TYPE,
        "data": base64.b64encode(data).decode("ascii"),
        "crop": character.portrait_crop,
    }


def refuse_too_many_characters(document):
    """Counted before the file is checked in depth: checking 100 000 characters alone would
    hold the request for a minute."""
    characters = document.get("characters") if isinstance(document, dict) else None
    if isinstance(characters, list) and len(characters) > ROSTER_MAX_CHARACTERS:
        raise RosterFormatError(
            f"{len(characters)} characters; a roster holds at most "
            f"{ROSTER_MAX_CHARACTERS} characters",
            "characters",
        )


def house_rule_fields(rule):
    return {
        "name": rule["name"],
        "level": rule.get("level"),
        "cost": rule.get("cost"),
        "summary": rule.get("summary") or "",
        "page": rule.get("page"),
        "effect": rule.get("effect") or {},
        "data": rule.get("data") or {},
    }


def same_rule(entry, fields):
    return all(getattr(entry, name) == value for name, value in fields.items())


def renamed_slugs(values, kind, renamed):
    if not isinstance(values, list):
        return values
    return [
        renamed.get((kind, value), value) if isinstance(value, str) else value for value in values
    ]


def renamed_profile(profile, renamed):
    if not renamed:
        return profile
    profile = dict(profile)
    for key in ("abilities", "learned_abilities"):
        if key in profile:
            profile[key] = renamed_slugs(profile[key], "ability", renamed)
    if isinstance(profile.get("ability_choices"), dict):
        profile["ability_choices"] = {
            renamed.get(("ability", slug), slug): picks
            for slug, picks in profile["ability_choices"].items()
        }
    return profile


def renamed_choices(choices, renamed):
    return {
        key: renamed_slugs(values, choice_kind(key), renamed) for key, values in choices.items()
    }


def roster_as_text(*, document, report, rules, game) -> str:
    """The force as plain text for a forum post or a chat message: its meter and verdict,
    then each character's printed line and abilities, then what the force chose."""
    rules = rules.with_house_rules(document.get("house_rules") or [])
    lines = [
        document["name"],
        f"{game} · {report.budget.label} · {'legal' if report.legal else 'NOT LEGAL'}",
        *(
            f"  ! {finding.message}{f' ({finding.citation})' if finding.citation else ''}"
            for finding in report.of_severity("error")
        ),
    ]
    for character in document["characters"]:
        summary = character_summary(character, rules, document)
        role = f" · {summary['role']}" if summary["role"] else ""
        lines += ["", f"{summary['name']} · {summary['type_name']}{role}"]
        lines.append(f"  {summary['line']}")
        if summary["abilities"]:
            lines.append(f"  Abilities: {', '.join(summary['abilities'])}")
    chosen = [(key, values) for key, values in (document.get("choices") or {}).items() if values]
    lines += [""] if chosen else []
    for key, values in chosen:
        # 7TV's affiliation and genre are single slugs, Pulp Alley's perks lists of them.
        values = values if isinstance(values, list) else [values]
        names = ", ".join(entry_label(rules, choice_kind(key), slug) for slug in values)
        lines.append(f"{key.replace('_', ' ').capitalize()}: {names}")
    return "\n".join(lines) + "\n"


def character_summary(character, rules, document):
    """What a reader needs to know about one character of a roster document: its type, its
    role in the force (as the engine names it; "" for none, or one the force does not allow),
    the profile as printed on its card, and its abilities by name. `rules` must already hold
    the document's house rules."""
    engine = engines.module_for(rules.ruleset)
    printed = engine.printed_profile(character, rules)
    roles = dict(engine.role_choices(character, printed, document, rules))
    return {
        "name": character["name"],
        "type_name": printed.type_name,
        "role": roles.get(character.get("role"), "") if character.get("role") else "",
        "line": printed.line,
        "abilities": list(printed.ability_names),
    }


def entry_label(rules, kind, slug):
    entry = rules.entry(kind, slug) or {}
    label = entry.get("name") or slug
    if entry.get("custom"):
        label += " [house rule]"
    return label
