from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self):
        from cards import checks  # noqa: F401  (registers the ruleset print-part checks)
