"""Share links as players meet them: the owner makes one, a visitor, a guest and another
player see the roster, its report and its cards and copy it; revoking makes the link 404."""

import base64
import logging
import re
from io import BytesIO

import pikepdf
import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from PIL import Image

from config import limits
from rosters import sharing
from rosters.handlers import roster as roster_handlers
from rosters.handlers.transfer import import_roster
from rosters.models import Character, Roster, RosterMember, ShareLink
from rosters.samples import sample_document
from rules.models import LibraryEntry, Ruleset
from rules.rulesets import playable_slugs
from tests.concurrency import at_the_same_moment, logged_in, postgres_only, said
from tests.rosters.hostile_files import EXAMPLES

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def png(colour):
    out = BytesIO()
    Image.new("RGB", (200, 260), colour).save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


@pytest.fixture
def league(player, pulp_alley):
    """Singapore Smith's league, its leader with a portrait and a house-rule ability."""
    document = sample_document("singapore-smith")
    document["characters"][0]["portrait"] = {"media_type": "image/png", "data": png((200, 40, 40))}
    document["house_rules"] = [
        {
            "kind": "ability",
            "slug": "lucky-hat",
            "name": "Lucky Hat",
            "level": 1,
            "summary": "Never loses the hat.",
            "page": None,
        }
    ]
    document["characters"][0]["profile"]["abilities"].append("lucky-hat")
    return import_roster(owner=player, document=document).roster


@pytest.fixture
def secret_roster(player, pulp_alley):
    document = sample_document("singapore-smith")
    document["name"] = "Secret Plans of the Owner"
    return import_roster(owner=player, document=document).roster


def share_url(player_client, league):
    response = player_client.post(f"/rosters/{league.pk}/share/")
    assert response.status_code == 302
    return f"/rosters/shared/{ShareLink.objects.get(roster=league).token}/"


def roster_file():
    content = (EXAMPLES / "captain-wolf.json").read_bytes()
    return SimpleUploadedFile("wolf.json", content, content_type="application/json")


def cards_pdf_url(url):
    """The shared roster's cards PDF, as its page links it."""
    return reverse("printing:shared_cards", args=[url.split("/")[3]])


def test_the_owner_makes_a_link_and_sees_it_on_the_roster_page(player_client, league):
    url = share_url(player_client, league)
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert url in page
    assert "Revoke the link" in page


def test_tokens_are_long_and_random(player_client, league):
    first = share_url(player_client, league)
    second = share_url(player_client, league)
    assert first != second
    assert len(second.split("/")[3]) >= 40
    # Sharing again replaces the old link: the first address stops working.
    assert Client().get(first).status_code == 404
    assert Client().get(second).status_code == 200


def test_a_visitor_sees_the_roster_its_report_and_its_cards(
    player_client, league, secret_roster, player
):
    url = share_url(player_client, league)
    visitor = Client()
    page = visitor.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert escape(league.name) in text
    assert "Singapore Smith" in text
    assert "Not legal" in text  # the extra house-rule ability is one too many
    assert "abilit" in text
    assert "Lucky Hat [house rule]" in text
    # Nothing else of the owner: not their name, other rosters, card ids or media files.
    assert player.username not in text
    assert secret_roster.name not in text
    assert "/media/" not in text
    assert not re.search(r"/rosters/\d+/|/cards/\d+/", text)
    assert cards_pdf_url(url) in text
    pdf = visitor.get(cards_pdf_url(url))
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    with pikepdf.open(BytesIO(pdf.content)) as document:
        images = [name for page in document.pages for name in page.get_images()]
    # Every character's card, and the leader's portrait printed on his.
    assert images, "the shared cards carry the portrait"


def test_the_owner_only_manages_the_link(player_client, league, rival):
    share_url(player_client, league)
    other = Client()
    other.force_login(rival)
    assert other.post(f"/rosters/{league.pk}/share/").status_code == 404
    assert other.post(f"/rosters/{league.pk}/share/revoke/").status_code == 404
    assert ShareLink.objects.filter(roster=league).count() == 1
    assert other.get(f"/rosters/{league.pk}/share/").status_code == 405


