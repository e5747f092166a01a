"""One handler per player action on rosters and cards: views (and the command line, and the
cards app) call these, never the writes beneath them. A handler takes keyword-only arguments,
runs in one transaction, returns a frozen result and never sees the request; the rules that
gate a change (a league that has played changes its line-up only as its book lets it) live
here, so every path to a change meets them. The raw writes are `rosters/handlers/_writes.py`,
private to this package (tests/test_boundaries.py holds everyone else to that).

Areas: `members` (who is in a roster, in what role and order), `roster` (its name, settings,
choices, bin and share link), `cards` (My Cards), `campaign` (any game's events between
games, and undo), `transfer` (import, copy from a share link, start from a sample force). A
new action is one more function with `@handler` in its area's module."""
