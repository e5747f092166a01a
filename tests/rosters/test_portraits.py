"""Portrait uploads are re-encoded safely, and the 300 dpi crop shows what the player framed."""

import struct
import zlib
from io import BytesIO

import pytest
from django.core.files import File
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageCms, ImageFile, PngImagePlugin

from rosters import portraits
from rosters.portraits import PortraitError, clean_upload, crop_portrait, normalise_crop

RED, BLUE, GREEN = (220, 20, 20), (20, 20, 220), (20, 200, 20)


def encoded(image, fmt="PNG", **options):
    buf = BytesIO()
    image.save(buf, fmt, **options)
    return buf.getvalue()


def upload(data, name="portrait.png"):
    return SimpleUploadedFile(name, data)


def opened(content_file):
    content_file.seek(0)
    return Image.open(BytesIO(content_file.read()))


def share(image, colour, tolerance=60):
    """Fraction of pixels close to `colour`."""
    pixels = image.convert("RGB").get_flattened_data()
    near = sum(
        1
        for pixel in pixels
        if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))
    )
    return near / len(pixels)


def halves(size=(400, 200), left=RED, right=BLUE):
    image = Image.new("RGB", size, right)
    image.paste(left, (0, 0, size[0] // 2, size[1]))
    return image


def forged_png(width, height):
    """A few-byte PNG whose header claims width × height pixels."""
    data = bytearray(encoded(Image.new("RGB", (1, 1))))
    header = struct.pack(">II", width, height) + bytes(data[24:29])
    data[16:29] = header
    data[29:33] = struct.pack(">I", zlib.crc32(b"IHDR" + header))
    return bytes(data)


def test_the_portrait_box_is_25_by_31_mm_at_300_dpi():
    assert portraits.PORTRAIT_BOX_MM == (25.0, 31.0)
    assert portraits.PORTRAIT_PIXELS == (295, 366)


def test_a_phone_photo_taken_sideways_comes_out_upright():
    # Stored as landscape, red on top; EXIF orientation 6 says "turn 90° clockwise to view".
    stored = Image.new("RGB", (300, 200), BLUE)
    stored.paste(RED, (0, 0, 300, 100))
    exif = Image.Exif()
    exif[0x0112] = 6
    result = opened(clean_upload(upload(encoded(stored, "JPEG", exif=exif), "photo.jpg")))
    assert result.size == (200, 300)
    # After the turn the red half is on the right.
    assert result.getpixel((180, 150))[0] > 180
    assert result.getpixel((20, 150))[2] > 180


def test_transparent_png_becomes_rgb_jpeg_on_card_paper():
    image = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    image.paste((200, 0, 0, 255), (0, 0, 50, 100))
    cleaned = clean_upload(upload(encoded(image)))
    result = opened(cleaned)
    assert result.format == "JPEG"
    assert result.mode == "RGB"
    assert cleaned.name.endswith(".jpg") and len(cleaned.name) == 36
    assert share(result.crop((60, 0, 100, 100)), portraits.PAPER, tolerance=8) == 1


def test_metadata_is_stripped_and_the_original_bytes_are_not_kept():
    exif = Image.Exif()
    exif[0x010F] = "SpyCam"  # camera make
    exif[0x8825] = {2: (51.0, 30.0, 0.0)}  # GPS latitude
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    original = encoded(halves(), "JPEG", exif=exif, icc_profile=profile, comment=b"secret")
    cleaned = clean_upload(upload(original, "photo.jpg")).read()
    assert cleaned != original
    result = Image.open(BytesIO(cleaned))
    assert not result.getexif()
    assert "icc_profile" not in result.info
    assert "comment" not in result.info
    assert b"SpyCam" not in cleaned and b"secret" not in cleaned
    assert share(result.crop((0, 0, 150, 200)), RED) > 0.95


# The segments a plain JPEG needs: start, JFIF header, tables, frame, scan.
PIXEL_MARKERS = {0xD8, 0xE0, 0xDB, 0xC0, 0xC2, 0xC4, 0xDD, 0xDA}
SECRET = "Singapore Smith hides in Room 9"


def jpeg_markers(data):
    """The marker of every segment before the picture data, read from the bytes."""
    assert data[:2] == b"\xff\xd8"
    markers, at = [0xD8], 2
    while data[at] == 0xFF and data[at + 1] != 0xDA:
        markers.append(data[at + 1])
        at += 2 + int.from_bytes(data[at + 2 : at + 4], "big")
    return markers + [data[at + 1]]


def with_metadata(image, fmt):
    """`image` saved as `fmt` carrying SECRET in every kind of metadata that format holds."""
    exif = Image.Exif()
    exif[0x010E] = SECRET  # image description
    exif[0x010F] = "SpyCam"
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    xmp = f"<x:xmpmeta xmlns:x='adobe:ns:meta/'>{SECRET}</x:xmpmeta>".encode()
    if fmt == "JPEG":
        return encoded(image, fmt, comment=SECRET.encode(), exif=exif, icc_profile=icc, xmp=xmp)
    if fmt == "PNG":
        text = PngImagePlugin.PngInfo()
        text.add_text("Comment", SECRET)
        text.add_text("Author", SECRET, zip=True)
        text.add_itxt("Description", SECRET)
        return encoded(image, fmt, pnginfo=text, exif=exif, icc_profile=icc)
    if fmt == "GIF":
        return encoded(image, fmt, comment=SECRET.encode())
    return encoded(image, fmt, exif=exif, icc_profile=icc, xmp=xmp)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "GIF", "WEBP"])
