"""Read-only share links, as anyone holding the token sees them: the roster as a roster
document (never the rows), so nothing else of the owner is reachable. The owner makes and
revokes one through rosters/handlers/roster.py."""

from django.shortcuts import get_object_or_404

from config.limits import PRINT_INTERACTIVE_CARDS
from rosters import transfer
from rosters.models import ShareLink


def shared_roster_or_404(token):
    # A deleted roster (kept a while for undo) is shared no more: deleting revokes its link,
    # and this keeps any roster in the bin unseen whatever put it there.
    links = ShareLink.objects.filter(roster__deleted_at__isnull=True)
    link = get_object_or_404(links.select_related("roster__ruleset"), token=token)
    return link.roster


def shared_document(roster) -> dict:
    """What the link shows and copies: the export, portraits and house rules inside."""
    return transfer.export_roster(roster=roster)


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
