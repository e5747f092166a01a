"""Changes between games: a recorded result, an ability bought with Experience, a
reorganised line-up, and undoing the latest. The ruleset's campaign module decides what each
does (rules/engines/*_campaign.py); this records it on the roster with an entry for the
league's timeline."""

from dataclasses import dataclass

from django.db import transaction

from rosters import selectors, services
from rosters.models import CampaignEntry, Character, Roster, RosterMember
from rosters.serialize import character_as_data
from rosters.services import locked
from rules import engines
from rules.rulesets import definition_for
from rules.selectors import rules_book

REPUTATION_PERKS = "reputation_perks"
SOCIETY_PERKS = "society_perks"


class CampaignRefused(ValueError):
    """The book does not allow this change; `findings` say why, with pages."""

    def __init__(self, findings):
        self.findings = tuple(findings)
        super().__init__(" ".join(f.message for f in self.findings))


@dataclass(frozen=True)
class CampaignResult:
    roster: Roster
    entry: CampaignEntry | None


def rules_of(roster):
    """The campaign module, or None when the book has no between-game rules."""
    return definition_for(roster.ruleset.slug).campaign_module


def lineup(roster):
    """Who is in the roster, in order, with their roles: what undoing a reorganisation puts
    back. Every membership row counts, a card in the bin too, so undo restores it exactly."""
    return [
        {"character": m.character_id, "role": m.role}
        for m in roster.members.order_by("position", "pk")
    ]


def apply(roster, step, *, learner=None, ability="", members=None):
    if not step.accepted:
        raise CampaignRefused(step.findings)
    before = {
        "campaign": roster.campaign,
        REPUTATION_PERKS: list(roster.choices.get(REPUTATION_PERKS, [])),
        SOCIETY_PERKS: list(roster.choices.get(SOCIETY_PERKS, [])),
    }
    if members is not None:
        before["members"] = members
    roster.campaign = step.state
    roster.choices = {**roster.choices, REPUTATION_PERKS: list(step.reputation_perks)}
    if step.society_perks is not None:
        roster.choices[SOCIETY_PERKS] = list(step.society_perks)
    roster.save(update_fields=["campaign", "choices", "updated_at"])
    entry = CampaignEntry.objects.create(
        roster=roster,
        game=step.state["games"],
        summary="; ".join(step.changes),
        before=before,
        learner=learner,
        learned_ability=ability,
    )
    return CampaignResult(roster=roster, entry=entry)


def engine_or_refuse(roster):
    module = rules_of(roster)
    if module is None:
        raise CampaignRefused([])
    return module


def step_of(roster, event, **details):
    """One between-game event, as the roster's book decides it, on its campaign state."""
    return getattr(engine_or_refuse(roster), event)(
        roster.campaign, reputation_perks=roster.choices.get(REPUTATION_PERKS, []), **details
    )


@transaction.atomic
def change(roster, event, **details) -> CampaignResult:
    """Lock the roster, let its book decide the event, and record what it did."""
    roster = locked(roster)
    return apply(roster, step_of(roster, event, **details))


def record_result(*, roster, result) -> CampaignResult:
    rules = rules_book(roster.ruleset, roster.owner)
    return change(roster, "record_result", result=result, rules=rules)


def harrowing_escape(*, roster, character_id, roll) -> CampaignResult:
    """`character_id` is a member's card: the roll is recorded against it, not its name."""
    member = roster.members.select_related("character").get(character_id=character_id)
    character = character_as_data(member.character, member.role)
    return change(roster, "harrowing_escape", character=character, roll=roll)


def spend(*, roster, bank, points) -> CampaignResult:
    return change(roster, "spend", bank=bank, points=points)


@transaction.atomic
def join_society(*, roster, society, perk) -> CampaignResult:
    roster = locked(roster)
    step = step_of(
        roster,
        "join_society",
        society=society,
        perk=perk,
        society_perks=roster.choices.get(SOCIETY_PERKS, []),
        rules=rules_book(roster.ruleset, roster.owner),
    )
    return apply(roster, step)


@transaction.atomic
def learn_ability(*, roster, character, ability) -> CampaignResult:
    roster = locked(roster)
    character = Character.objects.select_for_update().get(pk=character.pk)
    step = step_of(
        roster,
        "learn_ability",
        character=character_as_data(character),
        ability=ability,
        rules=rules_book(roster.ruleset, roster.owner),
    )
    result = apply(roster, step, learner=character, ability=ability)
    profile = dict(character.profile)
    profile["learned_abilities"] = [*profile.get("learned_abilities", []), ability]
    character.profile = profile
    character.save(update_fields=["profile", "updated_at"])
    return result


