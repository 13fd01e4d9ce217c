"""Each game's table, drawn from a seat's view (and only from it).

A board turns ``game.view(seat)`` into what the terminal shows: the table
itself (:meth:`Board.table`), the score panel (:meth:`Board.info`), the tiles
of the hand, which hand tile a move plays, and why a tile may not be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ludoteca.i18n import Texts, texts
from ludoteca.i18n.board import board_words, listed_events
from ludoteca.i18n.events import log_lines
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.ui import ui
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import Words

from .draw import (
    TILE_DIM,
    TILE_STYLE,
    Block,
    Canvas,
    back_block,
    compact_tile,
    die_block,
    row_of,
    stick_figure,
    tile_block,
)
from .layout import fit_layout

__all__ = ["BOARDS", "UNTIL_FITS", "Board", "Ctx", "board_for"]

UNTIL_FITS = "draw until it fits"
"""Not a move of the game: the app's one action that draws, move after move,
until a tile fits (or nothing more may be drawn)."""

TITLE = Style(bold=True)
TURN = Style(color="black", bgcolor="green", bold=True)
WINNER = Style(color="green", bold=True)
FAINT = Style(color="grey50")
EVENT = Style(italic=True)


@dataclass
class Ctx:
    """What a board needs besides the view: the language and who looks."""

    lang: str
    me: int | None
    """The seat whose view is shown (``None``: the table seen from outside)."""
    bottom: int
    """The seat drawn nearest to the player (at the bottom)."""
    seats: Sequence[str]
    notation: bool = False
    """Show the moves played in the game's notation instead of in words."""

    @property
    def tx(self) -> Texts:
        return texts(self.lang)

    @property
    def words(self) -> Words:
        return Words(self.tx)

    def voice(self, view: dict[str, Any]) -> Voice:
        """The table said in its language to the seat shown."""
        return Voice.of(view["game"], self.lang, view["names"], self.me, view["options"])


