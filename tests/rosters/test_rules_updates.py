"""A change to a game's rules data, made on a copy of its fixtures, is a new version: each
saved roster shows what it changes for it (engines on the old and the new data), keeps a
removed pick as a legacy entry that still prints, and changes nothing until its player
accepts."""

import json
import shutil
from io import StringIO

import pytest
import yaml
from django.core.management import call_command
from django.test import Client

from cards.printing import codes
from cards.printing.sources import roster_cards
from rosters import selectors, updates
from rosters.handlers.transfer import import_roster, start_from_sample
from rosters.handlers.updates import accept_update
from rosters.models import Character, Roster
from rosters.transfer import export_roster
from rules.data_versions import latest_number
from rules.fixture_folder import CHANGELOG_FILE, FIXTURES_DIR
from rules.loading import load_rules
from rules.models import DataVersion, Ruleset
from tests.cards.pdf_reading import read

pytestmark = pytest.mark.django_db

# Per game: a book sample, the file edited, the entry taken out, the one changed (field, to),
# and what the roster's update report must then say besides.
GAMES = {
    "pulp-alley": (
        "captain-wolf",
        "abilities.yaml",
        ("ability", "marksman", "Marksman"),
        ("crafty", "level", 3),
        ("Captain Wolf", "Shoot", "4d10", "3d10"),
    ),
    "7tv": (
        "7tv-claire",
        "profiles.yaml",
        ("profile", "security-guard", "Security Guard"),
        ("commander", "cost", 4),
        ("Commander", "Cost", "3", "4"),
    ),
    "pulp-city": (
        "pulp-city-starter-box",
        "resources.yaml",
        ("resource", "hired-guns", "Hired Guns"),
        ("heroic-call", "level", 2),
        None,
    ),
    "pulp-fiction": (
        "pulp-fiction-heroes",
        "traits.yaml",
        ("trait", "sneaky", "Sneaky"),
        ("leader", "summary", "Leads the band."),
        ("Sparky", "Abilities", "Sneaky, Hide", "Hide"),
    ),
}
NOTE = {"id": "test-note", "what": "Took one entry out.", "why": "A test.", "page": 9}


def updated_game(tmp_path, slug):
    """Load a copy of the game's fixtures with GAMES' entry removed and one changed, and a
    changelog note saying so; the new version it makes."""
    _, file, (_, gone, _), (changed, field, value), _ = GAMES[slug]
    folder = tmp_path / slug
    shutil.copytree(FIXTURES_DIR / slug, folder)
    path = folder / file
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    document["entries"] = [entry for entry in document["entries"] if entry["slug"] != gone]
    for entry in document["entries"]:
        if entry["slug"] == changed:
            entry[field] = value
    path.write_text(yaml.safe_dump(document), encoding="utf-8")
    notes = yaml.safe_load((folder / CHANGELOG_FILE).read_text(encoding="utf-8"))
    (folder / CHANGELOG_FILE).write_text(yaml.safe_dump([*notes, NOTE]), encoding="utf-8")
    (version,) = load_rules(tmp_path).versions
    return version


def saved_sample(player, slug):
    return start_from_sample(owner=player, slug=GAMES[slug][0]).roster


def reading_of(roster, player):
    roster = Roster.objects.select_related("ruleset").get(pk=roster.pk)
    return updates.reading(roster, selectors.members_of(roster), player)


@pytest.mark.parametrize("slug", GAMES)
def test_a_data_change_is_each_rosters_own_update_report(slug, player, rules_data, tmp_path):
    roster = saved_sample(player, slug)
    before = roster.rules_version
    version = updated_game(tmp_path, slug)
    _, _, (kind, gone, name), (changed, field, _), card = GAMES[slug]
    assert version.number == before + 1
    assert version.notes == [NOTE]  # the earlier notes went with earlier versions
    assert version.changes["removed"] == [{"kind": kind, "slug": gone, "name": name}]
    entries = [row for row in version.changes["changed"] if row["kind"] != "deck"]
    assert [(row["slug"], row["fields"]) for row in entries] == [(changed, [field])]

    read = reading_of(roster, player)
    update = read.update
    assert (read.checked, read.latest, update.since, update.to) == (before, before + 1) * 2
    # Until the player accepts, the roster is read by its old version: nothing changed yet.
    assert read.rules.entry(kind, gone) is not None and read.legacy == ()
    picks = {pick.slug: pick for pick in update.picks}
    assert picks[gone].words == f"no longer in the rules data (removed in v{version.number})"
    assert picks[changed].fields == (field,)
    # The engines read the legacy pick on the new data as a finding, not a crash.
    assert any(gone in finding.message for finding in update.new_findings)
    assert ("Legal", "yes", "no") in {(c.what, c.before, c.after) for c in update.force}
    if card:
        who, what, old, new = card
        changes = {c.name: c.changes for c in update.characters}
        assert (what, old, new) in {(c.what, c.before, c.after) for c in changes[who]}

    # Accepted, the removed pick stays as a legacy entry: read, in the file, and printed.
    accept_update(roster=roster, to=version.number)
    roster = Roster.objects.select_related("ruleset").get(pk=roster.pk)
    read = reading_of(roster, player)
    assert (read.update, [(pick.kind, pick.slug) for pick in read.legacy]) == (None, [(kind, gone)])
    assert gone in json.dumps(export_roster(roster=roster))
    printed = roster_cards(player, roster.pk, {})
    assert printed.skipped == [] and len(printed.faces) == len(selectors.members_of(roster))


