"""The web app's words in Portuguese (Brazil) and English.

The shared catalogue (:mod:`ludoteca.i18n`) holds the games' words and the
apps' common ones; :data:`WEB_TEXTS` adds what only the web app says (keys
``web.…`` and ``err.…``). Refusal reasons from the engines are said in
Portuguese by :func:`translate_reason`.

>>> text("web.lobby", "pt"), text("web.lobby", "en")
('Salão', 'Lobby')
>>> normalise("pt-BR"), normalise("en-US"), normalise(None)
('pt', 'en', 'en')
>>> lang_from_headers("fr-FR,pt-BR;q=0.8,en;q=0.5")
'pt'
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from typing import Any

from starlette.requests import Request

from ludoteca import i18n as shared

__all__ = [
    "LANGS",
    "WEB_TEXTS",
    "catalogue",
    "describe",
    "html_lang",
    "lang_from_headers",
    "normalise",
    "pick_lang",
    "refusal_text",
    "rules_html",
    "text",
    "translate_hint",
    "translate_reason",
]

LANGS = ("pt", "en")

WEB_TEXTS: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------ the frame
    "web.skip": {"pt": "Pular para o conteúdo", "en": "Skip to the content"},
    "web.nav": {"pt": "Navegação", "en": "Navigation"},
    "web.lobby": {"pt": "Salão", "en": "Lobby"},
    "web.rules": {"pt": "Regras", "en": "Rules"},
    "web.replay": {"pt": "Reprodução", "en": "Replay"},
    "web.switch_lang": {"pt": "Mudar o idioma", "en": "Change the language"},
    "web.lang_pt": {"pt": "Português", "en": "Português"},
    "web.lang_en": {"pt": "English", "en": "English"},
    "web.nf_title": {"pt": "Não encontrado", "en": "Not found"},
    "web.nf_page": {
        "pt": "Esta página não existe. Talvez o endereço tenha sido digitado errado.",
        "en": "This page does not exist. Perhaps the address was mistyped.",
    },
    "web.nf_table": {
        "pt": "Não há mesa com este endereço. Confira o link ou crie uma mesa nova no salão.",
        "en": "There is no table at this address. Check the link, or create a new table "
        "in the lobby.",
    },
    "web.nf_broken": {
        "pt": "Esta mesa não pode ser retomada por esta versão do programa.",
        "en": "This table cannot be resumed by this version of the program.",
    },
    "web.nf_rules": {
        "pt": "Não há regras para esse jogo aqui. Veja a lista de jogos.",
        "en": "There are no rules for that game here. See the list of games.",
    },
    "web.back_lobby": {"pt": "Voltar ao salão", "en": "Back to the lobby"},
    "web.rules_missing": {
        "pt": "As regras deste jogo ainda estão sendo escritas.",
        "en": "The rules of this game are still being written.",
    },
    # ------------------------------------------------------------ the lobby
    "web.lobby_title": {
        "pt": "Jogos de mesa para jogar com amigos",
        "en": "Table games to play with friends",
    },
    "web.lobby_intro": {
        "pt": "Crie uma mesa, escolha quem senta em cada lugar (você, um amigo ou um robô) "
        "e mande o convite. Não é preciso conta.",
        "en": "Create a table, choose who sits in each seat (you, a friend or a bot) "
        "and send the invitations. No account is needed.",
    },
    "web.new_table": {"pt": "Nova mesa", "en": "New table"},
    "web.game": {"pt": "Jogo", "en": "Game"},
    "web.options": {"pt": "Opções", "en": "Options"},
    "web.seats": {"pt": "Lugares", "en": "Seats"},
    "web.seat_n": {"pt": "Lugar {n}", "en": "Seat {n}"},
    "web.your_name": {"pt": "Seu nome", "en": "Your name"},
    "web.seat_you": {"pt": "Você", "en": "You"},
    "web.seat_friend": {"pt": "Um amigo (convite)", "en": "A friend (invitation)"},
    "web.seat_bot": {"pt": "Robô {level}", "en": "Bot: {level}"},
    "web.partner": {"pt": "parceiro de {name}", "en": "{name}'s partner"},
    "web.team_n": {"pt": "dupla {n}", "en": "team {n}"},
    "web.bot_pace": {"pt": "Ritmo dos robôs", "en": "Bots' pace"},
    "web.pace_slow": {"pt": "calmo (2 s)", "en": "calm (2 s)"},
    "web.pace_normal": {"pt": "normal (1 s)", "en": "normal (1 s)"},
    "web.pace_fast": {"pt": "rápido (0,3 s)", "en": "quick (0.3 s)"},
    "web.pace_instant": {"pt": "sem pausa", "en": "no pause"},
    "web.create": {"pt": "Criar a mesa", "en": "Create the table"},
    "web.coming": {"pt": "em breve", "en": "coming soon"},
    "web.tables": {"pt": "Mesas recentes", "en": "Recent tables"},
    "web.no_tables": {"pt": "Nenhuma mesa ainda.", "en": "No table yet."},
    "web.watch": {"pt": "Assistir", "en": "Watch"},
    "web.open": {"pt": "Abrir", "en": "Open"},
    "web.finished": {"pt": "terminada", "en": "finished"},
    "web.playing": {"pt": "em jogo", "en": "in play"},
    "web.free_seat": {"pt": "lugar livre", "en": "free seat"},
    "web.moves_n": {"pt": "{n} lances", "en": "{n} moves"},
    "web.need_you": {
        "pt": "Escolha no máximo um lugar para você.",
        "en": "Choose at most one seat for yourself.",
    },
    "web.name_needed": {
        "pt": "Escreva o seu nome (até 24 letras).",
        "en": "Write your name (up to 24 characters).",
    },
    "web.yes": {"pt": "sim", "en": "yes"},
    "web.no": {"pt": "não", "en": "no"},
    # ------------------------------------------------------------ the table
    "web.connecting": {"pt": "Conectando…", "en": "Connecting…"},
    "web.reconnecting": {
        "pt": "Conexão perdida; reconectando…",
        "en": "Connection lost; reconnecting…",
    },
    "web.connected": {"pt": "Conectado", "en": "Connected"},
    "web.watching": {"pt": "Você está assistindo", "en": "You are watching"},
    "web.seated": {"pt": "Você está no lugar {n}", "en": "You sit in seat {n}"},
    "web.invites": {"pt": "Convites", "en": "Invitations"},
    "web.invites_help": {
        "pt": "Mande a cada amigo o link do lugar dele. Quem abrir o link senta ali.",
        "en": "Send each friend the link of their seat. Whoever opens it sits there.",
    },
    "web.copy": {"pt": "Copiar", "en": "Copy"},
    "web.copied": {"pt": "Link copiado", "en": "Link copied"},
    "web.watch_link": {"pt": "Link para assistir", "en": "Link to watch"},
    "web.join_title": {"pt": "Sentar à mesa", "en": "Take a seat"},
    "web.join_text": {
        "pt": "Você foi convidado para o lugar {n} de uma mesa de {game}.",
        "en": "You are invited to seat {n} at a table of {game}.",
    },
    "web.join": {"pt": "Sentar", "en": "Sit down"},
    "web.just_watch": {"pt": "Só assistir", "en": "Just watch"},
    "web.offline": {"pt": "fora da mesa", "en": "away"},
    "web.online": {"pt": "na mesa", "en": "here"},
    "web.waiting_for": {
        "pt": "Esperando {name} entrar na mesa",
        "en": "Waiting for {name} to join",
    },
    "web.hint": {"pt": "Dica", "en": "Hint"},
    "web.rematch": {"pt": "Revanche", "en": "Rematch"},
    "web.download": {"pt": "Baixar o registro", "en": "Download the record"},
    "web.replay_this": {"pt": "Rever a partida", "en": "Replay the game"},
    "web.keys_title": {"pt": "Teclas", "en": "Keys"},
    "web.keys_text": {
        "pt": "Tab e as setas ←/→ percorrem as pedras; Enter ou espaço jogam. "
        "1–9 escolhem os botões de jogada; h pede uma dica; ? mostra esta ajuda; "
        "Esc fecha janelas.",
        "en": "Tab and the ←/→ arrows move through the tiles; Enter or Space plays. "
        "1–9 press the move buttons; h asks for a hint; ? shows this help; "
        "Esc closes dialogs.",
    },
    "web.close": {"pt": "Fechar", "en": "Close"},
    "web.log": {"pt": "Lances", "en": "Moves"},
    "web.players": {"pt": "Jogadores", "en": "Players"},
    "web.spectators": {"pt": "{n} assistindo", "en": "{n} watching"},
    "web.you_suffix": {"pt": "{name} (você)", "en": "{name} (you)"},
    "web.bot_name": {"pt": "Robô {level}", "en": "{level} bot"},
    "web.open_seat": {"pt": "Lugar {n} (livre)", "en": "Seat {n} (free)"},
    "web.choose_move": {"pt": "Escolha a jogada", "en": "Choose your move"},
    "web.refused": {"pt": "Recusado", "en": "Refused"},
    "web.game_over": {"pt": "Fim de jogo", "en": "Game over"},
    "web.winner_side": {"pt": "Vencedor: {names}", "en": "Winner: {names}"},
    "web.final_scores": {"pt": "Placar final", "en": "Final score"},
    "web.rematch_ready": {"pt": "A revanche começou", "en": "The rematch has started"},
    "web.go_rematch": {"pt": "Ir para a revanche", "en": "Go to the rematch"},
    "web.chance": {"pt": "sorte", "en": "chance"},
    "web.hidden": {"pt": "pedra escondida", "en": "hidden tile"},
    "web.value": {"pt": "valor", "en": "value"},
    "web.marks": {"pt": "Marcas", "en": "Marks"},
    "web.points": {"pt": "Pontos", "en": "Points"},
    "web.bid_by": {"pt": "{bid} ({name})", "en": "{bid} ({name})"},
    "web.none": {"pt": "—", "en": "—"},
    "web.sitting_out": {"pt": "fica de fora", "en": "sits out"},
    "web.hand_summary": {"pt": "Mão {n}", "en": "Hand {n}"},
    "web.stock_hidden": {"pt": "pedras no monte", "en": "tiles in the stock"},
    "web.your_figure": {"pt": "Sua figura", "en": "Your figure"},
    "web.rolls": {"pt": "Lances de dados", "en": "Rolls"},
    "web.roll_of": {"pt": "{name}: {dice} — {kind}", "en": "{name}: {dice} — {kind}"},
    "web.moves_for": {"pt": "Jogadas possíveis", "en": "Possible moves"},
    "web.tricks_n": {"pt": "{n} vazas", "en": "{n} tricks"},
    "web.fu_ends": {"pt": "pontas {total} → {points}", "en": "ends {total} → {points}"},
    "web.fu_domino": {
        "pt": "batida: {pips} pontos nas mãos → {points}",
        "en": "domino: {pips} pips in hand → {points}",
    },
    "web.fu_blocked": {
        "pt": "jogo trancado: menos pontos {mine}, adversários {pips} → {points}",
        "en": "blocked: fewest pips {mine}, opponents {pips} → {points}",
    },
    "web.bingo_last": {
        "pt": "Partida {n}: {name} venceu, {sets} set(s) ({a} × {b})",
        "en": "Hand {n}: {name} won {sets} set(s) ({a}–{b})",
    },
    "web.leads": {"pt": "{name} começa", "en": "{name} leads"},
    "web.fu_drew": {"pt": "comprou {n}", "en": "drew {n}"},
    # ------------------------------------------------------------ options
    "opt.texas42.scoring": {"pt": "Contagem", "en": "Scoring"},
    "opt.texas42.scoring.marks": {"pt": "marcas, até 7", "en": "marks, to 7"},
    "opt.texas42.scoring.points": {"pt": "pontos, até 250", "en": "points, to 250"},
    "opt.texas42.all_pass": {"pt": "Se todos passarem", "en": "If all pass"},
    "opt.texas42.all_pass.redeal": {"pt": "nova distribuição", "en": "redeal"},
    "opt.texas42.all_pass.forced": {
        "pt": "quem deu é obrigado a dar lance",
        "en": "the dealer must bid",
    },
    "opt.texas42.play_out": {
        "pt": "Jogar todas as vazas mesmo com a mão decidida",
        "en": "Play every trick even once the hand is decided",
    },
    "opt.texas42.nello": {"pt": "Permitir nello", "en": "Allow nello"},
    "opt.texas42.plunge": {
        "pt": "Permitir plunge (quatro duplos)",
        "en": "Allow the plunge (four doubles)",
    },
    "opt.texas42.splash": {
        "pt": "Permitir splash (três duplos)",
        "en": "Allow the splash (three doubles)",
    },
    "opt.texas42.sevens": {"pt": "Permitir sevens", "en": "Allow sevens"},
    "opt.bingo.blanks_as_seven": {
        "pt": "Branco vale sete (regra clássica de Hoyle)",
        "en": "Blanks count as seven (the classic Hoyle rule)",
    },
    "opt.cavaleiro.players": {"pt": "Jogadores", "en": "Players"},
    "opt.cavaleiro.layout": {"pt": "Figura (ex.: 3x3x3+3)", "en": "Figure (e.g. 3x3x3+3)"},
    "opt.fiveup.players": {"pt": "Jogadores", "en": "Players"},
    "opt.fiveup.target": {"pt": "Pontos para vencer", "en": "Points to win"},
    "opt.fiveup.exact_61": {
        "pt": "Só vale chegar exatamente ao alvo",
        "en": "The target must be reached exactly",
    },
    "opt.fiveup.later_lead": {"pt": "Quem sai nas mãos seguintes", "en": "Who leads later hands"},
    "opt.fiveup.later_lead.winner": {"pt": "quem bateu", "en": "whoever went out"},
    "opt.fiveup.later_lead.clockwise": {"pt": "em rodízio", "en": "in turn, clockwise"},
    # ------------------------------------------------------------ replay
    "web.replay_title": {"pt": "Reprodução de partidas", "en": "Game replay"},
    "web.replay_intro": {
        "pt": "Abra um registro ludoteca/1 (JSON) para percorrer a partida lance a lance, "
        "com todas as mãos à vista.",
        "en": "Open a ludoteca/1 record (JSON) to step through the game move by move, "
        "with every hand in view.",
    },
    "web.choose_file": {"pt": "Escolher um arquivo", "en": "Choose a file"},
    "web.first": {"pt": "Início", "en": "Start"},
    "web.prev": {"pt": "Anterior", "en": "Back"},
    "web.next": {"pt": "Próximo", "en": "Next"},
    "web.last": {"pt": "Fim", "en": "End"},
    "web.step_of": {"pt": "Lance {step} de {count}", "en": "Move {step} of {count}"},
    "web.replay_keys": {
        "pt": "Setas ←/→ passam os lances; Home e End vão ao início e ao fim.",
        "en": "The ←/→ arrows step through the moves; Home and End jump to the start and the end.",
    },
    "web.not_over_replay": {
        "pt": "Esta partida ainda não terminou; a reprodução abre quando ela acabar.",
        "en": "This game is not over yet; its replay opens when it ends.",
    },
    # ------------------------------------------------------------ refusals
    "err.bad_json": {
        "pt": "A mensagem não é um JSON válido.",
        "en": "The message is not valid JSON.",
    },
    "err.bad_message": {
        "pt": "Mensagem inválida: {detail}.",
        "en": "Invalid message: {detail}.",
    },
    "err.too_large": {
        "pt": "A mensagem é grande demais (no máximo {limit} bytes).",
        "en": "The message is too large (at most {limit} bytes).",
    },
    "err.rate_limited": {
        "pt": "Mensagens demais, rápido demais: espere um pouco.",
        "en": "Too many messages too fast: please slow down.",
    },
    "err.flood": {
        "pt": "Mensagens demais: a conexão foi encerrada.",
        "en": "Too many messages: the connection was closed.",
    },
    "err.hello_first": {
        "pt": "A conexão precisa começar com uma mensagem hello.",
        "en": "The connection must start with a hello message.",
    },
    "err.wrong_token": {
        "pt": "Esta chave não pertence a nenhum lugar desta mesa; você está assistindo.",
        "en": "This key belongs to no seat at this table; you are watching.",
    },
    "err.spectator": {
        "pt": "Quem assiste não joga: para jogar, entre pelo convite de um lugar.",
        "en": "Spectators cannot play: to play, join a seat with its invitation.",
    },
    "err.bad_move_text": {
        "pt": "Uma jogada é um texto curto, como \u201cplay 6-4\u201d.",
        "en": "A move is a short text, such as \u201cplay 6-4\u201d.",
    },
    "err.game_over": {"pt": "O jogo já acabou.", "en": "The game is already over."},
    "err.stale": {
        "pt": "A mesa mudou antes da sua jogada chegar; veja a mesa atual.",
        "en": "The table moved on before your move arrived; here is the table now.",
    },
    "err.not_your_turn": {
        "pt": "Não é a sua vez: é a vez de {name}.",
        "en": "It is not your turn: {name} is to play.",
    },
    "err.illegal": {
        "pt": "{label} não é permitido: {reason}",
        "en": "{label} is not allowed: {reason}",
    },
    "err.storage": {
        "pt": "A jogada não pôde ser gravada ({detail}); nada mudou. Tente de novo.",
        "en": "The move could not be saved ({detail}); nothing changed. Try again.",
    },
    "err.no_hints": {
        "pt": "As dicas ainda não estão disponíveis.",
        "en": "Hints are not available yet.",
    },
    "err.hint_not_your_turn": {
        "pt": "As dicas são dadas na sua vez de jogar.",
        "en": "Hints are given when it is your turn.",
    },
    "err.hint_busy": {
        "pt": "O especialista ainda está pensando na dica anterior.",
        "en": "The expert is still thinking about the last hint.",
    },
    "err.hint_failed": {
        "pt": "O especialista não conseguiu dar uma dica agora.",
        "en": "The expert could not give a hint now.",
    },
    "err.not_over": {
        "pt": "A revanche só pode começar quando o jogo acabar.",
        "en": "A rematch can only start once the game is over.",
    },
    "err.no_table": {
        "pt": "Não há mesa com este endereço.",
        "en": "There is no table at this address.",
    },
    "err.not_found": {"pt": "Não encontrado.", "en": "Not found."},
    "err.http": {"pt": "Pedido inválido ({status}).", "en": "Invalid request ({status})."},
    "err.unknown_game": {
        "pt": "Não há jogo chamado {game}.",
        "en": "There is no game called {game}.",
    },
    "err.game_not_built": {
        "pt": "O jogo {game} ainda não está pronto.",
        "en": "The game {game} is not ready yet.",
    },
    "err.bad_options": {"pt": "Opções inválidas: {detail}", "en": "Invalid options: {detail}"},
    "err.bad_delay": {
        "pt": "O ritmo dos robôs vai de 0 a 10 segundos.",
        "en": "The bots' pace is 0 to 10 seconds.",
    },
    "err.bad_seats": {
        "pt": "Esta mesa tem {count} lugares: diga quem senta em cada um.",
        "en": "This table has {count} seats: say who sits in each.",
    },
    "err.bad_level": {
        "pt": "Não há robô de nível {level}; níveis: {levels}.",
        "en": "There is no bot level {level}; levels: {levels}.",
    },
    "err.one_seat_each": {
        "pt": "Você pode ocupar só um lugar.",
        "en": "You may take only one seat.",
    },
    "err.bad_name": {
        "pt": "Um nome tem de 1 a {max} letras, sem < nem >.",
        "en": "A name has 1 to {max} characters, without < or >.",
    },
    "err.bad_seat": {
        "pt": "Os lugares desta mesa vão de 0 a {count} menos um.",
        "en": "The seats of this table are 0 to {count} minus one.",
    },
    "err.seat_is_bot": {
        "pt": "Este lugar é de um robô.",
        "en": "A bot sits in this seat.",
    },
    "err.seat_taken": {
        "pt": "Este lugar já foi ocupado. Você ainda pode assistir.",
        "en": "This seat is already taken. You can still watch.",
    },
    "err.bad_invite": {
        "pt": "Este convite não vale para este lugar.",
        "en": "This invitation is not valid for this seat.",
    },
    "err.record_not_over": {
        "pt": "O registro fica disponível quando o jogo acabar (antes, mostraria as pedras "
        "escondidas).",
        "en": "The record is available once the game is over (before, it would show the "
        "hidden tiles).",
    },
    "err.bad_record": {
        "pt": "Este registro não pode ser reproduzido: {detail}",
        "en": "This record cannot be replayed: {detail}",
    },
}


def normalise(value: Any) -> str:
    """``pt`` for any Portuguese tag, ``en`` for anything else."""
    lang: str = shared.normalize_lang(value if isinstance(value, str) else None)
    return lang


def html_lang(lang: str) -> str:
    return "pt-BR" if lang == "pt" else "en"


def lang_from_headers(accept_language: str | None) -> str:
    """The first of Portuguese or English in an ``Accept-Language`` header (English if neither)."""
    if not accept_language:
        return "en"
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        tag = tag.strip().lower()
        if tag.startswith(("pt", "en")):
            ranked.append((-q, i, tag[:2]))
    return min(ranked)[2] if ranked else "en"


def pick_lang(request: Request) -> str:
    """The page's language: ``?lang=``, else the ``lang`` cookie, else the browser's."""
    for value in (request.query_params.get("lang"), request.cookies.get("lang")):
        if value in LANGS:
            return value
    return lang_from_headers(request.headers.get("accept-language"))


def text(key: str, lang: str, /, **params: Any) -> str:
    """A message of the web catalogue or of the shared one."""
    entry = WEB_TEXTS.get(key)
    if entry is None:
        message: str = shared.t(key, lang, **params)
        return message
    raw = entry["pt"] if lang == "pt" else entry["en"]
    return raw.format(**params) if params else raw


def catalogue(lang: str) -> dict[str, str]:
    """Every message in ``lang`` (shared and web), for the page's scripts."""
    out = shared.catalog(lang)
    code = "pt" if lang == "pt" else "en"
    out.update({k: v[code] for k, v in WEB_TEXTS.items()})
    return out


