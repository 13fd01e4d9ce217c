"""``ludoteca learn GAME``: the lessons in the terminal, one step at a time.

Each step draws its position with the terminal table's own drawing (the
position the engine built from the course), says what to do and reads the
learner's move: a move the engine refuses is told with the engine's reason and
the lesson's explanation, an allowed move that is not the lesson's with what it
would do, the right one with what followed. The progress is kept in a file in
the data folder (:mod:`ludoteca.lessons.progress`); a lesson can be restarted
or skipped. After the last step a practice table is offered: ``ludoteca play``
against gentle bots, with the expert's hint shown at every turn.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from ludoteca.game import Game
from ludoteca.i18n import N_, Texts, texts
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.ui import ui
from ludoteca.i18n.words import GAME_TITLES
from ludoteca.lessons import Course, Judged, Reading, Step, judge, load_course, show_step
from ludoteca.lessons.messages import say
from ludoteca.lessons.progress import Progress
from ludoteca.lessons.render import which
from ludoteca.registry import GAMES

from .boards import Ctx, board_for
from .cli import chosen_lang, subcommand
from .draw import row_of, tile_block

__all__ = ["COMMANDS", "Lessons", "add_subcommand", "cmd_learn"]

COMMANDS: dict[str, str] = {
    "help": N_("help"),
    "moves": N_("moves"),
    "show": N_("show"),
    "restart": N_("restart"),
    "skip": N_("skip"),
    "quit": N_("quit"),
}
"""The words the prompt understands besides a move (in English and in the
learner's language)."""

MAX_LISTED = 24
"""Allowed moves listed by number at most (a long list is cut; the numbers past it,
the words and the notation still work)."""


class Lessons:
    """A game's course in a terminal: ``read`` asks for a line, ``out`` shows."""

    def __init__(
        self,
        game: str,
        lang: str,
        progress: Progress,
        *,
        read: Callable[[str], str] = input,
        out: TextIO | None = None,
        width: int | None = None,
    ) -> None:
        self.course: Course = load_course(game)
        self.game = game
        self.lang = lang
        self.tx: Texts = texts(lang)
        self.progress = progress
        self.read = read
        self.console = Console(file=out or sys.stdout, width=width, highlight=False)
        self.steps: list[Step] = self.course.steps()

    # ------------------------------------------------------------ showing

    def show(self, text: str | Text = "", style: str = "") -> None:
        self.console.print(text, style=style or None, markup=False)

    def move_words(self, move: str) -> str:
        return describe_move(self.game, move, self.lang)

    def say_events(self, events: list[tuple[int, Any, str]] | None) -> None:
        """Events in words, as the learner's seat saw them."""
        for _, _, text in events or []:
            self.show(f"  · {text}")

    def overview(self) -> None:
        """The course: its lessons, each with how far the learner went."""
        tx = self.tx
        self.show(ui("learn_game", tx, game=GAME_TITLES[self.game]), "bold")
        for i, lesson in enumerate(self.course.lessons, 1):
            state = self.progress.lesson(self.game, lesson.id)
            if state.get("done"):
                mark = "✓"
            elif state.get("skipped"):
                mark = "↷"
            elif state.get("reached"):
                mark = f"{state['reached']}/{len(lesson.steps)}"
            else:
                mark = " "
            self.show(f" {mark:>5}  {i}. {say(lesson.title, self.lang)}")
        self.show()

    def draw(self, game: Game, seat: int, step: Step) -> None:
        """The position as the learner's seat sees it: the table, the scores, the hand."""
        view = game.view(seat)
        board = board_for(self.game)
        kinds = ["human" if s == seat else "lesson" for s in range(game.num_seats)]
        ctx = Ctx(self.lang, seat, seat, kinds)
        width = min(self.console.width, 100)
        self.console.print(board.table(view, ctx, width))
        self.console.print(board.info(view, ctx))
        self.console.print(board.log(view, ctx))
        if step.show_hands:
            for other in range(game.num_seats):
                hand = game.view(other).get("hand")
                if other != seat and hand:
                    self.show(f"{game.names[other]}: {self.tx.join(list(hand))}")
        hand = board.hand(view) if board.has_hand else []
        if hand:
            self.show(ui("your_hand", self.tx), "bold")
            self.console.print(row_of([tile_block(t) for t in hand]).plain())

    def list_moves(self, legal: list[str]) -> None:
        if not legal:
            return
        self.show(self.tx._("Allowed moves:"), "bold")
        for i, move in enumerate(legal[:MAX_LISTED], 1):
            self.show(f" {i:>3}. {self.move_words(move)}")
        if len(legal) > MAX_LISTED:
            self.show(f"  … (+{len(legal) - MAX_LISTED})")

    def help(self) -> None:
        tx = self.tx
        words = {key: tx._(word) for key, word in COMMANDS.items()}
        self.show(
            tx._(
                "Type the move as the lessons say it, just its tile, or its number in the "
                "list. Also: {moves} (the allowed moves), {show} (the answer), {restart} (the "
                "lesson from its first step), {skip} (the next lesson), {quit} (stop here; "
                "the progress is kept).",
                **words,
            )
        )

    def ask_which(self, reading: Reading, legal: list[str]) -> None:
        """A line that names several allowed moves: the learner is asked which, by number."""
        self.show(which(reading.text, self.lang), "yellow")
        for move in reading.moves:
            self.show(f" {legal.index(move) + 1:>3}. {self.move_words(move)}")

    # ------------------------------------------------------------ reading

    def command(self, line: str) -> str | None:
        """The command a line names (in English or the learner's language), if any."""
        word = line.strip().lower()
        if word in ("?", "h"):
            return "help"
        if word == "q":
            return "quit"
        for key, msg in COMMANDS.items():
            if word in (key, self.tx._(msg).lower()):
                return key
        return None

    # ------------------------------------------------------------ the course

    def start(self, lesson: str | None) -> int:
        """Index (in :attr:`steps`) of the step to begin with."""
        if lesson is not None:
            return self.first_of(lesson)
        where = self.progress.where(self.game)
        if where is not None:
            for i, step in enumerate(self.steps):
                if step.lesson == where[0]:
                    count = len(self.course.lesson(where[0]).steps)
                    return i + min(where[1], count) - 1
        for lesson_ in self.course.lessons:
            state = self.progress.lesson(self.game, lesson_.id)
            if not state.get("done") and not state.get("skipped"):
                return self.first_of(lesson_.id)
        return len(self.steps)

    def first_of(self, lesson: str) -> int:
        return next(i for i, s in enumerate(self.steps) if s.lesson == lesson)

    def number(self, step: Step) -> tuple[int, int]:
        """A step's number in its lesson (1-based) and the lesson's step count."""
        steps = self.course.lesson(step.lesson).steps
        return steps.index(step) + 1, len(steps)

    def keep(self, i: int) -> None:
        """Remember that the learner is at step ``i`` (the end: nowhere)."""
        if i < len(self.steps):
            step = self.steps[i]
            self.progress.at(self.game, step.lesson, self.number(step)[0])
        else:
            self.progress.data.setdefault(self.game, {})["at"] = None
        self.progress.save()

    def run(self, lesson: str | None = None) -> bool:
        """Go through the course from where the learner stopped (or ``lesson``).
        ``True``: the learner asked for the practice table."""
        self.overview()
        i = self.start(lesson)
        while i < len(self.steps):
            self.keep(i)
            went = self.step(self.steps[i])
            if went == "quit":
                self.show(self.tx._("Your progress is kept: come back with the same command."))
                return False
            lesson_id = self.steps[i].lesson
            if went == "restart":
                self.progress.restart(self.game, lesson_id)
                i = self.first_of(lesson_id)
            elif went == "skip":
                self.progress.skipped(self.game, lesson_id)
                while i < len(self.steps) and self.steps[i].lesson == lesson_id:
                    i += 1
            else:
                i += 1
        self.keep(i)
        return self.offer_practice()

    def step(self, step: Step) -> str:
        """One step: ``"next"``, ``"restart"``, ``"skip"`` or ``"quit"``."""
        tx = self.tx
        n, count = self.number(step)
        lesson = self.course.lesson(step.lesson)
        self.show()
        self.show(
            f"── {say(lesson.title, self.lang)} · {ui('lesson_step', tx, n=n, count=count)}",
            "bold",
        )
        if n == 1:
            self.show(say(lesson.intro, self.lang))
        shown = show_step(self.course, step, self.lang)
        if shown.recent:
            self.show(ui("what_happened", tx), "bold")
            self.say_events(shown.recent)
        self.draw(shown.game, shown.seat, step)
        self.show()
        self.show(shown.text, "bold")
        legal = list(shown.game.legal_moves())
        self.show(self.how_to_answer(step, legal), "dim")
        while True:
            line = self.read(tx._("Your move (? for help): "))
            command = self.command(line)
            if command == "help":
                self.help()
            elif command == "moves":
                self.list_moves(legal)
            elif command == "show":
                self.show(tx._("The answer: {moves}", moves=shown.answer))
            elif command in ("restart", "skip", "quit"):
                return command
            elif line.strip():
                judged = judge(self.course, step, line, self.lang)
                if judged.result is None:
                    self.ask_which(judged.reading, legal)
                elif self.tell(step, judged, n == count):
                    return self.pause()

    def how_to_answer(self, step: Step, legal: list[str]) -> str:
        """How to write a move, with an example that is not the answer."""
        tx = self.tx
        words = {key: tx._(word) for key, word in COMMANDS.items()}
        others = [m for m in legal if m not in step.expect]
        if others:
            return tx._(
                "Write the move in words (for example: {example}) or its number in the "
                "list; {moves} lists the allowed moves, ? shows the commands.",
                example=self.move_words(others[-1]),
                **words,
            )
        return tx._("{moves} lists the allowed moves, ? shows the commands.", **words)

    def pause(self) -> str:
        """After a right move: on to the next step when the learner is ready."""
        line = self.read(self.tx._("[Enter] next step "))
        command = self.command(line)
        return command if command in ("quit", "restart", "skip") else "next"

    def tell(self, step: Step, judged: Judged, last: bool) -> bool:
        """What the learner's move did; ``True`` when it was the step's."""
        result = judged.result
        assert result is not None
        words = self.move_words(result.move)
        if result.kind == "refused":
            self.show(f"✗ {words}: {judged.refusal}", "red")
            if judged.explain:
                self.show("  " + judged.explain)
            return False
        if result.kind == "other":
            self.show(f"~ {words}: " + self.tx._("allowed, but not this step's move."), "yellow")
            self.say_events(judged.events)
            self.show("  " + (judged.explain or ""))
            return False
        self.show(f"✓ {words}", "green")
        self.say_events(judged.events)
        if judged.done:
            self.show(judged.done)
        self.progress.reached(self.game, step.lesson, self.number(step)[0], last=last)
        self.progress.save()
        return True

    def offer_practice(self) -> bool:
        tx = self.tx
        self.show()
        self.show(
            tx._(
                "You have reached the end of the lessons of {game}.",
                game=tx._(GAME_TITLES[self.game]),
            ),
            "bold",
        )
        answer = self.read(
            tx._("Play a practice game against gentle bots, with hints at every turn? [y/n] ")
        )
        return answer.strip().lower()[:1] in ("y", "s")


# ------------------------------------------------------------------ command


def add_subcommand(sub: Any) -> None:
    """Add the ``learn`` subcommand to the ``ludoteca`` parser."""
    p = subcommand(
        sub,
        "learn",
        cmd_learn,
        N_("learn a game: short lessons on real positions, then a practice game"),
        N_(
            "Lessons on the positions of the rules' own examples: make the move each step "
            "asks for; a wrong move is explained. The progress is kept between sessions."
        ),
    )
    p.add_argument("game", choices=list(GAMES), help=N_("the game to learn"))
    p.add_argument(
        "--lesson", metavar="N", help=N_("begin with this lesson (its number, see --list)")
    )
    p.add_argument("--list", action="store_true", help=N_("list the lessons and the progress"))
    p.add_argument("--restart", action="store_true", help=N_("forget the progress in this game"))
    p.add_argument("--practice", action="store_true", help=N_("go straight to the practice game"))
    p.add_argument(
        "--progress-file",
        type=Path,
        metavar="FILE",
        help=N_("where the progress is kept (default: lessons.json in the data folder)"),
    )


def cmd_learn(args: argparse.Namespace) -> int:
    lang = chosen_lang(args)
    progress = Progress(args.progress_file)
    course = load_course(args.game)
    chosen = course.find(args.lesson) if args.lesson is not None else None
    if args.lesson is not None and chosen is None:
        print(
            f"ludoteca learn: no lesson {args.lesson!r} in {args.game}: give its number, "
            f"1 to {len(course.lessons)}, as --list shows them",
            file=sys.stderr,
        )
        return 2
    if args.restart:
        progress.data.pop(args.game, None)
        progress.save()
    lessons = Lessons(args.game, lang, progress)
    if args.list:
        lessons.overview()
        return 0
    try:
        practice = args.practice or lessons.run(chosen.id if chosen else None)
    except (EOFError, KeyboardInterrupt):
        print()
        return 0
    if practice:
        return play_practice(args.game, lang, course)
    return 0


def play_practice(game: str, lang: str, course: Course) -> int:
    """The practice table: the course's seats (the learner and gentle bots), hints on."""
    from .app import PlayApp
    from .table import Table

    table = Table.new(
        game, list(course.practice.seats), lang=lang, options=dict(course.practice.options)
    )
    PlayApp(table, lang=lang, hints=True).run()
    return 0
