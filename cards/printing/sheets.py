"""Card faces → printed pages → one PDF.

Each distinct face is drawn once (rendering.py) and placed on every sheet that shows it
(compose.py) over the job's chrome: crop marks and footers, drawn once per sheet from the same
templates that can also draw the whole job as one HTML document. Faces, chrome and finished
PDFs are kept in the print cache (cache.py), keyed on everything that shows on paper.

Home printing: nine cards to a sheet at true size, crop marks in the margins, more cards
spill onto more sheets. With backs, each sheet of fronts is followed by its sheet of backs,
mirrored for the edge the sheet flips on and moved by the offset of the player's printer
profile, whose scale draws both sides (and the bleed pages) to come out true size. Print
shops: one card per page with a 3 mm bleed and crop marks in it; or a shop's preset
(shops.py): its own bleed, each front followed by its back, no marks (the shop cuts by its
own template, and a mark in the bleed would show on a card cut a hair off), and for a shop
that takes pictures, the pages as PNGs in a zip (pictures.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string

from cards.pdf import PRINT_STYLESHEETS, html_to_pdf
from cards.printing import cache, geometry, shops
from cards.printing.compose import Placement, compose
from cards.printing.faces import Face
from cards.printing.pictures import pictures_zip
from cards.printing.rendering import face_pdfs

SHEET_TEMPLATE = "cards/print/sheet.html"
BLEED_TEMPLATE = "cards/print/bleed.html"
FRONT_NOTE = "Print at 100 % (Actual size), never Fit to page."
EDGE_NOTE = f" Marks assume a {geometry.SAFE_EDGE:g} mm unprintable edge."
BACK_NOTES = {
    flip: f"Backs: print on the reverse of the sheet before, flipping on the {flip} edge."
    for flip in (geometry.LONG_EDGE, geometry.SHORT_EDGE)
}


class NothingToPrint(ValueError):
    pass


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    backs: bool = False
    bleed: bool = False
    offset: tuple[float, float] = (0.0, 0.0)  # where backs move, in mm: x right, y down
    shop: str = ""  # a print shop's preset (shops.SHOPS), which sets bleed, backs and format
    # The rest of the player's printer profile (geometry.Setup): the edge the sheet flips on,
    # and how much larger than true size to draw so that it prints true.
    flip: str = geometry.LONG_EDGE
    scale: float = 1.0

    @property
    def preset(self) -> shops.Shop | None:
        return shops.shop(self.shop) if self.shop else None

    @property
    def setup(self) -> geometry.Setup:
        """The player's printer, which a print shop's preset never meets: the shop prints and
        cuts on its own machines."""
        if self.preset:
            return geometry.Setup()
        return geometry.Setup(self.offset, self.flip, self.scale)

    @property
    def one_card_a_page(self) -> bool:
        return self.bleed or bool(self.shop)

    @property
    def bleed_mm(self) -> float:
        return self.preset.bleed_mm if self.preset else geometry.BLEED


@dataclass(frozen=True)
class Placed:
    face: Face
    rect: geometry.Rect


@dataclass(frozen=True)
class Page:
    side: str  # "front" or "back"
    cards: tuple[Placed, ...]
    marks: tuple[geometry.Segment, ...] = ()
    note: str = ""

    @property
    def stamps(self) -> tuple[Placed, ...]:
        """The cards' printed codes, each exactly where its card is, drawn after the cards."""
        return tuple(Placed(card.face.stamp, card.rect) for card in self.cards if card.face.stamp)


@dataclass(frozen=True)
class PrintResult:
    pdf: bytes
    pages: int
    problems: list[str]


def expand(faces: list[Face]) -> list[Face]:
    """Each face as many times as its copies ask for, in order."""
    return [face for face in faces for _ in range(face.copies)]


def problems_of(faces: list[Face]) -> list[str]:
    """Every fit problem once, in card order, each card's back after it."""
    seen = {}
    for face in faces:
        for problem in face.problems + (face.back.problems if face.back else ()):
            seen.setdefault(problem, None)
    return list(seen)


def chunks(items, size):
    return [items[start : start + size] for start in range(0, len(items), size)]


def sheet_pages(cards: list[Face], options: PrintOptions) -> list[Page]:
    sheet = geometry.paper(options.paper)
    setup, middle = options.setup, geometry.centre(sheet)

    def drawn(rect):
        return geometry.scaled(rect, setup.scale, middle)

    marks = tuple(
        geometry.scaled_segment(mark, setup.scale, middle) for mark in geometry.crop_marks(sheet)
    )
    sheets = chunks(cards, geometry.PER_SHEET)
    pages = []
    for number, batch in enumerate(sheets, start=1):
        counter = f" Sheet {number} of {len(sheets)}."
        fronts = tuple(Placed(face, drawn(geometry.slot(sheet, i))) for i, face in enumerate(batch))
        pages.append(Page("front", fronts, marks, FRONT_NOTE + counter + EDGE_NOTE))
        if options.backs:
            backs = tuple(
                Placed(face.back, drawn(geometry.back_slot(sheet, i, setup.offset, setup.flip)))
                for i, face in enumerate(batch)
                if face.back is not None
            )
            pages.append(Page("back", backs, (), BACK_NOTES[setup.flip] + counter))
    return pages


