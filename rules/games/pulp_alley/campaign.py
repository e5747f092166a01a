"""Pulp Alley between games (core rulebook p.44-45): a league's campaign state and what each
recorded event does to it. Pure functions: a state dict and an event in, a Step out (the new
state, what changed in words, and the findings that refuse the event). Nothing here raises on
odd input; a state from a hand-edited file is read leniently by `campaign_state`."""

from dataclasses import dataclass

from config.limits import CAMPAIGN_MAX_GAMES, CAMPAIGN_MAX_RECORDS
from rules.engines import evaluate
from rules.engines.base import Finding
from rules.engines.campaign import CampaignEvent, Field, Outcome, joining, members
from rules.engines.plain import as_dict, as_list, counted, name_of, slugs
from rules.games.pulp_alley.definition import (
    BANKED_MOST,
    ESCAPE_ROLL,
    REWARD_CARDS_MOST,
    VICTORY_POINTS_MOST,
)

# The numbers the league page's forms take and the file holds (the game's definition.py);
# named here too, where the forms find the rest of the campaign's parts.
__all__ = ["BANKED_MOST", "ESCAPE_ROLL", "REWARD_CARDS_MOST", "VICTORY_POINTS_MOST"]

WRAP_UP_PAGE = 44
REPUTATION_PAGE = 45
BANKS = ("tips", "backup", "contacts", "gear")
# A reward card banks one of these (p.29, p.44); experience is the league's, not a bank.
REWARDS = (*BANKS, "experience")
# The Harrowing Escape table (p.44), rolled on 1d6 for a knocked-out character if the player
# likes; only Dragged to Safety changes the league, the rest last for the next game only.
HARROWING_ESCAPE = {
    1: ("HEADSHOT!", "next game, one random skill of theirs rolls a die fewer"),
    2: ("Dragged to Safety", "fully recovered, but the league drops 1 Reputation"),
    3: ("Bloodied & Bruised", "next game, they join the table only as turn 2 begins"),
    4: ("Retreat & Regroup", "next game, your starting-Initiative die is one size bigger"),
    5: ("Escaped from Capture", "next game, one extra Fortune card on turn 1 (once a game)"),
    6: ("KILLED! Or so they think...", "next game, they may start the game hidden"),
}
DRAGGED_TO_SAFETY = 2
REWARD_WORDS = {
    "tips": "Tip",
    "backup": "Backup",
    "contacts": "Contact",
    "gear": "Gear",
    "experience": "Experience",
}


@dataclass(frozen=True)
class Step:
    state: dict
    # The reputation perks the league holds after the event: the old ones, never fewer.
    reputation_perks: tuple[str, ...]
    changes: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    # The Secret Society perks after the event, when it changed them.
    society_perks: tuple[str, ...] | None = None

    @property
    def accepted(self):
        return not any(f.severity == "error" for f in self.findings)


def whole(value, minimum=0):
    if isinstance(value, bool) or not isinstance(value, int):
        return minimum
    return max(value, minimum)


def is_roll(value):
    return isinstance(value, int) and not isinstance(value, bool) and value in HARROWING_ESCAPE


def campaign_state(raw) -> dict:
    """Any value as a well-formed state: missing or malformed parts read as a new league."""
    raw = as_dict(raw)
    banks = as_dict(raw.get("banks"))
    return {
        "games": whole(raw.get("games")),
        "reputation": whole(raw.get("reputation")),
        "experience": whole(raw.get("experience")),
        "banks": {bank: whole(banks.get(bank)) for bank in BANKS},
        "learned": [
            {
                "character": str(item.get("character")),
                "ability": str(item.get("ability")),
                "game": whole(item.get("game")),
            }
            for item in as_list(raw.get("learned"))
            if isinstance(item, dict)
        ],
        "society": raw.get("society") if isinstance(raw.get("society"), str) else None,
        # Harrowing Escape results waiting for the next game.
        "pending": [
            {"character": str(item.get("character")), "roll": item["roll"]}
            for item in as_list(raw.get("pending"))
            if isinstance(item, dict) and is_roll(item.get("roll"))
        ],
        # Who the last recorded game took out: only they may roll a Harrowing Escape before
        # the next (p.44). Records like the others', so an import renames them with the rest
        # (recharactered); older files lack them: no one, until a game.
        "taken_out": [
            {"character": str(item.get("character"))}
            for item in as_list(raw.get("taken_out"))
            if isinstance(item, dict) and item.get("character")
        ][:CAMPAIGN_MAX_RECORDS],
    }


