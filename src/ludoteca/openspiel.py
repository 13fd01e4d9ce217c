"""The games as OpenSpiel games, so OpenSpiel's algorithms run on them.

``import ludoteca.openspiel`` registers ``python_ludoteca_texas42``,
``python_ludoteca_fiveup``, ``python_ludoteca_bingo`` and
``python_ludoteca_cavaleiro`` with ``pyspiel`` (from ``open-spiel``, installed
with the ``openspiel`` extra); ``pyspiel.load_game("python_ludoteca_bingo")``
then loads one, its parameters being the game's options
(``python_ludoteca_fiveup(players=3,target=31)``).

Everything goes through the public Game API, with chance played by the caller
(``chance="manual"``):

- chance nodes are the parts of each chance event, one tile or one die at a
  time, with their exact probabilities (:meth:`ludoteca.Game.chance_outcomes`;
  a chance action is the tile index, or the face minus one), so the records
  are the ones the games write;
- decision actions are the game's action numbers;
- the observers give the game's tensors (:meth:`~ludoteca.Game.observation_tensor`,
  :meth:`~ludoteca.Game.information_state_tensor`) and strings
  (:meth:`~ludoteca.Game.observation_string`,
  :meth:`~ludoteca.Game.information_state_string`);
- ``resample_from_infostate`` redraws what the player cannot see with
  :meth:`~ludoteca.Game.sample_hidden`;
- states serialize (pyspiel's own history-based serialization: the game is
  exactly its actions) and pickle;
- returns are paid at the end: +1 to the winning side, −1/(sides − 1) to the
  others (zero-sum).

A Texas 42 ending can be a game of its own, small enough for CFR: with
``ending_seed=S`` (and ``ending_tricks=N``, 2 by default) the game starts from
the hand of a random game (seed ``S``) at the moment ``N`` tricks are left, the
tiles not yet played dealt afresh at the root, uniformly among the deals that
fit everything played so far; it ends with the hand, each seat receiving what its team
gained in the hand's score minus what the other team gained (in marks, or in
points over 42).
See ``docs/openspiel.md``.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from .game import DiceRoll, Game, TileDraw
from .registry import game_class, new_game
from .tiles import TILE_TEXT

__all__ = [
    "GAMES",
    "LudotecaGame",
    "LudotecaState",
    "determinized_mcts_bot",
    "ismcts_bot",
    "texas42_ending",
]

GAMES = ("texas42", "fiveup", "bingo", "cavaleiro")
MAX_GAME_LENGTH = 100_000
"""No game has a fixed bound (four passes in Texas 42 redeal the hand); this is
far above any game played."""

_SEATS = {"texas42": (4, 4), "fiveup": (2, 4), "bingo": (2, 2), "cavaleiro": (2, 8)}
_ENDING_PARAMS = {"ending_seed": -1, "ending_tricks": 2}


def _game_type(name: str) -> Any:
    cls = game_class(name)
    params: dict[str, Any] = {spec.name: spec.default for spec in cls.option_specs.values()}
    if name == "texas42":
        params.update(_ENDING_PARAMS)
    low, high = _SEATS[name]
    return pyspiel.GameType(
        short_name=f"python_ludoteca_{name}",
        long_name=f"Ludoteca {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if name == "cavaleiro"
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class Spec:
    """What the states of one game share: its name and options, a prototype, and
    for an ending its moves and deals. Never copied: a deep copy of a state keeps
    it, and a pickled one finds it again by name and parameters."""

    def __init__(self, name: str, params: str) -> None:
        given = json.loads(params)
        self.name = name
        self.params = params
        ending_seed = int(given.pop("ending_seed", -1))
        ending_tricks = int(given.pop("ending_tricks", 2))
        self.options: dict[str, Any] = given
        self.prototype = new_game(name, seed=0, chance="manual", **given)
        self.sides: list[list[int]] = [list(s) for s in self.prototype.result()["sides"]]
        self.ending: list[str] | None = None
        self.ending_deals: list[str] = []
        if ending_seed >= 0:
            self.ending, self.ending_deals = texas42_ending(ending_seed, ending_tricks, **given)

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return _spec_of, (self.name, self.params)


@functools.lru_cache(maxsize=64)
def _spec_of(name: str, params: str) -> Spec:
    return Spec(name, params)


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """One Ludoteca game with given options, as a ``pyspiel.Game``."""

    name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = _spec_of(self.name, json.dumps(params or {}, sort_keys=True))
        prototype = spec.prototype
        tiles = isinstance(prototype.chance_event(), TileDraw)
        # an ending pays the hand's score: at most 7 marks, or 42 + 294 points over 42
        bound = 1.0 if spec.ending is None else 8.0
        super().__init__(
            self._TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=prototype.num_actions,
                max_chance_outcomes=max(len(spec.ending_deals), 28 if tiles else 6),
                num_players=prototype.num_seats,
                min_utility=-bound,
                max_utility=bound,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            ),
            params or {},
        )
        self.spec = spec  # (set after pyspiel.Game.__init__, which would drop it)

    _TYPE: Any = None

    def new_initial_state(self) -> LudotecaState:
        """A new game: chance first (the draw for first dealer or leader, or the roll
        for the order of play; for an ending, the deal of the tiles left)."""
        return LudotecaState(self, self.spec)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LudotecaObserver:
        """The game's tensors and strings: the information state for a perfect-recall
        observation type, the observation otherwise."""
        return LudotecaObserver(self.spec, iig_obs_type, params)


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A position of a Ludoteca game, driven through the public Game API."""

    def __init__(self, game: LudotecaGame, spec: Spec, position: Game | None = None) -> None:
        super().__init__(game)
        self._spec = spec
        self._deal_due = spec.ending is not None and position is None
        if position is None:
            position = new_game(spec.name, seed=0, chance="manual", **spec.options)
        self.game = position
        self._start_hands = position.fast.hands_scored

    # ---------------------------------------------------------------- turns

    def current_player(self) -> int:
        if self._deal_due:
            return int(pyspiel.PlayerId.CHANCE)
        to_move = self.game.to_move
        if to_move is None or self._ending_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if to_move == "chance":
            return int(pyspiel.PlayerId.CHANCE)
        return to_move

    def _ending_over(self) -> bool:
        return self._spec.ending is not None and self.game.fast.hands_scored > self._start_hands

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._deal_due:
            p = 1.0 / len(self._spec.ending_deals)
            return [(i, p) for i in range(len(self._spec.ending_deals))]
        return self.game.chance_probabilities()

    def _apply_action(self, action: int) -> None:
        if self._deal_due:
            spec = self._spec
            assert spec.ending is not None
            position = new_game(spec.name, seed=0, chance="manual", **spec.options)
            deal_at = _last_deal(spec.ending)
            for i, move in enumerate(spec.ending):
                position.play(spec.ending_deals[action] if i == deal_at else move)
            self.game = position
            self._start_hands = position.fast.hands_scored
            self._deal_due = False
            return
        game = self.game
        if game.to_move == "chance":
            game.apply_chance_outcome(action)
        else:
            game.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._deal_due:
                return self._spec.ending_deals[action]
            if isinstance(self.game.chance_event(), DiceRoll):
                return f"die {action + 1}"
            return f"tile {TILE_TEXT[action]}"
        return self.game.action_to_move(action)

    # ---------------------------------------------------------------- ends

    def is_terminal(self) -> bool:
        return not self._deal_due and (self.game.is_over or self._ending_over())

    def returns(self) -> list[float]:
        n = self.game.num_seats
        if not self.is_terminal():
            return [0.0] * n
        out = [0.0] * n
        sides = self._spec.sides
        if self._spec.ending is not None:
            gained = self.game.result()["hands"][-1]["gained"]
            scale = 1.0 if self._spec.options.get("scoring", "marks") == "marks" else 42.0
            for i, seats in enumerate(sides):
                for s in seats:
                    out[s] = (gained[i] - gained[1 - i]) / scale
            return out
        winner = self.game.fast.winning_side()
        if winner is None:
            return out
        for i, seats in enumerate(sides):
            r = 1.0 if i == winner else -1.0 / (len(sides) - 1)
            for s in seats:
                out[s] = r
        return out

    # -------------------------------------------------------------- hidden

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A state the player cannot tell from this one, its hidden tiles redrawn
        uniformly (:meth:`ludoteca.Game.sample_hidden`, seeded from the sampler)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        clone = LudotecaState(self.get_game(), self._spec, self.game.sample_hidden(player_id, rng))
        clone._start_hands = self._start_hands
        return clone

    def __str__(self) -> str:
        lines = list(self.game.moves)
        if self.game.to_move == "chance" and self.game.chance_parts:
            lines.append(" ".join(self.game.chance_parts))
        return "\n".join(lines) if lines else "(start)"


