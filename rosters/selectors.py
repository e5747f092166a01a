"""Reads of a player's rosters and characters. Everything here is filtered by owner, so a
lookup of somebody else's roster or card is simply not found (404)."""

from dataclasses import dataclass

from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404
from django.utils import timezone

from rosters.models import Character, Roster, RosterMember
from rosters.serialize import character_as_data, roster_as_data
from rules import data_versions, engines
from rules.engines.campaign import League
from rules.engines.plain import words_in
from rules.models import CharacterType
from rules.rulesets import definition_for
from rules.selectors import rules_book


def kept_version(roster, latest):
    """The DataVersion a roster behind its game's `latest` version number is read by: the
    one it was last checked against, until its player accepts the update, so nothing about
    it (page, builder, prints, file, table) changes before they have seen the report. None
    when it is read by today's data: up to date, or its version is not kept here."""
    checked = roster.rules_version or latest
    return data_versions.version_of(roster.ruleset, checked) if checked != latest else None


@dataclass(frozen=True)
class ReadBy:
    """The rules book a roster is read by (kept_version), with its owner's house rules;
    `latest`, its game's newest version number; `kept`, the older version it is read by
    while an update waits (the Print page says so), else None."""

    rules: object
    latest: int | None
    kept: object = None


def read_by(roster, owner=None) -> ReadBy:
    latest = data_versions.latest_number(roster.ruleset)
    kept = kept_version(roster, latest)
    return ReadBy(rules_book(roster.ruleset, owner, version=kept), latest, kept)


def book_of(roster, owner=None):
    return read_by(roster, owner).rules


def rosters_of(player):
    if player is None or not player.is_authenticated:
        return Roster.objects.none()
    # The share link rides along: the roster page shows it.
    return Roster.objects.filter(owner=player, deleted_at__isnull=True).select_related(
        "ruleset", "share_link"
    )


@dataclass(frozen=True)
class RosterSummary:
    """One line of the roster list: the roster, its size as its game counts it (slots,
    ratings, encounter level, figures: the budget's label) and whether it is legal."""

    roster: Roster
    size: str
    legal: bool


# The roster list's legality filter: GET value → the legality it keeps.
LEGALITY = {"legal": True, "not-legal": False}


def roster_summaries(player, *, ruleset="", legality=""):
    """The player's rosters with their size and legality, each as its builder reports it,
    optionally only one game's and only the legal (or not legal) ones. A fixed number of
    queries whatever the number of rosters: the members come in one prefetch, and each
    game's rules book is read once."""
    rosters = rosters_of(player).prefetch_related(
        Prefetch(
            "members",
            queryset=RosterMember.objects.select_related("character").filter(
                character__deleted_at__isnull=True
            ),
            to_attr="live_members",
        )
    )
    if ruleset:
        rosters = rosters.filter(ruleset__slug=ruleset)
    books, summaries = {}, []
    latest = data_versions.latest_numbers()
    for roster in rosters:
        key = (roster.ruleset_id, roster.rules_version)
        if key not in books:
            version = kept_version(roster, latest.get(roster.ruleset_id))
            books[key] = rules_book(roster.ruleset, player, version=version)
        rules = books[key]
        report = engines.evaluate(roster_data(roster, roster.live_members, rules), rules)
        if legality in LEGALITY and report.legal != LEGALITY[legality]:
            continue
        summaries.append(RosterSummary(roster=roster, size=report.budget.label, legal=report.legal))
    return summaries


def roster_games(player):
    """(slug, name) of the games the player has rosters of, for the list's filter."""
    rows = rosters_of(player).values_list("ruleset__slug", "ruleset__name").distinct()
    return sorted(set(rows), key=lambda row: row[1])


def roster_or_404(player, pk):
    return get_object_or_404(rosters_of(player), pk=pk)


def characters_of(player):
    if player is None or not player.is_authenticated:
        return Character.objects.none()
    return Character.objects.filter(owner=player, deleted_at__isnull=True).select_related("ruleset")


def character_or_404(player, pk):
    return get_object_or_404(characters_of(player), pk=pk)


def search_characters(player, *, query="", character_type="", ruleset=""):
    cards = characters_of(player)
    if query:
        cards = cards.filter(Q(name__icontains=query) | Q(flavour__icontains=query))
    if character_type:
        cards = cards.filter(character_type=character_type)
    if ruleset:
        cards = cards.filter(ruleset__slug=ruleset)
    cards = told_apart(list(cards))
    names = type_names({card.ruleset_id for card in cards})
    for card in cards:
        card.type_name = names.get((card.ruleset_id, card.character_type), card.character_type)
    return cards


