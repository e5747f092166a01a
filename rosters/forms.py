from django import forms

from config.limits import BUDGET_MAX
from rosters.handlers.completions import resolved
from rosters.models import Roster
from rules.models import Ruleset
from rules.rulesets import definition_for, playable_slugs


class NewRosterForm(forms.ModelForm):
    # Only games whose roster maths Cliffhanger knows can be built here.
    ruleset = forms.ModelChoiceField(
        queryset=Ruleset.objects.filter(slug__in=playable_slugs()), empty_label=None, label="Game"
    )

    class Meta:
        model = Roster
        fields = ("ruleset", "name")


MAX_PK = 2**31 - 1  # the largest row id every database we run on can hold


class BudgetForm(forms.Form):
    # 0 fits nobody, so the builder wants 1 or more; the file also reads older files' 0.
    budget = forms.IntegerField(required=False, min_value=1, max_value=BUDGET_MAX, label="Budget")


# Where a game's definition bounds the models one roster line buys (7TV's Extras).
MODEL_COUNT = "characters[].profile.count"


def model_count_bounds(ruleset):
    """(least, most) models one line of this game buys: the numbers its file holds."""
    return definition_for(ruleset).bounds.get(MODEL_COUNT, (1, 1))


class ModelCountForm(forms.Form):
    """How many models a roster line buys, within the game's own bounds."""

    def __init__(self, data, *, ruleset):
        super().__init__(data)
        least, most = model_count_bounds(ruleset)
        self.fields["count"] = forms.IntegerField(min_value=least, max_value=most, label="Models")


def record_id(value):
    """A row id from a form post or query string as an int, or None when it is not one
    ("²" and 5 000-digit numbers included): a lookup then finds nothing instead of failing."""
    try:
        return forms.IntegerField(min_value=1, max_value=MAX_PK).clean(value)
    except forms.ValidationError:
        return None


def refusal(form):
    """A bound form's first error as one sentence naming the field."""
    name, errors = next(iter(form.errors.items()))
    return f"{form.fields[name].label}: {errors[0]}"


class CompletionForm(forms.Form):
    """One field per value the book leaves empty of an entry, bounded by the roster file's
    own schema for that kind's completion (rosters/handlers/completions.py checks it again),
    so what the form takes the file carries. Field names are the dotted places they fill."""

    def __init__(self, data=None, *, entry, schema, defs, library, levels, initial_values=None):
        super().__init__(data)
        self.entry = entry
        self.library = library  # {kind: [(slug, name)]} for the fields that name an entry
        self.defs = defs
        self.given = []  # (place, the book's value) shown beside the form
        self.add_fields(resolved(schema, defs), defs, entry.data, initial_values or {}, "")
        if levels and entry.level is None:
            self.fields["level"] = forms.TypedChoiceField(
                choices=[("", "—"), *((n, n) for n in levels)],
                coerce=int,
                empty_value=None,
                required=False,
                initial=(initial_values or {}).get("level"),
            )

    def add_fields(self, schema, defs, book, initial, prefix):
        for key, shape in schema.get("properties", {}).items():
            shape, name = resolved(shape, defs), f"{prefix}{key}"
            value, start = (book or {}).get(key), (initial or {}).get(key)
            if shape.get("type") == "object" and value not in (None, {}) and "properties" in shape:
                self.add_fields(shape, defs, value, start, f"{name}.")
            elif value not in (None, "", [], {}):
                self.given.append((name, value))
            else:
                field = self.field_for(shape, name)
                if field is not None:
                    field.initial = start
                    self.fields[name] = field
                for inner, field in self.fields.items():  # an object's own fields
                    if inner.startswith(f"{name}.") and isinstance(start, dict):
                        field.initial = start.get(inner.removeprefix(f"{name}."))

    def field_for(self, shape, name):
        label = name.replace("_", " ").replace(".", ": ").capitalize()
        kinds = shape.get("type")
        kinds = [kinds] if isinstance(kinds, str) else kinds or []
        if shape.get("type") == "object" and "properties" in shape:
            for key, inner in shape["properties"].items():  # one field per value inside
                field = self.field_for(resolved(inner, self.defs), f"{name}.{key}")
                if field is not None:
                    self.fields[f"{name}.{key}"] = field
            return None
        if shape.get("x-kind") and "array" in kinds:
            return forms.MultipleChoiceField(
                label=label,
                required=False,
                choices=self.library.get(shape["x-kind"], []),
                widget=forms.CheckboxSelectMultiple,
            )
        if shape.get("x-kind"):
            options = self.library.get(shape["x-kind"], [])
            return forms.ChoiceField(label=label, required=False, choices=[("", "—"), *options])
        if "integer" in kinds:
            return forms.IntegerField(
                label=label,
                required=False,
                min_value=shape.get("minimum"),
                max_value=shape.get("maximum"),
            )
        if "array" in kinds:
            items = shape.get("items", {})
            return forms.MultipleChoiceField(
                label=label,
                required=False,
                choices=[(v, str(v).capitalize()) for v in items.get("enum", [])],
                widget=forms.CheckboxSelectMultiple,
            )
        if "string" in kinds:
            return forms.CharField(label=label, required=False, max_length=shape.get("maxLength"))
        return None

    def values(self):
        """The cleaned fields as the nested data a completion holds."""
        data = {}
        for name, value in self.cleaned_data.items():
            if name == "level" or value in (None, "", []):
                continue
            *path, last = name.split(".")
            node = data
            for part in path:
                node = node.setdefault(part, {})
            node[last] = value
        return data
