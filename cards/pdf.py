"""Every PDF goes through here: Django template → HTML → WeasyPrint, with a URL fetcher that
may only read our own static files and uploaded media. User text in the HTML is escaped by
the template engine; even if a `file:///etc/passwd` or `http://…` URL got into the markup,
the fetcher refuses it and nothing is loaded."""

import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.template.loader import render_to_string
from django_ratelimit.decorators import ratelimit
from weasyprint import HTML
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


def static_uri(path):
    """file:// URI of a static file, for templates rendered to PDF."""
    found = finders.find(path)
    if found is None:
        raise FileNotFoundError(f"no static file {path}")
    return Path(found).resolve().as_uri()


_fonts = threading.local()


def font_config():
    """One FontConfiguration per thread: WeasyPrint decodes each WOFF2 @font-face once into
    it and skips it on later renders (seconds saved per PDF). Pango is not thread-safe, so
    threads never share one."""
    if not hasattr(_fonts, "config"):
        _fonts.config = FontConfiguration()
    return _fonts.config


def html_to_pdf(html):
    base_url = Path(settings.STATICFILES_DIRS[0]).resolve().as_uri() + "/"
    document = HTML(string=html, base_url=base_url, url_fetcher=OwnFilesOnly())
    return document.write_pdf(font_config=font_config())


def render_pdf(template_name, context):
    return html_to_pdf(render_to_string(template_name, context))


def pdf_attachment(pdf, filename):
    """A PDF as a download named `filename`."""
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
