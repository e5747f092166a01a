"""Campaign events as the league page's forms send them, and undo as the timeline's button
does it: naming the entry it shows, the latest."""

from rosters.handlers import campaign


def record_result(*, roster, result):
    return campaign.record_event(roster=roster, event="result", **result)


def learn_ability(*, roster, character, ability):
    return campaign.record_event(
        roster=roster, event="learn", character=character.pk, ability=ability
    )


def harrowing_escape(*, roster, character_id, roll):
    return campaign.record_event(
        roster=roster, event="escape", character_id=character_id, roll=roll
    )


def latest_id(roster):
    latest = roster.campaign_entries.first()
    return latest.pk if latest else None


def undo_latest(roster):
    return campaign.undo(roster=roster, entry_id=latest_id(roster))


def press_undo(client, roster, **options):
    """The Undo button's post, for the entry on top of the timeline."""
    url = f"/rosters/{roster.pk}/campaign/undo/"
    return client.post(url, {"entry": latest_id(roster) or ""}, **options)
