"""The lessons in the web app at the HTTP level: the pages, the course and step API, a
learner's moves tried on the engine, bad requests, the rules pages' diagrams."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from ludoteca.i18n.moves import describe_move
from ludoteca.lessons import attempt, load_course, step_seat
from ludoteca.lessons.render import which
from ludoteca.registry import GAMES
from ludoteca.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def step(c: TestClient, game: str, lesson: str, n: int, lang: str = "en") -> dict[str, Any]:
    r = c.get(f"/api/learn/{game}/{lesson}/{n}?lang={lang}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def tries(c: TestClient, game: str, lesson: str, n: int, move: str, lang: str = "en") -> Any:
    return c.post(
        f"/api/learn/{game}/try?lang={lang}", json={"lesson": lesson, "step": n, "move": move}
    )


def test_the_pages_and_the_links_to_them(client: TestClient) -> None:
    page = client.get("/learn/texas42")
    assert page.status_code == 200
    assert "/static/learn.js" in page.text and "/static/diagrams.js" in page.text
    assert client.get("/learn").status_code == 200
    assert client.get("/learn/chess").status_code == 404
    assert 'href="/learn"' in client.get("/").text  # the header's link
    rules = client.get("/rules/bingo?lang=pt").text
    assert 'href="/learn/bingo"' in rules and "Aprenda a jogar Bingo" in rules


@pytest.mark.parametrize("game", GAMES)
def test_the_course_lists_every_lesson_in_both_languages(client: TestClient, game: str) -> None:
    en = client.get(f"/api/learn/{game}?lang=en").json()
    pt = client.get(f"/api/learn/{game}?lang=pt").json()
    course = load_course(game)
    assert [lesson["id"] for lesson in en["lessons"]] == [lesson.id for lesson in course.lessons]
    assert [lesson["steps"] for lesson in en["lessons"]] == [
        len(lesson.steps) for lesson in course.lessons
    ]
    assert all(a["title"] != b["title"] for a, b in zip(en["lessons"], pt["lessons"], strict=True))
    assert en["practice"]["seats"].count("human") == 1


def test_a_step_is_the_position_seen_by_the_learner(client: TestClient) -> None:
    data = step(client, "texas42", "following", 1)
    assert data["seat"] == 1
    view = data["view"]
    assert view["seat"] == 1 and view["to_move"] == 1
    assert view["hand"] == ["6-6", "5-5", "5-1", "5-0", "4-2", "3-2", "3-0"]
    assert view["legal_moves"] == ["play 5-1"]
    assert data["hands"] is None  # other hands stay hidden unless the step shows them
    assert "[1-1]" in data["say"] and data["count"] == 3
    assert data["next"] == {"lesson": "following", "step": 2}
    shown = step(client, "texas42", "seed-hand", 3)
    assert shown["hands"][2] == ["6-2", "6-1", "5-1", "5-0", "4-1", "1-1", "0-0"]
    # the last step of a course has no next step
    course = load_course("cavaleiro")
    last = course.lessons[-1]
    assert step(client, "cavaleiro", last.id, len(last.steps))["next"] is None


def test_a_refused_move_says_why_from_the_engines_code(client: TestClient) -> None:
    r = tries(client, "texas42", "following", 1, "play 5-5", "pt")
    data = r.json()
    assert r.status_code == 200 and data["kind"] == "refused"
    assert data["code"] == "must_follow"
    assert "5-1" in data["refusal"] and "uns" in data["refusal"]
    assert "[1-5]" in data["explain"]
    assert data["label"] == "joga 5-5"


def test_the_right_move_shows_what_followed(client: TestClient) -> None:
    data = tries(client, "texas42", "following", 1, "play 1-5").json()
    assert data["kind"] == "right" and data["move"] == "play 5-1"
    assert [e["code"] for e in data["events"]] == ["trick"]
    assert data["events"][0]["text"] == "Amanda won the trick: 1 point."
    assert data["view"]["trick"] == [] and data["view"]["last_trick"]["winner"] == 0
    assert data["done"]


def test_an_allowed_move_that_is_not_the_lessons_is_explained(client: TestClient) -> None:
    data = tries(client, "texas42", "trumps", 1, "play 5-5").json()
    assert data["kind"] == "other" and "view" not in data
    assert "[6-6]" in data["explain"]
    assert data["events"][0]["text"] == "Amanda won the trick: 11 points."
    unlisted = tries(client, "texas42", "trumps", 1, "play 3-3").json()
    assert unlisted["kind"] == "other" and unlisted["explain"]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_answer_is_accepted_as_the_lesson_shows_it(client: TestClient, lang: str) -> None:
    data = step(client, "texas42", "following", 1, lang)
    words = data["answer"][0]
    assert data["answer_text"] == words and words == describe_move("texas42", "play 5-1", lang)
    number = str(data["view"]["legal_moves"].index("play 5-1") + 1)
    for typed in (words, words.upper(), "1-5", "[5-1]", number, "play 1-5"):
        answer = tries(client, "texas42", "following", 1, typed, lang).json()
        assert answer["kind"] == "right" and answer["move"] == "play 5-1", typed
        assert answer["label"] == words
    # a tile or words naming a move the engine refuses: refused, with the engine's reason
    refused = tries(
        client, "texas42", "following", 1, describe_move("texas42", "play 5-5", lang), lang
    )
    assert refused.json()["kind"] == "refused" and refused.json()["code"] == "must_follow"


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_an_answer_that_fits_several_moves_asks_which(client: TestClient, lang: str) -> None:
    data = step(client, "fiveup", "drawing", 3, lang)
    legal = data["view"]["legal_moves"]
    asked = tries(client, "fiveup", "drawing", 3, "6-4", lang).json()
    assert asked["kind"] == "choose" and asked["question"] == which("6-4", lang)
    assert {c["move"] for c in asked["choices"]} == {"play 6-4 on 6-6", "play 6-4 on 4-4"}
    for choice in asked["choices"]:
        assert choice["label"] == describe_move("fiveup", choice["move"], lang)
        assert legal[choice["number"] - 1] == choice["move"]
        chosen = tries(client, "fiveup", "drawing", 3, str(choice["number"]), lang).json()
        assert chosen["kind"] == "right" and chosen["move"] == choice["move"]
    # the answer of a step where either move is right says them as alternatives
    assert data["answer_text"] == {"pt": " ou ", "en": " or "}[lang].join(data["answer"])


def test_cavaleiro_steps_say_what_the_dice_did(client: TestClient) -> None:
    data = step(client, "cavaleiro", "ranking", 3)
    texts = [e["text"] for e in data["recent"]]
    assert "You rolled 4 4 6 1: a pair of 4s." in texts  # the learner, Ana, as "you"
    assert "Beto rolled 4 4 5 3: a pair of 4s." in texts
    assert any("tie broken: rolled first" in t for t in texts)


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"lesson": "nope", "step": 1, "move": "pass"}, 404),
        ({"lesson": "following", "step": 99, "move": "pass"}, 404),
        ({"lesson": "following", "step": True, "move": "pass"}, 404),
        ({"lesson": "following", "step": 1, "move": ""}, 400),
        ({"lesson": "following", "step": 1, "move": "x" * 500}, 400),
        ({"lesson": "following", "step": 1, "move": 5}, 400),
        ([1, 2], 400),
    ],
)
def test_bad_requests_are_refused_with_a_message(
    client: TestClient, body: Any, status: int
) -> None:
    r = client.post("/api/learn/texas42/try", json=body)
    assert r.status_code == status
    assert r.json()["message"]


def test_unknown_games_and_steps_are_not_found(client: TestClient) -> None:
    assert client.get("/api/learn/chess").status_code == 404
    assert client.get("/api/learn/texas42/following/0").status_code == 404
    assert client.get("/api/learn/texas42/following/x").status_code == 404
    assert client.post("/api/learn/chess/try", json={}).status_code == 404


def test_nonsense_moves_are_refused_by_the_engine(client: TestClient) -> None:
    data = tries(client, "bingo", "order", 1, "dance the samba").json()
    assert data["kind"] == "refused" and data["code"] == "not_a_move" and data["refusal"]


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_pages_draw_diagrams_from_the_engine(client: TestClient, game: str) -> None:
    page = client.get(f"/rules/{game}?lang=en").text
    figures = re.findall(r'<figure class="diagram" data-diagram="([^"]*)">', page)
    assert figures, f"no diagram on the rules of {game}"
    for raw in figures:
        data = json.loads(html.unescape(raw))
        assert data["kind"] in {"rows", "layout", "figure", "dice", "all"}
        assert data["caption"]
    assert "[diagram]" not in page


def test_the_texas42_rules_diagram_is_the_articles_order_for_trump_4(client: TestClient) -> None:
    page = client.get("/rules/texas42?lang=pt").text
    data = [json.loads(html.unescape(x)) for x in re.findall(r'data-diagram="([^"]*)"', page)]
    order = next(d for d in data if d["kind"] == "rows" and d["rows"][0]["label"] == "trunfos")
    assert order["rows"][0]["tiles"] == ["4-4", "4-6", "4-5", "4-3", "4-2", "4-1", "4-0"]
    assert order["rows"][2]["tiles"] == ["5-5", "5-6", "5-3", "5-2", "5-1", "5-0"]


def test_another_players_drawn_tile_stays_hidden(client: TestClient) -> None:
    course = load_course("bingo")
    step = course.lesson("order").steps[0]
    drawn = [
        e
        for _, e in attempt(course, step, step.expect[0]).events
        if e.code == "drew" and e.owner != step_seat(course, step)
    ]
    assert drawn and drawn[0]["tile"]  # the engine knows the tile Beto drew
    data = tries(client, "bingo", "order", 1, step.expect[0])
    said = [e["text"] for e in data.json()["events"] if e["code"] == "drew"]
    betos = [text for text in said if "Beto" in text]
    assert betos and not any(drawn[0]["tile"] in text for text in betos)
