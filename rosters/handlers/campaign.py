"""Between games, for any game: run one of its campaign events (its module's EVENTS decide
what each does, rules/engines/campaign.py), record what changed on the league's timeline as
a before and after, and undo the latest entry from that record alone."""

from config import limits
from rosters import selectors
from rosters.handlers import _writes
from rosters.handlers.base import CampaignRefused, CampaignResult, NotTheLatest, handler
from rosters.models import CampaignEntry, Character, RosterMember
from rules.engines.base import Finding


def league_of(roster):
    """The roster as its campaign rules read it. The members' cards are locked first: an
    event may change a card (an ability learned), and the designer must not write over it."""
    list(Character.objects.select_for_update().filter(memberships__roster=roster))
    return selectors.league(roster)


def events_or_refuse(roster):
    module = selectors.campaign_rules(roster)
    if module is None:
        raise CampaignRefused([])
    return module


@handler
def record_event(*, roster, event, **fields) -> CampaignResult:
    """Lock the roster, let its book decide `event` (a key of its EVENTS) with the form's
    `fields`, and record what it did; raises CampaignRefused with the book's reasons."""
    roster = _writes.locked(roster)
    module = events_or_refuse(roster)
    if event not in module.EVENTS:
        raise CampaignRefused([])
    return record(roster, module, module.EVENTS[event].rule(league_of(roster), **fields))


def reorganise(*, roster, drop=(), add=(), recast=()) -> CampaignResult:
    """A line-up change as the book's reorganisation (its LINEUP_EVENT): `drop` member ids
    who leave, `add` ids of the owner's cards who join, `recast` (member id, role) pairs."""
    module = events_or_refuse(roster)
    if not getattr(module, "LINEUP_EVENT", ""):
        raise CampaignRefused([])
    return record_event(roster=roster, event=module.LINEUP_EVENT, drop=drop, add=add, recast=recast)


def record(roster, module, outcome) -> CampaignResult:
    """Apply an accepted Outcome to the (locked) roster and keep, for the timeline and for
    undo, each part it changed as it was before and as it is after."""
    if not outcome.accepted:
        raise CampaignRefused(outcome.findings)
    if roster.campaign_entries.count() >= limits.CAMPAIGN_MAX_ENTRIES:
        raise CampaignRefused([timeline_full(roster)])
    before, after = {}, {}
    if outcome.campaign is not None:
        before["campaign"], after["campaign"] = roster.campaign, outcome.campaign
        roster.campaign = outcome.campaign
    if outcome.choices:
        before["choices"] = {
            key: roster.choices.get(key, [] if isinstance(value, list) else None)
            for key, value in outcome.choices.items()
        }
        after["choices"] = dict(outcome.choices)
        roster.choices = {**roster.choices, **outcome.choices}
    roster.save(update_fields=["campaign", "choices", "updated_at"])
    if outcome.members is not None:
        before["members"] = lineup(roster)
        set_lineup(roster, outcome.members)
        after["members"] = lineup(roster)
    if outcome.profiles:
        before["profiles"], after["profiles"] = set_profiles(roster, outcome.profiles)
    entry = CampaignEntry.objects.create(
        roster=roster,
        game=module.games_played(roster.campaign),
        summary="; ".join(outcome.changes),
        before=before,
        after=after,
    )
    return CampaignResult(roster=roster, entry=entry)


def timeline_full(roster):
    most = limits.CAMPAIGN_MAX_ENTRIES
    return Finding(
        code="campaign.timeline-full",
        severity="error",
        message=(
            f"This league's timeline holds {roster.campaign_entries.count()} changes, the most"
            f" one campaign keeps ({most}); start a new league to play on."
        ),
    )


def lineup(roster):
    """Who is in the roster, in order, with their roles: what undoing a line-up change puts
    back. Every membership row counts, a card in the bin too, so undo restores it exactly."""
    return [
        {"character": m.character_id, "role": m.role}
        for m in roster.members.order_by("position", "pk")
    ]


