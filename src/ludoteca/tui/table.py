"""A table: one game, who sits in each seat, and how the game moves on.

This is the part of the terminal app that knows nothing of the screen: it
starts or resumes a game, says what happens next (a person's decision, a bot's,
a chance event), plays it, takes back a person's decision when every other seat
is a bot, and writes the record. It talks to the game only through the public
Game API.

>>> table = Table.new("texas42", ["human", "random", "random", "random"], seed=3, lang="en")
>>> table.names
['You', 'Bot 2 (random)', 'Bot 3 (random)', 'Bot 4 (random)']
>>> while table.next_step() != "human" and not table.game.is_over:
...     _ = table.step_auto()
>>> table.game.to_move
0
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from ludoteca import bots as bot_levels
from ludoteca.bots import Bot, choose_move, make_bot
from ludoteca.errors import InvalidOption, InvalidRecord
from ludoteca.game import Game
from ludoteca.i18n import LANGS, N_, texts
from ludoteca.i18n.ui import ui
from ludoteca.i18n.words import LEVELS as LEVEL_WORDS
from ludoteca.i18n.words import Words
from ludoteca.record import load_record, save_record
from ludoteca.registry import game_type, new_game

__all__ = ["HUMAN", "Step", "Table", "default_seats", "parse_seats"]

HUMAN = "human"
LEVELS = ("random", "greedy", "expert")

Step = Literal["human", "roll", "bot", "chance", "over"]

_SEAT_WORDS = {
    "human": HUMAN,
    "h": HUMAN,
    "humano": HUMAN,
    "person": HUMAN,
    "random": "random",
    "r": "random",
    "greedy": "greedy",
    "g": "greedy",
    "expert": "expert",
    "e": "expert",
}
_BOT_NAME = re.compile(r"\(([^()]+)\)$")
BOT_FALLBACK = N_("The {level} bot for this game is not built yet; the {fallback} bot plays.")


def seat_count(game: str, options: dict[str, Any]) -> int:
    """How many seats ``game`` has with ``options``."""
    return game_type(game, **options).num_seats


def strongest_level(game: str) -> str:
    """The strongest bot level built for ``game``."""
    levels = bot_levels.available_levels(game)
    return levels[-1] if levels else "random"


def default_seats(game: str, count: int) -> list[str]:
    """One person in seat 0 against the strongest bots (a bot partner in team games)."""
    return [HUMAN] + [strongest_level(game)] * (count - 1)


def parse_seats(spec: str) -> list[str]:
    """``"human,expert,greedy"`` (or ``h,e,g``) → the seats, one word per seat.

    >>> parse_seats("h, expert ,R")
    ['human', 'expert', 'random']
    """
    out = []
    for word in spec.split(","):
        key = word.strip().lower()
        if key not in _SEAT_WORDS:
            raise ValueError(
                f"{word.strip()!r} is not a seat: write human or a bot level "
                f"({', '.join(LEVELS)}), one per seat separated by commas"
            )
        out.append(_SEAT_WORDS[key])
    return out


def seats_from_names(names: Sequence[str]) -> list[str]:
    """The seats of a saved game without ``seats`` in its header, read from its player
    names (bots carry their level, in either language).

    >>> seats_from_names(["Ana", "Robô 2 (especialista)", "Bot 3 (greedy)"])
    ['human', 'expert', 'greedy']
    """
    levels = {Words(lang).level(level): level for lang in LANGS for level in LEVEL_WORDS}
    out = []
    for name in names:
        m = _BOT_NAME.search(name)
        out.append(levels.get(m.group(1), HUMAN) if m else HUMAN)
    return out


def seat_names(seats: Sequence[str], lang: str) -> list[str]:
    """Names for the seats: ``You`` for a lone person, ``Player N`` in hot-seat, bots by level."""
    tx = texts(lang)
    humans = sum(1 for s in seats if s == HUMAN)
    out = []
    for i, seat in enumerate(seats):
        if seat == HUMAN:
            out.append(ui("you", tx) if humans == 1 else ui("player", tx, n=i + 1))
        else:
            out.append(Words(tx).bot(i, seat))
    return out


class Table:
    """A game being played at a table of people and bots."""

    def __init__(self, game: Game, seats: Sequence[str], *, seed: int | None = None) -> None:
        if len(seats) != game.num_seats:
            raise InvalidOption(
                f"{game.title} with these options has {game.num_seats} seats, "
                f"but {len(seats)} were given ({', '.join(seats)})"
            )
        self.game = game
        self.seats = list(seats)
        self.seed = game.seed if seed is None else seed
        self.rng = random.Random(self.seed ^ 0x7AB1E)
        self.pending_chance: list[str] = []
        self.notices: list[tuple[str, dict[str, str]]] = []
        """Messages for the player, with the bot levels they name."""
        self.bots: dict[int, Bot] = {}
        for seat, kind in enumerate(self.seats):
            if kind == HUMAN:
                continue
            level = kind
            built = bot_levels.available_levels(game.name)
            if level not in built:
                fallback = built[-1] if built else "random"
                self.notices.append((BOT_FALLBACK, {"level": level, "fallback": fallback}))
                level = fallback
            self.bots[seat] = make_bot(game.name, level, seed=self.seed * 7919 + seat)

    # ------------------------------------------------------------ starting

    @classmethod
    def new(
        cls,
        game: str,
        seats: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        lang: str = "en",
        players: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Table:
        """A new game of ``game`` with these seats (default: one person against bots)."""
        opts = dict(options or {})
        specs = game_type(game).option_specs
        if seats is not None and players is None and "players" in specs and "players" not in opts:
            players = len(seats)
        if players is not None:
            if "players" not in specs:
                n = seat_count(game, opts)
                if players != n:
                    raise InvalidOption(f"{game} is played by {n} players, not {players}")
            else:
                opts["players"] = players
        count = seat_count(game, opts)
        seat_list = list(seats) if seats is not None else default_seats(game, count)
        if len(seat_list) != count:
            raise InvalidOption(
                f"{game} with these options has {count} seats, "
                f"but --seats gives {len(seat_list)}: {', '.join(seat_list)}"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        g = new_game(game, seed=seed, chance="manual", names=seat_names(seat_list, lang), **opts)
        return cls(g, seat_list, seed=seed)

    @classmethod
    def from_record(
        cls, record: dict[str, Any], seats: Sequence[str] | None = None, *, seed: int | None = None
    ) -> Table:
        """A saved game, replayed move by move, ready to go on."""
        g = _replay(record)
        if seats is None:
            seats = record.get("seats") or seats_from_names(record["players"])
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        table = cls(g, seats, seed=seed)
        table.rng = random.Random((seed ^ 0x7AB1E) + len(g))
        return table

    @classmethod
    def resume(
        cls, path: str | Path, seats: Sequence[str] | None = None, *, seed: int | None = None
    ) -> Table:
        """The game saved in ``path``, ready to go on."""
        return cls.from_record(load_record(path), seats, seed=seed)

    def rematch(self, lang: str) -> Table:
        """A new game at the same table: same game, options and seats, the next seed."""
        return Table.new(
            self.game.name,
            self.seats,
            seed=(self.seed + 1) % (1 << 31),
            lang=lang,
            options=dict(self.game.options),
        )

    # ------------------------------------------------------------ who plays

    @property
    def names(self) -> list[str]:
        return self.game.names

    @property
    def actors(self) -> list[int | str]:
        """Who made each move of the game: a seat, or ``"chance"``."""
        return [who for who, _ in self.game.history]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """More than one person shares the screen."""
        return len(self.humans) > 1

    @property
    def hides_hands(self) -> bool:
        """Whether a player's hand is hidden from the others (hot-seat hides it)."""
        return self.game.type.hidden_hands

    def roller(self) -> int | None:
        """The seat whose dice roll is the chance event due now (Cavaleiro), if any."""
        return self.game.to_roll

    def next_step(self) -> Step:
        """What happens next (:meth:`ludoteca.Game.next_step`), as the table plays it:
        a person's decision, a person's roll, a bot, chance (a bot's roll too), or
        the end."""
        step = self.game.next_step()
        if step.kind == "over":
            return "over"
        if step.seat is None:
            return "chance"
        if step.kind == "roll":
            return "roll" if self.seats[step.seat] == HUMAN else "chance"
        return "human" if self.seats[step.seat] == HUMAN else "bot"

    def acting_seat(self) -> int | None:
        """The seat acting now: the decider, or the player whose roll is due."""
        return self.game.next_step().seat

    # ------------------------------------------------------------ moves

    def play(self, move: str) -> None:
        """Play a decision (``IllegalMove`` if it is not allowed; nothing changes then)."""
        self.game.play(move)

    def play_chance(self) -> str:
        """Draw and play the chance event due now; return it.

        Events taken back by an undo come first, so an undo never redraws them.
        """
        while self.pending_chance:
            event = self.pending_chance.pop(0)
            try:
                self.game.play(event)
            except ValueError:
                self.pending_chance.clear()
                break
            return event
        event = self.game.sample_chance(self.rng)
        self.game.play(event)
        return event

    def bot_choice(self, game: Game | None = None) -> str:
        """The move of the bot to move now (not played); ``game`` defaults to this one."""
        g = self.game if game is None else game
        seat = g.to_move
        if not isinstance(seat, int) or seat not in self.bots:
            raise ValueError("no bot is to move now")
        bot = self.bots[seat]
        # the same position gets the same answer: an undo cannot be used to make a
        # bot think again until it plays a move the person likes better
        bot.rng.seed((self.seed * 1_000_003 + len(g)) * 8 + seat)
        return choose_move(bot, g)

    def step_auto(self) -> str:
        """Play the next bot decision or chance event; return it."""
        step = self.next_step()
        if step == "bot":
            move = self.bot_choice()
            self.play(move)
            return move
        if step in ("chance", "roll"):
            return self.play_chance()
        raise ValueError(f"the next step is {step}, not a bot's or chance's")

    # ------------------------------------------------------------ undo

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one person playing against bots only."""
        return len(self.humans) == 1

    def can_undo(self) -> bool:
        return self.undo_allowed and self._last_human_index() is not None

    def _last_human_index(self) -> int | None:
        humans = set(self.humans)
        for i in range(len(self.actors) - 1, -1, -1):
            who = self.actors[i]
            if isinstance(who, int) and who in humans:
                return i
        return None

    def undo(self) -> bool:
        """Take back the person's last decision and every move after it (``pop``).

        Chance events that were drawn after that decision are kept and come back
        in order. Return whether anything was taken back.
        """
        if not self.undo_allowed:
            return False
        index = self._last_human_index()
        if index is None:
            return False
        later_chance: list[str] = []
        actors = self.actors
        while len(self.game) > index:
            who = actors.pop()
            move = self.game.pop()
            if who == "chance":
                later_chance.insert(0, move)
        self.pending_chance = later_chance + self.pending_chance
        return True

    # ------------------------------------------------------------ records

    def save(self, path: str | Path) -> Path:
        """Write the game's ``ludoteca/1`` record, with who sits in each seat: a bare
        file name goes to the records folder in the user's data folder, a path where
        it says."""
        text = str(path)
        if isinstance(path, str) and "/" not in text and os.sep not in text and text != "~":
            p = records_folder() / text
            p.parent.mkdir(parents=True, exist_ok=True)
        else:
            p = Path(path).expanduser().resolve()
        # the seats say who sat where; the names are the apps' words, said when read
        save_record(self.game, p, players=[""] * len(self.seats), seats=self.seats)
        return p

    def default_save_name(self) -> str:
        return f"ludoteca-{self.game.name}-{self.seed}.json"


def records_folder() -> Path:
    """Where games are saved by name: ``records`` in the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("ludoteca", appauthor=False)) / "records"


def _replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from a record."""
    if not isinstance(record, dict) or not {"game", "options", "players", "moves"} <= set(record):
        raise InvalidRecord("a record is a JSON object with the game, options, players and moves")
    g = new_game(record["game"], chance="manual", names=record["players"], **record["options"])
    for i, move in enumerate(record["moves"], 1):
        try:
            g.play(move)
        except ValueError as e:
            raise InvalidRecord(f"move {i} of the record, {move!r}: {e}") from None
    return g