def test_the_page_shows_the_update_and_accepting_keeps_the_removed_pick_as_legacy(
    player, player_client, rules_data, tmp_path
):
    roster = saved_sample(player, "pulp-alley")
    version = updated_game(tmp_path, "pulp-alley")
    page = player_client.get(f"/rosters/{roster.pk}/").content.decode()
    assert f"Rules update: version {version.number - 1} → {version.number}" in page
    assert "Shoot 4d10 → 3d10" in page
    # The cards in sleeves the update makes wrong, by name (the Print page names them by code).
    stale = page.partition("Printed cards that now read differently: ")[2].partition("</p>")[0]
    assert "Captain Wolf" in stale
    assert f"no longer in the rules data (removed in v{version.number})" in page

    accepted = player_client.post(
        f"/rosters/{roster.pk}/update/accept/", {"to": version.number}, follow=True
    )
    roster.refresh_from_db()
    assert roster.rules_version == version.number
    page = accepted.content.decode()
    assert "Rules update:" not in page
    assert "Legacy entries" in page and "Marksman" in page
    assert [pick.slug for pick in reading_of(roster, player).legacy] == ["marksman"]
    # The legacy pick stays on Captain Wolf's card, which still prints.
    wolf = roster.members.get(character__name="Captain Wolf").character
    assert "marksman" in wolf.profile["abilities"]
    Character.objects.filter(pk=wolf.pk).update(marked_for_print=True)
    pdf = player_client.get("/print/cards.pdf?source=cards")
    assert (pdf.status_code, pdf["Content-Type"]) == (200, "application/pdf")
    text = read(pdf.content).pages[0].extract_text()
    assert "CAPTAIN WOLF" in text.upper() and "Marksman" in text


def test_keeping_the_old_reading_keeps_the_old_version_until_accepted(
    player, player_client, rules_data, tmp_path
):
    roster = saved_sample(player, "pulp-alley")
    version = updated_game(tmp_path, "pulp-alley")
    player_client.post(f"/rosters/{roster.pk}/update/put-off/")
    roster.refresh_from_db()
    assert (roster.rules_version, roster.update_put_off) == (version.number - 1, version.number)
    read = reading_of(roster, player)
    assert read.put_off and read.rules.entry("ability", "crafty")["level"] == 2
    page = player_client.get(f"/rosters/{roster.pk}/").content.decode()
    # The old reading: Marksman is still in the data, and still gives its Shoot die.
    assert "Legacy entries" not in page and "4d10" in page
    assert "Keep the old reading" not in page and f"Accept version {version.number}" in page
    # The roster list reads it so too: still legal, as it was before the update.
    assert roster.name in player_client.get("/rosters/?legality=legal").content.decode()


def printed_codes(player, roster):
    return {face.title: codes.code_of(face) for face in roster_cards(player, roster.pk, {}).faces}


def test_until_accepted_its_prints_builder_and_file_read_the_kept_version(
    player, player_client, rules_data, tmp_path
):
    """Nothing reads the roster by the new data behind its player's back: what prints, what
    the builder lets them pick and what its file says stay the old version's (the Print page
    says so and links to the report) until they accept; then all move together."""
    roster = saved_sample(player, "7tv")
    held = printed_codes(player, roster)
    version = updated_game(tmp_path, "7tv")
    roster = Roster.objects.select_related("ruleset").get(pk=roster.pk)
    assert selectors.book_of(roster, player) == reading_of(roster, player).rules
    assert printed_codes(player, roster) == held  # the cards in their sleeves stay current

    # No copies of any card: the page draws no preview (slow), and still says what it prints.
    none = {f"copies-{member.character_id}": 0 for member in selectors.members_of(roster)}
    page = player_client.get("/print/", {"source": f"roster-{roster.pk}", **none})
    page = page.content.decode()
    assert f"prints by version {version.number - 1} of the" in page
    assert f'href="/rosters/{roster.pk}/#rules-update"' in page
    assert f"Version {version.number} waits" in page
    document = export_roster(roster=roster)
    assert document["rules_version"] == version.number - 1
    # The builder offers the old version's profiles: the one the update removes among them.
    added = player_client.post(
        f"/rosters/{roster.pk}/profiles/", {"profile": "security-guard", "count": "1"}
    )
    assert added.status_code in (200, 302)
    assert roster.members.filter(character__name__icontains="Security Guard").exists()

    player_client.post(f"/rosters/{roster.pk}/update/accept/", {"to": version.number})
    roster = Roster.objects.select_related("ruleset").get(pk=roster.pk)
    now = printed_codes(player, roster)
    changed = {title for title in held if now.get(title) != held[title]}
    assert "Commander" in " ".join(changed)  # its cost is 4 now: that card reprints
    none = {f"copies-{member.character_id}": 0 for member in selectors.members_of(roster)}
    page = player_client.get("/print/", {"source": f"roster-{roster.pk}", **none})
    assert "prints by version" not in page.content.decode()
    refused = player_client.post(
        f"/rosters/{roster.pk}/profiles/", {"profile": "security-guard", "count": "1"}
    )
    assert refused.status_code == 404


