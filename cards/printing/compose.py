"""Finished sheets from parts: the job's chrome (crop marks, bleed art, footers: one
WeasyPrint page per sheet, no cards) with each card face laid on top as a reusable PDF form.

A face used forty times is stored once in the file and drawn forty times, and a picture that
several faces show (one portrait on a character's front and back, or on five variants of a
card) is stored once and shown by each. Forms are placed
by a pure translation, so every card sits exactly where geometry.py says and its type keeps
its size. Nothing is drawn under a card but paper or bleed art, and crop marks stop short
of the cards, so drawing the cards last hides nothing. A printer profile's scale (geometry.Setup)
scales each form about its top-left corner, nothing else.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from io import BytesIO

import pikepdf

from cards.printing import geometry


@dataclass(frozen=True)
class Placement:
    face: str  # the face's cache key
    x: float  # trim box's top-left, mm from the page's top-left corner
    y: float
    scale: float = 1.0  # times true size (a printer profile's correction)


def pt(mm):
    return mm / geometry.MM_PER_PT


def placement_stream(page: pikepdf.Page, names: list[str], placements) -> bytes:
    """Drawing operators that paint each form at its placement; PDF y runs upward."""
    left, top = float(page.mediabox[0]), float(page.mediabox[3])
    ops = []
    for name, placed in zip(names, placements, strict=True):
        x = left + pt(placed.x)
        y = top - pt(placed.y + geometry.CARD_HEIGHT * placed.scale)
        k = f"{placed.scale:.6f}"
        ops.append(f"q {k} 0 0 {k} {x:.4f} {y:.4f} cm {name} Do Q")
    return "\n".join(ops).encode()


def own_resources(page: pikepdf.Page):
    """WeasyPrint shares one resources dictionary between pages; each page gets its own
    XObject table so it names only the forms it draws."""
    resources = pikepdf.Dictionary(page.obj.get("/Resources", pikepdf.Dictionary()))
    resources.XObject = pikepdf.Dictionary(resources.get("/XObject", pikepdf.Dictionary()))
    page.obj.Resources = resources
    return resources.XObject


def content_key(item) -> str:
    """A hash of what a PDF object holds, followed through references: two images with the
    same pixels, size and colour space get the same key whichever face they came from."""
    digest = hashlib.sha256()

    def feed(value):
        if isinstance(value, pikepdf.Stream):
            digest.update(b"stream")
            digest.update(hashlib.sha256(value.read_raw_bytes()).digest())
            feed(value.stream_dict)
        elif isinstance(value, pikepdf.Dictionary):
            for key in sorted(value.keys()):
                if key != "/Length":
                    digest.update(str(key).encode())
                    feed(value[key])
        elif isinstance(value, pikepdf.Array):
            digest.update(b"[")
            for element in value:
                feed(element)
            digest.update(b"]")
        else:
            digest.update(repr(value).encode())

    feed(item)
    return digest.hexdigest()


def share_images(form, images: dict[str, pikepdf.Object], seen: set) -> None:
    """Point every image the form (and the forms it draws) shows at the first image with the
    same content; the copies are then unused and left out when the file is saved."""
    if form.objgen in seen:
        return
    seen.add(form.objgen)
    xobjects = form.get("/Resources", pikepdf.Dictionary()).get("/XObject", {})
    for name in list(xobjects.keys()):
        xobject = xobjects[name]
        if xobject.get("/Subtype") == "/Image":
            xobjects[name] = images.setdefault(content_key(xobject), xobject)
        elif xobject.get("/Subtype") == "/Form":
            share_images(xobject, images, seen)


FONT_PROGRAMS = ("/FontFile2", "/FontFile3", "/FontFile")


def subset_tag(program: bytes) -> str:
    """Six capitals from the subset's own bytes, the form the PDF spec gives subset names."""
    return "".join(chr(ord("A") + byte % 26) for byte in hashlib.sha256(program).digest()[:6])


def distinct_subset_names(document: pikepdf.Pdf) -> None:
    """Gives each different embedded font subset a name of its own. WeasyPrint tags a subset
    after the font it is cut from, so faces drawn apart bring different subsets under one
    name: the PDF spec forbids it, and a print shop's RIP may then draw one card's text with
    another card's glyphs."""
    renamed, owners = {}, {}  # descriptor → its new name; a name → the program that has it
    for descriptor in document.objects:
        if not isinstance(descriptor, pikepdf.Dictionary):
            continue
        if descriptor.get("/Type") != "/FontDescriptor":
            continue
        program = next((descriptor[key] for key in FONT_PROGRAMS if key in descriptor), None)
        if program is None:
            continue
        data, name = program.read_raw_bytes(), str(descriptor.FontName)
        if owners.setdefault(name, data) != data:
            name = f"/{subset_tag(data)}+{name.split('+', 1)[-1].lstrip('/')}"
            descriptor.FontName = pikepdf.Name(name)
            renamed[descriptor.objgen] = name
    if not renamed:
        return
    for font in document.objects:
        if not isinstance(font, pikepdf.Dictionary) or font.get("/Type") != "/Font":
            continue
        holders = [font, *font.get("/DescendantFonts", [])]
        for holder in holders:
            descriptor = holder.get("/FontDescriptor")
            if descriptor is not None and descriptor.objgen in renamed:
                for each in holders:
                    each.BaseFont = pikepdf.Name(renamed[descriptor.objgen])


def compose(chrome: bytes, pages: list[list[Placement]], faces: dict[str, bytes]) -> bytes:
    """The chrome's pages with `pages[i]`'s faces drawn on page i; `faces` maps each key to
    its one-page PDF."""
    with pikepdf.open(BytesIO(chrome)) as document:
        if len(document.pages) != len(pages):
            raise ValueError(f"chrome has {len(document.pages)} pages, the job {len(pages)}")
        forms = {}  # face key → (resource name, the form in this document)
        images, seen = {}, set()  # content key → the image kept; forms already shared
        sources = []
        for page, placements in zip(document.pages, pages, strict=True):
            xobjects = own_resources(page)
            names = []
            for placed in placements:
                if placed.face not in forms:
                    source = pikepdf.open(BytesIO(faces[placed.face]))
                    sources.append(source)
                    form = document.copy_foreign(source.pages[0].as_form_xobject())
                    share_images(form, images, seen)
                    forms[placed.face] = (f"/Card{len(forms)}", form)
                name, form = forms[placed.face]
                xobjects[name] = form
                names.append(name)
            if names:
                # WeasyPrint leaves its own transformation in force at the end of a page:
                # fence its drawing in so the cards start from the page's own coordinates.
                page.contents_add(document.make_stream(b"q\n"), prepend=True)
                stream = b"Q\n" + placement_stream(page, names, placements)
                page.contents_add(document.make_stream(stream))
        distinct_subset_names(document)
        buffer = BytesIO()
        document.save(buffer)
        for source in sources:
            source.close()
        return buffer.getvalue()
