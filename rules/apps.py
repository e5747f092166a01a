from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules"

    def ready(self):
        from rules import checks  # noqa: F401  (registers the rules data and ruleset checks)
