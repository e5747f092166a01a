"""The Card Designer forms, one module per ruleset; each definition in rules/rulesets/ names
its own."""
