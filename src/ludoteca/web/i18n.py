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

import html
from typing import Any

from starlette.requests import Request

from ludoteca import i18n as shared
from ludoteca.i18n.reasons import translate_hint, translate_reason

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
    "err.bad_text": {
        "pt": "O texto tem um caractere inválido (um substituto isolado).",
        "en": "The text holds an invalid character (a lone surrogate).",
    },
    "err.too_deep": {
        "pt": "O JSON tem aninhamento demais (no máximo {limit} níveis).",
        "en": "The JSON nests too deep (at most {limit} levels).",
    },
    "err.number_too_big": {
        "pt": "Um número do JSON é longo demais (no máximo {limit} algarismos).",
        "en": "A number in the JSON is too long (at most {limit} digits).",
    },
    "err.need_json": {
        "pt": "O corpo de um POST é JSON: envie com Content-Type: application/json.",
        "en": "A POST body is JSON: send it with Content-Type: application/json.",
    },
    "err.slow_body": {
        "pt": "O corpo do pedido não chegou a tempo (no máximo {limit} s).",
        "en": "The request body did not arrive in time (at most {limit} s).",
    },
    "err.path_too_long": {
        "pt": "O endereço é longo demais (no máximo {limit} bytes).",
        "en": "The address is too long (at most {limit} bytes).",
    },
    "err.headers_too_large": {
        "pt": "Cabeçalhos demais ou grandes demais (no máximo {count}, {limit} bytes).",
        "en": "Too many or too large headers (at most {count}, {limit} bytes in all).",
    },
    "err.bad_host": {
        "pt": "O cabeçalho Host não é um nome de servidor.",
        "en": "The Host header is not a host name.",
    },
    "err.bad_origin": {
        "pt": "Esta mesa só aceita conexões do próprio site.",
        "en": "This table only takes connections from its own site.",
    },
    "err.busy": {
        "pt": "Pedidos demais: tente de novo em {retry} s.",
        "en": "Too many requests: try again in {retry} s.",
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
