"""The games' rules as data. Built-in rows come from fixtures/; a row with an owner is a
player's house rule and is only ever shown to that player."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from accounts.freshness import FreshManager
from rules.engines.plain import citation

# A source without page numbers (Pulp Fiction is a web page) is cited by section heading.
SECTION_HELP = "the source's section heading, where it has no page numbers"


def new_data_version():
    return uuid.uuid4().hex


class Ruleset(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=80)
    edition = models.CharField(max_length=120)
    source_book = models.CharField(max_length=200)
    force_name = models.CharField(max_length=40, help_text="league, cast, team, band")
    budget_unit = models.CharField(max_length=40, blank=True, help_text="slots, ratings, …")
    default_budget = models.PositiveIntegerField(null=True, blank=True)
    summary = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)
    # A fresh stamp whenever this game or its built-in types or entries change (BuiltInRow,
    # accounts/freshness.py), so a rules book built from them is known to be current
    # (rules.selectors keeps books by it).
    data_version = models.CharField(max_length=32, default=new_data_version, editable=False)

    objects = FreshManager()

    class Meta:
        ordering = ["order", "name"]

    def __str__(self):
        return self.name


class BuiltInRow(models.Model):
    """A game's built-in rules: any write to a row without an owner renews its ruleset's
    data_version, by whatever ORM path it is made (accounts/freshness.py), so no rules book
    built from the old row is served. A row with an owner is a house rule, read fresh every
    time, and renews its player's stamp instead."""

    objects = FreshManager()

    class Meta:
        abstract = True


# What a rules book holds of a character type or a library entry, besides its slug (and an
# entry's kind): the loader writes these from fixtures/ (rules.loading), the book is built
# from them in the database (rules.selectors) or from the files (rules.fixture_book), and two
# house rules that agree on them are the same rule (rules.services).
TYPE_RULES = (
    "name",
    "level",
    "cost",
    "min_per_roster",
    "max_per_roster",
    "profile",
    "page",
    "section",
    "edition",
)
ENTRY_RULES = ("name", "level", "cost", "page", "section", "edition", "summary", "effect", "data")


class CharacterType(BuiltInRow):
    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="character_types")
    slug = models.SlugField()
    name = models.CharField(max_length=80)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    min_per_roster = models.PositiveSmallIntegerField(default=0)
    max_per_roster = models.PositiveSmallIntegerField(null=True, blank=True)
    # The creation pattern, in the ruleset's own shape (Pulp Alley: dice counts and types).
    profile = models.JSONField(default=dict, blank=True)
    summary = models.TextField(blank=True)
    page = models.PositiveSmallIntegerField(null=True, blank=True)
    section = models.CharField(max_length=120, blank=True, help_text=SECTION_HELP)
    edition = models.CharField(max_length=40, default="core")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["ruleset", "order"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_type_per_ruleset")
        ]

    def __str__(self):
        return self.name

    @property
    def citation(self):
        return citation(self.page, self.section)


class LibraryEntry(BuiltInRow):
    """One named thing from a book's lists: an ability, perk, special effect, trait, prop,
    resource, skill…; `kind` says which. `effect` is the machine-readable part the engines
    use; `data` holds anything else structured (thresholds, profiles, groups)."""

    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="entries")
    kind = models.SlugField(max_length=40)
    slug = models.SlugField(max_length=80)
    name = models.CharField(max_length=120)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    summary = models.TextField()
    page = models.PositiveSmallIntegerField(null=True, blank=True)
    section = models.CharField(max_length=120, blank=True, help_text=SECTION_HELP)
    edition = models.CharField(max_length=40, default="core")
    effect = models.JSONField(default=dict, blank=True)
    data = models.JSONField(default=dict, blank=True)
    uncertain = models.BooleanField(default=False)
    note = models.TextField(blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="house_rules",
    )
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["ruleset", "kind", "level", "name"]
        verbose_name_plural = "library entries"
        constraints = [
            models.UniqueConstraint(
                fields=["ruleset", "kind", "slug"],
                condition=Q(owner__isnull=True),
                name="unique_builtin_entry",
            ),
            models.UniqueConstraint(
                fields=["ruleset", "kind", "slug", "owner"],
                condition=Q(owner__isnull=False),
                name="unique_house_rule",
            ),
        ]
        indexes = [models.Index(fields=["ruleset", "kind"])]

    def __str__(self):
        return self.name

    @property
    def is_custom(self):
        return self.owner_id is not None

    @property
    def citation(self):
        return citation(self.page, self.section)


class Deck(models.Model):
    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="decks")
    slug = models.SlugField()
    name = models.CharField(max_length=80)
    summary = models.TextField(blank=True)
    back_label = models.CharField(max_length=60, blank=True)
    page = models.PositiveSmallIntegerField(null=True, blank=True)
    edition = models.CharField(max_length=40, default="core")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["ruleset", "order"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_deck_per_ruleset")
        ]

    def __str__(self):
        return self.name

    @property
    def physical_count(self):
        return sum(card.copies for card in self.cards.all())


class DeckCard(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    number = models.CharField(max_length=12)
    name = models.CharField(max_length=120, blank=True)
    copies = models.PositiveSmallIntegerField(default=1)
    page = models.PositiveSmallIntegerField(null=True, blank=True)
    # The card's faces in the deck's own shape (Fortune: play, effect, challenge).
    data = models.JSONField(default=dict, blank=True)
    uncertain = models.BooleanField(default=False)
    note = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["deck", "order"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="unique_card_number")
        ]

    def __str__(self):
        return f"{self.deck} #{self.number}"


class DataVersion(models.Model):
    """One numbered version of a game's built-in rules data (rules/data_versions.py): made when
    loading the fixtures changes the game's built-in data, never by a player. It keeps the
    changelog file's entries new with it (`notes`: what changed, why, the page), what changed
    as counted from the data (`changes`: entries added, removed and changed by kind and slug,
    with the fields), and the built-in types, entries and decks as they then were (`snapshot`),
    so a roster checked against it can still be read as it was and compared with today's data."""

    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="data_versions")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    notes = models.JSONField(default=list, blank=True)
    changes = models.JSONField(default=dict, blank=True)
    snapshot = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["ruleset", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "number"], name="unique_data_version")
        ]

    def __str__(self):
        return f"{self.ruleset} v{self.number}"
