"""What a Print page query asks for: the form, the chosen cards and the print options. The
Print page reads it from the request; a print worker reads the same query from its job."""

from dataclasses import dataclass

from django.http import Http404

from cards import selectors
from cards.print_forms import PrintForm, copies_from
from cards.printing import geometry, sources
from cards.printing.faces import has_own_back
from cards.printing.sheets import PrintOptions
from cards.reprints import Reprint, changed_only
from config.limits import PRINT_INTERACTIVE_CARDS


@dataclass(frozen=True)
class PrintRequest:
    form: PrintForm
    printable: sources.Printable
    options: PrintOptions
    # Only the cards that changed since the roster's last printing: what they replace.
    reprint: Reprint | None = None
    profile: object = None  # the player's printer profile the options follow, if any

    @property
    def cards(self):
        return sum(face.copies for face in self.printable.faces)

    @property
    def interactive(self):
        # Up to ten sheets are drawn while the player waits; bigger jobs go to a worker.
        return self.cards <= PRINT_INTERACTIVE_CARDS


def printer_setup(profile) -> geometry.Setup:
    """The chosen printer profile's offset, flip and scale; with none, an ideal printer."""
    return profile.setup if profile else geometry.Setup()


def print_request(player, query) -> PrintRequest:
    """A source that is not in the player's menu (somebody else's roster, a deck that does
    not exist) is a 404."""
    menu = sources.source_choices(player)
    profile = selectors.chosen_printer_profile(player)
    # The paper defaults to the one the player's printer profile was measured on.
    paper = profile.paper if profile else None
    form = PrintForm(query, sources=menu, paper=paper)
    chosen = form.options()
    if "source" in form.errors:
        raise Http404("Nothing like that to print.")
    printable = sources.printable(player, chosen["source"], copies_from(query))
    if any(has_own_back(face) for face in printable.faces):
        # The cards' own design says their backs hold rules: backs are then on by default.
        form = PrintForm(query, sources=menu, backs_hold_rules=True, paper=paper)
        chosen = form.options()
    reprint = None
    if chosen["changed"] and printable.roster is not None:
        reprint = changed_only(printable)
        printable = reprint.printable
    setup = printer_setup(profile)
    options = PrintOptions(
        paper=chosen["paper"],
        backs=chosen["backs"],
        bleed=chosen["bleed"],
        offset=setup.offset,
        shop=chosen["shop"],
        flip=setup.flip,
        scale=setup.scale,
    )
    return PrintRequest(form, printable, options, reprint, profile)
