from django.shortcuts import render
from django.views.decorators.http import require_GET

from rosters import selectors


@require_GET
def card_library(request):
    cards = selectors.characters_of(request.user)
    return render(request, "cards/library.html", {"cards": cards})


@require_GET
def designer(request):
    return render(request, "cards/designer.html")


@require_GET
def print_page(request):
    return render(request, "cards/print.html")


@require_GET
def cheatsheets(request):
    return render(request, "cards/cheatsheets.html")
