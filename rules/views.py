from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules import selectors
from rules.models import Ruleset


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
    }
    return render(request, "rules/ruleset.html", context)


def int_or_none(value):
    try:
        return int(value)
    except (TypeError, ValueError):
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
        "title": selectors.kind_label(kind, plural=True),
        "kinds": kinds,
        "rows": [(entry, selectors.may_take(entry, types)) for entry in entries],
        "levels": sorted({e.level for e in everything if e.level is not None}),
        "costs": sorted({e.cost for e in everything if e.cost is not None}),
        "query": query,
        "level": level,
        "cost": cost,
        "total": len(everything),
    }
    template = "rules/library.html#results" if request.htmx else "rules/library.html"
    return render(request, template, context)


@require_GET
def deck(request, ruleset, deck):
    ruleset = selectors.ruleset_or_404(ruleset)
    deck = selectors.deck_or_404(ruleset, deck)
    cards = list(deck.cards.all())
    context = {
        "ruleset": ruleset,
        "deck": deck,
        "cards": cards,
        "physical": sum(card.copies for card in cards),
    }
    return render(request, "rules/deck.html", context)
