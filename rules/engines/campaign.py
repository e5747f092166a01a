"""What every game's between-game rules declare, so one league page, one URL and one handler
serve them all (docs/adding-a-ruleset.md, "Campaigns"). A game's campaign module names its
events in `EVENTS`: each a CampaignEvent with the form it asks for (fields with their bounds)
and a pure rule that takes the league as plain data and returns an Outcome: what the event
changes in the roster's own parts, in words for the timeline, or the findings that refuse it.
Nothing here touches the database."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rules.engines.base import Finding, RulesBook


@dataclass(frozen=True)
class League:
    """The roster an event happens to, as plain data: `document` is the roster file's shape
    (characters with their ids, roles and profiles; choices; campaign), `cards` the owner's
    cards of the game that are not in it (as character data), who may join."""

    document: dict
    rules: RulesBook
    cards: tuple[dict, ...] = ()

    @property
    def campaign(self) -> dict:
        return self.document.get("campaign") or {}

    @property
    def choices(self) -> dict:
        return self.document.get("choices") or {}

    @property
    def characters(self) -> list[dict]:
        return self.document.get("characters") or []

    def character(self, character_id) -> dict | None:
        """A member by its id as a form sends it (a string), or None."""
        return next((c for c in self.characters if str(c.get("id")) == str(character_id)), None)


# What a field's options are: (value sent, label shown) pairs, from the league.
Options = Callable[[League], list[tuple[str, str]]]


def members(league: League) -> list[tuple[str, str]]:
    return [(str(c["id"]), str(c["name"])) for c in league.characters]


def joining(league: League) -> list[tuple[str, str]]:
    return [(str(c["id"]), str(c["name"])) for c in league.cards]


@dataclass(frozen=True)
class Field:
    """One input of an event's form. `kind`: "number" (whole, within `bounds`), "text" (at
    most `most` characters), "choice" (one of `options`) or "choices" (any of them, at most
    `most`; `too_many` says so in the game's words, with {count} and {most}). `offered`, when
    set, narrows what the page shows to those the rule will accept, while the form still takes
    any of `options`: the rule refuses the others with its reason rather than a bare "not a
    valid choice"."""

    name: str
    label: str
    kind: str
    bounds: tuple[int, int] | None = None
    options: Options | None = None
    offered: Options | None = None
    most: int | None = None
    initial: int | str | None = None
    too_many: str = "{count} chosen; at most {most}."


@dataclass(frozen=True)
class Outcome:
    """An event's result. Accepted unless `findings` hold an error; then nothing changes.
    `campaign` is the new campaign block, `choices` the choices keys it sets, `members` the
    line-up after (character id → role) when it changes who plays, `profiles` the profile
    keys it sets on characters (character id → {key: value})."""

    changes: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    campaign: dict | None = None
    choices: Mapping[str, object] = field(default_factory=dict)
    members: Mapping[str, str] | None = None
    profiles: Mapping[str, Mapping[str, object]] = field(default_factory=dict)

    @property
    def accepted(self):
        return not any(f.severity == "error" for f in self.findings)


@dataclass(frozen=True)
class CampaignEvent:
    """One thing a league does between games: `title` heads its form, `button` sends it,
    `rule(league, **fields)` decides it, `shown(league)` says whether the page offers it."""

    title: str
    button: str
    rule: Callable[..., Outcome]
    fields: tuple[Field, ...] = ()
    shown: Callable[[League], bool] = field(default=lambda league: True)
