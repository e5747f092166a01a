"""A game's websocket through the whole ASGI stack (config/asgi.py: the Origin check, the
session, the routes): both phones and a spectator hear every change, a phone back from a lost
connection catches up and resends what it held without doubling anything, and whoever is not
a player of the game changes nothing."""

import json
import threading
import uuid
from contextlib import asynccontextmanager

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config.asgi import application
from play.consumers import FLOODED, NOT_YOURS, GameConsumer
from play.models import Operation
from tests.concurrency import postgres_only

ORIGIN = "http://127.0.0.1:8000"


def session_cookie(user):
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def phone(path, cookie=None, origin=ORIGIN):
    """A phone's socket; `cookie` is its session_cookie, made before the test's async body
    (the ORM is not called from inside an event loop)."""
    headers = [(b"origin", origin.encode()), (b"host", b"127.0.0.1:8000")]
    if cookie is not None:
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, path, headers=headers)


@asynccontextmanager
async def connected(path, cookie=None):
    communicator = phone(path, cookie)
    accepted, _ = await communicator.connect()
    assert accepted, path
    try:
        yield communicator
    finally:
        await communicator.disconnect()


def seat_path(game):
    return f"/play/{game.pk}/socket/"


def change(target, value, op_id=None):
    return {"type": "op", "op_id": op_id or str(uuid.uuid4()), "target": target, "value": value}


@pytest.fixture(autouse=True)
def one_connection(monkeypatch):
    """The consumer's database calls on the test's own thread, whose connection holds the
    test's transaction, where a server runs them on a pool of threads; and that connection
    kept open around each call, which Channels closes when aged, as a server should
    (channels.testing does the same while it passes messages)."""
    monkeypatch.setattr(GameConsumer, "database_threads", None)
    monkeypatch.setattr("channels.db.close_old_connections", lambda: None)


def run(coroutine_function):
    """The test's async body on the test's own thread, so the consumer's database calls
    share the test's transaction."""
    async_to_sync(coroutine_function)()


@pytest.fixture
def pulp_alley_game(table):
    return table("pulp-alley")


def health_of(seat):
    return f"{seat.force['models'][0]['id']}.health"


@pytest.mark.django_db
def test_a_change_reaches_both_phones_and_the_spectator_in_the_same_order(
    pulp_alley_game, player, rival
):
    game, mine, theirs = pulp_alley_game
    mine_cookie, their_cookie = session_cookie(player), session_cookie(rival)
    target = health_of(theirs)

    async def body():
        async with (
            connected(seat_path(game), mine_cookie) as first,
            connected(seat_path(game), their_cookie) as second,
            connected(f"/play/shared/{game.spectator_token}/socket/") as spectator,
        ):
            await second.send_json_to(change(target, 1))
            await first.send_json_to(change("turn", 2))
            heard = {}
            for name, communicator in (
                ("first", first),
                ("second", second),
                ("spectator", spectator),
            ):
                messages = [await communicator.receive_json_from() for _ in range(2)]
                heard[name] = [(m["operation"]["seq"], m["operation"]["target"]) for m in messages]
            assert heard["first"] == heard["second"] == heard["spectator"]
            assert sorted(heard["first"]) == [(1, heard["first"][0][1]), (2, heard["first"][1][1])]
            assert {target for _, target in heard["first"]} == {target, "turn"}

    run(body)
    assert sorted(game.operations.values_list("target", "after")) == sorted(
        [(target, 1), ("turn", 2)]
    )


@pytest.mark.django_db
def test_a_phone_back_online_hears_what_it_missed_and_its_resent_change_counts_once(
    pulp_alley_game, player, rival
):
    game, mine, theirs = pulp_alley_game
    mine_cookie, their_cookie = session_cookie(player), session_cookie(rival)
    held = change(health_of(theirs), 2)

    async def body():
        async with connected(seat_path(game), mine_cookie) as first:
            await first.send_json_to(change("turn", 2))
            await first.receive_json_from()
            await first.send_json_to(change("turn", 3))
            await first.receive_json_from()
        # The rival's phone was offline meanwhile, holding one change it made.
        async with connected(seat_path(game), their_cookie) as second:
            await second.send_json_to({"type": "hello", "seq": 1})
            caught_up = await second.receive_json_from()
            assert caught_up["type"] == "state"
            assert [op["seq"] for op in caught_up["operations"]] == [2]  # only what it missed
            assert caught_up["tracks"]["turn"] == 3
            await second.send_json_to(held)
            applied = await second.receive_json_from()
            # Its connection dropped before it heard back, so it sends the same change again.
            await second.send_json_to(held)
            again = await second.receive_json_from()
            assert again["operation"] == applied["operation"]
            assert await second.receive_nothing()

    run(body)
    assert game.operations.filter(op_id=held["op_id"]).count() == 1
    assert game.operations.count() == 3


