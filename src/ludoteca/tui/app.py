"""The terminal table: a Textual app to play any Ludoteca game against bots or in hot-seat.

The screen shows the table as the player to move knows it (the board, the
score panel with the log of moves, the hand), a list of the moves allowed now,
and a message line. Bots and chance play at a pace a person can follow.
Keys: ``h`` hint, ``r`` rules, ``u`` undo, ``s`` save, ``l`` language, ``o`` the moves
played in notation (or in words again), ``q`` quit.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.markdown import Markdown as RichMarkdown
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

import ludoteca
from ludoteca.errors import GameNotAvailable, IllegalMove
from ludoteca.flow import ended_hand
from ludoteca.i18n import Texts, texts
from ludoteca.i18n.board import outcome_words, say_status
from ludoteca.i18n.hints import hint_payload, say_hint
from ludoteca.i18n.refusals import say_refusal
from ludoteca.i18n.summary import hand_summary
from ludoteca.i18n.ui import ui
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import GAME_TITLES, Words

from .boards import Board, Ctx, board_for
from .hand import HandView
from .screens import ChooseScreen, HandEndScreen, PassScreen, QuitScreen, SaveScreen, TextScreen
from .summary import render_summary
from .table import Table, seat_names

__all__ = ["PlayApp"]

LOG_MOVES = 40
"""How many moves the log beside the table keeps (it scrolls)."""
LOG_ROWS = 7
"""The rows the log keeps beside the panels, however tall they are."""


class PlayApp(App[None]):
    """A game of Ludoteca at the terminal."""

    TITLE = "Ludoteca"
    CSS = """
    #status { height: 1; background: $primary; color: $text; padding: 0 1; text-style: bold; }
    #top { height: 1fr; }
    #board-scroll { width: 1fr; overflow-x: auto; }
    #board { width: auto; }
    #side { width: 44; border-left: solid $primary; }
    #info-scroll { height: auto; padding: 0 1; }
    #log-scroll { height: 1fr; padding: 0 1; }
    #bottom { height: auto; max-height: 45%; }
    #hand-box { width: 1fr; height: auto; }
    #moves-box { width: 44; height: auto; border-left: solid $primary; }
    #moves { height: auto; max-height: 12; }
    #moves-title { padding: 0 1; text-style: bold; }
    #message { height: auto; min-height: 1; padding: 0 1; color: $warning; }
    #keys { height: 1; background: $panel; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", show=False),
        Binding("r", "rules", show=False),
        Binding("u", "undo", show=False),
        Binding("s", "save", show=False),
        Binding("l", "language", show=False),
        Binding("o", "notation", show=False),
        Binding("q", "quit_game", show=False),
        Binding("n", "new_game", show=False),
        *[Binding(str(d), f"choose({d})", show=False) for d in range(1, 10)],
    ]

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
                yield OptionList(id="moves")
        yield Static(id="message")
        yield Static(id="keys")

    def on_resize(self, event: events.Resize) -> None:
        """Narrow terminals get a narrower score panel; the table is drawn again."""
        side = 44 if event.size.width >= 110 else 32
        for name in ("#side", "#moves-box"):
            self.query_one(name).styles.width = side
        hand = self.query_one(HandView)
        hand.compact = event.size.height < 34
        hand.refresh(layout=True)
        self.call_after_refresh(self.redraw)

    def on_mount(self) -> None:
        self.title = GAME_TITLES[self.table.game.name]
        for message, levels in self.table.notices:
            words = Words(self.tx)
            self.say(self.tx._(message, **{k: words.level(v) for k, v in levels.items()}))
        self.advance()

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

    # ------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the table again from the shown seat's view."""
        with self.batch_update():
            self._redraw()

    def _redraw(self) -> None:
        ctx = self.ctx()
        game = self.table.game
        view = game.view(ctx.me)
        view["names"] = self.display_names()
        board_widget = self.query_one("#board", Static)
        room = self.query_one("#board-scroll").size.width - 1
        board_widget.update(self.board.table(view, ctx, max(60, room if room > 0 else 70)))
        self.query_one("#info", Static).update(self.board.info(view, ctx))
        self.query_one("#log", Static).update(self.board.log(view, ctx, LOG_MOVES))
        self.call_after_refresh(self.fit_side)
        self.query_one("#status", Static).update(self.status_text(view))
        mine = self.my_turn() and self.table.next_step() == "human"
        legal = view["legal_moves"] if mine else []
        hand = self.query_one(HandView)
        if self.board.has_hand:
            tiles = self.board.hand(view)
            playable = {x for x in tiles if self.board.tile_moves(x, legal)}
            if ctx.me is None:
                title = ""
            else:
                title = ui("your_hand", self.tx)
                if mine and playable and not hand.compact:
                    title += "  ·  " + self.tx._("←/→ pick a tile, Enter plays it; or click it.")
            hand.display = True
            hand.set_hand(tiles, playable, mine, title)
        else:
            hand.display = False
        others = self.board.other_moves(legal)
        if self.table.next_step() == "roll" and self.my_turn():
            others = ["roll"]
        self.show_moves(others)
        self.query_one("#message", Static).update(self.message_text)
        self.query_one("#keys", Static).update(
            self.tx._("h hint · r rules · u undo · s save · l language · o notation · q quit")
        )

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
        box = self.query_one("#moves", OptionList)
        title = self.query_one("#moves-title", Static)
        if moves != self.moves_shown or box.option_count != len(moves):
            self.moves_shown = list(moves)
            box.clear_options()
            labels = [self.move_label(m) for m in moves]
            box.add_options(
                [Option(f"{i + 1}. {x}" if i < 9 else f"   {x}") for i, x in enumerate(labels)]
            )
            # one move is a visible choice for Enter; among several (a bid, a pass),
            # nothing is chosen until the player moves to one or types its number
            box.highlighted = 0 if len(moves) == 1 else None
        hand = self.query_one(HandView)
        if not moves and hand.display and hand.active and hand.playable:
            title.update(self.tx._("Moves") + " · " + self.tx._("play a tile from your hand"))
        else:
            title.update(self.tx._("Moves"))

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

    def focus_for_turn(self) -> None:
        hand = self.query_one(HandView)
        if self.board.has_hand and hand.active and hand.playable:
            hand.focus()
        else:
            self.query_one("#moves", OptionList).focus()

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

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "moves":
            return
        event.stop()
        if 0 <= event.option_index < len(self.moves_shown):
            self.try_move(self.moves_shown[event.option_index])

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

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":
            return len(self.screen_stack) == 1 and self.table.game.is_over
        if action in (
            "hint",
            "rules",
            "undo",
            "save",
            "language",
            "notation",
            "quit_game",
            "choose",
        ):
            return len(self.screen_stack) == 1
        return True

    def action_hint(self, brief: bool = False) -> None:
        hint = getattr(ludoteca, "hint", None)
        if hint is None:
            self.say(ui("no_hints", self.tx))
            return
        if self.table.next_step() != "human" or not self.my_turn():
            self.say(ui("hint_not_your_turn", self.tx))
            return
        seat = self.table.acting_seat()
        game = self.table.game.copy()
        gen = self.generation
        self.say(ui("expert_thinking", self.tx))

        def think() -> None:
            try:
                ranked = hint(game, seat)
            except GameNotAvailable:  # no bot ranks this game's moves yet
                self.from_thread(self.say, ui("no_hints", self.tx))
                return
            except Exception as e:
                self.from_thread(self.say, self.tx._("No hint now: {error}", error=str(e)))
                return
            self.from_thread(self.show_hint, gen, ranked, brief)

        self.run_worker(think, thread=True, group="hint", exit_on_error=False)

    def show_hint(self, gen: int, ranked: Any, brief: bool = False) -> None:
        if gen != self.generation:
            return
        if brief:  # the best move in the message line
            for item in list(ranked)[:1]:
                reason = say_hint(
                    self.table.game.name, item.code, item.params, self.lang, item.value
                )
                self.say(
                    self.tx._(
                        "Hint: {move} ({reason})", move=self.move_label(item.move), reason=reason
                    )
                )
            return
        self.say("")
        hint = hint_payload(self.table.game.name, list(ranked), self.tx)
        text = Text(ui("suggestions", self.tx) + "\n", style="bold")
        if hint["unit_text"]:
            text.append(ui("values", self.tx, unit=hint["unit_text"]) + "\n")
        text.append("\n")
        move, value, why = (ui(key, self.tx) for key in ("move", "value", "why"))
        header = f"{move:<34} {value:>9}  {why}\n"
        text.append(header, style="underline")
        for item in hint["moves"][:12]:
            value = ("= " if item["tie"] else "") + item["value_text"]
            text.append(f"{item['label']:<34} {value:>9}  {item['reason']}\n")
        for rule in hint["ties"]:
            text.append("= " + rule + "\n", style="dim")
        self.push_screen(TextScreen(Static(text), "Esc: " + ui("close", self.tx)))

    def action_rules(self) -> None:
        from ludoteca import rules

        name = self.table.game.name
        try:
            body = rules.text(name, self.lang, app="terminal")
        except (FileNotFoundError, ValueError):
            body = self.tx._("The rules of this game are not written yet.")
        rendered = Static(RichMarkdown(body, code_theme="ansi_dark"), id="rules-text")
        self.push_screen(TextScreen(rendered, "Esc: " + ui("close", self.tx), full=True))

    def action_undo(self) -> None:
        if not self.table.undo_allowed:
            self.say(self.tx._("Undo is allowed only when every other seat is a bot."))
            return
        if not self.table.can_undo():
            self.say(self.tx._("There is nothing to undo."))
            return
        self.generation += 1
        self.table.undo()
        self.over_shown = False
        self.say(self.tx._("Your last decision was taken back."))
        self.advance()

    def action_save(self, then: Callable[[], None] | None = None) -> None:
        """Ask for a file and write the record there, saying where (``then``: what
        follows a record written)."""

        def chosen(path: str | None) -> None:
            if path is None:
                return
            try:
                written = self.table.save(path)
            except OSError as e:
                self.say(self.tx._("Could not save: {error}", error=str(e)))
                return
            self.saved_at = len(self.table.game.moves)
            self.say(self.tx._("Record saved to {path}", path=str(written)))
            if then is not None:
                then()

        default = self.table.default_save_name()
        self.push_screen(
            SaveScreen(self.tx._("Save the game's record to the file:"), default), chosen
        )

    def action_language(self) -> None:
        self.lang = "en" if self.lang == "pt" else "pt"
        self.title = GAME_TITLES[self.table.game.name]
        self.moves_shown = []
        self.say(self.tx._("Language: English"))
        self.redraw()

    def action_notation(self) -> None:
        """Show the moves played in notation, or in words again."""
        self.notation = not self.notation
        self.redraw()

    def action_quit_game(self) -> None:
        if self.table.game.is_over or len(self.table.game.moves) == self.saved_at:
            self.exit()
            return

        def answered(choice: str | None) -> None:
            if choice == "quit":
                self.exit()
            elif choice == "save":
                self.action_save(then=self.exit)

        self.push_screen(
            QuitScreen(
                self.tx._("Quit the game? Moves since the last save will be lost."),
                self.tx._("Enter: quit without saving · s: save and quit · Esc: go back"),
            ),
            answered,
        )

    # ------------------------------------------------------------ the end

    def result_text(self) -> Text:
        humans = self.table.humans
        me = humans[0] if len(humans) == 1 else None
        said = outcome_words(self.table.game.result(), self.voice(me))
        out = Text(said["title"] + "\n\n", style="bold")
        style = {True: "bold green", False: "bold red"}.get(said["won"], "bold")
        out.append(said["verdict"] + "\n\n", style=style)
        for side, score in said["rows"]:
            out.append(f"{side}: {score}\n")
        return out

    def show_result(self) -> None:
        keys: dict[str, Callable[[], None]] = {
            "s": self.action_save,
            "u": self.action_undo,
            "q": self.exit,
            "n": self.action_new_game,
        }

        def left(key: str | None) -> None:
            if key is not None:
                keys[key]()

        self.push_screen(
            TextScreen(
                Static(self.result_text()),
                self.tx._("n: new game · s: save · u: undo · Esc: see the table · q: quit"),
                keys,
            ),
            left,
        )

    def action_new_game(self) -> None:
        """A new game at the same table (same seats and options, the next seed)."""
        self.generation += 1
        self.table = self.table.rematch(self.lang)
        self.board = board_for(self.table.game.name)
        self.revealed = None
        self.saved_at = len(self.table.game.moves)
        self.over_shown = False
        self.moves_shown = []
        self.say("")
        self.advance()
