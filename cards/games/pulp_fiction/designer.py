"""The Pulp Fiction Card Designer form: a figure's type and side, its traits, and its kit.
Weapons carry the numbers the player writes in (the source lost its charts), so each weapon
row has its own to-hit, range, attacks and weight. Move, wounds and saves are the engine's to
derive; the form only asks for wounds where the rules leave them to the card (a Main
Character or Villain without Small Build or Tough as Nails) and a move for Limited
Mobility. Whom a Secondary Character or Monster serves is chosen in the band builder."""

from django import forms

from cards.designers.base import DesignerForm, bounded
from rules.games.pulp_fiction.definition import ATTACKS, BOUNDS, MOVE, RANGE, SAVE, TO_HIT, WOUNDS

ROWS = range(1, 5)  # weapon rows on the form
MAX_OF_EACH = 4  # holsters are the most a figure may carry of one item
SIDES = (("", "—"), ("good", "Good"), ("bad", "Bad"), ("monsters", "Monsters"))
WEIGHTS = (("", "as listed"), ("light", "Light"), ("heavy", "Heavy"))
WEAPON_NUMBERS = (("to_hit", "To hit", TO_HIT), ("range_inches", 'Range (")', RANGE))
WEAPON_NUMBERS += (("attacks", "Attacks", ATTACKS),)


def by_name(entries):
    return sorted(entries, key=lambda entry: entry["name"])


class PulpFictionCharacterForm(DesignerForm):
    fieldsets_template = "cards/designers/pulp-fiction.html"

    character_type = forms.ChoiceField(label="Figure type")
    name = forms.CharField(max_length=80)
    side = forms.ChoiceField(choices=SIDES, required=False)
    wounds = bounded(BOUNDS[WOUNDS], required=False)
    move = bounded(BOUNDS[MOVE], required=False, label='Move (")')
    traits = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    dual_wielding = forms.BooleanField(required=False, label="Fires two light weapons together")
    armour = forms.ChoiceField(required=False, label="Armour")
    armour_save = bounded(BOUNDS[SAVE], required=False, label="Save (+)")
    flavour = forms.CharField(
        required=False, max_length=600, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.fields["character_type"].choices = [
            (slug, kind["name"]) for slug, kind in rules.character_types.items()
        ]
        self.fields["traits"].choices = [
            (t["slug"], t["name"]) for t in by_name(rules.of_kind("trait"))
        ]
        weapons = [("", "—")] + [(w["slug"], w["name"]) for w in by_name(rules.of_kind("weapon"))]
        for row in ROWS:
            self.fields[f"weapon_{row}"] = forms.ChoiceField(
                required=False, choices=weapons, label="Weapon"
            )
            for key, label, place in WEAPON_NUMBERS:
                self.fields[f"weapon_{row}_{key}"] = bounded(
                    BOUNDS[place], required=False, label=label
                )
            self.fields[f"weapon_{row}_weight"] = forms.ChoiceField(
                required=False, choices=WEIGHTS, label="Weight"
            )
            self.fields[f"weapon_{row}_holstered"] = forms.BooleanField(
                required=False, label="In a holster"
            )
        self.fields["armour"].choices = [("", "None")] + [
            (a["slug"], a["name"]) for a in by_name(rules.of_kind("armour"))
        ]
        for item in by_name(rules.of_kind("equipment")):
            self.fields[f"equipment_{item['slug']}"] = forms.IntegerField(
                required=False, min_value=0, max_value=MAX_OF_EACH, initial=0, label=item["name"]
            )

    def weapon_fields(self):
        """One list of bound fields per weapon row, for the template's table."""
        keys = ["", *(f"_{key}" for key, *_ in WEAPON_NUMBERS), "_weight", "_holstered"]
        return [[self[f"weapon_{row}{key}"] for key in keys] for row in ROWS]

    def equipment_fields(self):
        return [self[name] for name in self.fields if name.startswith("equipment_")]

    @classmethod
    def initial_for(cls, *, rules, character_type, character=None):
        if character is None:
            slug = character_type if rules.character_type(character_type or "") else None
            slug = slug or next(iter(rules.character_types), "")
            kind = rules.character_type(slug) or {}
            sides = (kind.get("profile") or {}).get("sides") or [""]
            return {"character_type": slug, "name": kind.get("name", ""), "side": sides[0]}
        profile = character.get("profile") or {}
        initial = {
            "character_type": character.get("type"),
            "name": character.get("name", ""),
            "side": profile.get("side", ""),
            "wounds": profile.get("wounds"),
            "move": profile.get("move"),
            "traits": profile.get("traits", []),
            "dual_wielding": profile.get("dual_wielding", False),
            "flavour": character.get("flavour", ""),
        }
        for row, weapon in zip(ROWS, profile.get("weapons") or [], strict=False):
            initial[f"weapon_{row}"] = weapon.get("weapon", "")
            for key, *_ in WEAPON_NUMBERS:
                initial[f"weapon_{row}_{key}"] = weapon.get(key)
            initial[f"weapon_{row}_weight"] = weapon.get("weight", "")
            initial[f"weapon_{row}_holstered"] = weapon.get("holstered", False)
        armour = (profile.get("armour") or [{}])[0]
        initial |= {"armour": armour.get("armour", ""), "armour_save": armour.get("save")}
        for slug in profile.get("equipment") or []:
            initial[f"equipment_{slug}"] = initial.get(f"equipment_{slug}", 0) + 1
        return initial

    def number(self, name):
        value = self.value(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def weapons(self):
        weapons = []
        for row in ROWS:
            slug = self.value(f"weapon_{row}")
            if not slug:
                continue
            weapon = {"weapon": slug}
            weapon |= {key: self.number(f"weapon_{row}_{key}") for key, *_ in WEAPON_NUMBERS}
            if self.value(f"weapon_{row}_weight") in ("light", "heavy"):
                weapon["weight"] = self.value(f"weapon_{row}_weight")
            if self.value(f"weapon_{row}_holstered") is True:
                weapon["holstered"] = True
            weapons.append(weapon)
        return weapons

    def equipment(self):
        slugs = []
        for name in self.fields:
            if name.startswith("equipment_"):
                count = self.number(name) or 0
                slugs += [name.removeprefix("equipment_")] * max(0, min(count, MAX_OF_EACH))
        return slugs

    def character_data(self):
        profile = {
            "side": self.value("side") or "",
            "traits": [slug for slug in self.value("traits") or [] if isinstance(slug, str)],
            "weapons": self.weapons(),
            "armour": (
                [{"armour": self.value("armour"), "save": self.number("armour_save")}]
                if self.value("armour")
                else []
            ),
            "equipment": self.equipment(),
        }
        for key in ("wounds", "move"):
            if self.number(key) is not None:
                profile[key] = self.number(key)
        if self.value("dual_wielding") is True:
            profile["dual_wielding"] = True
        if not profile["side"]:
            del profile["side"]
        return {
            "name": (self.value("name") or "").strip(),
            "type": self.value("character_type") or "",
            "role": "",
            "profile": profile,
            "flavour": (self.value("flavour") or "").strip(),
        }