def bleed_pages(cards: list[Face], options: PrintOptions) -> list[Page]:
    """One card per page; the card's own coordinates, its trim corner at (0, 0). A shop's
    preset always has the backs, in the shop's order, and no marks."""
    trim = geometry.Rect(0.0, 0.0, geometry.CARD_WIDTH, geometry.CARD_HEIGHT)
    # A printer profile draws the page `scale` times true size about the card's centre, its
    # backs moved by the offset (a card alone on its page lands on itself after either flip).
    setup, middle = options.setup, (trim.width / 2, trim.height / 2)
    placed = {
        "front": geometry.scaled(trim, setup.scale, middle),
        "back": geometry.scaled(trim.shifted(*setup.offset), setup.scale, middle),
    }
    preset = options.preset
    marks = tuple(
        geometry.scaled_segment(mark, setup.scale, middle)
        for mark in (() if preset else geometry.bleed_marks(options.bleed_mm))
    )
    sides = preset.order if preset else ("front", "back") if options.backs else ("front",)
    pages = []
    for face in cards:
        for side in sides:
            shown = face if side == "front" else face.back
            if shown is not None:
                pages.append(Page(side, (Placed(shown, placed[side]),), marks))
    return pages


def layout(faces: list[Face], options: PrintOptions) -> list[Page]:
    cards = expand(faces)
    if not cards:
        raise NothingToPrint("Nothing to print: choose at least one card.")
    return (bleed_pages if options.one_card_a_page else sheet_pages)(cards, options)


def mm(value):
    return f"{value:.3f}mm"


def page_context(page: Page, *, cards=True):
    """What the templates draw, with every length already written out in mm; without the
    cards, only the chrome the faces are laid on."""
    return {
        "side": page.side,
        "cards": [
            {"face": placed.face, "left": mm(placed.rect.x), "top": mm(placed.rect.y)}
            for placed in (page.cards if cards else ())
        ],
        "marks": [
            {"x1": f"{m.x1:.3f}", "y1": f"{m.y1:.3f}", "x2": f"{m.x2:.3f}", "y2": f"{m.y2:.3f}"}
            for m in page.marks
        ],
        "note": page.note,
    }


def view_box(rect: geometry.Rect):
    return " ".join(f"{value:.3f}" for value in (rect.x, rect.y, rect.width, rect.height))


def footer_context(note: geometry.Note):
    """The reminder's box before it is turned: a turned note is laid out along the margin,
    then rotated about its top-left corner, which therefore sits at the box's bottom."""
    box = note.box
    if note.turn:
        return {
            "left": mm(box.x),
            "top": mm(box.bottom),
            "width": mm(box.height),
            "height": mm(box.width),
            "turn": note.turn,
        }
    return {"left": mm(box.x), "top": mm(box.y), "width": mm(box.width), "height": mm(box.height)}


def sheet_context(options: PrintOptions):
    sheet = geometry.paper(options.paper)
    note = geometry.footer(sheet)
    if note:
        scale = options.setup.scale
        note = geometry.Note(geometry.scaled(note.box, scale, geometry.centre(sheet)), note.turn)
    return SHEET_TEMPLATE, {
        "width": mm(sheet.width),
        "height": mm(sheet.height),
        "view_box": view_box(geometry.Rect(0, 0, sheet.width, sheet.height)),
        "footer": note and footer_context(note),
    }


def bleed_context(options: PrintOptions):
    page = geometry.bleed_page(options.bleed_mm)
    return BLEED_TEMPLATE, {
        "card_width": mm(geometry.CARD_WIDTH),
        "card_height": mm(geometry.CARD_HEIGHT),
        "bleed": mm(options.bleed_mm),
        "bleed_width": mm(page.width),
        "bleed_height": mm(page.height),
        "view_box": view_box(page),
        # On dark art a mark needs a light edge to be seen: a wider white line under it.
        "halo_width": f"{3 * geometry.MARK_WIDTH_PT * geometry.MM_PER_PT:.4f}",
    }


def document(pages: list[Page], options: PrintOptions, *, title, cards=True):
    """The job as one HTML document's template and context: with the cards, what plain
    WeasyPrint would print (the bench's yardstick); without, the chrome."""
    template, context = (
        bleed_context(options) if options.one_card_a_page else sheet_context(options)
    )
    context |= {
        "title": title,
        "pages": [page_context(page, cards=cards) for page in pages],
        "mark_width": f"{geometry.MARK_WIDTH_PT * geometry.MM_PER_PT:.4f}",
    }
    return template, context