def perks_by_threshold(rules):
    """The Reputation perks in the order the book unlocks them."""
    perks = [
        p
        for p in rules.of_kind("reputation-perk")
        if isinstance(as_dict(p.get("data")).get("threshold"), int)
    ]
    return sorted(perks, key=lambda p: p["data"]["threshold"])


# League perks (p.8) are picked when the league is founded, or earned with Reputation (their
# own list), and never dropped: from the first game on, the founding perks stay.
PERKS_PAGE = 8


def fixed_choices(raw) -> dict[str, Finding]:
    """{choices key: why it can no longer change} for a league in campaign state `raw`."""
    if campaign_state(raw)["games"] == 0:
        return {}
    return {
        "perks": Finding(
            "perks-founded",
            "error",
            "A league picks its perks when it is founded and never drops them (p.8), so after "
            "its first game they stay as they are. To correct them, undo its recorded games "
            "first.",
            PERKS_PAGE,
        )
    }


def refused(state, perks, code, message, page=WRAP_UP_PAGE, subject=None):
    return Step(
        state=state,
        reputation_perks=tuple(perks),
        findings=(Finding(code, "error", message, page, subject),),
    )


def record_result(state, result, *, reputation_perks, rules) -> Step:
    """One scenario's wrap-up rewards (p.44): a Reputation point per victory point, a bank
    point (or Experience) per reward card held, a game played; then every Reputation perk whose
    threshold is reached joins the league, lowest first (p.45)."""
    state = campaign_state(state)
    perks = slugs(reputation_perks)
    result = as_dict(result)
    if state["games"] >= CAMPAIGN_MAX_GAMES:
        return refused(
            state,
            perks,
            "campaign-full",
            f"The league has recorded {state['games']} games, the most one campaign holds"
            f" ({CAMPAIGN_MAX_GAMES}); start a new league to play on.",
        )
    points = result.get("victory_points")
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        return refused(
            state, perks, "bad-victory-points", "Victory points are a whole number, 0 or more."
        )
    if points > VICTORY_POINTS_MOST:
        return refused(
            state,
            perks,
            "bad-victory-points",
            f"{points} victory points is more than one scenario gives: at most"
            f" {VICTORY_POINTS_MOST}.",
        )
    rewards = as_list(result.get("rewards"))
    unknown = [r for r in rewards if r not in REWARDS]
    if unknown:
        return refused(state, perks, "bad-reward", f"{unknown[0]!r} is not a reward card's prize.")
    if len(rewards) > REWARD_CARDS_MOST:
        return refused(
            state,
            perks,
            "bad-reward",
            f"{len(rewards)} reward cards is more than a league holds after one scenario: at"
            f" most {REWARD_CARDS_MOST}.",
        )
    taken_out = [c for c in map(as_dict, as_list(result.get("taken_out"))) if c.get("id")]
    # The game just played used up any Harrowing Escape results waiting for it, and decides
    # who may roll the next ones.
    new = {
        **state,
        "banks": dict(state["banks"]),
        "pending": [],
        "taken_out": [{"character": character_key(c)} for c in taken_out][:CAMPAIGN_MAX_RECORDS],
    }
    new["games"] += 1
    new["reputation"] += points
    changes = [f"+{points} Reputation ({new['reputation']} in all)"]
    for reward in rewards:
        if reward == "experience":
            new["experience"] += 1
        else:
            new["banks"][reward] += 1
        changes.append(f"+1 {REWARD_WORDS[reward]}")
    gained = [
        p
        for p in perks_by_threshold(rules)
        if p["data"]["threshold"] <= new["reputation"] and p["slug"] not in perks
    ]
    changes += [f"{name_of(p)} earned at {p['data']['threshold']} Reputation" for p in gained]
    if taken_out:
        fit = "is" if len(taken_out) == 1 else "are"
        names = ", ".join(str(c.get("name")) for c in taken_out)
        changes.append(f"{names} {fit} back on their feet for the next game")
    return Step(
        state=new,
        reputation_perks=tuple(perks + [p["slug"] for p in gained]),
        changes=tuple(changes),
    )


