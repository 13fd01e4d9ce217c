"""The terminal table's state and who it is shown to, shared by the app's parts.

:class:`TableApp` holds the table, the language and what is on screen, and
answers who looks (the seat whose view is drawn), how the table is said to them
and how a move is said; :mod:`.actions` adds the keys and :mod:`.app` the
screen and the flow of play.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.widgets import Static

from ludoteca.i18n import Texts, texts
from ludoteca.i18n.ui import ui
from ludoteca.i18n.voice import Voice

from .boards import Board, Ctx, board_for
from .table import Table, seat_names

__all__ = ["TableApp"]


class TableApp(App[None]):
    """A table at the terminal: its state, who looks, and how it is said."""

    def __init__(
        self,
        table: Table,
        *,
        lang: str = "en",
        pace: float = 0.8,
        hints: bool = False,
    ) -> None:
        super().__init__()
        self.table = table
        self.hints = hints
        """A practice table: the expert's best move is said at every turn."""
        self.lang = lang
        self.pace = max(0.0, pace)
        self.board: Board = board_for(table.game.name)
        self.generation = 0
        self.revealed: int | None = None
        self.saved_at = len(table.game.moves)
        self.over_shown = False
        self.moves_shown: list[str] = []
        self.message_text = ""
        self.busy = False
        self.passing = False
        self.notation = False
        self.continued_at = -1
        """The move count of the last hand's end the player has seen out."""
        self.board_room = (0, 0)
        """The width and height the table was last drawn for."""
        self.side_width = 44
        """The width of the column beside the table (narrower on small terminals)."""

    # ------------------------------------------------------------ what the parts do

    def advance(self) -> None:
        """Redraw, then start whatever comes next (see :class:`~.app.PlayApp`)."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw the table again from the shown seat's view (see :class:`~.app.PlayApp`)."""
        raise NotImplementedError

    # ------------------------------------------------------------ who looks

    def shown_seat(self) -> int | None:
        """The seat whose view is on screen (``None``: the hands are all hidden)."""
        humans = self.table.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if self.table.hides_hands:
            return self.revealed
        acting = self.table.acting_seat()
        if acting is not None and acting in humans:
            return acting
        return self.revealed if self.revealed is not None else humans[0]

    def ctx(self) -> Ctx:
        me = self.shown_seat()
        humans = self.table.humans
        bottom = me if me is not None else (humans[0] if humans else 0)
        return Ctx(
            lang=self.lang, me=me, bottom=bottom, seats=self.table.seats, notation=self.notation
        )

    @property
    def tx(self) -> Texts:
        """The messages in the table's language."""
        return texts(self.lang)

    def refused(self, move: str, reason: str) -> str:
        """Why ``move`` (in words) may not be played."""
        return self.tx._("Not allowed ({move}): {reason}", move=move, reason=reason)

    def display_names(self) -> list[str]:
        """Player names in the current language (names the app gave are translated)."""
        names = self.table.names
        said = seat_names(self.table.seats, self.lang)
        if any(names == seat_names(self.table.seats, lang) for lang in ("pt", "en")):
            return said
        return [name or said[i] for i, name in enumerate(names)]  # a record names no one

    def voice(self, me: int | None) -> Voice:
        """How this table is said in its language, to the seat ``me``."""
        game = self.table.game
        return Voice.of(game.name, self.lang, self.display_names(), me, game.options)

    def my_turn(self) -> bool:
        step = self.table.next_step()
        if step not in ("human", "roll"):
            return False
        return self.table.acting_seat() == self.shown_seat() or not self.table.hides_hands

    def refuse_not_yours(self) -> None:
        step = self.table.next_step()
        if step == "over":
            self.say(self.tx._("The game is over: there are no more moves."))
            return
        seat = self.table.acting_seat()
        name = self.display_names()[seat] if seat is not None else "—"
        if step in ("bot", "chance"):
            self.say(self.tx._("Please wait: {name} is playing.", name=name))
        else:
            self.say(ui("not_your_turn", self.tx, name=name))

    def move_label(self, move: str) -> str:
        if move == "roll":
            return ui("roll_dice", self.tx)
        ctx = self.ctx()
        view = self.table.game.view(ctx.me)
        return self.board.label(view, move, ctx)

    def say(self, text: str) -> None:
        self.message_text = text
        for widget in self.query("#message"):
            if isinstance(widget, Static):
                widget.update(text)

    # ------------------------------------------------------------ time

    def from_thread(self, callback: Callable[..., None], *args: Any) -> None:
        """Run ``callback`` on the app's loop from a worker thread (not once the app has quit)."""
        with contextlib.suppress(RuntimeError):  # the app stopped while the thread was thinking
            self.call_from_thread(callback, *args)

    def later(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds (at once, but not re-entrantly, if none)."""
        if delay > 0.001:
            self.set_timer(delay, callback)
        else:
            self.call_later(callback)
