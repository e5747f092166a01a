"""The small code every printed roster card carries: roster, card and a short hash of what
that face shows, e.g. ``12-345-K3QX7M2A``, and on the plain back a QR code of the card's
page on the site.

The hash covers exactly what prints: the face's template (its source, not its name only),
its view-model (card data, rules text, the portrait's bytes) and its fitted layout. It leaves
out the print code's version, so a refactor of the printing code, a WeasyPrint upgrade or a
new stylesheet rule elsewhere never makes a sleeved card look stale; and the code itself is
drawn over the face as a separate stamp (a face of its own, laid on the card by compose), so
it is no part of what it hashes.

The stamp sits in the card's ink frame below the panel (every design has that 2.5 mm frame,
where nothing of the design is), centred, 5.5 pt lining figures in Oswald; on the plain back
the QR code sits inside the gold frame below the title. Backs with rules of their own (7TV)
get the text only. Cards keep their positions: a stamp is placed exactly where its card is.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
from dataclasses import replace

import segno
from django.conf import settings
from django.template.loader import get_template
from django.urls import reverse

from cards.printing.cache import pictures_replaced
from cards.printing.faces import BACK, Face

STAMP_TEMPLATE = "cards/print/code.html"
HASH_CHARS = 8  # 40 bits: no two versions of one card collide in practice
CODE = re.compile(r"^(?P<roster>[1-9][0-9]{0,9})-(?P<card>[1-9][0-9]{0,9})-(?P<hash>[A-Z2-7]{8})$")


@functools.cache
def template_source(name: str) -> str:
    return get_template(name).template.source


def shown(face: Face) -> dict:
    """What the face shows, as plain data: its design, its values and their sizes."""
    design = template_source(face.template) + (template_source(face.ground) if face.ground else "")
    return {
        "design": hashlib.sha256(design.encode()).hexdigest(),
        "data": face.data,
        "layout": face.layout,
    }


def printed_hash(face: Face) -> str:
    """A short hash of what the face prints, in capitals and digits easy to read off a card
    (base32: no 0/O or 1/I to confuse)."""
    text = json.dumps(shown(face), sort_keys=True, default=repr, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).digest()
    return base64.b32encode(digest).decode()[:HASH_CHARS]


def card_code(roster_pk: int, card_pk: int, face: Face) -> str:
    return f"{roster_pk}-{card_pk}-{printed_hash(face)}"


def parse(code: str) -> tuple[int, int, str] | None:
    """(roster, card, hash) of a code as printed, or None for anything else."""
    match = CODE.match(code.strip().upper())
    if match is None:
        return None
    return int(match["roster"]), int(match["card"]), match["hash"]


def card_url(code: str) -> str:
    """The card's page: what the QR code opens. settings.SITE_URL is where the site is
    served; a print worker has no request to read it from."""
    return settings.SITE_URL.rstrip("/") + reverse("printing:card", args=[code])


def qr_uri(url: str) -> str:
    """The URL as a QR code in SVG, ink on paper, with the two-module quiet zone a phone
    needs round it."""
    return segno.make(url, error="m", micro=False).svg_data_uri(
        scale=1, border=2, dark="#1d1a16", light="#f6efe0"
    )


def stamp(code: str, *, qr: bool) -> Face:
    data = {"code": code, "qr": qr_uri(card_url(code)) if qr else ""}
    return Face(template=STAMP_TEMPLATE, data=data, title=f"Code {code}")


def stamped(face: Face, *, roster_pk: int, card_pk: int) -> Face:
    """The card with its code on the front and on its back; the QR code goes on the plain
    back, where it spoils nothing, and a back with rules of its own gets the text only."""
    back = face.back
    if back is not None:
        code = card_code(roster_pk, card_pk, back)
        back = replace(back, stamp=stamp(code, qr=back.template == BACK.template))
    front = stamp(card_code(roster_pk, card_pk, face), qr=False)
    return replace(face, stamp=front, back=back)


def code_of(face: Face | None) -> str:
    return face.stamp.data["code"] if face is not None and face.stamp is not None else ""


def shown_summary(face: Face) -> dict:
    """What a print record keeps of a face to say later what changed: its values with each
    picture as a hash of its bytes (a portrait is far too big to keep per printed card)."""
    summary = {"data": pictures_hashed(face.data), "layout": face.layout}
    return json.loads(json.dumps(summary, default=repr))  # as the database gives it back


def pictures_hashed(value):
    return pictures_replaced(
        value, lambda uri: "picture " + hashlib.sha256(uri.encode()).hexdigest()[:12]
    )


LABELS = {"portrait_uri": "portrait", "layout": "text sizes"}


def what_changed(before: dict, after: dict) -> list[str]:
    """The parts of the card that differ, named as the card's values are ("skills",
    "portrait"...); empty when nothing recorded differs (a redesign of the card, say)."""
    old, new = before.get("data", {}), after.get("data", {})
    names = [key for key in sorted(set(old) | set(new)) if old.get(key) != new.get(key)]
    if before.get("layout") != after.get("layout"):
        names.append("layout")
    return [LABELS.get(name, name.replace("_", " ")) for name in names]
