"""Rosters in and out: JSON and plain-text downloads, the import upload, and the books'
sample forces to browse or start from."""

import json

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.decorators import ratelimit

from accounts.players import current_player
from config import limits
from rosters import samples, selectors, transfer
from rosters.builders import builder_for
from rosters.format import MAX_FILE_BYTES, RosterFormatError, load_roster, too_big_message
from rosters.handlers import transfer as transfer_handlers
from rules import engines
from rules.models import Ruleset
from rules.selectors import rules_book

# Every way a whole roster is made in one request counts against one rate per client
# (config/limits.py): a file import, a start from a sample force, a copy from a share link.
# Counted before the visitor becomes a guest, so past it nothing at all is created.
roster_import_rate_limited = ratelimit(
    group="import", key="user_or_ip", rate=limits.rate("IMPORT_RATE"), method="POST"
)


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Roster file (.json)",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        # Checked on the size the upload handler counted, before a byte is parsed.
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(too_big_message())
        return upload


def download(content, *, filename, content_type):
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def file_stem(roster):
    return slugify(roster.name) or "roster"


@require_GET
def export_json(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    document = transfer.export_roster(roster=roster)
    return download(
        json.dumps(document, indent=2, ensure_ascii=False),
        filename=f"{file_stem(roster)}.json",
        content_type="application/json",
    )


@require_GET
def export_text(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    rules = selectors.book_of(roster, request.user)
    document = selectors.roster_data(roster, selectors.members_of(roster), rules)
    text = transfer.roster_as_text(
        document=document,
        report=engines.evaluate(document, rules),
        rules=rules,
        game=roster.ruleset.name,
    )
    return download(
        text, filename=f"{file_stem(roster)}.txt", content_type="text/plain; charset=utf-8"
    )


@require_http_methods(["GET", "POST"])
@roster_import_rate_limited
def import_roster(request):
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if request.method == "POST" and form.is_valid():
        try:
            document = load_roster(form.cleaned_data["file"].read(MAX_FILE_BYTES + 1))
            result = transfer_handlers.import_roster(
                owner=current_player(request, create=True), document=document
            )
        except RosterFormatError as error:
            form.add_error("file", str(error))
        else:
            return imported(request, result)
    status = 400 if form.errors else 200
    return render(request, "rosters/import.html", {"form": form}, status=status)


def imported(request, result):
    count = len(result.characters)
    messages.success(
        request,
        f"Imported {result.roster.name}: {count} character{'s' if count != 1 else ''}"
        " added to My Cards.",
    )
    return redirect("rosters:detail", pk=result.roster.pk)


@require_GET
def sample_list(request):
    found = samples.samples()
    games = dict(
        Ruleset.objects.filter(slug__in={s.ruleset for s in found}).values_list("slug", "name")
    )
    rows = [{"sample": sample, "game": games.get(sample.ruleset)} for sample in found]
    return render(request, "rosters/samples.html", {"rows": rows})


def sample_or_404(slug):
    try:
        return samples.sample_document(slug)
    except samples.UnknownSample:
        raise Http404("No such sample force") from None


def read_only_context(document, ruleset, viewer=None):
    """A roster document with its report, as the book's rules and the file's own house rules
    see it: for the sample forces and for share links. A sample is the book's, so the
    viewer's own completions of it fill its gaps as they do on their own rosters."""
    rules = rules_book(ruleset, viewer).with_house_rules(document.get("house_rules") or [])
    report = engines.evaluate(document, rules)
    rows = [
        {
            "summary": transfer.character_summary(character, rules, document),
            "findings": report.about(character["id"]),
        }
        for character in document["characters"]
    ]
    chosen = document.get("choices") or {}
    return {
        "document": document,
        "ruleset": ruleset,
        "report": report,
        "rows": rows,
        # The force's own picks (Pulp Alley's perks): they cost from the budget too.
        "chosen": [
            {"key": key, "entries": [rules.entry(kind, slug) for slug in chosen[key]]}
            for key, kind in builder_for(ruleset.slug).choice_kinds.items()
            if chosen.get(key)
        ],
        "force_findings": report.reasons_first(c["id"] for c in document["characters"]),
    }


@require_GET
def sample_detail(request, slug):
    """A read-only look at a sample force and its report, as the book's rules see it."""
    document = sample_or_404(slug)
    ruleset = get_object_or_404(Ruleset, slug=document["ruleset"])
    context = {"slug": slug, **read_only_context(document, ruleset, request.user)}
    return render(request, "rosters/sample.html", context)


@require_POST
@roster_import_rate_limited
def start_from_sample(request, slug):
    sample_or_404(slug)
    result = transfer_handlers.start_from_sample(
        owner=current_player(request, create=True), slug=slug
    )
    return imported(request, result)
