"""Which models belong to a player."""

from django.apps import apps
from django.contrib.auth import get_user_model


def owned_models():
    """Every model that belongs to a player: those with an `owner` key to the user. Read
    from the models, so one added later is adopted (and cleaned up) without a change here."""
    user_model = get_user_model()
    return [
        model
        for model in apps.get_models()
        if any(
            field.name == "owner" and field.related_model is user_model
            for field in model._meta.concrete_fields
        )
    ]
