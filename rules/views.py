from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.players import current_player
from rules import data_versions, selectors, services
from rules.forms import ProfileGenresForm, completion_kinds, house_rule_kinds
from rules.models import Ruleset
from rules.rulesets import find

HOUSE_FIELDS = ("kind", "name", "summary", "level", "cost", "page")


@require_GET
def index(request):
    rulesets = Ruleset.objects.all()
    return render(request, "rules/index.html", {"rulesets": rulesets})


@require_GET
def ruleset_detail(request, ruleset):
    ruleset = selectors.ruleset_or_404(ruleset)
    context = {
        "ruleset": ruleset,
        "kinds": selectors.library_kinds(ruleset, request.user),
        "character_types": selectors.character_types(ruleset),
        "decks": selectors.decks(ruleset),
        "latest": data_versions.latest_number(ruleset),
    }
    return render(request, "rules/ruleset.html", context)


@require_GET
def whats_new(request, ruleset):
    """The game's changelog: each version of its rules data, newest first."""
    ruleset = selectors.ruleset_or_404(ruleset)
    context = {"ruleset": ruleset, "versions": data_versions.whats_new(ruleset)}
    return render(request, "rules/whats_new.html", context)


# A level or cost filter: the columns are small positive integers.
FILTER_NUMBER = forms.IntegerField(required=False, min_value=0, max_value=32767)


def int_or_none(value):
    """The filter's number, or None (no filter) for anything that is not one in range."""
    try:
        return FILTER_NUMBER.clean(value)
    except forms.ValidationError:
        return None


@require_GET
def library(request, ruleset, kind):
    ruleset = selectors.ruleset_or_404(ruleset)
    kinds = selectors.library_kinds(ruleset, request.user)
    if kind not in {row["kind"] for row in kinds}:
        raise Http404("No such library")
    query = request.GET.get("q", "").strip()[:80]
    level = int_or_none(request.GET.get("level"))
    cost = int_or_none(request.GET.get("cost"))
    types = selectors.character_types(ruleset)
    everything = selectors.library(ruleset, kind, owner=request.user)
    entries = selectors.library(
        ruleset, kind, owner=request.user, query=query, level=level, cost=cost
    )
    context = {
        "ruleset": ruleset,
        "kind": kind,
        "title": selectors.kind_label(ruleset.slug, kind, plural=True),
        "kinds": kinds,
        "rows": [(entry, selectors.may_take(entry, types)) for entry in entries],
        "levels": sorted({e.level for e in everything if e.level is not None}),
        "costs": sorted({e.cost for e in everything if e.cost is not None}),
        "query": query,
        "level": level,
        "cost": cost,
        "total": len(everything),
        "completions_open": kind in completion_kinds(ruleset.slug),
        "completed": selectors.completed_slugs(request.user, ruleset, kind),
        "house_rules_open": bool(house_rule_kinds(ruleset.slug))
        or (kind == "profile" and bool(selectors.genreless_profiles(ruleset))),
    }
    template = "rules/library.html#results" if request.htmx else "rules/library.html"
    return render(request, template, context)


@require_GET
def deck(request, ruleset, deck):
    ruleset = selectors.ruleset_or_404(ruleset)
    deck = selectors.deck_or_404(ruleset, deck)
    cards = selectors.deck_with_completions(deck, request.user)
    context = {
        "ruleset": ruleset,
        "deck": deck,
        "cards": cards,
        "physical": sum(card["copies"] for card in cards),
        "completable": deck.slug in completion_kinds(ruleset.slug),
    }
    return render(request, "rules/deck.html", context)


def house_rule_forms(request, ruleset):
    """The forms this ruleset offers: new abilities or perks (Pulp Alley), and genres for
    profiles the book text leaves without (7TV). Only the one posted is bound."""
    posted = request.POST if request.method == "POST" else None
    which = request.POST.get("form", "entry") if posted else None
    forms = {}
    if house_rule_kinds(ruleset.slug):
        form_class = find(ruleset.slug).house_rule_form_class
        forms["entry"] = form_class(posted if which == "entry" else None, ruleset=ruleset)
    profiles = selectors.genreless_profiles(ruleset)
    if profiles:
        forms["genres"] = ProfileGenresForm(
            posted if which == "genres" else None,
            profiles=profiles,
            genres=selectors.genres_of(ruleset),
        )
    return forms, which


@require_http_methods(["GET", "POST"])
def house_rules(request, ruleset):
    ruleset = selectors.ruleset_or_404(ruleset)
    forms, which = house_rule_forms(request, ruleset)
    if not forms:
        raise Http404("House rules are not open for this ruleset yet")
    form = forms.get(which)
    if which is not None and form is None:
        raise Http404("No such house rule form")
    if form is not None and form.is_valid():
        player = current_player(request, create=True)
        if which == "genres":
            chosen = form.cleaned_data["genres"]
            names = [label for slug, label in form.fields["genres"].choices if slug in chosen]
            result = services.set_profile_genres(
                owner=player,
                ruleset=ruleset,
                profile=form.profiles[form.cleaned_data["profile"]],
                genres=chosen,
                genre_names=names,
            )
            message = f"The {result.entry.name}'s genres are set for your casts."
        else:
            result = services.create_house_rule(
                owner=player,
                ruleset=ruleset,
                data=form.house_data(),
                **{k: form.cleaned_data[k] for k in HOUSE_FIELDS},
            )
            message = f"{result.entry.name} added to your {ruleset.name} library."
        messages.success(request, message)
        return redirect("rules:house_rules", ruleset=ruleset.slug)
    context = {
        "ruleset": ruleset,
        "form": forms.get("entry"),
        "genres_form": forms.get("genres"),
        "entries": [
            (entry, find(ruleset.slug).house_rule_form_class.data_lines(entry, ruleset))
            for entry in selectors.house_rules_of(request.user, ruleset)
        ],
        "completions_open": bool(completion_kinds(ruleset.slug)),
    }
    return render(request, "rules/house_rules.html", context)


@require_POST
def delete_house_rule(request, ruleset, pk):
    ruleset = selectors.ruleset_or_404(ruleset)
    owner = current_player(request)
    if not services.delete_house_rule(owner=owner, ruleset=ruleset, entry_id=pk):
        raise Http404("No such house rule")
    messages.success(request, "House rule deleted.")
    return redirect("rules:house_rules", ruleset=ruleset.slug)
