"""Card faces built straight from view-model dicts, the way the template interface takes
them, for tests that are about printing rather than rules."""

from cards.games.pulp_alley import faces as pulp_alley_faces
from cards.printing import faces


def character(name, **changes):
    """A Pulp Alley face straight from a view-model, as the template interface takes it."""
    view = {
        "name": name,
        "type_name": "Ally",
        "level": 2,
        "health": "d6",
        "knocked_out_on_failed_health": False,
        "skills": [
            ("Brawl", "2d6"),
            ("Shoot", "2d6"),
            ("Dodge", "1d6"),
            ("Might", "1d6"),
            ("Finesse", "1d6"),
            ("Cunning", "1d6"),
        ],
        "abilities": [
            {"name": "Marksman", "level": 1, "summary": "One more Shoot die.", "page": 9}
        ],
        "flavour": "",
        "portrait_uri": None,
        **changes,
    }
    back = faces.BACK.face(faces.back(title="Pulp Alley", subtitle="Cliffhanger"), title="back")
    return pulp_alley_faces.PULP_ALLEY_CHARACTER.face(view, title=name, back=back)


def crew(count):
    return [character(f"Crew {number}") for number in range(1, count + 1)]
