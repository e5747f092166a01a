from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from rules.models import Ruleset


@require_GET
def home(request):
    return render(request, "home.html", {"rulesets": Ruleset.objects.all()})


@require_GET
def favicon(request):
    # Resolved per request: in production the hashed name only exists after collectstatic.
    return redirect(static("favicon.svg"), permanent=True)
