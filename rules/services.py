"""Changes to a player's own rules: house rules (homebrew, or other editions' lists)."""

import re
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.text import slugify

from rules.engines.completions import completed_kind
from rules.engines.house_rules import PROFILE_GENRES
from rules.engines.plain import as_dict, as_list
from rules.models import ENTRY_RULES, LibraryEntry
from rules.rulesets import find


@dataclass(frozen=True)
class HouseRuleResult:
    entry: LibraryEntry


def unique_house_slug(*, owner, ruleset, kind, name):
    # The "house-" prefix keeps custom slugs apart from every built-in one. Only letters and
    # digits joined by single hyphens, as the roster file format's slugs are, so an exported
    # house rule imports again (slugify alone keeps underscores).
    words = re.findall(r"[a-z0-9]+", slugify(name))
    base = "-".join(["house", *(words or ["rule"])])[:70].rstrip("-")
    taken = set(
        LibraryEntry.objects.filter(
            ruleset=ruleset, kind=kind, owner=owner, slug__startswith=base
        ).values_list("slug", flat=True)
    )
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    return slug


@transaction.atomic
def create_house_rule(
    *, owner, ruleset, kind, name, summary, level=None, cost=None, page=None, data=None
):
    """A house rule keeps the number its ruleset's definition says that kind needs (an
    ability's level, a Pulp City Resource's level, a perk's cost), and the data its form
    gives (a Pulp City Resource's category), which its engine reads."""
    definition = find(ruleset.slug)
    needs = definition.house_rule_kinds.get(kind) if definition else None
    # The owner's row locked first: two rules of one name sent at once (two tabs, a double
    # click) take their slugs one after the other, so the second gets the next free one
    # instead of clashing with the first and being lost.
    get_user_model().objects.select_for_update().only("pk").get(pk=owner.pk)
    entry = LibraryEntry.objects.create(
        owner=owner,
        ruleset=ruleset,
        kind=kind,
        slug=unique_house_slug(owner=owner, ruleset=ruleset, kind=kind, name=name),
        name=name.strip(),
        summary=summary.strip(),
        level=level if needs == "level" else None,
        cost=cost if needs == "cost" else None,
        page=page,
        data=data or {},
        edition="house",
    )
    return HouseRuleResult(entry=entry)


@transaction.atomic
def delete_house_rule(*, owner, ruleset, entry_id):
    """Delete one of the owner's own house rules. Built-in entries have no owner, so a missing
    owner must never reach the filter: `owner=None` would match every built-in row."""
    if owner is None or owner.pk is None:
        return False
    deleted, _ = LibraryEntry.objects.filter(owner=owner, ruleset=ruleset, pk=entry_id).delete()
    return deleted > 0


def genres_summary(genre_names):
    return f"Played as {', '.join(genre_names)} at your table."


@transaction.atomic
def set_profile_genres(*, owner, ruleset, profile, genres, genre_names):
    """The owner's genres for a book profile that has none in the text: one house rule per
    profile, keyed by the profile's own slug so the engine finds it; setting it again
    replaces it."""
    entry, _ = LibraryEntry.objects.update_or_create(
        owner=owner,
        ruleset=ruleset,
        kind=PROFILE_GENRES,
        slug=profile.slug,
        defaults={
            "name": profile.name,
            "summary": genres_summary(genre_names),
            "data": {"genres": list(genres)},
            "page": profile.page,
            "edition": "house",
        },
    )
    return HouseRuleResult(entry=entry)


def genres_of_rule(entry):
    """The genre slugs a profile-genres rule lists (an imported file may hold anything)."""
    return [g for g in as_list(as_dict(entry.data).get("genres")) if isinstance(g, str)]


def merge_profile_genres(*, kept, added):
    """A player has one genre list per profile, found by the profile's slug: a second list for
    the same profile joins the first (its genres first, in their order) rather than living
    on under another slug the engine would never look up."""
    genres = list(dict.fromkeys([*genres_of_rule(kept), *genres_of_rule(added)]))
    names = dict(
        LibraryEntry.objects.filter(ruleset_id=kept.ruleset_id, kind="genre", slug__in=genres)
        .filter(Q(owner=None) | Q(owner=kept.owner_id))
        .values_list("slug", "name")
    )
    kept.data = {**as_dict(kept.data), "genres": genres}
    kept.summary = genres_summary([names.get(genre, genre) for genre in genres])
    kept.save(update_fields=["data", "summary"])


@transaction.atomic
def move_house_rules(*, source, target):
    """Give `target` every house rule `source` made. Where `target` already has a rule with
    the same slug, the same rule merges into theirs and a different one gets a fresh slug;
    genres for a profile `target` already has genres for join theirs.
    Returns {(ruleset id, kind, old slug): new slug} for every reference that must change."""
    renamed = {}
    for entry in LibraryEntry.objects.filter(owner=source).select_for_update():
        clash = LibraryEntry.objects.filter(
            owner=target, ruleset_id=entry.ruleset_id, kind=entry.kind, slug=entry.slug
        ).first()
        if clash is None:
            entry.owner = target
            entry.save(update_fields=["owner"])
            continue
        key = (entry.ruleset_id, entry.kind, entry.slug)
        if entry.kind == PROFILE_GENRES:
            merge_profile_genres(kept=clash, added=entry)
            entry.delete()
            continue
        if completed_kind(entry.kind):
            # It fills the book entry of its slug, so it cannot take another: theirs stays.
            entry.delete()
            continue
        if all(getattr(clash, name) == getattr(entry, name) for name in ENTRY_RULES):
            entry.delete()
            continue
        entry.slug = unique_house_slug(
            owner=target, ruleset=entry.ruleset, kind=entry.kind, name=entry.name
        )
        entry.owner = target
        entry.save(update_fields=["owner", "slug"])
        renamed[key] = entry.slug
    return renamed
