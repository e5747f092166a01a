"""Read-only share links: the owner makes or revokes one; anyone holding the token sees the
roster as a roster document (never the rows), so nothing else of the owner is reachable."""

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.shortcuts import get_object_or_404

from config.limits import PRINT_INTERACTIVE_CARDS
from rosters import services, transfer
from rosters.models import ShareLink

# 32 random bytes: far beyond guessing, short enough for a chat message.
TOKEN_BYTES = 32


@dataclass(frozen=True)
class ShareResult:
    link: ShareLink


@transaction.atomic
def share_roster(*, roster) -> ShareResult:
    """A fresh link for the roster; an earlier one stops working. Under the roster's row
    lock, as revoking is: a share and a revoke (or two shares) sent at once apply one after
    the other, so the roster ends with one link or none, never a clash on the one it may
    hold."""
    roster = services.locked(roster)
    ShareLink.objects.filter(roster=roster).delete()
    link = ShareLink.objects.create(roster=roster, token=secrets.token_urlsafe(TOKEN_BYTES))
    return ShareResult(link=link)


@transaction.atomic
def revoke_share(*, roster) -> None:
    ShareLink.objects.filter(roster=services.locked(roster)).delete()


def shared_roster_or_404(token):
    # A deleted roster (kept a while for undo) is shared no more: deleting revokes its link,
    # and this keeps any roster in the bin unseen whatever put it there.
    links = ShareLink.objects.filter(roster__deleted_at__isnull=True)
    link = get_object_or_404(links.select_related("roster__ruleset"), token=token)
    return link.roster


def shared_document(roster) -> dict:
    """What the link shows and copies: the export, portraits and house rules inside."""
    return transfer.export_roster(roster=roster)


def copy_shared(*, roster, owner) -> transfer.ImportResult:
    """The visitor's own copy, taken through the same path as a file import."""
    return transfer.import_roster(owner=owner, document=shared_document(roster))


def cards_refusal(document) -> str:
    """Why the link gives no cards PDF, or "" if it does (one card a character). A link's
    PDF is drawn while the visitor waits, so never above PRINT_INTERACTIVE_CARDS: a bigger
    print is a print worker's job, and a job spends its owner's share of the workers, which a
    visitor holding a link does not have. Their own copy of the roster prints that way."""
    characters = len(document["characters"])
    if not characters:
        return "This roster has no characters yet, so there are no cards to print."
    if characters > PRINT_INTERACTIVE_CARDS:
        return (
            f"This roster has {characters} characters: a share link prints at most "
            f"{PRINT_INTERACTIVE_CARDS} cards while you wait. Copy it to your rosters and "
            "print it from there, or ask its owner for the PDF."
        )
    return ""