def document_html(pages: list[Page], options: PrintOptions, *, title, cards=True) -> str:
    return render_to_string(*document(pages, options, title=title, cards=cards))


@dataclass(frozen=True)
class Chrome:
    """The job's crop marks, footers and bleed art as a print template and its context of
    plain values. Its key hashes those, not the HTML they make: the template's source is in
    the print code's version, so the same context writes the same HTML, and an unchanged
    job (a reprint, or the Print page asking for the whole job's key) never writes out the
    HTML of its fifty sheets, most of that job's time."""

    template: str
    context: dict

    @property
    def key(self) -> str:
        return cache.digest(cache.CHROME, cache.code_version(), self.template, self.context)

    def html(self) -> str:
        return render_to_string(self.template, self.context)


def page_origin(options: PrintOptions):
    """Where a page's top-left corner is in the coordinates of its cards' rects: a bleed
    page starts its bleed outside the card's trim."""
    return (-options.bleed_mm, -options.bleed_mm) if options.one_card_a_page else (0.0, 0.0)


def placements(pages: list[Page], options: PrintOptions):
    """Each page's cards as (face key, position on the page), and the faces by key."""
    left, top = page_origin(options)
    keys, faces = {}, {}
    placed = []
    for page in pages:
        row = []
        for card in (*page.cards, *page.stamps):
            if id(card.face) not in keys:
                keys[id(card.face)] = cache.face_key(card.face)
                faces[keys[id(card.face)]] = card.face
            scale = card.rect.width / geometry.CARD_WIDTH
            row.append(Placement(keys[id(card.face)], card.rect.x - left, card.rect.y - top, scale))
        placed.append(row)
    return placed, faces


def chrome_pdf(chrome: Chrome) -> bytes:
    key = chrome.key
    pdf = cache.load(cache.CHROME, key)
    if pdf is None:
        pdf = html_to_pdf(chrome.html(), PRINT_STYLESHEETS)
        cache.store(cache.CHROME, key, pdf)
    return pdf


@dataclass(frozen=True)
class Plan:
    """A job worked out but not drawn: its pages, chrome, placements, distinct faces by key,
    the shop whose pictures it makes (None: it makes a PDF), and the key its finished file
    is cached under."""

    pages: list[Page]
    chrome: Chrome
    placed: list[list[Placement]]
    faces: dict[str, Face]
    key: str
    pictures_for: shops.Shop | None = None

    @property
    def kind(self):
        return cache.EXPORTS if self.pictures_for else cache.PRINTS

    @property
    def suffix(self):
        return ".zip" if self.pictures_for else ".pdf"


def plan(
    faces: list[Face], options: PrintOptions, *, title, first_pages=None, pictures=True
) -> Plan:
    """The job; for a shop that takes pictures, the zip of them unless `pictures` is False
    (the Print page's preview is a PDF whatever the shop)."""
    pages = layout(faces, options)
    drawn = pages[:first_pages] if first_pages else pages
    chrome = Chrome(*document(drawn, options, title=title, cards=False))
    placed, distinct = placements(drawn, options)
    preset = options.preset
    pictures_for = preset if pictures and preset and preset.format == shops.PNG_ZIP else None
    made = (pictures_for.slug, pictures_for.face_px) if pictures_for else None
    key = cache.digest(cache.PRINTS, cache.code_version(), chrome.key, placed, made)
    return Plan(pages, chrome, placed, distinct, key, pictures_for)


def draw(job: Plan, *, progress=None) -> bytes:
    """The job's file from the cache, or drawn (only its missing faces) and cached: its PDF,
    or the shop's zip of pictures of that PDF's pages."""
    done = cache.load(job.kind, job.key)
    if done is None:
        with face_pdfs(job.faces, progress=progress) as arriving:
            chrome = chrome_pdf(job.chrome)  # while helper processes, if any, draw the faces
            done = compose(chrome, job.placed, arriving())
        if job.pictures_for:
            done = pictures_zip(
                done,
                shop=job.pictures_for,
                sides=[page.side for page in job.pages],
                face_keys=[row[0].face for row in job.placed],
            )
        cache.store(job.kind, job.key, done)
    return done


def print_cards(
    faces: list[Face], options: PrintOptions, *, title="Cliffhanger cards", first_pages=None
):
    """The PDF of the faces, each as many times as its copies say, and every fit problem.
    An unchanged job comes straight from the cache; a changed one draws only its new faces.
    With `first_pages`, the PDF holds only that many pages (the Print page's preview draws
    just the faces it shows) while `pages` still counts the whole job. Always a PDF: a
    shop's zip of pictures comes from plan() and draw()."""
    job = plan(faces, options, title=title, first_pages=first_pages, pictures=False)
    return PrintResult(pdf=draw(job), pages=len(job.pages), problems=problems_of(faces))