def test_the_stored_file_keeps_no_metadata_of_any_format(fmt):
    stored = clean_upload(upload(with_metadata(halves(), fmt))).read()
    assert set(jpeg_markers(stored)) <= PIXEL_MARKERS
    assert SECRET.encode() not in stored and b"SpyCam" not in stored
    assert share(Image.open(BytesIO(stored)).crop((0, 0, 150, 200)), RED) > 0.95


def test_a_jpeg_comment_alone_does_not_survive():
    # Without a colour profile to convert, Pillow carried the comment into the new file.
    stored = clean_upload(upload(encoded(halves(), "JPEG", comment=b"secret"))).read()
    assert 0xFE not in jpeg_markers(stored)
    assert b"secret" not in stored


def test_the_print_crop_keeps_no_metadata_even_from_an_old_source_that_had_some():
    old_source = BytesIO(encoded(halves(), "JPEG", comment=b"secret"))
    printed = crop_portrait(old_source, {}).read()
    assert set(jpeg_markers(printed)) <= PIXEL_MARKERS
    assert b"secret" not in printed


def test_without_metadata_drops_comments_and_app_segments_and_keeps_the_pixels():
    original = with_metadata(halves(), "JPEG")
    stripped = portraits.without_metadata(original)
    assert set(jpeg_markers(stripped)) <= PIXEL_MARKERS
    assert SECRET.encode() not in stripped
    assert Image.open(BytesIO(stripped)).tobytes() == Image.open(BytesIO(original)).tobytes()
    assert portraits.without_metadata(b"not a jpeg") == b"not a jpeg"


def is_a_clear_refusal(message):
    return message in (portraits.NOT_AN_IMAGE, portraits.INCOMPLETE) or (
        message.startswith("That picture is ") and "too big to open safely" in message
    )


def small_images():
    modes = st.sampled_from(["RGB", "RGBA", "L", "P", "LA", "1"])
    sizes = st.tuples(st.integers(1, 40), st.integers(1, 40))
    return st.builds(
        lambda mode, size, seed: Image.effect_noise(size, 20 + seed % 100).convert(mode),
        modes,
        sizes,
        st.integers(0, 1000),
    )


@settings(max_examples=40)
@given(image=small_images(), fmt=st.sampled_from(["JPEG", "PNG", "GIF", "WEBP"]))
def test_any_small_picture_with_any_metadata_is_stored_without_it(image, fmt):
    if fmt == "JPEG" and image.mode not in ("RGB", "L"):
        image = image.convert("RGB")
    stored = clean_upload(upload(with_metadata(image, fmt))).read()
    assert set(jpeg_markers(stored)) <= PIXEL_MARKERS
    assert SECRET.encode() not in stored
    assert Image.open(BytesIO(stored)).size == image.size


@given(data=st.binary(max_size=4000))
def test_random_bytes_are_refused_with_a_message_or_stored_as_a_clean_jpeg(data):
    try:
        stored = clean_upload(upload(data)).read()
    except PortraitError as refused:
        assert is_a_clear_refusal(str(refused))
    else:
        assert set(jpeg_markers(stored)) <= PIXEL_MARKERS


@given(
    data=st.sampled_from(
        [with_metadata(halves((60, 40)), fmt) for fmt in ("JPEG", "PNG", "GIF", "WEBP")]
    ),
    cut=st.integers(0, 10_000),
    flip=st.tuples(st.integers(0, 10_000), st.integers(0, 255)),
)
# A PNG whose EXIF block is broken by one byte: Pillow raised reading its orientation.
@example(data=with_metadata(halves((60, 40)), "PNG"), cut=0, flip=(4511, 0))
def test_damaged_pictures_are_refused_with_a_message_or_stored_clean(data, cut, flip):
    """Real files cut short or with one byte changed: never a crash, never metadata kept."""
    damaged = bytearray(data[: max(1, len(data) - cut % len(data))])
    damaged[flip[0] % len(damaged)] = flip[1]
    try:
        stored = clean_upload(upload(bytes(damaged))).read()
    except PortraitError as refused:
        assert is_a_clear_refusal(str(refused))
    else:
        assert set(jpeg_markers(stored)) <= PIXEL_MARKERS
        assert SECRET.encode() not in stored


