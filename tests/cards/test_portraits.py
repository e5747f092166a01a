"""Portrait uploads are re-encoded safely, and the 300 dpi crop shows what the player framed."""

import struct
import zlib
from io import BytesIO

import pytest
from django.core.files import File
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageCms

from cards import portraits
from cards.portraits import PortraitError, clean_upload, crop_portrait, normalise_crop

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
        encoded(halves(), "JPEG")[:600],  # truncated JPEG
        encoded(halves())[:-30],  # truncated PNG
        encoded(halves(), "BMP"),  # an image, but not a format we take
    ],
    ids=["text", "truncated-jpeg", "truncated-png", "bmp"],
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


def test_a_picture_over_40_megapixels_is_refused_from_its_header():
    with pytest.raises(PortraitError, match=r"^That image is 60 megapixels; the limit is 40\.$"):
        clean_upload(upload(forged_png(10_000, 6_000)))


def test_a_decompression_bomb_is_refused():
    with pytest.raises(PortraitError, match="megapixels; the limit is 40"):
        clean_upload(upload(forged_png(100_000, 100_000)))


def test_the_pixel_limit_applies_to_real_pictures(monkeypatch):
    monkeypatch.setattr(portraits, "MAX_PIXELS", 1_000_000)
    with pytest.raises(PortraitError, match=r"^That image is 1.5 megapixels; the limit is 1\.$"):
        clean_upload(upload(encoded(Image.new("RGB", (1500, 1000)))))


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
    assert normalise_crop({"x": "left", "y": "nan", "zoom": "0.2"}) == {
        "x": 0.5,
        "y": 0.5,
        "zoom": 1,
    }
    assert normalise_crop(None) == {"x": 0.5, "y": 0.5, "zoom": 1}


def test_bad_crop_values_are_clamped_not_refused():
    wild = cropped(halves(), {"x": "-7", "y": None, "zoom": "inf"})
    assert wild.size == (295, 366)
    assert share(wild, RED) > 0.95  # x clamped to 0: the left edge
