"""The print stylesheets reach WeasyPrint parsed, as user stylesheets, with their custom
properties written out as the values :root gives them (cards/pdf.py). That draws the same
cards as linking them from the document only while they hold no !important and no @page
rule (which would then rank differently against the document's own styles) and nothing else
sets a custom property: these tests say so when a stylesheet or a print template starts to."""

import re

import tinycss2

from cards.pdf import PRINT_STYLESHEETS, put_in, root_properties, static_file
from cards.printing import cache


def rules(tokens):
    """Every qualified rule, inside at-rules (@media, @supports) too."""
    for rule in tokens:
        if rule.type == "qualified-rule":
            yield rule
        elif rule.type == "at-rule" and rule.content:
            yield from rules(tinycss2.parse_rule_list(rule.content, skip_comments=True))


def custom_properties_set(rule):
    declarations = tinycss2.parse_blocks_contents(rule.content, skip_comments=True)
    return [d.name for d in declarations if d.type == "declaration" and d.name.startswith("--")]


def test_the_print_stylesheets_set_custom_properties_only_at_root():
    for path in PRINT_STYLESHEETS:
        sheet = tinycss2.parse_stylesheet(static_file(path).read_text(), skip_comments=True)
        for rule in rules(sheet):
            if tinycss2.serialize(rule.prelude).strip() != ":root":
                assert custom_properties_set(rule) == [], f"{path}: {rule.prelude}"


def test_the_print_templates_set_no_custom_properties():
    templates = [path for path in cache.print_sources() if path.suffix == ".html"]
    assert any("games" in path.parts for path in templates)  # the games' own faces too
    for template in templates:
        assert not re.search(r"--[\w-]+\s*:", template.read_text()), template


def test_every_custom_property_used_is_written_out():
    sheets = [tinycss2.parse_stylesheet(static_file(p).read_text()) for p in PRINT_STYLESHEETS]
    properties = root_properties(sheets)
    assert {"--ink", "--heading"} <= properties.keys()
    for sheet in sheets:
        assert "var(" not in tinycss2.serialize(put_in(sheet, properties))


def test_the_print_stylesheets_rank_alike_as_user_or_author_styles():
    for path in PRINT_STYLESHEETS:
        sheet = tinycss2.parse_stylesheet(static_file(path).read_text(), skip_comments=True)
        assert not [
            rule for rule in sheet if rule.type == "at-rule" and rule.lower_at_keyword == "page"
        ]
        for rule in rules(sheet):
            declarations = tinycss2.parse_blocks_contents(rule.content, skip_comments=True)
            assert not [d for d in declarations if d.type == "declaration" and d.important], path
