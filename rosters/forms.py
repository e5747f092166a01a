from django import forms

from rosters.models import Roster
from rules.models import Ruleset
from rules.rulesets import playable_slugs


class NewRosterForm(forms.ModelForm):
    # Only games whose roster maths Cliffhanger knows can be built here.
    ruleset = forms.ModelChoiceField(
        queryset=Ruleset.objects.filter(slug__in=playable_slugs()), empty_label=None, label="Game"
    )

    class Meta:
        model = Roster
        fields = ("ruleset", "name")


MAX_BUDGET = 10_000  # far above any game's budget (Pulp Alley 10 slots, 7TV 25-60 ratings)
MAX_MODELS = 99  # models one roster line buys (a group of 7TV Extras)
MAX_PK = 2**31 - 1  # the largest row id every database we run on can hold


class BudgetForm(forms.Form):
    budget = forms.IntegerField(required=False, min_value=1, max_value=MAX_BUDGET, label="Budget")


class ModelCountForm(forms.Form):
    count = forms.IntegerField(min_value=1, max_value=MAX_MODELS, label="Models")


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
