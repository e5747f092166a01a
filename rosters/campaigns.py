"""Changes between games: a recorded result, an ability bought with Experience, and undoing
the latest. The ruleset's campaign module decides what each does (rules/engines/*_campaign.py);
this records it on the roster with an entry for the league's timeline."""

from dataclasses import dataclass

from django.db import transaction

from rosters.models import CampaignEntry, Character, Roster
from rosters.serialize import character_as_data
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


def locked(roster):
    """The roster row locked for this change: two results sent at once apply one after the
    other, each to the state the other left."""
    return Roster.objects.select_for_update().select_related("ruleset").get(pk=roster.pk)


def apply(roster, step, *, learner=None, ability=""):
    if not step.accepted:
        raise CampaignRefused(step.findings)
    before = {
        "campaign": roster.campaign,
        REPUTATION_PERKS: list(roster.choices.get(REPUTATION_PERKS, [])),
        SOCIETY_PERKS: list(roster.choices.get(SOCIETY_PERKS, [])),
    }
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


@transaction.atomic
def record_result(*, roster, result) -> CampaignResult:
    roster = locked(roster)
    module = engine_or_refuse(roster)
    step = module.record_result(
        roster.campaign,
        result,
        reputation_perks=roster.choices.get(REPUTATION_PERKS, []),
        rules=rules_book(roster.ruleset, roster.owner),
    )
    return apply(roster, step)


@transaction.atomic
def harrowing_escape(*, roster, character, roll) -> CampaignResult:
    roster = locked(roster)
    step = engine_or_refuse(roster).harrowing_escape(
        roster.campaign,
        character=character,
        roll=roll,
        reputation_perks=roster.choices.get(REPUTATION_PERKS, []),
    )
    return apply(roster, step)


@transaction.atomic
def join_society(*, roster, society, perk) -> CampaignResult:
    roster = locked(roster)
    step = engine_or_refuse(roster).join_society(
        roster.campaign,
        society=society,
        perk=perk,
        reputation_perks=roster.choices.get(REPUTATION_PERKS, []),
        society_perks=roster.choices.get(SOCIETY_PERKS, []),
        rules=rules_book(roster.ruleset, roster.owner),
    )
    return apply(roster, step)


@transaction.atomic
def spend(*, roster, bank, points) -> CampaignResult:
    roster = locked(roster)
    step = engine_or_refuse(roster).spend(
        roster.campaign,
        bank=bank,
        points=points,
        reputation_perks=roster.choices.get(REPUTATION_PERKS, []),
    )
    return apply(roster, step)


@transaction.atomic
def learn_ability(*, roster, character, ability) -> CampaignResult:
    roster = locked(roster)
    module = engine_or_refuse(roster)
    character = Character.objects.select_for_update().get(pk=character.pk)
    step = module.learn_ability(
        roster.campaign,
        character=character_as_data(character),
        ability=ability,
        reputation_perks=roster.choices.get(REPUTATION_PERKS, []),
        rules=rules_book(roster.ruleset, roster.owner),
    )
    result = apply(roster, step, learner=character, ability=ability)
    profile = dict(character.profile)
    profile["learned_abilities"] = [*profile.get("learned_abilities", []), ability]
    character.profile = profile
    character.save(update_fields=["profile", "updated_at"])
    return result


@transaction.atomic
def undo_latest(*, roster) -> CampaignResult:
    """Put the roster back as it was before its latest entry, and drop that entry."""
    roster = locked(roster)
    entry = roster.campaign_entries.select_related("learner").first()
    if entry is None:
        return CampaignResult(roster=roster, entry=None)
    roster.campaign = entry.before.get("campaign") or {}
    roster.choices = {
        **roster.choices,
        REPUTATION_PERKS: entry.before.get(REPUTATION_PERKS, []),
        SOCIETY_PERKS: entry.before.get(SOCIETY_PERKS, []),
    }
    roster.save(update_fields=["campaign", "choices", "updated_at"])
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
