"""Engine refusal reasons and bots' hint reasons written in English, said in Portuguese.

Until every engine and bot gives its reasons as codes with parameters
(``IllegalMove.code``, ``RankedMove.code``), their English sentences are said in
Portuguese by these rules. :func:`translate` is the only way in: once the codes
are rendered from the catalogs, it and this module go away. A reason no rule
knows stays as it was written (the apps' tests fail when an engine or a bot
adds one).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from . import texts
from .moves import describe_move
from .words import Words

__all__ = ["translate"]


def describe(game: str, move: str, lang: str) -> str:
    """A move said in words."""
    return describe_move(game, move, lang)


# -------------------------------------------------------------- engine reasons

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

_SUITS_PT = {
    "blank": "brancos",
    "0": "brancos",
    "1": "uns",
    "2": "dois",
    "3": "três",
    "4": "quatros",
    "5": "cincos",
    "6": "seis",
    "double": "duplos",
    "doubles": "duplos",
}


def _suit_pt(name: str) -> str:
    key = name.strip().lower()
    if key.endswith("s") and key[:-1] in _SUITS_PT:
        key = key[:-1]
    return _SUITS_PT.get(key, name)


def _moves_pt(game: str, listing: str) -> str:
    """A comma-separated list of moves in notation, said in Portuguese."""
    parts = [p.strip() for p in listing.split(",")]
    return ", ".join(p if p in ("…", "") else describe(game, p, "pt") for p in parts)


def _rules_pt(game: str) -> list[_Rule]:
    def r(pattern: str, say: Callable[[re.Match[str]], str]) -> _Rule:
        return re.compile(pattern, re.IGNORECASE), say

    common: list[_Rule] = [
        r(r"^no decision is due$", lambda m: "nenhuma decisão está pendente agora"),
        r(r"^there is no action (\S+)$", lambda m: f"não existe a ação {m[1]}"),
        r(r"^(\S+) is not in that hand$", lambda m: f"a pedra {m[1]} não está nessa mão"),
        r(r"^allowed now: (.*)$", lambda m: "permitido agora: " + _moves_pt(game, m[1])),
        r(
            r"^'?(.+?)'? is not a tile.*$",
            lambda m: f"{m[1]} não é uma pedra: escreva as duas pontas, como 6-4",
        ),
    ]
    per_game: dict[str, list[_Rule]] = {
        "texas42": [
            r(
                r"^it is the bidding; allowed now: (.*)$",
                lambda m: "é a hora do leilão; permitido agora: " + _moves_pt(game, m[1]),
            ),
            r(
                r"^after three passes the dealer must bid.*$",
                lambda m: (
                    "depois de três passes, quem deu as pedras é obrigado a dar um lance "
                    "(opção all_pass = forced)"
                ),
            ),
            r(
                r"^the (plunge|splash) is not played at this table.*$",
                lambda m: f"o {m[1]} não é jogado nesta mesa (opção {m[1]} desligada)",
            ),
            r(
                r"^a plunge needs four doubles in hand, and this hand has (\d+)$",
                lambda m: f"o plunge exige quatro duplos na mão, e esta mão tem {m[1]}",
            ),
            r(
                r"^a splash needs three doubles in hand, and this hand has (\d+)$",
                lambda m: f"o splash exige três duplos na mão, e esta mão tem {m[1]}",
            ),
            r(
                r"^the (plunge|splash) bid now is: (.*)$",
                lambda m: f"o lance de {m[1]} agora é: " + _moves_pt(game, m[2]),
            ),
            r(
                r"^a bid must exceed the high bid, (.+?) by seat \d+ \((.*)\)$",
                lambda m: (
                    f"um lance precisa superar o maior lance, {describe(game, m[1], 'pt')} ({m[2]})"
                ),
            ),
            r(
                r"^a bid of (\d+) marks may only follow a bid of (\d+) marks$",
                lambda m: f"um lance de {m[1]} marcas só pode vir depois de um de {m[2]} marcas",
            ),
            r(
                r"^the bid winner must name trump first; allowed now: (.*)$",
                lambda m: (
                    "quem ganhou o leilão precisa primeiro escolher o trunfo; permitido: "
                    + _moves_pt(game, m[1])
                ),
            ),
            r(
                r"^(nello|sevens) is not played at this table.*$",
                lambda m: f"{m[1]} não é jogado nesta mesa (opção {m[1]} desligada)",
            ),
            r(
                r"^(nello|sevens) needs a bid of at least 1 mark, made as a plain bid$",
                lambda m: f"{m[1]} exige um lance simples de pelo menos 1 marca",
            ),
            r(
                r"^the tricks are being played; allowed now: (.*)$",
                lambda m: "as vazas estão sendo jogadas; permitido agora: " + _moves_pt(game, m[1]),
            ),
            r(
                r"^in sevens a player must play a tile nearest to 7 pips: (.*)$",
                lambda m: f"no sevens é preciso jogar a pedra mais próxima de 7 pontos: {m[1]}",
            ),
            r(
                r"^the lead was (\S+?) and this hand must follow suit with (.*)$",
                lambda m: f"a saída foi de {_suit_pt(m[1])} e esta mão precisa seguir com {m[2]}",
            ),
            r(r"^Texas 42 moves are: .*$", lambda m: "essa não é uma jogada do Texas 42"),
        ],
    }
    return per_game.get(game, []) + common


def _holds_pt(text: str) -> str:
    m = re.fullmatch(r"a tile with a (\d)", text)
    if m:
        return f"uma pedra com {m[1]}"
    m = re.fullmatch(r"a trump \(a (\d)\)", text)
    if m:
        return f"um trunfo (um {m[1]})"
    return text


def _roll_pt(name: str) -> str:
    """A Cavaleiro roll's name (``one pair (5s)``) in Portuguese."""
    words = Words("pt")
    m = re.fullmatch(r"(four|three) of a kind \((\d)s\)", name)
    if m:
        return words.roll([4 if m[1] == "four" else 3, int(m[2])])
    m = re.fullmatch(r"two pairs \((\d)s and (\d)s\)", name)
    if m:
        return words.roll([2, int(m[1]), int(m[2])])
    m = re.fullmatch(r"one pair \((\d)s\)", name)
    if m:
        return words.roll([1, int(m[1])])
    m = re.fullmatch(r"nothing \(([\d ]+)\)", name)
    if m:
        return words.roll([0, *map(int, m[1].split())])
    return name