def test_writes_need_the_csrf_token(player, league):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    assert strict.post(f"/rosters/{league.pk}/share/").status_code == 403
    assert not ShareLink.objects.exists()


def copied_rosters(owner):
    return Roster.objects.filter(owner=owner)


@pytest.mark.parametrize("who", ["visitor", "rival"])
def test_a_visitor_or_another_player_copies_it_with_cards_and_portraits(
    who, player_client, league, rival
):
    url = share_url(player_client, league)
    client = Client()
    if who == "rival":
        client.force_login(rival)
    response = client.post(url + "copy/")
    assert response.status_code == 302
    owner = rival if who == "rival" else Roster.objects.exclude(owner=league.owner).get().owner
    assert who == "rival" or owner.is_guest
    copy = copied_rosters(owner).get()
    assert response["Location"] == f"/rosters/{copy.pk}/"
    assert copy.name == league.name
    cards = Character.objects.filter(owner=owner)
    assert cards.count() == league.members.count()
    leader = cards.get(name="Singapore Smith")
    assert leader.portrait and leader.portrait_print
    assert leader.portrait.name != league.members.first().character.portrait.name
    # The house rule travels into the copier's own library, not shared with the owner's.
    assert LibraryEntry.objects.get(owner=owner, slug="lucky-hat").name == "Lucky Hat"
    # The original is untouched and still the owner's alone.
    assert Roster.objects.get(pk=league.pk).owner == league.owner


def test_a_revoked_link_answers_404_everywhere(player_client, league):
    url = share_url(player_client, league)
    assert player_client.post(f"/rosters/{league.pk}/share/revoke/").status_code == 302
    visitor = Client()
    for path in (url, cards_pdf_url(url)):
        assert visitor.get(path).status_code == 404
    assert visitor.post(url + "copy/").status_code == 404
    assert not Roster.objects.exclude(owner=league.owner).exists()
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "Make a read-only share link" in page


def test_a_made_up_token_is_404():
    assert Client().get("/rosters/shared/not-a-token/").status_code == 404


def test_a_deleted_roster_is_shared_no_more(player_client, league):
    url = share_url(player_client, league)
    assert player_client.post(f"/rosters/{league.pk}/delete/").status_code == 302
    assert Client().get(url).status_code == 404
    assert Client().post(url + "copy/").status_code == 404


def shared_link(roster):
    return roster_handlers.share_roster(roster=roster).link.token


@pytest.mark.parametrize("ruleset", playable_slugs())
def test_a_shared_roster_with_no_characters_says_it_has_no_cards_to_print(
    player, ruleset, rules_data, no_drawing
):
    roster = Roster.objects.create(
        owner=player, ruleset=Ruleset.objects.get(slug=ruleset), name="Not Yet Cast"
    )
    token = shared_link(roster)
    visitor = Client()
    response = visitor.get(reverse("printing:shared_cards", args=[token]))
    assert response.status_code == 404
    said = "This roster has no characters yet, so there are no cards to print."
    assert said in response.content.decode()
    assert reverse("rosters:shared", args=[token]) in response.content.decode()
    page = visitor.get(reverse("rosters:shared", args=[token])).content.decode()
    assert said in page
    assert reverse("printing:shared_cards", args=[token]) not in page


