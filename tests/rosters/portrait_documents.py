"""Sample forces with a portrait on their first character, for tests of what happens to
pictures when rosters are copied, imported or shown."""

import base64
from io import BytesIO

from PIL import Image

from rosters.samples import sample_document


def sample_with_portrait(slug, colour):
    """The sample force `slug`, its first character holding a plain picture of `colour`."""
    document = sample_document(slug)
    picture = BytesIO()
    Image.new("RGB", (300, 400), colour).save(picture, "PNG")
    document["characters"][0]["portrait"] = {
        "media_type": "image/png",
        "data": base64.b64encode(picture.getvalue()).decode(),
    }
    return document
