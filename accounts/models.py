import uuid

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import UUID4

from accounts.freshness import FreshManager, FreshQuerySet
from accounts.usernames import normalised
from cards.printing import geometry
from config import limits

KEY_MAX_LENGTH = 150
NAME_TAKEN = (
    "That name is taken: another player's name differs from it only in capitals, spaces or "
    "look-alike letters. Choose another."
)


class PlayerManager(UserManager.from_queryset(FreshQuerySet)):
    def get_by_natural_key(self, username):
        """The account a log-in names, in any spelling of its name (accounts/usernames.py).
        The exact name wins: a second account kept from before names were compared this way
        (migration 0003) is still reached by its own spelling."""
        matches = self.filter(
            models.Q(username=username) | models.Q(username_key=normalised(username))
        )
        found = sorted(matches, key=lambda user: user.username != username)
        if not found:
            raise self.model.DoesNotExist
        return found[0]


class User(AbstractUser):
    """A player. Guests are real users created on their first save, tied to one browser
    session; signing up turns the guest into a full account, so nothing they made moves."""

    is_guest = models.BooleanField(default=False)
    # The printer profile the Print page lays sheets out for; none: true size, no offset.
    print_profile = models.ForeignKey(
        "PrinterProfile", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Renewed on every write to what the player owns (accounts/freshness.py): pages kept for
    # them are keyed on it. The database fills it too, for rows written without the model
    # (old migrations' states).
    data_stamp = models.UUIDField(default=uuid.uuid4, db_default=UUID4(), editable=False)
    # The username with case, look-alike letters and spaces set aside: unique, so two
    # players can never hold two spellings of one name, even when they sign up at the same
    # instant. Empty (NULL) only for an account kept from before as a second spelling of an
    # older account's name (migration 0003): it keeps logging in by its exact spelling.
    # NULL, not "", so any number of such accounts pass the unique index.
    username_key = models.CharField(  # noqa: DJ001
        max_length=KEY_MAX_LENGTH, unique=True, null=True, editable=False
    )

    objects = PlayerManager()

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        user = super().from_db(db, field_names, values, **kwargs)
        user._stored_username = user.__dict__.get("username")
        return user

    def clean(self):
        super().clean()
        if len(normalised(self.username)) > KEY_MAX_LENGTH:
            # A few letters spell out longer ("ﬃ" is "ffi"): such a name cannot be stored.
            raise ValidationError(
                {"username": f"That name is too long: at most {KEY_MAX_LENGTH} letters."}
            )

    def validate_unique(self, exclude=None):
        """Besides the exact name, a name that is another player's in a different spelling
        is taken (sign-up and the admin's forms both ask here)."""
        errors = {}
        try:
            super().validate_unique(exclude)
        except ValidationError as error:
            errors = error.update_error_dict(errors)
        if "username" not in (exclude or ()) and "username" not in errors:
            others = User.objects.exclude(pk=self.pk) if self.pk else User.objects
            if others.filter(username_key=normalised(self.username)).exists():
                errors["username"] = [NAME_TAKEN]
        if errors:
            raise ValidationError(errors)

    def save(self, *args, **kwargs):
        # The key follows the name whenever the name is new or changes; an account kept
        # without one keeps none until it is renamed.
        update_fields = kwargs.get("update_fields")
        writes_username = update_fields is None or "username" in update_fields
        if writes_username and (
            self._state.adding or self.username != getattr(self, "_stored_username", None)
        ):
            self.username_key = normalised(self.username)
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "username_key"}
        super().save(*args, **kwargs)
        if writes_username:
            self._stored_username = self.username


def between(field, least, most):
    return models.Q(**{f"{field}__gte": least, f"{field}__lte": most})


class PrinterProfile(models.Model):
    """How one printer, tray and paper prints a duplex sheet, as the print check measured it:
    where it puts the backs against their fronts (x right, y down, in mm, as seen on the
    back), what its 100 mm ruler came out at, and which edge the sheet flips on. The checks
    hold the bounds the profile form gives (config/limits.py)."""

    class Flip(models.TextChoices):
        LONG = geometry.LONG_EDGE, "Long edge (like a book)"
        SHORT = geometry.SHORT_EDGE, "Short edge (like a wall calendar)"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="printer_profiles"
    )
    name = models.CharField(max_length=limits.PRINT_PROFILE_NAME_MAX)
    printer = models.CharField(max_length=limits.PRINT_PROFILE_NAME_MAX, blank=True)
    tray = models.CharField(max_length=limits.PRINT_PROFILE_NAME_MAX, blank=True)
    paper = models.CharField(
        max_length=10, choices=[(p.slug, p.name) for p in geometry.PAPERS.values()], default="a4"
    )
    back_offset_x_mm = models.DecimalField(max_digits=3, decimal_places=1, default=0)
    back_offset_y_mm = models.DecimalField(max_digits=3, decimal_places=1, default=0)
    ruler_mm = models.DecimalField(max_digits=4, decimal_places=1, default=100)
    flip = models.CharField(max_length=5, choices=Flip, default=Flip.LONG)
    updated_at = models.DateTimeField(auto_now=True)

    objects = FreshManager()

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=between(
                    "back_offset_x_mm", -limits.PRINT_OFFSET_MOST_MM, limits.PRINT_OFFSET_MOST_MM
                )
                & between(
                    "back_offset_y_mm", -limits.PRINT_OFFSET_MOST_MM, limits.PRINT_OFFSET_MOST_MM
                ),
                name="printer_profile_offset_in_bounds",
            ),
            models.CheckConstraint(
                condition=between(
                    "ruler_mm", limits.PRINT_RULER_LEAST_MM, limits.PRINT_RULER_MOST_MM
                ),
                name="printer_profile_ruler_in_bounds",
            ),
            models.CheckConstraint(
                condition=models.Q(paper__in=list(geometry.PAPERS))
                & models.Q(flip__in=[geometry.LONG_EDGE, geometry.SHORT_EDGE]),
                name="printer_profile_known_paper_and_flip",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def setup(self) -> geometry.Setup:
        """What the print engine needs of the profile: plain numbers."""
        return geometry.Setup(
            offset=(float(self.back_offset_x_mm), float(self.back_offset_y_mm)),
            flip=self.flip,
            scale=float(geometry.RULER_MM / self.ruler_mm),
        )
