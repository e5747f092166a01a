"""A share link's token never reaches a log line: the development server's request lines
name the shared page with [token] in its place (the 404 and 500 lines of django.request are
tested on the shared pages themselves, in tests/rosters/test_share_views.py)."""

import logging

import pytest
from django.utils.log import log_message

TOKEN = "lihuG6tiHIh0wuOScRvZMmUuhbRh6F9a4HXYteUwbSo"


@pytest.fixture
def server_log(caplog):
    """What the development server's logger writes (it does not pass records on to the
    root logger, where caplog listens)."""
    logger = logging.getLogger("django.server")
    logger.addHandler(caplog.handler)
    yield caplog
    logger.removeHandler(caplog.handler)


@pytest.mark.parametrize(
    "path",
    [
        f"/rosters/shared/{TOKEN}/",
        f"/rosters/shared/{TOKEN}/copy/?x=1",
        f"/print/shared/{TOKEN}/cards.pdf",
        f"/play/shared/{TOKEN}/socket/",
    ],
)
def test_the_development_servers_request_line_hides_the_token(server_log, path):
    # As django.core.servers.basehttp.WSGIRequestHandler.log_message sends it.
    log_message(
        logging.getLogger("django.server"),
        '"%s" %s %s',
        f"GET {path} HTTP/1.1",
        "200",
        "5120",
        status_code=200,
        server_time="02/Dec/2026 00:10:00",
    )
    (line,) = [record.getMessage() for record in server_log.records]
    assert TOKEN not in line
    assert "/shared/[token]/" in line and line.endswith('HTTP/1.1" 200 5120')


def test_other_addresses_are_logged_as_they_are(server_log):
    logging.getLogger("django.server").warning('"%s" %s', "GET /rosters/12/ HTTP/1.1", "404")
    assert server_log.records[0].getMessage() == '"GET /rosters/12/ HTTP/1.1" 404'


def test_daphnes_request_lines_hide_a_games_join_code_and_spectator_token(caplog):
    """`make run` serves through Daphne, whose request lines go to django.channels.server."""
    logger = logging.getLogger("django.channels.server")
    logger.addHandler(caplog.handler)
    try:
        # As daphne's runserver log_action sends them.
        joined = {"method": "GET", "path": "/play/join/K7M2QX9R/", "status": 200}
        logger.info("HTTP %(method)s %(path)s %(status)s", joined)
        watched = {"path": f"/play/shared/{TOKEN}/socket/", "client": "127.0.0.1:5000"}
        logger.info("WebSocket CONNECT %(path)s [%(client)s]", watched)
    finally:
        logger.removeHandler(caplog.handler)
    lines = [record.getMessage() for record in caplog.records]
    assert lines == [
        "HTTP GET /play/join/[token]/ 200",
        "WebSocket CONNECT /play/shared/[token]/socket/ [127.0.0.1:5000]",
    ]