def character_key(character):
    """How the campaign's records name a character: by its id, so two of the same name keep
    their own learned abilities and escapes."""
    return str(as_dict(character).get("id"))


def harrowing_escape(state, *, character, roll, reputation_perks) -> Step:
    """One knocked-out character's roll on the Harrowing Escape table (p.44); `character` is
    the character as plain data."""
    state = campaign_state(state)
    perks = slugs(reputation_perks)
    if not is_roll(roll):
        return refused(state, perks, "bad-roll", "A Harrowing Escape roll is 1 to 6 on a d6.")
    if not state["games"]:
        return refused(
            state,
            perks,
            "escape-before-a-game",
            "A Harrowing Escape is rolled for a character taken out in a game: record the"
            " game's result first.",
        )
    name, effect = HARROWING_ESCAPE[roll]
    who = character_key(character)
    if not any(item["character"] == who for item in state["taken_out"]):
        return refused(
            state,
            perks,
            "escape-not-taken-out",
            f"{as_dict(character).get('name')} was not taken out in the league's last recorded"
            " game; a Harrowing Escape is rolled only for a character who was (p.44).",
            subject=who,
        )
    if any(item["character"] == who for item in state["pending"]):
        # A character is taken out once a game, so rolls once before the next.
        return refused(
            state,
            perks,
            "escape-waiting",
            f"{as_dict(character).get('name')} already has a Harrowing Escape result waiting"
            " for the next game; undo it to roll again.",
        )
    if len(state["pending"]) >= CAMPAIGN_MAX_RECORDS:
        return refused(
            state,
            perks,
            "campaign-full",
            f"{CAMPAIGN_MAX_RECORDS} Harrowing Escape results already wait for the next game,"
            " the most a campaign holds.",
        )
    new = {**state, "pending": [*state["pending"], {"character": who, "roll": roll}]}
    if roll == DRAGGED_TO_SAFETY:
        new["reputation"] = max(0, state["reputation"] - 1)
        # Perks already earned stay (p.45): reputation_perks is returned unchanged.
    return Step(
        state=new,
        reputation_perks=tuple(perks),
        changes=(f"{as_dict(character).get('name')}: {name}, {effect}",),
    )


def spend(state, *, bank, points, reputation_perks) -> Step:
    """Banked resource points spent before a scenario (p.36-39); they are gone for good."""
    state = campaign_state(state)
    perks = slugs(reputation_perks)
    if bank not in BANKS:
        return refused(state, perks, "bad-bank", f"{bank!r} is not a resource bank.", 36)
    held = state["banks"][bank]
    if isinstance(points, bool) or not isinstance(points, int) or not 0 < points <= held:
        return refused(
            state,
            perks,
            "not-enough-resources",
            f"The league has {held} {REWARD_WORDS[bank]} to spend; spend 1 to {held}.",
            36,
        )
    new = {**state, "banks": {**state["banks"], bank: held - points}}
    return Step(
        state=new,
        reputation_perks=tuple(perks),
        changes=(f"-{points} {REWARD_WORDS[bank]} spent ({held - points} left)",),
    )


