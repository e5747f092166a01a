from django import forms

from rules.models import LibraryEntry

# What players may add as house rules, per ruleset, and which number each kind needs.
HOUSE_RULE_KINDS = {
    "pulp-alley": {"ability": "level", "perk": "cost"},
}


class HouseRuleForm(forms.ModelForm):
    kind = forms.ChoiceField()

    class Meta:
        model = LibraryEntry
        fields = ("kind", "name", "level", "cost", "summary", "page")
        widgets = {"summary": forms.Textarea(attrs={"rows": 3, "maxlength": 400})}
        help_texts = {
            "level": "Abilities: the lowest character level that may take it.",
            "cost": "Perks: slots it uses.",
            "page": "Optional: where your house rule or other edition prints it.",
        }

    def __init__(self, *args, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.needs = HOUSE_RULE_KINDS.get(ruleset.slug, {})
        self.fields["kind"].choices = [(kind, kind.capitalize()) for kind in self.needs]
        self.fields["name"].max_length = 60

    def clean(self):
        data = super().clean()
        needed = self.needs.get(data.get("kind"))
        if needed and data.get(needed) is None:
            self.add_error(needed, f"A house {data['kind']} needs a {needed}.")
        if data.get("kind") == "ability" and data.get("level") not in (None, 1, 2, 3, 4):
            self.add_error("level", "Levels run from 1 to 4.")
        return data
