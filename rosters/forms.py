from django import forms

from config.limits import BUDGET_MAX
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
