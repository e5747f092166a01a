from django.contrib.auth.forms import BaseUserCreationForm

from accounts.models import User


class SignUpForm(BaseUserCreationForm):
    """Username and password only: no e-mail needed to play."""

    class Meta:
        model = User
        fields = ("username",)
