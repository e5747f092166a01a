"""A side's force as a game keeps it: the roster as it printed when the player sat down,
frozen, so editing the roster later never changes a game in progress or its report. Each
model keeps its name, type, level, how many models its line fields, the printed cells and
abilities, its game card's values (what rules/games/<game>/play.py reads its tracks from)
and its portrait's address."""

from dataclasses import asdict

from rosters import selectors as roster_selectors
from rules import engines
from rules.rulesets import definition_for


def player_name(player):
    """How the other phone names the player: their user name, or just Guest."""
    return "Guest" if getattr(player, "is_guest", False) else player.get_username()


def force_of(roster, player, side):
    """The force of `player` on `side` from `roster` (None: a guest with no force)."""
    if roster is None:
        return force_from_document(None, None, side=side, player=player_name(player))
    rules = roster_selectors.book_of(roster, roster.owner)
    members = roster_selectors.members_of(roster)
    portraits = {
        str(m.character.pk): m.character.portrait_print.url
        for m in members
        if m.character.portrait_print
    }
    return force_from_document(
        roster_selectors.roster_data(roster, members, rules),
        rules,
        side=side,
        player=player_name(player),
        portraits=portraits,
    )


def force_from_document(document, rules, *, side, player, portraits=None):
    """The frozen force from a roster document (the roster file's shape) and its rules book;
    `portraits` maps a character id to its portrait's address."""
    if document is None:
        return {"side": side, "player": player, "roster": "", "choices": {}, "models": []}
    engine = engines.module_for(document["ruleset"])
    models = []
    for place, data in enumerate(document["characters"], start=1):
        printed = engine.printed_profile(data, rules)
        models.append(
            {
                "id": f"m{data.get('id') or place}",
                "name": printed.name,
                "type": data.get("type"),
                "type_name": printed.type_name,
                "level": printed.level,
                "count": models_in(data),
                "role": data.get("role") or "",
                "cells": [list(cell) for cell in printed.cells],
                "abilities": list(printed.ability_names),
                "portrait": (portraits or {}).get(str(data.get("id")), ""),
                "card": asdict(printed.game),
            }
        )
    return {
        "side": side,
        "player": player,
        "roster": document.get("name") or "",
        "choices": chosen(document, rules),
        "models": models,
    }


def models_in(data):
    """How many models one line of the roster fields (a 7TV group of Extras; 1 otherwise)."""
    profile = data.get("profile")
    count = profile.get("count") if isinstance(profile, dict) else None
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else 1


def chosen(document, rules):
    """The roster's choices from its book's lists (Pulp City's Agendas…), each with its name:
    {choices key: [{"slug", "name"}]}."""
    kinds = definition_for(document["ruleset"]).builder.choice_kinds
    choices = document.get("choices") or {}
    return {
        key: [
            {"slug": slug, "name": (rules.entry(kind, slug) or {}).get("name") or slug}
            for slug in choices[key]
            if isinstance(slug, str)
        ]
        for key, kind in kinds.items()
        if isinstance(choices.get(key), list)
    }
