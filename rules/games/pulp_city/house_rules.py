"""The Pulp City house-rules form: a house Resource says its category (Minion, Weapon,
Artifact, Device, Misc), card numbers and the named Supreme it may be exclusive to, a house
Supreme its card with its skills, so Weapon Master, Living
Arsenal, the Device and Artifact Origin gates, sides and every other check run on what a
player makes (they read these keys from the entry's data, as from the book's own entries).
The bounds are the roster file's (the definition's `bounds`, which a test holds to
fixtures/pulp-city/roster-schema.json), the Card Designer's too, so whatever this form
takes an exported roster carries and imports again."""

from django import forms

from rules.forms import HouseRuleForm
from rules.games.pulp_city.definition import AP, BOUNDS, DAMAGE, MODELS, SHIELD, TRAIT
from rules.games.pulp_city.skills import SkillsField, parse_skills, skills_text
from rules.models import LibraryEntry
from rules.selectors import rules_book

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


def bounded(label, place, help_text=""):
    """A number field taking exactly what the roster file holds at `place`."""
    low, high = BOUNDS[place]
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
    exclusive_to = forms.ChoiceField(
        required=False,
        label="Exclusive to",
        help_text="Resources: the named Supreme who alone may take it, if any (p.36).",
    )
    models = bounded("Models per card", MODELS, help_text="Minions only.")
    shield = bounded("Shield", SHIELD, help_text="Minions only.")
    damage = bounded("Damage", DAMAGE, help_text="A Minion's or a Supreme's Damage.")
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
    ap = bounded("AP Allowance", AP)
    skills = SkillsField(
        help_text="Supremes, as on the card, with values: Blitzer 2, Mechanical",
    )

    def __init__(self, *args, ruleset, **kwargs):
        super().__init__(*args, ruleset=ruleset, **kwargs)
        built_in = LibraryEntry.objects.filter(ruleset=ruleset, owner=None).order_by("name")
        self.fields["origin"].choices = [("", "—")] + [
            (e.slug, e.name) for e in built_in.filter(kind="origin")
        ]
        self.fields["team_allegiance"].choices = [("", "None")] + [
            (e.slug, e.name) for e in built_in.filter(kind="sub-faction")
        ]
        self.fields["exclusive_to"].choices = [("", "Anyone")] + [
            (e.slug, e.name) for e in built_in.filter(kind="supreme")
        ]
        # The book's skill names, which the typed skills are read against.
        self.rules = rules_book(ruleset)
        self.fields["skills"].rules = self.rules
        for trait in TRAITS:
            self.fields[trait] = bounded(trait.capitalize(), TRAIT)

    def clean(self):
        data = super().clean()
        if data.get("kind") == "resource" and not data.get("category"):
            self.add_error(
                "category",
                "A house Resource needs its category: Minion, Weapon, Artifact, Device or Misc.",
            )
        return data

    @classmethod
    def data_lines(cls, entry, ruleset):
        """A house Supreme's skills and whom a house Resource is exclusive to, as typed."""
        data, rules = entry.data or {}, rules_book(ruleset)
        lines = [f"Skills: {skills_text(data['skills'], rules)}"] if data.get("skills") else []
        if data.get("exclusive_to"):
            owner = rules.entry("supreme", data["exclusive_to"]) or {}
            lines.append(f"Exclusive to {owner.get('name') or data['exclusive_to']}")
        return lines

    def house_data(self):
        """The card as the engine reads it: a Resource's category, numbers and the Supreme it
        is exclusive to, a Supreme's sides, Origin, allegiance, traits, Damage, AP and skills;
        nothing for other kinds."""
        data, kind = self.cleaned_data, self.cleaned_data.get("kind")
        if kind == "resource":
            card = {key: data[key] for key in RESOURCE_FIELDS}
            return card | {
                "category": data["category"],
                "usage": data["usage"] or None,
                "exclusive_to": data["exclusive_to"] or None,
            }
        if kind == "supreme":
            card = {key: data[key] for key in SUPREME_FIELDS}
            card["origin"] = card["origin"] or None
            card["team_allegiance"] = card["team_allegiance"] or None
            card["traits"] = {t: data[t] for t in TRAITS if data.get(t) is not None}
            if data["skills"].strip():
                card["skills"] = parse_skills(data["skills"], self.rules)
            return card
        return {}
