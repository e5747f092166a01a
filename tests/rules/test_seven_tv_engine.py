"""The 7TV cast engine: what a cast costs, whether it is legal, and the card a customised
Star prints, checked against the book's own sample casts. No database: the rules come
straight from fixtures/7tv."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from rules.engines import evaluate, module_for
from rules.fixture_book import rules_book_from_fixtures
from rules.games.seven_tv.engine import character_cost, character_findings, printed_profile
from rules.rulesets import REGISTRY
from tests.rules.ids import with_ids

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("7tv")


def line(base, count=1, name=None, role="", kind=None, **customisation):
    profile = {"base": base, "count": count}
    if customisation:
        profile["customisation"] = customisation
    character = {"name": name or base, "role": role, "profile": profile}
    if kind:
        character["type"] = kind
    return character


def cast(*lines, affiliation="heroic", genre=None, budget=100, house_rules=()):
    return {
        "format": "cliffhanger-roster",
        "version": 1,
        "ruleset": "7tv",
        "name": "Test cast",
        "budget": budget,
        "choices": {"affiliation": affiliation, "genre": genre},
        "house_rules": list(house_rules),
        "characters": with_ids(lines),
    }


def report(rules, *lines, **options):
    return evaluate(cast(*lines, **options), rules)


def found(result, code):
    return [finding for finding in result.findings if finding.code == code]


def sample(name):
    return json.loads((EXAMPLES / f"7tv-{name}.json").read_text(encoding="utf-8"))


SOUL = line("innocent-soul", name="Frodo")
TRIGGERS = {
    "unknown-profile": cast(line("ninja")),
    "model-count": cast(SOUL, line("warrior", 0)),
    "type-mismatch": cast(line("innocent-soul", kind="vehicle")),
    "unknown-affiliation": cast(SOUL, affiliation=None),
    "affiliation": cast(SOUL, line("cultist")),
    "extra-genre": cast(
        line("lone-survivor", genre_swap={"from": "sci-fi", "to": "action"}),
        line("brutish-footsoldier"),
    ),
    "vehicle-genre": cast(line("red-right-hand"), line("getaway-car"), affiliation="villainous"),
    "genres-unknown": cast(SOUL, line("warrior")),
    "unknown-genre": cast(SOUL, genre="western"),
    "chosen-genre-unused": cast(SOUL, genre="sci-fi"),
    "anachronism": cast(line("grizzled-veteran"), line("mercenary"), genre="action"),
    "unique-profile": cast(SOUL, line("comic-relief", 2)),
    "horse-drawn-needs-steed": cast(SOUL, line("carriage")),
    "one-sidekick-per-boss": cast(SOUL, line("rookie", 2, role="sidekick-of:Frodo")),
    "sidekick-boss-unknown": cast(SOUL, line("rookie", role="sidekick-of:Gandalf")),
    "sidekick-boss-unchosen": cast(SOUL, line("rookie")),
    "role-ignored": cast(SOUL, line("warrior", role="acting-leader")),
    "fellowship-invalid": cast(line("warrior", role="fellowship")),
    "fellowship-unused": cast(SOUL),
    "discount": cast(SOUL, line("knight"), line("steed")),
    "bulk-across-lines": cast(SOUL, line("militia", 2, "A"), line("militia", 1, "B")),
    "over-budget": cast(SOUL, budget=9),
    "no-star": cast(line("bystander")),
    "not-customisable": cast(SOUL, line("warrior", stats={"fight": 1})),
    "health-changed": cast(line("innocent-soul", stats={"health": 1})),
    "bad-customisation": cast(line("innocent-soul", stats={"fight": 3})),
    "too-many-changes": cast(line("innocent-soul", stats={"fight": 1, "body": 1, "mind": 1})),
    "effect-off-list": cast(line("innocent-soul", add_effects=["profile-effect/regenerate"])),
    "customised": cast(line("innocent-soul", stats={"defence": 1})),
    "custom-rule": cast(
        SOUL,
        line("house-butler"),
        house_rules=[{"kind": "profile", "slug": "house-butler", "name": "Butler", "cost": 1}],
    ),
    "house-rule-ignored": cast(
        SOUL, house_rules=[{"kind": "profile", "slug": "warrior", "name": "Dwarf", "cost": 1}]
    ),
}


@pytest.mark.parametrize("code", TRIGGERS)
def test_each_finding_code_is_raised_with_a_page(rules, code):
    findings = found(evaluate(TRIGGERS[code], rules), code)
    assert findings
    assert all(finding.message.strip() for finding in findings)
    if code not in ("custom-rule", "house-rule-ignored"):  # house rules have no page
        assert all(isinstance(finding.page, int) for finding in findings)


def test_every_documented_code_has_a_trigger_and_every_trigger_is_documented():
    docs = (EXAMPLES.parent / "roster-format.md").read_text(encoding="utf-8")
    table = docs.split("### 7TV finding codes")[1].split("\n## ")[0]
    assert set(re.findall(r"^\| `([a-z-]+)` \|", table, re.M)) == set(TRIGGERS)


# The book's sample casts -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "used", "total", "plot_points", "codes"),
    [
        ("claire", 23, 25, 6, set()),
        ("shaun", 36, 40, 7, {"genres-unknown", "fellowship-unused"}),
        ("simon", 35, 40, 7, {"genres-unknown", "anachronism"}),
        ("georgia", 29, 30, 6, {"genres-unknown"}),
        ("luca", 29, 30, 7, set()),
    ],
)
def test_the_books_sample_casts_are_legal_at_their_true_totals(
    rules, name, used, total, plot_points, codes
):
    result = evaluate(sample(name), rules)
    assert result.legal
    assert (result.budget.used, result.budget.total, result.budget.unit) == (used, total, "ratings")
    assert result.budget.details["plot_points_per_turn"] == plot_points
    assert result.codes == codes


def test_shauns_cast_is_36_although_the_book_adds_it_up_to_35(rules):
    shaun = sample("shaun")
    leads = [c for c in shaun["characters"] if c["type"] in ("star", "co-star")]
    # Innocent Soul 10 + Wise Mentor 7 + Mythic Champion 6: the book says 22.
    assert sum(character_cost(c, rules) for c in leads) == 23
    assert evaluate(shaun, rules).budget.used == 36


def test_simons_mercenary_may_not_draw_its_long_sword_in_an_action_episode(rules):
    (barred,) = found(evaluate(sample("simon"), rules), "anachronism")
    assert barred.subject == "Mercenary" and "Long Sword" in barred.message
    fantasy = report(rules, line("mercenary"), line("grizzled-veteran"), genre="fantasy")
    assert "Submachine Gun" in found(fantasy, "anachronism")[0].message
    assert not found(report(rules, line("mercenary"), genre="sci-fi"), "anachronism")


def test_the_figures_a_player_sees_beside_the_meter(rules):
    details = evaluate(sample("simon"), rules).budget.details
    # Two Stars, Van (Delivery) and the Love Interest's Prop each add a prop card.
    assert details == {"plot_points_per_turn": 7, "models": 9, "vehicles": 1, "prop_cards": 4}
    everyman = report(rules, line("everyman"), line("innocent-soul"))
    assert everyman.budget.details["prop_cards"] == 1  # This Old Thing?: no card of its own


# Ratings: bulk prices, the cards' discounts and how they stack ---------------------------


@pytest.mark.parametrize(
    ("troopers", "ratings"), [(1, 2), (2, 4), (3, 5), (4, 7), (6, 10), (7, 12)]
)
def test_bulk_price_whole_groups_then_the_rest_singly(rules, troopers, ratings):
    troops = line("imperial-trooper", troopers)
    assert character_cost(troops, rules) == ratings
    assert report(rules, troops, affiliation="villainous").budget.used == ratings


def test_lines_of_one_profile_are_bought_together(rules):
    split = report(rules, line("imperial-trooper", 2, "Squad A"), line("imperial-trooper", 2, "B"))
    assert split.budget.used == 7
    (note,) = found(split, "bulk-across-lines")
    assert "7 ratings rather than 8" in note.message
    assert not found(report(rules, line("imperial-trooper", 4)), "bulk-across-lines")


@pytest.mark.parametrize(
    ("lines", "used", "card"),
    [
        ([line("alien-invader"), line("shuttlecraft")], 2 + 7, "Landing Party"),
        ([line("enforcer"), line("getaway-car")], 3 + 3, "Clean Getaway"),
        ([line("gunslinger"), line("steed", 3)], 2 + 3 * 2, "Yee-Haw!"),
        ([line("knight"), line("steed")], 4 + 2, "Cavalry"),
        ([line("carriage"), line("steed")], 4 + 2, "Horse-Drawn"),
        ([line("vip"), line("limo")], 0 + 3, "Travels In Style"),
        ([line("daredevil"), line("jeep", 2)], 2 + 2 * 3, "Motor Pool"),
    ],
    ids=["landing-party", "clean-getaway", "yee-haw", "cavalry", "horse-drawn", "vip", "motor"],
)
def test_each_card_discount_lowers_the_total_and_says_why(rules, lines, used, card):
    with_card = report(rules, *lines)
    assert with_card.budget.used == used
    assert any(card in finding.message for finding in found(with_card, "discount"))
    source, bought = lines
    full_price = character_cost(bought, rules)
    assert used - character_cost(source, rules) < full_price
    alone = report(rules, bought)
    assert alone.budget.used == full_price and not found(alone, "discount")


def test_fixed_prices_do_not_add_up_the_lowest_counts(rules):
    # Gunslinger and Knight both price Steeds at 2: still 2, not 1.
    assert report(rules, line("gunslinger"), line("knight"), line("steed")).budget.used == 2 + 4 + 2


def test_motor_pool_comes_after_a_fixed_price_and_once_per_vehicle(rules):
    # VIP makes the Limo 3, then the Daredevil takes 1 off.
    assert report(rules, line("daredevil"), line("vip"), line("limo")).budget.used == 2 + 0 + 2
    # Two Daredevils do not take 2 off.
    assert report(rules, line("daredevil", 2), line("jeep")).budget.used == 4 + 3


def test_fellowship_brings_the_marked_extra_free_with_a_whole_plot_point(rules):
    soul, warriors = line("innocent-soul"), line("warrior", 4, "Warriors", role="fellowship")
    marked = report(rules, soul, warriors)
    assert marked.budget.used == 10 + 3 * 2
    assert marked.budget.details["plot_points_per_turn"] == 2 + 1 + 2  # 3 halves round up
    assert "Fellowship" in found(marked, "discount")[0].message
    assert not found(marked, "fellowship-unused") and not found(marked, "fellowship-invalid")
    plain = report(rules, soul, line("warrior", 4))
    assert plain.budget.used == 18 and plain.budget.details["plot_points_per_turn"] == 4
    assert found(plain, "fellowship-unused")[0].subject == "innocent-soul"


def test_the_fellowship_model_leaves_before_the_bulk_price(rules):
    # 4 Bystanders cost 2 + 1; with one free, the other 3 are a bulk group of 2.
    soul = line("innocent-soul")
    assert report(rules, soul, line("bystander", 4)).budget.used == 10 + 3
    assert report(rules, soul, line("bystander", 4, role="fellowship")).budget.used == 10 + 2


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        ([line("warrior", role="fellowship")], "no model in the cast has Fellowship"),
        ([line("innocent-soul"), line("mercenary", role="fellowship")], "more than 3"),
        ([line("innocent-soul"), line("loyal-sidekick", role="fellowship")], "only an Extra"),
        (
            [line("innocent-soul"), line("warrior", name="A", role="fellowship")]
            + [line("warrior", name="B", role="fellowship")],
            "already brought theirs",
        ),
    ],
    ids=["no-innocent-soul", "too-dear", "not-an-extra", "one-too-many"],
)
def test_a_fellowship_mark_that_cannot_be_honoured_is_an_error(rules, lines, reason):
    result = report(rules, *lines)
    (invalid,) = found(result, "fellowship-invalid")
    assert reason in invalid.message
    assert not result.legal


def test_the_ratings_limit_defaults_to_25_and_is_checked(rules):
    claire = sample("claire")
    del claire["budget"]
    assert evaluate(claire, rules).budget.total == 25 and evaluate(claire, rules).legal
    shaun = sample("shaun")
    shaun["budget"] = 35
    result = evaluate(shaun, rules)
    (over,) = found(result, "over-budget")
    assert "36 of 35 ratings" in over.message and not result.legal


# Cast legality -----------------------------------------------------------------------------


def test_affiliation_heroic_and_villainous_casts_take_their_own_side_and_neutrals(rules):
    assert not found(
        report(rules, line("innocent-soul"), line("cop"), line("agent")), "affiliation"
    )
    (wrong,) = found(report(rules, line("innocent-soul"), line("cultist")), "affiliation")
    assert wrong.subject == "cultist" and "villainous" in wrong.message
    villains = report(rules, line("evil-overlord"), line("cop"), affiliation="villainous")
    assert [f.subject for f in found(villains, "affiliation")] == ["cop"]


def test_a_neutral_casts_leads_must_be_neutral_but_its_extras_may_be_anything(rules):
    result = report(
        rules, line("innocent-soul"), line("cultist"), line("cop"), affiliation="neutral"
    )
    assert [f.subject for f in found(result, "affiliation")] == ["innocent-soul"]


@pytest.mark.parametrize("affiliation", [None, "evil"])
def test_a_cast_must_declare_its_affiliation(rules, affiliation):
    result = report(rules, line("innocent-soul"), affiliation=affiliation)
    assert found(result, "unknown-affiliation") and not result.legal
    assert not found(report(rules, line("innocent-soul")), "unknown-affiliation")


def test_a_vehicle_needs_a_lead_sharing_one_of_its_genres(rules):
    # Red Right Hand: Fantasy, Historical. Getaway Car: Action, Adventure.
    wrong = report(rules, line("red-right-hand"), line("getaway-car"), affiliation="villainous")
    (error,) = found(wrong, "vehicle-genre")
    assert error.page == 189 and "Action, Adventure" in error.message
    assert not found(report(rules, line("daring-rebel"), line("getaway-car")), "vehicle-genre")


def test_a_genre_swap_decides_which_extras_may_join(rules):
    # Lone Survivor is Horror, Sci-Fi; the Brutish Footsoldier shares Sci-Fi only.
    footsoldier = line("brutish-footsoldier")
    assert not found(report(rules, line("lone-survivor"), footsoldier), "extra-genre")
    swapped = line("lone-survivor", genre_swap={"from": "sci-fi", "to": "action"})
    (error,) = found(report(rules, swapped, footsoldier), "extra-genre")
    assert error.subject == "brutish-footsoldier" and "Action, Horror" in error.message


def test_extras_without_any_star_or_co_star_cannot_join(rules):
    result = report(rules, line("agent"))
    assert found(result, "extra-genre") and found(result, "no-star")
    assert not found(report(rules, line("wise-mentor")), "no-star")


@pytest.mark.parametrize("extra", ["bystander", "comic-relief", "assassin"])
def test_an_all_genre_extra_still_needs_a_star_or_co_star(rules, extra):
    # "All" shares every genre a lead has; with no lead there is no genre to share.
    (error,) = found(report(rules, line(extra)), "extra-genre")
    assert error.subject == extra and error.severity == "error"
    assert not report(rules, line(extra)).legal
    assert not found(report(rules, line("wise-mentor"), line(extra)), "extra-genre")


def test_genres_missing_from_the_book_text_are_reported_not_guessed(rules):
    # The Wise Mentor's genres are cut from the text: no false error for the footsoldier.
    unknown_lead = report(rules, line("wise-mentor"), line("brutish-footsoldier"))
    assert found(unknown_lead, "genres-unknown") and unknown_lead.legal
    unknown_extra = report(rules, line("bold-blade"), line("warrior"))
    assert found(unknown_extra, "genres-unknown")[0].subject == "warrior"
    # Genres the book's examples prove (Imperial Trooper: Sci-Fi) are enough to check.
    proven = report(
        rules, line("evil-overlord"), line("imperial-trooper"), affiliation="villainous"
    )
    assert not found(proven, "genres-unknown")


def house_genres(profile, *genres):
    return {
        "kind": "profile-genres",
        "slug": profile,
        "name": profile,
        "data": {"genres": list(genres)},
    }


def test_a_players_genres_for_a_profile_the_book_leaves_blank_open_the_gate(rules):
    # The Warrior's genres are missing from the book text; this table plays it as Fantasy.
    result = report(
        rules, line("bold-blade"), line("warrior"), house_rules=[house_genres("warrior", "fantasy")]
    )
    assert not found(result, "genres-unknown") and not found(result, "extra-genre")
    (mine,) = found(result, "custom-rule")
    assert mine.custom and mine.subject == "warrior" and "Fantasy" in mine.message
    assert "house rule" in mine.message and result.legal


def test_a_players_genres_are_judged_like_the_books(rules):
    result = report(
        rules, line("bold-blade"), line("warrior"), house_rules=[house_genres("warrior", "sci-fi")]
    )
    (error,) = found(result, "extra-genre")
    assert error.subject == "warrior" and "Sci-Fi" in error.message


def test_the_books_genres_count_over_a_players(rules):
    # The Alien Invader is Adventure, Sci-Fi in the book: a house rule cannot change that.
    invader = house_genres("alien-invader", "fantasy")
    result = report(
        rules,
        line("red-right-hand"),  # Fantasy, Historical
        line("alien-invader"),
        house_rules=[invader],
        affiliation="villainous",
    )
    assert found(result, "extra-genre") and not found(result, "custom-rule")


@pytest.mark.parametrize("genres", [(), ("western",), (7,)])
def test_house_genres_that_name_no_genre_change_nothing(rules, genres):
    result = report(
        rules, line("bold-blade"), line("warrior"), house_rules=[house_genres("warrior", *genres)]
    )
    assert found(result, "genres-unknown") and not found(result, "custom-rule")


def test_the_chosen_genre_should_belong_to_someone_in_the_cast(rules):
    assert found(report(rules, line("bold-blade"), genre="horror"), "chosen-genre-unused")
    assert not found(report(rules, line("bold-blade"), genre="fantasy"), "chosen-genre-unused")
    unsure = report(rules, line("bold-blade"), line("warrior"), genre="horror")
    assert not found(unsure, "chosen-genre-unused")
    assert any(f.subject is None for f in found(unsure, "genres-unknown"))


def test_an_unknown_chosen_genre_is_an_error(rules):
    assert found(report(rules, line("bold-blade"), genre="western"), "unknown-genre")
    assert not found(report(rules, line("bold-blade"), genre="action"), "unknown-genre")


@pytest.mark.parametrize(
    "lines", [[line("comic-relief", 2)], [line("vip", name="A"), line("vip", name="B")]]
)
def test_a_unique_profile_appears_once(rules, lines):
    (error,) = found(report(rules, line("grizzled-veteran"), *lines), "unique-profile")
    assert "2 " in error.message and "Unique" in error.message
    assert not found(
        report(rules, line("grizzled-veteran"), line("comic-relief")), "unique-profile"
    )


def test_a_carriage_needs_a_steed(rules):
    (error,) = found(report(rules, line("bold-blade"), line("carriage")), "horse-drawn-needs-steed")
    assert error.subject == "carriage" and "Steed" in error.message
    pulled = report(rules, line("bold-blade"), line("carriage"), line("steed"))
    assert not found(pulled, "horse-drawn-needs-steed")


def test_a_boss_has_only_one_sidekick(rules):
    soul = line("innocent-soul", name="Frodo")
    sidekick = line("loyal-sidekick", name="Sam", role="sidekick-of:Frodo")
    rookie = line("rookie", name="Pip", role="sidekick-of:Frodo")
    (error,) = found(report(rules, soul, sidekick, rookie), "one-sidekick-per-boss")
    assert error.subject == "Frodo" and "Sam" in error.message and "Pip" in error.message
    rookie_of_sam = line("rookie", name="Pip", role="sidekick-of:Sam")
    assert not found(report(rules, soul, sidekick, rookie_of_sam), "one-sidekick-per-boss")
    twins = line("rookie", 2, name="Twins", role="sidekick-of:Frodo")
    assert found(report(rules, soul, twins), "one-sidekick-per-boss")


def test_a_sidekicks_boss_must_be_in_the_cast_and_chosen(rules):
    lost = line("loyal-sidekick", name="Sam", role="sidekick-of:Gandalf")
    assert "no longer in the cast" in found(report(rules, lost), "sidekick-boss-unknown")[0].message
    assert found(report(rules, line("loyal-sidekick")), "sidekick-boss-unchosen")
    chosen = [line("innocent-soul", name="Frodo"), line("loyal-sidekick", role="sidekick-of:Frodo")]
    result = report(rules, *chosen)
    assert not found(result, "sidekick-boss-unknown") and not found(
        result, "sidekick-boss-unchosen"
    )


@pytest.mark.parametrize("role", ["sidekick-of:Frodo", "acting-leader"])
def test_roles_a_model_cannot_use_are_flagged(rules, role):
    result = report(rules, line("innocent-soul", name="Frodo"), line("warrior", role=role))
    assert found(result, "role-ignored")[0].subject == "warrior"
    assert not found(report(rules, line("warrior", role="fellowship")), "role-ignored")


def test_unknown_profiles_and_bad_lines_are_errors_that_cost_nothing(rules):
    ninja = line("ninja")
    assert character_cost(ninja, rules) is None
    result = report(rules, ninja, {"name": "Blank", "profile": {}}, line("warrior", 0))
    assert {f.subject for f in found(result, "unknown-profile")} == {"ninja", "Blank"}
    assert found(result, "model-count")[0].subject == "warrior"
    assert result.budget.used == 2  # the Warrior, counted once
    plain = report(rules, line("warrior"))
    assert not found(plain, "model-count") and not found(plain, "unknown-profile")


def test_a_line_whose_type_is_not_its_profiles_is_an_error(rules):
    assert found(report(rules, line("innocent-soul", kind="extra")), "type-mismatch")
    assert not found(report(rules, line("innocent-soul", kind="star")), "type-mismatch")


def test_house_rule_profiles_are_used_and_marked(rules):
    butler = {
        "kind": "profile",
        "slug": "house-robot-butler",
        "name": "Robot Butler",
        "cost": 3,
        "data": {"type": "extra", "affiliation": "neutral", "all_genres": True, "stats": {}},
    }
    result = report(rules, line("bold-blade"), line("house-robot-butler"), house_rules=[butler])
    assert result.budget.used == 13 and result.legal
    assert not found(result, "house-rule-ignored")
    assert found(result, "custom-rule")[0].custom
    clash = {**butler, "slug": "warrior", "cost": 0}
    shadowed = report(rules, line("bold-blade"), line("warrior"), house_rules=[clash])
    assert found(shadowed, "house-rule-ignored") and shadowed.budget.used == 12


@pytest.mark.parametrize(
    "roster",
    [
        {},
        {"characters": None, "choices": ["heroic"]},
        {"characters": [None, 5, {"profile": "x"}, {"profile": {"base": 7, "count": "two"}}]},
        cast(line("innocent-soul", stats=[1], genre_swap="x", add_effects=[None], move="far")),
        cast(line("innocent-soul", swap_attacks=[{"from": None}], add_attacks=[1])),
    ],
    ids=["empty", "odd-shapes", "odd-lines", "odd-customisation", "odd-attacks"],
)
def test_half_built_casts_never_crash(rules, roster):
    result = evaluate(roster, rules)
    assert result.budget.unit == "ratings"
    assert json.dumps(result.to_dict())


# Customising Stars and Co-Stars (p.38) ----------------------------------------------------


@pytest.mark.parametrize(
    ("customisation", "ratings"),
    [
        ({"stats": {"defence": 1}}, 12),
        ({"stats": {"defence": 2}}, 14),
        ({"stats": {"fight": 1, "mind": -1}}, 10),
        ({"stats": {"fight": 1, "body": 1}}, 12),
        ({"stats": {"defence": -1}}, 9),
        ({"stats": {"defence": -1, "mind": -1}}, 8),
        ({"genre_swap": {"from": "historical", "to": "horror"}}, 11),
        ({"move": 8}, 12),
        ({"move": 5}, 9),
        ({"remove_effects": ["profile-effect/pacifist"]}, 9),
        ({"swap_effects": [{"from": "profile-effect/pacifist", "to": "special-effect/parry"}]}, 10),
        (
            {"swap_effects": [{"from": "profile-effect/pacifist", "to": "special-effect/vanish"}]},
            11,
        ),
        ({"add_effects": ["special-effect/parry"]}, 11),
        ({"add_effects": ["special-effect/vanish"]}, 12),
        ({"magic_user": 2}, 14),
        ({"add_attacks": [{"name": "Sling", "type": "shoot", "range_in": 12, "strike": 6}]}, 11),
    ],
    ids=[
        "defence",
        "defence-twice",
        "up-and-down",
        "two-up",
        "defence-down",
        "defence-and-mind-down",
        "genre",
        "move-up",
        "move-down",
        "remove",
        "swap-free",
        "swap-plot-point",
        "add",
        "add-plot-point",
        "magic",
        "attack",
    ],
)
def test_each_customisation_is_priced_as_the_book_says(rules, customisation, ratings):
    soul = line("innocent-soul", **customisation)
    assert printed_profile(soul, rules).game.ratings == ratings
    assert character_cost(soul, rules) == ratings
    assert report(rules, soul).budget.used == ratings
    assert not [f for f in character_findings(soul, rules) if f.severity == "error"]


def test_the_books_regenerate_example_one_to_swap_in_two_to_add(rules):
    swap = {"from": "profile-effect/pacifist", "to": "profile-effect/regenerate"}
    swapped = line("innocent-soul", swap_effects=[swap])
    added = line("innocent-soul", add_effects=["profile-effect/regenerate"])
    assert character_cost(swapped, rules) == 11 and character_cost(added, rules) == 12
    # Regenerate is printed on cards, not on the pp.40-46 list: allowed, with a warning.
    assert [f.code for f in character_findings(added, rules)] == ["effect-off-list", "customised"]


def test_the_customised_card_prints_the_changes(rules):
    soul = line(
        "innocent-soul",
        stats={"defence": 1, "fight": 1, "mind": -1},
        move=8,
        magic_user=1,
        remove_effects=["profile-effect/pacifist"],
        add_effects=[{"ref": "special-effect/leader-x", "x": 2}],
        swap_attacks=[
            {
                "from": "Self Defence",
                "to": {"name": "Quarterstaff", "type": "fight", "range_in": 1, "strike": 9},
            }
        ],
        genre_swap={"from": "action", "to": "horror"},
    )
    card = printed_profile(soul, rules).game
    assert card.stats == {
        "fight": 5,
        "shoot": 3,
        "defence": 11,
        "mind": 2,
        "body": 4,
        "spirit": 5,
        "health": 3,
    }
    assert card.move == 8 and card.customised
    assert card.genres == ["historical", "fantasy", "horror"]
    names = [effect["name"] for effect in card.special_effects]
    assert "Pacifist" not in names
    assert {"Leader 2", "Magic User (1)", 'Move 8"'} <= set(names)
    assert card.attacks[0]["name"] == "Quarterstaff"
    # 10 + 2 (Defence) + 1 - 1 + 2 (two inches) + 2 (Magic User) - 1 (removed) + 1 (added)
    # + 1 (genre swap)
    assert card.ratings == 17


def test_magic_user_ranks_add_to_those_on_the_card(rules):
    mentor = printed_profile(line("wise-mentor", magic_user=1), rules).game
    assert "Magic User (3)" in [effect["name"] for effect in mentor.special_effects]
    assert mentor.ratings == 9


@pytest.mark.parametrize(
    ("customisation", "code", "words"),
    [
        ({"stats": {"health": 1}}, "health-changed", "Health cannot"),
        ({"stats": {"fight": 1, "body": 1, "mind": 1}}, "too-many-changes", "at most 2"),
        ({"stats": {"fight": -1, "body": -1, "mind": -1}}, "too-many-changes", "go down"),
        ({"stats": {"fight": 2}}, "bad-customisation", "by 1 only"),
        ({"stats": {"defence": -2}}, "bad-customisation", "by 1 only"),
        ({"stats": {"defence": -1, "body": -1, "mind": -1}}, "too-many-changes", "go down"),
        ({"stats": {"luck": 1}}, "bad-customisation", "not a statistic"),
        ({"genre_swap": {"from": "horror", "to": "sci-fi"}}, "bad-customisation", "no Horror"),
        ({"genre_swap": {"from": "action", "to": "fantasy"}}, "bad-customisation", "already"),
        ({"genre_swap": {"from": "action", "to": "western"}}, "bad-customisation", "not one of"),
        ({"remove_effects": ["special-effect/parry"]}, "bad-customisation", "no Parry"),
        (
            {"remove_effects": ["profile-effect/pacifist", "profile-effect/fellowship"]},
            "too-many-changes",
            "allows 1",
        ),
        ({"add_effects": ["star-quality/big-heart"]}, "bad-customisation", "star quality"),
        ({"add_effects": ["special-effect/magic-user-x"]}, "bad-customisation", "magic_user"),
        ({"add_effects": ["special-effect/leader-x"]}, "bad-customisation", "needs its X"),
        ({"add_effects": ["special-effect/nonsense"]}, "bad-customisation", "neither"),
        (
            {"swap_attacks": [{"from": "Self Defence", "to": {"name": "Pistol", "type": "shoot"}}]},
            "bad-customisation",
            "same type",
        ),
        (
            {"add_attacks": [{"name": "A", "type": "fight"}, {"name": "B", "type": "fight"}]},
            "too-many-changes",
            "allows 1",
        ),
        ({"teleport": True}, "bad-customisation", "'teleport'"),
    ],
)
def test_customisation_the_book_does_not_allow_is_an_error(rules, customisation, code, words):
    findings = character_findings(line("innocent-soul", **customisation), rules)
    assert any(f.code == code and words in f.message for f in findings), findings


def test_three_effect_swaps_are_one_too_many(rules):
    swaps = [
        {"from": "profile-effect/pacifist", "to": "special-effect/parry"},
        {"from": "profile-effect/heros-journey", "to": "special-effect/brave"},
        {"from": "profile-effect/wide-eyed-wonder", "to": "special-effect/tough"},
    ]
    codes = [f.code for f in character_findings(line("innocent-soul", swap_effects=swaps), rules)]
    assert "too-many-changes" in codes
    assert "too-many-changes" not in [
        f.code for f in character_findings(line("innocent-soul", swap_effects=swaps[:2]), rules)
    ]


def test_only_stars_and_co_stars_may_be_customised(rules):
    warriors = line("warrior", 3, stats={"defence": 1})
    assert [f.code for f in character_findings(warriors, rules)] == ["not-customisable"]
    assert character_cost(warriors, rules) == 6  # priced as printed
    printed = printed_profile(line("warrior"), rules).game.stats
    assert printed_profile(warriors, rules).game.stats == printed


def test_a_customised_lead_is_flagged_to_agree_with_the_opponent(rules):
    (note,) = character_findings(line("bold-blade", stats={"defence": 1}), rules)
    assert (note.code, note.severity) == ("customised", "info")
    assert "12 ratings" in note.message
    assert character_findings(line("bold-blade"), rules) == []
    assert character_findings(line("bold-blade", stats={}, add_effects=[]), rules) == []


# The printed card --------------------------------------------------------------------------


def test_the_printed_card_of_a_star(rules):
    card = printed_profile(line("bold-blade"), rules).game
    assert (card.profile_name, card.type, card.affiliation, card.ratings) == (
        "Bold Blade",
        "star",
        "heroic",
        10,
    )
    assert card.stats["defence"] == 10 and card.move == 6
    assert card.genres == ["action", "fantasy", "historical"] and not card.genres_unknown
    assert [attack["name"] for attack in card.attacks][0] == "Flashing Blade"
    assert card.star_quality["name"] == "Who Wants To Live Forever?"
    assert card.star_quality["pp"] == 2
    parry = next(e for e in card.special_effects if e["name"] == "Parry")
    assert parry["summary"] and parry["action"] == "passive" and parry["page"] == 40


def test_the_printed_card_of_extras_and_vehicles(rules):
    steed = printed_profile(line("steed", 3), rules).game
    assert steed.move == 8 and steed.bulk == {"size": 3, "cost": 8}
    assert steed.star_quality is None and steed.ratings == 3
    van = printed_profile(line("van"), rules).game
    assert set(van.stats) == {"capacity", "speed", "defence", "armour", "health"}
    assert van.move is None and van.genres_unknown
    assert van.stunts[0]["name"] == "Tools Of The Trade"
    rider = printed_profile(line("gunslinger"), rules).game
    assert "Rider (Steed)" in [effect["name"] for effect in rider.special_effects]


def test_an_unknown_profile_prints_an_empty_card(rules):
    card = printed_profile(
        {"name": "Ninja", "type": "extra", "profile": {"base": "ninja"}}, rules
    ).game
    assert card.ratings is None and card.stats == {} and card.type == "extra"


def test_every_engine_offers_the_same_functions():
    for definition in REGISTRY.values():
        engine = definition.engine_module
        for name in ("evaluate", "printed_profile", "character_findings", "character_cost"):
            assert callable(getattr(engine, name))
    assert module_for("7tv").character_cost is character_cost
