"""The plain-data parts of a ruleset definition that are not code: what its roster builder
offers and what players may add as house rules."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Setting:
    """A scalar choice of the whole force (a 7TV cast's affiliation), from fixed choices or
    from the library entries of one kind."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...] = ()
    kind: str = ""  # take the choices from this library kind instead
    page: int | None = None


@dataclass(frozen=True)
class BuilderSpec:
    """What the roster builder offers besides the cards in the force."""

    choice_kinds: dict[str, str] = field(default_factory=dict)  # choices key → entry kind
    settings: tuple[Setting, ...] = ()
    # Entries a player can add as members without designing a card, listed by their member
    # type (`data.type`) in the order of the ruleset's character types.
    library_kind: str = ""
    budget_presets: tuple[tuple[int, str], ...] = ()
