"""Reads about what a player has printed of a roster: which of the cards they hold are stale
(their code no longer matches what the card would print now), which cards to reprint, and
what a code found on a card says. Always through the player's own rosters."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db.models import Q

from cards.models import PrintedCard, RosterPrint
from cards.printing import codes, sources
from rosters import selectors as rosters
from rosters.models import Roster


@dataclass(frozen=True)
class StaleCard:
    """A physical card to throw away: named as printed, with the code on it, where it was
    printed, and what changed (empty when unknown, e.g. the card's design changed)."""

    name: str
    code: str
    sheet: int
    slot: int
    changes: tuple[str, ...]
    gone: bool  # its character is no longer in the roster


def last_print(roster) -> RosterPrint | None:
    return roster.prints.first()


def held_cards(roster) -> list[PrintedCard]:
    """The cards the player holds on paper since their last printing of the roster."""
    printing = last_print(roster)
    return list(printing.cards.all()) if printing else []


def faces_by_card(printable) -> dict[int, codes.Face]:
    """The roster's current faces by character pk, read from their codes."""
    found = {}
    for face in printable.faces:
        parsed = codes.parse(codes.code_of(face))
        if parsed:
            found[parsed[1]] = face
    return found


def is_current(held: PrintedCard, face) -> bool:
    if face is None or held.code != codes.code_of(face):
        return False
    return not held.back_code or held.back_code == codes.code_of(face.back)


def stale_of(held: list[PrintedCard], current: dict) -> list[StaleCard]:
    stale = []
    for card in held:
        face = current.get(card.character_id)
        if is_current(card, face):
            continue
        changes = () if face is None else codes.what_changed(card.shown, codes.shown_summary(face))
        stale.append(
            StaleCard(card.name, card.code, card.sheet, card.slot, tuple(changes), face is None)
        )
    return stale


def stale_printed_cards(player, roster_pk) -> list[StaleCard]:
    """Which printed cards of the player's roster are now wrong (a rules-data update, an
    edit, a removed character): every physical copy, in the order it was printed. A roster
    never printed has none. Somebody else's roster is a 404."""
    printable = sources.roster_cards(player, roster_pk, {})
    return stale_of(held_cards(printable.roster), faces_by_card(printable))


@dataclass(frozen=True)
class Reprint:
    """Only the cards that changed since the last printing (or were never printed): the
    Printable cut to them, the physical cards they replace (`stale`, to throw away), and
    the cards held that are still current (`kept`), which the next record carries over."""

    printable: sources.Printable
    stale: list[StaleCard]
    kept: list[PrintedCard]


def changed_only(printable) -> Reprint:
    """The roster's Printable cut to its changed cards, each with the copies asked, in the
    roster's order."""
    held = held_cards(printable.roster)
    current = faces_by_card(printable)
    kept = [card for card in held if is_current(card, current.get(card.character_id))]
    unchanged = {card.character_id for card in kept}
    faces = [face for pk, face in current.items() if pk not in unchanged]
    return Reprint(replace(printable, faces=faces), stale_of(held, current), kept)


@dataclass(frozen=True)
class CodeReading:
    """What a code read off a card says: for the owner, the card and what changed; for
    anybody else only whether it is current (see card_reading)."""

    code: str
    current: bool
    owner: bool
    name: str = ""
    roster: Roster | None = None
    current_code: str = ""
    changes: tuple[str, ...] = ()
    gone: bool = False


def card_reading(player, code) -> CodeReading | None:
    """The card a printed code names, or None (the page is then a 404).

    The owner sees the card: its current code and what changed since this one was printed.
    Anybody else (an opponent checking a card at the table) learns only whether the code in
    their hand is current, and only for a code the owner really printed: a made-up or
    guessed code, or a code of a roster nobody printed, is a 404 like any other page of
    somebody else's. Such a visitor already holds the card, so "current" or "changed"
    tells them nothing of the roster that the card does not show; no name, value or
    roster is on the page."""
    parsed = codes.parse(code)
    if parsed is None:
        return None
    roster_pk, card_pk, _ = parsed
    code = code.strip().upper()
    printed = (
        PrintedCard.objects.filter(printing__roster_id=roster_pk, character_id=card_pk)
        .filter(Q(code=code) | Q(back_code=code))
        .order_by("-printing__printed_at", "-pk")
        .first()
    )
    roster = rosters.rosters_of(player).filter(pk=roster_pk).first()
    owner = roster is not None
    if not owner:
        if printed is None:
            return None
        roster = Roster.objects.filter(pk=roster_pk, deleted_at__isnull=True).first()
        if roster is None:
            return None
    face = faces_by_card(sources.roster_cards(roster.owner, roster_pk, {})).get(card_pk)
    now = {codes.code_of(face), codes.code_of(face.back)} if face else set()
    current = code in now
    if not owner:
        return CodeReading(code, current, owner=False)
    if face is None and printed is None:
        return None
    changes = ()
    if printed is not None and face is not None and not current:
        changes = tuple(codes.what_changed(printed.shown, codes.shown_summary(face)))
    return CodeReading(
        code,
        current,
        owner=True,
        name=face.title if face else printed.name,
        roster=roster,
        current_code=codes.code_of(face),
        changes=changes,
        gone=face is None,
    )
