"""Characters are told apart by id, never by name: in any generated roster of any registered
game, where names repeat ("Thug", "Thug"), each character's own findings are reported about
its id, and a finding about a character names one the roster has, by the name it reads."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engines.house_rules import with_roster_house_rules
from rules.rulesets import REGISTRY
from tests.conformance.test_engines import RUN, rosters, rules


def with_ids(roster):
    """Ids as a roster file read by Cliffhanger has them: one per character, by position."""
    characters = roster.get("characters", [])
    return {
        **roster,
        "characters": [
            {**c, "id": str(n)} if isinstance(c, dict) else c for n, c in enumerate(characters)
        ],
    }


@pytest.mark.parametrize("slug", list(REGISTRY))
@RUN
@given(data=st.data())
def test_characters_sharing_a_name_each_get_their_own_findings(slug, data):
    engine = REGISTRY[slug].engine_module
    roster = with_ids(data.draw(rosters(slug)))
    report = engine.evaluate(roster, rules(slug))
    book, _ = with_roster_house_rules(roster, rules(slug))
    characters = {c["id"]: c for c in roster["characters"] if isinstance(c, dict)}
    for finding in report.findings:
        assert finding.character_id in {None, *characters}
    for character_id, character in characters.items():
        own = Counter(f.code for f in engine.character_findings(character, book))
        about = report.about(character_id)
        assert own <= Counter(f.code for f in about), (character, own, about)
        names = {f.subject for f in about}
        assert len(names) <= 1, names  # the one character's name, whoever shares it
