from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.text import get_text_list
from django.views.decorators.http import require_GET

from rules.models import Ruleset


@require_GET
def home(request):
    rulesets = list(Ruleset.objects.all())
    # Each game's own word for a force: "a sample league, cast, team or band".
    forces = get_text_list([ruleset.force_name for ruleset in rulesets], "or")
    return render(request, "home.html", {"rulesets": rulesets, "forces": forces})


@require_GET
def favicon(request):
    # Resolved per request: in production the hashed name only exists after collectstatic.
    return redirect(static("favicon.svg"), permanent=True)


def rate_limited(request, exception):
    """django-ratelimit's answer once a client passes a rate in config/limits.py."""
    return render(request, "429.html", status=429)
