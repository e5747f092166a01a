"""Reading the PDFs the print engine writes, the way a print shop's preflight would: page
boxes, where each card's trim rectangle and each crop mark really sit (from the drawing
operators and their transformation matrices, into every form XObject a page draws), embedded
fonts, text and images."""

import math
from io import BytesIO

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import ContentStream

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


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m, n):
    """The matrix m then n, in PDF's row-vector convention (a b c d e f)."""
    a, b, c, d, e, f = m
    return (
        a * n[0] + b * n[2],
        a * n[1] + b * n[3],
        c * n[0] + d * n[2],
        c * n[1] + d * n[3],
        e * n[0] + f * n[2] + n[4],
        e * n[1] + f * n[3] + n[5],
    )


def is_form(xobject):
    return xobject.get("/Subtype") == "/Form"


def operations(page):
    """(operator, operands, matrix in page space) for every operator the page paints, into
    the form XObjects it draws (a card placed many times is one form drawn many times)."""
    return [(operator, operands, cm) for operator, operands, cm, _ in painted(page)]


def painted(page):
    """operations(), each with the resource dictionary its names (fonts, forms) refer to."""
    found = []

    def run(content, resources, cm):
        stack = []
        for operands, operator in ContentStream(content, page.pdf).operations:
            if operator == b"q":
                stack.append(cm)
            elif operator == b"Q":
                cm = stack.pop()
            elif operator == b"cm":
                cm = multiply(tuple(float(value) for value in operands), cm)
            elif operator == b"Do":
                xobject = resources["/XObject"][operands[0]].get_object()
                if is_form(xobject):
                    matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                    run(xobject, xobject.get("/Resources", resources), multiply(matrix, cm))
                    continue
            found.append((operator, operands, cm, resources))

    run(page.get_contents(), page["/Resources"], IDENTITY)
    return found


def drawing(page):
    """(operator, operands, matrix) for every path operator on the page, in page points."""
    return [
        (operator, [float(value) for value in operands], list(cm))
        for operator, operands, cm in operations(page)
        if operator in (b"re", b"m", b"l")
    ]


def resources(page):
    """The page's resource dictionary and those of every form it draws, nested."""
    found, queue = [], [page["/Resources"].get_object()]
    while queue:
        current = queue.pop()
        found.append(current)
        for xobject in current.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if is_form(xobject) and "/Resources" in xobject:
                queue.append(xobject["/Resources"].get_object())
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


def stroked_lines(page):
    """Every straight line as ((x1, y1, x2, y2) in mm from the top left, its width in pt,
    its line cap: 0 butt, 1 round, 2 square), from the width and cap set before it."""
    lines, start, width, cap = [], None, 1.0, 0
    for operator, operands, cm in operations(page):
        if operator == b"w":
            width = float(operands[0]) * (abs(cm[0] * cm[3] - cm[1] * cm[2]) ** 0.5)
        elif operator == b"J":
            cap = int(operands[0])
        elif operator in (b"m", b"l"):
            point = to_page_mm(page, *transform(cm, *(float(v) for v in operands)))
            if operator == b"l" and start is not None:
                lines.append(((*start, *point), width, cap))
            start = point
    return lines


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
        for font in (f for r in resources(page) for f in r.get("/Font", {}).values()):
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts[str(font["/BaseFont"])] = embedded
    return fonts


def images(reader):
    """Every image XObject on every page or in a form it draws, each once."""
    found = {}
    for page in reader.pages:
        for current in resources(page):
            for xobject in current.get("/XObject", {}).values():
                if xobject.get_object().get("/Subtype") == "/Image":
                    found.setdefault(getattr(xobject, "idnum", id(xobject)), xobject.get_object())
    return list(found.values())


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
    return [
        (abs(cm[0]) * MM_PER_PT, abs(cm[3]) * MM_PER_PT)
        for operator, _, cm in operations(page)
        if operator == b"Do"
    ]


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


def scale(cm):
    """How much a matrix stretches lengths (the square root of its area factor)."""
    return abs(cm[0] * cm[3] - cm[1] * cm[2]) ** 0.5