def test_a_shared_roster_above_the_interactive_size_is_not_drawn_and_says_what_to_do(
    player, pulp_alley, no_drawing
):
    from config.limits import PRINT_INTERACTIVE_CARDS

    smith = sample_document("singapore-smith")["characters"][0]
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Everybody")
    cast = Character.objects.bulk_create(
        Character(
            owner=player,
            ruleset=pulp_alley,
            character_type=smith["type"],
            name=f"Smith {number}",
            profile=smith["profile"],
        )
        for number in range(PRINT_INTERACTIVE_CARDS + 1)
    )
    RosterMember.objects.bulk_create(
        RosterMember(roster=roster, character=character, position=position)
        for position, character in enumerate(cast)
    )
    token = shared_link(roster)
    visitor = Client()
    response = visitor.get(reverse("printing:shared_cards", args=[token]))
    assert response.status_code == 400
    said = (
        f"This roster has {PRINT_INTERACTIVE_CARDS + 1} characters: a share link prints at "
        f"most {PRINT_INTERACTIVE_CARDS} cards while you wait. Copy it to your rosters and "
        "print it from there, or ask its owner for the PDF."
    )
    assert said in response.content.decode()
    page = visitor.get(reverse("rosters:shared", args=[token])).content.decode()
    assert said in page
    assert reverse("printing:shared_cards", args=[token]) not in page


def test_a_visitor_fetching_the_shared_cards_again_and_again_is_stopped_at_the_pdf_rate(
    player_client, league, monkeypatch
):
    monkeypatch.setattr(limits, "PDF_RATE", "1/m")
    url = cards_pdf_url(share_url(player_client, league))
    visitor = Client()
    assert visitor.get(url)["Content-Type"] == "application/pdf"
    refused = visitor.get(url)
    assert refused.status_code == 429
    assert "Too many tries" in refused.content.decode()


def test_copies_and_imports_past_the_rate_get_a_wait_page_and_make_nothing(
    player_client, league, rival, monkeypatch
):
    """Issue 22: 80 copies or imports in 6 s. Copying, importing and starting from a sample
    all make a whole roster with its portraits, so they share one count per player."""
    monkeypatch.setattr(limits, "IMPORT_RATE", "2/m")
    url = share_url(player_client, league)
    assert player_client.post(url + "copy/").status_code == 302
    assert player_client.post("/rosters/samples/captain-wolf/start/").status_code == 302
    before = (Roster.objects.count(), Character.objects.count(), LibraryEntry.objects.count())
    refused = [
        player_client.post(url + "copy/"),
        player_client.post("/rosters/samples/captain-wolf/start/"),
        player_client.post("/rosters/import/", {"file": roster_file()}),
    ]
    assert [response.status_code for response in refused] == [429, 429, 429]
    assert "sent too many times in a short while" in refused[2].content.decode()
    assert (
        Roster.objects.count(),
        Character.objects.count(),
        LibraryEntry.objects.count(),
    ) == before
    # The import page itself still opens, and another player's count is their own.
    assert player_client.get("/rosters/import/").status_code == 200
    other = Client()
    other.force_login(rival)
    assert other.post(url + "copy/").status_code == 302


def test_a_visitor_past_the_rate_is_not_even_made_a_guest(league, monkeypatch):
    monkeypatch.setattr(limits, "IMPORT_RATE", "1/m")
    url = f"/rosters/shared/{roster_handlers.share_roster(roster=league).link.token}/copy/"
    assert Client().post(url).status_code == 302
    users = get_user_model().objects.count()
    assert Client().post(url).status_code == 429
    assert get_user_model().objects.count() == users


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_sharing_and_revoking_at_once_always_answer_and_leave_one_link_or_none(player, pulp_alley):
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Busy League")
    share, revoke = f"/rosters/{roster.pk}/share/", f"/rosters/{roster.pk}/share/revoke/"
    for attempt in range(6):
        clients = [logged_in(player) for _ in range(4)]
        urls = (share, share, revoke, share) if attempt % 2 else (share, revoke, share, revoke)
        responses = at_the_same_moment(
            *((c, url, {}) for c, url in zip(clients, urls, strict=True))
        )
        assert [r.status_code for r in responses] == [302] * 4, f"try {attempt + 1}"
        assert all(len(said(r)) == 1 for r in responses)
        links = list(ShareLink.objects.filter(roster=roster))
        assert len(links) <= 1
        if links:
            assert Client().get(f"/rosters/shared/{links[0].token}/").status_code == 200


