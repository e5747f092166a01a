"""The Pulp Alley Card Designer form: a character type's creation profile, base dice,
abilities and the choices Animal and Extraordinary need, as a roster-format character."""

from django import forms

from cards.designers.base import DesignerForm, bounded
from rules.engines.dice import ABSENT, DiceError, parse_dice
from rules.games.pulp_alley.definition import SKILL_DICE
from rules.games.pulp_alley.profile import (
    DIE_TYPES,
    SKILLS,
    add_dice_prompt,
    choice_of,
    choosable_skills,
    raise_die_prompt,
    skill_name,
    struck_out,
)


def split_dice(value):
    """'3d8' → (3, 'd8'); '—' or anything unreadable → (0, None)."""
    try:
        dice = parse_dice(value)
    except DiceError:
        return (0, None)
    return dice.count, dice.die


def creation_skills(type_profile):
    """A type's creation pattern laid on the skills in book order, as the book's samples do:
    the biggest pools and dice first. The player rearranges from there."""
    counts = sorted(type_profile.get("dice_counts") or [1] * 6, reverse=True)
    dice = sorted(type_profile.get("die_types") or ["d6"] * 6, key=lambda d: -int(d[1:]))
    return {skill: f"{count}{die}" for skill, count, die in zip(SKILLS, counts, dice, strict=False)}


class PulpAlleyCharacterForm(DesignerForm):
    fieldsets_template = "cards/designers/pulp-alley.html"

    character_type = forms.ChoiceField(label="Character type")
    name = forms.CharField(max_length=80)
    health = forms.ChoiceField(choices=[(d, d) for d in DIE_TYPES])
    abilities = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    animal_skills = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    extraordinary_skill = forms.ChoiceField(required=False)
    flavour = forms.CharField(
        required=False, max_length=600, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        types = sorted(
            rules.character_types.values(), key=lambda t: (t["level"] is None, -(t["level"] or 0))
        )
        self.fields["character_type"].choices = [(t["slug"], t["name"]) for t in types]
        # The skills each choice ability may pick, and its prompt, as its effect in the rules
        # data says.
        animal = choosable_skills(choice_of(rules, "animal", "add_dice_choice"))
        self.fields["animal_skills"].choices = [(s, skill_name(s)) for s in animal]
        self.fields["animal_skills"].label = add_dice_prompt(rules.entry("ability", "animal"))
        extraordinary = choosable_skills(choice_of(rules, "extraordinary", "raise_die_choice"))
        self.fields["extraordinary_skill"].choices = [("", ABSENT)] + [
            (s, skill_name(s)) for s in extraordinary
        ]
        self.fields["extraordinary_skill"].label = raise_die_prompt(
            rules.entry("ability", "extraordinary")
        )
        # Only a skill some ability strikes out may be left at 0 dice.
        self.may_lack = struck_out(rules.of_kind("ability"))
        for skill in SKILLS:
            least, most = SKILL_DICE
            self.fields[f"{skill}_count"] = bounded(
                (0 if skill in self.may_lack else least, most), label=skill_name(skill)
            )
            # The grid's column heading is no label: a screen reader needs the skill named.
            self.fields[f"{skill}_die"] = forms.ChoiceField(
                choices=[(d, d) for d in DIE_TYPES],
                required=False,
                widget=forms.Select(attrs={"aria-label": f"{skill_name(skill)} die type"}),
            )
        abilities = sorted(rules.of_kind("ability"), key=lambda a: (a["level"] or 0, a["name"]))
        self.fields["abilities"].choices = [(a["slug"], a["name"]) for a in abilities]
        self.ability_entries = abilities
        if self.non_combatant:
            # A second-edition Associate has no dice at all: nothing to fill in.
            for name in ["health"] + [f"{s}_{part}" for s in SKILLS for part in ("count", "die")]:
                self.fields[name].required = False

    @property
    def non_combatant(self):
        kind = self.rules.character_type(self.value("character_type")) or {}
        return bool(kind.get("profile", {}).get("non_combatant"))

    @classmethod
    def initial_for(cls, *, rules, character_type, character=None):
        """Initial values: the saved character's, or the type's creation profile."""
        if character is not None:
            profile = character["profile"]
            initial = {
                "character_type": character["type"],
                "name": character["name"],
                "flavour": character.get("flavour", ""),
                "health": profile.get("health"),
                "abilities": profile.get("abilities", []),
            }
            choices = profile.get("ability_choices", {})
            initial["animal_skills"] = choices.get("animal", [])
            initial["extraordinary_skill"] = (choices.get("extraordinary") or [""])[0]
            skills = profile.get("skills", {})
        else:
            type_profile = rules.character_type(character_type)["profile"]
            initial = {"character_type": character_type, "health": type_profile.get("health")}
            skills = creation_skills(type_profile)
        for skill in SKILLS:
            count, die = split_dice(skills.get(skill))
            initial[f"{skill}_count"] = count
            initial[f"{skill}_die"] = die or "d6"
        return initial

    def character_data(self):
        """The roster-format character this form describes (lenient: half-typed is fine)."""
        skills = {}
        for skill in SKILLS:
            count, die = self.number(f"{skill}_count", 0), self.value(f"{skill}_die") or "d6"
            skills[skill] = f"{count}{die}" if count > 0 else ABSENT
        abilities = list(self.value("abilities") or [])
        choices = {}
        if "animal" in abilities:
            choices["animal"] = list(self.value("animal_skills") or [])
        if "extraordinary" in abilities and self.value("extraordinary_skill"):
            choices["extraordinary"] = [self.value("extraordinary_skill")]
        profile = {"health": self.value("health"), "skills": skills, "abilities": abilities}
        if self.non_combatant:
            profile = {"abilities": abilities}
        if choices:
            profile["ability_choices"] = choices
        return {
            "name": (self.value("name") or "").strip(),
            "type": self.value("character_type"),
            "role": "",
            "profile": profile,
            "flavour": (self.value("flavour") or "").strip(),
        }

    def skill_rows(self):
        """Each skill's count and die fields, and whether it may be left without dice."""
        return [
            (self[f"{skill}_count"], self[f"{skill}_die"], skill in self.may_lack)
            for skill in SKILLS
        ]

    def ability_rows(self):
        """Each ability with whether this character's level allows it, and why not."""
        kind = self.rules.character_type(self.value("character_type")) or {}
        level = kind.get("level")
        chosen = set(self.value("abilities") or [])
        rows = []
        for entry in self.ability_entries:
            allowed = level is not None and (entry["level"] or 0) <= level
            reason = ""
            if not allowed:
                reason = (
                    f"Level {entry['level']}: needs a level-{entry['level']} character"
                    if level is not None
                    else f"{kind.get('name', 'This type')} takes no abilities"
                )
            rows.append(
                {
                    "entry": entry,
                    "checked": entry["slug"] in chosen,
                    "allowed": allowed,
                    "reason": reason,
                }
            )
        return rows