class LudotecaObserver:
    """The game's tensors and strings for OpenSpiel's observation API."""

    def __init__(self, spec: Spec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observers take no parameters, not {params}")
        self.information_state = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "Ludoteca observes one player at a time, with the public information: "
                "private_info=SINGLE_PLAYER and public_info=True"
            )
        prototype = spec.prototype
        size = (
            prototype.information_state_tensor_size
            if self.information_state
            else prototype.observation_tensor_size
        )
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if self.information_state else "observation": self.tensor}
        self._write = prototype.fast.tensor_writer(information_state=self.information_state)

    def set_from(self, state: LudotecaState, player: int) -> None:
        self._write(state.game, player, self.tensor)

    def string_from(self, state: LudotecaState, player: int) -> str:
        if self.information_state:
            return state.game.information_state_string(player)
        return state.game.observation_string(player)


def ismcts_bot(game: Any, *, simulations: int = 100, seed: int = 0, uct_c: float = 2.0) -> Any:
    """OpenSpiel's IS-MCTS bot (random roll-outs) for a game of this module, ready for
    ``evaluate_bots`` (which restarts every bot at the first state).

    IS-MCTS is for hidden information: a perfect-information game (Cavaleiro) is
    refused with a ``ValueError``; OpenSpiel's ``MCTSBot`` searches it."""
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found,import-untyped,unused-ignore]

    _check_search(simulations, seed)
    kind = game.get_type()
    if kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        raise ValueError(
            f"{kind.long_name} is a perfect-information game (nothing is hidden; dice are "
            "chance): IS-MCTS searches information sets, so use OpenSpiel's "
            "mcts.MCTSBot on it"
        )

    class ISMCTSPlayer(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            self.reset()

        def inform_action(self, state: Any, player: int, action: int) -> None:
            pass

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return ISMCTSPlayer(game, evaluator, uct_c, simulations, random_state=rng)


def determinized_mcts_bot(
    game: Any,
    *,
    simulations: int = 100,
    determinizations: int = 4,
    seed: int = 0,
    uct_c: float = 2.0,
) -> Any:
    """OpenSpiel's MCTS made fair on the dominoes: each decision searches
    ``determinizations`` states drawn among those the player cannot tell from the
    true one (:meth:`LudotecaState.resample_from_infostate`, the hidden tiles
    redrawn), ``simulations`` shared among them, and plays the move explored most
    over all of them. OpenSpiel's plain ``MCTSBot`` searches the state it is
    given, which holds every hidden tile: on an imperfect-information game it
    plays as if it saw the other hands."""
    from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found,import-untyped,unused-ignore]

    _check_search(simulations, seed)
    if not isinstance(determinizations, int) or not 1 <= determinizations <= simulations:
        raise ValueError(
            f"determinizations is a whole number from 1 to simulations ({simulations}), "
            f"not {determinizations!r}"
        )
    rng = np.random.RandomState(seed)
    each = simulations // determinizations

    class DeterminizedMCTS(mcts.MCTSBot):  # type: ignore[misc]
        def step_with_policy(self, state: Any) -> tuple[list[tuple[int, float]], int]:
            if state.is_chance_node():
                return [(pyspiel.INVALID_ACTION, 1.0)], pyspiel.INVALID_ACTION
            player = state.current_player()
            visits: dict[int, int] = {}
            for _ in range(determinizations):
                world = state.resample_from_infostate(player, rng.random_sample)
                root = self.mcts_search(world)
                for child in root.children:
                    visits[child.action] = visits.get(child.action, 0) + child.explore_count
            total = sum(visits.values()) or 1
            best = max(sorted(visits), key=lambda a: visits[a])
            return [(a, n / total) for a, n in sorted(visits.items())], best

        def inform_action(self, state: Any, player: int, action: int) -> None:
            pass

    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return DeterminizedMCTS(game, uct_c, each, evaluator, solve=False, random_state=rng)


