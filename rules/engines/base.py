"""The interface every ruleset engine implements.

An engine is a pure function: it takes a roster as plain data (the same dict the JSON roster
format holds, see docs/roster-format.md) and the ruleset's rules as plain data (a RulesBook),
and returns a Report. No database, no request: the browser, the roster sheet PDF and the CLI
all show the same Report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Literal

from rules.engines.completions import with_completions
from rules.engines.plain import citation, page_of

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


@dataclass(frozen=True)
class Finding:
    """One thing the engine noticed. `error` breaks legality, `warning` is the book's advice,
    `info` is just worth knowing. `character_id` is the id of the character it is about, if
    any (two characters may share a name, never an id); `subject` is that character's name,
    for the words a player reads. A book without page numbers is cited by `section` heading
    instead of `page`."""

    code: str
    severity: Severity
    message: str
    page: int | None = None
    subject: str | None = None
    custom: bool = False
    section: str | None = None
    character_id: str | None = None
    # (ruleset, kind, slug) of the book entry whose empty values the player may fill in
    # (rules/engines/completions.py): the report links there.
    fill_in: tuple[str, str, str] | None = None

    def __post_init__(self):
        if self.severity not in SEVERITIES:
            raise ValueError(f"unknown severity {self.severity!r}")

    def to_dict(self):
        data = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "page": self.page,
        }
        if self.subject is not None:
            data["subject"] = self.subject
        if self.character_id is not None:
            data["character_id"] = self.character_id
        if self.custom:
            data["custom"] = True
        if self.section:
            data["section"] = self.section
        return data

    @property
    def citation(self):
        """Where to look it up, as printed after a message: "p.6", "§ Traits" or ""."""
        return citation(self.page, self.section)


def finding_about(
    who, code, severity, message, page=None, *, custom=False, section=None, fill_in=None
):
    """A finding about `who`, an engine's reading of one character (a 7TV Line, a Pulp City
    Supreme, a Pulp Fiction Figure: each has its `subject` and `character_id`), or about the
    whole force when `who` is None."""
    return Finding(
        code,
        severity,
        message,
        page_of(page),
        who.subject if who else None,
        custom,
        section,
        who.character_id if who else None,
        fill_in,
    )


@dataclass(frozen=True)
class Budget:
    """What the force spends against its limit: slots, ratings or encounter level.
    `total` is None for a game without a points limit (Pulp Fiction): the force is then
    never over, and the meter shows only what is used. `details` carries the ruleset's extra
    figures (restricted pools, level mix…)."""

    used: int
    total: int | None
    unit: str
    details: dict = field(default_factory=dict)
    # The pools in `details` that split the limit between them (Pulp Alley's general slots
    # and the restricted ones only some types may fill): the label reads each against its own
    # limit. Other pools, such as Pulp City's Resource Pool, are figures beside the limit.
    split_into: tuple[str, ...] = ()

    @property
    def over(self):
        return self.total is not None and self.used > self.total

    @property
    def pools(self):
        """The pools the limit is split into, by name; empty for a single limit."""
        return {name: self.details[name] for name in self.split_into}

    @property
    def label(self):
        if self.total is None:
            # Nothing to fill, so the count reads as words: "1 figure", "5 figures".
            unit = self.unit[:-1] if self.used == 1 and self.unit.endswith("s") else self.unit
            return f"{self.used} {unit}".strip()
        if self.pools:
            # Each pool against its own limit: one sum of both would read "15 / 14" while
            # the general pool alone is 2 over.
            return (
                " · ".join(
                    f"{pool['used']} / {pool['total']} {name.replace('_', ' ')} {self.unit}"
                    for name, pool in self.pools.items()
                )
                + " used"
            )
        return f"{self.used} / {self.total} {self.unit} used"

    @property
    def detail_lines(self):
        """Each further figure in words: a pool beside the limit ("resource pool: 6 / 8") or
        a figure ("plot points per turn: 7"), the same in the browser, the PDFs and the CLI;
        the pools that split the limit are in the label."""
        return [
            f"{name.replace('_', ' ')}: {value['used']} / {value['total']}"
            if isinstance(value, dict)
            else f"{name.replace('_', ' ')}: {value}"
            for name, value in self.details.items()
            if name not in self.split_into
        ]

    def to_dict(self):
        data = {"used": self.used, "total": self.total, "unit": self.unit}
        if self.details:
            data["details"] = self.details
        if self.split_into:
            # Which of the details are pools of the limit, so a reader of the JSON report
            # checks each against its own total, as the meter does.
            data["split_into"] = list(self.split_into)
        return data


@dataclass(frozen=True)
class Report:
    ruleset: str
    budget: Budget
    findings: tuple[Finding, ...] = ()

    @property
    def legal(self):
        return not any(finding.severity == "error" for finding in self.findings)

    def of_severity(self, severity):
        return [finding for finding in self.findings if finding.severity == severity]

    def about(self, character_id):
        """The findings about one character, found by its id (see Finding)."""
        return [finding for finding in self.findings if finding.character_id == character_id]

    def not_about(self, character_ids):
        """The findings about the force as a whole, or about a character not among these."""
        ids = set(character_ids)
        return [f for f in self.findings if f.character_id is None or f.character_id not in ids]

    @property
    def errors_first(self):
        """Every finding, the errors first (in the engine's order), so a report that is not
        legal opens with why: the roster sheet and the CLI list them so."""
        return sorted(self.findings, key=lambda finding: finding.severity != "error")

    def reasons_first(self, character_ids):
        """The report under the roster: every error first, the force's own and each
        character's (a page shows a character's findings beside it too, but a force that is
        not legal must say why where its report is read), then the rest not about these
        characters."""
        rest = [f for f in self.not_about(character_ids) if f.severity != "error"]
        return self.of_severity("error") + rest

    @property
    def codes(self):
        return {finding.code for finding in self.findings}

    def to_dict(self):
        return {
            "ruleset": self.ruleset,
            "legal": self.legal,
            "budget": self.budget.to_dict(),
            "findings": [finding.to_dict() for finding in self.findings],
        }


@dataclass(frozen=True)
class PrintedAbility:
    """An ability, skill, trait or special effect a card names, and where to read it: a page,
    or a section heading for a book without page numbers."""

    name: str
    page: int | None = None
    section: str | None = None
    custom: bool = False

    @property
    def citation(self):
        return citation(self.page, self.section)


@dataclass(frozen=True)
class PrintedProfile[Game]:
    """A character's card as its engine prints it, one type for every game so the builder,
    the exports, the card faces and the cheat sheets read it alike and never guess the game
    from what it holds. The common part: the `name` and `type_name` the card shows, the
    character type's `level` and what one character costs (`cost`; None where the game has
    no points or the type is unknown), the profile as (label, value) `cells` in card order,
    the plain-text export's `line`, the `abilities` it names with their pages, and short
    `notes` on what its type means in play. `game` is the game's own card, a frozen
    dataclass of its engine's (a 7TV card's attacks, a Supreme's Trump Traits…) that only
    that game's faces and readings open."""

    name: str
    type_name: str
    level: int | None
    cost: int | None
    cells: tuple[tuple[str, str], ...]
    line: str
    abilities: tuple[PrintedAbility, ...]
    game: Game
    notes: tuple[str, ...] = ()

    @property
    def ability_names(self):
        return tuple(ability.name for ability in self.abilities)


