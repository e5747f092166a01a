"""One bounds truth, form by form: every number field of each game's Card Designer and
house-rules form takes exactly the numbers the roster file holds where that field's value
is written, and a completion takes what the designer or house-rules form takes for the same
value. Found by writing each field at its most and seeing where the value lands, so a new
field is checked without this test naming it."""

import json
import re

import pytest
from django import forms
from django.utils.module_loading import import_string

from rosters import selectors
from rosters.format import validate_roster
from rosters.forms import CompletionForm
from rosters.handlers.completions import schema_defs
from rosters.handlers.transfer import import_roster
from rosters.samples import sample_document
from rosters.schema import roster_schema, ruleset_part
from rosters.transfer import export_roster
from rules.engines import evaluate
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_alley.definition import SKILL_DICE
from rules.models import LibraryEntry, Ruleset
from rules.rulesets import REGISTRY
from rules.selectors import rules_book
from rules.shapes import ShapeValidator, problems
from tests.rosters.test_campaign_bounds import file_bounds, ruleset_properties, schema_at


def number_fields(form):
    return {name: f for name, f in form.fields.items() if isinstance(f, forms.IntegerField)}


def leaves(value, place=""):
    """{place ("profile.traits.strength", a list's items as "[]"): value} for every leaf
    of a form's output."""
    if isinstance(value, dict):
        joined = f"{place}." if place else ""
        return {
            k: v for key, inner in value.items() for k, v in leaves(inner, joined + key).items()
        }
    if isinstance(value, list):
        pairs = (leaves(inner, f"{place}[{i}]") for i, inner in enumerate(value))
        return {k: v for pair in pairs for k, v in pair.items()}
    return {place: value}


def changed(written, blank):
    """{place: value} of what writing the field changed in a form's output."""
    before = leaves(blank)
    return {p: v for p, v in leaves(written).items() if v != before.get(p) and v is not None}


def put(document, place, value):
    """`document` (a form's output) with `value` at `place` ("a.b[0].c")."""
    document = json.loads(json.dumps(document))
    *path, last = re.findall(r"[^.\[\]]+", place)
    node = document
    for step in path:
        node = node[int(step) if step.isdigit() else step]
    node[int(last) if last.isdigit() else last] = value
    return document


def mismatches(slug, prefix, field, name, written, blank, holds):
    """How the file and the form disagree on the field's numbers, in words (none: they
    agree). A value written as given is held to the file's bounds there; one written in a
    notation ("3d10") must be held by the file at the form's most and refused past it."""
    most, found = field.max_value, []
    places = changed(written, blank)
    if most is None or not places:
        return [f"{name}: {'no most' if most is None else 'written nowhere'}"]
    for place, value in places.items():
        where = f"{prefix}{re.sub(r'\[\d+\]', '[]', place)}"
        if value == most:
            bounds = file_bounds(slug, where)
            if bounds != {(field.min_value, most)}:
                found.append(f"{name}: takes {field.min_value}-{most}, {where} holds {bounds}")
        elif isinstance(value, str) and str(most) in value:
            past = value.replace(str(most), str(most + 1))
            if not holds(written) or holds(put(written, place, past)):
                found.append(f"{name}: takes at most {most}, {where} holds otherwise")
    return found


def designer_form(slug, rules, data):
    """The designer with every text and choice filled (an Exclusive Action's X is written
    only with its name and type), and `data`."""
    form_class = import_string(REGISTRY[slug].designer)
    first = next(iter(rules.character_types))
    start = form_class.initial_for(rules=rules, character_type=first)
    form = form_class(start, rules=rules)
    for name, field in form.fields.items():
        if type(field) is forms.CharField:
            start[name] = "Blaze"
        elif type(field) is forms.ChoiceField and field.choices and name not in start:
            start[name] = field.choices[-1][0]
    form = form_class({**start, **data}, rules=rules)
    form.is_valid()
    return form


def profile_holder(slug):
    """Whether the roster file holds a character dict's profile."""
    validator = ShapeValidator({"$defs": roster_schema()["$defs"], **ruleset_part(slug)["profile"]})
    return lambda character: not problems(validator, character["profile"])


@pytest.mark.parametrize("slug", sorted(REGISTRY))
def test_every_designer_number_is_one_the_roster_file_holds_where_it_is_written(slug):
    rules = rules_book_from_fixtures(slug)
    blank = designer_form(slug, rules, {})
    assert number_fields(blank)
    holds, found = profile_holder(slug), []
    for name, field in number_fields(blank).items():
        most = field.max_value or 0
        written = designer_form(slug, rules, {name: str(most)}).character_data()
        found += mismatches(
            slug, "characters[].", field, name, written, blank.character_data(), holds
        )
        if name not in designer_form(slug, rules, {name: str(most + 1)}).errors:
            found.append(f"{name}: takes {most + 1}")
    assert found == []


def test_pulp_alley_s_dice_notation_holds_exactly_the_designer_s_dice_counts():
    """The file writes a pool as notation, so its pattern, not a minimum and maximum, is where
    the dice a skill may hold are bounded: exactly the definition's, as the designer's are."""
    root, part = ruleset_properties("pulp-alley")
    least, most = SKILL_DICE
    for skill in schema_at("characters[].profile.skills.*", part, root):  # Shoot's takes "—"
        held = {count for count in range(most + 2) if re.fullmatch(skill["pattern"], f"{count}d8")}
        assert held == set(range(least, most + 1))


