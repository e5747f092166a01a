"""Settings come from the environment, production is hardened, and set-up mistakes get a
one-line message instead of a traceback."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def manage(*args, **env):
    # A fresh process as an operator would start it: no test-only variables.
    skip = {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE", "DEBUG", "DJANGO_SETTINGS_MODULE"}
    environment = {key: value for key, value in os.environ.items() if key not in skip}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x7!kq2-" + "p" * 60,
    "ALLOWED_HOSTS": "cliffhanger.example",
    "CSRF_TRUSTED_ORIGINS": "https://cliffhanger.example",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}

DEVELOPMENT = {"DEBUG": "1"}  # what `make run` sets


def test_production_settings_pass_the_deploy_check_without_warnings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_development_settings_do_fail_the_deploy_check():
    # Proves the check above is meaningful: the DEBUG settings are not production-safe.
    result = manage("check", "--deploy", "--fail-level", "WARNING", **DEVELOPMENT)
    assert result.returncode != 0
    assert "security.W018" in result.stderr  # DEBUG is on


def setting(name, **env):
    result = manage(
        "shell", "-c", f"from django.conf import settings; print(settings.{name})", **env
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_debug_is_off_unless_switched_on():
    assert setting("DEBUG", SECRET_KEY=PRODUCTION["SECRET_KEY"]) == "False"
    assert setting("DEBUG", **DEVELOPMENT) == "True"


def test_make_run_switches_debug_on_and_nothing_else_does():
    makefile = (ROOT / "Makefile").read_text()
    assert "run: export DEBUG ?= 1" in makefile
    assert "serve-prod: export DEBUG" not in makefile


def test_production_without_redis_warns_that_rate_limits_are_not_shared():
    env = {key: value for key, value in PRODUCTION.items() if key != "REDIS_URL"}
    result = manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert result.returncode != 0
    assert "accounts.W001" in result.stderr and "REDIS_URL" in result.stderr


def test_the_cache_is_redis_when_a_redis_url_is_set_and_the_database_otherwise():
    from config.settings import cache_from_env

    redis = cache_from_env({"REDIS_URL": "redis://cache.internal:6379/1"})
    assert redis == {
        "BACKEND": "config.cache.RedisCache",
        "LOCATION": "redis://cache.internal:6379/1",
    }
    assert cache_from_env({"CACHE_URL": "redis://a:1/2"})["LOCATION"] == "redis://a:1/2"
    assert cache_from_env({})["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


def test_sessions_are_read_from_redis_when_there_is_one_and_kept_in_the_database():
    from config.settings import cache_from_env, session_engine_for

    redis = cache_from_env({"REDIS_URL": "redis://cache.internal:6379/1"})
    assert session_engine_for(redis) == "django.contrib.sessions.backends.cached_db"
    assert session_engine_for(cache_from_env({})) == "django.contrib.sessions.backends.db"


def test_a_cache_url_that_is_not_redis_says_what_to_set():
    result = manage("check", **DEVELOPMENT, CACHE_URL="memcached://nowhere")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "redis://" in result.stderr


def test_serving_without_secret_key_refuses_to_start_and_says_what_to_set():
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env.update({**PRODUCTION, "SECRET_KEY": ""})
    env.pop("DEBUG", None)
    result = subprocess.run(
        [sys.executable, "-c", "import config.wsgi"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr
    deploy = manage(
        "check", "--deploy", "--fail-level", "WARNING", **{**PRODUCTION, "SECRET_KEY": ""}
    )
    assert deploy.returncode != 0 and "SECRET_KEY" in deploy.stderr


def test_headless_commands_run_without_debug_or_a_secret_key():
    # `manage.py roster …`, `cheatsheet …` and `migrate` serve nothing: they need no key.
    result = manage("check")
    assert result.returncode == 0, result.stderr


def test_unparseable_database_url_is_one_line_not_a_traceback():
    result = manage("checkdb", **DEVELOPMENT, DATABASE_URL="not a url at all")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "DATABASE_URL" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_unreachable_database_is_one_line_not_a_traceback():
    result = manage("checkdb", **DEVELOPMENT, DATABASE_URL="postgres://nobody@127.0.0.1:1/nowhere")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "Cannot reach the database" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_reachable_database_passes_checkdb():
    env = {"DATABASE_URL": os.environ["DATABASE_URL"]} if "DATABASE_URL" in os.environ else {}
    result = manage("checkdb", **DEVELOPMENT, **env)
    assert result.returncode == 0, result.stderr


def test_find_python_explains_when_no_python_312_exists(tmp_path):
    result = subprocess.run(
        ["/bin/sh", str(ROOT / "bin" / "find-python")],
        env={"PATH": str(tmp_path), "HOME": str(tmp_path), "PYENV_ROOT": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "needs Python 3.12 or newer" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_find_python_finds_a_new_enough_interpreter():
    result = subprocess.run(
        [str(ROOT / "bin" / "find-python")], capture_output=True, text=True, check=True
    )
    version = subprocess.run(
        [result.stdout.strip(), "-c", "import sys; print(sys.version_info[:2] >= (3, 12))"],
        capture_output=True,
        text=True,
    )
    assert version.stdout.strip() == "True"


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_allowing_only_our_own_scripts(client):
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "object-src 'none'" in policy


@pytest.mark.django_db
def test_htmx_is_vendored_and_served_from_our_static_files(client):
    page = client.get("/").content.decode()
    assert "/static/vendor/htmx/htmx.min.js" in page
    assert "https://" not in page.split("<body")[0], "no CDN or external assets in <head>"
    assert (ROOT / "static/vendor/htmx/htmx.min.js").stat().st_size > 10_000
    assert (ROOT / "static/vendor/htmx/LICENSE").exists()


def test_vendored_fonts_carry_their_licences():
    fonts = ROOT / "static" / "fonts"
    families = [path for path in fonts.iterdir() if path.is_dir()]
    assert families
    for family in families:
        assert (family / "OFL.txt").read_text().find("SIL Open Font License") >= 0
        assert list(family.glob("*.woff2"))


@pytest.mark.django_db
def test_a_player_stays_logged_in_when_redis_forgets_their_session(
    client, player, redis_cache, redis_url
):
    import redis

    client.force_login(player)
    assert client.get("/rosters/").status_code == 200
    server = redis.Redis.from_url(redis_url)
    assert server.keys(f"{redis_cache}:*"), "the session never reached Redis"
    server.delete(*server.keys(f"{redis_cache}:*"))  # a Redis restart
    assert client.get("/rosters/").status_code == 200
    assert client.get("/rosters/").wsgi_request.user == player


@pytest.mark.django_db
def test_rate_limit_counters_live_in_redis_where_every_app_server_reads_them(
    client, player, redis_cache, redis_url
):
    import redis

    url, prefix = redis_url, redis_cache
    for attempt in range(3):
        client.post("/accounts/login/", {"username": player.username, "password": f"x{attempt}"})
    # Another app server is just another connection to the same Redis: it sees the count.
    other_server = redis.Redis.from_url(url)
    keys = other_server.keys(f"{prefix}:*")
    assert keys, "no rate-limit counter reached Redis"
    assert sorted(int(other_server.get(key)) for key in keys) == [3, 3]


def serve_prod_command(**env):
    """The gunicorn line `make serve-prod` would run (a dry run: nothing starts)."""
    environment = {key: value for key, value in os.environ.items() if key != "HOST"}
    result = subprocess.run(
        ["make", "-n", "serve-prod"],
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return next(line for line in result.stdout.splitlines() if "gunicorn" in line)


def test_serve_prod_listens_on_this_machine_only_unless_told_otherwise():
    assert "--bind 127.0.0.1:8000" in serve_prod_command()
    assert "--bind 0.0.0.0:8000" in serve_prod_command(HOST="0.0.0.0")
    assert "--bind 10.0.0.5:9000" in serve_prod_command(HOST="10.0.0.5", PORT="9000")