@pytest.mark.django_db
def test_undo_over_the_socket_sets_the_value_back_for_everyone(pulp_alley_game, player, rival):
    game, mine, theirs = pulp_alley_game
    mine_cookie, their_cookie = session_cookie(player), session_cookie(rival)

    async def body():
        async with (
            connected(seat_path(game), mine_cookie) as first,
            connected(seat_path(game), their_cookie) as second,
        ):
            await first.send_json_to(change("turn", 4))
            await first.receive_json_from()
            await second.receive_json_from()
            await first.send_json_to({"type": "undo", "op_id": str(uuid.uuid4())})
            undone = (await second.receive_json_from())["operation"]
            assert (undone["target"], undone["before"], undone["after"], undone["undoes"]) == (
                "turn",
                4,
                1,
                1,
            )

    run(body)


@pytest.mark.django_db
def test_strangers_and_other_sites_get_no_socket(pulp_alley_game, make_user, player):
    game, _, _ = pulp_alley_game
    mine_cookie = session_cookie(player)
    strangers_cookie = session_cookie(make_user("stranger"))

    async def body():
        for communicator in (
            phone(seat_path(game), strangers_cookie),
            phone(seat_path(game)),  # nobody logged in
            phone("/play/shared/not-the-token/socket/"),
        ):
            accepted, code = await communicator.connect()
            assert (accepted, code) == (False, NOT_YOURS)
        # A page of another site opening a socket with the player's cookie.
        elsewhere = phone(seat_path(game), mine_cookie, origin="https://evil.example")
        accepted, _ = await elsewhere.connect()
        assert not accepted

    run(body)


@pytest.mark.django_db
def test_a_spectator_and_hostile_messages_change_nothing(pulp_alley_game, player):
    game, _, _ = pulp_alley_game
    mine_cookie = session_cookie(player)

    async def body():
        async with connected(f"/play/shared/{game.spectator_token}/socket/") as spectator:
            await spectator.send_json_to(change("turn", 2))
            refused = await spectator.receive_json_from()
            assert refused["type"] == "refused" and "only its two players" in refused["message"]
        async with connected(seat_path(game), mine_cookie) as first:
            for hostile in (
                change("m0.wealth", 3),
                change("turn", 99),
                change("turn", "2"),
                {**change("turn", 2), "op_id": "not-an-id"},
                {"type": "drop tables"},
            ):
                await first.send_json_to(hostile)
                answer = await first.receive_json_from()
                assert answer["type"] == "refused" and answer["message"], hostile
            await first.send_to(text_data="{not json")
            assert (await first.receive_json_from())["type"] == "refused"
            await first.send_to(text_data=json.dumps(change("turn", 2)) + " " * 5000)
            assert (await first.receive_json_from())["type"] == "refused"

    run(body)
    assert not Operation.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_a_flood_is_slowed_in_order_then_hung_up_on(pulp_alley_game, player, rival, monkeypatch):
    from config import limits

    monkeypatch.setattr(limits, "PLAY_SOCKET_BURST", 3)
    monkeypatch.setattr(limits, "PLAY_SOCKET_PER_SECOND", 0.001)
    game, _, _ = pulp_alley_game
    mine_cookie = session_cookie(player)

    async def body():
        communicator = phone(seat_path(game), mine_cookie)
        await communicator.connect()
        answers = []
        for value in (2, 3, 4, 5, 6):
            await communicator.send_json_to(change("turn", value))
            answers.append(await communicator.receive_json_from())
        assert [a["type"] for a in answers] == ["applied"] * 3 + ["slow_down"] * 2
        assert answers[3]["retry_after"] > 0
        # Refused once, it is refused until it says hello again, even with changes to spare:
        # what it holds then arrives in the order it was made.
        monkeypatch.setattr(limits, "PLAY_SOCKET_PER_SECOND", 1000)
        await communicator.send_json_to(change("turn", 7))
        assert (await communicator.receive_json_from())["type"] == "slow_down"
        await communicator.send_json_to({"type": "hello", "seq": 3})
        assert (await communicator.receive_json_from())["type"] == "state"
        await communicator.send_json_to(change("turn", 4))
        assert (await communicator.receive_json_from())["type"] == "applied"
        monkeypatch.setattr(limits, "PLAY_SOCKET_PER_SECOND", 0.001)
        answers = []
        for value in (5, 6, 8, 8, 8):
            await communicator.send_json_to(change("turn", value))
            answers.append((await communicator.receive_json_from())["type"])
        assert answers == ["applied", "applied", "slow_down", "slow_down", "slow_down"]
        # It keeps sending through its refusals: hung up on.
        await communicator.send_json_to(change("turn", 8))
        assert await communicator.receive_output() == {"type": "websocket.close", "code": FLOODED}

    run(body)
    assert list(game.operations.values_list("after", flat=True)) == [2, 3, 4, 4, 5, 6]


