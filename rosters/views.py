from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.players import current_player
from rosters import selectors, updates
from rosters.builders import builder_for, setting_options
from rosters.campaign_views import campaign_context
from rosters.forms import (
    BudgetForm,
    ModelCountForm,
    NewRosterForm,
    model_count_bounds,
    record_id,
    refusal,
)
from rosters.handlers import members as member_handlers
from rosters.handlers import roster as roster_handlers
from rosters.handlers import updates as update_handlers
from rosters.handlers.base import CampaignRefused, RosterFull
from rosters.meter import meter_for
from rosters.models import RosterMember
from rosters.page_cache import cached_page
from rules import engines
from rules.rulesets import find


@require_http_methods(["GET", "POST"])
def roster_list(request):
    form = NewRosterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = current_player(request, create=True)
        result = roster_handlers.create_roster(owner=player, **form.cleaned_data)
        return redirect("rosters:detail", pk=result.roster.pk)
    game = request.GET.get("game", "")
    legality = request.GET.get("legality", "")
    context = {
        "summaries": selectors.roster_summaries(request.user, ruleset=game, legality=legality),
        "game": game,
        "legality": legality,
        "games": selectors.roster_games(request.user),
        "deleted": selectors.recently_deleted(selectors.deleted_rosters_of(request.user)),
        "form": form,
    }
    # The filters swap the list alone; a POST that failed shows the whole page with its form.
    if request.htmx and request.method == "GET":
        return render(request, "rosters/list.html#roster_list", context)
    return render(request, "rosters/list.html", context)


def builder_context(request, roster):
    members = selectors.members_of(roster)
    # Read by the version of the rules data it was last checked against, until the player
    # takes a newer one (rosters/updates.py).
    read = updates.reading(roster, members, request.user)
    rules = read.rules
    selectors.told_apart([member.character for member in members])
    cast = selectors.roster_data(roster, members, rules)
    report = engines.evaluate(cast, rules)
    spec = builder_for(roster.ruleset.slug)
    kinds = spec.choice_kinds
    fixed = selectors.fixed_choices(roster)
    slug = roster.ruleset.slug

    def listed(entry, key=None):
        # A choice already ticked stays listed, so a player who changed sides can untick it.
        chosen = key is not None and entry["slug"] in roster.choices.get(key, [])
        return chosen or engines.offered(slug, entry, roster.choices)

    options = [
        {
            "key": key,
            "fixed": fixed.get(key),
            "entries": [
                {"entry": entry, "checked": entry["slug"] in roster.choices.get(key, [])}
                for entry in sorted(rules.of_kind(kind), key=lambda e: (e["cost"] or 0, e["name"]))
                if listed(entry, key)
            ],
        }
        for key, kind in kinds.items()
    ]
    engine = engines.module_for(roster.ruleset.slug)
    rows = []
    # A role naming a boss by id is shown with the boss's name.
    shown = engines.with_boss_names(cast["characters"], roster.ruleset.slug)
    for member, data, words in zip(members, cast["characters"], shown, strict=True):
        printed = engine.printed_profile(data, rules)
        kind = rules.character_type(member.character.character_type) or {}
        rows.append(
            {
                "member": member,
                "character": member.character,
                "type": kind,
                "cost": printed.cost,
                # A line of several models (7TV Extras) asks how many, as its type's data says.
                "counted": bool(kind.get("profile", {}).get("several_models")),
                "findings": report.about(data["id"]),
                "cells": printed.cells,
                "roles": engine.role_choices(data, printed, cast, rules),
                "role": words["role"],
                "abilities": printed.ability_names,
            }
        )
    addable = selectors.addable_characters(request.user, roster, members)
    return campaign_context(request, roster, members, rules, addable) | {
        "roster": roster,
        "reading": read,
        "rows": rows,
        "report": report,
        "meter": meter_for(report.budget),
        "league_findings": report.reasons_first(data["id"] for data in cast["characters"]),
        "options": options,
        # The browser's own limits on the number inputs: the forms' (rosters/forms.py).
        "most_budget": BudgetForm.base_fields["budget"].max_value,
        "most_models": model_count_bounds(roster.ruleset.slug)[1],
        "addable": addable,
        "settings": [
            {
                "setting": setting,
                "options": setting_options(setting, rules),
                "value": roster.choices.get(setting.key, ""),
            }
            for setting in spec.settings
        ],
        "budget_presets": spec.budget_presets,
        "token_sheet": bool(find(roster.ruleset.slug).token_sheet),
        "library": sorted(
            filter(listed, rules.of_kind(spec.library_kind)), key=library_order(rules)
        )
        if spec.library_kind
        else [],
    }