def test_only_the_owner_answers_an_update_and_only_with_a_csrf_token(
    player, rival, rules_data, tmp_path
):
    roster = saved_sample(player, "pulp-fiction")
    version = updated_game(tmp_path, "pulp-fiction")
    others = Client()
    others.force_login(rival)
    for action in ("accept", "put-off"):
        address = f"/rosters/{roster.pk}/update/{action}/"
        assert others.post(address, {"to": version.number}).status_code == 404
        strict = Client(enforce_csrf_checks=True)
        strict.force_login(player)
        assert strict.post(address, {"to": version.number}).status_code == 403
    roster.refresh_from_db()
    assert (roster.rules_version, roster.update_put_off) == (version.number - 1, None)


def test_the_roster_file_carries_its_version_and_validate_since_prints_the_update(
    player, rules_data, tmp_path
):
    roster = saved_sample(player, "pulp-city")
    before = roster.rules_version
    document = export_roster(roster=Roster.objects.get(pk=roster.pk))
    assert document["rules_version"] == before
    version = updated_game(tmp_path / "data", "pulp-city")
    path = tmp_path / "team.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = StringIO()
    with pytest.raises(SystemExit):  # the legacy resource is an error: not legal
        call_command("roster", "validate", str(path), "--since", str(before), stdout=out)
    text = out.getvalue()
    assert f"v{before} → v{version.number}:" in text
    assert f"Hired Guns (resource): no longer in the rules data (removed in v{version.number})" in (
        text
    )
    # Imported back, the file is still read by its version, and shows its update.
    again = import_roster(owner=player, document=document).roster
    assert reading_of(again, player).update.to == version.number


def test_loading_the_same_data_again_makes_no_version(rules_data, tmp_path):
    shutil.copytree(FIXTURES_DIR / "pulp-fiction", tmp_path / "pulp-fiction")
    counted = DataVersion.objects.count()
    assert load_rules(tmp_path).versions == load_rules(tmp_path).versions == []
    assert DataVersion.objects.count() == counted
    assert latest_number(Ruleset.objects.get(slug="pulp-fiction")) == 1


def test_the_library_says_whats_new(client, rules_data, tmp_path):
    version = updated_game(tmp_path, "pulp-fiction")
    page = client.get("/rules/pulp-fiction/whats-new/").content.decode()
    assert f"Version {version.number}" in page
    assert NOTE["what"] in page and "Removed: <strong>Sneaky</strong>" in page
    assert "whats-new" in client.get("/rules/pulp-fiction/").content.decode()


def test_printing_a_file_reads_it_by_the_version_it_names(player, rules_data, tmp_path):
    """The command line prints a file from before an update as the site prints that roster
    until its player accepts: by the version the file names, and says so on stderr."""
    document = export_roster(roster=saved_sample(player, "7tv"))
    before = document["rules_version"]
    version = updated_game(tmp_path / "data", "7tv")  # the Commander costs 4 from now on
    path, out, said = tmp_path / "cast.json", tmp_path / "cards.pdf", StringIO()
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("roster", "print", str(path), "--out", str(out), stdout=StringIO(), stderr=said)
    assert out.stat().st_size > 0
    assert f"Read by version {before} of the 7TV rules data, as the file names" in said.getvalue()
    assert f"the latest is {version.number}" in said.getvalue()
    reading = updates.file_reading(document)
    assert (reading.version, reading.rules.entry("profile", "commander")["cost"]) == (before, 3)
    # A version this install does not keep, or none, is read by today's data.
    for named in (None, version.number + 5):
        reading = updates.file_reading({**document, "rules_version": named})
        assert (reading.version, reading.rules.entry("profile", "commander")["cost"]) == (
            version.number,
            4,
        )
