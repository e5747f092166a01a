"""The Card Designer's form for each ruleset, by slug."""

from cards.designers.pulp_alley import PulpAlleyCharacterForm
from cards.designers.seven_tv import SevenTVCharacterForm

DESIGNER_FORMS = {"pulp-alley": PulpAlleyCharacterForm, "7tv": SevenTVCharacterForm}
