"""The end of a game: its log reads as a short report, a sentence a change naming the model;
the result goes to the campaign where the book has one, filled from what was tracked and
recorded only when its player sends it; where the book has none, the end says so."""

import html
import re
import uuid

import lxml.html
import pytest
from django.test import Client
from django.urls import reverse

from play import handlers, state
from rules.rulesets import definition_for


def page_of(game, user):
    client = Client()
    client.force_login(user)
    return client, html.unescape(client.get(reverse("play:game", args=[game.pk])).content.decode())


def a_model_track(game, seat):
    """A track of one of the seat's models, of a line of several where the force has one
    (its sentence names which of them), with a value other than its start."""
    tracks = state.game_state(game)["seats"][seat.side - 1]["tracks"]
    models = [t for t in tracks if t["model"]]
    track = next((t for t in models if t["model"][-1].isdigit()), models[0])
    return track, track["maximum"] if track["start"] != track["maximum"] else track["minimum"]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["pulp-alley", "7tv", "pulp-city", "pulp-fiction"])
def test_every_games_log_reads_as_a_sentence_a_change_naming_the_model(table, player, rival, slug):
    game, one, two = table(slug)
    game_track = state.game_state(game)["game_tracks"][0]
    changes = [(one, *a_model_track(game, one)), (two, *a_model_track(game, two))]
    for seat, track, value in changes:
        handlers.apply_operation(
            game=game, seat=seat, op_id=uuid.uuid4(), target=track["target"], value=value
        )
    handlers.apply_operation(
        game=game,
        seat=two,
        op_id=uuid.uuid4(),
        target=game_track["target"],
        value=game_track["start"] + 1,
    )
    handlers.undo_last(game=game, seat=two, op_id=uuid.uuid4())
    handlers.end_game(game=game, seat=one)

    _, page = page_of(game, player)
    log = re.search(r'<ol class="game-log"[^>]*>(.*?)</ol>', page).group(1)
    lines = re.findall(r"<li>(.*?)</li>", log)
    assert len(lines) == game.operations.count() == 4
    for line, (seat, track, _) in zip(lines, changes, strict=False):
        name = "player" if seat == one else "rival"
        said = f"Side {seat.side} ({name}) set {track['model']}'s {track['label']} from "
        assert line.startswith(said) and line.endswith("."), line
    assert lines[2].startswith(f"Side 2 (rival) set {game_track['label']} from ")
    assert lines[3].startswith(f"Side 2 (rival) undid a change: {game_track['label']} back")
    # Each value as the card and the tracker show it, never a bare index into its choices.
    for line, (_, track, value) in zip(lines, changes, strict=False):
        if track["shown_as"] == "choice":
            assert line.endswith(f" to {track['choices'][value - track['minimum']]}."), line


@pytest.mark.django_db
def test_the_result_is_offered_prefilled_and_recorded_only_when_sent(table, player, rival):
    game, one, two = table("pulp-alley")
    force = one.force
    hero, follower = force["models"][0], force["models"][-1]
    for target, value in (
        (f"{hero['id']}.plot_points", 1),
        ("major_plot_point", 1),
        (f"{follower['id']}.health", 0),  # knocked out
    ):
        handlers.apply_operation(
            game=game, seat=one, op_id=uuid.uuid4(), target=target, value=value
        )
    handlers.end_game(game=game, seat=two)

    client, page = page_of(game, player)
    assert one.roster.campaign_entries.count() == 0  # nothing recorded by the end itself
    form = next(f for f in lxml.html.fromstring(page).forms if "campaign-handoff" in f.classes)
    assert form.action == reverse("rosters:campaign_event", args=[one.roster.pk, "result"])
    sent = dict(form.form_values())
    # The major plot point held is 3 victory points (p.44); the follower is taken out.
    assert sent["victory_points"] == "3"
    assert [v for k, v in form.form_values() if k == "taken_out"] == [
        follower["id"].removeprefix("m")
    ]
    assert "Knocked out: each may roll a Harrowing Escape" in page
    sent["scenario"] = "The Lost Idol"
    client.post(form.action, sent)
    (entry,) = one.roster.campaign_entries.all()
    # Recorded as it was filled: 3 victory points are 3 Reputation, the follower recovers.
    assert entry.summary.startswith("+3 Reputation")
    assert f"{follower['name']} is back on their feet" in entry.summary
    # The rival's league gets its own form, and nothing of it was recorded either.
    _, theirs = page_of(game, rival)
    assert reverse("rosters:campaign_event", args=[two.roster.pk, "result"]) in theirs
    assert two.roster.campaign_entries.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("slug", "where"), [("7tv", "(p.166)"), ("pulp-city", "(p.5)"), ("pulp-fiction", "")]
)
def test_a_book_without_a_campaign_says_so_at_the_end(table, player, slug, where):
    game, one, _ = table(slug)
    handlers.end_game(game=game, seat=one)
    _, page = page_of(game, player)
    note = definition_for(slug).campaign_note
    assert where in note
    assert f'<p class="meta campaign-note">{note}</p>' in page
    assert "campaign-handoff" not in page
