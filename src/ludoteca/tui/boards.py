"""Each game's table, drawn from a seat's view (and only from it).

A board turns ``game.view(seat)`` into what the terminal shows: the table
itself (:meth:`Board.table`), the score panel (:meth:`Board.info`), the tiles
of the hand, which hand tile a move plays, and why a tile may not be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
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
    pip_rows,
    row_of,
    stick_figure,
    tile_block,
)

__all__ = ["BOARDS", "Board", "Ctx", "board_for"]

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


def _tiles_of(move: str) -> str | None:
    words = move.split()
    if len(words) >= 2 and words[0] == "play":
        return words[1]
    return None


def _seat_label(view: dict[str, Any], seat: int, extra: str = "") -> Text:
    label = Text()
    to_move = view["to_move"]
    style = TURN if to_move == seat else TITLE
    label.append(f" {_name(view, seat)} ", style=style)
    if extra:
        label.append(" " + extra)
    return label


def _backs(n: int) -> Text:
    return Text("▮" * n, style=Style(color="blue"))


class Board:
    """The drawing of one game; subclasses draw each game."""

    game = ""
    has_hand = True

    def table(self, view: dict[str, Any], ctx: Ctx, width: int) -> RenderableType:
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
        return [m for m in legal if _tiles_of(m) == tile]

    def other_moves(self, legal: Sequence[str]) -> list[str]:
        """The legal moves that are not plays of a hand tile."""
        return [m for m in legal if _tiles_of(m) is None]

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

    def table(self, view: dict[str, Any], ctx: Ctx, width: int) -> RenderableType:
        width = max(width, 60)
        canvas = Canvas(width, 20)
        cx = width // 2
        pos = self._positions(ctx)
        trick = view["trick"]
        faded = False
        if not trick and view["phase"] == "play" and view["last_trick"]:
            trick = view["last_trick"]["plays"]
            faded = True
        placed = {p["seat"]: p["tile"] for p in trick}
        words = _words(view, ctx)
        spots = {
            "top": (cx - 6, 2),
            "left": (cx - 21, 7),
            "right": (cx + 8, 7),
            "bottom": (cx - 6, 12),
        }
        side_w = cx - 7
        for seat, where in pos.items():
            x, y = spots[where]
            if seat in placed:
                style = TILE_DIM if faded else TILE_STYLE
                canvas.blit(x, y, tile_block(placed[seat], horizontal=True, style=style))
            label = _seat_label(view, seat)
            extra = Text(" · ".join(b["text"] for b in words["badges"][seat]))
            backs = _backs(view["hand_sizes"][seat]) if seat != ctx.me else Text("")
            if where in ("top", "bottom"):
                line = label + Text(" ") + extra if extra.plain else label
                row = 0 if where == "top" else 17
                canvas.put(max(0, cx - line.cell_len // 2), row, line)
                canvas.put(max(0, cx - backs.cell_len // 2), row + 1, backs)
            else:
                lines = [label, extra, backs]
                for i, line in enumerate(lines):
                    line.truncate(side_w)
                    lx = 0 if where == "left" else width - line.cell_len
                    canvas.put(lx, 13 + i, line)
        if words["felt"]:
            note = words["felt"]
            canvas.put(max(0, cx - len(note) // 2), 19, note, FAINT)
        return canvas.text()


# ---------------------------------------------------------------- Bingo


class BingoBoard(Board):
    game = "bingo"

    def table(self, view: dict[str, Any], ctx: Ctx, width: int) -> RenderableType:
        width = max(width, 62)
        canvas = Canvas(width, 15)
        me = ctx.bottom
        other = 1 - me
        words = _words(view, ctx)
        canvas.put(1, 0, _seat_label(view, other, self._extra(view, other, words)))
        canvas.put(1, 1, _backs(view["hand_sizes"][other]))
        trick = view["trick"]
        faded = False
        if not trick and view["last_trick"] and view["phase"] in ("lead", "reply", "take"):
            trick = view["last_trick"]["plays"]
            faded = True
        x = 1
        for play in trick:
            style = TILE_DIM if faded else TILE_STYLE
            canvas.blit(x, 3, tile_block(play["tile"], horizontal=True, style=style))
            name = _name(view, play["seat"])
            canvas.put(x, 8, name, FAINT)  # whole: the next tile moves over
            x += max(15, len(name) + 2)
        labels = words["labels"]
        if words["felt"]:
            canvas.put(1, 9, words["felt"], FAINT)
        sx = width - 28
        if view["stock_count"]:
            canvas.put(sx, 2, labels["stock"], TITLE)
            canvas.blit(sx, 3, back_block(horizontal=True))
        if view["up"]:
            canvas.put(sx + 14, 2, labels["up"], TITLE)
            canvas.blit(sx + 14, 3, tile_block(view["up"], horizontal=True))
        if "trump" in labels:
            canvas.put(sx, 8, labels["trump"], TITLE)
        if "closed" in labels:
            canvas.put(1, 10, labels["closed"])
        if view["following_compulsory"]:
            canvas.put(1, 11, labels["following"], Style(color="yellow"))
        if me != ctx.me:
            canvas.put(1, 13, _backs(view["hand_sizes"][me]))
        canvas.put(1, 14, _seat_label(view, me, self._extra(view, me, words)))
        return canvas.text()

    def _extra(self, view: dict[str, Any], seat: int, words: dict[str, Any]) -> str:
        return " · ".join([str(view["points"][seat]), *(b["text"] for b in words["badges"][seat])])


# ---------------------------------------------------------------- Cavaleiro


class CavaleiroBoard(Board):
    game = "cavaleiro"
    has_hand = False

    def table(self, view: dict[str, Any], ctx: Ctx, width: int) -> RenderableType:
        sticks = view["sticks"]
        n = view["players"]
        # Two players: big figures and dice; more: compact figures and dice as
        # digits, so that eight fit a 120×40 terminal.
        compact = n > 2
        words = _words(view, ctx)
        rolls = {r["seat"]: r for r in view["rolls"]}
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
            if not compact:
                lines.append(_column_numbers(sticks))
                lines.append(Text(""))
            roll = rolls.get(seat)
            if roll is not None:
                if compact:
                    lines.append(Text(" ".join(str(d) for d in roll["dice"]), style=TITLE))
                    lines.append(Text(self._category(roll, ctx), style=TITLE))
                else:
                    lines.extend(row_of([die_block(d) for d in roll["dice"]]).lines)
                    lines.append(Text(self._category(roll, ctx), style=TITLE))
            elif view["to_roll"] == seat:
                lines.append(Text("…", style=FAINT))
            cells.append(Block(lines))
        gap = 2 if compact else 3
        cell_w = max(b.width for b in cells) + gap
        per_row = max(1, min(n, (width + gap) // cell_w))
        rows = []
        for i in range(0, len(cells), per_row):
            rows.append(row_of(cells[i : i + per_row], gap=gap))
        out: list[RenderableType] = []
        tall = max(b.height for b in cells)
        for r in rows:
            out.extend(r.lines)
            out.extend(Text("") for _ in range(tall - r.height))  # rows keep their places
            if not compact:
                out.append(Text(""))
        return Group(*out)

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


def _pip_half(n: int) -> list[str]:
    return pip_rows(n)


def draw_layout(layout: dict[str, Any], *, pips: bool) -> Block:
    """The Five-Up layout drawn from its geometry (tiles at their grid places).

    With ``pips`` each half is a 3×3 grid of pips (3 cells a unit across, 2 down);
    otherwise each half shows its number (2 cells a unit across, 1 down).
    """
    tiles: list[dict[str, Any]] = layout["tiles"]
    if not tiles:
        return Block()
    bounds = layout["bounds"]
    sx, sy = (3, 2) if pips else (2, 1)
    width = bounds["w"] * sx
    height = bounds["h"] * sy
    canvas = Canvas(width, height)
    for tile in tiles:
        x0 = (tile["x"] - bounds["x"]) * sx
        y0 = (tile["y"] - bounds["y"]) * sy
        w = tile["w"] * sx - 1
        h = tile["h"] * sy - 1
        a, b = tile["ends"]
        horizontal = tile["orientation"] == "horizontal"
        if pips:
            ha, hb = _pip_half(a), _pip_half(b)
            if horizontal:
                rows = [f"{x}│{y}" for x, y in zip(ha, hb, strict=True)]
            else:
                rows = [*ha, "─" * 5, *hb]
        elif horizontal:
            rows = [f" {a} │ {b} "]
        else:
            rows = [f" {a} ", "───", f" {b} "]
        for dy in range(h):
            line = rows[dy] if dy < len(rows) else ""
            canvas.put(x0, y0 + dy, line.ljust(w)[:w], TILE_STYLE)
    return Block(list(canvas.text().split("\n")))


class FiveUpBoard(Board):
    game = "fiveup"

    def table(self, view: dict[str, Any], ctx: Ctx, width: int) -> RenderableType:
        n = len(view["names"])
        words = _words(view, ctx)
        parts: list[RenderableType] = []
        top = Text()
        for seat in range(n):
            if seat == ctx.bottom and ctx.me is not None:
                continue
            top.append_text(_seat_label(view, seat, self._extra(view, seat, ctx)))
            top.append(" ")
            top.append_text(_backs(view["hand_sizes"][seat]))
            top.append("   ")
        parts.append(top)
        parts.append(Text(""))
        layout = view["layout"]
        if layout["tiles"]:
            bounds = layout["bounds"]
            pips = bounds["w"] * 3 <= max(width, 40) and bounds["h"] * 2 <= 26
            drawing = draw_layout(layout, pips=pips)
            pad = " " * max(0, (max(width, 40) - drawing.width) // 2)
            parts.extend(Text(pad) + line for line in drawing.lines)
            total = layout["ends_total"]
            style = WINNER if total and total % 5 == 0 else FAINT
            parts.append(Text(""))
            parts.append(Text(words["labels"].get("ends", ""), style=style))
        else:
            parts.append(Text(words["felt"] or ""))
        parts.append(Text(words["labels"]["stock"], style=FAINT))
        parts.append(Text(""))
        if ctx.me is not None:
            me = _seat_label(view, ctx.me, self._extra(view, ctx.me, ctx))
            parts.append(me)
        return Group(*parts)

    def _extra(self, view: dict[str, Any], seat: int, ctx: Ctx) -> str:
        side = view["side_of"][seat]
        return f"{view['scores'][side]}"

    def label(self, view: dict[str, Any] | None, move: str, ctx: Ctx) -> str:
        text = describe_move(self.game, move, ctx.lang)
        words = move.split()
        if view is None or len(words) != 4 or words[2] != "on":
            return text
        a, b = (int(x) for x in words[1].split("-"))
        for end in view["layout"]["open_ends"]:
            if end["tile"] == words[3] and end["number"] in (a, b):
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
