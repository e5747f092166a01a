"""What one ruleset is made of, in one place. Each registered game has one RulesetDefinition
(rules/games/<game>/definition.py; rules/rulesets/__init__.py is the registry and
docs/adding-a-ruleset.md says how to add one).

Parts that live in other apps (the Card Designer form, card faces, the cheat-sheet reading) are
named by dotted path and imported on first use, so defining a ruleset never imports `cards`
while the apps are still loading. The checks in rules/checks.py and cards/checks.py resolve every
part at start-up, so a missing or misspelt one fails loudly there, not on a player's request."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType, ModuleType

from django.utils.module_loading import import_string

from rules.rulesets.parts import BuilderSpec

NOTHING = MappingProxyType({})


class UnknownRuleset(LookupError):
    """No registered definition for this slug (the game may still be listed, without data)."""


@dataclass(frozen=True)
class RulesetDefinition:
    """One game. Its data lives in fixtures/<slug>/ by convention: the rules YAML, the
    cheat-sheet YAML in cheatsheet/, the sample forces in samples/ and the roster file's part
    for this game in roster-schema.json ({"choices", "profile", "$defs"}, and
    "house_rule_data" when its house rules hold data; joined to the shared schema by
    rosters/schema.py). The checks find all of them from the slug."""

    slug: str
    # The roster engine: a module with evaluate, printed_profile (a PrintedProfile),
    # character_findings, character_cost, role_choices and EFFECT_KEYS (see rules/engines/base.py).
    engine: str
    # The Card Designer form class (a cards.designers.base.DesignerForm).
    designer: str
    # The FaceKind that prints one character's card, and one per printable deck slug.
    character_face: str
    # How a printed profile reads in the roster reference: f(character, printed, rules).
    cheatsheet_reading: str
    # What the roster builder offers besides the cards (rules/rulesets/parts.py).
    builder: BuilderSpec = field(default_factory=BuilderSpec)
    deck_faces: Mapping[str, str] = NOTHING
    # House-rule kinds players may add → the number each needs ("level" or "cost").
    house_rule_kinds: Mapping[str, str] = NOTHING
    # Optional: the house-rules form (a rules.forms.HouseRuleForm) when this game's house
    # rules carry data its checks read; its house_data() is stored as the entry's data.
    house_rule_form: str = "rules.forms.HouseRuleForm"
    # Library kind → the `$defs` name, in this game's part of the roster schema, of what a
    # player may complete of such an entry where the book leaves it empty (its bounds too;
    # rules/engines/completions.py).
    completions: Mapping[str, str] = NOTHING
    # Library kind → (singular, plural) as the book names it on the site.
    kind_labels: Mapping[str, tuple[str, str]] = NOTHING
    # Deck slug → the fields every card of that deck must carry to be playable.
    deck_card_needs: Mapping[str, tuple[str, ...]] = NOTHING
    # Optional: f(roster, rules, paper) -> cards.printing.tokens.TokenSheet, the counters a
    # force uses at the table (Pulp Fiction's activation point, wound and ammo markers).
    token_sheet: str = ""
    # The book's sample force, a roster file in fixtures/<slug>/samples/ (with its readers' copy
    # in docs/examples/), that the conformance suite plays through.
    example: str = ""
    # The whole numbers its part of the roster file holds, by place in the file
    # ("campaign.reputation", "characters[].profile.count", "campaign.banks.*" for each field
    # of an object) → (least, most). The forms that set them take the same numbers, and a test
    # holds the file's schema to them: whatever a form accepts, the roster's export imports.
    bounds: Mapping[str, tuple[int, int]] = NOTHING
    # Between-game rules (rules/games/<game>/campaign.py: campaign_state, record_result,
    # learn_ability); empty when the book gives none, and the league page says so.
    campaign: str = ""
    # Without between-game rules here: what the book says about campaigns, or that it has
    # none (shown on the league page in place of the campaign panel; the start-up check
    # wants one or the other).
    campaign_note: str = ""
    # At the table: the module whose `tracks(force)` says what a game of it tracks, and
    # `campaign_prefill(force, values)` what its end offers the campaign (rules/engines/play.py).
    play: str = ""

    @property
    def campaign_module(self) -> ModuleType | None:
        return importlib.import_module(self.campaign) if self.campaign else None

    @property
    def play_module(self) -> ModuleType | None:
        return importlib.import_module(self.play) if self.play else None

    @property
    def engine_module(self) -> ModuleType:
        return importlib.import_module(self.engine)

    @property
    def house_rule_form_class(self):
        return import_string(self.house_rule_form)

    @property
    def designer_form(self):
        return import_string(self.designer)

    @property
    def character_face_kind(self):
        return import_string(self.character_face)

    def deck_face_kind(self, deck_slug):
        path = self.deck_faces.get(deck_slug)
        return import_string(path) if path else None

    @property
    def reading(self):
        return import_string(self.cheatsheet_reading)

    @property
    def token_sheet_maker(self):
        return import_string(self.token_sheet) if self.token_sheet else None

    @property
    def paper_folders(self) -> tuple[Path, ...]:
        """The folders of the modules its paper parts live in (designer, faces, reading, token
        sheet), found without importing them: each one's templates/ holds the game's templates,
        and the print fingerprint reads them. A part that cannot be found is left out here;
        the start-up checks name it."""
        paths = (self.designer, self.character_face, *self.deck_faces.values())
        paths += (self.cheatsheet_reading, self.token_sheet)
        folders = []
        for path in filter(None, paths):
            try:
                spec = importlib.util.find_spec(path.rpartition(".")[0])
            except (ImportError, ValueError):
                continue
            folder = Path(spec.origin).parent if spec and spec.origin else None
            if folder and folder not in folders:
                folders.append(folder)
        return tuple(folders)


def kind_label(labels: Mapping[str, tuple[str, str]], kind, plural=False):
    """A library kind as the book names it, else its slug in words."""
    singular, many = labels.get(kind, (kind.replace("-", " ").capitalize(),) * 2)
    return many if plural else singular
