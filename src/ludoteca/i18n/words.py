"""The games' own words: suits, bot levels, phases, directions, Cavaleiro's rolls.

Each table maps a value a view or a record holds (a suit number, a level, a
phase) to its English message, marked for the catalogs; :class:`Words`
translates them into one language.

>>> words = Words("pt")
>>> words.level("expert"), words.suit(5), words.phase("texas42", "bid")
('especialista', 'cincos', 'leilão')
>>> words.bot(2, "greedy")
'Robô 3 (guloso)'
>>> Words("en").roll([2, 5, 3])
'two pairs, 5s and 3s'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import NP_, Texts, texts

__all__ = ["ABOUT", "GAME_TITLES", "LEVELS", "OPTION_LABELS", "Words"]

GAME_TITLES: dict[str, str] = {
    "texas42": "Texas 42",
    "fiveup": "Five-Up",
    "bingo": "Bingo",
    "cavaleiro": "Cavaleiro",
}
"""The games' names, the same in every language."""

LEVELS: dict[str, str] = {
    "random": NP_("bot level", "random"),
    "greedy": NP_("bot level", "greedy"),
    "expert": NP_("bot level", "expert"),
}

SUITS: tuple[str, ...] = (
    NP_("suit", "blanks"),
    NP_("suit", "ones"),
    NP_("suit", "twos"),
    NP_("suit", "threes"),
    NP_("suit", "fours"),
    NP_("suit", "fives"),
    NP_("suit", "sixes"),
)
DOUBLES = NP_("suit", "doubles")

PHASES: dict[str, str] = {
    "deal": NP_("phase", "deal"),
    "bid": NP_("phase", "bidding"),
    "trump": NP_("phase", "naming trump"),
    "lead": NP_("phase", "lead"),
    "reply": NP_("phase", "reply"),
    "take": NP_("phase", "taking the last tile"),
    "order": NP_("phase", "rolling for order"),
    "roll": NP_("phase", "rolling"),
    "remove": NP_("phase", "removing sticks"),
    "over": NP_("phase", "over"),
}
"""The games' phases by the name their cores give them, said alike in every game
(context ``phase``), but for :data:`GAME_PHASES`."""

GAME_PHASES: dict[tuple[str, str], str] = {
    ("texas42", "play"): NP_("phase", "playing tricks"),
    ("fiveup", "play"): NP_("phase", "play"),
}
"""The phases a game says its own way (context ``phase``)."""

DRAW_PHASES: dict[str, str] = {
    "texas42": NP_("Texas 42 phase", "draw for the dealer"),
    "bingo": NP_("Bingo phase", "draw for the lead"),
    "fiveup": NP_("Five-Up phase", "draw for the lead"),
}
"""Each game's draw (for the first dealer or leader), its context the game's title and
``phase``."""

OPTION_LABELS: dict[tuple[str, str], str] = {
    ("texas42", "scoring"): NP_("texas42", "Scoring"),
    ("texas42", "scoring.marks"): NP_("texas42", "marks, to 7"),
    ("texas42", "scoring.points"): NP_("texas42", "points, to 250"),
    ("texas42", "all_pass"): NP_("texas42", "If all pass"),
    ("texas42", "all_pass.redeal"): NP_("texas42", "redeal"),
    ("texas42", "all_pass.forced"): NP_("texas42", "the dealer must bid"),
    ("texas42", "play_out"): NP_("texas42", "Play every trick even once the hand is decided"),
    ("texas42", "nello"): NP_("texas42", "Allow nello"),
    ("texas42", "plunge"): NP_("texas42", "Allow the plunge (four doubles)"),
    ("texas42", "splash"): NP_("texas42", "Allow the splash (three doubles)"),
    ("texas42", "sevens"): NP_("texas42", "Allow sevens"),
    ("bingo", "blanks_as_seven"): NP_("bingo", "Blanks count as seven (the classic Hoyle rule)"),
    ("cavaleiro", "players"): NP_("cavaleiro", "Players"),
    ("cavaleiro", "layout"): NP_("cavaleiro", "Figure (e.g. 3x3x3+3)"),
    ("fiveup", "players"): NP_("fiveup", "Players"),
    ("fiveup", "target"): NP_("fiveup", "Points to win"),
    ("fiveup", "exact_61"): NP_("fiveup", "The target must be reached exactly"),
    ("fiveup", "later_lead"): NP_("fiveup", "Who leads later hands"),
    ("fiveup", "later_lead.winner"): NP_("fiveup", "whoever went out"),
    ("fiveup", "later_lead.clockwise"): NP_("fiveup", "in turn, clockwise"),
}
"""How the table form names each game's options (``option``) and their choices
(``option.value``), in the game's own words."""

ABOUT: dict[str, str] = {
    "texas42": NP_(
        "texas42", "4 players in two teams · about 30 minutes · tricks and bids with dominoes"
    ),
    "fiveup": NP_(
        "fiveup", "2 to 4 players · about 20 minutes · dominoes scoring the open ends in fives"
    ),
    "bingo": NP_(
        "bingo", "2 players · about 15 minutes · tricks with dominoes, a stock and trumps"
    ),
    "cavaleiro": NP_(
        "cavaleiro",
        "2 to 8 players · about 10 minutes · a dice race to take apart a figure of matchsticks",
    ),
}
"""What each game is, in a line: players, length and kind."""

DIRECTIONS: dict[str, str] = {
    "north": NP_("direction", "north"),
    "south": NP_("direction", "south"),
    "east": NP_("direction", "east"),
    "west": NP_("direction", "west"),
    "left": NP_("direction", "left"),
    "right": NP_("direction", "right"),
    "up": NP_("direction", "up"),
    "down": NP_("direction", "down"),
}

