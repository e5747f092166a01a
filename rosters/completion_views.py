"""A player's completions in their library: the book entries whose empty values they may
fill in once (rosters/handlers/completions.py), the form for one, and dropping one."""

import json

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.players import current_player
from config.limits import DATA_PACK_MAX_BYTES
from rosters import data_packs
from rosters.forms import CompletionForm
from rosters.handlers import completions as handlers
from rosters.transfer_views import roster_import_rate_limited
from rules.models import LibraryEntry
from rules.rulesets import find
from rules.selectors import kind_label, ruleset_or_404


def player_completions(user, ruleset):
    """{(kind, slug): the player's completion} for this game."""
    if not user.is_authenticated:
        return {}
    rows = LibraryEntry.objects.filter(owner=user, ruleset=ruleset, kind__endswith="-completion")
    return {(row.kind.removesuffix("-completion"), row.slug): row for row in rows}


def completable_kinds(ruleset):
    definition = find(ruleset.slug)
    return dict(definition.completions) if definition else {}


@require_GET
def completion_list(request, ruleset):
    ruleset = ruleset_or_404(ruleset)
    kinds = completable_kinds(ruleset)
    if not kinds:
        raise Http404("Nothing of this game can be completed")
    mine = player_completions(request.user, ruleset)
    groups = [
        {
            "label": kind_label(ruleset.slug, kind, plural=True),
            "rows": [
                (entry, mine.get((kind, entry.slug)))
                for entry in handlers.book_entries(ruleset, kind)
                if handlers.open_places(entry, kinds[kind])
            ],
        }
        for kind in kinds
    ]
    return render(request, "rosters/completions.html", {"ruleset": ruleset, "groups": groups})


def completion_form(request, ruleset, entry, completion):
    shape = completable_kinds(ruleset)[entry.kind]
    defs = handlers.schema_defs()
    library = {
        kind: list(
            LibraryEntry.objects.filter(ruleset=ruleset, kind=kind)
            .filter(owner__isnull=True)
            .order_by("name")
            .values_list("slug", "name")
        )
        for kind in handlers.named_kinds(shape)
    }
    initial = dict(completion.data) | {"level": completion.level} if completion else {}
    posted = request.POST if request.method == "POST" else None
    levels = sorted({t.level for t in ruleset.character_types.all() if t.level})
    return CompletionForm(
        posted,
        entry=entry,
        levels=levels if entry.levelled else [],
        schema=defs[shape],
        defs=defs,
        library=library,
        initial_values=initial,
    )


@require_http_methods(["GET", "POST"])
def complete(request, ruleset, kind, slug):
    ruleset = ruleset_or_404(ruleset)
    if kind not in completable_kinds(ruleset):
        raise Http404("Nothing of this kind can be completed")
    entry = handlers.book_entry(ruleset, kind, slug)
    if entry is None:
        raise Http404("No such book entry")
    completion = player_completions(request.user, ruleset).get((kind, slug))
    form = completion_form(request, ruleset, entry, completion)
    if request.method == "POST" and form.is_valid():
        try:
            handlers.complete_entry(
                owner=current_player(request, create=True),
                ruleset=ruleset,
                kind=kind,
                slug=slug,
                data=form.values(),
                level=form.cleaned_data.get("level"),
            )
        except handlers.CompletionRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            messages.success(
                request, f"Your values for {entry.name} fill its card wherever it appears."
            )
            return redirect("rosters:completions", ruleset=ruleset.slug)
    context = {"ruleset": ruleset, "entry": entry, "form": form, "completion": completion}
    return render(request, "rosters/complete.html", context, status=400 if form.errors else 200)


@require_POST
def drop(request, ruleset, kind, slug):
    ruleset = ruleset_or_404(ruleset)
    owner = current_player(request)
    if owner is None or (kind, slug) not in player_completions(owner, ruleset):
        raise Http404("No such completion")
    handlers.drop_completion(owner=owner, ruleset=ruleset, kind=kind, slug=slug)
    messages.success(request, "Your values are dropped: the card prints as the book has it.")
    return redirect("rosters:completions", ruleset=ruleset.slug)


@require_GET
def export_pack(request, ruleset):
    ruleset = ruleset_or_404(ruleset)
    owner = current_player(request)
    if owner is None:
        raise Http404("Nothing of yours to export yet")
    pack = data_packs.export_pack(owner, ruleset)
    response = HttpResponse(
        json.dumps(pack, indent=2, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{ruleset.slug}-data-pack.json"'
    return response


class PackForm(forms.Form):
    file = forms.FileField(
        label="Data pack (.json)",
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    # The pack as previewed, sent back with the confirmation so what is written is what was
    # shown (read and checked again: a browser may send anything).
    pack = forms.CharField(required=False, widget=forms.HiddenInput, max_length=DATA_PACK_MAX_BYTES)

    def content(self):
        upload = self.cleaned_data.get("file")
        if upload is not None:
            if upload.size > DATA_PACK_MAX_BYTES:
                raise data_packs.DataPackError(data_packs.too_big())
            return upload.read()
        return self.cleaned_data.get("pack") or ""


@require_http_methods(["GET", "POST"])
@roster_import_rate_limited
def import_pack(request, ruleset):
    """Upload a pack and see what it adds and would replace; confirm to write it all."""
    ruleset = ruleset_or_404(ruleset)
    form = PackForm(request.POST or None, request.FILES or None)
    context = {"ruleset": ruleset, "form": form, "lines": None, "text": ""}
    if request.method == "POST" and form.is_valid():
        try:
            content = form.content()
            pack = data_packs.load_pack(content)
            if pack["ruleset"] != ruleset.slug:
                raise data_packs.DataPackError(
                    f"This pack is for {pack['ruleset']}, not {ruleset.name}."
                )
            lines = data_packs.preview(request.user, ruleset, pack)
            if "confirm" in request.POST:
                result = handlers.import_pack(
                    owner=current_player(request, create=True),
                    ruleset=ruleset,
                    pack=pack,
                    lines=lines,
                )
                messages.success(
                    request, f"{len(result.written)} of the pack's entries are in your library."
                )
                return redirect("rosters:completions", ruleset=ruleset.slug)
        except (data_packs.DataPackError, handlers.CompletionRefused) as refusal:
            form.add_error(None, str(refusal))
        else:
            text = content.decode() if isinstance(content, bytes) else content
            context |= {"lines": lines, "text": text}
    status = 400 if form.errors else 200
    return render(request, "rosters/import_pack.html", context, status=status)