def _removal_pt(text: str) -> str:
    return Words("pt").removal(text)


def _extra_rules_pt(game: str) -> list[_Rule]:
    def r(pattern: str, say: Callable[[re.Match[str]], str]) -> _Rule:
        return re.compile(pattern, re.IGNORECASE), say

    moves = functools.partial(_moves_pt, game)
    rules: dict[str, list[_Rule]] = {
        "bingo": [
            r(r"^Bingo moves are: (.*)$", lambda m: f"as jogadas do Bingo são: {m[1]}"),
            r(
                r"^(\S+) is not in that hand \((.*)\)$",
                lambda m: f"a pedra {m[1]} não está nessa mão ({m[2]})",
            ),
            r(
                r"^a show needs another double in hand besides (\S+)$",
                lambda m: f"para mostrar é preciso ter outro duplo na mão além do {m[1]}",
            ),
            r(
                r"^only the hidden tile and the turned-up (\S+) are left, and the trick's "
                r"winner must choose first: (.*)$",
                lambda m: (
                    f"só restam a pedra escondida e a virada {m[1]}, e quem ganhou a vaza "
                    "escolhe primeiro: " + moves(m[2].replace(" or ", ", "))
                ),
            ),
            r(
                r"^only the leader may (show doubles|close the stock), before leading; "
                r"now a tile must answer$",
                lambda m: (
                    "só quem sai pode "
                    + ("mostrar duplos" if m[1].startswith("show") else "fechar o monte")
                    + ", antes de sair; agora é preciso responder com uma pedra"
                ),
            ),
            r(
                r"^taking is only for the trick's winner when the last two stock tiles are left$",
                lambda m: (
                    "escolher a pedra só cabe a quem ganhou a vaza, quando restam as duas "
                    "últimas pedras do monte"
                ),
            ),
            r(
                r"^the other doubles in hand \((.*)\) were already shown this hand; "
                r"a double is shown only once$",
                lambda m: (
                    f"os outros duplos da mão ({m[1]}) já foram mostrados nesta partida; "
                    "um duplo só é mostrado uma vez"
                ),
            ),
            r(
                r"^the stock is already closed \(by seat \d+ \((.*)\)\)$",
                lambda m: f"o monte já foi fechado (por {m[1]})",
            ),
            r(
                r"^the stock is (closed|exhausted), so following is compulsory: (\S+) was led "
                r"and this hand holds (.*), so it must play one of: (.*)$",
                lambda m: (
                    "o monte "
                    + ("foi fechado" if m[1] == "closed" else "acabou")
                    + f", então seguir é obrigatório: saiu {m[2]} e esta mão tem "
                    f"{_holds_pt(m[3])}, então precisa jogar uma destas: {m[4]}"
                ),
            ),
            r(
                r"^the stock is exhausted: there is nothing left to close$",
                lambda m: "o monte acabou: não há nada para fechar",
            ),
        ],
        "cavaleiro": [
            r(r"^Cavaleiro moves are: (.*)$", lambda m: f"as jogadas do Cavaleiro são: {m[1]}"),
            r(
                r"^a column holds 1 to (\d+) sticks: K is 1 to \d+, not (.*)$",
                lambda m: f"uma coluna tem de 1 a {m[1]} palitos: K vai de 1 a {m[1]}, não {m[2]}",
            ),
            r(
                r"^there is no action (\d+) \(actions are 0 to (\d+)\)$",
                lambda m: f"não existe a ação {m[1]} (as ações vão de 0 a {m[2]})",
            ),
            r(
                r"^([^;]+) allows ([^;]+)$",
                lambda m: f"{_roll_pt(m[1])} permite tirar {_removal_pt(m[2])}",
            ),
            r(
                r"^a winner may pass only when nothing can be removed$",
                lambda m: "quem ganha a rodada só pode passar quando não há nada a tirar",
            ),
            r(
                r"^no horizontal is left in this figure$",
                lambda m: "não resta nenhum palito horizontal nesta figura",
            ),
            r(
                r"^four of a kind removes all the remaining horizontals, not one$",
                lambda m: "a quadra tira todos os horizontais que restam, não só um",
            ),
            r(
                r"^removing (all the horizontals|one horizontal|a block) needs "
                r"(four|three) of a kind$",
                lambda m: (
                    "tirar "
                    + {
                        "all the horizontals": "todos os horizontais",
                        "one horizontal": "um horizontal",
                        "a block": "um bloco",
                    }[m[1].lower()]
                    + (" exige uma quadra" if m[2].lower() == "four" else " exige uma trinca")
                ),
            ),
            r(r"^block (\d+) has no stick left$", lambda m: f"o bloco {m[1]} não tem mais palitos"),
            r(
                r"^block (\d+) is no longer intact, and four of a kind takes a partial block "
                r"only when no block is intact$",
                lambda m: (
                    f"o bloco {m[1]} não está mais inteiro, e a quadra só tira um bloco "
                    "incompleto quando nenhum está inteiro"
                ),
            ),
            r(
                r"^four of a kind removes horizontals or a block, not part of a column$",
                lambda m: "a quadra tira horizontais ou um bloco, não parte de uma coluna",
            ),
            r(
                r"^column (\d+) has no stick left$",
                lambda m: f"a coluna {m[1]} não tem mais palitos",
            ),
            r(
                r"^column (\d+) holds only (\d+)$",
                lambda m: f"a coluna {m[1]} só tem {m[2]}",
            ),
            r(
                r"^three of a kind removes everything left in one column "
                r"\(remove (\d+) from column (\d+)\)$",
                lambda m: (
                    "a trinca tira tudo o que resta de uma coluna "
                    f"({describe(game, f'remove {m[1]} from column {m[2]}', 'pt')})"
                ),
            ),
        ],
        "fiveup": [
            r(r"^Five-Up moves are: (.*)$", lambda m: f"as jogadas do Five-Up são: {m[1]}"),
            r(
                r"^the leader opens the hand with any tile: (.*)$",
                lambda m: "quem sai abre a mão com qualquer pedra: " + moves(m[1]),
            ),
            r(
                r"^a tile fits, and a player who can play must: (.*)$",
                lambda m: "uma pedra serve, e quem pode jogar é obrigado a jogar: " + moves(m[1]),
            ),
            r(
                r"^the last (tile|two tiles) of the stock (?:is|are) never drawn "
                r"\(it holds (\d+)\)$",
                lambda m: (
                    (
                        "a última pedra da reserva nunca é comprada"
                        if m[1] == "tile"
                        else "as duas últimas pedras da reserva nunca são compradas"
                    )
                    + f" (restam {m[2]})"
                ),
            ),
            r(
                r"^nothing fits, so the move is pass$",
                lambda m: "nada serve, então é preciso passar",
            ),
            r(
                r"^nothing fits but the stock may still be drawn from: the move is draw$",
                lambda m: "nada serve, mas ainda se pode comprar da reserva: é preciso comprar",
            ),
            r(
                r"^the hand is already opened: name the tile on the table to join, like (.*)$",
                lambda m: f"a mão já foi aberta: diga em que pedra da mesa encaixar, como {m[1]}",
            ),
            r(
                r"^the table is empty: the leader opens with a tile alone, like (.*)$",
                lambda m: f"a mesa está vazia: quem sai abre com uma pedra sozinha, como {m[1]}",
            ),
            r(r"^(\S+) is not on the table$", lambda m: f"a pedra {m[1]} não está na mesa"),
            r(
                r"^(\S+) is closed: both its sides and both its tips already hold a tile$",
                lambda m: f"o {m[1]} está fechado: os dois lados e as duas pontas já têm pedra",
            ),
            r(
                r"^the (\d) end of (\S+) is not open \(it is joined to another tile\)$",
                lambda m: f"a ponta {m[1]} da {m[2]} não está livre (já encosta em outra pedra)",
            ),
        ],
    }
    return rules.get(game, [])


