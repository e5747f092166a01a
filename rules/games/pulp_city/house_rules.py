"""The Pulp City house-rules form: a house Resource says its category (Minion, Weapon,
Artifact, Device, Misc) and card numbers, a house Supreme its card, so Weapon Master, Living
Arsenal, the Device and Artifact Origin gates, sides and every other check run on what a
player makes (they read these keys from the entry's data, as from the book's own entries).
The bounds are the Card Designer's, all inside the roster file's
(fixtures/pulp-city/roster-schema.json, pulp_city_house_rule_data), so whatever this form
takes an exported roster carries and imports again."""

from django import forms

from rules.forms import HouseRuleForm
from rules.models import LibraryEntry

TRAITS = ("strength", "defense", "energy", "agility", "mind", "spirit")
CATEGORIES = (
    ("minion", "Minion"),
    ("weapon", "Weapon"),
    ("artifact", "Artifact"),
    ("device", "Device"),
    ("misc", "Misc"),
)
USAGES = (
    ("", "Any"),
    ("personal", "Personal"),
    ("one-use", "One use only"),
    ("personal-one-use", "Personal, one use only"),
)
SIDES = (("heroes", "Heroes"), ("villains", "Villains"))
RESOURCE_FIELDS = ("category", "usage", "models", "shield", "damage")
SUPREME_FIELDS = ("sides", "origin", "team_allegiance", "trump_traits", "damage", "ap")


def trump_traits_field():
    """The Trump Traits a card marks: this form's and the Card Designer's, one field."""
    return forms.MultipleChoiceField(
        required=False,
        choices=[(trait, trait.capitalize()) for trait in TRAITS],
        widget=forms.CheckboxSelectMultiple,
        label="Trump Traits",
    )


def count(label, high, low=0, help_text=""):
    return forms.IntegerField(
        required=False, min_value=low, max_value=high, label=label, help_text=help_text
    )


class PulpCityHouseRuleForm(HouseRuleForm):
    category = forms.ChoiceField(
        required=False,
        choices=(("", "—"), *CATEGORIES),
        help_text="Resources: the card's kind, which decides who may hold it (pp.35-36).",
    )
    usage = forms.ChoiceField(required=False, choices=USAGES, label="Use")
    models = count("Models per card", 99, low=1, help_text="Minions only.")
    shield = count("Shield", 99, help_text="Minions only.")
    damage = count("Damage", 99, help_text="A Minion's or a Supreme's Damage.")
    sides = forms.MultipleChoiceField(
        required=False,
        choices=SIDES,
        widget=forms.CheckboxSelectMultiple,
        label="Side icons",
        help_text="Supremes: who it fights for (p.8).",
    )
    origin = forms.ChoiceField(required=False, help_text="Supremes.")
    team_allegiance = forms.ChoiceField(required=False, label="Team Allegiance")
    trump_traits = trump_traits_field()
    ap = count("AP Allowance", 20)

    def __init__(self, *args, ruleset, **kwargs):
        super().__init__(*args, ruleset=ruleset, **kwargs)
        built_in = LibraryEntry.objects.filter(ruleset=ruleset, owner=None).order_by("name")
        self.fields["origin"].choices = [("", "—")] + [
            (e.slug, e.name) for e in built_in.filter(kind="origin")
        ]
        self.fields["team_allegiance"].choices = [("", "None")] + [
            (e.slug, e.name) for e in built_in.filter(kind="sub-faction")
        ]
        for trait in TRAITS:
            self.fields[trait] = count(trait.capitalize(), 10)

    def clean(self):
        data = super().clean()
        if data.get("kind") == "resource" and not data.get("category"):
            self.add_error(
                "category",
                "A house Resource needs its category: Minion, Weapon, Artifact, Device or Misc.",
            )
        return data

    def house_data(self):
        """The card as the engine reads it: a Resource's category and numbers, a Supreme's
        sides, Origin, allegiance, traits, Damage and AP; nothing for other kinds."""
        data, kind = self.cleaned_data, self.cleaned_data.get("kind")
        if kind == "resource":
            card = {key: data[key] for key in RESOURCE_FIELDS}
            return card | {"category": data["category"], "usage": data["usage"] or None}
        if kind == "supreme":
            card = {key: data[key] for key in SUPREME_FIELDS}
            card["origin"] = card["origin"] or None
            card["team_allegiance"] = card["team_allegiance"] or None
            card["traits"] = {t: data[t] for t in TRAITS if data.get(t) is not None}
            return card
        return {}
