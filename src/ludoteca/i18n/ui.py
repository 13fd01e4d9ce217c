"""The apps' own words that more than one app says: buttons, headings, prompts and
refusals of requests, each written once and looked up by its key.

The terminal app says them through :func:`ui`; the web pages get them in their
language's script (``LT_I18N.ui``, see :func:`ludoteca.web.i18n.script`) and say
them with the script function ``ui(key, params)``.

>>> ui("continue", "pt"), ui("seat", "en", n=2)
('Continuar', 'Seat 2')
"""

from __future__ import annotations

from typing import Any

from . import N_, NG_, Texts, texts

__all__ = ["GAME_REFUSALS", "REFUSALS", "UI", "ui"]

UI: dict[str, str] = {
    "continue": N_("Continue"),
    "your_hand": N_("Your hand"),
    "choose_move": N_("Choose your move"),
    "roll_dice": N_("Roll the dice"),
    "how_to_play_tile": N_("How do you play {tile}?"),
    "close": N_("Close"),
    "moves_played": N_("Moves played"),
    "moves_played_notation": N_("Moves played (notation)"),
    "you": N_("You"),
    "rules": N_("Rules"),
    "review": N_("Review"),
    "undo": N_("Undo"),
    "back_to_table": N_("Back to the table"),
    "your_name": N_("Your name"),
    "name_rule": N_("Write your name (up to 24 characters)."),
    "move": N_("Move"),
    "value": N_("Value"),
    "why": N_("Why"),
    "details": N_("Details"),
    "lesson_step": N_("step {n} of {count}"),
    "values": N_("Values: {unit}"),
    "suggestions": N_("The expert's suggestions"),
    "expert_thinking": N_("The expert is thinking…"),
    "learn_game": N_("Learn to play {game}"),
    "what_happened": N_("What happened:"),
    "seat": N_("Seat {n}"),
    "player": N_("Player {n}"),
    "my_games": N_("My games"),
    "waiting_players": N_("Waiting for the players"),
    "no_table_here": N_(
        "There is no table at this address. Check the link, or create a new table in the lobby."
    ),
}
"""The words by key."""

REFUSALS: dict[str, str] = {
    "bad_json": N_("The message is not valid JSON."),
    "bad_message": N_("Invalid message: {detail}."),
    "too_large": N_("The message is too large (at most {limit} bytes)."),
    "rate_limited": N_("Too many messages too fast: please slow down."),
    "flood": N_("Too many messages: the connection was closed."),
    "hello_first": N_("The connection must start with a hello message."),
    "wrong_token": N_("This key belongs to no seat at this table; you are watching."),
    "spectator": N_("Spectators cannot play: to play, join a seat with its invitation."),
    "bad_move_text": N_("A move is a short text naming the move."),
    "game_over": N_("The game is already over."),
    "stale": N_("The table moved on before your move arrived; here is the table now."),
    "not_your_turn": N_("It is not your turn: {name} is to play."),
    "not_your_roll": N_("It is not your roll: {name} rolls now."),
    "illegal": N_("{label} is not allowed: {reason}"),
    "until_fits": N_("Only a draw goes on until a tile fits."),
    "storage": N_("The move could not be saved ({detail}); nothing changed. Try again."),
    "no_hints": N_("Hints are not available yet."),
    "hint_not_your_turn": N_("Hints are given when it is your turn."),
    "hint_busy": N_("The expert is still thinking about the last hint."),
    "hint_failed": N_("The expert could not give a hint now."),
    "not_over": N_("A rematch can only start once the game is over."),
    "undo_not_alone": N_("Undo is allowed only when every other seat is a bot."),
    "no_table": N_("There is no table at this address."),
    "not_found": N_("Not found."),
    "http": N_("Invalid request ({status})."),
    "unknown_game": N_("There is no game called {game}."),
    "game_not_built": N_("The game {game} is not ready yet."),
    "bad_options": N_("Invalid options: {detail}"),
    "bad_delay": N_("The bots' pace is 0 to 10 seconds."),
    "bad_private": N_("A table is private (true) or listed in the lobby (false)."),
    "bad_seats": N_("This table has {seats}: say who sits in each."),
    "bad_level": N_("There is no bot level {level}; levels: {levels}."),
    "one_seat_each": N_("You may take only one seat."),
    "bad_name": N_("A name has 1 to {max} characters, without < or >."),
    "bad_seat": N_("The seats of this table are 0 to {count} minus one."),
    "seat_is_bot": N_("A bot sits in this seat."),
    "seat_taken": N_("This seat is already taken. You can still watch."),
    "bad_invite": N_("This invitation is not valid for this seat."),
    "waiting": N_("The game has not started: the table is waiting for the invited players."),
    "not_host": N_("Only whoever created the table can start it before everyone sits."),
    "not_waiting": N_("The game has already started."),
    "bad_ids": N_("Give the tables' ids as a list, at most {limit} of them."),
    "record_not_over": N_(
        "Nothing of this game is over yet: its record would show the hidden tiles."
    ),
    "bad_record": N_("This record cannot be replayed: {detail}"),
    "bad_text": N_("The text holds an invalid character (a lone surrogate)."),
    "too_deep": N_("The JSON nests too deep (at most {limit} levels)."),
    "number_too_big": N_("A number in the JSON is too long (at most {limit} digits)."),
    "need_json": N_("A POST body is JSON: send it with Content-Type: application/json."),
    "slow_body": N_("The request body did not arrive in time (at most {limit} s)."),
    "path_too_long": N_("The address is too long (at most {limit} bytes)."),
    "headers_too_large": N_(
        "Too many or too large headers (at most {count}, {limit} bytes in all)."
    ),
    "bad_host": N_("The Host header is not a host name."),
    "bad_origin": N_("This table only takes connections from its own site."),
    "busy": N_("Too many requests: try again in {retry} s."),
}
"""Why a request to an app (a move sent to a table, a hint, a page) is refused, by its
code (the refusals of moves by the rules are :mod:`ludoteca.i18n.refusals`)."""

GAME_REFUSALS: dict[str, str] = {
    "nothing_to_undo": NG_("There is nothing to undo in this hand."),
}
"""The refusals said in the words of the table's game (its ``game`` parameter, said
with :meth:`ludoteca.i18n.voice.Voice.g_`)."""


def ui(key: str, lang: str | Texts, /, **params: Any) -> str:
    """The words of ``key`` (:data:`UI`, or a refusal's code of :data:`REFUSALS`) in
    ``lang``, with ``params`` filled in."""
    tx = lang if isinstance(lang, Texts) else texts(lang)
    return tx._(UI.get(key) or REFUSALS[key], **params)
