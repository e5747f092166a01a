"""The Print page's choices: what to print, on which paper, how many of each card."""

from django import forms

from accounts.models import PrinterProfile
from cards.printing.geometry import PAPERS, RULER_MM
from cards.printing.shops import SHOPS
from cards.printing.sources import CARDS
from config.limits import (
    PRINT_MAX_COPIES,
    PRINT_OFFSET_MOST_MM,
    PRINT_RULER_LEAST_MM,
    PRINT_RULER_MOST_MM,
)

TENTHS = "Give it in millimetres to one decimal place, e.g. 1.5."
# Sent by the Print page's own form: the player has chosen, so an unticked box means no.
# A link that only names what to print (a roster's Print button) gets the defaults instead.
CHOSEN = "chosen"


class PrintForm(forms.Form):
    source = forms.ChoiceField(label="Print", initial=CARDS)
    paper = forms.ChoiceField(
        choices=[(slug, paper.name) for slug, paper in PAPERS.items()], initial="a4"
    )
    backs = forms.BooleanField(required=False, label="Card backs on the following pages")
    bleed = forms.BooleanField(
        required=False, label="Print shop: one card per page with 3 mm bleed"
    )
    changed = forms.BooleanField(
        required=False, label="Only the cards that changed since the last print"
    )
    shop = forms.ChoiceField(
        label="For a print shop",
        required=False,
        choices=[("", "No: my own printer, or the bleed PDF above")]
        + [(slug, shop.name) for slug, shop in SHOPS.items()],
        initial="",
    )

    def __init__(self, data=None, *, sources, backs_hold_rules=False, paper=None, **kwargs):
        """`backs_hold_rules`: the chosen cards' backs carry rules (a 7TV card's Star
        Qualities), so backs print unless the player unticked them. `paper`: the one to offer
        first (the player's printer profile's)."""
        paper = paper or self.base_fields["paper"].initial
        if data:
            # A link names only what it changes (a roster's Print button, the source): the
            # choices it leaves out keep their defaults instead of being "required" errors
            # that the page would flag on the select with no error to read.
            data = data.copy()
            data.setdefault("paper", paper)
            data.setdefault("shop", self.base_fields["shop"].initial)
            if backs_hold_rules and CHOSEN not in data:
                data["backs"] = "on"
        # Unbound on a first visit, so every field shows its initial value.
        super().__init__(data or None, label_suffix="", **kwargs)
        self.fields["source"].choices = sources
        self.fields["backs"].initial = backs_hold_rules
        self.fields["paper"].initial = paper

    def options(self):
        """Each field's chosen value, or its default when it was not sent or not valid."""
        if self.is_bound:
            self.is_valid()  # cleaned_data then holds the fields that passed
        cleaned = getattr(self, "cleaned_data", {})
        return {
            name: cleaned.get(name, field.initial or False) for name, field in self.fields.items()
        }


def copies_asked(query):
    """copies-<pk> values from the query string as asked; unreadable ones count as one."""
    asked = {}
    for key, value in query.items():
        if key.startswith("copies-"):
            try:
                asked[key] = int(value)
            except ValueError:
                asked[key] = 1
    return asked


def copies_from(query):
    """Each card's copies, 0 to PRINT_MAX_COPIES (the Print page says so next to a field
    asking for more: `copies_over`)."""
    return {key: min(max(n, 0), PRINT_MAX_COPIES) for key, n in copies_asked(query).items()}


def copies_over(query):
    """The fields that asked for more than PRINT_MAX_COPIES, with what they asked."""
    return {key: n for key, n in copies_asked(query).items() if n > PRINT_MAX_COPIES}


def offset_field(label):
    limit = PRINT_OFFSET_MOST_MM
    beyond = (
        f"An offset is at most {limit} mm either way: a printer that misses by more "
        "needs fixing, not an offset."
    )
    return forms.DecimalField(
        label=label,
        max_digits=3,
        decimal_places=1,
        min_value=-limit,
        max_value=limit,
        initial=0,
        error_messages={
            "min_value": beyond,
            "max_value": beyond,
            "max_digits": beyond,
            "max_whole_digits": beyond,
            "max_decimal_places": TENTHS,
            "invalid": TENTHS,
        },
    )


def ruler_field():
    least, most = PRINT_RULER_LEAST_MM, PRINT_RULER_MOST_MM
    outside = (
        f"The {RULER_MM} mm ruler measures between {least} and {most} mm on a printer set to "
        "Actual size: outside that the printer is scaling the page itself, so switch off "
        "Fit to page or Shrink and print the check again."
    )
    return forms.DecimalField(
        label=f"The {RULER_MM} mm ruler measured (mm)",
        max_digits=4,
        decimal_places=1,
        min_value=least,
        max_value=most,
        initial=RULER_MM,
        help_text=f"Cards are then drawn {RULER_MM} ÷ this, so they print true size.",
        error_messages={
            "min_value": outside,
            "max_value": outside,
            "max_digits": outside,
            "max_whole_digits": outside,
            "max_decimal_places": "Give it to a tenth of a millimetre, e.g. 99.4.",
            "invalid": "Give it to a tenth of a millimetre, e.g. 99.4.",
            "required": f"Give what the ruler measured; {RULER_MM} if it is exact.",
        },
    )


class PrinterProfileForm(forms.ModelForm):
    """A printer profile as the player types it; the bounds are config/limits.py's, which the
    model's database checks hold too."""

    back_offset_x_mm = offset_field("Back offset X (mm, right is +)")
    back_offset_y_mm = offset_field("Back offset Y (mm, down is +)")
    ruler_mm = ruler_field()

    class Meta:
        model = PrinterProfile
        fields = [
            "name",
            "printer",
            "tray",
            "paper",
            "back_offset_x_mm",
            "back_offset_y_mm",
            "ruler_mm",
            "flip",
        ]
        labels = {"flip": "The sheet flips on its", "paper": "Paper"}
        widgets = {"flip": forms.RadioSelect}

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        self.owner = owner

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        others = PrinterProfile.objects.filter(owner=self.owner, name__iexact=name)
        if self.instance.pk:
            others = others.exclude(pk=self.instance.pk)
        if self.owner is not None and others.exists():
            raise forms.ValidationError("You have a profile of that name: choose another.")
        return name
