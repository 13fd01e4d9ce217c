"""The terminal table: a Textual app to play any Ludoteca game against bots or in hot-seat.

The screen shows the table as the player to move knows it (the board, the
score panel with the log of moves, the hand), a list of the moves allowed now,
and a message line. Bots and chance play at a pace a person can follow.
Keys: ``h`` hint, ``r`` rules, ``u`` undo, ``s`` save, ``l`` language, ``o`` the moves
played in notation (or in words again), ``q`` quit.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.widgets import Static

from ludoteca.errors import IllegalMove
from ludoteca.flow import ended_hand
from ludoteca.i18n.board import outcome_words, say_status
from ludoteca.i18n.refusals import say_refusal
from ludoteca.i18n.summary import hand_summary
from ludoteca.i18n.ui import ui
from ludoteca.i18n.words import GAME_TITLES, Words

from .actions import ActionsApp
from .bindings import silent
from .boards import UNTIL_FITS, Ctx
from .hand import HandView
from .moves import MovesView
from .screens import ChooseScreen, HandEndScreen, PassScreen
from .summary import render_summary

__all__ = ["PlayApp"]

LOG_MOVES = 40
"""How many moves the log beside the table keeps (it scrolls)."""
LOG_ROWS = 7
"""The rows the log keeps beside the panels, however tall they are."""
SMALL = (110, 34)
"""Below this width the side panels are narrower; below this height the hand's
tiles are drawn in one line each and the table closer together."""


class PlayApp(ActionsApp):
    """A game of Ludoteca at the terminal."""

    TITLE = "Ludoteca"
    CSS = """
    #status { height: 1; background: $primary; color: $text; padding: 0 1; text-style: bold; }
    #top { height: 1fr; }
    #board-scroll { width: 1fr; overflow-x: hidden; }
    #board { width: 1fr; }
    #side { width: 44; border-left: solid $primary; }
    #info-scroll { height: auto; padding: 0 1; }
    #log-scroll { height: 1fr; padding: 0 1; }
    #bottom { height: auto; max-height: 50%; }
    #hand-box { width: 1fr; height: auto; }
    #moves-box { width: 44; height: auto; border-left: solid $primary; }
    #bottom.stacked { layout: vertical; }
    #bottom.wide #moves-box { border-left: none; }
    #bottom.wide #moves-title { background: $panel; }
    #moves { max-height: 12; }
    #moves-title { padding: 0 1; text-style: bold; }
    #message { height: auto; min-height: 1; padding: 0 1; color: $warning; }
    #keys { height: 1; background: $panel; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = silent(
        {
            "h": "hint",
            "r": "rules",
            "u": "undo",
            "s": "save",
            "l": "language",
            "o": "notation",
            "q": "quit_game",
            "n": "new_game",
            "d": "draw_until_fits",
            **{str(d): f"choose({d})" for d in range(1, 10)},
        }
    )

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            with VerticalScroll(id="board-scroll"):
                yield Static(id="board")
            with Vertical(id="side"):
                with VerticalScroll(id="info-scroll"):
                    yield Static(id="info")
                with VerticalScroll(id="log-scroll"):
                    yield Static(id="log")
        with Horizontal(id="bottom"):
            with Vertical(id="hand-box"):
                yield HandView(id="hand")
            with Vertical(id="moves-box"):
                yield Static(id="moves-title")
                yield MovesView(id="moves")
        yield Static(id="message")
        yield Static(id="keys")

    def on_resize(self, event: events.Resize) -> None:
        """Narrow terminals get a narrower score panel; the table is drawn again."""
        self.side_width = (
            44 if event.size.width >= SMALL[0] else 32 if event.size.width >= 90 else 28
        )
        self.query_one("#side").styles.width = self.side_width
        hand = self.query_one(HandView)
        hand.compact = event.size.height < SMALL[1]
        hand.refresh(layout=True)
        self.call_after_refresh(self.redraw)

    def on_mount(self) -> None:
        self.title = GAME_TITLES[self.table.game.name]
        for message, levels in self.table.notices:
            words = Words(self.tx)
            self.say(self.tx._(message, **{k: words.level(v) for k, v in levels.items()}))
        self.advance()

    # ------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the table again from the shown seat's view."""
        if not self.is_running:  # closing (a bot's move came due meanwhile): its widgets go
            return
        with self.batch_update():
            self._redraw()

    def _redraw(self) -> None:
        ctx = self.ctx()
        view = self.table.game.view(ctx.me)
        view["names"] = self.display_names()
        self.draw_board(view, ctx)
        self.query_one("#info", Static).update(self.board.info(view, ctx))
        self.query_one("#log", Static).update(self.board.log(view, ctx, LOG_MOVES))
        self.call_after_refresh(self.fit_side)
        self.query_one("#status", Static).update(self.status_text(view))
        mine = self.my_turn() and self.table.next_step() == "human"
        legal = view["legal_moves"] if mine else []
        others = self.board.other_moves(legal)
        if self.table.next_step() == "roll" and self.my_turn():
            others = ["roll"]
        self.show_hand(view, legal, mine)
        self.show_moves(others)
        self.query_one("#message", Static).update(self.message_text)
        self.query_one("#keys", Static).update(
            self.tx._("h hint · r rules · u undo · s save · l language · o notation · q quit")
        )

    def draw_board(self, view: dict[str, Any], ctx: Ctx) -> None:
        """The table in the room it has now (drawn again once the room is known,
        when the hand and the moves below take more or fewer rows)."""
        scroll = self.query_one("#board-scroll")
        room = (scroll.size.width - 2, scroll.size.height)
        table = self.board.table(view, ctx, room[0] if room[0] > 0 else 70, max(0, room[1]))
        self.query_one("#board", Static).update(table)
        self.board_room = room

    def refit_board(self) -> None:
        scroll = self.query_one("#board-scroll")
        if (scroll.size.width - 2, scroll.size.height) != self.board_room:
            ctx = self.ctx()
            view = self.table.game.view(ctx.me)
            view["names"] = self.display_names()
            self.draw_board(view, ctx)

    def show_hand(self, view: dict[str, Any], legal: list[str], mine: bool) -> None:
        """The shown seat's tiles, the playable ones marked when it is their turn."""
        hand = self.query_one(HandView)
        self.query_one("#hand-box").display = self.board.has_hand
        if not self.board.has_hand:
            hand.display = False
            return
        tiles = self.board.hand(view)
        playable = {x for x in tiles if self.board.tile_moves(x, legal)}
        title = ui("your_hand", self.tx) if self.shown_seat() is not None else ""
        if title and mine and playable:
            alone = not self.board.other_moves(legal)  # the hand has the whole width
            if alone or not hand.compact:
                title += "  ·  " + self.tx._("←/→ pick a tile, Enter plays it; or click it.")
        hand.display = True
        hand.set_hand(tiles, playable, mine, title)

    def fit_side(self) -> None:
        """Share the column beside the table: the panels as tall as they need, as
        long as the log keeps :data:`LOG_ROWS` rows, scrolled to the newest move
        (the older ones, and the panels' rest, a scroll away)."""
        side = self.query_one("#side").size.height
        info = self.query_one("#info-scroll")
        room = max(3, side - LOG_ROWS)
        if info.styles.max_height != Scalar.from_number(room):
            info.styles.max_height = room
        self.query_one("#log-scroll").anchor()  # at the end, and kept there as it grows
        self.refit_board()

    def status_text(self, view: dict[str, Any]) -> Text:
        step = self.table.next_step()
        out = Text(GAME_TITLES[self.table.game.name] + "  ·  ")
        seat = self.table.acting_seat()
        voice = self.voice(self.shown_seat())
        if step == "over":
            out.append(outcome_words(self.table.game.result(), voice)["title"])
        elif step in ("human", "roll") and seat is not None:
            out.append(say_status(voice, "roll" if step == "roll" else "turn", seat))
        elif step == "bot" and seat is not None:
            out.append(say_status(voice, "thinking", seat))
        elif seat is not None:
            out.append(say_status(voice, "to_play", seat))
        else:
            out.append(say_status(voice, "chance"))
        if self.shown_seat() is None and self.table.humans:
            out.append("  ·  " + self.tx._("table seen from outside"))
        return out

    def show_moves(self, moves: list[str]) -> None:
        """The moves that are not a tile of the hand; none: the list is not shown."""
        if self.board.until_fits and moves == ["draw"]:
            moves = [UNTIL_FITS, *moves]  # the one action first, one tile's draw second
        box = self.query_one("#moves", MovesView)
        if moves != self.moves_shown or box.count != len(moves):
            self.moves_shown = list(moves)
            box.set_moves([self.move_label(m) for m in moves])
        self.query_one("#moves-box").display = bool(moves)
        self.query_one("#moves-title", Static).update(self.tx._("Moves"))
        self.arrange_bottom()

    def arrange_bottom(self) -> None:
        """The moves beside the hand; under it, the whole width theirs, when there is
        no tile to play and the list is long (a bid, the trump), and alone in the
        whole width when there is no hand."""
        hand = self.query_one(HandView)
        playing = hand.display and hand.active and bool(hand.playable)
        stacked = hand.display and not playing and len(self.moves_shown) > 3
        wide = stacked or not hand.display
        bottom = self.query_one("#bottom")
        bottom.set_class(stacked, "stacked")
        bottom.set_class(wide, "wide")
        self.query_one("#moves-box").styles.width = "1fr" if wide else self.side_width

    # ------------------------------------------------------------ the flow

    def advance(self) -> None:
        """Redraw, then start whatever comes next (a bot, chance, a person, the end)."""
        gen = self.generation
        step = self.table.next_step()
        if step in ("human", "roll"):
            seat = self.table.acting_seat()
            if self.table.hot_seat and self.table.hides_hands and seat != self.revealed:
                self.revealed = None
                self.redraw()
                self.ask_to_pass(seat)
                return
            if self.table.hot_seat:
                self.revealed = seat
        if self.pace > 0 or step in ("human", "roll", "over"):
            self.redraw()
        if step == "over":
            if not self.over_shown:
                self.over_shown = True
                self.show_result()
            return
        if step in ("human", "roll"):
            self.busy = False
            self.focus_for_turn()
            if self.hints and step == "human" and self.my_turn():
                self.action_hint(brief=True)
            return
        if step == "chance" and self.hand_end_due():
            self.busy = False
            self.show_hand_end()
            return
        self.busy = True
        if step == "chance":
            self.later(self.chance_pause(), lambda: self.do_chance(gen))
        else:
            self.start_bot(gen)

    def hand_end_due(self) -> bool:
        """Whether the last move ended a hand that a person has not yet seen out."""
        moves = len(self.table.game)
        if not self.table.humans or self.continued_at == moves:
            return False
        return ended_hand(self.table.game.type, self.table.game.last_events())  # the last too

    def show_hand_end(self) -> None:
        """The hand's summary over its last state, until a key says go on."""
        moves = len(self.table.game)
        ctx = self.ctx()
        view = self.table.game.view(ctx.me)
        seen = [e.seen_by(ctx.me) for e in self.table.game.last_events()]
        summary = hand_summary(view, seen, self.voice(ctx.me))
        self.continued_at = moves
        if summary is None:
            self.advance()
            return
        self.redraw()
        self.push_screen(
            HandEndScreen(render_summary(summary), self.lang), lambda _: self.advance()
        )

    def chance_pause(self) -> float:
        """How long before a chance event: longer before a new deal, so the end of
        a hand stays on screen a moment."""
        if self.pace <= 0:
            return 0.0
        view = self.table.game.view(None)
        if view.get("phase") == "deal" and any(
            not m.startswith(("draw", "deal")) for m in self.table.game.moves[-1:]
        ):
            return max(1.5, 3 * self.pace)
        return self.pace / 2

    def focus_for_turn(self) -> None:
        hand = self.query_one(HandView)
        if self.board.has_hand and hand.active and hand.playable:
            hand.focus()
        else:
            self.query_one("#moves", MovesView).focus()

    def ask_to_pass(self, seat: int | None) -> None:
        if seat is None:
            return
        self.passing = True
        name = self.display_names()[seat]

        def shown(_: None) -> None:
            self.passing = False
            self.revealed = seat
            self.advance()

        self.push_screen(PassScreen(name, self.lang), shown)

    def do_chance(self, gen: int) -> None:
        if gen != self.generation or self.table.next_step() != "chance":
            return
        self.table.play_chance()
        self.advance()

    def start_bot(self, gen: int) -> None:
        started = time.monotonic()
        game = self.table.game

        def think() -> None:
            try:
                move = self.table.bot_choice(game)
            except Exception as e:  # a bot failing must not stop the table
                move = game.legal_moves()[0]
                self.from_thread(self.say, f"{type(e).__name__}: {e}")
            self.from_thread(self.bot_ready, gen, move, started)

        self.run_worker(think, thread=True, group="bot", exit_on_error=False)

    def bot_ready(self, gen: int, move: str, started: float) -> None:
        wait = self.pace - (time.monotonic() - started)
        self.later(wait, lambda: self.bot_play(gen, move))

    def bot_play(self, gen: int, move: str) -> None:
        if gen != self.generation or self.table.next_step() != "bot":
            return
        self.table.play(move)
        self.advance()

    # ------------------------------------------------------------ a person plays

    def try_move(self, move: str) -> None:
        step = self.table.next_step()
        if step not in ("human", "roll") or not self.my_turn():
            self.refuse_not_yours()
            return
        if move == UNTIL_FITS:
            self.draw_until_fits()
            return
        seat = self.table.acting_seat()
        if step == "roll":
            self.table.play_chance()
        else:
            try:
                self.table.play(move)
            except IllegalMove as e:
                reason = say_refusal(
                    self.table.game.name,
                    e.code,
                    e.params,
                    self.lang,
                    names=self.display_names(),
                    me=seat,
                )
                self.say(self.refused(self.move_label(move), reason))
                return
        self.say("")
        if self.table.hot_seat and self.table.hides_hands and self.table.acting_seat() != seat:
            self.revealed = None
        self.advance()

    def on_hand_view_picked(self, event: HandView.Picked) -> None:
        event.stop()
        if self.table.next_step() != "human" or not self.my_turn():
            self.refuse_not_yours()
            return
        moves = self.board.tile_moves(event.tile, self.table.game.legal_moves())
        if not moves:  # the engine says why not
            self.try_move(f"play {event.tile}")
            return
        if len(moves) == 1:
            self.try_move(moves[0])
            return
        labels = [self.move_label(m) for m in moves]

        def chosen(move: str | None) -> None:
            if move is not None:
                self.try_move(move)

        title = ui("how_to_play_tile", self.tx, tile=event.tile)
        self.push_screen(ChooseScreen(title, moves, labels), chosen)

    def on_moves_view_chosen(self, event: MovesView.Chosen) -> None:
        event.stop()
        if 0 <= event.index < len(self.moves_shown):
            self.try_move(self.moves_shown[event.index])

    def action_choose(self, number: int) -> None:
        if not self.moves_shown:
            if self.table.next_step() in ("human", "roll") and self.my_turn():
                hand = self.query_one(HandView)
                if hand.display and hand.active and hand.playable:
                    self.say(self.tx._("←/→ pick a tile, Enter plays it; or click it."))
                else:
                    self.say(self.tx._("There is no move {n} now.", n=number))
            else:
                self.refuse_not_yours()
            return
        if number > len(self.moves_shown):
            self.say(self.tx._("There is no move {n} now.", n=number))
            return
        self.try_move(self.moves_shown[number - 1])