_RULE_CACHE: dict[str, list[_Rule]] = {}


def _say_pt(game: str, text_: str) -> str | None:
    rules = _RULE_CACHE.get(game)
    if rules is None:
        rules = _RULE_CACHE[game] = _extra_rules_pt(game) + _rules_pt(game)
    for pattern, say in rules:
        m = pattern.match(text_)
        if m:
            return say(m)
    return None


def _refusal_pt(game: str, reason: str) -> str:
    """A refusal said part by part (parts are separated by ``; ``)."""
    text_ = reason.strip()
    whole = _say_pt(game, text_)
    if whole is not None:
        return whole
    return "; ".join(_say_pt(game, p) or p for p in text_.split("; "))


# ---------------------------------------------------------------- hint reasons


def _figure_pt(text: str) -> str:
    """A Cavaleiro figure in words (``27 sticks: 2 horizontals, 2 intact blocks``)."""
    if text == "no stick":
        return "nenhum palito"
    m = re.fullmatch(r"(\d+) sticks?: (\d+) horizontals?(?:, (\d+) intact blocks?)?", text)
    if not m:
        return text
    out = (
        f"{m[1]} palito{'s' if m[1] != '1' else ''}: {m[2]} horizonta{'is' if m[2] != '1' else 'l'}"
    )
    if m[3]:
        out += f", {m[3]} bloco{'s' if m[3] != '1' else ''} inteiro{'s' if m[3] != '1' else ''}"
    return out


