from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self):
        # checks registers the rate-limit cache check.
        from accounts import checks, freshness  # noqa: F401

        freshness.watch()
