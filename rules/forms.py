from django import forms

from rules.engines.house_rules import top_ability_level
from rules.models import LibraryEntry
from rules.rulesets import find


def house_rule_kinds(slug):
    """What players may add as house rules to this ruleset, and which number each kind needs
    (its definition's; none for a game not registered)."""
    definition = find(slug)
    return definition.house_rule_kinds if definition else {}


def completion_kinds(slug):
    """The library kinds whose empty values players may fill in (see rosters/completion_views)."""
    definition = find(slug)
    return definition.completions if definition else {}


# The roster file format's own limits (rosters/roster.schema.json, house_rule): a house rule
# that fits the form also travels in an exported file and imports again, and the rules
# reference PDF lays it out quickly.
SUMMARY_MAX_LENGTH = 400
LEVEL_MAX = 99
COST_MAX = 999
PAGE_MAX = 9999


class HouseRuleForm(forms.ModelForm):
    kind = forms.ChoiceField()
    summary = forms.CharField(
        max_length=SUMMARY_MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 3})
    )
    level = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=LEVEL_MAX,
        help_text="Abilities: the lowest character level that may take it.",
    )
    cost = forms.IntegerField(
        required=False, min_value=0, max_value=COST_MAX, help_text="Perks: slots it uses."
    )
    page = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=PAGE_MAX,
        help_text="Optional: where your house rule or other edition prints it.",
    )

    class Meta:
        model = LibraryEntry
        fields = ("kind", "name", "level", "cost", "summary", "page")

    def __init__(self, *args, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.needs = house_rule_kinds(ruleset.slug)
        self.top_level = top_ability_level(
            ruleset.character_types.values_list("profile", flat=True)
        )
        self.fields["kind"].choices = [(kind, kind.capitalize()) for kind in self.needs]
        self.fields["name"].max_length = 60

    def house_data(self):
        """What the house rule carries besides its number, for the engine to read: nothing
        here; a game whose checks need more subclasses this form (its definition's
        house_rule_form)."""
        return {}

    @classmethod
    def data_lines(cls, entry, ruleset):
        """What a saved house rule's data says, in words for its page (what house_data
        wrote): nothing here, as this form writes none."""
        return []

    def clean(self):
        data = super().clean()
        needed = self.needs.get(data.get("kind"))
        if needed and data.get(needed) is None:
            self.add_error(needed, f"A house {data['kind']} needs a {needed}.")
        level, top = data.get("level"), self.top_level
        if data.get("kind") == "ability" and None not in (level, top) and not 1 <= level <= top:
            self.add_error("level", f"Levels run from 1 to {top}.")
        return data


class ProfileGenresForm(forms.Form):
    """A player's genres for a profile whose genres the book text lacks (7TV)."""

    profile = forms.ChoiceField(label="Profile")
    genres = forms.MultipleChoiceField(
        label="Its genres at your table", widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, profiles, genres, **kwargs):
        super().__init__(*args, **kwargs)
        self.profiles = {entry.slug: entry for entry in profiles}
        self.fields["profile"].choices = [(e.slug, e.name) for e in profiles]
        self.fields["genres"].choices = [(e.slug, e.name) for e in genres]
        self.fields["genres"].error_messages["required"] = "Tick at least one genre."
