"""What a game's tracker tracks, one shape for every game: each game's
rules/games/<game>/play.py gives `tracks(force)`, the Tracks of one side's force (its models'
and its own), read from the models' printed profiles as the seat froze them, so a tracker
never disagrees with the card; `play.state` and `play.handlers` read nothing else. Both
sides' tracks() return the game's own tracks (the round) alike; the game keeps one."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Track:
    """One value players change during a game. `target` names it in the log ("m3.health",
    "side1.plot_points", "round"); the value is a whole number from `minimum` to `maximum` in
    steps of `step` from `minimum`, starting at `start`. `page` is where the book says so
    (a page number or a section name); `set_by_players` says the book gives no number here,
    so players set it as they agree. `shown_as` tells a page how to show the number: "number",
    "die" (sides: 10 is d10), "flag" (0 no, 1 yes), "halves" (the number counts half
    points: 3 is 1½), or "choice" with `choices` naming each value from `minimum`."""

    target: str
    label: str
    minimum: int
    maximum: int
    start: int
    step: int = 1
    page: str = ""
    set_by_players: bool = False
    shown_as: str = "number"
    choices: tuple[str, ...] = ()

    @property
    def whole_game(self):
        """A track of the game, not of one side ("round"): named without a dot, where a
        side's are "side1.…" and a model's "m3.…"."""
        return "." not in self.target

    def refusal(self, value):
        """Why `value` cannot be this track's value, or "" when it can."""
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{self.label} takes a whole number."
        if not self.minimum <= value <= self.maximum:
            return f"{self.label} runs from {self.minimum} to {self.maximum}, not {value}."
        if (value - self.minimum) % self.step:
            return f"{self.label} moves in steps of {self.step} from {self.minimum}."
        return ""
