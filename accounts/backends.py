"""How a request finds its player: Django's ModelBackend, with the player's row read through
the shared cache (config/read_through.py) instead of asking the database on every request.

Django still checks the row against the session exactly as it does (active, the password
hash the session was made with), so a password change or a deactivation logs the session
out as before. The row is forgotten by accounts/freshness.py whenever it changes, by any ORM
path (save, delete, QuerySet.update), and on every renewal of their data stamp. Only a
change past the ORM (raw SQL in a database shell) shows no sooner than read_through.TIMEOUT.
"""

from django.contrib.auth.backends import ModelBackend

from config.read_through import ReadThrough

players = ReadThrough("player")


class PlayerBackend(ModelBackend):
    def get_user(self, user_id):
        return players.get(user_id, lambda: super(PlayerBackend, self).get_user(user_id))