HOUSE_FIELDS = {"level", "cost", "page"}


def house_rule_form(slug, kind, data):
    ruleset = Ruleset.objects.get(slug=slug)
    form = REGISTRY[slug].house_rule_form_class(
        {"kind": kind, "name": "Blaze", "summary": "Ours.", **data}, ruleset=ruleset
    )
    for name, field in form.fields.items():  # every choice made, so the form is whole
        if type(field) is forms.ChoiceField and name not in form.data and field.choices:
            form.data = {**form.data, name: field.choices[-1][0]}
    return form


def house_data(slug, kind, data):
    form = house_rule_form(slug, kind, {"level": "1", "cost": "1", **data})
    assert form.is_valid(), form.errors
    return form.house_data()


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(d.slug for d in REGISTRY.values() if d.house_rule_kinds))
def test_every_house_rule_number_is_one_the_roster_file_holds_where_it_is_written(rules_data, slug):
    kinds, root = REGISTRY[slug].house_rule_kinds, roster_schema()
    fields = number_fields(house_rule_form(slug, next(iter(kinds)), {}))
    data_shape = ruleset_part(slug).get("house_rule_data", {})
    validator = ShapeValidator({"$defs": root["$defs"], **data_shape})
    rule = schema_at("house_rules[]", {"properties": root["properties"]}, root)[0]
    found = []
    for name, field in fields.items():
        most = field.max_value or 0
        if name in HOUSE_FIELDS:  # the house rule's own numbers, beside its data
            held = rule["properties"][name]
            if (held.get("minimum"), held["maximum"]) != (field.min_value, most):
                found.append(f"{name}: takes {field.min_value}-{most}, the file {held}")
            continue
        # Each kind writes its own fields (a Minion's Shield, a Supreme's AP): the field
        # must land in one of them, and agree with the file wherever it lands.
        outputs = [
            (house_data(slug, kind, {name: str(most)}), house_data(slug, kind, {}))
            for kind in kinds
        ]
        if not any(changed(written, blank) for written, blank in outputs):
            found.append(f"{name}: written nowhere")
        for written, blank in outputs:
            if changed(written, blank):
                found += mismatches(
                    slug,
                    "house_rules[].data.",
                    field,
                    name,
                    written,
                    blank,
                    lambda data: not problems(validator, data),
                )
        refused = house_rule_form(slug, next(iter(kinds)), {name: str(most + 1)})
        if name not in refused.errors:
            found.append(f"{name}: takes {most + 1}")
    assert found == []


@pytest.mark.django_db
def test_a_completion_takes_what_the_designer_or_house_rules_form_takes(rules_data):
    """A completion of a named Supreme is its card's values, of a Resource its deck
    numbers: the same numbers as where a player makes such a card. (Pulp City is the game
    whose completions fill values a player also makes elsewhere; the others' fill weapon and
    armour numbers no designer field sets, and their form is the file's schema itself.)"""
    slug = "pulp-city"
    rules = rules_book_from_fixtures(slug)
    ruleset = Ruleset.objects.get(slug=slug)
    makers = {
        **number_fields(house_rule_form(slug, "resource", {})),
        **number_fields(designer_form(slug, rules, {})),
    }
    defs = schema_defs()
    for kind, shape in REGISTRY[slug].completions.items():
        empty = LibraryEntry(ruleset=ruleset, kind=kind, slug="blank", data={})
        form = CompletionForm(entry=empty, schema=defs[shape], defs=defs, library={}, levels=[])
        for name, field in number_fields(form).items():
            maker = makers[name.rpartition(".")[2]]
            taken = (field.min_value, field.max_value)
            assert taken == (maker.min_value, maker.max_value), (kind, name)


# A file written before the designers took the file's numbers, or by hand, past what the book
# allows: (sample, the place in its first character's profile and the value written there,
# the finding the report makes and where it cites the book: a page, or Pulp Fiction's section).
PAST_THE_BOOK = {
    "7tv": ("7tv-claire", "customisation.stats.fight", 2, "bad-customisation", 38),
    "pulp-alley": ("singapore-smith", "skills.brawl", "99d8", "dice-count-pattern", 6),
    "pulp-fiction": ("pulp-fiction-heroes", "wounds", 99, "wounds-mismatch", "Traits"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(PAST_THE_BOOK))
def test_a_file_past_the_books_limits_still_imports_and_the_report_says_where_the_book_says_so(
    player, rules_data, slug
):
    """Such a file keeps importing (the book's limit is the report's, not the file's): it
    exports as it came, and the report names the value as an error with the book's page."""
    sample, place, value, code, cited = PAST_THE_BOOK[slug]
    document = sample_document(sample)
    *path, last = place.split(".")
    node = profile = document["characters"][0]["profile"]
    for step in path:
        node = node.setdefault(step, {})
    node[last] = value
    roster = import_roster(owner=player, document=validate_roster(document)).roster
    exported = export_roster(roster=roster)
    assert exported["characters"][0]["profile"] == profile
    rules = rules_book(roster.ruleset, player)
    report = evaluate(selectors.roster_data(roster, selectors.members_of(roster), rules), rules)
    (finding,) = [f for f in report.findings if f.code == code]
    assert finding.severity == "error" and cited in (finding.page, finding.section)
    assert str(value).removesuffix("d8") in finding.message
