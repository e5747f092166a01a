from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules.models import Ruleset


@require_GET
def home(request):
    return render(request, "home.html", {"rulesets": Ruleset.objects.all()})
