"""The Five-Up lessons' texts, by message code (see :mod:`ludoteca.lessons.messages`)."""

from __future__ import annotations

from ludoteca.i18n import NP_

MESSAGES: dict[str, str] = {
    "five.fives.title": NP_("fiveup", "Scoring by fives"),
    "five.fives.intro": NP_(
        "fiveup",
        "Five-Up is a counting game: after every play, add up the open ends of the line of "
        "tiles. If the total is a multiple of five, the player scores 1 point for every five: "
        "10 is 2 points, 15 is 3. The first tile counts both its ends. The game goes to 61.",
    ),
    "five.fives.open": NP_(
        "fiveup",
        "You are Ana and you lead: lay any tile of your hand. Your hand: [6-4], [6-2], [5-5], "
        "[3-2] and [1-0]. Which tiles score most?",
    ),
    "five.fives.open.done": NP_(
        "fiveup",
        "6 + 4 = 10 (the [5-5] also makes 10): 10 ÷ 5 = 2 points, as in the article's example.",
    ),
    "five.fives.open.one": NP_(
        "fiveup",
        "The [3-2] makes 5: 1 point, as the [4-1] or the [5-0] would. The [6-4] or the [5-5] "
        "make 10: 2 points.",
    ),
    "five.fives.open.eight": NP_(
        "fiveup",
        "6 + 2 = 8 is not a multiple of five: nothing is scored. Try a tile that makes 10.",
    ),
    "five.fives.beside": NP_(
        "fiveup",
        "Beto opened with the [4-1] (5: 1 point). You may join a tile to the 4 or to the 1. The "
        "article's example: play the [6-1] beside the [4-1].",
    ),
    "five.fives.beside.done": NP_(
        "fiveup",
        "The free ends are now 4 and 6: 10, so 2 points. The 1s that touch no longer count.",
    ),
    "five.fives.beside.double": NP_(
        "fiveup",
        "The [1-1] on the 1 leaves the 4 and the double, which counts both its halves: 4 + 2 = "
        "6, nothing. The [6-1] leaves 4 and 6: 10.",
    ),
    "five.spinners.title": NP_("fiveup", "Doubles: the spinners"),
    "five.spinners.intro": NP_(
        "fiveup",
        "A double is laid crosswise and opens three new ways: its other side and its two tips. "
        "Its two sides must be taken before anything joins its tips. While a side is free the "
        "double counts both its halves; once both sides are taken it no longer counts.",
    ),
    "five.spinners.side": NP_(
        "fiveup",
        "Beto opened with the [5-5] (10: 2 points). Your hand: [5-4], [5-3], [5-0], [6-6] and "
        "[2-1]. A tile on the [5-5] takes one of its sides, and the double keeps counting 10 "
        "while its other side is free. Score again.",
    ),
    "five.spinners.side.done": NP_(
        "fiveup",
        "10 (the [5-5], one side still free) + 0 = 10: 2 points. Beto then takes the other side "
        "with the [5-1]: the [5-5] stops counting, and the ends are 0 and 1.",
    ),
    "five.spinners.side.thirteen": NP_(
        "fiveup", "The [5-3] leaves 10 + 3 = 13: nothing. The [5-0] leaves 10 + 0 = 10."
    ),
    "five.spinners.tip": NP_(
        "fiveup",
        "Both sides of the [5-5] are taken: it no longer counts (the ends add up to 1), and now "
        "its two tips are open. A tile on a tip counts its open end. Make 5.",
    ),
    "five.spinners.tip.done": NP_("fiveup", "The [5-4] on a tip leaves 0 + 1 + 4 = 5: 1 point."),
    "five.spinners.tip.four": NP_(
        "fiveup", "The [5-3] on a tip leaves 0 + 1 + 3 = 4: not a multiple of five."
    ),
    "five.spinners.tip.two": NP_(
        "fiveup",
        "The [2-1] on the [5-1] leaves 0 + 2 = 2: nothing. A tile on a tip of the [5-5] adds "
        "its other end.",
    ),
    "five.drawing.title": NP_("fiveup", "Must play, drawing, the reserve, passing"),
    "five.drawing.intro": NP_(
        "fiveup",
        "A player who can play must play. One who cannot draws from the stock until a tile "
        "fits, and plays it. The last tile of the stock is never drawn (the last two with four "
        "players): with nothing to play and nothing to draw, the player passes.",
    ),
    "five.drawing.forced": NP_(
        "fiveup",
        "Ana opened with the [1-1]; Beto drew eight tiles before one fitted, then joined the "
        "[1-0]. Your hand: [6-5], [4-3], [4-0], [2-1]. The ends are the [1-1] (a side still "
        "free) and the 0 of the [1-0]. Two of your tiles fit: you must play one.",
    ),
    "five.drawing.forced.done": NP_(
        "fiveup", "You played: no drawing while a tile of your hand fits."
    ),
    "five.drawing.forced.draw": NP_(
        "fiveup",
        "Drawing is only for a player whose tiles do not fit: the [4-0] fits the 0 and the "
        "[2-1] fits the [1-1].",
    ),
    "five.drawing.forced.joined": NP_(
        "fiveup",
        "The 1 of the [1-0] is joined to the [1-1]: its only open end is the 0. The [2-1] can "
        "go on the [1-1], whose other side is free.",
    ),
    "five.drawing.draw": NP_(
        "fiveup",
        "Your hand is [5-5] and [5-3] (you just drew the [5-5], which does not fit either). "
        "The open ends show 2, 6, 0 and 4: nothing fits. What now?",
    ),
    "five.drawing.draw.done": NP_("fiveup", "You drew the [6-4]: it fits the [6-6] and the [4-4]."),
    "five.drawing.draw.pass": NP_(
        "fiveup",
        "You may pass only when nothing fits and nothing may be drawn; the stock still has "
        "tiles to draw.",
    ),
    "five.drawing.play_drawn": NP_(
        "fiveup", "The [6-4] you drew fits: play it now, on the [6-6] or on the [4-4]."
    ),
    "five.drawing.play_drawn.done": NP_(
        "fiveup", "Played: a tile drawn that fits must be played at once."
    ),
    "five.drawing.play_drawn.draw": NP_("fiveup", "Your [6-4] fits: you stop drawing and play it."),
    "five.drawing.last_tile": NP_(
        "fiveup",
        "Your hand is [4-4] and [4-0]; the ends show 6, 5, 5 and 3. One tile is left in the "
        "stock, and the last tile of the stock is never drawn.",
    ),
    "five.drawing.last_tile.done": NP_(
        "fiveup", "Nothing to play, nothing to draw: you pass. Beto plays on."
    ),
    "five.drawing.last_tile.draw": NP_(
        "fiveup", "The last tile of the stock stays there: nobody may draw it. Pass."
    ),
    "five.drawing.last_two": NP_(
        "fiveup",
        "Four players, in partnerships: Ana and Caio against Beto and Duda. Your hand is the "
        "[2-1], which fits nowhere; two tiles are left in the stock.",
    ),
    "five.drawing.last_two.done": NP_(
        "fiveup", "With four players the last two tiles of the stock are never drawn: you pass."
    ),
    "five.drawing.last_two.draw": NP_(
        "fiveup", "In partnerships the last two tiles of the stock are never drawn. Pass."
    ),
    "five.domino.title": NP_("fiveup", "Going out: the domino bonus"),
    "five.domino.intro": NP_(
        "fiveup",
        'The player who plays their last tile goes out ("dominoes"): the opponents add up '
        "the pips left in their hands, and the player scores 1 point for every five of them. "
        "A remainder of 1 or 2 is rounded down, of 3 or 4 up: 22 pips make 4 points, 23 make 5.",
    ),
    "five.domino.down": NP_(
        "fiveup",
        "One tile left: the [4-4], which fits the [4-1]. Beto still holds the [6-6], [4-2] and "
        "[2-2]: 22 pips. Go out.",
    ),
    "five.domino.down.done": NP_(
        "fiveup", "Domino! 22 pips: four fives and 2 over, rounded down: 4 points."
    ),
    "five.domino.down.draw": NP_("fiveup", "Your tile fits: play it and go out."),
    "five.domino.up": NP_(
        "fiveup",
        "Your last tile, the [6-4], fits the [4-2]. Beto holds the [6-6] and the [6-5]: 23 pips.",
    ),
    "five.domino.up.done": NP_(
        "fiveup", "Domino! 23 pips: four fives and 3 over, rounded up: 5 points, as in the article."
    ),
    "five.blocked.title": NP_("fiveup", "A blocked hand"),
    "five.blocked.intro": NP_(
        "fiveup",
        "When nobody can play and nothing may be drawn, the hand is blocked. The player (or "
        "team) with the fewest pips in hand scores the bonus on the opponents' pips; if they "
        "tie, nobody scores.",
    ),
    "five.blocked.pass": NP_(
        "fiveup",
        "Beto has just passed. Your hand, [3-3] and [2-0], fits nowhere, and only the last "
        "tile of the stock is left. You pass too: the hand is blocked. Who scores?",
    ),
    "five.blocked.pass.done": NP_(
        "fiveup",
        "Blocked: you hold 8 pips and Beto 16. You have fewer, so you score the bonus on his "
        "16: three fives and 1 over, rounded down: 3 points.",
    ),
    "five.blocked.pass.draw": NP_(
        "fiveup", "The last tile of the stock is never drawn: you can only pass."
    ),
    "five.partners.title": NP_("fiveup", "Partnerships"),
    "five.partners.intro": NP_(
        "fiveup",
        "With four players, partners sit opposite and score together: Ana and Caio against "
        "Beto and Duda. Going out, a player scores the pips of both opponents; the partner's "
        "tiles do not count.",
    ),
    "five.partners.domino": NP_(
        "fiveup",
        "Your last tile is the [5-4]: it fits the [4-4] and the [5-1]. Beto holds the [5-3], "
        "Duda the [3-3] and [1-1], and Caio, your partner, the [5-0] and [0-0]. Go out.",
    ),
    "five.partners.domino.done": NP_(
        "fiveup",
        "Domino: Beto's 8 pips and Duda's 8 make 16, three fives and 1 over: 3 points for Ana "
        "and Caio. Caio's 5 pips do not count.",
    ),
    "five.partners.domino.pass": NP_("fiveup", "Your tile fits: play it and go out."),
    "five.game.title": NP_("fiveup", "The game to 61"),
    "five.game.intro": NP_(
        "fiveup",
        "A game is several hands, each dealt again, until a player (or team) reaches 61 "
        "points. The game ends the moment someone reaches 61, even in the middle of a hand.",
    ),
    "five.game.win": NP_(
        "fiveup",
        "Twelfth hand of a game: Ana has 59 points and Beto 51. The ends are the 5 of the "
        "[5-3] and the [3-3], whose free side makes it count 6. Your hand: [6-3], [5-4], [4-0] "
        "and [2-1]. Win the game.",
    ),
    "five.game.win.done": NP_(
        "fiveup",
        "The [5-4] leaves 4 + 6 = 10: 2 points, 61. Ana wins the game, in the middle of the hand.",
    ),
    "five.game.win.short": NP_(
        "fiveup",
        "The [6-3] takes the second side of the [3-3], which stops counting: 5 + 6 = 11, "
        "nothing. The [5-4] on the 5 makes 4 + 6 = 10.",
    ),
}
