from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self):
        from cards import checks  # noqa: F401  (registers the ruleset print-part checks)
        from rules.loading import rules_loaded

        rules_loaded.connect(queue_draw_ahead, dispatch_uid="cards: draw ahead")


def queue_draw_ahead(**kwargs):
    """Every load of the rules data (each deploy runs one, and a deploy's new print code
    makes new cache keys) has a print worker draw the decks and quick references ahead."""
    from cards.tasks import draw_ahead  # the app registry is ready only now

    draw_ahead.enqueue()
