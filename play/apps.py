from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "At the table"

    def ready(self):
        # A shared phone forgets the games it kept offline when their player leaves it.
        from play import offline  # noqa: F401
