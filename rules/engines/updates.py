"""A roster's update report: what a newer version of its game's rules data changes for it.

Pure, as the engines are: the roster as plain data, the rules book of the version it was
checked against and of the newer one, and what changed between the two versions
(rules/data_versions.py); out comes a frozen UpdateReport. The engine reads the roster under
both books, so costs, profiles and legality before and after are the game's own maths. A pick
naming an entry the newer data lacks is a legacy entry: the roster keeps it as the player had
it, and the report says which version removed it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engines import evaluate, module_for
from rules.engines.base import Finding, RulesBook
from rules.engines.plain import as_dict, as_list, id_of, words_in

TYPE_KIND = "character-type"  # rules/data_versions.py names character types so
DECK_KIND = "deck"  # and a card deck so; no roster picks one, so none is a pick's change


@dataclass(frozen=True)
class Change:
    """One thing that reads differently: `what` ("Cost", a stat, "Legal"), before → after."""

    what: str
    before: str
    after: str


@dataclass(frozen=True)
class CharacterUpdate:
    character_id: str | None
    name: str
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class PickUpdate:
    """A type or library entry the roster names that the update changed (`fields`) or
    removed (`removed_in`: that version's number; the pick stays, a legacy entry)."""

    kind: str
    slug: str
    name: str
    fields: tuple[str, ...] = ()
    removed_in: int | None = None

    @property
    def legacy(self):
        return self.removed_in is not None

    @property
    def words(self):
        if self.legacy:
            return f"no longer in the rules data (removed in v{self.removed_in})"
        return f"changed: {', '.join(self.fields)}"

    def to_dict(self):
        data = {"kind": self.kind, "slug": self.slug, "name": self.name}
        if self.legacy:
            return data | {"removed_in": self.removed_in}
        return data | {"fields": list(self.fields)}


@dataclass(frozen=True)
class UpdateReport:
    ruleset: str
    since: int
    to: int
    force: tuple[Change, ...] = ()  # the whole force: legality, budget
    characters: tuple[CharacterUpdate, ...] = ()
    picks: tuple[PickUpdate, ...] = ()
    new_findings: tuple[Finding, ...] = ()
    gone_findings: tuple[Finding, ...] = ()

    @property
    def touches_roster(self):
        """Whether anything of this roster reads differently."""
        return bool(
            self.force or self.characters or self.picks or self.new_findings or self.gone_findings
        )

    @property
    def legacy(self):
        return tuple(pick for pick in self.picks if pick.legacy)

    def lines(self) -> list[str]:
        """The report in words, as the CLI prints it."""
        if not self.touches_roster:
            return [f"v{self.since} → v{self.to}: nothing of this roster changes."]
        lines = [f"v{self.since} → v{self.to}:"]
        lines += [f"  {c.what}: {c.before} → {c.after}" for c in self.force]
        for character in self.characters:
            lines.append(f"  {character.name}:")
            lines += [f"    {c.what}: {c.before} → {c.after}" for c in character.changes]
        lines += [f"  {pick.name} ({pick.kind}): {pick.words}" for pick in self.picks]
        lines += [f"  new: {finding.message} [{finding.code}]" for finding in self.new_findings]
        lines += [f"  gone: {finding.message} [{finding.code}]" for finding in self.gone_findings]
        return lines

    def to_dict(self):
        def changes(items):
            return [{"what": c.what, "before": c.before, "after": c.after} for c in items]

        return {
            "ruleset": self.ruleset,
            "since": self.since,
            "to": self.to,
            "force": changes(self.force),
            "characters": [
                {"id": c.character_id, "name": c.name, "changes": changes(c.changes)}
                for c in self.characters
            ],
            "picks": [pick.to_dict() for pick in self.picks],
            "new_findings": [finding.to_dict() for finding in self.new_findings],
            "gone_findings": [finding.to_dict() for finding in self.gone_findings],
        }


def shown(value) -> str:
    return "—" if value is None or value == "" else str(value)


def changed(what, before, after) -> list[Change]:
    before, after = shown(before), shown(after)
    return [] if before == after else [Change(what, before, after)]


def card_changes(character, before: RulesBook, after: RulesBook) -> tuple[Change, ...]:
    """What a character's card reads differently: cost, each profile cell, its abilities."""
    engine = module_for(after.ruleset)
    old, new = engine.printed_profile(character, before), engine.printed_profile(character, after)
    found = changed("Cost", old.cost, new.cost) + changed("Type", old.type_name, new.type_name)
    old_cells, new_cells = dict(old.cells), dict(new.cells)
    for label in dict.fromkeys([*old_cells, *new_cells]):
        found += changed(label, old_cells.get(label), new_cells.get(label))
    found += changed("Abilities", ", ".join(old.ability_names), ", ".join(new.ability_names))
    return tuple(found)


def named_slugs(roster) -> set[str]:
    """Every slug the roster's choices and characters may name an entry or a type by (a
    "kind/slug" word names its slug)."""
    words = words_in([roster.get("choices"), *(c.get("profile") for c in characters_of(roster))])
    slugs = {word.rpartition("/")[2] for word in words}
    return slugs | {str(c.get("type")) for c in characters_of(roster)}


def characters_of(roster):
    return [as_dict(character) for character in as_list(roster.get("characters"))]


def legacy_picks(roster, rules: RulesBook, removed: dict) -> tuple[PickUpdate, ...]:
    """The roster's picks that name nothing in `rules` and that a version removed
    ({(kind, slug): (version number, name)}, rules.data_versions.History): its legacy
    entries."""
    slugs = named_slugs(roster)
    found = []
    for (kind, slug), (number, name) in sorted(removed.items()):
        present = (
            rules.character_type(slug) if kind == TYPE_KIND else rules.entry(kind, slug)
        ) is not None
        if slug in slugs and not present and kind != DECK_KIND:
            found.append(PickUpdate(kind, slug, name, removed_in=number))
    return tuple(found)


def removed_by(row, removed, to):
    """The number of the version that removed this entry (the newest, when unknown)."""
    return removed.get((row["kind"], row["slug"]), (to,))[0]


def finding_key(finding):
    return (finding.code, finding.character_id, finding.message)


def update_report(
    roster, before: RulesBook, after: RulesBook, *, since, to, changes, removed
) -> UpdateReport:
    """What reading `roster` by `after` (version `to`) rather than `before` (version `since`)
    changes for it. `changes` is rules.data_versions.changes_between of the two versions'
    snapshots; `removed`, which version removed each entry gone since (legacy_picks)."""
    old, new = evaluate(roster, before), evaluate(roster, after)
    force = changed("Legal", "yes" if old.legal else "no", "yes" if new.legal else "no")
    force += changed("Budget", old.budget.label, new.budget.label)
    characters = []
    for character in characters_of(roster):
        found = card_changes(character, before, after)
        if found:
            name = str(character.get("name") or "")
            characters.append(CharacterUpdate(id_of(character), name, found))
    slugs = named_slugs(roster)
    picks = [
        PickUpdate(row["kind"], row["slug"], row["name"], fields=tuple(row["fields"]))
        for row in changes.get("changed", [])
        if row["slug"] in slugs and row["kind"] != DECK_KIND
    ]
    picks += [
        PickUpdate(row["kind"], row["slug"], row["name"], removed_in=removed_by(row, removed, to))
        for row in changes.get("removed", [])
        if row["slug"] in slugs and row["kind"] != DECK_KIND
    ]
    before_keys = {finding_key(f) for f in old.findings}
    after_keys = {finding_key(f) for f in new.findings}
    return UpdateReport(
        ruleset=after.ruleset,
        since=since,
        to=to,
        force=tuple(force),
        characters=tuple(characters),
        picks=tuple(picks),
        new_findings=tuple(f for f in new.findings if finding_key(f) not in before_keys),
        gone_findings=tuple(f for f in old.findings if finding_key(f) not in after_keys),
    )