def join_society(state, *, society, perk, reputation_perks, society_perks, rules) -> Step:
    """At the Secret Society Reputation perk the Leader joins one society and picks one of
    its rank 1 perks (p.45); a league joins once."""
    state = campaign_state(state)
    perks = slugs(reputation_perks)
    gate = next(
        (p for p in rules.of_kind("reputation-perk") if as_dict(p.get("data")).get("unlocks")),
        None,
    )
    chosen = rules.entry("society-perk", perk) if isinstance(perk, str) else None
    joined = rules.entry("secret-society", society) if isinstance(society, str) else None
    if gate is None or gate["slug"] not in perks:
        return refused(
            state, perks, "society-without-perk", "The league has not earned a society yet.", 45
        )
    if state["society"] or slugs(society_perks):
        return refused(state, perks, "already-joined", "The Leader already joined a society.", 45)
    if joined is None or chosen is None or as_dict(chosen.get("data")).get("rank") != 1:
        return refused(
            state, perks, "unknown-society", "Choose a society and one of its rank 1 perks.", 45
        )
    return Step(
        state={**state, "society": society},
        reputation_perks=tuple(perks),
        society_perks=(perk,),
        changes=(f"The Leader joins {name_of(joined)} and takes {name_of(chosen)}",),
    )


def learn_ability(state, *, character, ability, reputation_perks, rules) -> Step:
    """Development (p.44): Experience buys a character a new ability at its level in XP, at
    most one per character per scenario and, over the campaign, as many as its level."""
    state = campaign_state(state)
    perks = slugs(reputation_perks)
    character = as_dict(character)
    name = str(character.get("name"))
    who = character_key(character)
    kind = as_dict(rules.character_type(character.get("type")))
    level = kind.get("level")
    entry = rules.entry("ability", ability) if isinstance(ability, str) else None
    if not isinstance(level, int) or entry is None:
        return refused(state, perks, "unknown-ability", f"{ability!r} is not an ability here.")
    profile = as_dict(character.get("profile"))
    known = slugs(profile.get("abilities")) + slugs(profile.get("learned_abilities"))
    learned = slugs(profile.get("learned_abilities"))
    problems = []
    if ability in known:
        problems.append(("known-ability", f"{name} already has {name_of(entry)}."))
    if not isinstance(entry.get("level"), int) or entry["level"] > level:
        problems.append(
            ("ability-too-high", f"{name_of(entry)} is above a level {level} character's reach.")
        )
    if len(learned) >= level:
        problems.append(
            ("learned-cap", f"{name} has learned {level}, the most a level {level} ever learns.")
        )
    if any(i["character"] == who and i["game"] == state["games"] for i in state["learned"]):
        problems.append(("one-per-scenario", f"{name} has already learned an ability this game."))
    if len(state["learned"]) >= CAMPAIGN_MAX_RECORDS:
        problems.append(
            (
                "campaign-full",
                f"The league has learned {len(state['learned'])} abilities, the most one"
                " campaign holds.",
            )
        )
    if state["experience"] < level:
        problems.append(
            (
                "not-enough-experience",
                f"{name_of(entry)} costs {level} Experience; the league has {state['experience']}.",
            )
        )
    if problems:
        return Step(
            state=state,
            reputation_perks=tuple(perks),
            findings=tuple(
                Finding(code, "error", message, WRAP_UP_PAGE, name) for code, message in problems
            ),
        )
    new = {**state, "experience": state["experience"] - level}
    new["learned"] = [
        *state["learned"],
        {"character": who, "ability": ability, "game": state["games"]},
    ]
    return Step(
        state=new,
        reputation_perks=tuple(perks),
        changes=(f"{name} learns {name_of(entry)} for {level} Experience",),
    )


# Reorganize (p.44): the one type a league may never drop, as the league would disband.
LEADER = "leader"


