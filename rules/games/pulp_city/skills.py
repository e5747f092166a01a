"""A Supreme's skills as a player types them ('Blitzer 2, Mechanical, Super Duo Stalk') and
as the roster file holds them (skill lines: a slug and its value), for the Card Designer and
the house-rules form alike."""

import re

from django import forms
from django.utils.text import slugify

from rules.engines.plain import as_dict, as_list
from rules.games.pulp_city.definition import BOUNDS, SKILL_VALUE

# A skill line's limits in the roster file (fixtures/pulp-city/roster-schema.json), so a
# saved card or house Supreme always exports and imports again.
SKILL_SLUG_MAX = 80
SKILL_VALUE_MAX = BOUNDS[SKILL_VALUE][1]
SKILL_NAME_MAX = 80


def parse_skills(text, rules):
    """'Blitzer 2, Mechanical, Super Duo Stalk' → skill lines: the longest skill name that
    starts each part, then its value (a number, or a name). An unknown skill keeps its words
    as a slug, so the report can name it."""
    return [line for _, line in skill_parts(text, rules)]


def skill_parts(text, rules):
    """(the part as typed, its skill line) for each comma-separated part."""
    names = sorted(
        ((str(e.get("name") or "").lower(), e["slug"]) for e in rules.of_kind("skill")),
        key=lambda pair: -len(pair[0]),
    )
    parts = []
    for part in (piece.strip() for piece in str(text or "").split(",")):
        if not part:
            continue
        lower = part.lower()
        found = next(((n, s) for n, s in names if lower == n or lower.startswith(n + " ")), None)
        if found is None:
            # Letters and digits joined by single hyphens, as the file format's slugs are.
            slug = "-".join(re.findall(r"[a-z0-9]+", slugify(part)))
            parts.append((part, {"skill": slug, "x": None}))
            continue
        rest = part[len(found[0]) :].strip()
        # Only ASCII digits are a number: "²" is a digit to str.isdigit but not to int().
        number = rest.isascii() and rest.isdigit()
        parts.append((part, {"skill": found[1], "x": int(rest) if number else rest or None}))
    return parts


def skill_line_problem(part, line):
    """Why a roster file could not hold this skill line, in words, or None."""
    slug, x = line["skill"], line["x"]
    typed = part if len(part) <= 24 else f"{part[:23]}…"
    if not slug:
        return f"{typed!r} is not a skill name: use letters or digits."
    if len(slug) > SKILL_SLUG_MAX:
        return f"{typed}: a skill name is at most {SKILL_SLUG_MAX} characters."
    if isinstance(x, int) and x > SKILL_VALUE_MAX:
        return f"{typed}: a skill's value is at most {SKILL_VALUE_MAX}."
    if isinstance(x, str) and len(x) > SKILL_NAME_MAX:
        return (
            f"{typed}: a skill's value is a number, or a name of at most {SKILL_NAME_MAX}"
            " characters."
        )
    return None


def skills_text(lines, rules):
    words = []
    for line in map(as_dict, as_list(lines)):
        entry = (
            rules.entry("skill", line.get("skill")) if isinstance(line.get("skill"), str) else None
        )
        name = (entry or {}).get("name") or str(line.get("skill") or "")
        words.append(f"{name} {line['x']}" if line.get("x") not in (None, "") else name)
    return ", ".join(words)


def skills_problem(text, rules):
    """Why the roster file could not hold the skills as typed (the first line that does
    not fit), or None: a form refuses what an export could not carry."""
    for part, line in skill_parts(text, rules):
        problem = skill_line_problem(part, line)
        if problem:
            return problem
    return None


class SkillsField(forms.CharField):
    """Skills as typed, refused in words when the roster file could not hold them. The form
    gives it the rules book its skill names come from (`rules`) as it is made."""

    def __init__(self, **kwargs):
        super().__init__(required=False, max_length=300, **kwargs)
        self.rules = None

    def validate(self, value):
        super().validate(value)
        problem = skills_problem(value, self.rules)
        if problem:
            raise forms.ValidationError(problem)
