"""The league page's campaign panel: record a game's result, buy an ability with Experience,
undo the latest change, and the timeline (an htmx partial)."""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from rosters import campaigns, selectors
from rules.rulesets import definition_for
from rules.selectors import rules_book

MAX_VICTORY_POINTS = 1000


class ResultForm(forms.Form):
    scenario = forms.CharField(max_length=80)
    victory_points = forms.IntegerField(min_value=0, max_value=MAX_VICTORY_POINTS)
    rewards = forms.MultipleChoiceField(required=False)
    taken_out = forms.MultipleChoiceField(required=False)

    def __init__(self, *args, rewards=(), members=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rewards"].choices = list(rewards)
        self.fields["taken_out"].choices = [(name, name) for name in members]


def campaign_context(request, roster, members=None):
    module = campaigns.rules_of(roster)
    if module is None:
        note = definition_for(roster.ruleset.slug).campaign_note
        return {"campaign_rules": False, "campaign_note": note, "roster": roster}
    members = selectors.members_of(roster) if members is None else members
    return {
        "campaign_rules": True,
        "roster": roster,
        "state": module.campaign_state(roster.campaign),
        "entries": selectors.campaign_timeline(roster),
        "rewards": [(key, f"+1 {word}") for key, word in module.REWARD_WORDS.items()],
        "members": [member.character for member in members],
        "learnable": module.learnable(rules_book(roster.ruleset, request.user)),
        "banks": [(bank, module.REWARD_WORDS[bank]) for bank in module.BANKS],
        "escapes": [(roll, name) for roll, (name, _) in module.HARROWING_ESCAPE.items()],
    }


def campaign_response(request, roster):
    # A result can add roster slots (Regional Influence), so the whole page is shown again.
    return redirect("rosters:detail", pk=roster.pk)


def refused(request, error):
    messages.error(request, str(error) or "This game's book gives no between-game rules.")


@require_GET
def timeline(request, pk):
    """The timeline alone, for htmx; the league page itself without it."""
    roster = selectors.roster_or_404(request.user, pk)
    if not request.htmx:
        return redirect("rosters:detail", pk=roster.pk)
    return render(request, "rosters/_campaign.html#timeline", campaign_context(request, roster))


@require_POST
def record_result(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    context = campaign_context(request, roster)
    form = ResultForm(
        request.POST,
        rewards=context.get("rewards", ()),
        members=[c.name for c in context.get("members", ())],
    )
    if not form.is_valid():
        messages.error(request, "; ".join(e for errors in form.errors.values() for e in errors))
        return campaign_response(request, roster)
    try:
        campaigns.record_result(roster=roster, result=form.cleaned_data)
    except campaigns.CampaignRefused as error:
        refused(request, error)
    return campaign_response(request, roster)


@require_POST
def learn_ability(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    member = next(
        (
            m
            for m in selectors.members_of(roster)
            if str(m.character_id) == request.POST.get("character")
        ),
        None,
    )
    if member is None:
        messages.error(request, "Choose a character of this league.")
        return campaign_response(request, roster)
    try:
        campaigns.learn_ability(
            roster=roster, character=member.character, ability=request.POST.get("ability", "")
        )
    except campaigns.CampaignRefused as error:
        refused(request, error)
    return campaign_response(request, roster)


def posted_number(request, key):
    value = request.POST.get(key, "")
    return int(value) if value.isdigit() else None


@require_POST
def harrowing_escape(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    names = {member.character.name for member in selectors.members_of(roster)}
    name = request.POST.get("character", "")
    if name not in names:
        messages.error(request, "Choose a character of this league.")
        return campaign_response(request, roster)
    try:
        campaigns.harrowing_escape(
            roster=roster, character=name, roll=posted_number(request, "roll")
        )
    except campaigns.CampaignRefused as error:
        refused(request, error)
    return campaign_response(request, roster)


@require_POST
def spend(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    try:
        bank = request.POST.get("bank", "")
        campaigns.spend(roster=roster, bank=bank, points=posted_number(request, "points"))
    except campaigns.CampaignRefused as error:
        refused(request, error)
    return campaign_response(request, roster)


@require_POST
def undo(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    result = campaigns.undo_latest(roster=roster)
    if result.entry is not None:
        messages.success(request, f"Undone: {result.entry.summary}")
    return campaign_response(request, roster)
