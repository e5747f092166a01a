"""Share links: the owner's create/revoke buttons, and what anyone holding a link sees (the
roster and its report; its cards as a PDF come from the Print views) and may copy into their
own account."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts.players import current_player
from rosters import selectors, sharing
from rosters.handlers import roster as roster_handlers
from rosters.handlers import transfer as transfer_handlers
from rosters.transfer_views import imported, read_only_context, roster_import_rate_limited


@require_POST
def share(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    roster_handlers.share_roster(roster=roster)
    messages.success(
        request, f"{roster.name} has a new share link; any older link stopped working."
    )
    return redirect("rosters:detail", pk=roster.pk)


@require_POST
def revoke(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    roster_handlers.revoke_share(roster=roster)
    messages.success(request, f"The share link of {roster.name} no longer works.")
    return redirect("rosters:detail", pk=roster.pk)


@require_POST
@roster_import_rate_limited
def duplicate(request, pk):
    """The owner's second copy of a roster: counted with imports and share copies, as it too
    makes a whole roster with its portraits."""
    roster = selectors.roster_or_404(request.user, pk)
    result = transfer_handlers.duplicate_roster(roster=roster)
    messages.success(request, f"{roster.name} duplicated: its cards were copied to My Cards too.")
    return redirect("rosters:detail", pk=result.roster.pk)


@require_GET
def shared(request, token):
    roster = sharing.shared_roster_or_404(token)
    document = sharing.shared_document(roster)
    context = read_only_context(document, roster.ruleset)
    # The export lists the members in order, so the nth row is the nth member's card; the
    # portraits go by that number, so the page names no card of the owner's.
    members = selectors.members_of(roster)
    for number, (row, member) in enumerate(zip(context["rows"], members, strict=True), 1):
        card = member.character
        if card.portrait_print:
            address = reverse("cards:shared_portrait", args=[token, number])
            row["thumbnail"] = f"{address}?v={int(card.updated_at.timestamp())}"
    context |= {
        "token": token,
        "cards_refusal": sharing.cards_refusal(document),
        "thumbnails": True,
    }
    return render(request, "rosters/shared.html", context)


@require_POST
@roster_import_rate_limited
def copy(request, token):
    roster = sharing.shared_roster_or_404(token)
    result = transfer_handlers.copy_shared(
        roster=roster, owner=current_player(request, create=True)
    )
    return imported(request, result)