def library_order(rules):
    """Library entries by member type in the order the rules data lists the character types,
    then by name."""
    types = list(rules.character_types)

    def key(entry):
        kind = entry["data"].get("type", "")
        return (types.index(kind) if kind in types else len(types), entry["name"])

    return key


def builder_response(request, roster):
    template = "rosters/detail.html#builder" if request.htmx else "rosters/detail.html"
    return render(request, template, builder_context(request, roster))


@require_GET
def roster_detail(request, pk):
    return cached_page(
        request, pk, lambda: builder_response(request, selectors.roster_or_404(request.user, pk))
    )


def after_change(request, roster):
    if request.htmx:
        return builder_response(request, roster)
    return redirect("rosters:detail", pk=roster.pk)


def whole_page(request, roster):
    """The league page again, also for htmx: the timeline and the messages sit outside the
    builder."""
    url = reverse("rosters:detail", args=[roster.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def lineup_change(request, roster, change, **details):
    """Add or remove a member, change a member's role, or change a list of choices. Once the
    league has played, a line-up change is a reorganisation: the player sees it on the
    timeline, or why the book refuses it."""
    try:
        result = change(roster=roster, **details)
    except ValueError as error:
        messages.error(request, str(error))
        return whole_page(request, roster)
    if result.entry is None:
        return after_change(request, result.roster)
    messages.success(request, f"After game {result.entry.game}: {result.entry.summary}")
    return whole_page(request, roster)


@require_POST
def add_member(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    character = selectors.character_or_404(request.user, record_id(request.POST.get("character")))
    return lineup_change(request, roster, member_handlers.add_member, character=character)


@require_POST
def remove_member(request, pk, character_pk):
    roster = selectors.roster_or_404(request.user, pk)
    return lineup_change(request, roster, member_handlers.remove_member, character_id=character_pk)


def member_roles(request, roster, character_pk):
    """The roles one member of the roster may take (404 if it is not a member)."""
    rules = selectors.book_of(roster, request.user)
    members = selectors.members_of(roster)
    cast = selectors.roster_data(roster, members, rules)
    for member, data in zip(members, cast["characters"], strict=True):
        if member.character_id == character_pk:
            engine = engines.module_for(roster.ruleset.slug)
            return dict(engine.role_choices(data, engine.printed_profile(data, rules), cast, rules))
    raise Http404("Not in this roster")


MOVES = {"up": -1, "down": 1}


@require_POST
def move_member(request, pk, character_pk):
    roster = selectors.roster_or_404(request.user, pk)
    by = MOVES.get(request.POST.get("direction", ""))
    if by is None:
        raise Http404("No such move")
    try:
        member_handlers.move_member(roster=roster, character_id=character_pk, by=by)
    except RosterMember.DoesNotExist:
        raise Http404("Not in this roster") from None
    return after_change(request, roster)


@require_POST
def set_role(request, pk, character_pk):
    roster = selectors.roster_or_404(request.user, pk)
    role = request.POST.get("role", "")
    if role not in member_roles(request, roster, character_pk):
        raise Http404("No such role")
    return lineup_change(
        request, roster, member_handlers.set_member_role, character_id=character_pk, role=role
    )


@require_POST
def set_choices(request, pk, key):
    roster = selectors.roster_or_404(request.user, pk)
    if key not in builder_for(roster.ruleset.slug).choice_kinds:
        raise Http404("No such choice")
    return lineup_change(
        request, roster, roster_handlers.set_choice, key=key, values=request.POST.getlist(key)
    )


@require_POST
def rename(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    result = roster_handlers.update_roster(roster=roster, name=request.POST.get("name", "")[:100])
    return after_change(request, result.roster)


@require_POST
def delete(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    roster_handlers.delete_roster(roster=roster)
    messages.success(request, f"Deleted {roster.name}. Its cards stay in My Cards.")
    return redirect("rosters:list")


@require_POST
def restore(request, pk):
    roster = get_object_or_404(selectors.deleted_rosters_of(request.user), pk=pk)
    roster_handlers.restore_roster(roster=roster)
    messages.success(request, f"{roster.name} is back.")
    return redirect("rosters:detail", pk=roster.pk)


@require_POST
def set_settings(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    spec = builder_for(roster.ruleset.slug)
    rules = selectors.book_of(roster, request.user)
    settings = {}
    for setting in spec.settings:
        value = request.POST.get(setting.key, "")
        if value and value not in dict(setting_options(setting, rules)):
            messages.error(request, f"{value!r} is not a {setting.label.lower()} of this game.")
            continue
        settings[setting.key] = value
    budget = BudgetForm(request.POST)
    if not budget.is_valid():
        messages.error(request, refusal(budget))
    result = roster_handlers.update_settings(
        roster=roster, settings=settings, budget=budget.cleaned_data.get("budget")
    )
    return after_change(request, result.roster)


@require_POST
def add_profile(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    spec = builder_for(roster.ruleset.slug)
    rules = selectors.book_of(roster, request.user)
    entry = (
        rules.entry(spec.library_kind, request.POST.get("profile", ""))
        if spec.library_kind
        else None
    )
    if entry is None:
        raise Http404("No such profile")
    count = ModelCountForm({"count": request.POST.get("count", "1")}, ruleset=roster.ruleset.slug)
    if not count.is_valid():
        messages.error(request, refusal(count))
        return after_change(request, roster)
    try:
        member_handlers.add_library_profile(
            roster=roster, entry=entry, count=count.cleaned_data["count"]
        )
    except (RosterFull, CampaignRefused) as error:
        messages.error(request, str(error))
    return after_change(request, roster)


@require_POST
def set_count(request, pk, character_pk):
    roster = selectors.roster_or_404(request.user, pk)
    member = get_object_or_404(
        roster.members.select_related("character"), character_id=character_pk
    )
    count = ModelCountForm(request.POST, ruleset=roster.ruleset.slug)
    if count.is_valid():
        member_handlers.set_model_count(
            character=member.character, count=count.cleaned_data["count"]
        )
    else:
        messages.error(request, refusal(count))
    return after_change(request, roster)


@require_POST
def accept_update(request, pk):
    """Check the roster against the version of the rules data whose report the player saw."""
    roster = selectors.roster_or_404(request.user, pk)
    try:
        result = update_handlers.accept_update(roster=roster, to=record_id(request.POST.get("to")))
    except update_handlers.NoSuchUpdate as error:
        messages.error(request, str(error))
        return whole_page(request, roster)
    messages.success(
        request, f"{roster.name} is checked against version {result.roster.rules_version} now."
    )
    return whole_page(request, roster)


@require_POST
def put_off_update(request, pk):
    """Keep reading the roster by the version it was checked against."""
    roster = selectors.roster_or_404(request.user, pk)
    result = update_handlers.put_off_update(roster=roster)
    messages.success(
        request,
        f"{roster.name} keeps its reading of version {result.roster.rules_version}:"
        " the update waits below its report.",
    )
    return whole_page(request, roster)