def _name(view: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "—"
    names: list[str] = view["names"]
    return names[seat]


def _tile_played(game: str, move: str) -> str | None:
    """The tile a decision plays from the hand (``None`` for any other move)."""
    value = Voice.of(game, "en").decision(move)
    if value is None or value.kind != "play" or not value.tiles:
        return None
    return str(value.tiles[0])


def _seat_label(view: dict[str, Any], seat: int, extra: str = "") -> Text:
    label = Text()
    to_move = view["to_move"]
    style = TURN if to_move == seat else TITLE
    label.append(f" {_name(view, seat)} ", style=style)
    if extra:
        label.append(" " + extra)
    return label


def _wrap(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` cells, broken between its words."""
    if not text.plain.strip():
        return []
    lines = list(text.wrap(_CONSOLE, max(8, width)))
    for line in lines:
        line.rstrip()
    return lines


_CONSOLE = Console(width=200)


def _flow(parts: Sequence[Text], width: int, sep: str = " · ") -> list[Text]:
    """``parts`` joined by ``sep`` in lines of at most ``width`` cells, each line
    broken between parts (a part too long alone, between its words)."""
    lines: list[Text] = []
    line = Text()
    for part in parts:
        if not part.plain:
            continue
        if line and line.cell_len + len(sep) + part.cell_len <= width:
            line.append(sep)
            line.append_text(part)
            continue
        if line:
            lines.append(line)
        *whole, line = _wrap(part, width) or [Text()]
        lines.extend(whole)
    if line:
        lines.append(line)
    return lines


def _backs(n: int) -> Text:
    return Text("▮" * n, style=Style(color="blue"))


class Board:
    """The drawing of one game; subclasses draw each game."""

    game = ""
    has_hand = True
    until_fits = False
    """Whether a draw may go on until a tile fits (:data:`UNTIL_FITS`)."""

    def table(self, view: dict[str, Any], ctx: Ctx, width: int, height: int = 0) -> RenderableType:
        """The table ``width`` cells wide, in ``height`` rows when it can (0: as tall
        as it is drawn best)."""
        raise NotImplementedError

    def info(self, view: dict[str, Any], ctx: Ctx) -> RenderableType:
        """The panels beside the table: the score and what the game shows there."""
        return _info(view, ctx)

    def log(self, view: dict[str, Any], ctx: Ctx, moves: int = 8) -> RenderableType:
        """The last ``moves`` moves played, in words, each with what it did."""
        return _log(view, ctx, self.game, moves)

    def hand(self, view: dict[str, Any]) -> list[str]:
        """The tiles in the shown seat's hand, as drawn (left to right)."""
        hand: list[str] = view.get("hand", [])
        return list(hand)

    def tile_moves(self, tile: str, legal: Sequence[str]) -> list[str]:
        """The legal moves that play ``tile``."""
        return [m for m in legal if _tile_played(self.game, m) == tile]

    def other_moves(self, legal: Sequence[str]) -> list[str]:
        """The legal moves that are not plays of a hand tile."""
        return [m for m in legal if _tile_played(self.game, m) is None]

    def label(self, view: dict[str, Any] | None, move: str, ctx: Ctx) -> str:
        """A legal move in words, for the list of moves."""
        return describe_move(self.game, move, ctx.lang)


def _log(view: dict[str, Any], ctx: Ctx, game: str, moves: int = 8) -> RenderableType:
    """The last moves played, in words (or in notation when the player asked for
    it), each followed by what it did, as the engine said it."""
    title = ui("moves_played_notation" if ctx.notation else "moves_played", ctx.tx)
    lines = log_lines(game, view, ctx.tx, view["names"], ctx.me, moves=moves, notation=ctx.notation)
    table = Table.grid(padding=(0, 1, 0, 0))
    table.add_column(justify="right", style=FAINT, width=4)
    table.add_column(ratio=1, overflow="fold")
    for line in lines:
        number = f"{line.n + 1}." if line.first else ""
        if line.seat is not None:
            table.add_row(number, f"{_name(view, line.seat)}: {line.text}")
        else:
            table.add_row(number, Text(line.text, style="" if line.first else EVENT))
    return Group(Text(title, style=TITLE), table)


def _info(view: dict[str, Any], ctx: Ctx) -> Text:
    """The panels beside the table (:func:`ludoteca.i18n.board.board_words`)."""
    voice = ctx.voice(view)
    words = board_words(view, voice)
    out = Text()
    for panel in words["panels"]:
        lines = listed_events(panel, view, voice) if panel["kind"] == "events" else panel["lines"]
        if panel["title"]:
            out.append(panel["title"] + "\n", style=TITLE)
        for line in lines:
            if line.get("tiles") and line.get("label"):
                out.append(line["label"] + ": ", style=TITLE)
                for tile in line["tiles"]:
                    out.append_text(compact_tile(tile))
                    out.append(" ")
                out.append(line["text"] + "\n")
            elif line.get("dice") is not None:
                dice = " ".join(str(d) for d in line["dice"])
                out.append(f"  {line['text']}: {dice} {line['after']}\n")
            else:
                out.append(line["text"] + "\n", style=_LINE_STYLES.get(line.get("kind", ""), ""))
        if panel["rows_title"]:
            out.append(panel["rows_title"] + "\n", style=TITLE)
        for label, value in panel["rows"]:
            out.append(f" {value:>3}  ", style=TITLE)
            out.append(label + "\n")
    ranking = words.get("round")
    if ranking:
        out.append(ranking["title"] + "\n", style=TITLE)
        for place, row in enumerate(ranking["rows"], 1):
            note = f" ({row['note']})" if row["note"] else ""
            style = WINNER if place == 1 else Style()
            out.append(f" {place}. {row['name']}: {row['roll']}{note}\n", style=style)
        if ranking["after"]:
            out.append(ranking["after"] + "\n")
    out.rstrip()
    return out


_LINE_STYLES = {"trump": TITLE, "warn": Style(color="yellow"), "last-hand": EVENT}


def _words(view: dict[str, Any], ctx: Ctx) -> dict[str, Any]:
    return board_words(view, ctx.voice(view))


# ---------------------------------------------------------------- Texas 42


class Texas42Board(Board):
    game = "texas42"

    def _positions(self, ctx: Ctx) -> dict[int, str]:
        b = ctx.bottom
        return {b: "bottom", (b + 1) % 4: "left", (b + 2) % 4: "top", (b + 3) % 4: "right"}

    def table(self, view: dict[str, Any], ctx: Ctx, width: int, height: int = 0) -> RenderableType:
        width = max(width, 46)
        tight = 0 < height < 20  # the tiles closer together, overlapping in rows
        cx = width // 2
        pos = self._positions(ctx)
        trick = view["trick"]
        faded = False
        if not trick and view["phase"] == "play" and view["last_trick"]:
            trick = view["last_trick"]["plays"]
            faded = True
        placed = {p["seat"]: p["tile"] for p in trick}
        words = _words(view, ctx)
        side_w = cx - 7
        top = [line for seat, where in pos.items() if where == "top"
               for line in self._top_lines(view, ctx, seat, words, width, tight)]  # fmt: skip
        y0 = len(top) - 2  # a label wrapped to more lines moves the table down
        rows = (2, 5, 8, 10) if tight else (2, 7, 12, 13)
        spots = {
            "top": (cx - 6, y0 + rows[0]),
            "left": (cx - 21, y0 + rows[1]),
            "right": (cx + 8, y0 + rows[1]),
            "bottom": (cx - 6, y0 + rows[2]),
        }
        sides = {
            where: self._side_lines(view, ctx, seat, words, side_w)
            for seat, where in pos.items()
            if where in ("left", "right")
        }
        if not placed and tight:  # nothing on the table: the seats close together
            rows = (2, 2, 2, 2)
        side_rows = max(len(x) for x in sides.values())
        bottom_row = y0 + rows[3] + side_rows
        if placed or not tight:
            bottom_row = max(bottom_row, y0 + rows[2] + 5, y0 + (1 if tight else 17))
        bottom = self._top_lines(view, ctx, ctx.bottom, words, width, tight)
        canvas = Canvas(width, bottom_row + len(bottom) + (2 if words["felt"] else 0))
        for i, line in enumerate(top):
            canvas.put(max(0, cx - line.cell_len // 2), i, line)
        for seat, where in pos.items():
            x, y = spots[where]
            if seat in placed:
                style = TILE_DIM if faded else TILE_STYLE
                canvas.blit(x, y, tile_block(placed[seat], horizontal=True, style=style))
            if where == "bottom":
                for i, line in enumerate(bottom):
                    canvas.put(max(0, cx - line.cell_len // 2), bottom_row + i, line)
            elif where in sides:
                for i, line in enumerate(sides[where]):
                    lx = 0 if where == "left" else width - line.cell_len
                    canvas.put(lx, y0 + rows[3] + i, line)
        if words["felt"]:
            note = words["felt"]
            canvas.put(max(0, cx - len(note) // 2), bottom_row + len(bottom) + 1, note, FAINT)
        return canvas.text()

    def _top_lines(
        self,
        view: dict[str, Any],
        ctx: Ctx,
        seat: int,
        words: dict[str, Any],
        width: int,
        tight: bool = False,
    ) -> list[Text]:
        """A seat at the top or the bottom: its name and badges (wrapped at their
        words to ``width``), then its tiles face down (on the same line if ``tight``
        and they fit)."""
        extra = " · ".join(b["text"] for b in words["badges"][seat])
        label = _seat_label(view, seat, " " + extra if extra else "")
        lines = _wrap(label, width)
        if seat != ctx.me:
            backs = _backs(view["hand_sizes"][seat])
            if tight and lines and lines[-1].cell_len + 2 + backs.cell_len <= width:
                lines[-1].append("  ")
                lines[-1].append_text(backs)  # a row saved in a short room
            else:
                lines.append(backs)
        return lines

    def _side_lines(
        self, view: dict[str, Any], ctx: Ctx, seat: int, words: dict[str, Any], width: int
    ) -> list[Text]:
        """A seat at the left or the right: name, badges and backs, each wrapped."""
        badges = _flow([Text(b["text"]) for b in words["badges"][seat]], width)
        backs = [_backs(view["hand_sizes"][seat])] if seat != ctx.me else []
        return [*_wrap(_seat_label(view, seat), width), *badges, *backs]


# ---------------------------------------------------------------- Bingo


class BingoBoard(Board):
    game = "bingo"

    def table(self, view: dict[str, Any], ctx: Ctx, width: int, height: int = 0) -> RenderableType:
        width = max(width, 44)
        me = ctx.bottom
        other = 1 - me
        words = _words(view, ctx)
        labels = words["labels"]
        narrow = width < 64  # the stock and the tile turned up in words, above the trick
        said = self._stock_line(view, labels, width - 2) if narrow else []
        dy = len(said)
        canvas = Canvas(width, 15 + dy)
        canvas.put(1, 0, _seat_label(view, other, self._extra(view, other, words)))
        canvas.put(1, 1, _backs(view["hand_sizes"][other]))
        for i, line in enumerate(said):
            canvas.put(1, 2 + i, line)
        trick = view["trick"]
        faded = False
        if not trick and view["last_trick"] and view["phase"] in ("lead", "reply", "take"):
            trick = view["last_trick"]["plays"]
            faded = True
        x = 1
        for play in trick:
            style = TILE_DIM if faded else TILE_STYLE
            canvas.blit(x, 3 + dy, tile_block(play["tile"], horizontal=True, style=style))
            name = _name(view, play["seat"])
            canvas.put(x, 8 + dy, name, FAINT)  # whole: the next tile moves over
            x += max(15, len(name) + 2)
        if words["felt"]:
            canvas.put(1, 9 + dy, words["felt"], FAINT)
        if not narrow:
            self._stock_blocks(canvas, view, labels, width - 28)
        if "closed" in labels:
            canvas.put(1, 10 + dy, labels["closed"])
        if view["following_compulsory"]:
            canvas.put(1, 11 + dy, labels["following"], Style(color="yellow"))
        if me != ctx.me:
            canvas.put(1, 13 + dy, _backs(view["hand_sizes"][me]))
        canvas.put(1, 14 + dy, _seat_label(view, me, self._extra(view, me, words)))
        return canvas.text()

    def _stock_blocks(
        self, canvas: Canvas, view: dict[str, Any], labels: dict[str, str], sx: int
    ) -> None:
        """The stock face down and the tile turned up, drawn at column ``sx``."""
        if view["stock_count"]:
            canvas.put(sx, 2, labels["stock"], TITLE)
            canvas.blit(sx, 3, back_block(horizontal=True))
        if view["up"]:
            canvas.put(sx + 14, 2, labels["up"], TITLE)
            canvas.blit(sx + 14, 3, tile_block(view["up"], horizontal=True))
        if "trump" in labels:
            canvas.put(sx, 8, labels["trump"], TITLE)

    def _stock_line(self, view: dict[str, Any], labels: dict[str, str], width: int) -> list[Text]:
        """The stock, the tile turned up and the trump in a line (or two)."""
        parts: list[Text] = []
        if view["stock_count"]:
            parts.append(Text(labels["stock"], style=TITLE))
        if view["up"]:
            parts.append(Text(labels["up"] + ": ", style=TITLE) + compact_tile(view["up"]))
        if "trump" in labels:
            parts.append(Text(labels["trump"], style=TITLE))
        return _flow(parts, width)

    def _extra(self, view: dict[str, Any], seat: int, words: dict[str, Any]) -> str:
        return " · ".join([str(view["points"][seat]), *(b["text"] for b in words["badges"][seat])])


# ---------------------------------------------------------------- Cavaleiro


class CavaleiroBoard(Board):
    game = "cavaleiro"
    has_hand = False

    def table(self, view: dict[str, Any], ctx: Ctx, width: int, height: int = 0) -> RenderableType:
        # Two players: big figures and dice; more (or two in a short room): compact
        # figures and dice as digits, so that eight fit a 120×40 terminal; in a
        # shorter room still the rolls are left to the panel beside.
        ways = [(True, True, True), (True, True, False), (True, False, False)]
        if view["players"] <= 2:
            ways = [(False, True, True), (False, False, True), *ways]
        for compact, dice, numbers in ways:
            out = self._figures(view, ctx, width, compact, dice=dice, numbers=numbers)
            if not height or len(out) <= height:
                break
        return Group(*out)

    def _figures(
        self,
        view: dict[str, Any],
        ctx: Ctx,
        width: int,
        compact: bool,
        *,
        dice: bool,
        numbers: bool,
    ) -> list[Text]:
        """The players' figures in rows, each with its rolls (``dice``) and the numbers
        of its columns (``numbers``) when asked."""
        sticks = view["sticks"]
        words = _words(view, ctx)
        rolls = {r["seat"]: r for r in view["rolls"]} if dice else {}
        cells: list[Block] = []
        for fig in view["figures"]:
            seat = fig["seat"]
            lines: list[Text] = []
            count = str(fig["sticks_left"]) if compact else words["badges"][seat][0]["text"]
            label = _seat_label(view, seat, count)
            if view["round_winner"] == seat or view["winner"] == seat:
                label.append(" ★", style=WINNER)
            lines.append(label)
            if not compact:
                lines.append(Text(""))
            lines.extend(stick_figure(sticks, fig["present"], compact=compact).lines)
            if numbers:
                lines.append(_column_numbers(sticks, 2 if compact else 4))
            if not compact:
                lines.append(Text(""))
            roll = rolls.get(seat)
            if roll is not None:
                if compact:
                    lines.append(Text(" ".join(str(d) for d in roll["dice"]), style=TITLE))
                else:
                    lines.extend(row_of([die_block(d) for d in roll["dice"]]).lines)
                lines.append(Text(self._category(roll, ctx), style=TITLE))
            elif dice and view["to_roll"] == seat:
                lines.append(Text("…", style=FAINT))
            cells.append(Block(lines))
        gap = 2 if compact else 3
        cell_w = max(b.width for b in cells) + gap
        per_row = max(1, min(len(cells), (width + gap) // cell_w))
        out: list[Text] = []
        tall = max(b.height for b in cells)
        for i in range(0, len(cells), per_row):
            r = row_of(cells[i : i + per_row], gap=gap)
            out.extend(r.lines)
            out.extend(Text("") for _ in range(tall - r.height))  # rows keep their places
            if not compact:
                out.append(Text(""))
        while out and not out[-1].plain.strip():
            out.pop()
        return out

    def _category(self, roll: dict[str, Any], ctx: Ctx) -> str:
        return ctx.words.roll(roll["key"])


def _column_numbers(sticks: Sequence[dict[str, Any]], scale_x: int = 4) -> Text:
    """The columns' numbers under a big figure (as the moves name them)."""
    min_x = min(float(s[k]) for s in sticks for k in ("x1", "x2"))
    line = ""
    for s in sticks:
        if s["kind"] != "vertical" or s["row"] != 0:
            continue
        at = round((float(s["x1"]) - min_x) * scale_x)
        label = str(s["column"])
        if at >= len(line):
            line = line.ljust(at) + label
    return Text(line, style=FAINT)


# ---------------------------------------------------------------- Five-Up


class FiveUpBoard(Board):
    game = "fiveup"
    until_fits = True

    def table(self, view: dict[str, Any], ctx: Ctx, width: int, height: int = 0) -> RenderableType:
        n = len(view["names"])
        words = _words(view, ctx)
        others = []
        for seat in range(n):
            if seat == ctx.bottom and ctx.me is not None:
                continue
            label = _seat_label(view, seat, self._extra(view, seat, ctx))
            others.append(label + Text(" ") + _backs(view["hand_sizes"][seat]))
        heads = _flow(others, width, "   ")  # a line breaks between two players
        layout = view["layout"]
        if layout["tiles"]:
            total = layout["ends_total"]
            style = WINNER if total and total % 5 == 0 else FAINT
            ends = Text(words["labels"].get("ends", ""), style=style)
        else:
            ends = Text(words["felt"] or "")
        stock = Text(words["labels"]["stock"], style=FAINT)
        feet = _flow([ends, stock], width, "  ·  ")
        if ctx.me is not None:
            feet.append(_seat_label(view, ctx.me, self._extra(view, ctx.me, ctx)))
        roomy = not height or height >= len(heads) + len(feet) + 14
        room = max(3, height - len(heads) - len(feet) - (2 if roomy else 0)) if height else 0
        parts: list[RenderableType] = [*heads]
        if roomy:
            parts.append(Text(""))
        if layout["tiles"]:
            drawing = fit_layout(layout, width, room)
            pad = Text(" " * max(0, (width - drawing.width) // 2))
            parts.extend(pad + line for line in drawing.lines)
        if roomy:
            parts.append(Text(""))
        parts.extend(feet)
        return Group(*parts)

    def _extra(self, view: dict[str, Any], seat: int, ctx: Ctx) -> str:
        side = view["side_of"][seat]
        return f"{view['scores'][side]}"

    def label(self, view: dict[str, Any] | None, move: str, ctx: Ctx) -> str:
        if move == UNTIL_FITS:
            return ctx.tx.p_("fiveup", "Draw until a tile fits (d)")  # the key too
        text = describe_move(self.game, move, ctx.lang)
        value = ctx.voice(view).decision(move) if view is not None else None
        if view is None or value is None or len(value.tiles) != 2:
            return text
        onto = str(value.tiles[1])
        joined = value.numbers or (value.tiles[0].high, value.tiles[0].low)
        for end in view["layout"]["open_ends"]:
            if end["tile"] == onto and end["number"] in joined:
                return f"{text} ({ctx.words.direction(end['direction'])})"
        return text


BOARDS: dict[str, type[Board]] = {
    "texas42": Texas42Board,
    "bingo": BingoBoard,
    "fiveup": FiveUpBoard,
    "cavaleiro": CavaleiroBoard,
}


def board_for(game: str) -> Board:
    """The board that draws ``game``."""
    cls = BOARDS.get(game)
    if cls is None:
        raise ValueError(f"the terminal app cannot draw {game} yet")
    return cls()
