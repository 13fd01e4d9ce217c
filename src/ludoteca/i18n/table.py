"""What a table's screen says, from a seat's view: said once, for every app.

:func:`said` gathers the words a screen shows beside the view it draws: the log
(each move in words, then what it did), each event of the view as a sentence,
and the summary of the hand the last move ended. The terminal app shows them;
the web server sends them in its frames beside the codes, and the pages show
them as they come (the pages keep the codes for their logic, never the words).

>>> import ludoteca
>>> game = ludoteca.new_game("fiveup", seed=20, names=["Ana", "Bia"])
>>> game.play(game.legal_moves()[0])
>>> words = said(game.view(0), Voice.of("fiveup", "pt", ["Ana", "Bia"], me=0))
>>> sorted(words), words["log"][-1]["text"]
(['board', 'events', 'log', 'summary'], 'joga 3-1')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import board_words, outcome_words, say_status
from .events import log_lines, say_event
from .summary import hand_summary
from .voice import Voice

__all__ = ["said"]


def said(
    view: Mapping[str, Any],
    voice: Voice,
    *,
    log_from: int = 0,
    status: tuple[str, int | None] | None = None,
    result: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The words of ``view`` (a view made with ``log_from=k`` holds the moves from
    ``k`` on; say the same ``log_from``):

    - ``log``: the log's lines (:class:`~ludoteca.i18n.events.LogLine` as JSON),
    - ``events``: each of the view's ``events`` as a sentence, in their order,
    - ``summary``: the summary of the hand the last move ended, or ``None``;
    - ``board``: the words on the table (:func:`~ludoteca.i18n.board.board_words`);
    - Cavaleiro's ``roll_names`` (what each roll of the view is, by its ranking
      key written ``6,5,2,1``: "dois pares, 5 e 3") and ``removal`` (what the
      round's winner may remove, or ``None``);
    - ``status``: the status line for ``status`` (a step and a seat, as
      :func:`~ludoteca.i18n.board.say_status` takes them), if given;
    - ``outcome``: the end of a finished game (:func:`~ludoteca.i18n.board.outcome_words`)
      for its ``result``, if given.
    """
    events = list(view.get("events") or [])
    last = log_from + len(view.get("log") or []) - 1
    summary = hand_summary(view, [e for e in events if e.get("n") == last], voice)
    out: dict[str, Any] = {
        "log": [line.to_json() for line in log_lines(voice.game, view, voice, log_from=log_from)],
        "events": [say_event(voice.game, e, voice) for e in events],
        "summary": summary.to_json() if summary is not None else None,
    }
    out["board"] = board_words(view, voice)
    if status is not None:
        out["status"] = say_status(voice, *status)
    if result is not None:
        out["outcome"] = outcome_words(result, voice)
    if "rolls" in view:
        rolls = [*view["rolls"], *((view.get("last_round") or {}).get("rolls") or [])]
        out["roll_names"] = {
            ",".join(map(str, r["key"])): voice.words.roll(r["key"]) for r in rolls
        }
        allowed = view.get("allowed_removal_code")
        out["removal"] = voice.words.removal_code(allowed) if allowed else None
    return out