def _check_search(simulations: int, seed: int) -> None:
    if not isinstance(simulations, int) or isinstance(simulations, bool) or simulations < 1:
        raise ValueError(f"simulations is a whole number, 1 or more, not {simulations!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed is a whole number, not {seed!r}")


def _last_deal(moves: list[str]) -> int:
    return max(i for i, m in enumerate(moves) if m.startswith("deal "))


@functools.lru_cache(maxsize=16)
def _ending(seed: int, tricks: int, options: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    opts = json.loads(options)
    rng = random.Random(seed)
    game = new_game("texas42", seed=seed, **opts)
    while not game.is_over:
        view = game.view(None)
        if view["phase"] == "play" and not view["trick"] and len(view["tricks"]) == 7 - tricks:
            moves = game.moves
            return tuple(moves), tuple(_fitting_deals(game, moves))
        game.apply_action(rng.choice(game.legal_actions()))
    raise ValueError(f"the game of seed {seed} never has {tricks} tricks left: try another seed")


def texas42_ending(seed: int, tricks: int = 2, **options: Any) -> tuple[list[str], list[str]]:
    """A Texas 42 position where ``tricks`` tricks of a hand are left (random play
    from ``seed``): its moves, and every deal of that hand that fits them (each
    seat's tiles played so far, the tiles left shared in every way that the
    moves allow), the deals to start an ending from."""
    if not 1 <= tricks <= 3:
        raise ValueError(f"an ending has 1 to 3 tricks left, not {tricks}")
    moves, deals = _ending(seed, tricks, json.dumps(options, sort_keys=True))
    return list(moves), list(deals)


def _fitting_deals(game: Game, moves: list[str]) -> Iterator[str]:
    start = _last_deal(moves)
    view = game.view(None)
    played: list[list[str]] = [[], [], [], []]
    for trick in view["tricks"]:
        for p in trick["plays"]:
            played[p["seat"]].append(p["tile"])
    left = [t for t in TILE_TEXT if not any(t in p for p in played)]
    sizes = view["hand_sizes"]
    prefix = new_game("texas42", seed=0, chance="manual", **game.options)
    for move in moves[:start]:
        prefix.play(move)

    def shares(tiles: list[str], seat: int) -> Iterator[list[list[str]]]:
        if seat == 4:
            yield []
            return
        for chosen in combinations(tiles, sizes[seat]):
            rest = [t for t in tiles if t not in chosen]
            for tail in shares(rest, seat + 1):
                yield [list(chosen), *tail]

    for hands in shares(left, 0):
        deal = "deal " + " | ".join(" ".join(played[s] + hands[s]) for s in range(4))
        trial = prefix.copy()
        try:
            trial.play(deal)
            for move in moves[start + 1 :]:
                trial.play(move)
        except ValueError:
            continue
        yield trial.moves[start]


def _register() -> None:
    for name in GAMES:
        game_type = _game_type(name)
        cls = type(
            f"Ludoteca{game_class(name).__name__}Game",
            (LudotecaGame,),
            {"name": name, "_TYPE": game_type, "__module__": __name__},
        )
        globals()[cls.__name__] = cls
        pyspiel.register_game(game_type, cls)


_register()
