"""The Print page and the PDFs it offers: card sheets (or print-shop pages) and the print check
sheet, laid out for the player's printer profile (cards.profile_views keeps those). Reads go
through cards.printing.sources, which only ever finds the player's own cards and rosters.

The page previews only the first sheet. A job of interactive size is then drawn whole by an
htmx request right after the page loads, so Download serves it from the print cache; a bigger
job goes to a print worker, and the page polls its progress until it can be downloaded."""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from accounts.players import current_player, player_required
from cards import everything, reprints, selectors, services
from cards.models import PrintJob
from cards.pdf import pdf_attachment, pdf_rate_limited
from cards.print_forms import copies_over
from cards.print_requests import print_request
from cards.printing import cache, calibration, sheets
from cards.printing.faces import has_own_back
from cards.printing.geometry import PAPERS
from cards.printing.sources import roster_file_faces
from cards.printing.thumbnails import page_thumbnails
from config.limits import PRINT_MAX_COPIES
from rosters import selectors as roster_selectors
from rosters import sharing


def preview_pages(options) -> int:
    """The Print page previews the first sheet and, when the job prints them, its backs (a
    shop's preset: the first card's front and back): a few faces to draw, however big the
    job, while the whole PDF is drawn for Download. Two sheets of fronts drew and pictured
    twice what the first sheet shows."""
    return 2 if options.backs or options.preset else 1


def filename(wanted):
    """The download's name: the paper for a PDF of sheets, the shop for a shop's preset."""
    options = wanted.options
    made_for = options.shop or options.paper
    suffix = options.preset.suffix if options.preset else ".pdf"
    return f"{slugify(wanted.printable.title) or 'cards'}-{made_for}{suffix}"


def printable_or_404(wanted):
    if not any(face.copies for face in wanted.printable.faces):
        raise Http404("Nothing to print: choose at least one card.")
    return wanted.printable


def whole_job(wanted):
    printable = printable_or_404(wanted)
    return sheets.plan(printable.faces, wanted.options, title=printable.title)


@require_GET
@pdf_rate_limited
def print_page(request):
    return print_page_response(request)


def print_page_response(request):
    """The Print page; a job over the card limit gets it with the numbers and a 400, and
    nothing is drawn."""
    player = current_player(request)
    wanted = print_request(player, request.GET)
    printable, options = wanted.printable, wanted.options
    result = job = None
    if any(face.copies for face in printable.faces) and not printable.too_big:
        result = sheets.print_cards(
            printable.faces, options, title=printable.title, first_pages=preview_pages(options)
        )
        if not wanted.interactive:
            job = selectors.latest_print_job(player, whole_job(wanted).key)
    over = copies_over(request.GET)
    context = {
        "form": wanted.form,
        "printable": printable,
        "options": options,
        "paper": PAPERS[options.paper],
        "result": result,
        "background": result is not None and not wanted.interactive,
        "can_queue": player is not None,
        "job": job,
        "thumbnails": page_thumbnails(result.pdf) if result else [],
        "query": request.GET.urlencode(),
        "start_url": f"{reverse('printing:start_job')}?{request.GET.urlencode()}",
        "profile": wanted.profile,
        "profiles": selectors.printer_profiles(player),
        "papers": PAPERS.values(),
        "own_backs": any(has_own_back(face) for face in printable.faces),
        "max_copies": PRINT_MAX_COPIES,
        "download_kind": "ZIP" if filename(wanted).endswith(".zip") else "PDF",
        # Each card's copies field, with what it asked when that was over the limit.
        "copy_rows": [
            (key, name, count, over.get(key)) for key, name, count in printable.characters
        ],
        "token_sheet": (
            printable.roster is not None and everything.has_token_sheet(printable.roster)
        ),
        "reprint": wanted.reprint,
        "can_remember": printable.roster is not None and player is not None and wanted.cards,
    }
    status = 400 if printable.too_big else 200
    return render(request, "cards/print/page.html", context, status=status)


@require_POST
@pdf_rate_limited
def prepare_pdf(request):
    """Draw the whole job into the print cache (the page asks right after loading), so the
    Download that follows is served from it. A job above the interactive size is never drawn
    here: it goes to a print worker, and the page follows the job."""
    wanted = print_request(current_player(request), request.GET)
    if wanted.printable.too_big:
        return print_page_response(request)
    if not wanted.interactive:
        # As with Prepare the PDF: a job needs an owner, so a visitor becomes a guest.
        player = current_player(request, create=True)
        return queue_cards(request, player, wanted)
    sheets.draw(whole_job(wanted))
    return render(request, "cards/print/page.html#prepared", {"query": request.GET.urlencode()})