def set_lineup(roster, wanted):
    """The roster's members (its cards not in the bin) become `wanted` (character id → role):
    those left out leave, roles change in place, newcomers take their type's place."""
    wanted = {int(pk): role for pk, role in wanted.items()}
    members = selectors.members_of(roster)
    inside = {m.character_id for m in members}
    roster.members.filter(pk__in=[m.pk for m in members if m.character_id not in wanted]).delete()
    for m in members:
        if m.character_id in wanted and wanted[m.character_id] != m.role:
            roster.members.filter(pk=m.pk).update(role=wanted[m.character_id])
    joining = Character.objects.filter(
        pk__in=[pk for pk in wanted if pk not in inside],
        owner=roster.owner,
        ruleset=roster.ruleset,
        deleted_at__isnull=True,
    )
    for character in joining:
        _writes.add_member(roster=roster, character=character, role=wanted[character.pk])


def set_profiles(roster, profiles):
    """Set profile keys on the owner's cards; ({id: keys before}, {id: keys after})."""
    before, after = {}, {}
    cards = Character.objects.filter(pk__in=[int(pk) for pk in profiles], owner=roster.owner)
    for card in cards:
        keys = profiles[str(card.pk)]
        before[str(card.pk)] = {
            key: card.profile.get(key, [] if isinstance(value, list) else None)
            for key, value in keys.items()
        }
        after[str(card.pk)] = dict(keys)
        card.profile = {**card.profile, **keys}
        card.save(update_fields=["profile", "updated_at"])
    return before, after


def reverted(now, after, before):
    """A value as it was before a change. A list changed since (a card's learned abilities,
    when it plays in two leagues) loses only what the change added and gets back only what
    it took away; anything else simply goes back."""
    if now == after or not all(isinstance(v, list) for v in (now, after, before)):
        return before
    added = [item for item in after if item not in before]
    taken = [item for item in before if item not in after]
    return [item for item in now if item not in added] + [i for i in taken if i not in now]


@handler
def undo(*, roster, entry_id) -> CampaignResult:
    """Put the roster back as it was before the entry `entry_id`, its latest, and drop that
    entry. The Undo button names the entry it shows, so a double click (or a second tab)
    undoes one change, not two: an entry already undone changes nothing and the result's
    entry is None; one that is no longer the latest raises NotTheLatest."""
    roster = _writes.locked(roster)
    entry = roster.campaign_entries.first()
    if entry is None or entry.pk != entry_id:
        if roster.campaign_entries.filter(pk=entry_id).exists():
            raise NotTheLatest()
        return CampaignResult(roster=roster, entry=None)
    before, after = entry.before, entry.after
    if "campaign" in before:
        roster.campaign = before["campaign"] or {}
    choices = dict(roster.choices)
    for key, value in before.get("choices", {}).items():
        value = reverted(choices.get(key), after.get("choices", {}).get(key), value)
        if value is None:
            choices.pop(key, None)
        else:
            choices[key] = value
    roster.choices = choices
    roster.save(update_fields=["campaign", "choices", "updated_at"])
    if "members" in before:
        restore_lineup(roster, before["members"])
    for pk, keys in before.get("profiles", {}).items():
        card = Character.objects.filter(pk=int(pk), owner=roster.owner).first()
        if card is None:
            continue  # deleted for good since: nothing to take back
        then = after.get("profiles", {}).get(pk, {})
        profile = dict(card.profile)
        for key, value in keys.items():
            profile[key] = reverted(profile.get(key), then.get(key), value)
            if profile[key] is None:
                del profile[key]
        card.profile = profile
        card.save(update_fields=["profile", "updated_at"])
    entry.delete()
    return CampaignResult(roster=roster, entry=entry)


def restore_lineup(roster, members):
    """The roster's members exactly as a line-up change found them: who, in what order, in
    what role. Cards since deleted for good are left out."""
    roster.members.all().delete()
    existing = set(
        Character.objects.filter(
            pk__in=[m["character"] for m in members], owner=roster.owner
        ).values_list("pk", flat=True)
    )
    RosterMember.objects.bulk_create(
        RosterMember(roster=roster, character_id=m["character"], role=m["role"], position=place)
        for place, m in enumerate(m for m in members if m["character"] in existing)
    )