def reorganise(state, *, dropped, added, before, after, reputation_perks, rules, recast=()) -> Step:
    """Reorganize, the third step of a scenario's wrap-up (p.44): dropping characters frees
    their slots, and empty slots take new characters chosen as at creation (p.36); the Leader
    never leaves. `dropped` and `added` are characters as plain data, `recast` pairs of a
    character (with its old role) and its new role, `before` and `after` the league's reports
    without and with the change: it may not break a rule the league kept before (a Mastermind
    league keeps its one acting leader), nor spend more slots than it has."""
    state = campaign_state(state)
    perks = slugs(reputation_perks)
    dropped = [as_dict(c) for c in as_list(dropped)]
    added = [as_dict(c) for c in as_list(added)]
    recast = [
        (as_dict(pair[0]), str(pair[1] or ""))
        for pair in as_list(recast)
        if isinstance(pair, list | tuple) and len(pair) == 2
    ]
    if not state["games"]:
        return refused(
            state,
            perks,
            "no-game-yet",
            "A league reorganises after a scenario; before its first game, build it freely.",
        )
    if not dropped and not added and not recast:
        return refused(state, perks, "nothing-to-reorganise", "Choose who leaves or who joins.")
    leaders = [str(c.get("name")) for c in dropped if c.get("type") == LEADER]
    if leaders:
        return refused(
            state,
            perks,
            "leader-stays",
            f"{leaders[0]} leads the league; dropping the Leader would disband it.",
            subject=leaders[0],
        )
    kept = {(f.code, f.character_id) for f in before.findings if f.severity == "error"}
    broken = [
        f for f in after.findings if f.severity == "error" and (f.code, f.character_id) not in kept
    ]
    overfilled = overfilled_pools(before.budget, after.budget)
    if overfilled:
        # The budget itself is the evidence: a report need not carry a finding for it.
        over = [f for f in after.findings if f.code == "over-budget"] or [
            Finding(
                "over-budget",
                "error",
                f"{'; '.join(overfilled)}: new characters take only empty slots.",
                WRAP_UP_PAGE,
            )
        ]
        broken += [f for f in over if f not in broken]
    if broken:
        return Step(state=state, reputation_perks=tuple(perks), findings=tuple(broken))

    def listed(characters):
        return ", ".join(
            f"{c.get('name')} ({as_dict(rules.character_type(c.get('type'))).get('name', '?')})"
            for c in characters
        )

    changes = [f"{listed(dropped)} {'leave' if len(dropped) > 1 else 'leaves'}"] if dropped else []
    if added:
        changes.append(f"{listed(added)} {'join' if len(added) > 1 else 'joins'}")
    changes += [
        f"{listed([c])} becomes {role_words(role)}"
        if role
        else f"{listed([c])} is no longer {role_words(c.get('role'))}"
        for c, role in recast
    ]
    return Step(
        state=state,
        reputation_perks=tuple(perks),
        changes=(f"Reorganised: {'; '.join(changes)} ({after.budget.label})",),
    )


def overfilled_pools(before, after):
    """The pools, in words, that a change leaves over their total with more used than
    before: the whole budget and each pool of its details (Pulp Alley's general slots can be
    over while the Commander's restricted ones sit empty, the whole then under). Added
    characters fill only empty slots (p.44), so a pool already over may shrink, never grow."""

    def pools(budget):
        whole = {"used": budget.used, "total": budget.total}
        return {
            budget.unit: whole,
            **{name: pool for name, pool in budget.details.items() if isinstance(pool, dict)},
        }

    old = pools(before)
    return [
        f"{name} {pool['used']} / {pool['total']}"
        for name, pool in pools(after).items()
        if pool["total"] is not None
        and pool["used"] > pool["total"]
        and pool["used"] > old.get(name, {}).get("used", 0)
    ]


def role_words(role):
    """A role's slug as the timeline says it: acting-leader, acting leader."""
    return str(role).replace("-", " ")


