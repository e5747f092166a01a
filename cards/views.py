from dataclasses import dataclass
from pathlib import PurePosixPath

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.decorators import ratelimit

from accounts.players import current_player
from cards import selectors as card_selectors
from cards import services as card_services
from cards.models import PendingPortrait
from cards.printing.faces import character_face, has_own_back
from cards.printing.preview import card_pngs
from cards.printing.sources import stored_portrait
from config import limits
from rosters import portraits, selectors
from rosters.forms import record_id
from rosters.handlers import cards as card_handlers
from rosters.handlers import members as member_handlers
from rosters.handlers.base import CampaignRefused, RosterFull
from rosters.serialize import character_as_data
from rules import engines
from rules.models import Ruleset
from rules.rulesets import find, playable_slugs
from rules.selectors import rules_book

GONE = "The picture you chose is no longer here; choose it again, then save."

# The designer page and its live preview each draw the card as a one-card PDF (turned into a
# picture): one count per client for both (config/limits.py), so no client draws them
# without end.
preview_rate_limited = ratelimit(
    group="preview", key="user_or_ip", rate=limits.rate("PREVIEW_RATE")
)


def designer_ruleset(request, character):
    if character is not None:
        return character.ruleset
    slug = request.GET.get("ruleset") or request.POST.get("ruleset") or playable_slugs()[0]
    ruleset = get_object_or_404(Ruleset, slug=slug)
    if find(ruleset.slug) is None:
        raise Http404("No card designer for this ruleset yet")
    return ruleset


def designer_context(request, form, ruleset, rules, character, portrait):
    data = form.character_data()
    engine = engines.module_for(ruleset.slug)
    face = character_face(
        data,
        rules,
        ruleset_name=ruleset.name,
        portrait=framed_portrait(character, portrait),
    )
    # A 7TV card prints its star quality and effects on the back: show that side too.
    preview, *back = card_pngs([face, face.back] if has_own_back(face) else [face])
    return {
        "form": form,
        "portrait": portrait,
        "ruleset": ruleset,
        "character": character,
        "data": data,
        "face": face,
        "preview": preview,
        "preview_back": back[0] if back else None,
        "fit_problems": face.problems,
        "findings": engine.character_findings(data, rules),
        "cost": engine.character_cost(data, rules),
        "roster": joining_roster(request, ruleset),
        "rulesets": Ruleset.objects.filter(slug__in=playable_slugs()),
    }


def designer_form(request, form_class, rules, character):
    """The form for this request: a posted card, a type change (keep the name and flavour,
    refill the profile from the new type's creation rules), or a fresh/saved card."""
    if request.method == "POST" and not request.POST.get("retype"):
        return form_class(request.POST, request.FILES, rules=rules)
    if request.method == "POST":
        initial = form_class.initial_for(
            rules=rules, character_type=request.POST.get("character_type")
        )
        initial |= {key: request.POST.get(key, "") for key in ("name", "flavour")}
        return form_class(initial=initial, rules=rules)
    type_slug = request.GET.get("type") or next(iter(rules.character_types), None)
    if character is None and not rules.character_type(type_slug):
        raise Http404("No such character type")
    saved = character_as_data(character) if character else None
    initial = form_class.initial_for(rules=rules, character_type=type_slug, character=saved)
    return form_class(initial=initial, rules=rules)


@require_http_methods(["GET", "POST"])
@preview_rate_limited
def designer(request, pk=None):
    character = selectors.character_or_404(request.user, pk) if pk else None
    ruleset = designer_ruleset(request, character)
    rules = rules_book(ruleset, request.user)
    form = designer_form(request, find(ruleset.slug).designer_form, rules, character)
    portrait = portrait_choice(request, character)
    if form.is_bound and request.POST.get("portrait_ref") and portrait.pending is None:
        form.add_error(None, GONE)
    if form.is_bound and form.is_valid():
        try:
            result = card_services.save_designed_character(
                owner=current_player(request, create=True),
                ruleset=ruleset,
                data=form.character_data(),
                character=character,
                upload=request.FILES.get("portrait"),
                pending=portrait.pending,
                crop=portrait_crop(request.POST),
            )
        except portraits.PortraitError as error:
            form.add_error(None, f"{error} The card was not saved; fix the picture and save again.")
        else:
            messages.success(request, f"{result.character.name} saved to My Cards.")
            roster = joining_roster(request, ruleset)
            if roster is not None and character is not None:
                # Edited from its roster: the edit page keeps the way back there.
                edit = reverse("cards:edit", args=[character.pk])
                return redirect(f"{edit}?roster={roster.pk}")
            if roster is not None:
                try:
                    joined = member_handlers.add_member(roster=roster, character=result.character)
                except (RosterFull, CampaignRefused) as error:
                    messages.error(request, f"{error} The card is in My Cards.")
                else:
                    if joined.entry is not None:
                        # A league that has played takes a newcomer by reorganising (p.44).
                        messages.success(
                            request, f"After game {joined.entry.game}: {joined.entry.summary}"
                        )
                    return redirect("rosters:detail", pk=roster.pk)
            return redirect("cards:edit", pk=result.character.pk)
    context = designer_context(request, form, ruleset, rules, character, portrait)
    partial = "#editor" if request.htmx and request.POST.get("retype") else ""
    return render(
        request, f"cards/designer.html{partial}", context, status=400 if form.errors else 200
    )


