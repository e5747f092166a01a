"""Rosters in and out of the app: the JSON roster format with cards and portraits inside
(docs/roster-format.md), and plain text for forums and chat."""

import base64
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.db import transaction

from config.limits import ROSTER_MAX_CHARACTERS
from rosters import portraits, selectors, services
from rosters.format import RosterFormatError, choice_kind, validate_roster
from rosters.models import Character, Roster, RosterMember
from rules import engines
from rules.engines import boss_roles
from rules.engines.house_rules import PROFILE_GENRES
from rules.engines.plain import recharactered, repointed
from rules.models import LibraryEntry, Ruleset
from rules.rulesets import find
from rules.selectors import rules_book
from rules.services import unique_house_slug

# The exported picture is the stored source, which clean_upload always writes as JPEG.
PORTRAIT_MEDIA_TYPE = "image/jpeg"


@dataclass(frozen=True)
class ImportResult:
    roster: Roster
    characters: list[Character]
    house_rules: list[LibraryEntry]


def export_roster(*, roster) -> dict:
    """The whole roster as a roster-format document: its characters with their portraits and
    crops, and the owner's house rules it uses."""
    members = selectors.members_of(roster)
    document = selectors.roster_data(roster, members, rules_book(roster.ruleset, roster.owner))
    for member, character in zip(members, document["characters"], strict=True):
        character["portrait"] = portrait_as_data(member.character)
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


def import_roster(*, owner, document) -> ImportResult:
    """A new roster for `owner` from a roster-format document, with its house rules and its
    characters added to My Cards. Raises RosterFormatError, naming the place in the file, for
    anything it cannot use; then no row and no picture file is left behind."""
    refuse_too_many_characters(document)
    document = validate_roster(document)
    ruleset = Ruleset.objects.filter(slug=document["ruleset"]).first()
    # Without an engine the builder could not report on the roster, so it is not taken in.
    if ruleset is None or find(ruleset.slug) is None:
        raise RosterFormatError(f"no {document['ruleset']!r} rules here to import into", "ruleset")
    characters = []
    try:
        with transaction.atomic():
            house_rules, renamed = import_house_rules(owner, ruleset, document)
            for index, data in enumerate(document["characters"]):
                data = {**data, "profile": renamed_profile(data.get("profile") or {}, renamed)}
                characters.append(import_character(owner, ruleset, index, data))
            # In the roster a character's id is its card's key, so roles and campaign
            # records follow the cards.
            new_ids = {
                data["id"]: str(character.pk)
                for character, data in zip(characters, document["characters"], strict=True)
            }
            roster = Roster.objects.create(
                owner=owner,
                ruleset=ruleset,
                name=document["name"],
                budget=document.get("budget"),
                choices=renamed_choices(document.get("choices") or {}, renamed),
                campaign=recharactered(document.get("campaign") or {}, new_ids),
            )
            prefixes = boss_roles(ruleset.slug)
            RosterMember.objects.bulk_create(
                RosterMember(
                    roster=roster,
                    character=character,
                    position=position,
                    # The schema keeps it to the column's 120, and a card key is short.
                    role=repointed(data.get("role") or "", prefixes, new_ids),
                )
                for position, (character, data) in enumerate(
                    zip(characters, document["characters"], strict=True)
                )
            )
    except BaseException:
        # The rows rolled back; the picture files saved for them are not part of that.
        for character in characters:
            character.portrait.delete(save=False)
            character.portrait_print.delete(save=False)
        raise
    return ImportResult(roster=roster, characters=characters, house_rules=house_rules)


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


def import_house_rules(owner, ruleset, document):
    """The owner's entries for the file's house rules, and {(kind, slug in file): new slug}
    for those that had to be renamed because the owner already has a different one."""
    entries, renamed, created, seen = [], {}, set(), set()
    builtin = set(
        LibraryEntry.objects.filter(ruleset=ruleset, owner__isnull=True).values_list("kind", "slug")
    )
    for rule in document.get("house_rules", []):
        key = (rule["kind"], rule["slug"])
        # The book's entry counts over a house rule with its slug, and the first of two
        # same-slug house rules counts (as the engine reads the file): skip the others.
        if key in builtin or key in seen:
            continue
        seen.add(key)
        fields = house_rule_fields(rule)
        existing = LibraryEntry.objects.filter(
            owner=owner, ruleset=ruleset, kind=rule["kind"], slug=rule["slug"]
        ).first()
        if existing is not None and existing.pk not in created and same_rule(existing, fields):
            entries.append(existing)
            continue
        slug = rule["slug"]
        if existing is not None and rule["kind"] == PROFILE_GENRES:
            # It amends the book profile of that slug, so it cannot take another name: the
            # player's own reading of that profile stays.
            entries.append(existing)
            continue
        if existing is not None:
            slug = unique_house_slug(
                owner=owner, ruleset=ruleset, kind=rule["kind"], name=rule["name"]
            )
            renamed[key] = slug
        entry = LibraryEntry.objects.create(
            owner=owner,
            ruleset=ruleset,
            kind=rule["kind"],
            slug=slug,
            edition=rule.get("edition") or "house",
            **fields,
        )
        created.add(entry.pk)
        entries.append(entry)
    return entries, renamed


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


def import_character(owner, ruleset, index, data):
    portrait = data.get("portrait")
    upload = ContentFile(base64.b64decode(portrait["data"])) if portrait else None
    try:
        result = services.save_character(
            owner=owner,
            ruleset=ruleset,
            data=data,
            upload=upload,
            crop=portrait.get("crop") if portrait else None,
        )
    except portraits.PortraitError as error:
        raise RosterFormatError(
            f"the portrait of {data['name']} cannot be used: {error}",
            f"characters[{index}].portrait",
        ) from error
    return result.character


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
