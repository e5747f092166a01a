"""The Pulp City Card Designer form: a Supreme's Level, side icons, Origin, Team Allegiance,
six traits with their Trump Traits, Damage, AP Allowance, skills with values, up to three
Exclusive Actions in the book's notation, its Team Power and the Resources it brings. A
player may start from a Supreme the Game Guide names: whatever is left blank comes from the
book's partial card (the engine merges them), so only what the player enters is written."""

from django import forms

from cards.designers.base import DesignerForm
from rules.engines.plain import as_dict, as_list
from rules.games.pulp_city.definition import AP, DAMAGE, RADIUS, RANGE, TRAIT
from rules.games.pulp_city.house_rules import TRAITS, bounded, trump_traits_field
from rules.games.pulp_city.skills import SkillsField, parse_skills, skills_text

SIDES = (("heroes", "Hero"), ("villains", "Villain"))
ATTACKS = (
    ("", "—"),
    ("close", "Close combat"),
    ("pr", "Projectile (Pr)"),
    ("r", "Ray (R)"),
    ("bl", "Blast (BlX)"),
    ("sbl", "Self Blast (SBlX)"),
    ("au", "Aura (AuX)"),
)
ACTION_SLOTS = 3
ACTION_PARTS = ("name", "type", "radius", "attack_trait", "defense_trait", "range", "ap", "summary")


def entry_choices(rules, kind, blank="—"):
    entries = sorted(rules.of_kind(kind), key=lambda e: str(e.get("name") or ""))
    return [("", blank)] + [(e["slug"], e["name"]) for e in entries]


