"""The Cheat Sheets page and its PDF downloads: each ruleset's quick reference, and the rules
reference and roster sheet of one of the player's rosters (somebody else's is not found)."""

from django.http import Http404
from django.shortcuts import render
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from cards import cheatsheets
from cards.pdf import pdf_attachment, pdf_rate_limited
from cards.roster_sheet import roster_sheet_pdf
from rosters import selectors
from rules.models import Ruleset
from rules.selectors import ruleset_or_404


@require_GET
def cheatsheets_page(request):
    rulesets = [
        {"ruleset": ruleset, "ready": cheatsheets.has_quick_reference(ruleset.slug)}
        for ruleset in Ruleset.objects.all()
    ]
    context = {"rulesets": rulesets, "rosters": selectors.rosters_of(request.user)}
    return render(request, "cards/cheatsheets.html", context)


@require_GET
@pdf_rate_limited
def quick_reference(request, ruleset):
    ruleset = ruleset_or_404(ruleset)
    paper = request.GET.get("paper", "a4")
    try:
        pdf = cheatsheets.quick_reference_pdf(ruleset.slug, paper)
    except cheatsheets.NoCheatSheet as error:
        raise Http404(str(error)) from error
    # A4 keeps the name it always had, so links and bookmarks to it stay as they were.
    suffix = "" if paper == "a4" else f"-{paper}"
    return pdf_attachment(pdf, f"{ruleset.slug}-quick-reference{suffix}.pdf")


def roster_pdf(request, pk, render, suffix):
    """A PDF about one of the player's rosters (somebody else's is not found)."""
    roster = selectors.roster_or_404(request.user, pk)
    rules = selectors.book_of(roster, request.user)
    data = selectors.roster_data(roster, selectors.members_of(roster), rules)
    try:
        pdf = render(data, rules)
    except cheatsheets.NoCheatSheet as error:
        raise Http404(str(error)) from error
    return pdf_attachment(pdf, f"{slugify(roster.name) or 'roster'}-{suffix}.pdf")


@require_GET
@pdf_rate_limited
def roster_reference(request, pk):
    return roster_pdf(request, pk, cheatsheets.roster_reference_pdf, "rules-reference")


@require_GET
@pdf_rate_limited
def roster_sheet(request, pk):
    return roster_pdf(request, pk, roster_sheet_pdf, "roster-sheet")
