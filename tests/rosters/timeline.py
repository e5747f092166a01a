"""Undo as the timeline's button does it: naming the entry it shows, the latest."""

from rosters import campaigns


def latest_id(roster):
    latest = roster.campaign_entries.first()
    return latest.pk if latest else None


def undo_latest(roster):
    return campaigns.undo(roster=roster, entry_id=latest_id(roster))


def press_undo(client, roster, **options):
    """The Undo button's post, for the entry on top of the timeline."""
    url = f"/rosters/{roster.pk}/campaign/undo/"
    return client.post(url, {"entry": latest_id(roster) or ""}, **options)
