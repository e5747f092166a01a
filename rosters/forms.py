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
