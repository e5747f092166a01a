"""A roster as a whole: made, renamed, its settings and lists of choices, binned and
brought back, shared by link and unshared."""

import secrets
from dataclasses import dataclass

from rosters import selectors
from rosters.handlers import _writes
from rosters.handlers.base import (
    CampaignRefused,
    CampaignResult,
    RestoreResult,
    RosterResult,
    handler,
)
from rosters.models import ShareLink

# 32 random bytes: far beyond guessing, short enough for a chat message.
TOKEN_BYTES = 32


@handler
def create_roster(*, owner, ruleset, name) -> RosterResult:
    return _writes.create_roster(owner=owner, ruleset=ruleset, name=name)


@handler
def update_roster(*, roster, name=None, budget=None, notes=None) -> RosterResult:
    return _writes.update_roster(roster=roster, name=name, budget=budget, notes=notes)


@handler
def update_settings(*, roster, settings, budget=None) -> RosterResult:
    """Scalar choices (a cast's affiliation, its chosen genre) and the budget limit."""
    return _writes.update_settings(roster=roster, settings=settings, budget=budget)


@handler
def set_choice(*, roster, key, values) -> CampaignResult:
    """Replace one list of choices (perks, agendas…) by slug, keeping the player's order;
    refused when the book fixes that list by now (its fixed_choices) and the player changed
    it."""
    roster = _writes.locked(roster)
    chosen = list(dict.fromkeys(values))
    fixed = selectors.fixed_choices(roster).get(key)
    if fixed is not None and chosen != roster.choices.get(key, []):
        raise CampaignRefused([fixed])
    roster.choices = {**roster.choices, key: chosen}
    roster.save(update_fields=["choices", "updated_at"])
    return CampaignResult(roster=roster, entry=None)


@handler
def delete_roster(*, roster) -> RosterResult:
    """Soft delete, as for cards: the roster, its members and choices come back on undo."""
    return _writes.delete_roster(roster=roster)


@handler
def restore_roster(*, roster) -> RestoreResult:
    return _writes.restore(thing=roster)


@dataclass(frozen=True)
class ShareResult:
    link: ShareLink


@handler
def share_roster(*, roster) -> ShareResult:
    """A fresh link for the roster; an earlier one stops working. Under the roster's row
    lock, as revoking is: a share and a revoke (or two shares) sent at once apply one after
    the other, so the roster ends with one link or none, never a clash on the one it may
    hold."""
    roster = _writes.locked(roster)
    ShareLink.objects.filter(roster=roster).delete()
    link = ShareLink.objects.create(roster=roster, token=secrets.token_urlsafe(TOKEN_BYTES))
    return ShareResult(link=link)


@handler
def revoke_share(*, roster) -> None:
    ShareLink.objects.filter(roster=_writes.locked(roster)).delete()
