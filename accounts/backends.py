"""How a request finds its player: Django's ModelBackend, with the player's row read through
the shared cache (config/read_through.py) instead of asking the database on every request.

Django still checks the row against the session exactly as it does (active, the password
hash the session was made with), so a password change or a deactivation logs the session
out as before. The row is forgotten whenever it changes: any save or delete of the player,
and every renewal of their data stamp (accounts/stamps.py), which is how a QuerySet.update
of the row is caught. Something that changes the row without either (raw SQL, a
`User.objects.update` in a shell) shows within read_through.TIMEOUT.
"""

from django.contrib.auth.backends import ModelBackend

from config.read_through import ReadThrough

players = ReadThrough("player")


class PlayerBackend(ModelBackend):
    def get_user(self, user_id):
        return players.get(user_id, lambda: super(PlayerBackend, self).get_user(user_id))