REMOVALS: dict[str, str] = {
    "one vertical": NP_("removal", "one vertical"),
    "1 or 2 verticals of one column": NP_("removal", "1 or 2 verticals of one column"),
    "1, 2 or 3 verticals of one column": NP_("removal", "1, 2 or 3 verticals of one column"),
    "one horizontal, or everything left in one column": NP_(
        "removal", "one horizontal, or everything left in one column"
    ),
    "all the remaining horizontals": NP_(
        "removal",
        "all the remaining horizontals, or all the verticals of one intact block "
        "(the remaining verticals of one block when no block is intact)",
    ),
}


REMOVAL_CODES: dict[tuple[str, int], str] = {
    ("column_up_to", 1): REMOVALS["one vertical"],
    ("column_up_to", 2): REMOVALS["1 or 2 verticals of one column"],
    ("column_up_to", 3): REMOVALS["1, 2 or 3 verticals of one column"],
    ("column_or_horizontal", 0): REMOVALS["one horizontal, or everything left in one column"],
    ("block_or_horizontals", 0): REMOVALS["all the remaining horizontals"],
}
"""What a Cavaleiro roll allows to remove, by its code (and the most it takes from a column)."""


class Words:
    """The games' words in one language."""

    def __init__(self, lang: str | Texts) -> None:
        self.tx = lang if isinstance(lang, Texts) else texts(lang)

    def level(self, level: str) -> str:
        """A bot level (``expert``) in words; an unknown one as it is."""
        message = LEVELS.get(level)
        return self.tx.p_("bot level", message) if message else level

    def bot(self, seat: int, level: str) -> str:
        """A bot's name at a table: ``Robô 3 (especialista)`` for seat 2."""
        return self.tx._("Bot {n} ({level})", n=seat + 1, level=self.level(level))

    def option_label(self, game: str, option: str, value: Any = None) -> str:
        """An option of ``game`` (or one of its choices) as the table form names it."""
        key = option if value is None else f"{option}.{value}"
        message = OPTION_LABELS.get((game, key))
        if message is None:
            return option.replace("_", " ") if value is None else str(value)
        return self.tx.p_(game, message)

    def about(self, game: str) -> str:
        """What ``game`` is, in a line."""
        return self.tx.p_(game, ABOUT[game]) if game in ABOUT else ""

    def sticks(self, n: int) -> str:
        """Cavaleiro's sticks counted: ``1 palito``, ``30 palitos``."""
        return self.tx.np_("cavaleiro", "{n} stick", "{n} sticks", n)

    def horizontals(self, n: int) -> str:
        """Cavaleiro's horizontal sticks counted: ``3 horizontais``."""
        return self.tx.np_("cavaleiro", "{n} horizontal", "{n} horizontals", n)

    def seat_names(self, players: Sequence[str], seats: Sequence[str] | None = None) -> list[str]:
        """Who sat in each seat of a record (its ``players`` and ``seats``), named in this
        language: a bot by its level (``Robô 2 (especialista)``), a person by the name
        they gave, or ``Jogador 3`` when they gave none (records keep no word of the
        language they were played in)."""
        from .ui import ui

        out = []
        for i, name in enumerate(players):
            kind = seats[i] if seats is not None and i < len(seats) else "human"
            if kind != "human":
                out.append(self.bot(i, kind))
            else:
                out.append(name or ui("player", self.tx, n=i + 1))
        return out

    def free_seat(self, seat: int) -> str:
        """A seat waiting for its player: ``Lugar 2 (livre)`` for seat 1."""
        return self.tx._("Seat {n} (free)", n=seat + 1)

    def suit(self, suit: int | str) -> str:
        """A suit (a number 0–6, or ``doubles``) in words."""
        if str(suit) == "doubles":
            return self.tx.p_("suit", DOUBLES)
        return self.tx.p_("suit", SUITS[int(suit)])

    def phase(self, game: str, phase: str) -> str:
        """A phase of ``game`` (named as its core names it) in words."""
        if phase == "draw" and game in DRAW_PHASES:
            return self.tx.p_(f"{GAME_TITLES[game]} phase", DRAW_PHASES[game])
        message = GAME_PHASES.get((game, phase)) or PHASES.get(phase)
        if message is None:
            return phase
        return self.tx.p_("phase", message)

    def direction(self, direction: str) -> str:
        message = DIRECTIONS.get(direction)
        return self.tx.p_("direction", message) if message else direction

    def removal(self, allowed: str) -> str:
        """What a Cavaleiro roll allows to remove, in words."""
        for start, message in REMOVALS.items():
            if allowed == start or allowed.startswith(start):
                return self.tx.p_("removal", message)
        return allowed

    def removal_code(self, allows: Mapping[str, Any]) -> str:
        """What a Cavaleiro roll allows to remove, from its code (``{"code": "column_up_to",
        "max": 2}``): ``1 ou 2 verticais de uma coluna``."""
        message = REMOVAL_CODES.get((str(allows.get("code")), int(allows.get("max") or 0)))
        return self.tx.p_("removal", message) if message else str(allows.get("code"))

    def roll(self, key: Sequence[int]) -> str:
        """A Cavaleiro roll by its kind, from its ranking key (the kind, then the numbers)."""
        kind = key[0]
        if kind == 4:
            return self.tx._("four {a}s", a=key[1])
        if kind == 3:
            return self.tx._("three {a}s", a=key[1])
        if kind == 2:
            return self.tx._("two pairs, {a}s and {b}s", a=key[1], b=key[2])
        if kind == 1:
            return self.tx._("a pair of {a}s", a=key[1])
        return self.tx._("nothing ({dice})", dice=" ".join(str(d) for d in key[1:]))
