from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.players import current_player
from cards import portraits
from cards.printing.faces import character_face, has_own_back
from cards.printing.preview import card_png
from cards.printing.sources import stored_portrait
from rosters import selectors, services
from rosters.serialize import character_as_data
from rules import engines
from rules.models import Ruleset
from rules.rulesets import find, playable_slugs
from rules.selectors import rules_book


def designer_ruleset(request, character):
    if character is not None:
        return character.ruleset
    slug = request.GET.get("ruleset") or request.POST.get("ruleset") or playable_slugs()[0]
    ruleset = get_object_or_404(Ruleset, slug=slug)
    if find(ruleset.slug) is None:
        raise Http404("No card designer for this ruleset yet")
    return ruleset


def designer_context(request, form, ruleset, rules, character):
    data = form.character_data()
    engine = engines.module_for(ruleset.slug)
    face = character_face(
        data,
        rules,
        ruleset_name=ruleset.name,
        portrait_uri=stored_portrait(character) if character else None,
    )
    return {
        "form": form,
        "ruleset": ruleset,
        "character": character,
        "data": data,
        "face": face,
        "preview": card_png(face),
        # A 7TV card prints its star quality and effects on the back: show that side too.
        "preview_back": card_png(face.back) if has_own_back(face) else None,
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
def designer(request, pk=None):
    character = selectors.character_or_404(request.user, pk) if pk else None
    ruleset = designer_ruleset(request, character)
    rules = rules_book(ruleset, request.user)
    form = designer_form(request, find(ruleset.slug).designer_form, rules, character)
    if form.is_bound and form.is_valid():
        try:
            result = services.save_character(
                owner=current_player(request, create=True),
                ruleset=ruleset,
                data=form.character_data(),
                character=character,
                upload=request.FILES.get("portrait"),
                crop=portrait_crop(request.POST),
            )
        except portraits.PortraitError as error:
            form.add_error(None, f"{error} The card was not saved; fix the picture and save again.")
        else:
            messages.success(request, f"{result.character.name} saved to My Cards.")
            roster = joining_roster(request, ruleset)
            if roster is not None:
                services.add_member(roster=roster, character=result.character)
                return redirect("rosters:detail", pk=roster.pk)
            return redirect("cards:edit", pk=result.character.pk)
    context = designer_context(request, form, ruleset, rules, character)
    partial = "#editor" if request.htmx and request.POST.get("retype") else ""
    return render(
        request, f"cards/designer.html{partial}", context, status=400 if form.errors else 200
    )


@require_POST
def designer_preview(request, pk=None):
    """The live preview: the card and its findings for whatever the form holds right now."""
    character = selectors.character_or_404(request.user, pk) if pk else None
    ruleset = designer_ruleset(request, character)
    rules = rules_book(ruleset, request.user)
    form = find(ruleset.slug).designer_form(request.POST, rules=rules)
    context = designer_context(request, form, ruleset, rules, character)
    return render(request, "cards/designer.html#preview", context)


def joining_roster(request, ruleset):
    """The player's roster a new card was designed for ("create in place"), if any."""
    pk = request.POST.get("roster") or request.GET.get("roster")
    if not pk or not str(pk).isdigit():
        return None
    return selectors.rosters_of(request.user).filter(pk=pk, ruleset=ruleset).first()


def portrait_crop(post):
    if "portrait_x" not in post:
        return None
    return {key: post.get(f"portrait_{key}") for key in ("x", "y", "zoom")}


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
        "deleted": selectors.recently_deleted(request.user),
        "designer_rulesets": set(playable_slugs()),
    }
    template = "cards/library.html#results" if request.htmx else "cards/library.html"
    return render(request, template, context)


def owned_card(request, pk):
    return selectors.character_or_404(request.user, pk)


@require_POST
def duplicate_card(request, pk):
    result = services.duplicate_character(character=owned_card(request, pk))
    messages.success(request, f"Made {result.character.name}.")
    return redirect("cards:library")


@require_POST
def delete_card(request, pk):
    result = services.delete_character(character=owned_card(request, pk))
    messages.success(request, f"Deleted {result.character.name}.")
    return redirect("cards:library")


@require_POST
def restore_card(request, pk):
    character = get_object_or_404(selectors.deleted_characters_of(request.user), pk=pk)
    services.restore_character(character=character)
    messages.success(request, f"{character.name} is back.")
    return redirect("cards:library")


@require_POST
def mark_card(request, pk):
    marked = request.POST.get("marked") == "1"
    result = services.mark_for_print(character=owned_card(request, pk), marked=marked)
    if request.htmx:
        marked_count = selectors.characters_of(request.user).filter(marked_for_print=True).count()
        return render(
            request,
            "cards/library.html#print_mark",
            {"card": result.character, "marked": marked_count, "oob": True},
        )
    return redirect("cards:library")
