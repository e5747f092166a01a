"""A whole roster made in one go: from a roster file, as a copy of a share link, or from a
book's sample force. Each takes the file's house rules and characters into the owner's
account (My Cards) and refuses, naming the place in the file, anything it cannot use; then
no row and no picture file is left behind."""

import base64
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.db import transaction

from rosters import portraits, samples, sharing
from rosters.format import RosterFormatError, validate_roster
from rosters.handlers import _writes
from rosters.handlers.base import handler
from rosters.models import Character, Roster, RosterMember
from rosters.transfer import (
    house_rule_fields,
    refuse_too_many_characters,
    renamed_choices,
    renamed_profile,
    same_rule,
)
from rules import data_versions
from rules.engines import boss_roles
from rules.engines.completions import completed_kind
from rules.engines.house_rules import PROFILE_GENRES
from rules.engines.plain import recharactered, repointed
from rules.models import LibraryEntry, Ruleset
from rules.rulesets import find
from rules.services import unique_house_slug


@dataclass(frozen=True)
class ImportResult:
    roster: Roster
    characters: list[Character]
    house_rules: list[LibraryEntry]


@handler
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
                campaign=recharactered(document.get("campaign") or {}, new_ids, only_theirs=True),
                rules_version=checked_version(ruleset, document.get("rules_version")),
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


def checked_version(ruleset, number):
    """The version a file says it was checked against, when this install keeps it: the roster
    then shows that version's update report. Any other number is read as the latest."""
    if isinstance(number, int) and data_versions.version_of(ruleset, number) is not None:
        return number
    return data_versions.latest_number(ruleset)


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
        if existing is not None and (
            rule["kind"] == PROFILE_GENRES or completed_kind(rule["kind"])
        ):
            # It amends the book entry of that slug (a profile's genres, a completion), so it
            # cannot take another name: the player's own reading of that entry stays.
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


def import_character(owner, ruleset, index, data):
    portrait = data.get("portrait")
    upload = ContentFile(base64.b64decode(portrait["data"])) if portrait else None
    try:
        result = _writes.save_character(
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


@handler
def copy_shared(*, roster, owner) -> ImportResult:
    """The visitor's own copy of a shared roster, taken through the same path as a file."""
    return import_roster(owner=owner, document=sharing.shared_document(roster))


@handler
def duplicate_roster(*, roster) -> ImportResult:
    """A second roster like `roster` for its owner, named "… (copy)", with copies of its cards
    and portraits: the two then change apart, as a copy from a share link does."""
    document = sharing.shared_document(roster)
    # The name column holds 100 characters, so a long name is shortened to keep the mark.
    document["name"] = f"{document['name'][: NAME_LENGTH - len(COPY_MARK)]}{COPY_MARK}"
    return import_roster(owner=roster.owner, document=document)


COPY_MARK = " (copy)"
NAME_LENGTH = Roster._meta.get_field("name").max_length


@handler
def start_from_sample(*, owner, slug) -> ImportResult:
    """A new roster from one of the books' sample forces; raises samples.UnknownSample."""
    return import_roster(owner=owner, document=samples.sample_document(slug))
