"""The research API: PettingZoo and Gymnasium environments of every built game."""

from __future__ import annotations

import random
import re
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from tensor_helpers import Reference

import ludoteca
from ludoteca.errors import GameNotAvailable, IllegalMove, InvalidOption
from ludoteca.registry import available_games, new_game
from ludoteca.rl import (
    LudotecaEnv,
    action_notations,
    action_to_notation,
    actions_to_record,
    env,
    env_names,
    evaluate,
    gym_env,
    notation_to_action,
    record_to_trajectory,
    trajectory_to_record,
)

ENVS = env_names()
OBS_TYPES = ("observation", "info_state")
TILE = re.compile(r"\b[0-6]-[0-6]\b")


def random_episode(e: LudotecaEnv, rng: random.Random) -> None:
    for _agent in e.agent_iter():
        obs, _r, term, trunc, _i = e.last()
        if term or trunc:
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_every_built_game_has_an_environment() -> None:
    assert sorted(ENVS) == sorted(f"{g}_v0" for g in available_games())
    assert "texas42_v0" in ENVS


def test_names_and_options_are_checked() -> None:
    with pytest.raises(GameNotAvailable, match="no environment called 'chess'"):
        env("chess")
    with pytest.raises(GameNotAvailable, match="texas42_v0, not v3"):
        env("texas42_v3")
    with pytest.raises(InvalidOption, match="obs_type"):
        env("texas42_v0", obs_type="pixels")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="scoring"):
        env("texas42_v0", scoring="goals")
    assert str(env("texas42")) == "texas42_v0"


