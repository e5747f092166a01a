"""What log lines may not carry. A share token is the whole of a share link's secret, and
Django logs the path of every 404 and 500 (django.request) and the development server every
request line (django.server, django.channels.server under Daphne): /rosters/shared/<token>/,
/print/shared/<token>/cards.pdf and a game's /play/shared/<token>/ would put working links in
every log reader's hands, and /play/join/<code>/ a seat at a game while its code lasts."""

import logging
import re

# Every shared page's address has the token as the segment after /shared/ (rosters/urls.py,
# cards/print_urls.py, play/urls.py), a game's join link its code after /join/.
SHARED_TOKEN = re.compile(r"(/(?:shared|join)/)[^/?#\s\"']+")
HIDDEN = r"\1[token]"


def redacted(value):
    return SHARED_TOKEN.sub(HIDDEN, value) if isinstance(value, str) else value


class RedactShareTokens(logging.Filter):
    """Rewrites a record's message and arguments with each share token replaced by
    "[token]": the line still says which page failed and how, never the link itself."""

    def filter(self, record):
        record.msg = redacted(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redacted(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: redacted(arg) for key, arg in record.args.items()}
        return True
