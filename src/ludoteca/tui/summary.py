"""The end of a hand on the terminal: the shared summary (:mod:`ludoteca.i18n.summary`)
drawn with rich."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ludoteca.i18n.summary import HandSummary

__all__ = ["render_summary"]

TITLE = Style(bold=True)
STYLES = {
    "made": Style(bold=True, color="green"),
    "gain": Style(bold=True, color="green"),
    "set": Style(bold=True, color="red"),
    "heading": TITLE,
    "note": Style(color="grey50"),
}


def render_summary(summary: HandSummary) -> Text:
    """The summary as the terminal shows it: the title, then each block."""
    out = Text()
    out.append(summary.title + "\n", style=TITLE)
    previous = ""
    for block in summary.blocks:
        if block.kind == "heading" or (previous in ("rows", "tiles") and block.kind != "heading"):
            out.append("\n")
        if block.kind in ("rows", "tiles"):
            values = [
                (" ".join(tiles) + " " if tiles else "") + value
                for (_, value), tiles in zip(
                    block.rows, block.tiles or [()] * len(block.rows), strict=True
                )
            ]
            width = max(len(label) for label, _ in block.rows)
            for (label, _), value in zip(block.rows, values, strict=True):
                out.append(f"  {label:<{width}}  {value}\n")
        else:
            out.append(block.text + "\n", style=STYLES.get(block.kind, Style()))
        previous = block.kind
    return out