@pytest.mark.parametrize("obs_type", OBS_TYPES)
@pytest.mark.parametrize("name", ENVS)
def test_pettingzoo_api_and_seed(name: str, obs_type: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations are the documented shape
        api_test(env(name, obs_type=obs_type), num_cycles=300)
        seed_test(lambda: env(name, obs_type=obs_type), num_cycles=300)


@pytest.mark.parametrize("obs_type", OBS_TYPES)
@pytest.mark.parametrize("name", ENVS)
def test_gymnasium_check_env(name: str, obs_type: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env(name, opponents="random", obs_type=obs_type), skip_render_check=True)


@pytest.mark.parametrize("name", ENVS)
def test_observations_masks_and_spaces(name: str) -> None:
    """The mask is exactly the legal actions of the seat to move, zero for the
    others, and every vector lies in its declared space."""
    for obs_type in OBS_TYPES:
        e = env(name, obs_type=obs_type)
        e.reset(seed=11)
        rng = random.Random(3)
        for _agent in e.agent_iter():
            _obs, _r, term, trunc, _i = e.last()
            if term or trunc:
                e.step(None)
                continue
            game = e.game
            for a in e.agents:
                o = e.observe(a)
                assert e.observation_space(a).contains(o)
                seat = e.possible_agents.index(a)
                want = np.zeros(e.num_actions, np.int8)
                if seat == game.to_move:
                    want[game.legal_actions()] = 1
                assert np.array_equal(o["action_mask"], want)
            e.step(rng.choice(game.legal_actions()))


def _hidden_tiles(game: ludoteca.Game, seat: int) -> list[str]:
    """Tiles that appear nowhere in ``seat``'s view: where they lie is hidden from it."""
    known = set(TILE.findall(repr(game.view(seat))))
    return sorted({t for t in (str(x) for x in _all_tiles())} - known)


def _all_tiles() -> list[ludoteca.Tile]:
    return [ludoteca.Tile(a, b) for a in range(7) for b in range(a + 1)]


def _swap(text: str, a: str, b: str) -> str:
    return TILE.sub(lambda m: b if m.group() == a else a if m.group() == b else m.group(), text)


def _with_tiles_swapped(game: ludoteca.Game, seat: int, a: str, b: str) -> ludoteca.Game | None:
    """The game replayed with tiles ``a`` and ``b`` swapped in every chance event
    that ``seat`` does not fully see; None if the players' moves no longer fit."""
    log = game.view(seat)["log"]
    moves = [
        _swap(m, a, b) if isinstance(m, str) and m != seen else m
        for m, seen in zip(game.moves, log, strict=True)
    ]
    record = {**game.record(), "moves": moves}
    try:
        return ludoteca.replay(record)
    except IllegalMove:
        return None


@pytest.mark.parametrize("name", ENVS)
def test_observations_never_encode_hidden_tiles(name: str) -> None:
    """Redealing what a seat cannot see, by ``sample_hidden`` or by swapping two
    unseen tiles in the deal and replaying the same public moves, leaves its
    observation and information state unchanged; the seat holding a swapped
    tile sees its own change."""
    rng = random.Random(17)
    swaps = changed_elsewhere = 0
    for seed in range(8):
        e = env(name)
        e.reset(seed=seed)
        adapter = Reference(e.game)
        game = e.game
        stops = sorted(rng.sample(range(1, 60), 4))
        step = 0
        while not game.is_over and stops:
            if step == stops[0]:
                stops.pop(0)
                for seat in range(game.num_seats):
                    vectors = _vectors(adapter, game, seat)
                    twin = game.sample_hidden(seat, random.Random(rng.random()))
                    assert _same(vectors, _vectors(adapter, twin, seat))
                    hidden = _hidden_tiles(game, seat)
                    for _ in range(6):
                        if len(hidden) < 2:
                            break
                        a, b = rng.sample(hidden, 2)
                        other = _with_tiles_swapped(game, seat, a, b)
                        if other is None or other.moves == game.moves:
                            continue  # the moves no longer fit, or both tiles were in one hand
                        if other.view(seat) != game.view(seat):
                            continue  # the swap changed what the seat saw (a Bingo show)
                        swaps += 1
                        assert _same(vectors, _vectors(adapter, other, seat))
                        for o in range(game.num_seats):
                            if o != seat and not _same(
                                _vectors(adapter, game, o), _vectors(adapter, other, o)
                            ):
                                changed_elsewhere += 1
            game.apply_action(rng.choice(game.legal_actions()))
            step += 1
    if name != "cavaleiro_v0":  # Cavaleiro hides nothing
        assert swaps > 20
        assert changed_elsewhere > 0


def _vectors(adapter: Any, game: ludoteca.Game, seat: int) -> tuple[Any, ...]:
    fast = adapter.public(game, seat)
    slow = adapter.public_from_view(game.view(seat))
    return (
        adapter.observation(fast),
        adapter.info_state(fast),
        adapter.observation(slow),
        adapter.info_state(slow),
        np.frombuffer(game.observation_tensor(seat), np.float32),
        np.frombuffer(game.information_state_tensor(seat), np.float32),
    )


def _same(x: tuple[Any, ...], y: tuple[Any, ...]) -> bool:
    return all(np.array_equal(a, b) for a, b in zip(x, y, strict=True))


@pytest.mark.parametrize("name", ENVS)
def test_rewards_add_up_to_the_result(name: str) -> None:
    """Each step's rewards sum to zero over the seats, and a seat's total is its
    side's final score lead over the mean of the other sides, over the scale,
    plus 1 for a win or −1/(sides − 1) for a loss."""
    for seed in range(3):
        for hand_rewards in (True, False):
            e = env(name, hand_rewards=hand_rewards)
            e.reset(seed=seed)
            totals = dict.fromkeys(e.possible_agents, 0.0)
            rng = random.Random(seed)
            for _agent in e.agent_iter():
                obs, _r, term, trunc, _i = e.last()
                e.step(
                    None
                    if term or trunc
                    else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
                )
                assert abs(sum(e.rewards.values())) < 1e-9 or len(e.rewards) < len(totals)
                for a, r in e.rewards.items():
                    totals[a] += r
            result = e.game.result()
            sides = result["sides"]
            scores = result["scores"]
            n = len(sides)
            for j, seats in enumerate(sides):
                want = 1.0 if result["winner"] == j else -1.0 / (n - 1)
                if hand_rewards:
                    others = (sum(scores) - scores[j]) / (n - 1)
                    want += (scores[j] - others) / e.adapter.reward_scale
                for s in seats:
                    assert totals[f"player_{s}"] == pytest.approx(want)


@pytest.mark.parametrize("name", ENVS)
def test_reset_seed_reproduces_the_game(name: str) -> None:
    """``reset(seed=s)`` deals as ``new_game(name, seed=s)``; unseeded resets after
    a seeded one repeat too."""
    runs = []
    for _ in range(2):
        e = env(name)
        e.reset(seed=42)
        random_episode(e, random.Random(1))
        first = e.record()
        e.reset()
        random_episode(e, random.Random(1))
        runs.append((first, e.record()))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][1]
    game = new_game(name.rpartition("_v")[0], seed=42)
    decisions = [m for m in runs[0][0]["moves"] if m in set(action_notations(name))]
    for move in decisions:
        game.play(move)
    assert game.record() == runs[0][0]