def _goal_pt(word: str) -> str:
    return "cumprido" if word == "made" else "derrubado"


def _num(text: str) -> str:
    """A number written the English way (``17.227``, ``+3``, ``12.5%``) the Portuguese way."""
    percent = text.endswith("%")
    value = float(text.rstrip("%"))
    out = texts("pt").decimal(value, 1, sign=text.startswith("+"))
    return out + "%" if percent else out


_HINT_RULES_PT: list[tuple[re.Pattern[str], Callable[[re.Match[str], str], str]]] = [
    (re.compile(r"^passing risks nothing$"), lambda m, g: "passar não arrisca nada"),
    (
        re.compile(r"^made in (\d+%) of (\d+) deals with (.+) \(average ([-\d.]+) points\)$"),
        lambda m, g: (
            f"cumprido em {m[1]} de {m[2]} distribuições com "
            f"{describe(g, m[3], 'pt')} (média de {_num(m[4])} pontos)"
        ),
    ),
    (
        re.compile(r"^makes the bid in (\d+%) of (\d+) deals \(average ([-\d.]+) points\)$"),
        lambda m, g: (
            f"cumpre o lance em {m[1]} de {m[2]} distribuições (média de {_num(m[3])} pontos)"
        ),
    ),
    (
        re.compile(
            r"^([-+\d.]+) points this hand on average over (\d+) deals "
            r"\(bid (made|set) in (\d+%)\)$"
        ),
        lambda m, g: (
            f"{_num(m[1])} pontos nesta mão, em média, em {m[2]} distribuições "
            f"(lance {_goal_pt(m[3])} em {m[4]})"
        ),
    ),
    (
        re.compile(
            r"^the (nello|bid) is (made|set) in (\d+%) of (\d+) deals "
            r"\(our side ([-\d.]+) points on average\)$"
        ),
        lambda m, g: (
            ("o nello" if m[1] == "nello" else "o lance")
            + f" é {_goal_pt(m[2])} em {m[3]} de {m[4]} distribuições "
            f"(nossa dupla faz {_num(m[5])} pontos em média)"
        ),
    ),
    (
        re.compile(r"^exact: the match is won (\d+%) \(points ([-+\d]+) this hand\)$"),
        lambda m, g: f"exato: a partida é ganha em {m[1]} (pontos {m[2]} nesta mão)",
    ),
    (
        re.compile(
            r"^match won (\d+%) on average over (\d+) deals, (solved|played out and solved) "
            r"\(points ([-+\d.]+) this hand\)$"
        ),
        lambda m, g: (
            f"partida ganha em {m[1]}, em média, em {m[2]} distribuições "
            + ("resolvidas" if m[3] == "solved" else "jogadas até o fim e resolvidas")
            + f" (pontos {_num(m[4])} nesta mão)"
        ),
    ),
    (
        re.compile(r"^wins ([\d.]+%) of the time, leaving (.*)$"),
        lambda m, g: f"vence em {_num(m[1])} das vezes, deixando {_figure_pt(m[2])}",
    ),
    (
        re.compile(r"^([\d.]+) round wins still needed on average, leaving (.*)$"),
        lambda m, g: (
            f"ainda faltam {_num(m[1])} rodadas ganhas, em média, deixando {_figure_pt(m[2])}"
        ),
    ),
]


def _hint_pt(game: str, reason: str) -> str | None:
    for pattern, say in _HINT_RULES_PT:
        m = pattern.match(reason.strip())
        if m:
            return say(m, game)
    return None


def translate(game: str, reason: str, lang: str) -> str:
    """An engine's refusal reason or a bot's hint reason, written in English, in ``lang``.

    >>> translate("texas42", "6-4 is not in that hand", "pt")
    'a pedra 6-4 não está nessa mão'
    >>> translate("texas42", "6-4 is not in that hand", "en")
    '6-4 is not in that hand'
    >>> translate("cavaleiro", "column 4 holds only 2; allowed now: pass", "pt")
    'a coluna 4 só tem 2; permitido agora: não tira nada'
    >>> translate("cavaleiro", "17.227 round wins still needed on average, leaving no stick", "pt")
    'ainda faltam 17,2 rodadas ganhas, em média, deixando nenhum palito'
    """
    if lang != "pt" or not reason:
        return reason
    hint = _hint_pt(game, reason)
    return hint if hint is not None else _refusal_pt(game, reason)