def test_the_channel_layer_is_redis_when_servers_share_it_and_memory_for_one():
    from django.core.exceptions import ImproperlyConfigured

    from config.settings import channel_layers_from_env

    assert channel_layers_from_env({})["default"]["BACKEND"].endswith("InMemoryChannelLayer")
    shared = channel_layers_from_env({"REDIS_URL": "redis://cache:6379/0"})["default"]
    assert shared["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert shared["CONFIG"]["hosts"][0]["address"] == "redis://cache:6379/0"
    own = channel_layers_from_env(
        {"REDIS_URL": "redis://cache:6379/0", "CHANNELS_REDIS_URL": "redis://live:6379/1"}
    )
    assert own["default"]["CONFIG"]["hosts"][0]["address"] == "redis://live:6379/1"
    with pytest.raises(ImproperlyConfigured, match="not a Redis URL"):
        channel_layers_from_env({"CHANNELS_REDIS_URL": "memcached://x"})


def test_a_quiet_phone_is_not_cut_off_by_the_redis_clients_read_timeout():
    """The layer waits for a phone's next push with a blocking pop of `brpop_timeout`
    seconds; redis-py 8 gives every read a 5 s timeout by default, which ended that wait
    with an error and hung up on every phone quiet for 5 s (django/channels_redis#422,
    found by `make load-play`). The layer's reads must outlast its own blocking pops."""
    from channels_redis.core import RedisChannelLayer

    from config.settings import channel_layers_from_env

    config = channel_layers_from_env({"CHANNELS_REDIS_URL": "redis://live:6379/1"})["default"]
    layer = RedisChannelLayer(**config["CONFIG"])
    read_timeout = layer.create_pool(0).make_connection().socket_timeout
    assert read_timeout is None or read_timeout > layer.brpop_timeout


@pytest.fixture
def redis_layer(settings, redis_url):
    """The channel layer in Redis (database 11 of the tests' Redis), as ASGI servers that
    share games have it."""
    from channels.layers import channel_layers

    from config.settings import channel_layers_from_env

    url = f"{redis_url.rsplit('/', 1)[0]}/11"
    settings.CHANNEL_LAYERS = channel_layers_from_env({"CHANNELS_REDIS_URL": url})
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.mark.django_db
def test_a_change_passes_between_phones_through_redis(redis_layer, pulp_alley_game, player, rival):
    game, _, _ = pulp_alley_game
    mine_cookie, their_cookie = session_cookie(player), session_cookie(rival)

    async def body():
        async with (
            connected(seat_path(game), mine_cookie) as first,
            connected(seat_path(game), their_cookie) as second,
        ):
            await first.send_json_to(change("turn", 2))
            heard = await second.receive_json_from(timeout=5)
            assert (heard["operation"]["target"], heard["operation"]["after"]) == ("turn", 2)

    run(body)


@pytest.mark.django_db
def test_a_socket_reads_its_seats_once_then_each_change_costs_three_queries(
    pulp_alley_game, player
):
    game, _, _ = pulp_alley_game
    mine_cookie = session_cookie(player)
    second_change = []

    async def body():
        async with connected(seat_path(game), mine_cookie) as first:
            await first.send_json_to(change("turn", 2))
            await first.receive_json_from()
            start = len(captured)
            await first.send_json_to(change("turn", 3))
            assert (await first.receive_json_from())["operation"]["after"] == 3
            second_change.extend(captured[start:])

    # This thread's own connection, which the consumer's calls use (`connection` would be
    # the event loop thread's inside the body).
    with CaptureQueriesContext(connections["default"]) as captured:
        run(body)
    made = [q["sql"] for q in second_change if "SAVEPOINT" not in q["sql"]]
    assert len(made) == 3, made


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_phones_sending_at_once_through_the_database_threads_get_consecutive_seqs(
    pulp_alley_game, player, rival, monkeypatch
):
    """The server's pool of database threads: both phones' changes made at once, on
    threads of their own, still take consecutive seqs, both phones hear every one, and
    each phone's changes keep the order it made them."""
    from concurrent.futures import ThreadPoolExecutor

    game, _, _ = pulp_alley_game
    cookies = session_cookie(player), session_cookie(rival)
    threads = ThreadPoolExecutor(max_workers=2)
    monkeypatch.setattr(GameConsumer, "database_threads", threads)
    each = 8
    heard = {}

    async def body():
        async with (
            connected(seat_path(game), cookies[0]) as first,
            connected(seat_path(game), cookies[1]) as second,
        ):
            for value in range(1, each + 1):
                await first.send_json_to(change("side1.fortune_held", value))
                await second.send_json_to(change("side2.fortune_held", value))
            for name, communicator in (("first", first), ("second", second)):
                messages = [
                    await communicator.receive_json_from(timeout=10) for _ in range(2 * each)
                ]
                heard[name] = [
                    (m["operation"]["seq"], m["operation"]["target"], m["operation"]["after"])
                    for m in messages
                ]

    try:
        run(body)
    finally:
        # Each thread's own connection closed, so the test database can be dropped.
        both = threading.Barrier(2)
        for _ in range(2):
            threads.submit(lambda: (both.wait(), connection.close()))
        threads.shutdown(wait=True)
    # Pushes may pass each other on the way (a phone asks for a gap); the log's order is one.
    in_order = sorted(heard["first"])
    assert in_order == sorted(heard["second"])
    assert [seq for seq, _, _ in in_order] == list(range(1, 2 * each + 1))
    for side in ("side1", "side2"):
        made = [after for _, target, after in in_order if target.startswith(side)]
        assert made == list(range(1, each + 1))
    assert list(game.operations.values_list("seq", flat=True)) == list(range(1, 2 * each + 1))
