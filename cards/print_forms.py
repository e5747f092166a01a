"""The Print page's choices: what to print, on which paper, how many of each card."""

from django import forms

from cards.printing.geometry import PAPERS
from cards.printing.shops import SHOPS
from cards.printing.sources import CARDS
from config.limits import PRINT_MAX_COPIES

OFFSET_LIMIT = 20  # mm; a printer that misses by more needs fixing, not an offset
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

    def __init__(self, data=None, *, sources, backs_hold_rules=False, **kwargs):
        """`backs_hold_rules`: the chosen cards' backs carry rules (a 7TV card's Star
        Qualities), so backs print unless the player unticked them."""
        if data:
            # A link names only what it changes (a roster's Print button, the source): the
            # choices it leaves out keep their defaults instead of being "required" errors
            # that the page would flag on the select with no error to read.
            data = data.copy()
            for name in ("paper", "shop"):
                data.setdefault(name, self.base_fields[name].initial)
            if backs_hold_rules and CHOSEN not in data:
                data["backs"] = "on"
        # Unbound on a first visit, so every field shows its initial value.
        super().__init__(data or None, label_suffix="", **kwargs)
        self.fields["source"].choices = sources
        self.fields["backs"].initial = backs_hold_rules

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
    return forms.DecimalField(
        label=label,
        max_digits=3,
        decimal_places=1,
        min_value=-OFFSET_LIMIT,
        max_value=OFFSET_LIMIT,
    )


class BackOffsetForm(forms.Form):
    x_mm = offset_field("X (right is +)")
    y_mm = offset_field("Y (down is +)")
