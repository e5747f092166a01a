from django import forms

from rosters.models import Roster
from rules.models import Ruleset


class NewRosterForm(forms.ModelForm):
    ruleset = forms.ModelChoiceField(queryset=Ruleset.objects.all(), empty_label=None)

    class Meta:
        model = Roster
        fields = ("ruleset", "name")