def rings(page):
    """Every closed curve drawn with Bézier arcs (a disc and its ring), as (centre x, centre
    y, outer radius, inner radius) in mm from the page's top left: the radius the path gives,
    widened and narrowed by half the stroke width in force."""
    found, points, width = [], [], 1.0
    for operator, operands, cm in operations(page):
        if operator == b"w":
            width = float(operands[0]) * scale(cm) * MM_PER_PT
        elif operator in (b"m", b"c"):
            values = [float(value) for value in operands]
            pairs = zip(values[::2], values[1::2], strict=True)
            points += [to_page_mm(page, *transform(cm, x, y)) for x, y in pairs]
        elif operator in (b"S", b"s", b"B", b"b", b"f", b"n"):
            if operator != b"n" and len(points) > 3:
                xs, ys = [x for x, _ in points], [y for _, y in points]
                radius = (max(xs) - min(xs)) / 2
                centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
                found.append((*centre, radius + width / 2, radius - width / 2))
            points = []
    return found


def font_program(font):
    """The embedded TrueType program of a PDF font (a Type0 font's descendant's)."""
    if "/DescendantFonts" in font:
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font["/FontDescriptor"].get_object()
    return TTFont(BytesIO(descriptor["/FontFile2"].get_object().get_data()))


def ink_bounds(program):
    """[(glyph name, its ink's (left, bottom, right, top) in em or None)] by glyph index."""
    glyphs, per_em = program.getGlyphSet(), program["head"].unitsPerEm
    found = []
    for name in program.getGlyphOrder():
        pen = BoundsPen(glyphs)
        glyphs[name].draw(pen)
        found.append((name, pen.bounds and tuple(value / per_em for value in pen.bounds)))
    return found


def cid_widths(font):
    """{CID: advance in thousandths of an em} from a Type0 font's /W array."""
    widths, entries = {}, list(font["/DescendantFonts"][0].get_object().get("/W", []))
    while entries:
        first, second = int(entries.pop(0)), entries.pop(0)
        if isinstance(second, list) or hasattr(second, "__iter__"):
            widths.update({first + i: float(w) for i, w in enumerate(second)})
        else:
            last, width = int(second), float(entries.pop(0))
            widths.update({cid: width for cid in range(first, last + 1)})
    return widths


def glyph_boxes(page):
    """(character, (left, top, right, bottom)) of every glyph's ink, in mm from the page's
    top left: each glyph's outline bounds from the embedded font program, placed by the
    text and page matrices and advanced by the PDF's own widths, as a viewer draws it.
    Reads the Identity-H fonts WeasyPrint writes (two-byte codes, CID = glyph index)."""
    found, fonts = [], {}
    font = size = None
    tm = line = IDENTITY
    spacing = 0.0
    for operator, operands, cm, resources in painted(page):
        if operator == b"BT":
            tm = line = IDENTITY
        elif operator == b"Tf":
            reference = resources["/Font"][operands[0]]
            key = getattr(reference, "idnum", id(reference))
            if key not in fonts:
                pdf_font = reference.get_object()
                program = font_program(pdf_font)
                names = {name: chr(code) for code, name in program.getBestCmap().items()}
                fonts[key] = (ink_bounds(program), cid_widths(pdf_font), names)
            font, size = fonts[key], float(operands[1])
        elif operator == b"Tc":
            spacing = float(operands[0])
        elif operator == b"Tm":
            tm = line = tuple(float(value) for value in operands)
        elif operator == b"Td":
            line = multiply((1, 0, 0, 1, float(operands[0]), float(operands[1])), line)
            tm = line
        elif operator in (b"Tj", b"TJ"):
            bounds, widths, names = font
            advance = 0.0
            for part in operands[0] if operator == b"TJ" else operands:
                if not isinstance(part, (bytes, str)):
                    advance -= float(part) / 1000 * size
                    continue
                code = getattr(part, "original_bytes", part)
                code = code.encode("latin-1") if isinstance(code, str) else bytes(code)
                for index in range(0, len(code), 2):
                    cid = int.from_bytes(code[index : index + 2], "big")
                    name, ink = bounds[cid]
                    if ink:
                        left, bottom, right, top = (value * size for value in ink)
                        matrix = multiply(tm, cm)
                        corners = [
                            to_page_mm(page, *transform(matrix, advance + x, y))
                            for x in (left, right)
                            for y in (bottom, top)
                        ]
                        xs, ys = [x for x, _ in corners], [y for _, y in corners]
                        found.append((names.get(name, ""), (min(xs), min(ys), max(xs), max(ys))))
                    advance += widths.get(cid, 0.0) / 1000 * size + spacing
            tm = multiply((1, 0, 0, 1, advance, 0), tm)
    return found
