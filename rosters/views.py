from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from accounts.players import current_player
from rosters import selectors, services
from rosters.forms import NewRosterForm


@require_http_methods(["GET", "POST"])
def roster_list(request):
    form = NewRosterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = current_player(request, create=True)
        result = services.create_roster(owner=player, **form.cleaned_data)
        return redirect("rosters:detail", pk=result.roster.pk)
    rosters = selectors.rosters_of(request.user)
    return render(request, "rosters/list.html", {"rosters": rosters, "form": form})


@require_GET
def roster_detail(request, pk):
    roster = selectors.roster_or_404(request.user, pk)
    return render(request, "rosters/detail.html", {"roster": roster})
