"""Each game's own test parts, one module per game package (rules/games/<game>/): PARTS, the
roster-file strategies (tests/rosters/roster_strategies.py), and HOUSE_RULE_USES, where a roster
uses each house-rule kind players may add (tests/rosters/test_house_rule_files.py). The tests
find a game's module through the registry, so adding a game adds one here and edits none."""