@dataclass(frozen=True)
class RulesBook:
    """A ruleset's rules as plain data: character types by slug and library entries by
    (kind, slug). House rules are entries with custom=True."""

    ruleset: str
    character_types: dict[str, dict]
    entries: dict[tuple[str, str], dict]

    def character_type(self, slug):
        return self.character_types.get(slug)

    def entry(self, kind, slug):
        return self.entries.get((kind, slug))

    def of_kind(self, kind):
        return [entry for (entry_kind, _), entry in self.entries.items() if entry_kind == kind]

    def with_house_rules(self, house_rules: Iterable[dict]):
        """A copy that also knows the roster's own custom entries (they never replace a
        built-in entry of the same kind and slug) and fills book entries with the roster's
        completions."""
        entries = dict(self.entries)
        house_rules = list(house_rules)
        for rule in house_rules:
            key = (rule["kind"], rule["slug"])
            if key not in entries:
                entries[key] = {**rule, "custom": True}
        # A completion in the file fills its book entry, as the player's own do in their
        # library (rules/engines/completions.py), so a shared roster prints the same.
        entries = with_completions(entries, house_rules)
        return RulesBook(self.ruleset, self.character_types, entries)

    def to_dict(self):
        return asdict(self)


Engine = Callable[[dict, RulesBook], Report]
