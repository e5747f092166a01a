"""Printer profiles: the player's printers, trays and papers as the print check measured
them (owner only: anybody else's profile is a 404), and the one their Print page uses.

A form sent with a mistake comes back with everything the player typed and each problem next
to its field (status 400), so nothing typed is lost."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from accounts.players import current_player, player_required
from accounts.views import safe_next
from cards import selectors, services
from cards.print_forms import PrinterProfileForm
from cards.printing.geometry import PAPERS
from config.limits import PRINT_PROFILES_PER_PLAYER

LIST_TEMPLATE = "cards/print/profiles.html"
EDIT_TEMPLATE = "cards/print/profile_edit.html"


def profiles_page(request, form, status=200):
    player = current_player(request)
    context = {
        "profiles": selectors.printer_profiles(player),
        "chosen": selectors.chosen_printer_profile(player),
        "form": form,
        "most": PRINT_PROFILES_PER_PLAYER,
        "papers": PAPERS.values(),
    }
    return render(request, LIST_TEMPLATE, context, status=status)


@require_http_methods(["GET", "POST"])
def printer_profiles(request):
    """The player's profiles and a form for a new one (a visitor who saves one becomes a
    guest, who keeps it as their other work)."""
    if request.method == "GET":
        return profiles_page(request, PrinterProfileForm(owner=current_player(request)))
    return create_profile(request)


@player_required
def create_profile(request):
    form = PrinterProfileForm(request.POST, owner=request.user)
    if not form.is_valid():
        return profiles_page(request, form, status=400)
    try:
        saved = services.save_printer_profile(owner=request.user, **form.cleaned_data)
    except services.TooManyProfiles as refusal:
        form.add_error(None, str(refusal))
        return profiles_page(request, form, status=400)
    use = " Your Print page uses it." if saved.chosen else ""
    messages.success(request, f"Printer profile “{saved.profile.name}” saved.{use}")
    return redirect("printing:profiles")


@require_http_methods(["GET", "POST"])
def edit_profile(request, pk):
    profile = selectors.printer_profile_or_404(current_player(request), pk)
    if request.method == "GET":
        form = PrinterProfileForm(instance=profile, owner=request.user)
        return render(request, EDIT_TEMPLATE, {"form": form, "profile": profile})
    form = PrinterProfileForm(request.POST, instance=profile, owner=request.user)
    if not form.is_valid():
        # The profile as stored, for the page's title; the form keeps what was typed.
        profile.refresh_from_db()
        return render(request, EDIT_TEMPLATE, {"form": form, "profile": profile}, status=400)
    saved = services.save_printer_profile(owner=request.user, profile=profile, **form.cleaned_data)
    messages.success(request, f"Printer profile “{saved.profile.name}” saved.")
    return redirect("printing:profiles")


@require_POST
def delete_profile(request, pk):
    profile = selectors.printer_profile_or_404(current_player(request), pk)
    services.delete_printer_profile(owner=request.user, profile=profile)
    messages.success(request, f"Printer profile “{profile.name}” deleted.")
    return redirect("printing:profiles")


@require_POST
@player_required
def choose_profile(request):
    """The profile the Print page lays sheets out for from now on ("" for none), then back
    to the page the player chose it on."""
    pk = request.POST.get("profile", "")
    profile = selectors.printer_profile_or_404(request.user, pk) if pk else None
    services.choose_printer_profile(player=request.user, profile=profile)
    said = f"Printing for “{profile.name}”." if profile else "Printing with no printer profile."
    messages.success(request, said)
    return redirect(safe_next(request) or reverse("printing:page"))