@require_GET
@pdf_rate_limited
def print_pdf(request):
    """The whole PDF (or a print shop's zip of pictures) while the player waits, up to the
    interactive size; a bigger job is the Print page's to queue and follow, so this sends the
    player there and draws nothing."""
    wanted = print_request(current_player(request), request.GET)
    printable = printable_or_404(wanted)
    if printable.too_big:
        return print_page_response(request)
    if not wanted.interactive:
        return redirect(f"{reverse('printing:page')}?{request.GET.urlencode()}")
    return file_attachment(sheets.draw(whole_job(wanted)), filename(wanted))


@require_POST
@player_required
def start_print_job(request):
    wanted = print_request(request.user, request.GET)
    if wanted.printable.too_big:
        return print_page_response(request)
    return queue_cards(request, request.user, wanted)


def queue_cards(request, player, wanted):
    """The Print page's cards for this query, as a print worker's job (queue_and_follow)."""
    job = whole_job(wanted)
    query = request.GET.urlencode()
    return queue_and_follow(
        request,
        player,
        page=f"{reverse('printing:page')}?{query}",
        start_url=f"{reverse('printing:start_job')}?{query}",
        query=query,
        title=wanted.printable.title,
        key=job.key,
        filename=filename(wanted),
        faces_total=len(job.faces),
    )


def queue_and_follow(request, player, *, page, start_url, **job):
    """The player's print job (`job`: services.start_print_job's fields) queued for a print
    worker, or the one they already have, answered with its progress; past the player's limit
    of waiting prints, the start button again with the reason. Without htmx, back to `page`."""
    try:
        started = services.start_print_job(player=player, **job)
    except services.PrintQueueFull as refusal:
        if request.htmx:  # the button again, saying why (htmx swaps only a 2xx answer)
            context = {"start_url": start_url, "refusal": str(refusal)}
            return render(request, "cards/print/page.html#start_job", context)
        messages.error(request, str(refusal))
        return redirect(page)
    if request.htmx:
        return job_partial(request, selectors.print_job_or_404(player, started.job_id))
    return redirect(page)


def job_partial(request, job):
    return render(request, "cards/print/page.html#job", {"job": job})


@require_GET
def print_job(request, pk):
    """The job's progress, polled by the Print page; a job whose worker went away is queued
    again here."""
    job = selectors.print_job_or_404(current_player(request), pk)
    if services.revive_print_job(job_id=job.pk).queued:
        job.refresh_from_db()
    return job_partial(request, job)


@require_GET
def print_job_pdf(request, pk):
    job = selectors.print_job_or_404(current_player(request), pk)
    kind = cache.EXPORTS if job.filename.endswith(".zip") else cache.PRINTS
    made = cache.load(kind, job.key) if job.status == job.Status.DONE else None
    if made is None:
        raise Http404("This PDF is not ready, or has expired: prepare it again.")
    return file_attachment(made, job.filename)


