"""The 7TV Card Designer form: pick a Central Casting profile, name it, buy one or more models,
and (Stars and Co-Stars only) customise it the way p.38 allows — statistics, one genre swap,
movement, Magic User ranks, one special effect removed, generic effects added. The engine prices
every change; this form only writes them down as the roster format's `customisation`, taking
every number the file holds there, so the report is what says a change goes past p.38."""

from django import forms

from cards.designers.base import DesignerForm, bounded
from rules.games.seven_tv.definition import BOUNDS, MAGIC_USER, MODELS, MOVE, STAT_CHANGE

LEADS = ("star", "co-star")
TYPE_ORDER = ("star", "co-star", "extra", "vehicle")
CHANGEABLE_STATS = ("fight", "shoot", "defence", "mind", "body", "spirit")  # never Health


def ref(kind_slug):
    return kind_slug if "/" in kind_slug else f"special-effect/{kind_slug}"


class SevenTVCharacterForm(DesignerForm):
    fieldsets_template = "cards/designers/7tv.html"

    character_type = forms.ChoiceField(label="Profile")
    name = forms.CharField(max_length=80)
    count = bounded(MODELS, initial=1, label="Models")
    genre_from = forms.ChoiceField(required=False, label="Swap out the genre")
    genre_to = forms.ChoiceField(required=False, label="for")
    move = bounded(BOUNDS[MOVE], required=False, label='Move (")')
    magic_user = bounded(BOUNDS[MAGIC_USER], required=False, label="Add Magic User ranks")
    remove_effect = forms.ChoiceField(required=False, label="Remove a special effect")
    add_effects = forms.MultipleChoiceField(
        required=False, label="Add special effects", widget=forms.CheckboxSelectMultiple
    )
    flavour = forms.CharField(
        required=False, max_length=600, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        profiles = sorted(
            rules.of_kind("profile"),
            key=lambda e: (TYPE_ORDER.index(e["data"].get("type", "extra")), e["name"]),
        )
        self.fields["character_type"].choices = [
            (
                kind.capitalize() + "s",
                [
                    (e["slug"], f"{e['name']} ({e['cost']})")
                    for e in profiles
                    if e["data"].get("type") == kind
                ],
            )
            for kind in TYPE_ORDER
        ]
        for stat in CHANGEABLE_STATS:
            self.fields[f"{stat}_change"] = bounded(
                BOUNDS[STAT_CHANGE], required=False, initial=0, label=stat.capitalize()
            )
        genres = sorted(rules.of_kind("genre"), key=lambda e: e["name"])
        self.fields["genre_to"].choices = [("", "—")] + [(g["slug"], g["name"]) for g in genres]
        entry = self.profile_entry or {"data": {}}
        own = entry["data"].get("genres") or []
        self.fields["genre_from"].choices = [("", "—")] + [
            (slug, (rules.entry("genre", slug) or {"name": slug})["name"]) for slug in own
        ]
        self.fields["remove_effect"].choices = [("", "—")] + [
            (item["ref"], self.effect_name(item["ref"]))
            for item in entry["data"].get("special_effects") or []
        ]
        generic = sorted(rules.of_kind("special-effect"), key=lambda e: e["name"])
        self.fields["add_effects"].choices = [
            (f"special-effect/{e['slug']}", e["name"]) for e in generic
        ]

    def effect_name(self, kind_slug):
        kind, _, slug = kind_slug.partition("/")
        return (self.rules.entry(kind, slug) or {"name": slug})["name"]

    @property
    def profile_entry(self):
        return self.rules.entry("profile", self.value("character_type") or "")

    @property
    def is_lead(self):
        entry = self.profile_entry
        return bool(entry) and entry["data"].get("type") in LEADS

    @classmethod
    def initial_for(cls, *, rules, character_type, character=None):
        if character is not None:
            profile = character["profile"]
            custom = profile.get("customisation") or {}
            swap = custom.get("genre_swap") or {}
            initial = {
                "character_type": profile.get("base"),
                "name": character["name"],
                "count": profile.get("count", 1),
                "flavour": character.get("flavour", ""),
                "genre_from": swap.get("from", ""),
                "genre_to": swap.get("to", ""),
                "move": custom.get("move"),
                "magic_user": custom.get("magic_user"),
                "remove_effect": (custom.get("remove_effects") or [""])[0],
                "add_effects": custom.get("add_effects", []),
            }
            initial |= {
                f"{s}_change": (custom.get("stats") or {}).get(s, 0) for s in CHANGEABLE_STATS
            }
            return initial
        entry = rules.entry("profile", character_type or "")
        if entry is None:  # the designer opens on the first Star
            entry = next(
                (e for e in rules.of_kind("profile") if e["data"].get("type") == "star"), None
            )
        return {"character_type": entry["slug"], "name": entry["name"], "count": 1}

    def customisation(self):
        custom = {}
        stats = {}
        for stat in CHANGEABLE_STATS:
            by = self.number(f"{stat}_change", 0)
            if by:
                stats[stat] = by
        if stats:
            custom["stats"] = stats
        if self.value("genre_from") and self.value("genre_to"):
            custom["genre_swap"] = {"from": self.value("genre_from"), "to": self.value("genre_to")}
        for key in ("move", "magic_user"):
            if number := self.number(key, 0):
                custom[key] = number
        if self.value("remove_effect"):
            custom["remove_effects"] = [self.value("remove_effect")]
        if self.value("add_effects"):
            custom["add_effects"] = list(self.value("add_effects"))
        return custom

    def character_data(self):
        entry = self.profile_entry or {"slug": self.value("character_type"), "data": {}}
        profile = {"base": entry["slug"], "count": self.number("count", 1)}
        if self.is_lead and (custom := self.customisation()):
            profile["customisation"] = custom
        return {
            "name": (self.value("name") or "").strip(),
            "type": entry["data"].get("type", ""),
            "role": "",
            "profile": profile,
            "flavour": (self.value("flavour") or "").strip(),
        }

    def stat_fields(self):
        return [self[f"{stat}_change"] for stat in CHANGEABLE_STATS]
