"""WeasyPrint's own layout of a card face, for tests that check the fitter's estimate
against what really gets laid out."""

from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import HTML

from cards.pdf import PRINT_STYLESHEETS, OwnFilesOnly, font_config, stylesheets


def face_page_box(face):
    """The laid-out page box of one face alone on a card-sized page."""
    html = render_to_string(
        "cards/print/sheet.html",
        {
            "width": "63.5mm",
            "height": "88.9mm",
            "pages": [{"side": "front", "cards": [{"face": face, "left": "0mm", "top": "0mm"}]}],
        },
    )
    document = HTML(
        string=html,
        base_url=settings.STATICFILES_DIRS[0].as_uri() + "/",
        url_fetcher=OwnFilesOnly(),
    ).render(font_config=font_config(), stylesheets=stylesheets(PRINT_STYLESHEETS))
    return document.pages[0]._page_box


def walk(box):
    """Every box of a laid-out page, into absolutely positioned ones too."""
    yield box
    placed = getattr(box, "_box", None)  # an absolutely positioned box's placeholder
    for child in [placed] if placed is not None else getattr(box, "children", []):
        yield from walk(child)
