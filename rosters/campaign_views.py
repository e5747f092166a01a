"""The league page's campaign panel, for any game with between-game rules: its standing, one
form per event its campaign module declares (rules/engines/campaign.py), the timeline (an
htmx partial) and undo. One URL takes every event: /rosters/<pk>/campaign/<event>/."""

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from rosters import selectors
from rosters.forms import record_id, refusal
from rosters.handlers import campaign
from rosters.handlers.base import CampaignRefused, NotTheLatest
from rules.rulesets import definition_for


class ChosenFew(forms.MultipleChoiceField):
    """Any of the options, at most `most` (duplicates count), refused in the game's words."""

    def __init__(self, *, most, too_many, **kwargs):
        super().__init__(required=False, **kwargs)
        self.most, self.too_many = most, too_many

    def validate(self, value):
        super().validate(value)
        if self.most is not None and len(value) > self.most:
            raise forms.ValidationError(self.too_many.format(count=len(value), most=self.most))


def form_field(field, options):
    """The Django field for one of an event's fields: it takes exactly what the game's
    campaign holds (the numbers its module names, the same the roster file allows)."""
    if field.kind == "number":
        least, most = field.bounds
        return forms.IntegerField(min_value=least, max_value=most, label=field.label)
    if field.kind == "text":
        return forms.CharField(max_length=field.most, label=field.label)
    if field.kind == "choice":
        return forms.ChoiceField(choices=options, label=field.label)
    if field.kind == "choices":
        return ChosenFew(
            choices=options, most=field.most, too_many=field.too_many, label=field.label
        )
    raise ValueError(f"no form field of kind {field.kind!r}")


def event_form(event, league=None, data=None):
    """The form for one campaign event; its options come from the league (none without)."""
    form = forms.Form(data)
    for field in event.fields:
        options = field.options(league) if field.options and league is not None else []
        form.fields[field.name] = form_field(field, options)
    return form


def shown_fields(event, league):
    """What the template draws for each field: a text or number box, a list to pick one
    from, or boxes to tick."""
    drawn = []
    for field in event.fields:
        shown = field.offered or field.options
        options = shown(league) if shown else []
        widget = {"choice": "select", "choices": "checkboxes"}.get(field.kind, field.kind)
        if options and field.kind == "number":
            widget = "select"
        drawn.append(
            {"field": field, "widget": widget, "options": options, "bounds": field.bounds or ()}
        )
    return drawn


def campaign_context(request, roster, members=None, rules=None, addable=None):
    """The campaign panel's context; the league page passes the members, rules book and
    addable cards it already has, so the panel costs one query (the timeline)."""
    module = selectors.campaign_rules(roster)
    if module is None:
        note = definition_for(roster.ruleset.slug).campaign_note
        return {"campaign_rules": False, "campaign_note": note, "roster": roster}
    league = selectors.league(roster, members, rules, addable)
    return {
        "campaign_rules": True,
        "roster": roster,
        "games_played": module.games_played(roster.campaign),
        "standing": module.league_lines(roster.campaign, league.rules),
        "carried": [
            (character["name"], line)
            for character in league.characters
            for line in module.character_lines(roster.campaign, character, league.rules)
        ],
        "events": [
            {"slug": slug, "event": event, "fields": shown_fields(event, league)}
            for slug, event in module.EVENTS.items()
            if event.shown(league)
        ],
        "entries": selectors.campaign_timeline(roster),
    }


@dataclass(frozen=True)
class Answer:
    """What the panel says back, beside the form that asked: `where` is the event's slug, or
    TIMELINE for Undo."""

    text: str
    level: int
    where: str

    @property
    def tag(self):
        return messages.DEFAULT_TAGS[self.level]


TIMELINE = "timeline"


def campaign_response(request, roster, answer):
    """With htmx the panel answers in place, its message by the form, so the player stays by
    the timeline and its Undo; the builder above comes along out of band, as a result can
    change its slots (Regional Influence) and characters. Without htmx, the whole page."""
    if request.htmx:
        from rosters.views import builder_context  # rosters.views imports this module

        context = builder_context(request, roster) | {"answer": answer}
        return render(request, "rosters/_campaign_answer.html", context)
    messages.add_message(request, answer.level, answer.text)
    return redirect("rosters:detail", pk=roster.pk)


def refused(error, where):
    text = str(error) or "This game's book gives no between-game rules."
    return Answer(text, messages.ERROR, where)


@require_GET
def timeline(request, pk):
    """The timeline alone, for htmx; the league page itself without it."""
    roster = selectors.roster_or_404(request.user, pk)
    if not request.htmx:
        return redirect("rosters:detail", pk=roster.pk)
    return render(request, "rosters/_campaign.html#timeline", campaign_context(request, roster))


@require_POST
def campaign_event(request, pk, event):
    """Any game's event between games: its form's fields checked, then its handler; a form
    that does not validate or a change the book refuses comes back as a message saying why."""
    roster = selectors.roster_or_404(request.user, pk)
    module = selectors.campaign_rules(roster)
    if module is None:
        return campaign_response(request, roster, refused(CampaignRefused([]), event))
    if event not in module.EVENTS:
        raise Http404("No such event in this game")
    form = event_form(module.EVENTS[event], selectors.league(roster), request.POST)
    if not form.is_valid():
        answer = Answer(refusal(form), messages.ERROR, event)
        return campaign_response(request, roster, answer)
    try:
        result = campaign.record_event(roster=roster, event=event, **form.cleaned_data)
    except CampaignRefused as error:
        return campaign_response(request, roster, refused(error, event))
    answer = Answer(f"Recorded: {result.entry.summary}", messages.SUCCESS, event)
    return campaign_response(request, result.roster, answer)


@require_POST
def undo(request, pk):
    """Undo the entry the button names; pressed twice, the second press says it is done."""
    roster = selectors.roster_or_404(request.user, pk)
    entry_id = record_id(request.POST.get("entry"))
    if entry_id is None:
        text = "Undo from the timeline: its Undo button names the change."
        return campaign_response(request, roster, Answer(text, messages.ERROR, TIMELINE))
    try:
        result = campaign.undo(roster=roster, entry_id=entry_id)
    except NotTheLatest as error:
        return campaign_response(request, roster, Answer(str(error), messages.ERROR, TIMELINE))
    if result.entry is None:
        answer = Answer("That change was undone already.", messages.INFO, TIMELINE)
    else:
        answer = Answer(f"Undone: {result.entry.summary}", messages.SUCCESS, TIMELINE)
    return campaign_response(request, result.roster, answer)
