"""Reading the PDFs the print engine writes, the way a print shop's preflight would: page
boxes, where each card's trim rectangle and each crop mark really sit (from the drawing
operators and their transformation matrices), embedded fonts, text and images."""

import math
from io import BytesIO

from pypdf import PdfReader

MM_PER_PT = 25.4 / 72
CARD = (63.5, 88.9)


def read(pdf):
    return PdfReader(BytesIO(pdf))


def size_pt(page):
    return float(page.mediabox.width), float(page.mediabox.height)


def size_mm(page):
    width, height = size_pt(page)
    return width * MM_PER_PT, height * MM_PER_PT


def transform(cm, x, y):
    a, b, c, d, e, f = (float(value) for value in cm)
    return a * x + c * y + e, b * x + d * y + f


def drawing(page):
    """(operator, operands, matrix) for every path operator on the page, in page points."""
    found = []

    def visit(operator, operands, cm, tm):
        if operator in (b"re", b"m", b"l"):
            found.append((operator, [float(value) for value in operands], list(cm)))

    page.extract_text(visitor_operand_before=visit)
    return found


def to_page_mm(page, x_pt, y_pt):
    """PDF user space (origin bottom left of the MediaBox) → mm from the top left corner."""
    box = page.mediabox
    return (x_pt - float(box.left)) * MM_PER_PT, (float(box.top) - y_pt) * MM_PER_PT


def rectangles(page):
    """Every rectangle drawn, as (x, y, width, height) in mm from the page's top left."""
    rects = set()
    for operator, operands, cm in drawing(page):
        if operator != b"re":
            continue
        x, y, width, height = operands
        corners = [transform(cm, x, y), transform(cm, x + width, y + height)]
        (x1, y1), (x2, y2) = (to_page_mm(page, *corner) for corner in corners)
        rects.add(
            (
                round(min(x1, x2), 3),
                round(min(y1, y2), 3),
                round(abs(x2 - x1), 3),
                round(abs(y2 - y1), 3),
            )
        )
    return rects


def card_rects(page, tolerance=0.05):
    """The trim boxes of the cards on a page: rectangles exactly one card in size, sorted
    top to bottom, left to right."""
    return sorted(
        (
            rect
            for rect in rectangles(page)
            if abs(rect[2] - CARD[0]) < tolerance and abs(rect[3] - CARD[1]) < tolerance
        ),
        key=lambda rect: (round(rect[1]), rect[0]),
    )


def segments(page):
    """Straight lines drawn with moveto/lineto, as (x1, y1, x2, y2) in mm from the top left."""
    lines, start = [], None
    for operator, operands, cm in drawing(page):
        point = to_page_mm(page, *transform(cm, *operands[:2])) if operator != b"re" else None
        if operator == b"m":
            start = point
        elif operator == b"l" and start is not None:
            lines.append((*start, *point))
            start = point
    return lines


def embedded_fonts(reader):
    """{base font name: has an embedded font file} for every font the pages use."""
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts[str(font["/BaseFont"])] = embedded
    return fonts


def images(reader):
    """Every image XObject on every page (WeasyPrint puts them in the page resources)."""
    found = []
    for page in reader.pages:
        for xobject in page["/Resources"].get("/XObject", {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Image":
                found.append(xobject)
    return found


def text(reader):
    return "\n".join(page.extract_text() for page in reader.pages)


def text_origins(page):
    """(text, x, y) of every piece of text: where its baseline starts, in mm from the page's
    top left, through the text and page matrices (so turned text is placed right too)."""
    found = []

    def visit(chunk, cm, tm, font, size):
        if chunk.strip():
            a, b, c, d, e, f = (float(value) for value in cm)
            x, y = float(tm[4]), float(tm[5])
            found.append((chunk, *to_page_mm(page, a * x + c * y + e, b * x + d * y + f)))

    page.extract_text(visitor_text=visit)
    return found


def image_placements(page):
    """(width, height) in mm of every image drawn on the page, from the matrix in force when
    it is painted (an image fills the unit square of that matrix)."""
    placed = []

    def visit(operator, operands, cm, tm):
        if operator == b"Do":
            a, b, c, d, _, _ = (float(value) for value in cm)
            placed.append((abs(a) * MM_PER_PT, abs(d) * MM_PER_PT))

    page.extract_text(visitor_operand_before=visit)
    return placed


def glyph_sizes(reader):
    """The size every piece of text is printed at, in points: the font size set with Tf,
    scaled by the text and page matrices (so a CSS transform cannot hide small type)."""
    sizes = []

    def visit(chunk, cm, tm, font, size):
        if chunk.strip():
            a, b, c, d = (float(value) for value in cm[:4])
            up_x, up_y = float(tm[2]), float(tm[3])
            upward = (up_x * a + up_y * c, up_x * b + up_y * d)
            sizes.append(round(size * math.hypot(*upward), 2))

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    return sizes