def test_restoring_a_deleted_roster_keeps_its_link_revoked(player_client, league):
    url = share_url(player_client, league)
    player_client.post(f"/rosters/{league.pk}/delete/")
    assert player_client.post(f"/rosters/{league.pk}/restore/").status_code == 302
    assert player_client.get(f"/rosters/{league.pk}/").status_code == 200
    assert Client().get(url).status_code == 404
    assert Client().get(cards_pdf_url(url)).status_code == 404
    assert not ShareLink.objects.filter(roster=league).exists()
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert "Make a read-only share link" in page


def token_of(url):
    return url.split("/")[3]


@pytest.mark.parametrize("tail", ["", "copy/", "nothing-here/"])
def test_a_missing_shared_page_logs_its_address_without_the_token(
    player_client, league, caplog, tail
):
    url = share_url(player_client, league)
    player_client.post(f"/rosters/{league.pk}/share/revoke/")
    with caplog.at_level(logging.INFO):
        Client().get(url + tail)
        Client().get(cards_pdf_url(url))
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "Not Found" in logged and "/rosters/shared/" in logged
    assert token_of(url) not in logged


def test_a_failing_shared_page_logs_no_token(player_client, league, caplog, monkeypatch):
    url = share_url(player_client, league)

    def broken(roster):
        raise RuntimeError("the export broke")

    monkeypatch.setattr(sharing, "shared_document", broken)
    with caplog.at_level(logging.INFO):
        response = Client(raise_request_exception=False).get(url)
    assert response.status_code == 500
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "Internal Server Error" in logged and "/rosters/shared/" in logged
    assert token_of(url) not in logged


def test_the_shared_page_shows_the_perks_the_league_chose(player_client, client, league):
    """A perk costs slots: without it the shared page's slots would not add up."""
    Roster.objects.filter(pk=league.pk).update(choices={"perks": ["company-of-heroes"]})
    owner_page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    page = client.get(share_url(player_client, league)).content.decode()
    perks = re.search(r'<section class="chosen">(.*?)</section>', page, re.S)
    assert perks and "Company of Heroes" in perks.group(1)
    slots = re.compile(r'<p class="meter-label"><strong[^>]*>([^<]*)</strong>')
    assert slots.search(page).group(1) == slots.search(owner_page).group(1)


def test_the_shared_page_shows_each_card_with_its_portrait_through_the_link_only(
    player_client, client, league
):
    """The shared page shows the cards: each character's printed values and its portrait as
    it prints, fetched through the link (never the owner's card addresses), gone once the
    link is revoked."""
    url = share_url(player_client, league)
    page = client.get(url).content.decode()
    members = list(league.members.order_by("position"))
    smith = members[0].character
    smith.refresh_from_db()
    assert smith.portrait_print  # the leader's picture, cut for the card
    thumbs = re.findall(r'<img class="thumb" src="([^"]+)"', page)
    token = url.rstrip("/").rsplit("/", 1)[-1]
    through_link = reverse("cards:shared_portrait", args=[token, 1])
    assert len(thumbs) == 1 and thumbs[0].split("?")[0] == through_link
    assert reverse("cards:thumbnail", args=[smith.pk]) not in page
    picture = client.get(thumbs[0])
    assert picture.status_code == 200 and picture["Content-Type"] == "image/jpeg"
    assert Image.open(BytesIO(picture.content)).size == (80, 100)
    # The others have no portrait: an empty frame each, and no address to ask.
    assert page.count('<span class="thumb none"') == len(members) - 1
    assert client.get(f"{url}portraits/2.jpg").status_code == 404
    assert client.get(f"{url}portraits/{len(members) + 1}.jpg").status_code == 404
    # Each card's values as it prints them: Arge's Fierce is in his Brawl.
    lines = re.findall(r'<p class="profile-line">([^<]*)</p>', page)
    assert len(lines) == len(members) and "Brawl 4d8" in lines[1]
    player_client.post(f"/rosters/{league.pk}/share/revoke/")
    assert client.get(thumbs[0]).status_code == 404
