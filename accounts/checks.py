from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.caches, deploy=True)
def rate_limits_count_in_a_shared_atomic_cache(app_configs, **kwargs):
    """Log-in and render limits count in the default cache. The database cache counts with a
    read and a write, so a burst of guesses at the same instant may count once: in
    production they belong in Redis, which every app server shares and counts atomically."""
    if "redis" in settings.CACHES["default"]["BACKEND"].lower():
        return []
    return [
        Warning(
            "Rate-limit counters are not in Redis.",
            hint="Set REDIS_URL=redis://HOST:PORT/DB so every app server counts together.",
            id="accounts.W001",
        )
    ]
