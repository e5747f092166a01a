"""Start-up checks (`manage.py check`, runserver, migrate, the test run): the rules data is
consistent, every registered ruleset has each part its definition promises, and no fixture
names an effect key its engine does not read or gives one a value of the wrong shape
(rules/engines/shapes.schema.json): either would otherwise be dropped without a word. Every
engine prints each sample force's characters as the one PrintedProfile type the builder,
exports, faces and cheat sheets read. The Card Designer, card faces and cheat sheets are
checked by cards/checks.py."""

import json
from collections.abc import Mapping
from dataclasses import is_dataclass
from functools import cache

from django.core.checks import Error, Tags, register

from rules.engines.base import PrintedProfile
from rules.engines.campaign import CampaignEvent
from rules.engines.effects import SHAPES_PATH, effect_validator, shapes
from rules.fixture_book import rules_book_from_fixtures
from rules.fixture_folder import (
    ENTRIES,
    FIXTURES_DIR,
    RULESET_FILE,
    FixtureError,
    documents,
    ruleset_rows,
)
from rules.forms import HouseRuleForm
from rules.integrity import fixture_problems
from rules.rulesets import REGISTRY
from rules.shapes import SchemaFileError, problems, shown_path

PARTS_HINT = "See docs/adding-a-ruleset.md for the parts a ruleset needs."
ENGINE_FUNCTIONS = (
    "evaluate",
    "printed_profile",
    "character_findings",
    "character_cost",
    "role_choices",
)

# What every game's between-game rules declare (rules/engines/campaign.py): the league page,
# the one campaign URL and rosters/handlers/ read nothing else of them.
CAMPAIGN_PARTS = (
    "campaign_state",
    "games_played",
    "EVENTS",
    # What the sheets and cards print of the campaign (cards/campaign.py).
    "league_lines",
    "character_lines",
)


@register(Tags.models)
def rules_fixtures_are_consistent(app_configs, **kwargs):
    return [
        Error(problem, hint="Fix the YAML under fixtures/.", id="rules.E001")
        for problem in fixture_problems()
    ]


def engine_problems(definition):
    try:
        engine = definition.engine_module
    except ImportError as error:
        return [f"its engine {definition.engine!r} does not import ({error})"]
    problems = [
        f"its engine {definition.engine} has no {name}()"
        for name in ENGINE_FUNCTIONS
        if not callable(getattr(engine, name, None))
    ]
    problems += [
        f"its engine {definition.engine} does not declare {name}"
        for name in ("EFFECT_KEYS", "RECORDED_EFFECT_KEYS")
        if not isinstance(getattr(engine, name, None), frozenset)
    ]
    if not isinstance(getattr(engine, "BOSS_ROLES", None), tuple):
        problems.append(f"its engine {definition.engine} does not declare BOSS_ROLES")
    return problems + campaign_problems(definition) + play_problems(definition)


def play_problems(definition):
    """At the table (play/) every game says what it tracks (rules/engines/play.py)."""
    if not definition.play:
        return ["it names no play module (what a game at the table tracks)"]
    try:
        module = definition.play_module
    except ImportError as error:
        return [f"its play module {definition.play!r} does not import ({error})"]
    return [
        f"its play module {definition.play} lacks {name}"
        for name in ("tracks", "campaign_prefill")
        if not callable(getattr(module, name, None))
    ]


def campaign_problems(definition):
    if not definition.campaign:
        # The league page says what the book offers between games, or that it has none.
        return [] if definition.campaign_note else ["it has neither campaign rules nor a note"]
    try:
        module = definition.campaign_module
    except ImportError as error:
        return [f"its campaign rules {definition.campaign!r} do not import ({error})"]
    where = f"its campaign rules {definition.campaign}"
    problems = [f"{where} lack {name}" for name in CAMPAIGN_PARTS if not hasattr(module, name)]
    events = getattr(module, "EVENTS", {})
    if not isinstance(events, Mapping) or not all(
        isinstance(event, CampaignEvent) for event in events.values()
    ):
        problems.append(f"{where}: EVENTS is not a mapping of CampaignEvent")
        events = {}
    # A game that gates line-up changes once played names the event they become.
    lineup = getattr(module, "LINEUP_EVENT", "")
    if lineup and lineup not in events:
        problems.append(f"{where}: LINEUP_EVENT {lineup!r} is not one of its EVENTS")
    fixed = getattr(module, "fixed_choices", None)
    if fixed is not None and not callable(fixed):
        problems.append(f"{where}: fixed_choices is not a function")
    return problems


