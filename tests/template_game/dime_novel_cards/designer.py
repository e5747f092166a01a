"""Dime Novel's Card Designer form: a character's type, name, knacks and flavour."""

from django import forms

from cards.designers.base import DesignerForm


class DimeNovelCharacterForm(DesignerForm):
    fieldsets_template = "cards/designers/dime-novel.html"

    character_type = forms.ChoiceField(label="Character type")
    name = forms.CharField(max_length=80)
    knacks = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    flavour = forms.CharField(required=False, max_length=600, widget=forms.Textarea)

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.fields["character_type"].choices = [
            (slug, kind["name"]) for slug, kind in rules.character_types.items()
        ]
        self.fields["knacks"].choices = [(k["slug"], k["name"]) for k in rules.of_kind("knack")]

    @classmethod
    def initial_for(cls, *, rules, character_type, character=None):
        if character is None:
            slug = character_type if rules.character_type(character_type or "") else None
            slug = slug or next(iter(rules.character_types), "")
            return {"character_type": slug, "name": (rules.character_type(slug) or {}).get("name")}
        return {
            "character_type": character.get("type"),
            "name": character.get("name", ""),
            "knacks": (character.get("profile") or {}).get("knacks", []),
            "flavour": character.get("flavour", ""),
        }

    def character_data(self):
        return {
            "name": self.value("name") or "",
            "type": self.value("character_type"),
            "profile": {"knacks": list(self.value("knacks") or [])},
            "flavour": self.value("flavour") or "",
        }
