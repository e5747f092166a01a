from django import forms

from rosters.models import Roster
from rules.engines import ENGINE_MODULES
from rules.models import Ruleset


class NewRosterForm(forms.ModelForm):
    # Only games whose roster maths Cliffhanger knows can be built here.
    ruleset = forms.ModelChoiceField(
        queryset=Ruleset.objects.filter(slug__in=ENGINE_MODULES), empty_label=None, label="Game"
    )

    class Meta:
        model = Roster
        fields = ("ruleset", "name")
