"""Finished sheets from parts: the job's chrome (crop marks, bleed art, footers: one
WeasyPrint page per sheet, no cards) with each card face laid on top as a reusable PDF form.

A face used forty times is stored once in the file and drawn forty times, a picture that
several faces show (one portrait on a character's front and back, or on five variants of a
card) is stored once and shown by each, and so is a form that many faces draw (a piece of a
design's ground, which says what it is: SHARED). Forms are placed
by a pure translation, so every card sits exactly where geometry.py says and its type keeps
its size. Nothing is drawn under a card but paper or bleed art, and crop marks stop short
of the cards, so drawing the cards last hides nothing. A printer profile's scale (geometry.Setup)
scales each form about its top-left corner, nothing else.
"""

from __future__ import annotations

import hashlib
from contextlib import ExitStack
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


# A form with this key, a digest of what it draws, is the same drawing in every face whose
# form has the same value (cards/printing/grounds.py tags its pieces): a job keeps one. Its
# SHARED_FONTS give the content key (content_key) of each of its fonts by resource name: a
# job keeps one font of each content for all its shared forms, so the file is the same
# whichever face brought a form first.
SHARED = pikepdf.Name("/CliffhangerShared")
SHARED_FONTS = pikepdf.Name("/CliffhangerSharedFonts")


def shared_forms_taken_out(page: pikepdf.Page, kept: dict) -> dict:
    """Takes out of the page's forms those the job `kept` already (by SHARED), so copying
    the page copies none of them again: {resource name: the kept form}, to put back."""
    xobjects = page.obj.get("/Resources", {}).get("/XObject", {})
    taken = {}
    for name in list(xobjects.keys()):
        tag = xobjects[name].get(SHARED)
        if tag is not None and str(tag) in kept:
            taken[name] = kept[str(tag)]
            del xobjects[name]
    return taken


def page_as_form(page: pikepdf.Page) -> pikepdf.Stream:
    """The page's drawing as a form, made of its own content stream, to be copied into the
    job. pikepdf's as_form_xobject makes a new stream instead, which has QPDF first read every
    object in the face's file (the shared forms taken out too), and gives the drawing
    decoded, for the job's save to compress again: about a millisecond a face in all."""
    page.contents_coalesce()  # a page drawn in several streams in one (none is, as drawn)
    form = page.obj.Contents
    form.Type, form.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
    form.BBox, form.Resources = page.trimbox, page.obj.Resources
    if "/Group" in page.obj:
        form.Group = page.obj.Group
    return form


def shared_forms_put_back(form, taken: dict, kept: dict, fonts: dict) -> dict:
    """The kept forms back in the copied face's form, and its own shared forms kept, each
    drawing with the job's one font of each content (`fonts`, by content key): those new to
    the job, by their SHARED value."""
    xobjects = form.Resources.get("/XObject", {})
    new = {}
    for name in list(xobjects.keys()):
        tag = xobjects[name].get(SHARED)
        if tag is not None and str(tag) not in kept:
            kept[str(tag)] = new[str(tag)] = xobjects[name]
            shared_fonts_kept(xobjects[name], fonts)
    for name, shared in taken.items():
        xobjects[name] = shared
    return new


def shared_fonts_kept(form, fonts: dict) -> None:
    table = form.Resources.get("/Font") if SHARED_FONTS in form else None
    if table is None:
        return
    keys = form[SHARED_FONTS]
    shared = pikepdf.Dictionary()
    for name in table:
        shared[name] = fonts.setdefault(str(keys[name]), table[name])
    form.Resources.Font = shared


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


def resources_through_forms(resources, seen: set | None = None):
    """The resources of a page or form, then those of every form it draws, through forms
    drawn by forms; each form once (`seen` keeps the forms met, across calls if given)."""
    seen = set() if seen is None else seen
    pending = [resources]
    while pending:
        current = pending.pop(0)
        if current is None:
            continue
        yield current
        xobjects = current.get("/XObject", {})
        for name in sorted(xobjects.keys()):
            xobject = xobjects[name]
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                pending.append(xobject.get("/Resources"))


def share_images(form, images: dict[str, pikepdf.Object], seen: set) -> None:
    """Point every image the form (and the forms it draws) shows at the first image with the
    same content; the copies are then unused and left out when the file is saved."""
    if form.objgen in seen:
        return
    seen.add(form.objgen)
    for resources in resources_through_forms(form.get("/Resources"), seen):
        xobjects = resources.get("/XObject", {})
        for name in list(xobjects.keys()):
            xobject = xobjects[name]
            if xobject.get("/Subtype") == "/Image":
                xobjects[name] = images.setdefault(content_key(xobject), xobject)


FONT_PROGRAMS = ("/FontFile2", "/FontFile3", "/FontFile")


