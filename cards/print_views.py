"""The Print page and the PDFs it offers: card sheets (or print-shop pages), the print check
sheet, and the player's saved back offset. Reads go through cards.printing.sources, which
only ever finds the player's own cards and rosters."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from accounts.players import current_player, player_required
from cards import services
from cards.pdf import pdf_attachment, pdf_rate_limited
from cards.print_forms import BackOffsetForm, PrintForm, copies_from
from cards.printing import calibration, sources, tokens
from cards.printing.faces import has_own_back
from cards.printing.geometry import PAPERS
from cards.printing.sheets import PrintOptions, print_cards
from cards.printing.thumbnails import page_thumbnails
from config.limits import PRINT_MAX_COPIES
from rosters import selectors
from rules.rulesets import find
from rules.selectors import rules_book


def back_offset(player):
    if player is None:
        return (0.0, 0.0)
    return (float(player.back_offset_x_mm), float(player.back_offset_y_mm))


def print_job(request):
    """The form, the chosen cards and the print options a request asks for. A source that is
    not in the player's menu (somebody else's roster, a deck that does not exist) is a 404."""
    player = current_player(request)
    form = PrintForm(request.GET, sources=sources.source_choices(player))
    chosen = form.options()
    if "source" in form.errors:
        raise Http404("Nothing like that to print.")
    printable = sources.printable(player, chosen["source"], copies_from(request.GET))
    options = PrintOptions(
        paper=chosen["paper"],
        backs=chosen["backs"],
        bleed=chosen["bleed"],
        offset=back_offset(player),
    )
    return form, printable, options


@require_GET
@pdf_rate_limited
def print_page(request):
    return print_page_response(request)


def print_page_response(request):
    form, printable, options = print_job(request)
    result = None
    if any(face.copies for face in printable.faces) and not printable.too_big:
        result = print_cards(printable.faces, options, title=printable.title)
    x_mm, y_mm = options.offset
    context = {
        "form": form,
        "printable": printable,
        "options": options,
        "paper": PAPERS[options.paper],
        "result": result,
        "thumbnails": page_thumbnails(result.pdf) if result else [],
        "query": request.GET.urlencode(),
        "offset_form": BackOffsetForm(initial={"x_mm": x_mm, "y_mm": y_mm}),
        "own_backs": any(has_own_back(face) for face in printable.faces),
        "max_copies": PRINT_MAX_COPIES,
    }
    status = 400 if printable.too_big else 200
    return render(request, "cards/print/page.html", context, status=status)


@require_GET
@pdf_rate_limited
def print_pdf(request):
    _, printable, options = print_job(request)
    if not any(face.copies for face in printable.faces):
        raise Http404("Nothing to print: choose at least one card.")
    if printable.too_big:
        return print_page_response(request)
    result = print_cards(printable.faces, options, title=printable.title)
    name = slugify(printable.title) or "cards"
    return pdf_attachment(result.pdf, f"{name}-{options.paper}.pdf")


@require_GET
@pdf_rate_limited
def calibration_pdf(request):
    paper = request.GET.get("paper", "a4")
    if paper not in PAPERS:
        raise Http404("Unknown paper size.")
    return pdf_attachment(calibration.calibration_pdf(paper), f"print-check-{paper}.pdf")


@require_POST
@player_required
def save_back_offset(request):
    form = BackOffsetForm(request.POST)
    if form.is_valid():
        result = services.save_back_offset(player=request.user, **form.cleaned_data)
        messages.success(request, f"Back offset saved: X {result.x_mm} mm, Y {result.y_mm} mm.")
    else:
        messages.error(request, "The offset was not saved: give X and Y between -20 and 20 mm.")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = ""
    return redirect(back or "printing:page")


@require_GET
@pdf_rate_limited
def token_sheet_pdf(request, pk):
    """The counters one of the player's rosters uses at the table, for games that have them
    (somebody else's roster, or a game without tokens, is not found)."""
    roster = selectors.roster_or_404(request.user, pk)
    maker = find(roster.ruleset.slug).token_sheet_maker if find(roster.ruleset.slug) else None
    paper = request.GET.get("paper", "a4")
    if maker is None or paper not in PAPERS:
        raise Http404("No token sheet for this roster.")
    rules = rules_book(roster.ruleset, request.user)
    data = selectors.roster_data(roster, selectors.members_of(roster), rules)
    pdf = tokens.token_sheet_pdf(maker(data, rules, PAPERS[paper]))
    return pdf_attachment(pdf, f"{slugify(roster.name) or 'roster'}-tokens-{paper}.pdf")