class PulpCityCharacterForm(DesignerForm):
    fieldsets_template = "cards/designers/pulp-city.html"

    character_type = forms.ChoiceField(label="Level")
    base = forms.ChoiceField(required=False, label="Start from")
    name = forms.CharField(max_length=80)
    sides = forms.MultipleChoiceField(
        required=False, choices=SIDES, widget=forms.CheckboxSelectMultiple, label="Side icons"
    )
    origin = forms.ChoiceField(required=False)
    team_allegiance = forms.ChoiceField(required=False, label="Team Allegiance")
    trump_traits = trump_traits_field()
    damage = bounded("Damage", DAMAGE)
    ap = bounded("AP Allowance", AP)
    skills = SkillsField(
        help_text="As on the card, with values: Blitzer 2, Mechanical",
    )
    team_power_name = forms.CharField(required=False, max_length=80, label="Team Power")
    team_power_summary = forms.CharField(
        required=False, max_length=600, widget=forms.Textarea(attrs={"rows": 2}), label="Its effect"
    )
    resources = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Resources it brings"
    )
    flavour = forms.CharField(
        required=False, max_length=600, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.fields["skills"].rules = rules
        levels = sorted(rules.character_types.values(), key=lambda t: t.get("level") or 0)
        self.fields["character_type"].choices = [(t["slug"], t["name"]) for t in levels]
        self.fields["base"].choices = entry_choices(rules, "supreme", "My own Supreme")
        self.fields["origin"].choices = entry_choices(rules, "origin")
        self.fields["team_allegiance"].choices = entry_choices(rules, "sub-faction", "None")
        self.fields["resources"].choices = [
            (e["slug"], f"{e['name']} (level {e['level'] if e.get('level') is not None else '?'})")
            for e in sorted(rules.of_kind("resource"), key=lambda e: e["name"])
        ]
        trait_choices = [("", "—")] + [(t, t.capitalize()) for t in TRAITS]
        for trait in TRAITS:
            self.fields[trait] = bounded(trait.capitalize(), TRAIT)
        for slot in range(1, ACTION_SLOTS + 1):
            fields = {
                "name": forms.CharField(required=False, max_length=80, label="Exclusive Action"),
                "type": forms.ChoiceField(required=False, choices=ATTACKS, label="Type"),
                "radius": bounded("X", RADIUS),
                "attack_trait": forms.ChoiceField(
                    required=False, choices=trait_choices, label="Trait"
                ),
                "defense_trait": forms.ChoiceField(
                    required=False, choices=trait_choices, label="vs."
                ),
                "range": bounded("rng", RANGE),
                "ap": forms.CharField(required=False, max_length=12, label="AP"),
                "summary": forms.CharField(
                    required=False,
                    max_length=600,
                    widget=forms.Textarea(attrs={"rows": 2}),
                    label="Effect",
                ),
            }
            for part, field in fields.items():
                self.fields[f"action_{slot}_{part}"] = field

    @classmethod
    def initial_for(cls, *, rules, character_type, character=None):
        if character is None:
            known = character_type if rules.character_type(character_type or "") else "level-1"
            return {"character_type": known, "name": "", "sides": ["heroes"]}
        profile = as_dict(character.get("profile"))
        traits = as_dict(profile.get("traits"))
        power = as_dict(profile.get("team_power"))
        initial = {
            "character_type": character.get("type"),
            "base": profile.get("base") or "",
            "name": character.get("name", ""),
            "sides": as_list(profile.get("sides")),
            "origin": profile.get("origin") or "",
            "team_allegiance": profile.get("team_allegiance") or "",
            "trump_traits": as_list(profile.get("trump_traits")),
            "damage": profile.get("damage"),
            "ap": profile.get("ap"),
            "skills": skills_text(profile.get("skills"), rules),
            "team_power_name": power.get("name", ""),
            "team_power_summary": power.get("summary", ""),
            "resources": as_list(profile.get("resources")),
            "flavour": character.get("flavour", ""),
        }
        initial |= {trait: traits.get(trait) for trait in TRAITS}
        for slot, action in enumerate(as_list(profile.get("exclusive_actions"))[:ACTION_SLOTS], 1):
            action = as_dict(action)
            attack = as_dict(action.get("attack"))
            initial |= {
                f"action_{slot}_name": action.get("name", ""),
                f"action_{slot}_type": attack.get("type") or "",
                f"action_{slot}_radius": attack.get("radius"),
                f"action_{slot}_attack_trait": action.get("attack_trait") or "",
                f"action_{slot}_defense_trait": action.get("defense_trait") or "",
                f"action_{slot}_range": action.get("range"),
                f"action_{slot}_ap": "" if action.get("ap") is None else str(action["ap"]),
                f"action_{slot}_summary": action.get("summary", ""),
            }
        return initial

    def number(self, name):
        value = self.value(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def text(self, name):
        value = self.value(name)
        return value.strip() if isinstance(value, str) else ""

    def action(self, slot):
        name = self.text(f"action_{slot}_name")
        if not name:
            return None
        kind = self.text(f"action_{slot}_type")
        return {
            "name": name,
            "attack": {"type": kind, "radius": self.number(f"action_{slot}_radius")}
            if kind
            else None,
            "attack_trait": self.text(f"action_{slot}_attack_trait") or None,
            "defense_trait": self.text(f"action_{slot}_defense_trait") or None,
            "range": self.number(f"action_{slot}_range"),
            "ap": self.text(f"action_{slot}_ap") or None,
            "combinable": name.endswith("*"),
            "summary": self.text(f"action_{slot}_summary"),
        }

    def character_data(self):
        """Only what the player entered: a blank field leaves the base Supreme's value."""
        profile = {}
        if self.text("base"):
            profile["base"] = self.text("base")
        for key in ("sides", "trump_traits", "resources"):
            if self.value(key):
                profile[key] = list(self.value(key))
        for key in ("origin", "team_allegiance"):
            if self.text(key):
                profile[key] = self.text(key)
        traits = {trait: self.number(trait) for trait in TRAITS if self.number(trait) is not None}
        if traits:
            profile["traits"] = traits
        for key in ("damage", "ap"):
            if self.number(key) is not None:
                profile[key] = self.number(key)
        if self.text("skills"):
            profile["skills"] = parse_skills(self.text("skills"), self.rules)
        actions = [a for a in (self.action(slot) for slot in range(1, ACTION_SLOTS + 1)) if a]
        if actions:
            profile["exclusive_actions"] = actions
        if self.text("team_power_name") or self.text("team_power_summary"):
            profile["team_power"] = {
                "name": self.text("team_power_name"),
                "summary": self.text("team_power_summary"),
            }
        return {
            "name": self.text("name"),
            "type": self.level_type(),
            "role": "",
            "profile": profile,
            "flavour": self.text("flavour"),
        }

    def level_type(self):
        """The Level chosen, or the one of the named Supreme it starts from: a Supreme's
        Level is part of who it is (p.9), so starting from Solar makes the card Level 2
        whatever the Level field said (players missed that the field had to be set first)."""
        base = self.rules.entry("supreme", self.text("base")) if self.text("base") else None
        level = as_dict(base).get("level")
        fitting = [
            slug for slug, kind in self.rules.character_types.items() if kind.get("level") == level
        ]
        return fitting[0] if level is not None and fitting else self.value("character_type") or ""

    def trait_fields(self):
        return [self[trait] for trait in TRAITS]

    def action_rows(self):
        return [
            [self[f"action_{slot}_{part}"] for part in ACTION_PARTS]
            for slot in range(1, ACTION_SLOTS + 1)
        ]