def file_attachment(data, name):
    """A finished job as its download: a PDF, or a print shop's zip of pictures."""
    if name.endswith(".zip"):
        response = HttpResponse(data, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    return pdf_attachment(data, name)


@require_GET
@pdf_rate_limited
def calibration_pdf(request):
    """The print check; with `profile`, drawn through that printer profile of the player's,
    so its ruler and cross show what the profile still leaves to correct."""
    paper = request.GET.get("paper", "a4")
    if paper not in PAPERS:
        raise Http404("Unknown paper size.")
    pk = request.GET.get("profile")
    profile = selectors.printer_profile_or_404(current_player(request), pk) if pk else None
    pdf = calibration.calibration_pdf(paper, profile=profile)
    name = f"print-check-{paper}{f'-{slugify(profile.name)}' if profile else ''}.pdf"
    return pdf_attachment(pdf, name)


@require_POST
@player_required
def remember_print(request):
    """The player printed the roster's cards this Print page query shows: remember each card
    and its code, so the next visit can offer only the cards that changed since."""
    wanted = print_request(request.user, request.GET)
    if wanted.printable.roster is None or not wanted.cards:
        raise Http404("Only a roster's cards are remembered.")
    result = services.record_roster_print(player=request.user, query=request.GET)
    messages.success(
        request,
        f"Remembered: {result.printed} card{pluralize(result.printed)} printed; you hold "
        f"{result.held} of this roster on paper.",
    )
    query = request.GET.copy()
    query.pop("changed", None)  # what changed is now nothing: show the whole roster again
    return redirect(f"{reverse('printing:page')}?{query.urlencode()}")


@require_GET
@pdf_rate_limited
def card_page(request, code):
    """What a code printed on a card says (a phone opens it from the card's QR code). The
    roster's owner sees the card, whether this code is its current one, and what changed;
    anybody else only whether the card in their hand is current (reprints.card_reading),
    and a code nobody printed is a 404."""
    reading = reprints.card_reading(current_player(request), code)
    if reading is None:
        raise Http404("No card has this code.")
    return render(request, "cards/print/card_code.html", {"reading": reading})


@require_GET
@pdf_rate_limited
def token_sheet_pdf(request, pk):
    """The counters one of the player's rosters uses at the table, for games that have them
    (somebody else's roster, or a game without tokens, is not found)."""
    roster = roster_selectors.roster_or_404(request.user, pk)
    maker = everything.token_sheet_maker(roster)
    paper = request.GET.get("paper", "a4")
    if maker is None or paper not in PAPERS:
        raise Http404("No token sheet for this roster.")
    rules = roster_selectors.book_of(roster, request.user)
    data = roster_selectors.roster_data(roster, roster_selectors.members_of(roster), rules)
    pdf = everything.token_sheet_pdf(maker, data, rules, paper)
    return pdf_attachment(pdf, f"{slugify(roster.name) or 'roster'}-tokens-{paper}.pdf")


def everything_request(request, pk):
    """The player's roster and its cards with backs (cards.everything.cards_query), on the
    paper asked for or, with none, the one the player's printer profile was measured on."""
    roster = roster_selectors.roster_or_404(request.user, pk)
    paper = request.GET.get("paper")
    if paper is not None and paper not in PAPERS:
        raise Http404("Unknown paper size.")
    query = everything.cards_query(roster, paper)
    return query, print_request(current_player(request), query)


@require_GET
@pdf_rate_limited
def everything_pdf(request, pk):
    """All a roster takes to the table in one PDF (cards.everything). Cards above the
    interactive size are a print worker's job: then the player goes to the page that starts
    it and shows its progress, and nothing is drawn here."""
    query, wanted = everything_request(request, pk)
    if wanted.printable.too_big:
        return redirect(f"{reverse('printing:page')}?{query.urlencode()}")
    if not wanted.interactive:
        return redirect(everything_url("printing:everything_job", pk, request))
    document = everything.plan(player=current_player(request), wanted=wanted)
    return pdf_attachment(everything.draw(document), document.filename)


def everything_url(name, pk, request):
    """The roster's everything URL `name`, on the paper the player asked for, if any."""
    paper = request.GET.get("paper")
    return reverse(name, args=[pk]) + (f"?{urlencode({'paper': paper})}" if paper else "")


@require_GET
@pdf_rate_limited
def everything_job(request, pk):
    """The print worker's job for a roster's everything: started as the page loads (the
    player asked for it by opening it), then its progress, and its PDF once drawn. A reload
    finds the job again; a roster small enough is drawn while the player waits instead."""
    query, wanted = everything_request(request, pk)
    if wanted.printable.too_big or wanted.interactive:
        return redirect(everything_url("printing:everything", pk, request))
    player = current_player(request)
    document = everything.plan(player=player, wanted=wanted)
    job = selectors.latest_print_job(player, document.key)
    context = {
        "roster": wanted.printable.roster,
        "document": document,
        "paper": PAPERS[wanted.options.paper],
        "options": wanted.options,
        "profile": wanted.profile,
        "cards": wanted.cards,
        "job": job,
        "start_url": everything_url("printing:start_everything", pk, request),
        # Once drawn, its cards can be remembered as printed, as from the Print page.
        "query": query.urlencode(),
        "printable": wanted.printable,
    }
    return render(request, "cards/everything.html", context)


@require_POST
def start_everything(request, pk):
    """Queue the roster's everything for a print worker (the job page posts this as it loads),
    within the print queue's limits like any print."""
    query, wanted = everything_request(request, pk)
    if wanted.printable.too_big or wanted.interactive:
        return redirect(everything_url("printing:everything", pk, request))
    document = everything.plan(player=request.user, wanted=wanted)
    return queue_and_follow(
        request,
        request.user,
        page=everything_url("printing:everything_job", pk, request),
        start_url=everything_url("printing:start_everything", pk, request),
        query=query.urlencode(),
        title=document.title,
        key=document.key,
        filename=document.filename,
        faces_total=document.steps,
        document=PrintJob.Document.EVERYTHING,
    )


@require_GET
@pdf_rate_limited
def shared_roster_pdf(request, token):
    """The cards of a roster somebody shared, for whoever holds the link (see
    rosters.sharing): printed from the shared document, so only what the page shows. A
    roster with no cards to print, or too many to print while the visitor waits, gets a page
    that says so (sharing.cards_refusal)."""
    roster = sharing.shared_roster_or_404(token)
    document = sharing.shared_document(roster)
    refusal = sharing.cards_refusal(document)
    if refusal:
        context = {"token": token, "document": document, "refusal": refusal}
        status = 404 if not document["characters"] else 400
        return render(request, "cards/print/shared_refused.html", context, status=status)
    faces = roster_file_faces(
        document, roster_selectors.book_of(roster), ruleset_name=roster.ruleset.name
    )
    result = sheets.print_cards(faces, sheets.PrintOptions(), title=document["name"])
    return pdf_attachment(result.pdf, f"{slugify(document['name']) or 'cards'}.pdf")
