"""What every ruleset's Card Designer form shares: reading a field's value as typed (valid
or not) so the live preview can follow each keystroke."""

from django import forms


def bounded(bounds, **kwargs):
    """A number field taking exactly `bounds` (least, most): a game definition's, which the
    roster file holds where the field's value is written."""
    least, most = bounds
    return forms.IntegerField(min_value=least, max_value=most, **kwargs)


class DesignerForm(forms.Form):
    """A designer form turns its fields into the roster format's character dict
    (`character_data`) and builds its initial values from a saved one (`initial_for`).
    `fieldsets_template` is the partial that lays out its ruleset-specific fields."""

    fieldsets_template = ""

    def value(self, name):
        if hasattr(self, "cleaned_data") and name in self.cleaned_data:
            return self.cleaned_data[name]
        field = self.fields[name]
        if self.is_bound:
            raw = field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
            try:
                return field.clean(raw)
            except forms.ValidationError:
                return raw
        return self.get_initial_for_field(field, name)

    def number(self, name, default):
        """A number field's value if the field accepts it (in its range), else `default`:
        the live preview never works with a number the form would refuse ("²", 10**5000)."""
        value = self.value(name)
        return value if isinstance(value, int) else default
