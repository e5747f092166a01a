from django import template

from cards.pdf import static_uri

register = template.Library()


@register.simple_tag
def pdf_static(path):
    """Like {% static %}, but a file:// URI WeasyPrint can read without a web server."""
    return static_uri(path)
