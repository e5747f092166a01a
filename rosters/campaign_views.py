"""The league page's campaign panel: record a game's result, buy an ability with Experience,
reorganise the line-up, undo the latest change, and the timeline (an htmx partial)."""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from rosters import campaigns, selectors
from rosters.forms import record_id, refusal
from rules.rulesets import definition_for
from rules.selectors import rules_book


def whole_number(label, least, most):
    """A number field taking exactly what the game's campaign holds (its rules module names
    the numbers, the same the roster file allows): anything else is refused, field named."""
    return forms.IntegerField(min_value=least, max_value=most, label=label)


class ResultForm(forms.Form):
    scenario = forms.CharField(max_length=80, label="Scenario")
    rewards = forms.MultipleChoiceField(required=False, label="Reward cards")
    taken_out = forms.MultipleChoiceField(required=False, label="Taken out")

    def __init__(self, *args, module, rewards=(), members=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["victory_points"] = whole_number(
            "Victory points", 0, module.VICTORY_POINTS_MOST
        )
        self.fields["rewards"].choices = list(rewards)
        self.fields["taken_out"].choices = [(name, name) for name in members]
        self.most_rewards = module.REWARD_CARDS_MOST

    def clean_rewards(self):
        rewards = self.cleaned_data["rewards"]
        if len(rewards) > self.most_rewards:
            raise forms.ValidationError(
                f"{len(rewards)} cards; a league holds at most {self.most_rewards} after a game."
            )
        return rewards


def campaign_context(request, roster, members=None, rules=None):
    """The campaign panel's context; the league page passes the members and rules book it
    already has, so the panel costs one query (the timeline)."""
    module = campaigns.rules_of(roster)
    if module is None:
        note = definition_for(roster.ruleset.slug).campaign_note
        return {"campaign_rules": False, "campaign_note": note, "roster": roster}
    members = selectors.members_of(roster) if members is None else members
    rules = rules_book(roster.ruleset, request.user) if rules is None else rules
    state = module.campaign_state(roster.campaign)
    names = {str(member.character_id): member.character.name for member in members}
    return {
        "campaign_rules": True,
        "roster": roster,
        "state": state,
        # The records name characters by id; one who has since left shows as such.
        "waiting": [
            (names.get(item["character"], "(left the league)"), item["roll"])
            for item in state["pending"]
        ],
        "entries": selectors.campaign_timeline(roster),
        "rewards": [(key, f"+1 {word}") for key, word in module.REWARD_WORDS.items()],
        "members": [member.character for member in members],
        "learnable": module.learnable(rules),
        "societies": module.societies(rules),
        "banks": [(bank, module.REWARD_WORDS[bank]) for bank in module.BANKS],
        "escapes": [(roll, name) for roll, (name, _) in module.HARROWING_ESCAPE.items()],
        "most_victory_points": module.VICTORY_POINTS_MOST,
        "most_spent": module.BANKED_MOST,
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


def submit(request, roster, change, form=None, **details):
    """Run one change between games with the form's fields, if it has a form; a form that
    does not validate or a change the book refuses comes back as a message saying why."""
    if form is not None:
        if not form.is_valid():
            messages.error(request, refusal(form))
            return campaign_response(request, roster)
        details |= form.cleaned_data
    try:
        change(roster=roster, **details)
    except campaigns.CampaignRefused as error:
        refused(request, error)
    return campaign_response(request, roster)


def member_choices(roster):
    return [(str(m.character_id), m.character.name) for m in selectors.members_of(roster)]


def campaign_rules(request, roster):
    """The roster's campaign rules, or None after saying its book has none: its forms are
    built from the numbers those rules give."""
    module = campaigns.rules_of(roster)
    if module is None:
        refused(request, campaigns.CampaignRefused([]))
    return module


@require_POST
def record_result(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    module = campaign_rules(request, roster)
    if module is None:
        return campaign_response(request, roster)
    context = campaign_context(request, roster)
    form = ResultForm(
        request.POST,
        module=module,
        rewards=context["rewards"],
        members=[c.name for c in context["members"]],
    )
    if not form.is_valid():
        messages.error(request, refusal(form))
        return campaign_response(request, roster)
    return submit(request, roster, campaigns.record_result, result=form.cleaned_data)


@require_POST
def learn_ability(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    chosen = record_id(request.POST.get("character"))
    member = next((m for m in selectors.members_of(roster) if m.character_id == chosen), None)
    if member is None:
        messages.error(request, "Choose a character of this league.")
        return campaign_response(request, roster)
    return submit(
        request,
        roster,
        campaigns.learn_ability,
        character=member.character,
        ability=request.POST.get("ability", ""),
    )


class EscapeForm(forms.Form):
    character_id = forms.TypedChoiceField(coerce=int, label="Character")

    def __init__(self, *args, module, members=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character_id"].choices = members
        self.fields["roll"] = whole_number("d6 roll", *module.ESCAPE_ROLL)


class SpendForm(forms.Form):
    bank = forms.CharField(max_length=20, label="Bank")

    def __init__(self, *args, module, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["points"] = whole_number("Points", 1, module.BANKED_MOST)


class ReorganiseForm(forms.Form):
    drop = forms.TypedMultipleChoiceField(coerce=int, required=False, label="Leaving")
    add = forms.TypedMultipleChoiceField(coerce=int, required=False, label="Joining")

    def __init__(self, *args, members=(), addable=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["drop"].choices = [(m.character_id, m.character.name) for m in members]
        self.fields["add"].choices = [(c.pk, c.name) for c in addable]


@require_POST
def harrowing_escape(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    module = campaign_rules(request, roster)
    if module is None:
        return campaign_response(request, roster)
    form = EscapeForm(request.POST, module=module, members=member_choices(roster))
    return submit(request, roster, campaigns.harrowing_escape, form)


@require_POST
def spend(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    module = campaign_rules(request, roster)
    if module is None:
        return campaign_response(request, roster)
    return submit(request, roster, campaigns.spend, SpendForm(request.POST, module=module))


@require_POST
def join_society(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    return submit(
        request,
        roster,
        campaigns.join_society,
        society=request.POST.get("society", ""),
        perk=request.POST.get("perk", ""),
    )


@require_POST
def reorganise(request, pk):
    """Reorganize between scenarios (p.44): who leaves, who joins from My Cards."""
    roster = selectors.roster_or_404(request.user, pk)
    members = selectors.members_of(roster)
    addable = selectors.addable_characters(request.user, roster, members)
    form = ReorganiseForm(request.POST, members=members, addable=addable)
    return submit(request, roster, campaigns.reorganise, form)


@require_POST
def undo(request, pk):
    """Undo the entry the button names; pressed twice, the second press says it is done."""
    roster = selectors.roster_or_404(request.user, pk)
    entry_id = record_id(request.POST.get("entry"))
    if entry_id is None:
        messages.error(request, "Undo from the timeline: its Undo button names the change.")
        return campaign_response(request, roster)
    try:
        result = campaigns.undo(roster=roster, entry_id=entry_id)
    except campaigns.NotTheLatest as error:
        messages.error(request, str(error))
        return campaign_response(request, roster)
    if result.entry is None:
        messages.info(request, "That change was undone already.")
    else:
        messages.success(request, f"Undone: {result.entry.summary}")
    return campaign_response(request, roster)
