"""The load run (bin/load): logged-in players asking for their league page, or for the
smallest view the app has (/favicon.ico, a redirect through the same middleware), each
client as fast as answers come. Pick one with --tags league or --tags trivial.

LOAD_SESSION and LOAD_CSRF are the player's session and CSRF cookies (a browser sends both)
and LOAD_LEAGUE the league page's path, all printed by bin/load_setup.py. The app runs as
in production behind a TLS proxy, so each request says it came over HTTPS
(X-Forwarded-Proto) and carries the cookies itself.
"""

import os

from locust import FastHttpUser, between, tag, task

# LOAD_PAUSE=S: each client waits S/2 to 3S/2 seconds between requests, a person browsing
# (the play scenario's pages beside the phones) rather than a client flat out.
PAUSE = float(os.environ.get("LOAD_PAUSE") or 0)


class Player(FastHttpUser):
    wait_time = between(PAUSE / 2, PAUSE * 3 / 2)
    default_headers = {
        "Cookie": (
            f"sessionid={os.environ.get('LOAD_SESSION', '')}; "
            f"csrftoken={os.environ.get('LOAD_CSRF', '')}"
        ),
        "X-Forwarded-Proto": "https",
    }

    @tag("league")
    @task
    def league_page(self):
        with self.client.get(
            os.environ["LOAD_LEAGUE"], name="league page", catch_response=True
        ) as response:
            if response.status_code != 200 or b"Singapore Smith" not in response.content:
                response.failure(f"not the league page: {response.status_code}")

    @tag("trivial")
    @task
    def trivial(self):
        with self.client.get(
            "/favicon.ico", name="trivial view", allow_redirects=False, catch_response=True
        ) as response:
            if response.status_code != 301:
                response.failure(f"expected a redirect, got {response.status_code}")