def campaign_findings(campaign, choices, rules) -> list[Finding]:
    """What the roster's report says about its campaign: a Reputation perk is held only with
    the Reputation for it and every perk below it (p.45)."""
    reputation = campaign_state(campaign)["reputation"]
    held = set(slugs(as_dict(choices).get("reputation_perks")))
    findings = []
    ladder = perks_by_threshold(rules)
    for index, perk in enumerate(ladder):
        if perk["slug"] not in held:
            continue
        threshold = perk["data"]["threshold"]
        if threshold > reputation:
            findings.append(
                Finding(
                    "reputation-too-low",
                    "error",
                    f"{name_of(perk)} needs {threshold} Reputation; the league has {reputation}.",
                    REPUTATION_PAGE,
                )
            )
        missing = [name_of(p) for p in ladder[:index] if p["slug"] not in held]
        if missing:
            findings.append(
                Finding(
                    "reputation-perk-skipped",
                    "error",
                    f"{name_of(perk)} comes after {', '.join(missing)}, which the league lacks.",
                    REPUTATION_PAGE,
                )
            )
    return findings + society_findings(held, slugs(as_dict(choices).get("society_perks")), rules)


def society_findings(held, chosen, rules) -> list[Finding]:
    """A Leader joins a society with the Secret Society perk and picks one perk of its rank:
    at rank 1 that is exactly one (p.45)."""
    gate = next(
        (p for p in rules.of_kind("reputation-perk") if as_dict(p.get("data")).get("unlocks")),
        None,
    )
    if not chosen:
        return []
    findings = []
    if gate is not None and gate["slug"] not in held:
        findings.append(
            Finding(
                "society-without-perk",
                "error",
                f"Secret Society perks come with the {name_of(gate)} Reputation perk.",
                REPUTATION_PAGE,
            )
        )
    ranks = [
        as_dict(as_dict(rules.entry("society-perk", slug)).get("data")).get("rank")
        for slug in chosen
    ]
    for rank in sorted({r for r in ranks if isinstance(r, int)}):
        if ranks.count(rank) > 1:
            findings.append(
                Finding(
                    "society-perks-per-rank",
                    "error",
                    f"The league holds {ranks.count(rank)} rank {rank} society perks;"
                    " it picks one.",
                    REPUTATION_PAGE,
                )
            )
    return findings


def societies(rules):
    """(society, its rank 1 perks) for the joining form, as (slug, name) pairs."""
    perks = [
        (p["slug"], name_of(p))
        for p in rules.of_kind("society-perk")
        if as_dict(p.get("data")).get("rank") == 1
    ]
    return [((s["slug"], name_of(s)), perks) for s in rules.of_kind("secret-society")]


def learnable(rules):
    """What Experience can buy, as (slug, name) by level then name: the Ability Library."""
    entries = sorted(rules.of_kind("ability"), key=lambda e: (e.get("level") or 0, e["name"]))
    return [(e["slug"], f"{e['name']} (level {e.get('level')})") for e in entries]


def league_lines(raw, rules) -> list[str]:
    """The league's standing, as the roster sheet and the rules reference print it: the first
    line goes on every card too (p.44-45)."""
    state = campaign_state(raw)
    banks = ", ".join(f"{bank.capitalize()} {state['banks'][bank]}" for bank in BANKS)
    lines = [
        f"Reputation {state['reputation']} · Experience {state['experience']}"
        f" · {counted(state['games'], 'game')} played",
        f"Banked: {banks}",
    ]
    if state["society"]:
        society = rules.entry("secret-society", state["society"]) or {"slug": state["society"]}
        lines.append(f"Secret Society: {name_of(society)} (p.45)")
    return lines