def test_a_big_picture_is_kept_at_most_2400_pixels_long():
    result = opened(clean_upload(upload(encoded(Image.new("RGB", (4800, 1200), GREEN)))))
    assert result.size == (2400, 600)


def test_gif_keeps_its_first_frame():
    frames = [Image.new("RGB", (60, 60), RED), Image.new("RGB", (60, 60), BLUE)]
    data = encoded(frames[0], "GIF", save_all=True, append_images=frames[1:])
    assert share(opened(clean_upload(upload(data, "walk.gif"))), RED) > 0.95


@pytest.mark.parametrize(
    "data",
    [
        b"Singapore Smith, leader of the league\n",
        encoded(halves(), "BMP"),  # an image, but not a format we take
    ],
    ids=["text", "bmp"],
)
def test_files_that_are_not_readable_images_are_refused_with_a_clear_message(data):
    with pytest.raises(PortraitError) as refused:
        clean_upload(upload(data))
    assert str(refused.value) == ("That file is not an image we can read (JPEG, PNG, WebP or GIF).")


def test_an_upload_over_10_mb_is_refused_before_decoding():
    big = SimpleUploadedFile("huge.png", b"\0" * (14 * 1024 * 1024))
    with pytest.raises(PortraitError, match=r"^That file is 14 MB; the limit is 10 MB\.$"):
        clean_upload(big)


def test_an_upload_without_a_size_is_still_limited():
    stream = BytesIO(b"\0" * (portraits.MAX_UPLOAD_BYTES + 1))
    with pytest.raises(PortraitError, match="the limit is 10 MB"):
        clean_upload(stream)


def test_a_small_file_that_opens_to_a_huge_picture_is_refused_from_its_header():
    # The case: a 6300 × 6330 PNG of one colour is ~120 KB but 160 MB decoded.
    data = encoded(Image.new("RGB", (6300, 6330), GREEN))
    assert len(data) < 200_000
    with pytest.raises(PortraitError) as refused:
        clean_upload(upload(data))
    assert str(refused.value) == (
        "That picture is 6 300 × 6 330 pixels, too big to open safely; the limit is about "
        "4096 × 4096 (16.8 megapixels). Save a smaller copy and upload that."
    )


def test_the_size_is_judged_before_any_pixel_is_decoded(monkeypatch):
    def no_decoding(self):
        raise AssertionError("pixels decoded")

    forged = forged_png(10_000, 6_000)
    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    monkeypatch.setattr(PngImagePlugin.PngImageFile, "verify", no_decoding)
    with pytest.raises(PortraitError, match="10 000 × 6 000 pixels, too big"):
        clean_upload(upload(forged))


def test_a_decompression_bomb_is_refused():
    with pytest.raises(PortraitError, match="^That picture is over 179 million pixels, too big"):
        clean_upload(upload(forged_png(100_000, 100_000)))


def test_a_big_phone_photo_passes_because_a_jpeg_is_decoded_at_a_smaller_scale():
    photo = encoded(Image.new("RGB", (8000, 6000), GREEN), "JPEG", quality=50)
    assert opened(clean_upload(upload(photo, "photo.jpg"))).size == (2400, 1800)


