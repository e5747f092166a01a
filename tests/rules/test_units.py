"""Numbers with their unit: one slot, two slots."""

import pytest
from django.template import Context, Template

from rules.templatetags.units import of_unit


@pytest.mark.parametrize(
    ("number", "unit", "words"),
    [
        (1, "slots", "1 slot"),
        (0, "slots", "0 slots"),
        (2, "slots", "2 slots"),
        (1, "ratings", "1 rating"),
    ],
)
def test_one_of_a_unit_reads_singular(number, unit, words):
    assert of_unit(number, unit) == words


def test_the_filter_works_in_templates():
    template = Template("{% load units %}Costs {{ cost|of_unit:unit }}.")
    assert template.render(Context({"cost": 1, "unit": "slots"})) == "Costs 1 slot."
