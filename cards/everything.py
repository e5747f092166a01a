"""All a roster takes to the table in one PDF ("Print everything", issue 27): its cards with
their backs, its roster sheet, its rules reference, its game's quick reference and (for games
that have them) its token sheet, in that order and all on one paper.

One assembly for both ways it is made: drawn while the player waits up to the interactive
size (cards/print_views.everything_pdf), and by a print worker above it (a PrintJob of the
EVERYTHING document, cards/services.run_print_job). The cards are the Print page's query for
the roster with backs on, so they follow the player's printer profile as that page does."""

from dataclasses import asdict, dataclass
from functools import partial

from django.http import QueryDict
from django.utils.text import slugify

from cards import cheatsheets
from cards.pdf import bound_pdf
from cards.print_requests import PrintRequest
from cards.printing import cache, sheets, tokens
from cards.printing.geometry import PAPERS
from cards.roster_sheet import roster_sheet, sheet_pdf
from rosters import selectors as roster_selectors
from rules.rulesets import find


def token_sheet_maker(roster):
    """What draws the counters of the roster's game, or None for a game without them."""
    definition = find(roster.ruleset.slug)
    return definition.token_sheet_maker if definition else None


def has_token_sheet(roster):
    return token_sheet_maker(roster) is not None


def token_sheet_pdf(maker, data, rules, paper):
    return tokens.token_sheet_pdf(maker(data, rules, PAPERS[paper]))


def cards_query(roster, paper=None):
    """The Print page's query for the roster's cards with their backs; without a paper, the
    one the player's printer profile was measured on (print_request decides)."""
    query = QueryDict(mutable=True)
    query.update({"source": f"roster-{roster.pk}", "backs": "on", "chosen": "1"})
    if paper:
        query["paper"] = paper
    return query


@dataclass(frozen=True)
class Everything:
    """The document worked out but not drawn: the card sheets' plan (None: no cards), each
    paper after them as (its name, a function that draws it), and the key its finished PDF
    is kept under in the print cache."""

    title: str
    filename: str
    cards: sheets.Plan | None
    papers: tuple
    key: str

    @property
    def papers_named(self):
        """What follows the cards, as a player reads it: "the roster sheet, … and token sheet"."""
        *first, last = [name for name, _ in self.papers]
        return f"{', '.join(first)} and {last}" if first else last

    @property
    def steps(self):
        """What a print job's progress counts: each distinct card face, then each paper."""
        return (len(self.cards.faces) if self.cards else 0) + len(self.papers)


def plan(*, player, wanted: PrintRequest) -> Everything:
    """Everything for the roster `wanted` (cards_query's request) names, as it stands now."""
    roster = wanted.printable.roster
    paper = wanted.options.paper
    rules = roster_selectors.book_of(roster, player)
    data = roster_selectors.roster_data(roster, roster_selectors.members_of(roster), rules)
    printable = wanted.printable
    cards = (
        sheets.plan(printable.faces, wanted.options, title=printable.title)
        if wanted.cards
        else None
    )
    slug = roster.ruleset.slug
    sheet = roster_sheet(data, rules)
    papers = [
        ("roster sheet", partial(sheet_pdf, sheet, paper)),
        ("rules reference", partial(cheatsheets.roster_reference_pdf, data, rules, paper)),
    ]
    if cheatsheets.has_quick_reference(slug):
        papers.append(("quick reference", partial(cheatsheets.quick_reference_pdf, slug, paper)))
    if maker := token_sheet_maker(roster):
        papers.append(("token sheet", partial(token_sheet_pdf, maker, data, rules, paper)))
    # The cards' key says all their sheets show; the papers show the roster's data (its
    # house rules too) read through the game's data as it stands and the version the roster
    # keeps until its player accepts an update, drawn by the sheets' code; and the roster
    # sheet the rules engine's report on it, which an engine's fix changes with no data
    # changed.
    key = cache.digest(
        cache.PRINTS,
        cache.code_version(),
        cheatsheets.sheet_code_version(),
        "everything",
        cards.key if cards else None,
        data,
        asdict(sheet),
        slug,
        roster.ruleset.data_version,
        roster.rules_version,
        paper,
    )
    return Everything(
        title=f"Everything for {roster.name}",
        filename=f"{slugify(roster.name) or 'roster'}-everything-{paper}.pdf",
        cards=cards,
        papers=tuple(papers),
        key=key,
    )


def draw(job: Everything, *, progress=None) -> bytes:
    """The whole PDF. With `progress`, progress(done, total) is called as card faces are
    drawn and after each paper, counting job.steps."""
    papers = len(job.papers)
    parts = []
    if job.cards:

        def faces_drawn(done, total):
            progress(done, total + papers)

        parts.append(sheets.draw(job.cards, progress=faces_drawn if progress else None))
    done = job.steps - papers
    for _, drawn in job.papers:
        parts.append(drawn())
        done += 1
        if progress:
            progress(done, job.steps)
    return bound_pdf(parts)
