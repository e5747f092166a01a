"""The roster sheet: a one-page (or more) PDF of a force as it stands — name, budget, choices,
every character's printed profile and abilities, and the whole legality report, with a
"legal" stamp only when the report says so."""

from dataclasses import dataclass

from cards.cheatsheets import RosterReference, roster_reference, with_house_rules
from cards.pdf import render_pdf
from rosters.format import choice_kind
from rules import engines
from rules.engines.base import Report, RulesBook

ROSTER_SHEET_TEMPLATE = "cards/roster_sheet.html"


@dataclass(frozen=True)
class Choice:
    kind: str
    name: str
    cost: int | None
    page: int | None
    custom: bool


@dataclass(frozen=True)
class RosterSheet:
    ref: RosterReference
    report: Report
    choices: tuple[Choice, ...]


def chosen(roster: dict, rules: RulesBook):
    """The roster's picks from the libraries (perks, props…), named as the book names them."""
    found = []
    for key, slugs in (roster.get("choices") or {}).items():
        for slug in slugs if isinstance(slugs, list) else []:
            entry = rules.entry(choice_kind(key), slug) or {"name": slug}
            found.append(
                Choice(
                    kind=key.replace("_", " "),
                    name=entry["name"],
                    cost=entry.get("cost"),
                    page=entry.get("page"),
                    custom=bool(entry.get("custom")),
                )
            )
    return tuple(found)


def roster_sheet(roster: dict, rules: RulesBook) -> RosterSheet:
    book = with_house_rules(roster, rules)
    return RosterSheet(
        ref=roster_reference(roster, rules),
        report=engines.evaluate(roster, book),
        choices=chosen(roster, book),
    )


def roster_sheet_pdf(roster: dict, rules: RulesBook, paper="a4") -> bytes:
    """On A4 or US Letter (cards.cheatsheets.SHEET_PAPERS), so a Letter bundle is all Letter."""
    return sheet_pdf(roster_sheet(roster, rules), paper)


def sheet_pdf(sheet: RosterSheet, paper="a4") -> bytes:
    return render_pdf(ROSTER_SHEET_TEMPLATE, {"sheet": sheet, "ref": sheet.ref, "paper": paper})