def character_lines(raw, character, rules) -> list[str]:
    """What one character carries from game to game: the abilities Experience bought it and
    a Harrowing Escape result waiting for the next game (p.44). Dragged to Safety is left out:
    it costs the league Reputation at once and leaves the character whole."""
    state = campaign_state(raw)
    who = character_key(character)
    learned = [
        f"{name_of(rules.entry('ability', item['ability']) or {'slug': item['ability']})}"
        f" (game {item['game']})"
        for item in state["learned"]
        if item["character"] == who
    ]
    lines = [f"Learned with Experience: {', '.join(learned)}"] if learned else []
    for item in state["pending"]:
        if item["character"] == who and item["roll"] != DRAGGED_TO_SAFETY:
            title, effect = HARROWING_ESCAPE[item["roll"]]
            lines.append(f"{title} (Harrowing Escape): {effect} (p.44)")
    return lines


# The league page's forms and what each does (rules/engines/campaign.py): the generic
# handler runs any of them by its key, which is also the last part of its address.


def outcome(step, **also) -> Outcome:
    """A Step in the generic words: the league's state and its two perk lists."""
    if not step.accepted:
        return Outcome(findings=step.findings)
    choices = {"reputation_perks": list(step.reputation_perks)}
    if step.society_perks is not None:
        choices["society_perks"] = list(step.society_perks)
    return Outcome(
        changes=step.changes, findings=step.findings, campaign=step.state, choices=choices, **also
    )


def held_perks(league):
    return league.choices.get("reputation_perks", [])


def result_event(league, *, victory_points, scenario="", rewards=(), taken_out=()) -> Outcome:
    """`taken_out`: the ids of the members the game knocked out."""
    result = {
        "scenario": scenario,
        "victory_points": victory_points,
        "rewards": list(rewards),
        "taken_out": [c for c in map(league.character, taken_out) if c is not None],
    }
    return outcome(
        record_result(
            league.campaign, result, reputation_perks=held_perks(league), rules=league.rules
        )
    )


def learn_event(league, *, character, ability) -> Outcome:
    learner = league.character(character) or {"id": character, "name": "?", "profile": {}}
    step = learn_ability(
        league.campaign,
        character=learner,
        ability=ability,
        reputation_perks=held_perks(league),
        rules=league.rules,
    )
    learned = [*slugs(as_dict(learner.get("profile")).get("learned_abilities")), ability]
    return outcome(step, profiles={character_key(learner): {"learned_abilities": learned}})


def escape_event(league, *, character_id, roll) -> Outcome:
    character = league.character(character_id) or {"id": character_id, "name": "?"}
    return outcome(
        harrowing_escape(
            league.campaign, character=character, roll=roll, reputation_perks=held_perks(league)
        )
    )


def spend_event(league, *, bank, points) -> Outcome:
    return outcome(
        spend(league.campaign, bank=bank, points=points, reputation_perks=held_perks(league))
    )


def society_event(league, *, society, perk) -> Outcome:
    return outcome(
        join_society(
            league.campaign,
            society=society,
            perk=perk,
            reputation_perks=held_perks(league),
            society_perks=league.choices.get("society_perks", []),
            rules=league.rules,
        )
    )


def reorganise_event(league, *, drop=(), add=(), recast=()) -> Outcome:
    """Reorganize (p.44) by ids: `drop` members who leave, `add` the owner's cards who join
    (league.cards), `recast` (member id, new role) pairs. The reports without and with the
    change are the engine's own, so the book's line-up rules decide."""
    drop = {str(i) for i in drop}
    roles = {str(i): str(role or "") for i, role in recast}
    inside = league.characters
    staying = [c for c in inside if str(c["id"]) not in drop]
    changing = [c for c in staying if roles.get(str(c["id"]), c.get("role")) != c.get("role")]
    wanted = {str(i) for i in add}
    joining = [c for c in league.cards if str(c["id"]) in wanted]
    after = [
        *({**c, "role": roles[str(c["id"])]} if c in changing else c for c in staying),
        *({**c, "role": ""} for c in joining),
    ]
    step = reorganise(
        league.campaign,
        dropped=[c for c in inside if str(c["id"]) in drop],
        added=joining,
        recast=[(c, roles[str(c["id"])]) for c in changing],
        before=evaluate(league.document, league.rules),
        after=evaluate({**league.document, "characters": after}, league.rules),
        reputation_perks=held_perks(league),
        rules=league.rules,
    )
    return outcome(step, members={str(c["id"]): c.get("role") or "" for c in after})


