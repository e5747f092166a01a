"""What a player can print, read from the database and turned into faces: the cards ticked
in My Cards, one of their rosters, or a whole deck. Every read of a player's things goes
through rosters.selectors, which filter by owner (somebody else's roster is a 404)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import prefetch_related_objects

from cards.campaign import CampaignPrint, campaign_print
from cards.printing import codes, faces
from cards.printing.portrait_prints import file_crop
from config.limits import PRINT_MAX_CARDS
from rosters import portraits
from rosters import selectors as rosters
from rosters.serialize import character_as_data, roster_as_data
from rules import selectors as rules
from rules.engines import boss_roles, with_boss_names
from rules.engines.plain import repointed
from rules.models import Deck

CARDS = "cards"


@dataclass(frozen=True)
class Printable:
    """One thing to print: its faces and what could not be made into one."""

    title: str
    faces: list[faces.Face]
    skipped: list[str] = field(default_factory=list)
    # Characters whose copies the player may change: (form key, name, copies).
    characters: list[tuple[str, str, int]] = field(default_factory=list)
    # The roster these are the cards of, if any: the Print page offers its other papers.
    roster: object = None
    # The version of the rules data the roster is read by (rosters.selectors.ReadBy): the
    # Print page names an older one it prints by while an update waits.
    read_by: object = None

    @property
    def card_count(self):
        return sum(face.copies for face in self.faces)

    @property
    def blanks(self):
        """(card title, values it prints empty) for each card of the job with blanks."""
        return [(face.title, face.blanks) for face in self.faces if face.copies and face.blanks]

    @property
    def blank_count(self):
        return sum(count for _, count in self.blanks)

    @property
    def too_big(self):
        """Why this job is refused, or "" if it may print: past PRINT_MAX_CARDS one request
        would hold a worker for minutes."""
        if self.card_count <= PRINT_MAX_CARDS:
            return ""
        return (
            f"That is {self.card_count} cards: one print job makes at most {PRINT_MAX_CARDS} "
            f"(50 A4 sheets). Print fewer copies, or print it in parts."
        )


def stored_portrait(character) -> bytes | None:
    """The 300 dpi print crop the designer saved, stripped of metadata in case it was stored
    before uploads were."""
    if not character.portrait_print:
        return None
    with character.portrait_print.open("rb") as image:
        return portraits.without_metadata(image.read())


def exported_portrait(portrait) -> bytes | None:
    """A roster file's portrait ({media_type, data, crop}) cut to the card's box. Pillow
    decodes and re-encodes it, so nothing but pixels reaches the PDF; a picture cut this way
    before comes from the print cache."""
    if not portrait:
        return None
    return file_crop(portrait["data"], portrait.get("crop"))


def source_choices(player):
    """Everything the player can print, for the Print page's menu: (value, label)."""
    choices = [(CARDS, "Cards ticked in My Cards")]
    choices += [(f"roster-{r.pk}", f"Roster: {r.name}") for r in rosters.rosters_of(player)]
    for deck in Deck.objects.select_related("ruleset").order_by("ruleset__order", "order"):
        choices.append(
            (f"deck-{deck.ruleset.slug}/{deck.slug}", f"{deck.ruleset.name}: {deck.name}")
        )
    return choices


def character_faces(entries, player, copies, campaign=None, books=None, roster_pk=None):
    """Faces for (character, role) pairs, one rules book per ruleset; cards of a ruleset
    with no card design yet are named in `skipped`, not dropped silently. A roster's cards
    carry its `campaign` (CampaignPrint): what each character brings from game to game.
    `books` are rules books the caller already read, by ruleset slug, so none is read twice.
    A roster's cards (`roster_pk`) carry their printed codes (codes.py)."""
    campaign = campaign or CampaignPrint()
    books = dict(books or {})
    made, skipped, listed = [], [], []
    for character, role in entries:
        key = f"copies-{character.pk}"
        count = copies.get(key, 1)
        listed.append((key, character.name, count))
        ruleset = character.ruleset
        if ruleset.slug not in books:
            books[ruleset.slug] = rules.rules_book(ruleset, player)
        data = character_as_data(character, role)
        try:
            face = faces.character_face(
                data,
                books[ruleset.slug],
                ruleset_name=ruleset.name,
                portrait=stored_portrait(character),
                copies=count,
                campaign=campaign.on_card(data),
            )
        except faces.NoCardDesign as error:
            skipped.append(f"{character.name}: {error}")
            continue
        if roster_pk is not None:
            face = codes.stamped(face, roster_pk=roster_pk, card_pk=character.pk)
        made.append(face)
    return made, skipped, listed


def marked_cards(player, copies) -> Printable:
    marked = rosters.characters_of(player).filter(marked_for_print=True)
    made, skipped, listed = character_faces(((c, "") for c in marked), player, copies)
    return Printable("My ticked cards", made, skipped, listed)


def roster_cards(player, pk, copies) -> Printable:
    roster = rosters.roster_or_404(player, pk)
    members = rosters.members_of(roster)
    prefetch_related_objects([member.character for member in members], "ruleset")
    # A card prints whom its figure serves by name; the role holds the boss's id.
    names = {str(member.character_id): member.character.name for member in members}
    prefixes = boss_roles(roster.ruleset.slug)
    pairs = ((member.character, repointed(member.role, prefixes, names)) for member in members)
    read = rosters.read_by(roster, player)
    book = read.rules
    campaign = campaign_print(roster_as_data(roster, members), book)
    made, skipped, listed = character_faces(
        pairs, player, copies, campaign, books={roster.ruleset.slug: book}, roster_pk=roster.pk
    )
    return Printable(roster.name, made, skipped, listed, roster=roster, read_by=read)


def deck_as_data(deck, ruleset, player=None):
    """The deck as its faces read it, with the player's completions of its cards."""
    return {
        "ruleset": ruleset.slug,
        "ruleset_name": ruleset.name,
        "slug": deck.slug,
        "name": deck.name,
        "back_label": deck.back_label,
        "cards": [
            {key: card[key] for key in ("number", "name", "copies", "page", "data")}
            for card in rules.deck_with_completions(deck, player)
        ],
    }


def deck_cards(ruleset_slug, deck_slug, player=None) -> Printable:
    ruleset = rules.ruleset_or_404(ruleset_slug)
    deck = rules.deck_or_404(ruleset, deck_slug)
    try:
        made = faces.deck_faces(deck_as_data(deck, ruleset, player))
    except faces.NoCardDesign as error:
        return Printable(deck.name, [], [str(error)])
    return Printable(deck.name, made)


def printable(player, source, copies) -> Printable:
    """The Printable a source value from source_choices names; 404 for anything unknown or
    not the player's."""
    if source.startswith("roster-"):
        return roster_cards(player, source.removeprefix("roster-"), copies)
    if source.startswith("deck-"):
        ruleset_slug, _, deck_slug = source.removeprefix("deck-").partition("/")
        return deck_cards(ruleset_slug, deck_slug, player)
    return marked_cards(player, copies)


def roster_file_faces(roster: dict, rules_book, *, ruleset_name) -> list[faces.Face]:
    """Faces for a roster file (the JSON roster format), portraits included: what
    `roster print FILE.json` prints. One copy of each character."""
    book = rules_book.with_house_rules(roster.get("house_rules", []))
    campaign = campaign_print(roster, book)
    return [
        faces.character_face(
            character,
            book,
            ruleset_name=ruleset_name,
            portrait=exported_portrait(character.get("portrait")),
            campaign=campaign.on_card(character),
        )
        for character in with_boss_names(roster["characters"], rules_book.ruleset)
    ]
