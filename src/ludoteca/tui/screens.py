"""The terminal app's screens over the table: passing the device, a hand's end,
a text (rules, hints), a choice among moves, saving and a yes-or-no question."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static

from ludoteca.i18n import texts
from ludoteca.i18n.ui import ui

__all__ = [
    "ChooseScreen",
    "HandEndScreen",
    "PassScreen",
    "QuitScreen",
    "SaveScreen",
    "TextScreen",
]


class PassScreen(Screen[None]):
    """Hot-seat: the hands are hidden until the next player says they are alone."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", show=False),
    ]
    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen > Static { width: 64; padding: 1 2; border: heavy $accent; }
    """

    def __init__(self, name: str, lang: str) -> None:
        super().__init__()
        self.player = name
        self.tx = texts(lang)

    def compose(self) -> ComposeResult:
        text = Text()
        text.append(self.tx._("Pass the device to {name}", name=self.player) + "\n\n", style="bold")
        text.append(
            self.tx._(
                "The hands are hidden. When only {name} is looking, "
                "press Enter or click to show the hand.",
                name=self.player,
            )
        )
        text.append("\n\n[Enter] " + self.tx._("I am ready"), style="bold green")
        yield Static(text, id="pass-text")

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class HandEndScreen(ModalScreen[None]):
    """The end of a hand over the table (its last trick or final layout still in
    view), until the player continues."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,c,escape", "go_on", show=False),
    ]
    DEFAULT_CSS = """
    HandEndScreen { align: center middle; background: $background 30%; }
    HandEndScreen > VerticalScroll {
        width: 72; height: auto; max-height: 90%; border: heavy $accent; padding: 0 1;
        background: $surface;
    }
    """

    def __init__(self, summary: Text, lang: str) -> None:
        super().__init__()
        self.summary = summary
        self.tx = texts(lang)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.summary, id="hand-end-text")
            yield Static(
                Text("[Enter] " + ui("continue", self.tx), style="bold green"), id="hand-end-go"
            )

    def action_go_on(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class TextScreen(ModalScreen[str | None]):
    """A scrolling text over the table: the rules, the hints, the result. Its
    result is the key of ``keys`` pressed to leave it (``None``: closed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "close", show=False),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll {
        width: 90%; height: auto; max-height: 90%; border: heavy $accent; padding: 0 1;
        background: $surface;
    }
    TextScreen.full > VerticalScroll { width: 100%; height: 100%; max-height: 100%; }
    """

    def __init__(
        self, body: Widget, footer: str, keys: Collection[str] = (), *, full: bool = False
    ) -> None:
        super().__init__(classes="full" if full else None)
        self.body = body
        self.footer = footer
        self.keys = frozenset(keys)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield self.body
            yield Static(Text(self.footer, style="bold green"), id="text-footer")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        if event.key in self.keys:
            event.stop()
            self.dismiss(event.key)


class ChooseScreen(ModalScreen[str | None]):
    """Choose one of several moves (a tile that may be played more than one way)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]
    DEFAULT_CSS = """
    ChooseScreen { align: center middle; }
    ChooseScreen > Vertical {
        width: 60; height: auto; border: heavy $accent; background: $surface;
    }
    ChooseScreen OptionList { height: auto; max-height: 12; }
    """

    def __init__(self, title: str, moves: Sequence[str], labels: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.moves = list(moves)
        self.labels = list(labels)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(*[f"{i + 1}. {x}" for i, x in enumerate(self.labels)])

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.moves[event.option_index])

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            i = int(event.character) - 1
            if 0 <= i < len(self.moves):
                event.stop()
                self.dismiss(self.moves[i])

    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveScreen(ModalScreen[str | None]):
    """Ask for the file to write the record to."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]
    DEFAULT_CSS = """
    SaveScreen { align: center middle; }
    SaveScreen > Vertical { width: 70; height: auto; border: heavy $accent; background: $surface; }
    """

    def __init__(self, prompt: str, default: str) -> None:
        super().__init__()
        self.prompt = prompt
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.prompt, style="bold"))
            yield Input(value=self.default, id="save-path")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str | None]):
    """Leaving a game not saved: ``"quit"`` without saving, ``"save"`` first, or
    ``None`` (back to the table). The save key is the table's own, in either language."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer('quit')", show=False),
        Binding("s", "answer('save')", show=False),
        Binding("n,escape", "answer(None)", show=False),
    ]
    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Static {
        width: 60; padding: 1 2; border: heavy $warning; background: $surface;
    }
    """

    def __init__(self, question: str, keys: str) -> None:
        super().__init__()
        self.question = question
        self.keys = keys

    def compose(self) -> ComposeResult:
        text = Text(self.question + "\n\n", style="bold")
        text.append(self.keys, style="green")
        yield Static(text)

    def action_answer(self, choice: str | None) -> None:
        self.dismiss(choice)
