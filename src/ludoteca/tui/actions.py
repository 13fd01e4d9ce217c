"""The terminal table's keys besides the moves: hint, rules, undo, save, language,
notation, quit, and the end of the game (its result, a new game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.markdown import Markdown as RichMarkdown
from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

import ludoteca
from ludoteca.effects import now_of
from ludoteca.errors import GameNotAvailable
from ludoteca.i18n.board import outcome_words
from ludoteca.i18n.hints import NowOf, hint_payload
from ludoteca.i18n.ui import ui
from ludoteca.i18n.words import GAME_TITLES

from .base import TableApp
from .boards import UNTIL_FITS, board_for
from .screens import QuitScreen, SaveScreen, TextScreen

__all__ = ["ActionsApp"]


class ActionsApp(TableApp):
    """The keys of the table that are not moves."""

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":
            return len(self.screen_stack) == 1 and self.table.game.is_over
        if action == "draw_until_fits" and not self.board.until_fits:
            return False  # a key of Five-Up's only
        if action in (
            "hint",
            "rules",
            "undo",
            "save",
            "language",
            "notation",
            "quit_game",
            "choose",
            "draw_until_fits",
        ):
            return len(self.screen_stack) == 1
        return True

    def action_draw_until_fits(self) -> None:
        """The key ``d``: draw until a tile fits, when a draw is due."""
        if UNTIL_FITS in self.moves_shown:
            self.draw_until_fits()
        elif self.table.next_step() == "human" and self.my_turn():
            self.say(ui("until_fits", self.tx))
        else:
            self.refuse_not_yours()

    def draw_until_fits(self) -> None:
        """Draw from the stock, each draw a move of the record of its own, while a
        draw is still the only move (until a tile fits, or nothing more may be
        drawn); then say what was drawn."""
        table = self.table
        seat = table.acting_seat()
        if seat is None or table.next_step() != "human" or not self.my_turn():
            self.refuse_not_yours()
            return
        drawn: list[str] = []
        while (
            table.next_step() == "human"
            and table.acting_seat() == seat
            and table.game.legal_moves() == ["draw"]
        ):
            before = set(table.game.view(seat)["hand"])
            table.play("draw")
            while table.next_step() == "chance":  # the tile drawn
                table.play_chance()
            drawn += [t for t in table.game.view(seat)["hand"] if t not in before]
        said = self.tx.np_(
            "fiveup",
            "You drew {n} tile: {tiles}.",
            "You drew {n} tiles: {tiles}.",
            len(drawn),
            tiles=self.tx.join(drawn),
        )
        playable = any(m.startswith("play ") for m in table.game.legal_moves())
        if table.acting_seat() == seat and not playable:
            said += " " + self.tx.p_("fiveup", "None fits, and no more may be drawn: pass.")
        self.say(said)
        self.advance()

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
            self.from_thread(self.show_hint, gen, ranked, brief, now_of(game))

        self.run_worker(think, thread=True, group="hint", exit_on_error=False)

    def show_hint(self, gen: int, ranked: Any, brief: bool = False, now: NowOf = None) -> None:
        if gen != self.generation:
            return
        name = self.table.game.name
        if brief:  # the best move in the message line: why it is best, the numbers after
            hint = hint_payload(name, list(ranked)[:2], self.tx, now)
            for item in hint["moves"][:1]:
                reason = item["reason"]
                if item["why"]:
                    said = self.tx._(
                        "Hint: {move}. {why} ({reason})",
                        move=self.move_label(item["move"]),
                        why=item["why"],
                        reason=reason,
                    )
                else:
                    said = self.tx._(
                        "Hint: {move} ({reason})", move=self.move_label(item["move"]), reason=reason
                    )
                self.say(said)
            return
        self.say("")
        hint = hint_payload(name, list(ranked), self.tx, now)
        text = Text(ui("suggestions", self.tx) + "\n", style="bold")
        for item in hint["moves"][:1]:  # why the best move is best, before the numbers
            if item["why"]:
                text.append(f"{item['label']}: {item['why']}\n\n")
        if hint["unit_text"]:
            text.append(ui("values", self.tx, unit=hint["unit_text"]) + "\n")
        # the moves, their values and reasons in columns that wrap within themselves,
        # so that the whole table reads at 80 columns
        grid = RichTable(box=None, expand=True, pad_edge=False, header_style="underline")
        move, value, why = (ui(key, self.tx) for key in ("move", "value", "why"))
        grid.add_column(move, max_width=24, overflow="fold")
        grid.add_column(value, justify="right", no_wrap=True)
        grid.add_column(why, ratio=1, overflow="fold")
        for item in hint["moves"][:12]:
            shown = ("= " if item["tie"] else "") + item["value_text"]
            grid.add_row(item["label"], shown, item["reason"])
        ties = [Text("".join("\n= " + rule for rule in hint["ties"]), style="dim")]
        body = Static(Group(text, grid, *(ties if hint["ties"] else [])), id="hint-text")
        self.push_screen(TextScreen(body, "Esc: " + ui("close", self.tx)))

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
            self.say(ui("undo_not_alone", self.tx))
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