class Subsets:
    """The embedded font subsets of a document being composed, gathered as each part is
    copied in, so that each different subset can get a name of its own at the end.
    WeasyPrint tags a subset after the font it is cut from, so faces drawn apart bring
    different subsets under one name: the PDF spec forbids it, and a print shop's RIP may
    then draw one card's text with another card's glyphs. Reading each subset's bytes as its
    face arrives (while helpers still draw the rest) leaves the end only the renaming; and
    the renaming goes in the job's own order, so which subset keeps a name never depends on
    which face was drawn first."""

    def __init__(self):
        self.fonts = {}  # part key → [(descriptor, fonts naming it, its program's digest)]
        self.seen = set()  # objects already walked

    def gather(self, key, resources_of) -> None:
        """Every subset the part's resources (and the forms they draw) hold, under `key`."""
        found = self.fonts.setdefault(key, [])
        for top in resources_of:
            for resources in resources_through_forms(top, self.seen):
                fonts = resources.get("/Font", {})
                for name in sorted(fonts.keys()):
                    found.extend(self.subsets_of(fonts[name]))

    def first_time(self, item) -> bool:
        """Whether an object is met for the first time (a direct one always is)."""
        if item.objgen == (0, 0):
            return True
        fresh = item.objgen not in self.seen
        self.seen.add(item.objgen)
        return fresh

    def gather_shared(self, key, form) -> None:
        """A shared form's subsets under its own key (its SHARED value), each listed even
        when another shared form listed it: which form was copied in first must not decide
        where a subset stands in the renaming order."""
        found = self.fonts.setdefault(key, [])
        self.seen.add(form.objgen)
        for resources in resources_through_forms(form.get("/Resources")):
            fonts = resources.get("/Font", {})
            for name in sorted(fonts.keys()):
                self.first_time(fonts[name])
                found.extend(self.programs_of(fonts[name]))
            for xobject in resources.get("/XObject", {}).values():
                self.seen.add(xobject.objgen)

    def subsets_of(self, font):
        if not self.first_time(font):
            return []
        return self.programs_of(font)

    def programs_of(self, font):
        holders = [font, *font.get("/DescendantFonts", [])]
        subsets = []
        for holder in holders:
            descriptor = holder.get("/FontDescriptor")
            if descriptor is None:
                continue
            program = next((descriptor[k] for k in FONT_PROGRAMS if k in descriptor), None)
            if program is not None:
                digest = hashlib.sha256(program.read_raw_bytes()).digest()
                subsets.append((descriptor, holders, digest))
        return subsets

    def name_apart(self, order) -> None:
        """Renames every subset whose name an earlier, different subset has: parts in
        `order`, each part's subsets in the order they were gathered."""
        owners, renamed = {}, {}  # a name → the digest that has it; descriptor → new name
        for key in order:
            for descriptor, holders, digest in self.fonts.get(key, ()):
                if descriptor.objgen in renamed:
                    name = renamed[descriptor.objgen]
                else:
                    name = str(descriptor.FontName)
                    if owners.setdefault(name, digest) != digest:
                        tag = "".join(chr(ord("A") + byte % 26) for byte in digest[:6])
                        name = f"/{tag}+{name.split('+', 1)[-1].lstrip('/')}"
                        owners.setdefault(name, digest)
                        descriptor.FontName = pikepdf.Name(name)
                    renamed[descriptor.objgen] = name
                for holder in holders:
                    holder.BaseFont = pikepdf.Name(name)


CHROME = ""  # the chrome's subsets come first


def compose(chrome: bytes, pages: list[list[Placement]], faces) -> bytes:
    """The chrome's pages with `pages[i]`'s faces drawn on page i. `faces` gives (face key,
    its one-page PDF) pairs in any order, as the faces are drawn: each is copied in as it
    comes, so a job's end waits only for its placing and saving."""
    with ExitStack() as opened:
        document = opened.enter_context(pikepdf.open(BytesIO(chrome)))
        if len(document.pages) != len(pages):
            raise ValueError(f"chrome has {len(document.pages)} pages, the job {len(pages)}")
        order = list(dict.fromkeys(placed.face for row in pages for placed in row))
        names = {key: f"/Card{number}" for number, key in enumerate(order)}
        subsets = Subsets()
        subsets.gather(CHROME, [page.obj.get("/Resources") for page in document.pages])
        forms = {}  # face key → the face's form in this document
        images, seen = {}, set()  # content key → the image kept; forms already shared
        shared, shared_fonts = {}, {}  # SHARED's value → the form; content key → the font
        drawing_shared = {}  # face key → the SHARED values of the forms it draws
        for key, face in faces:
            if key in names and key not in forms:
                source = opened.enter_context(pikepdf.open(BytesIO(face)))
                taken = shared_forms_taken_out(source.pages[0], shared)
                form = document.copy_foreign(page_as_form(source.pages[0]))
                new = shared_forms_put_back(form, taken, shared, shared_fonts)
                share_images(form, images, seen)
                # A shared form's subsets are its own, not its first face's: which face
                # arrived first must not decide which subset keeps a name.
                for tag, kept in new.items():
                    subsets.gather_shared(tag, kept)
                subsets.gather(key, [form.get("/Resources")])
                drawing_shared[key] = sorted({*new, *(str(f[SHARED]) for f in taken.values())})
                forms[key] = form
        if missing := [key for key in order if key not in forms]:
            raise KeyError(f"no PDF for faces {missing}")
        for page, placements in zip(document.pages, pages, strict=True):
            xobjects = own_resources(page)
            for placed in placements:
                xobjects[names[placed.face]] = forms[placed.face]
            if placements:
                # WeasyPrint leaves its own transformation in force at the end of a page:
                # fence its drawing in so the cards start from the page's own coordinates.
                page.contents_add(document.make_stream(b"q\n"), prepend=True)
                drawn = [names[placed.face] for placed in placements]
                stream = b"Q\n" + placement_stream(page, drawn, placements)
                page.contents_add(document.make_stream(stream))
        subsets.name_apart(
            [CHROME, *(part for key in order for part in (key, *drawing_shared[key]))]
        )
        buffer = BytesIO()
        # A job drawn again is the same file: its ID from its content, not the time.
        document.save(buffer, deterministic_id=True)
        return buffer.getvalue()