@pytest.mark.parametrize("name", ENVS)
def test_records_and_trajectories(name: str) -> None:
    """A record replays into the trajectory the agents lived in the environment,
    and back into the same record."""
    for obs_type in OBS_TYPES:
        e = env(name, obs_type=obs_type)
        e.reset(seed=9)
        rng = random.Random(9)
        lived: list[list[Any]] = []
        pending: dict[str, list[Any]] = {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _i = e.last()
            if agent in pending:
                pending[agent][4] += reward
            if term or trunc:
                e.step(None)
                continue
            a = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            step = [agent, obs["observation"], obs["action_mask"], a, 0.0]
            lived.append(step)
            pending[agent] = step
            e.step(a)
        record = e.record()
        traj = record_to_trajectory(record, obs_type=obs_type)
        assert traj.over and len(traj.steps) == len(lived)
        for got, (agent, ob, mask, a, reward) in zip(traj.steps, lived, strict=True):
            assert got.agent == agent and got.action == a
            assert got.move == e.action_to_move(a)
            assert np.array_equal(got.observation, ob)
            assert np.array_equal(got.action_mask, mask)
            assert got.reward == pytest.approx(reward)
        assert trajectory_to_record(traj) == record
        assert actions_to_record(name, traj.actions, seed=9) == record
        assert sum(len(traj.for_agent(a)) for a in e.possible_agents) == len(lived)


def test_record_with_an_illegal_move_is_refused() -> None:
    game = new_game("texas42", seed=3)
    record = game.record()
    record["moves"] = [*record["moves"], "play 6-6"]  # while the bidding is on
    with pytest.raises(IllegalMove, match=f"move {len(record['moves'])} of the record"):
        record_to_trajectory(record)


@pytest.mark.parametrize("name", ENVS)
def test_action_notation_round_trip(name: str) -> None:
    texts = action_notations(name)
    e = env(name)
    e.reset(seed=0)
    assert len(texts) == e.num_actions == len(set(texts))
    for a, text in enumerate(texts):
        assert action_to_notation(name, a) == text == action_to_notation(e, a)
        assert notation_to_action(name, text) == a == notation_to_action(e.game, text)
    with pytest.raises(IllegalMove):
        notation_to_action(name, "dance")


def test_action_notation_examples() -> None:
    assert action_to_notation("texas42_v0", 0) == "pass"
    assert notation_to_action("texas42_v0", "play 4-6") == notation_to_action(
        "texas42_v0", "play 6-4"
    )
    assert notation_to_action("bingo_v0", "close") == action_notations("bingo_v0").index("close")
    five = action_notations("cavaleiro_v0", players=5, layout="23/4+1")
    assert five[:3] == ["pass", "remove horizontals", "remove horizontal"]
    assert "remove 4 from column 3" in five


def test_illegal_action_in_the_aec_env_changes_nothing() -> None:
    e = env("texas42_v0")
    e.reset(seed=2)
    before = e.record()
    with pytest.raises(IllegalMove, match="not allowed"):
        e.step(notation_to_action(e, "play 6-6"))
    assert e.record() == before


@pytest.mark.parametrize("name", ENVS)
def test_gym_env_plays_one_seat_against_bots(name: str) -> None:
    for seat in (0, 1):
        g = gym_env(name, seat=seat, opponents="random")
        obs, _info = g.reset(seed=seat + 1)
        rng = random.Random(seat)
        total = 0.0
        terminated = False
        while not terminated:
            assert g.game.to_move == seat
            assert np.array_equal(obs["action_mask"], g.action_masks())
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            assert sorted(legal) == sorted(g.game.legal_actions())
            obs, reward, terminated, truncated, _info = g.step(rng.choice(legal))
            assert not truncated
            total += reward
        result = g.game.result()
        won = result["winner"] == next(j for j, s in enumerate(result["sides"]) if seat in s)
        assert (total > 0) == won or not g.aec.hand_rewards


def test_gym_env_illegal_actions() -> None:
    g = gym_env("texas42_v0", opponents="random")
    obs, _ = g.reset(seed=4)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = g.game.record()
    _obs, reward, terminated, _t, info = g.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, bad)
    assert g.game.record() == before
    with pytest.raises(RuntimeError, match="reset"):
        g.step(bad)
    strict = gym_env("texas42_v0", opponents="random", illegal_reward=None)
    strict.reset(seed=4)
    with pytest.raises(IllegalMove):
        strict.step(bad)
    with pytest.raises(InvalidOption, match="no bot level 'grandmaster'; the levels are"):
        gym_env("bingo_v0", opponents="grandmaster")
    with pytest.raises(InvalidOption, match="seat"):
        gym_env("bingo_v0", seat=2)


