"""What prints the same for every player, drawn before anybody asks: each deck's Print page
and PDF, and each game's quick reference. A first view of them is then a file read from the
print cache instead of seconds of WeasyPrint (issue 27).

`manage.py load_rules` queues this for a print worker (cards/tasks.py): the rules data it
loads is what the decks print, and every deploy runs it, and a deploy's new print code makes
new cache keys. Everything is kept under the keys the views look up (content-addressed,
cards/printing/cache.py), so a deck whose cards changed is drawn anew under a new key, and
drawing ahead again skips whatever is already there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import QueryDict

from cards import cheatsheets
from cards.print_requests import print_request
from cards.print_views import preview_pages
from cards.printing import sheets
from cards.printing.geometry import PAPERS
from cards.printing.thumbnails import page_thumbnails
from rules.models import Deck, Ruleset


@dataclass
class DrawnAhead:
    decks: list[str] = field(default_factory=list)  # "ruleset/deck" each
    quick_references: list[str] = field(default_factory=list)  # ruleset slugs


def deck_queries(deck: Deck) -> list[QueryDict]:
    """The Print page queries a deck is first seen with: its link (the defaults), and each
    paper with and without backs, so every face and back a player can ask for is drawn."""
    source = f"source=deck-{deck.ruleset.slug}/{deck.slug}"
    queries = [QueryDict(source)]
    for paper in PAPERS:
        for backs in ("", "&backs=on"):
            queries.append(QueryDict(f"{source}&chosen=1&paper={paper}{backs}"))
    return queries


def draw_deck(deck: Deck) -> None:
    """What the Print page draws for the deck (its preview and the preview's pictures) and
    what its Download serves (the whole PDF), for each of deck_queries. A visitor's view: a
    player's own back offset moves only the backs' sheet, which is composed from the same
    faces in milliseconds."""
    for query in deck_queries(deck):
        wanted = print_request(None, query)
        if not wanted.printable.faces:  # a deck whose game has no card design yet
            return
        faces, options, title = wanted.printable.faces, wanted.options, wanted.printable.title
        preview = sheets.print_cards(
            faces, options, title=title, first_pages=preview_pages(options)
        )
        page_thumbnails(preview.pdf)
        sheets.draw(sheets.plan(faces, options, title=title))


def draw_ahead() -> DrawnAhead:
    drawn = DrawnAhead()
    for deck in Deck.objects.select_related("ruleset").order_by("ruleset__order", "order"):
        draw_deck(deck)
        drawn.decks.append(f"{deck.ruleset.slug}/{deck.slug}")
    for ruleset in Ruleset.objects.order_by("order"):
        if cheatsheets.has_quick_reference(ruleset.slug):
            for paper in cheatsheets.SHEET_PAPERS:
                cheatsheets.quick_reference_pdf(ruleset.slug, paper)
            drawn.quick_references.append(ruleset.slug)
    return drawn
