"""Print-shop presets: what each shop asks for, in one table. Pure data and arithmetic.

The numbers are those issue 28 quotes from each shop's spec; the shops' own pages could not
be reached when this was written, so docs/print-shops.md names them as the source to
check against. Every shop here cuts poker-size cards (63.5 × 88.9 mm, 2.5 × 3.5 in, which is
750 × 1050 px at 300 dpi); a face's pixels are that plus the shop's bleed on every side.
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.printing import geometry

PNG_ZIP = "png-zip"  # one picture per face, in a zip
PDF = "pdf"  # one face per page
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Shop:
    slug: str
    name: str
    face_px: tuple[int, int]  # one face with its bleed, width × height in pixels at `dpi`
    dpi: int
    format: str  # PNG_ZIP or PDF
    # The sides of each card in the order the shop takes them; every shop here wants each
    # card's front followed by its back (DriveThruCards: pages alternate front, back).
    order: tuple[str, ...]
    source: str  # where the numbers come from
    # How far inside the cut line every piece of text must stay (a cut a hair off must not
    # clip a word), in mm; None where the spec quoted gives no safe zone.
    safe_mm: float | None = None

    @property
    def page_mm(self) -> tuple[float, float]:
        return tuple(px / self.dpi * MM_PER_INCH for px in self.face_px)

    @property
    def bleed_mm(self) -> float:
        """The bleed on every side: the same across and down for every shop in the table
        (a test holds it to that)."""
        return (self.page_mm[0] - geometry.CARD_WIDTH) / 2

    @property
    def suffix(self) -> str:
        return ".zip" if self.format == PNG_ZIP else ".pdf"


FRONT_THEN_BACK = ("front", "back")
ISSUE = "issue 28, quoting the shop's spec"

SHOPS = {
    shop.slug: shop
    for shop in (
        Shop(
            "makeplayingcards",
            "MakePlayingCards (PNG per face, 822 × 1122 px)",
            (822, 1122),  # 36 px bleed round 750 × 1050
            300,
            PNG_ZIP,
            FRONT_THEN_BACK,
            ISSUE,
        ),
        Shop(
            "drivethrucards",
            "DriveThruCards (PDF, 2.75 × 3.75 in pages)",
            (825, 1125),  # 1/8 in bleed round 2.5 × 3.5 in
            300,
            PDF,
            FRONT_THEN_BACK,
            ISSUE,
            safe_mm=MM_PER_INCH / 8,  # text 1/8 in inside the trim
        ),
        Shop(
            "thegamecrafter",
            "The Game Crafter (PNG per face, 825 × 1125 px)",
            (825, 1125),
            300,
            PNG_ZIP,
            FRONT_THEN_BACK,
            ISSUE,
        ),
    )
}


class UnknownShop(LookupError):
    pass


def shop(slug) -> Shop:
    try:
        return SHOPS[slug]
    except KeyError:
        raise UnknownShop(
            f"unknown print shop {slug!r}; choose one of {', '.join(SHOPS)}"
        ) from None