def test_gym_env_same_seed_same_game() -> None:
    records = []
    for _ in range(2):
        g = gym_env("bingo_v0", opponents="random")
        obs, _ = g.reset(seed=8)
        done = False
        while not done:
            obs, _r, done, _t, _i = g.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        records.append(g.game.record())
    assert records[0] == records[1]


def test_evaluate_a_policy_against_bots() -> None:
    def first(obs: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask)[0])

    result = evaluate(first, "bingo_v0", opponents="random", games=4, seed=2)
    assert result.games == 4 and 0 <= result.wins <= 4
    assert result.ci_low <= result.win_rate <= result.ci_high
    assert "won against random" in str(result)

    def cheat(obs: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask == 0)[0])

    with pytest.raises(ValueError, match="not legal"):
        evaluate(cheat, "bingo_v0", opponents="random", games=1)


def test_render() -> None:
    e = env("bingo_v0", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Bingo" in text and "stock ?" in text
    assert env("bingo_v0").render() is None


def _tiles(texts: list[str]) -> set[int]:
    return {ludoteca.Tile.parse(t).index for t in texts}


def _block(vec: Any, offset: int, size: int = 28) -> set[int]:
    return {int(i) for i in np.flatnonzero(vec[offset : offset + size])}


def _random_positions(name: str, games: int, seed: int) -> Any:
    rng = random.Random(seed)
    for g in range(games):
        game = new_game(name, seed=seed * 100 + g)
        while not game.is_over:
            yield game
            game.apply_action(rng.choice(game.legal_actions()))


def test_texas42_vectors_say_what_the_view_says() -> None:
    """Blocks of the Texas 42 vectors decoded against the seat's view."""
    from ludoteca.games.texas42 import tensor as t42

    adapter = Reference(new_game("texas42", seed=0))
    for game in _random_positions("texas42", 5, 1):
        for seat in range(4):
            view = game.view(seat)
            p = adapter.public(game, seat)
            obs = adapter.observation(p)
            info = adapter.info_state(p)
            assert _block(obs, t42.O_HAND) == _tiles(view["hand"])
            plays = [pl for tr in view["tricks"] for pl in tr["plays"]] + view["trick"]
            for r in range(4):
                mine = {pl["tile"] for pl in plays if pl["seat"] == (seat + r) % 4}
                assert _block(obs, t42.O_PLAYED + 28 * r) == _tiles(sorted(mine))
                now = {pl["tile"] for pl in view["trick"] if pl["seat"] == (seat + r) % 4}
                assert _block(obs, t42.O_TRICK + 28 * r) == _tiles(sorted(now))
            for b in view["bids"]:
                r = (b["seat"] - seat) % 4
                a = notation_to_action("texas42_v0", b["bid"])
                assert obs[t42.O_BIDS + r * t42.NUM_BIDS + a] == 1
            team = seat % 2
            assert obs[t42.O_POINTS] * 42 == pytest.approx(view["points"][team])
            assert obs[t42.O_SCORES] * 14 == pytest.approx(min(view["scores"][team], 14))
            assert obs[t42.O_MINE] == (view["to_move"] == seat)
            dealt = _tiles(view["hand"]) | {
                ludoteca.Tile.parse(pl["tile"]).index for pl in plays if pl["seat"] == seat
            }
            assert _block(info, t42.O_DEALT) == dealt
            for k, tr in enumerate([*view["tricks"], {"plays": view["trick"]}]):
                if not tr["plays"]:
                    continue
                base = t42.O_TRICKS + k * t42.TRICK_BLOCK
                assert info[base + (tr["plays"][0]["seat"] - seat) % 4] == 1
                for pl in tr["plays"]:
                    r = (pl["seat"] - seat) % 4
                    assert info[base + 4 + 28 * r + ludoteca.Tile.parse(pl["tile"]).index] == 1


def test_texas42_voids_follow_the_rules() -> None:
    """A seat that did not follow the suit led is marked void in that suit."""
    from ludoteca.games.texas42 import tensor as t42

    game = new_game("texas42", chance="manual")
    game.play("draw 6-6 5-4 3-1 0-0")
    game.play(
        "deal 6-6 6-5 6-4 6-3 6-2 6-1 6-0 | 5-5 5-4 5-3 5-2 5-1 5-0 4-4 | "
        "4-3 4-2 4-1 4-0 3-3 3-2 3-1 | 3-0 2-2 2-1 2-0 1-1 1-0 0-0"
    )
    for move in ("bid 30", "pass", "pass", "pass", "trump 1", "play 5-1", "play 4-1"):
        game.play(move)
    # trump 1, seat 1 led 5-1 (a trump); seat 2 followed with 4-1; seat 3 to play
    adapter = Reference(game)
    obs = adapter.observation(adapter.public(game, 0))
    ones = {ludoteca.Tile(1, x).index for x in range(7)}
    assert _block(obs, t42.O_VOIDS + 28 * 1) == set()  # seat 1 led
    game.play("play 2-1")  # seat 3 follows with a one
    game.play("play 6-1")  # seat 0 follows
    game.play("play 6-6")  # seat 0 won and leads a six (not a trump)
    game.play("play 5-5")  # seat 1 has no six: void in sixes
    obs = adapter.observation(adapter.public(game, 0))
    sixes = {ludoteca.Tile(6, x).index for x in range(7)} - {ludoteca.Tile(6, 1).index}
    assert _block(obs, t42.O_VOIDS + 28 * 1) == sixes
    assert not ones & _block(obs, t42.O_VOIDS + 28 * 1)


def test_bingo_vectors_say_what_the_view_says() -> None:
    from ludoteca.games.bingo import tensor as bg

    adapter = Reference(new_game("bingo", seed=0))
    for game in _random_positions("bingo", 4, 2):
        for seat in range(2):
            view = game.view(seat)
            obs = adapter.observation(adapter.public(game, seat))
            assert _block(obs, bg.O_HAND) == _tiles(view["hand"])
            assert obs[bg.O_TRUMP + view["trump"]] == 1
            up = _tiles([view["up"]]) if view["up"] else set()
            assert _block(obs, bg.O_UP) == up
            for r in range(2):
                who = seat ^ r
                played = {
                    pl["tile"] for tr in view["tricks"] for pl in tr["plays"] if pl["seat"] == who
                } | {pl["tile"] for pl in view["trick"] if pl["seat"] == who}
                assert _block(obs, bg.O_PLAYED + 28 * r) == _tiles(sorted(played))
                won = {
                    pl["tile"] for tr in view["tricks"] if tr["winner"] == who for pl in tr["plays"]
                }
                assert _block(obs, bg.O_CAPTURED + 28 * r) == _tiles(sorted(won))
                assert obs[bg.O_POINTS + r] * 140 == pytest.approx(min(view["points"][who], 140))
            assert _block(obs, bg.O_KNOWN) == _tiles(view["known_held"][1 - seat])


def test_cavaleiro_vectors_say_what_the_view_says() -> None:
    e = env("cavaleiro_v0", players=3, layout="23/4+1")
    adapter = Reference(e.game_type)
    for game in _random_positions_with(e, 3):
        for seat in range(3):
            view = game.view(seat)
            obs = adapter.observation(adapter.public(game, seat))
            for r in range(3):
                fig = view["figures"][(seat + r) % 3]
                o = r * adapter.seat_block
                assert [round(x * 4) for x in obs[o : o + 3]] == fig["columns"]
                assert obs[o + 3] == fig["horizontals"]
                place = view["order"].index((seat + r) % 3)
                assert obs[o + 5 + place] == 1


def _random_positions_with(e: LudotecaEnv, games: int) -> Any:
    rng = random.Random(4)
    for g in range(games):
        e.reset(seed=g)
        while not e.game.is_over:
            yield e.game
            e.step(rng.choice(e.game.legal_actions()))


@pytest.mark.skipif("fiveup_v0" not in ENVS, reason="the Five-Up engine is not built")
def test_fiveup_vectors_say_what_the_view_says() -> None:
    """Five-Up: hand, table and played blocks against the view; the tiles marked
    as not held are never in that seat's hand."""
    from ludoteca.games.fiveup import tensor as fu

    for players in (2, 3, 4):
        e = env("fiveup_v0", players=players)
        adapter = Reference(e.game_type)
        for game in _random_positions_with(e, 2):
            for seat in range(players):
                view = game.view(seat)
                obs = adapter.observation(adapter.public(game, seat))
                assert _block(obs, adapter.o_hand) == _tiles(view["hand"])
                table = _tiles([t["tile"] for t in view["layout"]["tiles"]])
                assert _block(obs, adapter.o_table) == table
                played = set().union(
                    *(_block(obs, adapter.o_played + 28 * r) for r in range(players))
                )
                assert played == table
                for r in range(players):
                    other = (seat + r) % players
                    void = _block(obs, adapter.o_voids + 28 * r)
                    held = {int(t) for t in range(28) if game.hand_masks[other] >> t & 1}
                    assert not void & held
    assert fu.FiveUpTensors.game_name == "fiveup"


@pytest.mark.parametrize("name", ENVS)
def test_cached_encoders_match_fresh_ones(name: str) -> None:
    """What the encoders keep from call to call never changes a vector: the
    game's encoder, used all game long, agrees with a fresh one."""
    for obs_type in OBS_TYPES:
        e = env(name, obs_type=obs_type)
        fresh_env = env(name, obs_type=obs_type)
        rng = random.Random(8)
        for seed in range(3):
            e.reset(seed=seed)
            while not e.game.is_over:
                seat = rng.randrange(e.game.num_seats)
                got = e.observe(e.possible_agents[seat])["observation"]
                fresh = Reference(fresh_env.game_type)
                p = fresh.public(e.game, seat)
                want = fresh.observation(p) if obs_type == "observation" else fresh.info_state(p)
                assert np.array_equal(got, want)
                e.step(rng.choice(e.game.legal_actions()))


OPTION_CASES = [
    (
        "texas42_v0",
        {
            "scoring": "points",
            "nello": True,
            "plunge": True,
            "splash": True,
            "sevens": True,
            "play_out": True,
            "all_pass": "forced",
        },
    ),
    ("texas42_v0", {"nello": True, "sevens": True}),
    ("fiveup_v0", {"players": 3, "exact_61": True, "later_lead": "clockwise", "target": 31}),
    ("fiveup_v0", {"players": 4}),
    ("bingo_v0", {"blanks_as_seven": True}),
    ("cavaleiro_v0", {"players": 5, "layout": "23/4+1"}),
]


@pytest.mark.parametrize(("name", "options"), [c for c in OPTION_CASES if c[0] in ENVS])
def test_game_options_fast_equals_view(name: str, options: dict[str, Any]) -> None:
    """With the games' options, the environment's vectors (kept and brought up to
    date move by move) equal those read from the view, for every seat at every step."""
    for obs_type in OBS_TYPES:
        fast = env(name, obs_type=obs_type, **options)
        slow = env(name, obs_type=obs_type, fast=False, **options)
        rng = random.Random(0)
        for seed in range(3):
            fast.reset(seed=seed)
            slow.reset(seed=seed)
            for _agent in fast.agent_iter():
                obs, _r, term, trunc, _i = fast.last()
                for a in fast.agents:
                    x, y = fast.observe(a), slow.observe(a)
                    assert np.array_equal(x["observation"], y["observation"])
                    assert np.array_equal(x["action_mask"], y["action_mask"])
                    assert fast.observation_space(a).contains(x)
                act = None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]))
                fast.step(act)
                slow.step(act)
