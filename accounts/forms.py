from django.contrib.auth.forms import BaseUserCreationForm

from accounts.models import User


class SignUpForm(BaseUserCreationForm):
    """Username and password; no e-mail needed to play, only to reset a forgotten password."""

    class Meta:
        model = User
        fields = ("username", "email")
        labels = {"email": "E-mail (optional)"}
        help_texts = {"email": "Only to send you a link if you forget your password."}