def games_played(raw) -> int:
    """How many games the league has recorded: from the first on, its line-up changes only
    by reorganising (LINEUP_EVENT) and its founding perks stay (fixed_choices)."""
    return campaign_state(raw)["games"]


def reward_options(league):
    return [(key, f"+1 {word}") for key, word in REWARD_WORDS.items()]


def has_members(league):
    return bool(league.characters)


def knocked_out(league):
    """The members the league's last recorded game took out: who may roll a Harrowing
    Escape (p.44)."""
    out = {item["character"] for item in campaign_state(league.campaign)["taken_out"]}
    return [(key, name) for key, name in members(league) if key in out]


def has_taken_out(league):
    return bool(knocked_out(league))


def may_join_a_society(league):
    return not campaign_state(league.campaign)["society"] and bool(societies(league.rules))


def society_choices(league):
    return [society for society, _ in societies(league.rules)]


def society_perk_choices(league):
    return next((perks for _, perks in societies(league.rules)), [])


EVENTS = {
    "result": CampaignEvent(
        title="Record a game's result",
        button="Record result",
        rule=result_event,
        fields=(
            Field("scenario", "Scenario", "text", most=80),
            Field(
                "victory_points", "Victory points", "number", (0, VICTORY_POINTS_MOST), initial=0
            ),
            Field(
                "rewards",
                "Reward cards",
                "choices",
                options=reward_options,
                most=REWARD_CARDS_MOST,
                too_many="{count} cards; a league holds at most {most} after a game.",
            ),
            Field(
                "taken_out",
                "Taken out (back on their feet next game)",
                "choices",
                options=members,
            ),
        ),
    ),
    "learn": CampaignEvent(
        title="Spend Experience on a new ability",
        button="Learn",
        rule=learn_event,
        shown=has_members,
        fields=(
            Field("character", "Character", "choice", options=members),
            Field("ability", "Ability", "choice", options=lambda league: learnable(league.rules)),
        ),
    ),
    "reorganise": CampaignEvent(
        title="Reorganise the league (after a game, within its slots; the Leader stays; p.44)",
        button="Reorganise",
        rule=reorganise_event,
        shown=has_members,
        fields=(
            Field("drop", "Leaving", "choices", options=members),
            Field("add", "Joining from My Cards", "choices", options=joining),
        ),
    ),
    "escape": CampaignEvent(
        title="Harrowing Escape (optional, for a knocked-out character; p.44)",
        button="Record the roll",
        rule=escape_event,
        shown=has_taken_out,
        fields=(
            Field("character_id", "Character", "choice", options=members, offered=knocked_out),
            Field(
                "roll",
                "d6 roll",
                "number",
                ESCAPE_ROLL,
                options=lambda league: [
                    (str(roll), f"{roll}: {name}") for roll, (name, _) in HARROWING_ESCAPE.items()
                ],
            ),
        ),
    ),
    "spend": CampaignEvent(
        title="Spend banked resources before a scenario",
        button="Spend",
        rule=spend_event,
        fields=(
            Field("points", "Points", "number", (1, BANKED_MOST), initial=1),
            Field(
                "bank",
                "from",
                "choice",
                options=lambda league: [(bank, REWARD_WORDS[bank]) for bank in BANKS],
            ),
        ),
    ),
    "society": CampaignEvent(
        title="Join a Secret Society (with the Secret Society perk, 70 Reputation; p.45)",
        button="Join",
        rule=society_event,
        shown=may_join_a_society,
        fields=(
            Field("perk", "Perk", "choice", options=society_perk_choices),
            Field("society", "Society", "choice", options=society_choices),
        ),
    ),
}
# The event a line-up change becomes once the league has played (the builder's add, remove
# and role change go through it).
LINEUP_EVENT = "reorganise"
