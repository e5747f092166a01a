"""Every PDF goes through here: Django template → HTML → WeasyPrint, with a URL fetcher that
may only read our own static files and uploaded media. User text in the HTML is escaped by
the template engine; even if a `file:///etc/passwd` or `http://…` URL got into the markup,
the fetcher refuses it and nothing is loaded."""

import gc
import threading
from contextlib import ExitStack, contextmanager
from io import BytesIO
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pikepdf
import tinycss2
from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.template.loader import render_to_string
from django_ratelimit.decorators import ratelimit
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from config import limits

# Every view that renders a PDF counts against one rate per client (config/limits.py): a
# render holds a worker for seconds, so no client may queue them without end.
pdf_rate_limited = ratelimit(group="pdf", key="user_or_ip", rate=limits.rate("PDF_RATE"))


def allowed_roots():
    roots = [Path(path) for path in settings.STATICFILES_DIRS]
    if settings.STATIC_ROOT:
        roots.append(Path(settings.STATIC_ROOT))
    roots.append(Path(settings.MEDIA_ROOT))
    return [root.resolve() for root in roots]


def is_allowed_file(path):
    resolved = Path(path).resolve()
    return any(resolved.is_relative_to(root) for root in allowed_roots())


class OwnFilesOnly(URLFetcher):
    """Fetches file: URLs inside static/ or media/, and data: URLs. Nothing else."""

    def __init__(self):
        super().__init__(allowed_protocols={"file", "data"}, allow_redirects=False)

    def fetch(self, url, headers=None):
        parts = urlsplit(url)
        if parts.scheme == "file":
            if parts.netloc not in ("", "localhost"):
                raise ValueError(f"refusing remote file URL: {url}")
            if not is_allowed_file(unquote(parts.path)):
                raise ValueError(f"refusing file outside static and media: {url}")
        elif parts.scheme != "data":
            raise ValueError(f"refusing to fetch {url}")
        return super().fetch(url, headers)


def static_file(path) -> Path:
    found = finders.find(path)
    if found is None:
        raise FileNotFoundError(f"no static file {path}")
    return Path(found).resolve()


def static_uri(path):
    """file:// URI of a static file, for templates rendered to PDF."""
    return static_file(path).as_uri()


# The stylesheets every print template (templates/cards/print/) is drawn with. They are
# handed to WeasyPrint already parsed rather than linked from the HTML: parsing them again for
# every document cost more than drawing a small one (tens of ms a document).
PRINT_STYLESHEETS = ("css/fonts.css", "css/palette.css", "css/print.css")

_kit = threading.local()


def font_config():
    """One FontConfiguration per thread: WeasyPrint decodes each WOFF2 @font-face once into
    it and skips it on later renders (seconds saved per PDF). Pango is not thread-safe, so
    threads never share one."""
    if not hasattr(_kit, "fonts"):
        _kit.fonts = FontConfiguration()
    return _kit.fonts


def fetcher():
    """This thread's OwnFilesOnly: building one sets up an SSL context (about 17 ms), so each
    thread keeps its own rather than paying that per document; it holds one request's state
    at a time, hence not shared between threads."""
    if not hasattr(_kit, "fetcher"):
        _kit.fetcher = OwnFilesOnly()
    return _kit.fetcher


def root_properties(sheets) -> dict[str, list]:
    """The custom properties (--name: value) the stylesheets declare at :root."""
    return {
        declaration.name: declaration.value
        for rules in sheets
        for rule in rules
        if rule.type == "qualified-rule" and tinycss2.serialize(rule.prelude).strip() == ":root"
        for declaration in tinycss2.parse_blocks_contents(rule.content, skip_comments=True)
        if declaration.type == "declaration" and declaration.name.startswith("--")
    }


def put_in(tokens, properties):
    """The tokens with each var(--name) of those properties replaced by the value, in
    blocks and function arguments too."""
    out = []
    for token in tokens:
        if token.type == "function" and token.lower_name == "var":
            named = [arg for arg in token.arguments if arg.type not in ("whitespace", "comment")]
            if len(named) == 1 and named[0].type == "ident" and named[0].value in properties:
                out.extend(properties[named[0].value])
                continue
        for inner in ("content", "arguments", "prelude"):
            if isinstance(getattr(token, inner, None), list):
                setattr(token, inner, put_in(getattr(token, inner), properties))
        out.append(token)
    return out


def stylesheets(paths: tuple[str, ...]) -> list[CSS]:
    """The static stylesheets, parsed once per thread (through our fetcher, their @font-face
    rules loaded into this thread's font configuration), with every var() of a custom
    property they declare at :root written out as its value: WeasyPrint would otherwise
    look each one up on every element of every document (about a tenth of drawing a card).
    The print templates and stylesheets set custom properties nowhere else
    (tests/cards/test_print_styles.py), so every element sees the :root values anyway."""
    parsed = _kit.__dict__.setdefault("stylesheets", {})
    if paths not in parsed:
        sheets = [tinycss2.parse_stylesheet(static_file(path).read_text()) for path in paths]
        properties = root_properties(sheets)
        parsed[paths] = [
            CSS(
                string=tinycss2.serialize(put_in(sheet, properties)),
                base_url=static_uri(path),
                url_fetcher=fetcher(),
                font_config=font_config(),
            )
            for path, sheet in zip(paths, sheets, strict=True)
        ]
    return parsed[paths]


def base_url():
    return Path(settings.STATICFILES_DIRS[0]).resolve().as_uri() + "/"


# Drawings under way in this process, and whether the collector was on before the first.
_drawing = {"count": 0, "collector_was_on": False}
_drawing_lock = threading.Lock()


@contextmanager
def collector_paused():
    """Python's cyclic garbage collector off while WeasyPrint draws, on again once the last
    drawing in the process ends. A card face allocates tens of thousands of short-lived
    objects, and the collections they set off walked the same young box trees again and
    again: about an eighth of drawing a face. What the drawings leave behind is then
    collected at once, by the first collection after. Threads share the collector, so it is
    paused from the first drawing that starts until the last one ends; a process that had it
    off keeps it off."""
    with _drawing_lock:
        if _drawing["count"] == 0:
            _drawing["collector_was_on"] = gc.isenabled()
            gc.disable()
        _drawing["count"] += 1
    try:
        yield
    finally:
        with _drawing_lock:
            _drawing["count"] -= 1
            if _drawing["count"] == 0 and _drawing["collector_was_on"]:
                gc.enable()


def html_to_pdf(html, styles=()):
    """The PDF of the HTML with the static stylesheets `styles` (paths, in cascade order),
    given to WeasyPrint as user stylesheets: above its defaults, beneath the document's own
    styles. The print stylesheets have no !important and no @page rule, so this cascades
    exactly as linking them from the document did."""
    with collector_paused():
        document = HTML(string=html, base_url=base_url(), url_fetcher=fetcher())
        return document.write_pdf(font_config=font_config(), stylesheets=stylesheets(tuple(styles)))


def render_pdf(template_name, context, styles=()):
    return html_to_pdf(render_to_string(template_name, context), styles)


def bound_pdf(parts) -> bytes:
    """The PDFs `parts` one after another in one file, each page as it was drawn (sizes kept:
    an A4 sheet stays A4 among Letter ones)."""
    with ExitStack() as opened:
        whole = opened.enter_context(pikepdf.Pdf.new())
        for part in parts:
            whole.pages.extend(opened.enter_context(pikepdf.open(BytesIO(part))).pages)
        out = BytesIO()
        whole.save(out)
    return out.getvalue()


def pdf_attachment(pdf, filename):
    """A PDF as a download named `filename`."""
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