@transaction.atomic
def reorganise(*, roster, drop=(), add=(), recast=()) -> CampaignResult:
    """Reorganize between scenarios (p.44): `drop` are ids of the roster's characters who
    leave, `add` the owner's cards of the same game who join, `recast` (id, role) pairs for
    members who take another role. The book's rules decide whether the league may; the
    change and the line-up before it go on the timeline, for undo."""
    roster = locked(roster)
    engine_or_refuse(roster)
    rules = rules_book(roster.ruleset, roster.owner)
    members = selectors.members_of(roster)
    drop = set(drop)
    leaving = [m for m in members if m.character_id in drop]
    inside = {m.character_id for m in members}
    joining = list(
        Character.objects.filter(
            pk__in=add, owner=roster.owner, ruleset=roster.ruleset, deleted_at__isnull=True
        ).exclude(pk__in=inside)
    )
    staying = [m for m in members if m not in leaving]
    roles = dict(recast)
    changing = [m for m in staying if roles.get(m.character_id, m.role) != m.role]
    after = [
        *(
            RosterMember(roster=roster, character=m.character, role=roles[m.character_id])
            if m in changing
            else m
            for m in staying
        ),
        *(RosterMember(roster=roster, character=c) for c in joining),
    ]
    step = step_of(
        roster,
        "reorganise",
        dropped=[character_as_data(m.character, m.role) for m in leaving],
        added=[character_as_data(c) for c in joining],
        recast=[(character_as_data(m.character, m.role), roles[m.character_id]) for m in changing],
        before=engines.evaluate(selectors.roster_data(roster, members, rules), rules),
        after=engines.evaluate(selectors.roster_data(roster, after, rules), rules),
        rules=rules,
    )
    result = apply(roster, step, members=lineup(roster))
    roster.members.filter(pk__in=[m.pk for m in leaving]).delete()
    for m in changing:
        roster.members.filter(pk=m.pk).update(role=roles[m.character_id])
    for character in joining:
        services.add_member(roster=roster, character=character)
    return result


def played(roster):
    """Whether the league has a recorded game: from then on its line-up changes only as the
    book lets a league reorganise (p.44), whichever page the player changes it from."""
    module = rules_of(roster)
    return module is not None and module.campaign_state(roster.campaign)["games"] > 0


@transaction.atomic
def builder_change(roster, free, **reorganisation) -> CampaignResult:
    """A line-up edit from the builder: `free` makes it before the league's first game, as
    the player likes; after it, it is a reorganisation, refused or on the timeline."""
    roster = locked(roster)
    if played(roster):
        return reorganise(roster=roster, **reorganisation)
    return CampaignResult(roster=free(roster).roster, entry=None)


def add_member(*, roster, character) -> CampaignResult:
    services.same_game(roster, character)
    return builder_change(
        roster,
        lambda roster: services.add_member(roster=roster, character=character),
        add=[character.pk],
    )


def remove_member(*, roster, character_id) -> CampaignResult:
    return builder_change(
        roster,
        lambda roster: services.remove_member(roster=roster, character_id=character_id),
        drop=[character_id],
    )


def set_member_role(*, roster, character_id, role) -> CampaignResult:
    return builder_change(
        roster,
        lambda roster: services.set_member_role(
            roster=roster, character_id=character_id, role=role
        ),
        recast=[(character_id, role)],
    )


def fixed_choices(roster) -> dict:
    """{choices key: the finding that says why} for the lists the roster's book no longer lets
    it change (a Pulp Alley league's perks once it has played)."""
    module = rules_of(roster)
    return {} if module is None else module.fixed_choices(roster.campaign)


@transaction.atomic
def set_choice(*, roster, key, values) -> CampaignResult:
    """Replace one list of choices (perks, agendas…) by slug, keeping the player's order;
    refused when the book fixes that list by now (fixed_choices) and the player changed it."""
    roster = locked(roster)
    chosen = list(dict.fromkeys(values))
    fixed = fixed_choices(roster).get(key)
    if fixed is not None and chosen != roster.choices.get(key, []):
        raise CampaignRefused([fixed])
    roster.choices = {**roster.choices, key: chosen}
    roster.save(update_fields=["choices", "updated_at"])
    return CampaignResult(roster=roster, entry=None)


class NotTheLatest(ValueError):
    """The entry to undo is on the timeline but no longer its latest: a change came after
    it (from another tab), and undoing steps back one change at a time."""

    def __init__(self):
        super().__init__(
            "A newer change is on the timeline now, and only the latest change can be "
            "undone: look at the timeline again first."
        )


@transaction.atomic
def undo(*, roster, entry_id) -> CampaignResult:
    """Put the roster back as it was before the entry `entry_id`, its latest, and drop that
    entry. The Undo button names the entry it shows, so a double click (or a second tab)
    undoes one change, not two: an entry already undone changes nothing and the result's
    entry is None; one that is no longer the latest raises NotTheLatest."""
    roster = locked(roster)
    entry = roster.campaign_entries.select_related("learner").first()
    if entry is None or entry.pk != entry_id:
        if roster.campaign_entries.filter(pk=entry_id).exists():
            raise NotTheLatest()
        return CampaignResult(roster=roster, entry=None)
    roster.campaign = entry.before.get("campaign") or {}
    roster.choices = {
        **roster.choices,
        REPUTATION_PERKS: entry.before.get(REPUTATION_PERKS, []),
        SOCIETY_PERKS: entry.before.get(SOCIETY_PERKS, []),
    }
    roster.save(update_fields=["campaign", "choices", "updated_at"])
    if "members" in entry.before:
        restore_lineup(roster, entry.before["members"])
    if entry.learner is not None and entry.learned_ability:
        learner = entry.learner
        learned = [
            slug
            for slug in learner.profile.get("learned_abilities", [])
            if slug != entry.learned_ability
        ]
        learner.profile = {**learner.profile, "learned_abilities": learned}
        learner.save(update_fields=["profile", "updated_at"])
    entry.delete()
    return CampaignResult(roster=roster, entry=entry)


def restore_lineup(roster, members):
    """The roster's members exactly as a reorganisation found them: who, in what order, in
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
