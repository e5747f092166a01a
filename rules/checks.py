from django.core.checks import Error, Tags, register

from rules.integrity import fixture_problems


@register(Tags.models)
def rules_fixtures_are_consistent(app_configs, **kwargs):
    return [
        Error(problem, hint="Fix the YAML under fixtures/.", id="rules.E001")
        for problem in fixture_problems()
    ]