def describe(game: str, move: str, lang: str) -> str:
    """A move said in words."""
    words: str = shared.describe_move(game, move, lang)
    return words


def refusal_text(code: str, params: dict[str, Any], lang: str) -> str:
    """Why a request was refused, in ``lang``."""
    key = "err." + code
    if key not in WEB_TEXTS:
        return code
    values = {k: v for k, v in params.items() if isinstance(v, str | int | float | list)}
    if code == "illegal":
        game = str(params.get("game", ""))
        move = str(params.get("move", ""))
        values["label"] = describe(game, move, lang) if game else move
        values["reason"] = translate_reason(game, str(params.get("reason", "")), lang)
    levels = values.get("levels")
    if code == "bad_level" and isinstance(levels, list):
        values["levels"] = ", ".join(map(str, levels))
    try:
        return text(key, lang, **values)
    except (KeyError, IndexError):
        return text(key, "en", **{k: "?" for k in ("name", "detail", "limit")})


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
                    "um lance precisa superar o maior lance, "
                    f"{describe(game, m[1], 'pt')} de {m[2]}"
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
    m = re.fullmatch(r"(four|three) of a kind \((\d)s\)", name)
    if m:
        return shared.t("cav.roll.4" if m[1] == "four" else "cav.roll.3", "pt", a=m[2])
    m = re.fullmatch(r"two pairs \((\d)s and (\d)s\)", name)
    if m:
        return shared.t("cav.roll.2", "pt", a=m[1], b=m[2])
    m = re.fullmatch(r"one pair \((\d)s\)", name)
    if m:
        return shared.t("cav.roll.1", "pt", a=m[1])
    m = re.fullmatch(r"nothing \(([\d ]+)\)", name)
    if m:
        return shared.t("cav.roll.0", "pt", dice=m[1])
    return name