@require_POST
@preview_rate_limited
def designer_preview(request, pk=None):
    """The live preview: the card and its findings for whatever the form holds right now."""
    character = selectors.character_or_404(request.user, pk) if pk else None
    ruleset = designer_ruleset(request, character)
    rules = rules_book(ruleset, request.user)
    form = find(ruleset.slug).designer_form(request.POST, rules=rules)
    portrait = portrait_choice(request, character)
    context = designer_context(request, form, ruleset, rules, character, portrait)
    return render(request, "cards/designer.html#preview", context)


def joining_roster(request, ruleset):
    """The player's roster a new card was designed for ("create in place"), if any."""
    pk = record_id(request.POST.get("roster") or request.GET.get("roster"))
    if pk is None:
        return None
    return selectors.rosters_of(request.user).filter(pk=pk, ruleset=ruleset).first()


def portrait_crop(post):
    if "portrait_x" not in post:
        return None
    return {key: post.get(f"portrait_{key}") for key in ("x", "y", "zoom")}


@dataclass(frozen=True)
class PortraitChoice:
    """What the card's portrait shows right now, and the address of the picture the
    designer frames on the card ("" when there is none)."""

    crop: dict
    pending: PendingPortrait | None
    src: str

    @property
    def ref(self):
        return self.pending.token if self.pending is not None else ""


def portrait_choice(request, character):
    """The posted crop and the unsaved picture the form refers to (`portrait_ref`), else
    the card's saved ones."""
    posted = request.method == "POST"
    pending = (
        card_selectors.pending_portrait(request.user, request.POST.get("portrait_ref"))
        if posted
        else None
    )
    saved = character.portrait_crop if character is not None and character.portrait else None
    crop = portraits.normalise_crop(portrait_crop(request.POST) if posted else saved)
    if pending is not None:
        src = reverse("cards:pending_portrait", args=[pending.token])
    elif character is not None and character.portrait:
        # The file name changes with every new picture, so a cached old one is never shown.
        version = PurePosixPath(character.portrait.name).stem
        src = f"{reverse('cards:portrait', args=[character.pk])}?v={version}"
    else:
        src = ""
    return PortraitChoice(crop=crop, pending=pending, src=src)


def framed_portrait(character, portrait):
    """The print crop the card shows: the saved one while nothing changed, else cut afresh
    from the stored picture (never from an upload: the file was sent once, when chosen)."""
    if portrait.pending is not None:
        source = portrait.pending.image
    elif character is not None and character.portrait:
        if portrait.crop == portraits.normalise_crop(character.portrait_crop):
            return stored_portrait(character)
        source = character.portrait
    else:
        return None
    try:
        with source.open("rb") as handle:
            return portraits.crop_portrait(handle, portrait.crop).read()
    except (FileNotFoundError, portraits.PortraitError):
        return None  # the stored file is gone or damaged: the card shows its initial


@require_GET
def card_library(request):
    query = request.GET.get("q", "").strip()[:80]
    type_slug = request.GET.get("type", "")
    ruleset_slug = request.GET.get("ruleset", "")
    cards = selectors.search_characters(
        request.user, query=query, character_type=type_slug, ruleset=ruleset_slug
    )
    context = {
        "cards": cards,
        "query": query,
        "type": type_slug,
        "ruleset": ruleset_slug,
        "type_choices": selectors.character_type_choices(request.user),
        "marked": selectors.characters_of(request.user).filter(marked_for_print=True).count(),
        "deleted": selectors.recently_deleted(selectors.deleted_characters_of(request.user)),
        "designer_rulesets": set(playable_slugs()),
    }
    template = "cards/library.html#results" if request.htmx else "cards/library.html"
    return render(request, template, context)


def owned_card(request, pk):
    return selectors.character_or_404(request.user, pk)


@require_POST
def duplicate_card(request, pk):
    result = card_handlers.duplicate_card(character=owned_card(request, pk))
    messages.success(request, f"Made {result.character.name}.")
    return redirect("cards:library")


@require_POST
def delete_card(request, pk):
    result = card_handlers.delete_card(character=owned_card(request, pk))
    messages.success(request, f"Deleted {result.character.name}.")
    return redirect("cards:library")


@require_POST
def restore_card(request, pk):
    character = get_object_or_404(selectors.deleted_characters_of(request.user), pk=pk)
    card_handlers.restore_card(character=character)
    messages.success(request, f"{character.name} is back.")
    return redirect("cards:library")


@require_POST
def mark_card(request, pk):
    marked = request.POST.get("marked") == "1"
    result = card_handlers.mark_for_print(character=owned_card(request, pk), marked=marked)
    if request.htmx:
        marked_count = selectors.characters_of(request.user).filter(marked_for_print=True).count()
        return render(
            request,
            "cards/library.html#print_mark",
            {"card": result.character, "marked": marked_count, "oob": True},
        )
    return redirect("cards:library")
