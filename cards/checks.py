"""Start-up checks for the parts of each registered ruleset that live in `cards`: its Card
Designer form, its card faces and deck faces (with their templates), its cheat-sheet reading,
and its cheat-sheet data, whose wrong shape would otherwise show only on the first request."""

from django.core.checks import Tags, register
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.module_loading import import_string

from cards import cheatsheets
from cards.designers.base import DesignerForm
from cards.printing.faces import FaceKind
from rules.checks import ruleset_errors
from rules.fixture_folder import FixtureError
from rules.rulesets import REGISTRY
from rules.shapes import SchemaFileError


def template_problems(name, what):
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return [f"{what} template {name!r} does not exist"]
    return []


def face_problems(path, what):
    kind = resolve(path)
    if not isinstance(kind, FaceKind):
        return [f"{what} {path!r} is not a FaceKind"]
    problems = template_problems(kind.template, what)
    if kind.ground is not None:
        problems += template_problems(kind.ground, f"{what} ground")
    if kind.back is not None:
        problems += template_problems(kind.back.template, f"{what} back")
    return problems


def resolve(path):
    try:
        return import_string(path)
    except ImportError:
        return None


def part_problems(definition):
    form = resolve(definition.designer)
    if not (isinstance(form, type) and issubclass(form, DesignerForm)):
        problems = [f"its designer {definition.designer!r} is not a DesignerForm"]
    else:
        problems = template_problems(form.fieldsets_template, "designer fieldsets")
    problems += face_problems(definition.character_face, "character face")
    for deck, path in definition.deck_faces.items():
        problems += face_problems(path, f"{deck} deck face")
    if not callable(resolve(definition.cheatsheet_reading)):
        problems.append(f"its cheat-sheet reading {definition.cheatsheet_reading!r} is missing")
    if definition.token_sheet and not callable(resolve(definition.token_sheet)):
        problems.append(f"its token sheet {definition.token_sheet!r} is missing")
    return problems


def sheet_problems(slug):
    """Each place the ruleset's cheat-sheet files break sheets.schema.json (or the quick
    reference's index points nowhere), naming the file."""
    found = []
    for read in (cheatsheets.quick_reference, cheatsheets.roster_reference_spec):
        try:
            read(slug)
        except cheatsheets.NoCheatSheet as error:
            found.append(str(error))
        except cheatsheets.CheatSheetError as error:
            found += error.problems
        except (SchemaFileError, FixtureError) as error:
            found.append(str(error))
    return found


@register(Tags.templates)
def registered_rulesets_print(app_configs, **kwargs):
    return ruleset_errors(REGISTRY.values(), part_problems, id="cards.E001") + ruleset_errors(
        REGISTRY.values(),
        lambda definition: sheet_problems(definition.slug),
        id="cards.E002",
        about=" cheat sheet",
        hint=lambda definition: f"Fix the YAML under fixtures/{definition.slug}/cheatsheet/.",
    )