def _removal_pt(text: str) -> str:
    for i in range(5):
        if shared.t(f"cav.removal.{i}", "en") == text:
            return shared.t(f"cav.removal.{i}", "pt")
    return text


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


def translate_reason(game: str, reason: str, lang: str) -> str:
    """An engine's refusal reason (English) in ``lang``.

    A reason made of parts separated by ``; `` is said part by part; a part
    no rule knows stays as the engine wrote it.

    >>> translate_reason("texas42", "6-4 is not in that hand", "pt")
    'a pedra 6-4 não está nessa mão'
    >>> translate_reason("texas42", "6-4 is not in that hand", "en")
    '6-4 is not in that hand'
    >>> translate_reason("cavaleiro", "column 4 holds only 2; allowed now: pass", "pt")
    'a coluna 4 só tem 2; permitido agora: não remove nada'
    """
    if lang != "pt" or not reason:
        return reason
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


_HINT_RULES_PT: list[tuple[re.Pattern[str], Callable[[re.Match[str], str], str]]] = [
    (re.compile(r"^passing risks nothing$"), lambda m, g: "passar não arrisca nada"),
    (
        re.compile(r"^made in (\d+%) of (\d+) deals with (.+) \(average ([-\d.]+) points\)$"),
        lambda m, g: (
            f"cumprido em {m[1]} de {m[2]} distribuições com "
            f"{describe(g, m[3], 'pt')} (média de {m[4]} pontos)"
        ),
    ),
    (
        re.compile(r"^makes the bid in (\d+%) of (\d+) deals \(average ([-\d.]+) points\)$"),
        lambda m, g: f"cumpre o lance em {m[1]} de {m[2]} distribuições (média de {m[3]} pontos)",
    ),
    (
        re.compile(
            r"^([-+\d.]+) points this hand on average over (\d+) deals "
            r"\(bid (made|set) in (\d+%)\)$"
        ),
        lambda m, g: (
            f"{m[1]} pontos nesta mão, em média, em {m[2]} distribuições "
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
            f"(nossa dupla faz {m[5]} pontos em média)"
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
            + f" (pontos {m[4]} nesta mão)"
        ),
    ),
    (
        re.compile(r"^wins ([\d.]+%) of the time, leaving (.*)$"),
        lambda m, g: f"vence em {m[1]} das vezes, deixando {_figure_pt(m[2])}",
    ),
    (
        re.compile(r"^([\d.]+) round wins still needed on average, leaving (.*)$"),
        lambda m, g: f"ainda faltam {m[1]} rodadas ganhas, em média, deixando {_figure_pt(m[2])}",
    ),
]


def translate_hint(game: str, reason: str, lang: str) -> str:
    """A bot's reason for a hint (English) in ``lang``; unknown ones stay as written.

    >>> translate_hint("bingo", "exact: the match is won 75% (points +12 this hand)", "pt")
    'exato: a partida é ganha em 75% (pontos +12 nesta mão)'
    """
    if lang != "pt" or not reason:
        return reason
    for pattern, say in _HINT_RULES_PT:
        m = pattern.match(reason.strip())
        if m:
            return say(m, game)
    return reason


# ---------------------------------------------------------------- rules pages


def rules_html(game: str, lang: str) -> str:
    """The rules of ``game`` in ``lang`` as HTML (the project's rules texts, in Markdown)."""
    from markdown_it import MarkdownIt

    from ludoteca import rules

    try:
        source = rules.text(game, lang)
    except (ValueError, FileNotFoundError):
        title = html.escape(text("game." + game, lang))
        return f"<h1>{title}</h1><p>{html.escape(text('web.rules_missing', lang))}</p>"
    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    rendered: str = md.render(source)
    return rendered
