"""Who sits where: a new table's request checked, its seats planned (a person's
token, the invitations, the bots), and a seat found from its token."""

from __future__ import annotations

import secrets
from typing import Any

import ludoteca
from ludoteca.registry import available_games

from .errors import Refused
from .guard import check_options
from .live import LiveTable, best_level, bot_name, clean_name, placeholder
from .store import SeatData, hash_secret

__all__ = ["check_table", "seat_of_token", "seat_plan"]


def check_table(
    game_name: Any, options: Any, private: Any, bot_delay: Any
) -> tuple[str, dict[str, Any], bool, float | None]:
    """A new table's game, options, privacy and bots' pace, checked (``Refused``
    with what was wrong); the pace is ``None`` when not given."""
    if not isinstance(game_name, str) or game_name not in ludoteca.GAMES:
        raise Refused("unknown_game", {"game": str(game_name)[:40]})
    if game_name not in available_games():
        raise Refused("game_not_built", {"game": game_name})
    checked = check_options(game_name, options)
    if private is None:
        private = False
    if not isinstance(private, bool):
        raise Refused("bad_private")
    if bot_delay is not None and (
        not isinstance(bot_delay, int | float)
        or isinstance(bot_delay, bool)
        or not 0 <= bot_delay <= 10
    ):
        raise Refused("bad_delay")
    return game_name, checked, private, None if bot_delay is None else float(bot_delay)


def seat_plan(
    game_name: str, options: dict[str, Any], seats: Any, creator_name: Any, levels: list[str]
) -> tuple[list[SeatData], dict[str, Any]]:
    """The seats of a new table from the creator's request, and what the creator
    keeps: their seat and token, and an invitation for each seat left to a person.

    ``seats`` is a list, one entry per seat: ``{"kind": "you"}``,
    ``{"kind": "human"}`` (an invitation) or ``{"kind": "bot", "level": L}``
    (``L`` one of ``levels``).
    """
    try:
        n = ludoteca.game_type(game_name, **options).num_seats
    except ValueError as e:
        raise Refused("bad_options", {"detail": str(e)}) from None
    if not isinstance(seats, list) or len(seats) != n:
        raise Refused("bad_seats", {"count": n})
    kinds = [spec.get("kind") if isinstance(spec, dict) else None for spec in seats]
    if any(k not in ("you", "human", "bot") for k in kinds):
        raise Refused("bad_seats", {"count": n})
    if kinds.count("you") > 1:
        raise Refused("one_seat_each")
    plan: list[SeatData] = []
    kept: dict[str, Any] = {"seat": None, "token": None, "invites": {}}
    for i, spec in enumerate(seats):
        kind = spec.get("kind")
        if kind == "you":
            token = secrets.token_urlsafe(24)
            plan.append(
                SeatData(i, "human", None, clean_name(creator_name), None, hash_secret(token))
            )
            kept["seat"] = i
            kept["token"] = token
        elif kind == "human":
            invite = secrets.token_urlsafe(12)
            plan.append(SeatData(i, "human", None, placeholder(i), hash_secret(invite), None))
            kept["invites"][str(i)] = invite
        else:
            level = spec.get("level") or best_level(game_name)
            if level not in levels:
                raise Refused("bad_level", {"level": str(level)[:20], "levels": levels})
            plan.append(SeatData(i, "bot", level, bot_name(level, i), None, None))
    return plan, kept


def seat_of_token(table: LiveTable, token: Any) -> int | None:
    """The seat whose token this is (``None``: no seat's, or not a token)."""
    if not isinstance(token, str) or not token or len(token) > 200:
        return None
    h = hash_secret(token)
    for s in table.seats:
        if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
            return s.seat
    return None