@pytest.mark.parametrize("fmt", ["JPEG", "GIF"])
def test_a_truncated_picture_is_refused_even_with_weasyprints_setting_on(monkeypatch, fmt):
    # WeasyPrint switches this on for the whole process when it is imported.
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)
    data = encoded(Image.effect_noise((300, 300), 60).convert("RGB"), fmt)
    with pytest.raises(PortraitError) as refused:
        clean_upload(upload(data[: len(data) * 9 // 10]))
    assert str(refused.value) == (
        "That picture is incomplete (the file ends early); upload the whole file again."
    )
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True  # WeasyPrint's setting is given back
    assert opened(clean_upload(upload(data))).size == (300, 300)


def test_overlapping_decodes_restore_weasyprints_setting_only_when_the_last_ends(monkeypatch):
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)
    with portraits._complete_files_only():
        with portraits._complete_files_only():
            assert ImageFile.LOAD_TRUNCATED_IMAGES is False
        assert ImageFile.LOAD_TRUNCATED_IMAGES is False
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True


def cropped(image, crop):
    source = clean_upload(upload(encoded(image)))
    return opened(crop_portrait(source, crop))


def test_crop_is_exactly_the_box_at_300_dpi():
    result = cropped(halves(), {"x": 0.5, "y": 0.5, "zoom": 1})
    assert result.format == "JPEG"
    assert result.size == (295, 366)
    assert result.info["dpi"] == pytest.approx((300, 300))


def test_x_chooses_which_part_of_a_wide_picture_shows():
    # 400 × 200 at cover fit is 366 px tall: the box sees 40 % of the width.
    assert share(cropped(halves(), {"x": 0, "y": 0.5, "zoom": 1}), RED) > 0.95
    assert share(cropped(halves(), {"x": 1, "y": 0.5, "zoom": 1}), BLUE) > 0.95
    centred = cropped(halves(), {"x": 0.5, "y": 0.5, "zoom": 1})
    assert share(centred, RED) == pytest.approx(0.5, abs=0.05)


def test_y_chooses_which_part_of_a_tall_picture_shows():
    tall = Image.new("RGB", (200, 800), BLUE)
    tall.paste(RED, (0, 0, 200, 400))
    assert share(cropped(tall, {"x": 0.5, "y": 0, "zoom": 1}), RED) > 0.95
    assert share(cropped(tall, {"x": 0.5, "y": 1, "zoom": 1}), BLUE) > 0.95


def test_zoom_2_shows_a_smaller_region():
    image = Image.new("RGB", (500, 620), BLUE)
    image.paste(GREEN, (200, 260, 300, 360))  # a 100 px square in the middle
    at_1 = share(cropped(image, {"x": 0.5, "y": 0.5, "zoom": 1}), GREEN)
    at_2 = share(cropped(image, {"x": 0.5, "y": 0.5, "zoom": 2}), GREEN)
    assert at_2 == pytest.approx(4 * at_1, rel=0.15)


def test_zoom_keeps_the_focal_point_still():
    # Red left half: at x = 0 zoomed in, the box still starts at the picture's left edge.
    assert share(cropped(halves(), {"x": 0, "y": 0.5, "zoom": 3}), RED) > 0.95


def test_crop_reopens_a_stored_file_that_was_closed(tmp_path):
    source = clean_upload(upload(encoded(halves())))
    path = tmp_path / source.name
    path.write_bytes(source.read())
    stored = File(path.open("rb"), name=str(path))
    stored.close()
    assert opened(crop_portrait(stored, {})).size == (295, 366)


def test_normalise_crop_parses_form_strings_and_clamps():
    assert normalise_crop({"x": "0.25", "y": "0.75", "zoom": "2.5"}) == {
        "x": 0.25,
        "y": 0.75,
        "zoom": 2.5,
    }
    assert normalise_crop({"x": "-3", "y": "9", "zoom": "40"}) == {"x": 0, "y": 1, "zoom": 4}
    assert normalise_crop({"x": "left", "y": "nan", "zoom": "0.01"}) == {
        "x": 0.5,
        "y": 0.5,
        "zoom": 0.2,
    }
    assert normalise_crop({"zoom": "junk"})["zoom"] == 1
    assert normalise_crop(None) == {"x": 0.5, "y": 0.5, "zoom": 1}


def test_bad_crop_values_are_clamped_not_refused():
    wild = cropped(halves(), {"x": "-7", "y": None, "zoom": "inf"})
    assert wild.size == (295, 366)
    assert share(wild, RED) > 0.95  # x clamped to 0: the left edge


def test_zooming_out_shows_the_whole_picture_on_card_paper():
    # 400 × 200 at zoom 0.4 is 146 px tall in a 295 × 366 box: paper above and below.
    result = cropped(halves(), {"x": 0.5, "y": 0.5, "zoom": 0.4})
    assert result.size == (295, 366)
    assert share(result.crop((0, 0, 295, 100)), portraits.PAPER, tolerance=8) > 0.99
    assert share(result.crop((0, 266, 295, 366)), portraits.PAPER, tolerance=8) > 0.99
    middle = result.crop((0, 150, 295, 210))
    assert share(middle, RED) == pytest.approx(0.5, abs=0.05)
    assert share(middle, BLUE) == pytest.approx(0.5, abs=0.05)


def test_zoomed_out_x_and_y_place_the_picture_against_an_edge():
    tall = Image.new("RGB", (200, 800), GREEN)
    top_left = cropped(tall, {"x": 0, "y": 0, "zoom": 0.5})
    # Cover fit is 295 px wide; at 0.5 the picture is 147 × 590, so it fills the height
    # and sits at the left, paper on the right.
    assert share(top_left.crop((0, 0, 140, 366)), GREEN) > 0.99
    assert share(top_left.crop((155, 0, 295, 366)), portraits.PAPER, tolerance=8) > 0.99
    right = cropped(tall, {"x": 1, "y": 0, "zoom": 0.5})
    assert share(right.crop((155, 0, 295, 366)), GREEN) > 0.99
