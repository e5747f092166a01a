"""The print check sheet: true-size rulers, and an offset scale exactly behind the target."""

import math

import pytest

from cards.printing import calibration, geometry
from tests.cards import pdf_reading as pdf


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet(request):
    paper = geometry.paper(request.param)
    return paper, pdf.read(calibration.calibration_pdf(request.param))


def length(line):
    x1, y1, x2, y2 = line
    return math.hypot(x2 - x1, y2 - y1)


def test_one_sheet_front_and_back_at_paper_size(sheet):
    paper, reader = sheet
    assert len(reader.pages) == 2
    for page in reader.pages:
        width, height = pdf.size_mm(page)
        assert (width, height) == (
            pytest.approx(paper.width, abs=0.05),
            pytest.approx(paper.height, abs=0.05),
        )


def is_horizontal(line):
    return abs(line[1] - line[3]) < 0.01


def is_vertical(line):
    return abs(line[0] - line[2]) < 0.01


def of_length(lines, mm):
    return [line for line in lines if abs(length(line) - mm) < 0.01]


def test_the_rulers_are_100_mm_each_way(sheet):
    _, reader = sheet
    lines = pdf.segments(reader.pages[0])
    rulers = of_length(lines, 100)
    assert any(map(is_horizontal, rulers)) and any(map(is_vertical, rulers))
    assert len(of_length(lines, 4.0)) == 2 * 11  # a long tick every centimetre, both rulers


def scale_centres(page):
    """The middle line's crossing of each offset scale on the page, left to right."""
    grid = of_length(pdf.segments(page), 2 * calibration.SCALE)
    verticals = sorted(line[0] for line in grid if is_vertical(line))
    horizontals = [line for line in grid if is_horizontal(line)]
    centres = []
    for xs in (verticals[:21], verticals[21:]):  # 21 lines, -10 to +10 mm, per scale
        middle = xs[10]
        ys = sorted(line[1] for line in horizontals if line[0] < middle < line[2])
        centres.append((middle, ys[10]))
    return centres


def test_each_flip_has_its_scale_exactly_behind_the_target(sheet):
    """After a long-edge flip the cross lands mirrored left to right, after a short-edge
    flip top to bottom: the back has a scale centred on each."""
    paper, reader = sheet
    front, back = reader.pages
    arms = of_length(pdf.segments(front), 2 * calibration.CROSS)
    cross_x = next(filter(is_vertical, arms))[0]
    cross_y = next(filter(is_horizontal, arms))[1]
    long_edge, short_edge = scale_centres(back)
    assert long_edge == (
        pytest.approx(paper.width - cross_x, abs=0.01),
        pytest.approx(cross_y, abs=0.01),
    )
    assert short_edge == (
        pytest.approx(cross_x, abs=0.01),
        pytest.approx(paper.height - cross_y, abs=0.01),
    )
    text = back.extract_text().replace(" ", "")  # the scales' titles lose their spaces
    assert "LONGEDGE" in text and "SHORTEDGE" in text


def test_the_scale_reads_in_the_sense_backs_are_moved():
    lines, labels = calibration.offset_scale(50.0, 150.0)
    above = {label.text: label.x for label in labels if label.y < 150.0 - calibration.SCALE}
    beside = {label.text: label.y for label in labels if label.x > 50.0 + calibration.SCALE}
    assert above["+5"] > above["0"] > above["-5"]  # + is to the right
    assert beside["+5"] > beside["0"] > beside["-5"]  # + is further down
    assert len([line for line in lines if line.weight == "zero"]) == 2


def test_the_steps_tell_the_player_to_print_at_actual_size(sheet):
    _, reader = sheet
    text = pdf.text(reader)
    assert "100 %" in text and "Actual size" in text