def told_apart(cards):
    """The cards, each sharing its name with another of them marked `told_apart` with when
    it was made (and its place among those made in the same minute): after importing a
    roster twice, or copying one, the player can tell which is which. Others get ""."""
    by_name = {}
    for card in cards:
        by_name.setdefault(card.name, []).append(card)
    for same in by_name.values():
        minutes = {}
        for card in sorted(same, key=lambda c: (c.created_at, c.pk)):
            made = timezone.localtime(card.created_at).strftime("%-d %b %Y, %H:%M")
            minutes.setdefault(made, []).append(card)
        for made, cards_then in minutes.items():
            for place, card in enumerate(cards_then, start=1):
                number = f" · no. {place}" if len(cards_then) > 1 else ""
                card.told_apart = f"made {made}{number}" if len(same) > 1 else ""
    return cards


def type_names(ruleset_ids):
    types = CharacterType.objects.filter(ruleset_id__in=ruleset_ids)
    return {(t.ruleset_id, t.slug): t.name for t in types}


def character_type_choices(player):
    """The types the player's cards use, named as their books name them."""
    used = set(characters_of(player).values_list("ruleset_id", "character_type"))
    names = type_names({ruleset for ruleset, _ in used})
    return sorted({(slug, names.get((r, slug), slug)) for r, slug in used}, key=lambda c: c[1])


def deleted_characters_of(player):
    if player is None or not player.is_authenticated:
        return Character.objects.none()
    return Character.objects.filter(owner=player, deleted_at__isnull=False)


def deleted_rosters_of(player):
    if player is None or not player.is_authenticated:
        return Roster.objects.none()
    return Roster.objects.filter(owner=player, deleted_at__isnull=False)


def recently_deleted(deleted, limit=5):
    """The last few of a player's deleted cards or rosters, for the undo bar."""
    return list(deleted.order_by("-deleted_at")[:limit])


def members_of(roster):
    return list(
        roster.members.select_related("character").filter(character__deleted_at__isnull=True)
    )


def addable_characters(player, roster, members):
    """My Cards of the roster's game that are not in it yet."""
    inside = {member.character_id for member in members}
    cards = characters_of(player).filter(ruleset=roster.ruleset).exclude(pk__in=inside)
    return told_apart(list(cards))


def used_house_rules(rules, data):
    """The player's own entries this roster refers to, so an export carries them along.
    Any word of the characters' profiles or the roster's choices may name one (creation or
    learned abilities, perks, a 7TV profile or "kind/slug" effect), so all are read alike."""
    named = set()
    for value in words_in([data["choices"], *(c["profile"] for c in data["characters"])]):
        named |= {value, value.rpartition("/")[2]}
    return [
        {k: v for k, v in entry.items() if k != "custom"}
        for (kind, slug), entry in rules.entries.items()
        if entry.get("custom") and slug in named
    ]


def roster_data(roster, members, rules):
    data = roster_as_data(roster, members)
    data["house_rules"] = used_house_rules(rules, data)
    return data


def campaign_timeline(roster):
    """The roster's changes between games, latest first."""
    return list(roster.campaign_entries.all())


def campaign_rules(roster):
    """The roster's game's campaign module (rules/engines/campaign.py says what it
    declares), or None when its book has no between-game rules."""
    return definition_for(roster.ruleset.slug).campaign_module


def played(roster):
    """Whether the league has a recorded game: from then on its line-up changes only as its
    book lets it (its LINEUP_EVENT), whichever page the player changes it from."""
    module = campaign_rules(roster)
    return module is not None and module.games_played(roster.campaign) > 0


def fixed_choices(roster) -> dict:
    """{choices key: the finding that says why} for the lists the roster's book no longer lets
    it change (a Pulp Alley league's perks once it has played)."""
    module = campaign_rules(roster)
    fixed = getattr(module, "fixed_choices", None)
    return {} if fixed is None else fixed(roster.campaign)


def league(roster, members=None, rules=None, addable=None) -> League:
    """The roster as its campaign rules read it (rules/engines/campaign.py); the league page
    passes what it has read already."""
    rules = book_of(roster, roster.owner) if rules is None else rules
    members = members_of(roster) if members is None else members
    addable = addable_characters(roster.owner, roster, members) if addable is None else addable
    return League(
        document=roster_data(roster, members, rules),
        rules=rules,
        cards=tuple(character_as_data(card) for card in addable),
    )
