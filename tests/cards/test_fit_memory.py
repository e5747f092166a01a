"""A card's text is fitted once per view-model in a process (cards/printing/faces.py): a
reprint of an unchanged roster file measures no word again and prints the very faces a
fresh fit makes; one card changed is fitted again, alone. And a JPEG's size is read from its
header as Pillow reads it, for any picture."""

import functools
import io
import json
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from cards.printing import faces, fitting
from cards.printing.portrait_prints import jpeg_frame, jpeg_size
from cards.printing.sources import roster_file_faces
from rosters.samples import sample_document, samples
from rules.fixture_book import rules_book_from_fixtures


@pytest.fixture
def measured(monkeypatch):
    """How many paragraphs were measured word by word, with nothing fitted before."""
    monkeypatch.setattr(faces, "_fits", type(faces._fits)())
    calls = []
    count_lines = fitting.count_lines

    def counting(paragraph, line_em):
        calls.append(1)
        return count_lines(paragraph, line_em)

    monkeypatch.setattr(fitting, "count_lines", counting)
    return calls


@functools.cache
def book(ruleset):
    return rules_book_from_fixtures(ruleset)


def sample_faces(slug):
    document = sample_document(slug)
    return roster_file_faces(document, book(document["ruleset"]), ruleset_name="Any game")


@pytest.mark.parametrize("sample", [sample.slug for sample in samples()])
def test_a_remembered_fit_is_the_fit_made_afresh(sample, measured):
    fresh = sample_faces(sample)
    assert measured
    measured.clear()
    again = sample_faces(sample)
    assert measured == []
    assert again == fresh  # layouts, fit notes, backs: the same faces, so the same PDF keys


def test_a_remembered_layout_is_the_callers_own(measured):
    first = sample_faces("singapore-smith")[0]
    first.layout.clear()
    assert sample_faces("singapore-smith")[0].layout


@pytest.mark.django_db
def test_an_unchanged_roster_file_reprints_without_measuring_and_a_changed_card_alone(
    rules_data, empty_print_cache, measured, tmp_path
):
    document = sample_document("singapore-smith")
    path, out = tmp_path / "league.json", tmp_path / "cards.pdf"
    path.write_text(json.dumps(document))

    def print_roster():
        call_command("print_roster", str(path), "--out", str(out), stdout=StringIO())
        return out.read_bytes()

    first = print_roster()
    fitted = len(faces._fits)
    measured.clear()
    assert print_roster() == first
    assert measured == [] and len(faces._fits) == fitted
    document["characters"][0]["flavour"] = "A new line of flavour."
    path.write_text(json.dumps(document))
    print_roster()
    assert len(faces._fits) == fitted + 1  # that card's front; its back is the shared one


@given(
    width=st.integers(1, 300),
    height=st.integers(1, 300),
    mode=st.sampled_from(["RGB", "L", "CMYK"]),
    progressive=st.booleans(),
    comment=st.binary(max_size=300),
    exif=st.booleans(),
)
def test_a_jpegs_size_is_read_from_its_header_as_pillow_reads_it(
    width, height, mode, progressive, comment, exif
):
    buffer = io.BytesIO()
    options = {"progressive": progressive, "comment": comment}
    if exif:
        options["exif"] = Image.Exif().tobytes()
    Image.new(mode, (width, height)).save(buffer, "JPEG", **options)
    assert jpeg_size(buffer.getvalue()) == (width, height)
    frame = jpeg_frame(buffer.getvalue())
    with Image.open(buffer) as opened:
        assert (frame.components, frame.bits) == (len(opened.getbands()), 8)
        assert frame.exif == ("exif" in opened.info)  # WeasyPrint turns those by it


@given(st.binary(max_size=64))
def test_anything_else_has_no_jpeg_size_and_never_breaks_it(data):
    if not data.startswith(b"\xff\xd8"):
        assert jpeg_size(data) is None
    size = jpeg_size(b"\xff\xd8" + data)  # a JPEG's start, then anything: never an error
    assert size is None or (isinstance(size, tuple) and len(size) == 2)


def test_a_png_has_no_jpeg_size():
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4)).save(buffer, "PNG")
    assert jpeg_size(buffer.getvalue()) is None


@pytest.mark.django_db
def test_a_roster_file_printed_again_by_a_new_process_measures_only_what_changed(
    rules_data, empty_print_cache, measured, tmp_path
):
    """Each `print_roster` is a new process, with no fit in memory: the fits the last
    print of the file made are kept in the print cache and recalled."""
    document = sample_document("singapore-smith")
    path, out = tmp_path / "league.json", tmp_path / "cards.pdf"
    path.write_text(json.dumps(document))

    def print_roster_anew():
        faces.forget_fits()
        measured.clear()
        call_command("print_roster", str(path), "--out", str(out), stdout=StringIO())
        return out.read_bytes()

    first = print_roster_anew()
    assert measured
    assert print_roster_anew() == first and measured == []
    document["characters"][0]["flavour"] = "A new line of flavour."
    path.write_text(json.dumps(document))
    changed = print_roster_anew()
    assert measured and changed != first
    changed_alone = len(measured)
    faces.forget_fits()
    sample_faces("singapore-smith")  # every card fitted from nothing, for comparison
    assert changed_alone < len(measured) - changed_alone
    assert print_roster_anew() == changed and measured == []


@pytest.mark.parametrize("sample", [sample.slug for sample in samples()])
def test_a_recalled_fit_is_the_fit_made_afresh(sample, measured, empty_print_cache):
    """Through the print cache and back, every game's layouts come back as they were made,
    so a recalled card has the very face key, and so the very PDF, of a fresh one."""
    with faces.fits_recalled(sample):
        fresh = sample_faces(sample)
    faces.forget_fits()
    measured.clear()
    with faces.fits_recalled(sample):
        recalled = sample_faces(sample)
    assert measured == [] and recalled == fresh