def data_problems(definition, fixtures_dir=FIXTURES_DIR):
    slug = definition.slug
    try:
        listed = {item["slug"] for item in ruleset_rows(fixtures_dir)}
    except (FixtureError, OSError) as error:
        return [f"the games' ruleset.yaml files cannot be read ({error})"]
    problems = [] if slug in listed else [f"fixtures/{slug}/{RULESET_FILE} is missing"]
    if not (fixtures_dir / slug / "character-types.yaml").is_file():
        problems.append(f"fixtures/{slug}/character-types.yaml is missing")
    try:
        part = json.loads((fixtures_dir / slug / "roster-schema.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        problems.append(f"its roster-schema part fixtures/{slug}/roster-schema.json: {error}")
    else:
        if not isinstance(part, dict) or not {"choices", "profile"} <= set(part):
            problems.append(f"fixtures/{slug}/roster-schema.json lacks `choices` or `profile`")
    if (
        not definition.example
        or not (fixtures_dir / slug / "samples" / definition.example).is_file()
    ):
        problems.append(
            f"its example force fixtures/{slug}/samples/{definition.example} is missing"
        )
    return problems


def house_rule_form_problems(definition):
    """The house-rules form is imported on a player's request: one that is missing, or not a
    HouseRuleForm (whose house_data the view stores), fails here first."""
    try:
        form = definition.house_rule_form_class
    except ImportError as error:
        return [f"its house-rules form {definition.house_rule_form!r} does not import ({error})"]
    if not (isinstance(form, type) and issubclass(form, HouseRuleForm)):
        return [f"its house-rules form {definition.house_rule_form!r} is not a HouseRuleForm"]
    return []


def ruleset_errors(definitions, problems_of, *, id, about="", hint=PARTS_HINT):
    """One Error per problem `problems_of(definition)` finds, headed with the ruleset's slug;
    `hint` may be a function of the definition. The cards checks report the same way."""
    return [
        Error(
            f"Ruleset {definition.slug!r}{about}: {problem}.",
            hint=hint(definition) if callable(hint) else hint,
            obj=definition.slug,
            id=id,
        )
        for definition in definitions
        for problem in problems_of(definition)
    ]


@register(Tags.models)
def registered_rulesets_are_complete(app_configs, **kwargs):
    return ruleset_errors(
        REGISTRY.values(),
        lambda definition: (
            engine_problems(definition)
            + data_problems(definition)
            + house_rule_form_problems(definition)
        ),
        id="rules.E002",
    )


@cache
def fixture_book(slug, fixtures_dir=FIXTURES_DIR):
    """The ruleset's fixtures as a RulesBook, read once for the checks that need it."""
    return rules_book_from_fixtures(slug, fixtures_dir)


def unread_effect_keys(definition, fixtures_dir=FIXTURES_DIR):
    """(entry, key) for every effect key in the ruleset's fixtures its engine neither applies
    nor declares as recorded for players only."""
    engine = definition.engine_module
    known = getattr(engine, "EFFECT_KEYS", frozenset()) | getattr(
        engine, "RECORDED_EFFECT_KEYS", frozenset()
    )
    book = fixture_book(definition.slug, fixtures_dir)
    return [
        (f"{kind}/{slug}", key)
        for (kind, slug), entry in sorted(book.entries.items())
        if isinstance(entry.get("effect"), dict)
        for key in entry["effect"]
        if key not in known
    ]


@register(Tags.models)
def fixture_effects_are_read(app_configs, **kwargs):
    errors = []
    for definition in REGISTRY.values():
        try:
            unread = unread_effect_keys(definition)
        except (ImportError, FixtureError, OSError, LookupError) as error:
            unread, errors = [], [*errors, Error(str(error), id="rules.E003")]
        errors += [
            Error(
                f"fixtures/{definition.slug}: {where} has the effect key {key!r},"
                " which no engine reads.",
                hint=f"Fix the spelling, or teach {definition.engine} to apply it (EFFECT_KEYS)"
                " or declare it RECORDED_EFFECT_KEYS.",
                obj=definition.slug,
                id="rules.E003",
            )
            for where, key in unread
        ]
    return errors


def unshaped_effect_keys(definition):
    """Effect keys the engine reads that shapes.schema.json gives no shape: `effect_of`
    would pass any value of theirs on to the engine."""
    engine = definition.engine_module
    shaped = set(shapes()["$defs"]["effect"]["properties"])
    return sorted((engine.EFFECT_KEYS | engine.RECORDED_EFFECT_KEYS) - shaped)


def misshapen_effects(slug, fixtures_dir=FIXTURES_DIR):
    """(file, entry, where, what) for every effect value in the ruleset's fixtures that breaks
    its shape; `effect_of` would drop it without a word."""
    return [
        (shown_path(document.path), f"{document.kind}/{item.get('slug')}", f"effect.{where}", what)
        for document in documents(fixtures_dir / slug)
        if document.form == ENTRIES
        for item in document.items
        if isinstance(item, dict) and isinstance(item.get("effect"), dict)
        for where, what in problems(effect_validator(), item["effect"])
    ]


def shape_errors(definition, fixtures_dir=FIXTURES_DIR):
    hint = f"Fix the fixture, or the shape in {shown_path(SHAPES_PATH)}."
    try:
        unshaped = unshaped_effect_keys(definition)
        misshapen = misshapen_effects(definition.slug, fixtures_dir)
    except (SchemaFileError, ImportError, FixtureError, OSError, AttributeError) as error:
        return [Error(str(error), obj=definition.slug, id="rules.E004")]
    return [
        Error(
            f"Ruleset {definition.slug!r}: its engine reads the effect key {key!r}, which has"
            f" no shape in {shown_path(SHAPES_PATH)}.",
            hint="Add the key under $defs.effect.properties there.",
            obj=definition.slug,
            id="rules.E004",
        )
        for key in unshaped
    ] + [
        Error(
            f"{path}, {entry}, at {where}: {what}.", hint=hint, obj=definition.slug, id="rules.E004"
        )
        for path, entry, where, what in misshapen
    ]


@register(Tags.models)
def fixture_effects_have_their_shapes(app_configs, **kwargs):
    return [error for definition in REGISTRY.values() for error in shape_errors(definition)]


def untyped_profiles(definition, fixtures_dir=FIXTURES_DIR):
    """Where the engine's printed_profile fails one of the ruleset's sample characters
    (fixtures/<slug>/samples/): it raises, or returns anything but a PrintedProfile whose
    game-specific part is a frozen dataclass."""
    engine = definition.engine_module
    book = fixture_book(definition.slug, fixtures_dir)
    problems = []
    for path in sorted((fixtures_dir / definition.slug / "samples").glob("*.json")):
        roster = json.loads(path.read_text(encoding="utf-8"))
        rules = book.with_house_rules(roster.get("house_rules") or [])
        for character in roster.get("characters") or []:
            where = f"samples/{path.name}, {character.get('name')!r}"
            try:
                printed = engine.printed_profile(character, rules)
            except Exception as error:  # noqa: BLE001 - any failure is what the check reports
                problems.append(f"{where}: printed_profile raises {error!r}")
                continue
            game = getattr(printed, "game", None)
            if not isinstance(printed, PrintedProfile):
                problems.append(f"{where}: printed_profile returns {type(printed).__name__}")
            elif not (is_dataclass(game) and game.__dataclass_params__.frozen):
                problems.append(f"{where}: its game part is no frozen dataclass")
    return problems


def profile_problems(definition):
    try:
        return untyped_profiles(definition)
    except (ImportError, FixtureError, OSError, LookupError, ValueError) as error:
        return [str(error)]


@register(Tags.models)
def printed_profiles_are_typed(app_configs, **kwargs):
    return ruleset_errors(
        REGISTRY.values(),
        profile_problems,
        id="rules.E005",
        hint="printed_profile must return a rules.engines.base.PrintedProfile"
        " (see docs/adding-a-ruleset.md).",
    )
