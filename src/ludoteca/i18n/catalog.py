"""The message catalogue: every key with its Portuguese (Brazil) and English text.

Keys are grouped by prefix: ``game.`` titles, ``ui.`` the apps' words,
``key.`` key labels, ``phase.<game>.`` phases, ``move.`` moves in words,
``suit.`` suits, ``dir.`` directions, ``word.`` small words, ``why.`` reasons
a move is refused, ``<game>.`` each game's own terms.
"""

from __future__ import annotations

__all__ = ["MESSAGES"]

MESSAGES: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------- titles
    "app.title": {"pt": "Ludoteca", "en": "Ludoteca"},
    "game.texas42": {"pt": "Texas 42", "en": "Texas 42"},
    "game.fiveup": {"pt": "Five-Up", "en": "Five-Up"},
    "game.bingo": {"pt": "Bingo", "en": "Bingo"},
    "game.cavaleiro": {"pt": "Cavaleiro", "en": "Cavaleiro"},
    "lang.pt": {"pt": "Português", "en": "Portuguese"},
    "lang.en": {"pt": "Inglês", "en": "English"},
    # --------------------------------------------------------------- keys
    "key.hint": {"pt": "Dica", "en": "Hint"},
    "key.rules": {"pt": "Regras", "en": "Rules"},
    "key.undo": {"pt": "Desfazer", "en": "Undo"},
    "key.save": {"pt": "Salvar", "en": "Save"},
    "key.quit": {"pt": "Sair", "en": "Quit"},
    "key.lang": {"pt": "English", "en": "Português"},
    "key.close": {"pt": "Fechar", "en": "Close"},
    "key.new": {"pt": "Novo jogo", "en": "New game"},
    "key.table": {"pt": "Ver a mesa", "en": "See the table"},
    "key.help": {"pt": "Teclas", "en": "Keys"},
    "key.ready": {"pt": "Estou pronto", "en": "I am ready"},
    # ---------------------------------------------------------- seats, turn
    "ui.you": {"pt": "Você", "en": "You"},
    "ui.player": {"pt": "Jogador {n}", "en": "Player {n}"},
    "ui.bot": {"pt": "Robô {n} ({level})", "en": "Bot {n} ({level})"},
    "ui.level.random": {"pt": "aleatório", "en": "random"},
    "ui.level.greedy": {"pt": "guloso", "en": "greedy"},
    "ui.level.expert": {"pt": "especialista", "en": "expert"},
    "ui.your_turn": {"pt": "Sua vez, {name}", "en": "Your turn, {name}"},
    "ui.turn_of": {"pt": "Vez de {name}", "en": "{name} to play"},
    "ui.thinking": {"pt": "{name} está pensando…", "en": "{name} is thinking…"},
    "ui.chance": {"pt": "Sorteando…", "en": "Drawing…"},
    "ui.your_roll": {
        "pt": "Sua vez de lançar os dados, {name}",
        "en": "Your roll, {name}",
    },
    "ui.roll": {"pt": "Lançar os dados", "en": "Roll the dice"},
    "ui.hand": {"pt": "Sua mão", "en": "Your hand"},
    "ui.hand_of": {"pt": "Mão de {name}", "en": "{name}'s hand"},
    "ui.moves": {"pt": "Jogadas", "en": "Moves"},
    "ui.log": {"pt": "Lances (notação)", "en": "Moves (notation)"},
    "ui.tiles": {"pt": "{n} pedras", "en": "{n} tiles"},
    "ui.tile_one": {"pt": "1 pedra", "en": "1 tile"},
    "ui.score": {"pt": "Placar", "en": "Score"},
    "ui.us": {"pt": "Nós", "en": "Us"},
    "ui.them": {"pt": "Eles", "en": "Them"},
    "ui.team": {"pt": "Dupla {names}", "en": "Team {names}"},
    "ui.and": {"pt": "{a} e {b}", "en": "{a} and {b}"},
    "ui.spectator": {"pt": "mesa vista de fora", "en": "table seen from outside"},
    "ui.pick_tile": {
        "pt": "←/→ escolhem a pedra, Enter joga; ou clique nela.",
        "en": "←/→ pick a tile, Enter plays it; or click it.",
    },
    "ui.pick_move": {
        "pt": "↑/↓ e Enter, as teclas 1–9, ou um clique escolhem a jogada.",
        "en": "↑/↓ and Enter, keys 1–9, or a click choose a move.",
    },
    "ui.play_from_hand": {"pt": "jogue uma pedra da mão", "en": "play a tile from your hand"},
    "ui.choose_for_tile": {"pt": "Como jogar a {tile}?", "en": "How do you play {tile}?"},
    "ui.played": {"pt": "{name}: {move}", "en": "{name}: {move}"},
    "ui.keys": {
        "pt": "h dica · r regras · u desfazer · s salvar · l idioma · q sair",
        "en": "h hint · r rules · u undo · s save · l language · q quit",
    },
    # ---------------------------------------------------------- refusals
    "ui.not_your_turn": {
        "pt": "Não é a sua vez: é a vez de {name}.",
        "en": "It is not your turn: {name} is to play.",
    },
    "ui.wait_bots": {
        "pt": "Aguarde: {name} está jogando.",
        "en": "Please wait: {name} is playing.",
    },
    "ui.no_such_move": {
        "pt": "Não há jogada {n} agora.",
        "en": "There is no move {n} now.",
    },
    "ui.illegal": {
        "pt": "{move} não é permitido: {reason}",
        "en": "{move} is not allowed: {reason}",
    },
    "ui.over_no_moves": {
        "pt": "O jogo acabou: não há mais jogadas.",
        "en": "The game is over: there are no more moves.",
    },
    "why.not_tile_phase": {
        "pt": "agora não é hora de jogar pedras; escolha uma das jogadas: {moves}",
        "en": "it is not the time to play a tile; choose one of: {moves}",
    },
    "why.follow_suit": {
        "pt": "a saída foi da família dos {suit} e você tem pedras dela; jogue uma destas: {tiles}",
        "en": "{suit} were led and you hold that suit; play one of: {tiles}",
    },
    "why.follow_trump": {
        "pt": "a saída foi de trunfo e você tem trunfo; jogue uma destas: {tiles}",
        "en": "trump was led and you hold trump; play one of: {tiles}",
    },
    "why.sevens": {
        "pt": "no setes é preciso jogar a pedra mais próxima de 7 pontos: {tiles}",
        "en": "in sevens you must play a tile nearest to 7 pips: {tiles}",
    },
    "why.bingo_follow": {
        "pt": "o monte acabou ou foi fechado, então é obrigatório seguir: {rule}; "
        "jogue uma destas: {tiles}",
        "en": "the stock is gone or closed, so you must follow: {rule}; play one of: {tiles}",
    },
    "why.bingo_high": {
        "pt": "uma pedra com o {end} (a ponta maior da saída)",
        "en": "a tile with a {end} (the led tile's higher end)",
    },
    "why.bingo_low": {
        "pt": "uma pedra com o {end} (a ponta menor da saída)",
        "en": "a tile with a {end} (the led tile's lower end)",
    },
    "why.bingo_trump": {
        "pt": "sem nenhuma das pontas, um trunfo ({trump})",
        "en": "holding neither end, a trump ({trump})",
    },
    "why.no_match": {
        "pt": "a {tile} não combina com nenhuma ponta livre ({ends})",
        "en": "{tile} matches no open end ({ends})",
    },
    "why.fiveup_draw": {
        "pt": "nenhuma pedra sua serve: compre da reserva",
        "en": "none of your tiles fits: draw from the stock",
    },
    "why.fiveup_pass": {
        "pt": "nenhuma pedra sua serve e não se pode comprar: passe a vez",
        "en": "none of your tiles fits and none may be drawn: pass",
    },
    "why.must_take": {
        "pt": "primeiro escolha a pedra que vai ficar: {moves}",
        "en": "first choose which tile to take: {moves}",
    },
    "why.generic": {
        "pt": "não é uma jogada permitida agora; permitidas: {moves}",
        "en": "it is not an allowed move now; allowed: {moves}",
    },
    # ------------------------------------------------------------ keys' work
    "ui.hint.none": {
        "pt": "As dicas ainda não estão disponíveis.",
        "en": "Hints are not available yet.",
    },
    "ui.hint.not_now": {
        "pt": "As dicas são dadas na sua vez de jogar.",
        "en": "Hints are given when it is your turn.",
    },
    "ui.hint.title": {"pt": "Dicas do especialista", "en": "The expert's suggestions"},
    "ui.hint.thinking": {"pt": "O especialista está pensando…", "en": "The expert is thinking…"},
    "ui.hint.failed": {"pt": "Sem dica agora: {error}", "en": "No hint now: {error}"},
    "ui.hint.col_move": {"pt": "Jogada", "en": "Move"},
    "ui.hint.col_value": {"pt": "Valor", "en": "Value"},
    "ui.hint.col_reason": {"pt": "Por quê", "en": "Why"},
    "ui.undo.done": {
        "pt": "Sua última decisão foi desfeita.",
        "en": "Your last decision was taken back.",
    },
    "ui.undo.only_bots": {
        "pt": "Só é possível desfazer quando todos os outros lugares são robôs.",
        "en": "Undo is allowed only when every other seat is a bot.",
    },
    "ui.undo.nothing": {"pt": "Não há nada para desfazer.", "en": "There is nothing to undo."},
    "ui.save.prompt": {
        "pt": "Salvar o registro da partida no arquivo:",
        "en": "Save the game's record to the file:",
    },
    "ui.save.done": {"pt": "Registro salvo em {path}", "en": "Record saved to {path}"},
    "ui.save.failed": {
        "pt": "Não foi possível salvar: {error}",
        "en": "Could not save: {error}",
    },
    "ui.quit.confirm": {
        "pt": "Sair do jogo? As jogadas desde o último salvamento serão perdidas.",
        "en": "Quit the game? Moves since the last save will be lost.",
    },
    "ui.quit.keys": {
        "pt": "s/Enter: sair · Esc: voltar",
        "en": "y/Enter: quit · Esc: go back",
    },
    "ui.lang.now": {"pt": "Idioma: português", "en": "Language: English"},
    "ui.rules.title": {"pt": "Regras: {game}", "en": "Rules: {game}"},
    "ui.rules.missing": {
        "pt": "As regras deste jogo ainda não foram escritas.",
        "en": "The rules of this game are not written yet.",
    },
    "ui.bot_fallback": {
        "pt": "O robô {level} deste jogo ainda não existe; joga o {fallback}.",
        "en": "The {level} bot for this game is not built yet; the {fallback} bot plays.",
    },
    "ui.resumed": {
        "pt": "Partida retomada: {n} lances.",
        "en": "Game resumed: {n} moves.",
    },
    # ------------------------------------------------------------- hot seat
    "ui.pass.title": {"pt": "Passe o aparelho para {name}", "en": "Pass the device to {name}"},
    "ui.pass.body": {
        "pt": "As mãos estão escondidas. Quando só {name} estiver olhando, "
        "tecle Enter ou clique para mostrar a mão.",
        "en": "The hands are hidden. When only {name} is looking, press Enter "
        "or click to show the hand.",
    },
    # ------------------------------------------------------------- game over
    "ui.over.title": {"pt": "Fim de jogo", "en": "Game over"},
    "ui.over.winner": {"pt": "{name} venceu!", "en": "{name} won!"},
    "ui.over.you_won": {"pt": "Você venceu!", "en": "You won!"},
    "ui.over.you_lost": {"pt": "Você perdeu.", "en": "You lost."},
    "ui.over.no_winner": {"pt": "Ninguém venceu.", "en": "Nobody won."},
    "ui.over.keys": {
        "pt": "n: novo jogo · s: salvar · u: desfazer · Esc: ver a mesa · q: sair",
        "en": "n: new game · s: save · u: undo · Esc: see the table · q: quit",
    },
    # ------------------------------------------------------------ small words
    "word.mark": {"pt": "{n} marca", "en": "{n} mark"},
    "word.marks": {"pt": "{n} marcas", "en": "{n} marks"},
    "word.points": {"pt": "{n} pontos", "en": "{n} points"},
    "word.point": {"pt": "{n} ponto", "en": "{n} point"},
    "word.none": {"pt": "—", "en": "—"},
    "word.yes": {"pt": "sim", "en": "yes"},
    "word.no": {"pt": "não", "en": "no"},
    "word.dealer": {"pt": "embaralha", "en": "deals"},
    "word.leads": {"pt": "sai", "en": "leads"},
    "word.out": {"pt": "fora desta mão", "en": "sits out"},
    "suit.0": {"pt": "brancos", "en": "blanks"},
    "suit.1": {"pt": "uns", "en": "ones"},
    "suit.2": {"pt": "dois", "en": "twos"},
    "suit.3": {"pt": "três", "en": "threes"},
    "suit.4": {"pt": "quatros", "en": "fours"},
    "suit.5": {"pt": "cincos", "en": "fives"},
    "suit.6": {"pt": "seis", "en": "sixes"},
    "suit.doubles": {"pt": "duplos", "en": "doubles"},
    "dir.north": {"pt": "norte", "en": "north"},
    "dir.south": {"pt": "sul", "en": "south"},
    "dir.east": {"pt": "leste", "en": "east"},
    "dir.west": {"pt": "oeste", "en": "west"},
    "dir.left": {"pt": "esquerda", "en": "left"},
    "dir.right": {"pt": "direita", "en": "right"},
    "dir.up": {"pt": "acima", "en": "up"},
    "dir.down": {"pt": "abaixo", "en": "down"},
    # ------------------------------------------------------------ moves
    "move.play": {"pt": "joga {tile}", "en": "play {tile}"},
    "move.deal": {"pt": "distribuição das pedras", "en": "the deal"},
    "move.texas42.pass": {"pt": "passo", "en": "pass"},
    "move.texas42.bid": {"pt": "lance de {value}", "en": "bid {value}"},
    "move.texas42.bid_marks_points": {
        "pt": "lance de {value} ({marks})",
        "en": "bid {value} ({marks})",
    },
    "move.texas42.bid_marks": {"pt": "lance de {marks}", "en": "bid {marks}"},
    "move.texas42.plunge": {"pt": "plunge de {marks}", "en": "plunge for {marks}"},
    "move.texas42.splash": {"pt": "splash de {marks}", "en": "splash for {marks}"},
    "move.texas42.trump": {"pt": "trunfo: {suit}", "en": "{suit} are trump"},
    "move.texas42.doubles": {"pt": "trunfo: duplos", "en": "doubles are trump"},
    "move.texas42.follow_me": {"pt": "siga-me (sem trunfo)", "en": "follow-me (no trump)"},
    "move.texas42.nello": {
        "pt": "nel-O (perder todas as vazas)",
        "en": "nello (lose every trick)",
    },
    "move.texas42.sevens": {
        "pt": "setes (a pedra mais perto de 7 ganha)",
        "en": "sevens (the tile nearest 7 wins)",
    },
    "move.texas42.draw": {
        "pt": "sorteio de quem embaralha: {tiles}",
        "en": "draw for the first dealer: {tiles}",
    },
    "move.bingo.show": {
        "pt": "joga {tile} e mostra os duplos",
        "en": "play {tile} and show the doubles",
    },
    "move.bingo.close": {"pt": "fecha o monte", "en": "close the stock"},
    "move.bingo.take_up": {"pt": "fica com a pedra exposta", "en": "take the turned-up tile"},
    "move.bingo.take_hidden": {"pt": "fica com a pedra oculta", "en": "take the hidden tile"},
    "move.bingo.draw": {
        "pt": "sorteio de quem sai: {tiles}",
        "en": "draw for the first lead: {tiles}",
    },
    "move.cav.horizontals": {
        "pt": "remove todos os palitos horizontais",
        "en": "remove all the horizontal sticks",
    },
    "move.cav.horizontal": {
        "pt": "remove um palito horizontal",
        "en": "remove one horizontal stick",
    },
    "move.cav.block": {"pt": "remove o bloco {block}", "en": "remove block {block}"},
    "move.cav.column": {
        "pt": "remove {count} da coluna {column}",
        "en": "remove {count} from column {column}",
    },
    "move.cav.column_one": {
        "pt": "remove 1 da coluna {column}",
        "en": "remove 1 from column {column}",
    },
    "move.cav.pass": {"pt": "não remove nada", "en": "remove nothing"},
    "move.cav.roll": {"pt": "lança {dice}", "en": "rolls {dice}"},
    "move.fiveup.play_on": {"pt": "joga {tile} na {target}", "en": "play {tile} on {target}"},
    "move.fiveup.draw": {"pt": "compra da reserva", "en": "draw from the stock"},
    "move.fiveup.pass": {"pt": "passa a vez", "en": "pass"},
    "move.fiveup.drew": {"pt": "compra {tile}", "en": "draws {tile}"},
    "move.fiveup.first_draw": {
        "pt": "sorteio de quem começa",
        "en": "draw for the first lead",
    },
    # ------------------------------------------------------------ phases
    "phase.texas42.draw": {"pt": "sorteio de quem embaralha", "en": "draw for the dealer"},
    "phase.texas42.deal": {"pt": "distribuição", "en": "deal"},
    "phase.texas42.bid": {"pt": "leilão", "en": "bidding"},
    "phase.texas42.trump": {"pt": "escolha do trunfo", "en": "naming trump"},
    "phase.texas42.play": {"pt": "vazas", "en": "playing tricks"},
    "phase.texas42.over": {"pt": "fim", "en": "over"},
    "phase.bingo.draw": {"pt": "sorteio de quem sai", "en": "draw for the lead"},
    "phase.bingo.deal": {"pt": "distribuição", "en": "deal"},
    "phase.bingo.lead": {"pt": "saída", "en": "lead"},
    "phase.bingo.reply": {"pt": "resposta", "en": "reply"},
    "phase.bingo.take": {"pt": "escolha da última pedra", "en": "taking the last tile"},
    "phase.bingo.over": {"pt": "fim", "en": "over"},
    "phase.cavaleiro.order": {"pt": "ordem de jogo", "en": "rolling for order"},
    "phase.cavaleiro.roll": {"pt": "lançamentos", "en": "rolling"},
    "phase.cavaleiro.remove": {"pt": "remoção de palitos", "en": "removing sticks"},
    "phase.cavaleiro.over": {"pt": "fim", "en": "over"},
    "phase.fiveup.draw": {"pt": "sorteio de quem começa", "en": "draw for the lead"},
    "phase.fiveup.deal": {"pt": "distribuição", "en": "deal"},
    "phase.fiveup.play": {"pt": "jogo", "en": "play"},
    "phase.fiveup.over": {"pt": "fim", "en": "over"},
    "ui.phase": {"pt": "Fase: {phase}", "en": "Phase: {phase}"},
    # ------------------------------------------------------------ Texas 42
    "texas42.marks_to": {"pt": "Marcas (até {n})", "en": "Marks (to {n})"},
    "texas42.points_to": {"pt": "Pontos (até {n})", "en": "Points (to {n})"},
    "texas42.dealer": {"pt": "Embaralhador: {name}", "en": "Dealer: {name}"},
    "texas42.bids": {"pt": "Leilão", "en": "Bidding"},
    "texas42.high_bid": {"pt": "Contrato: {bid} de {name}", "en": "Bid: {bid} by {name}"},
    "texas42.no_bid": {"pt": "Contrato: —", "en": "Bid: —"},
    "texas42.contract": {"pt": "Trunfo: {contract}", "en": "Trump: {contract}"},
    "texas42.c.doubles": {"pt": "duplos", "en": "doubles"},
    "texas42.c.follow_me": {"pt": "nenhum (siga-me)", "en": "none (follow-me)"},
    "texas42.c.nello": {"pt": "nenhum (nel-O)", "en": "none (nello)"},
    "texas42.c.sevens": {"pt": "nenhum (setes)", "en": "none (sevens)"},
    "texas42.hand_points": {
        "pt": "Pontos da mão: {a} × {b}",
        "en": "Points this hand: {a} – {b}",
    },
    "texas42.last_hand": {"pt": "Mão anterior: {text}", "en": "Last hand: {text}"},
    "texas42.made": {
        "pt": "{name} cumpriu {bid} ({a} × {b})",
        "en": "{name} made {bid} ({a}–{b})",
    },
    "texas42.set": {
        "pt": "{name} não cumpriu {bid} ({a} × {b})",
        "en": "{name} was set on {bid} ({a}–{b})",
    },
    "texas42.all_passed": {
        "pt": "todos passaram; nova distribuição",
        "en": "all passed; a new deal",
    },
    "ui.trick": {"pt": "Vaza", "en": "Trick"},
    "ui.last_trick": {"pt": "Última vaza", "en": "Last trick"},
    "ui.won_by": {
        "pt": "ganha por {name} (+{points})",
        "en": "won by {name} (+{points})",
    },
    # ------------------------------------------------------------ Bingo
    "bingo.sets_to": {"pt": "Sets (até {n})", "en": "Sets (to {n})"},
    "bingo.points_to": {"pt": "Pontos da partida (até 70)", "en": "Hand points (to 70)"},
    "bingo.trump": {"pt": "Trunfo: {trump}", "en": "Trump: {trump}"},
    "bingo.stock": {"pt": "Monte: {n}", "en": "Stock: {n}"},
    "bingo.closed": {"pt": "Monte fechado por {name}", "en": "Stock closed by {name}"},
    "bingo.follow": {"pt": "Seguir é obrigatório", "en": "Following is compulsory"},
    "bingo.tricks_won": {"pt": "Vazas: {a} × {b}", "en": "Tricks: {a} – {b}"},
    "bingo.shown": {"pt": "Duplos mostrados: {tiles}", "en": "Doubles shown: {tiles}"},
    "bingo.turned_up": {"pt": "Virada", "en": "Turned up"},
    "bingo.hand_no": {"pt": "Partida {n}", "en": "Hand {n}"},
    # ------------------------------------------------------------ Cavaleiro
    "cav.round": {"pt": "Rodada {n}", "en": "Round {n}"},
    "cav.order": {"pt": "Ordem: {names}", "en": "Order: {names}"},
    "cav.sticks_left": {"pt": "{n} palitos", "en": "{n} sticks"},
    "cav.rounds_won": {"pt": "{n} rodadas ganhas", "en": "{n} rounds won"},
    "cav.allows": {"pt": "Pode remover: {what}", "en": "May remove: {what}"},
    "cav.wins_round": {"pt": "{name} ganhou a rodada", "en": "{name} won the round"},
    "cav.last_round": {
        "pt": "Rodada {n}: {name} — {removal}",
        "en": "Round {n}: {name} — {removal}",
    },
    "cav.to_roll": {"pt": "Lança: {name}", "en": "To roll: {name}"},
    "cav.rolloff": {"pt": "Sorteio da ordem (soma dos dados)", "en": "Roll for order (totals)"},
    "cav.roll.4": {"pt": "quadra de {a}", "en": "four {a}s"},
    "cav.roll.3": {"pt": "trinca de {a}", "en": "three {a}s"},
    "cav.roll.2": {"pt": "dois pares, {a} e {b}", "en": "two pairs, {a}s and {b}s"},
    "cav.roll.1": {"pt": "par de {a}", "en": "a pair of {a}s"},
    "cav.roll.0": {"pt": "nada ({dice})", "en": "nothing ({dice})"},
    "cav.removal.0": {"pt": "um palito vertical", "en": "one vertical"},
    "cav.removal.1": {
        "pt": "1 ou 2 verticais de uma coluna",
        "en": "1 or 2 verticals of one column",
    },
    "cav.removal.2": {
        "pt": "1, 2 ou 3 verticais de uma coluna",
        "en": "1, 2 or 3 verticals of one column",
    },
    "cav.removal.3": {
        "pt": "um horizontal, ou tudo o que resta de uma coluna",
        "en": "one horizontal, or everything left in one column",
    },
    "cav.removal.4": {
        "pt": "todos os horizontais restantes, ou todos os verticais de um bloco inteiro "
        "(os verticais que restam de um bloco, se nenhum estiver inteiro)",
        "en": "all the remaining horizontals, or all the verticals of one intact block "
        "(the remaining verticals of one block when no block is intact)",
    },
    # ------------------------------------------------------------ Five-Up
    "fiveup.points_to": {"pt": "Pontos (até {n})", "en": "Points (to {n})"},
    "fiveup.stock": {
        "pt": "Reserva: {n} ({drawable} para comprar)",
        "en": "Stock: {n} ({drawable} to draw)",
    },
    "fiveup.scoring": {"pt": "Pontos marcados", "en": "Scoring"},
    "fiveup.ev.ends": {"pt": "+{points} pelas pontas", "en": "+{points} for the ends"},
    "fiveup.ev.domino": {"pt": "+{points} ao bater", "en": "+{points} for going out"},
    "fiveup.ev.blocked": {
        "pt": "+{points} na partida trancada",
        "en": "+{points} in the blocked hand",
    },
    "fiveup.not_scored": {
        "pt": "(não marcado: passaria do alvo)",
        "en": "(not scored: it would pass the target)",
    },
    "fiveup.ends": {"pt": "Pontas: {ends} = {total}", "en": "Open ends: {ends} = {total}"},
    "fiveup.hand_no": {"pt": "Partida {n}", "en": "Hand {n}"},
}
