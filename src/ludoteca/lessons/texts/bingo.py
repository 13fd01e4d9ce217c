"""The Bingo lessons' texts, by message code (see :mod:`ludoteca.lessons.messages`)."""

from __future__ import annotations

from ludoteca.i18n import NP_

MESSAGES: dict[str, str] = {
    "bingo.order.title": NP_("bingo", "The order of the tiles"),
    "bingo.order.intro": NP_(
        "bingo",
        "Bingo is played in tricks of two tiles: the leader plays one, the other player "
        "answers, and the stronger tile takes both. The higher number of the tile turned up "
        "from the stock is the trump. From the strongest: the [0-0] (the bingo), the trump "
        "double, the other trumps by their pip total, then every other tile by its pip total. "
        "Two tiles of the same total: the leader wins.",
    ),
    "bingo.order.trump": NP_(
        "bingo",
        "The [2-1] was turned up: twos are trump. Beto leads the [6-6], 12 pips. Your only "
        "trump is the [2-0]: play it.",
    ),
    "bingo.order.trump.done": NP_(
        "bingo",
        "A trump beats any tile that is not a trump: the [2-0] takes the [6-6]. You capture 12 "
        "+ 2 = 14 points.",
    ),
    "bingo.order.trump.five": NP_(
        "bingo",
        "The [5-5] has 10 pips, fewer than the [6-6]'s 12, and it is no trump: Beto would take "
        "the trick.",
    ),
    "bingo.order.double": NP_(
        "bingo",
        "Twos are trump. Beto leads the [2-6], the strongest trump after the double (2 + 6 = 8 "
        "pips). You hold the [2-2] and the [2-5].",
    ),
    "bingo.order.double.done": NP_(
        "bingo",
        "The trump double beats every other trump, and it is worth 28 points: with the [2-6] "
        "you capture 28 + 8 = 36.",
    ),
    "bingo.order.double.low": NP_(
        "bingo",
        "Trumps go by their pip total: the [2-5] (7) loses to the [2-6] (8). Only the trump "
        "double, or the bingo, beats the [2-6].",
    ),
    "bingo.order.totals": NP_(
        "bingo",
        "Twos are trump, and you hold neither a trump nor the bingo. Beto leads the [4-3]: 7 "
        "pips. The article: the [4-3] beats the [5-1] but loses to the [5-3].",
    ),
    "bingo.order.totals.done": NP_(
        "bingo", "The [5-3] has 8 pips, more than 7: you take the trick, 7 + 8 = 15 points."
    ),
    "bingo.order.totals.six": NP_(
        "bingo", "The [5-1] has 6 pips, fewer than the [4-3]'s 7: Beto takes the trick."
    ),
    "bingo.order.tie": NP_(
        "bingo",
        "Sixes are trump. Beto leads the [3-2]: 5 pips. The [4-1] has 5 as well: who wins a "
        "tie? Win the trick.",
    ),
    "bingo.order.tie.done": NP_(
        "bingo",
        "The [4-2] has 6 pips: it wins. On a tie (the [3-2] and the [4-1], as in the article) "
        "the leader would have won.",
    ),
    "bingo.order.tie.leader": NP_(
        "bingo",
        "The [4-1] ties with the [3-2] (5 pips each), and a tie goes to the one who led: Beto.",
    ),
    "bingo.order.bingo": NP_(
        "bingo",
        "Twos are trump. Beto leads the [2-6], a high trump. You hold the bingo, the [0-0].",
    ),
    "bingo.order.bingo.done": NP_(
        "bingo", "The bingo beats every tile, trumps included. It is worth 14: 14 + 8 = 22 points."
    ),
    "bingo.order.bingo.ten": NP_(
        "bingo",
        "The [6-4] has 10 pips, but it is no trump: the [2-6] beats it. The bingo beats "
        "everything.",
    ),
    "bingo.values.title": NP_("bingo", "What the tiles are worth"),
    "bingo.values.intro": NP_(
        "bingo",
        "The winner of a trick scores at once what both tiles are worth: the trump double 28, "
        "the bingo 14 (28 when the blanks are trump), the [3-0] 10, and every other tile its "
        "pips ([6-6] 12, [5-3] 8). The first to 70 points wins the hand.",
    ),
    "bingo.values.ten": NP_(
        "bingo",
        "Twos are trump. Beto leads the [3-0]: only 3 pips, but it is worth 10 points. Take it.",
    ),
    "bingo.values.ten.done": NP_(
        "bingo",
        "Any tile with more than 3 pips takes the [3-0]: with the [4-1], 10 + 5 = 15 points.",
    ),
    "bingo.values.ten.low": NP_(
        "bingo", "The [1-0] has 1 pip: Beto keeps his [3-0] and scores its 10 points, 11 in all."
    ),
    "bingo.values.zero": NP_(
        "bingo",
        "Here the [0-0] itself was turned up, so the blanks are trump, and you took it at the "
        "end of the stock. You lead; the stock is gone, so Beto must follow with a blank if he "
        "has one. Lead the bingo.",
    ),
    "bingo.values.zero.done": NP_(
        "bingo",
        "With blanks as trump the bingo is also the trump double: it is worth 28, not 14. "
        "28 + 1 = 29 points.",
    ),
    "bingo.values.zero.double": NP_(
        "bingo",
        "The [5-5] is no trump here, and Beto holds fives to beat it. Your bingo wins for sure, "
        "and it is worth 28.",
    ),
    "bingo.stock.title": NP_("bingo", "The stock and the last two tiles"),
    "bingo.stock.intro": NP_(
        "bingo",
        "After each trick, while the stock lasts, the winner draws a tile and then the other "
        "player. When only the hidden tile and the tile turned up are left, the winner of the "
        "trick chooses which of the two to take; the other player gets the other one. From "
        "then on, following is compulsory.",
    ),
    "bingo.stock.take": NP_(
        "bingo",
        "You won the seventh trick. Only two tiles are left: the hidden one and the turned-up "
        "[6-3], a trump (sixes are trump). Which do you take?",
    ),
    "bingo.stock.take.done": NP_(
        "bingo",
        "You take the [6-3], a trump you know; Beto gets the hidden tile. The stock is gone: "
        "following is compulsory from now on.",
    ),
    "bingo.stock.take.hidden": NP_(
        "bingo",
        "You may take the hidden tile, but the turned-up [6-3] is a trump for sure, and Beto "
        "would get it.",
    ),
    "bingo.stock.take.play": NP_(
        "bingo", "First the winner of the trick chooses one of the last two tiles of the stock."
    ),
    "bingo.closing.title": NP_("bingo", "Closing the stock"),
    "bingo.closing.intro": NP_(
        "bingo",
        "At your turn to lead, while the stock lasts, you may close it (turning the trump tile "
        "down) if you think you can make 70 points without drawing again. Nobody draws any "
        "more, and following is compulsory from then on. If the closer does not reach 70, the "
        "other player wins the hand and scores what the closer lacked, or 7, whichever is more.",
    ),
    "bingo.closing.close": NP_(
        "bingo",
        "Fives are trump. You have 55 points and lead; you hold the [5-5], the trump double, "
        "and Beto holds the bingo (every hand is shown here). If you lead the [5-5] now he may "
        "answer with any tile: his [0-0] would take it. Close the stock first.",
    ),
    "bingo.closing.close.done": NP_(
        "bingo", "The stock is closed: nobody draws, and following is compulsory. You lead."
    ),
    "bingo.closing.close.open": NP_(
        "bingo",
        "While the stock is open Beto may answer with any tile: his bingo would take your [5-5] "
        "(28 + 14 points, and an extra set for him). Close first.",
    ),
    "bingo.closing.lead": NP_(
        "bingo",
        "The stock is closed. Lead the [5-5]: Beto must answer with a five, and his only one "
        "is the [5-1].",
    ),
    "bingo.closing.lead.done": NP_(
        "bingo",
        "Beto had to follow with the [5-1]: you take 28 + 6 = 34 points, 89 in all. You reach "
        "70 and win the hand; Beto has 28, fewer than 30: 2 sets.",
    ),
    "bingo.closing.lead.small": NP_(
        "bingo",
        "The [6-3] would ask Beto for a six, and his [6-6] would take it. Lead the trump double.",
    ),
    "bingo.showing.title": NP_("bingo", "Showing doubles"),
    "bingo.showing.intro": NP_(
        "bingo",
        "Leading a double, you may show the other doubles in your hand. If you win the trick "
        "you score at once: 20 for one double shown, 40 for two, 50 for three, 60 for four, 70 "
        "for five, and 10 more if the bingo is among them.",
    ),
    "bingo.showing.one": NP_(
        "bingo",
        "Sixes are trump and you lead. You hold the [6-6], the trump double (only the bingo "
        "beats it), and the [5-5]. Lead the [6-6] and show the [5-5].",
    ),
    "bingo.showing.one.done": NP_(
        "bingo", "You won the trick: 28 + 1 for the tiles, and 20 for the double shown."
    ),
    "bingo.showing.one.hidden": NP_(
        "bingo", "The [6-6] wins, but without showing the [5-5] you lose the 20 points of the show."
    ),
    "bingo.showing.bingo": NP_(
        "bingo",
        "Sixes are trump. You hold three doubles: the [4-4], the [3-3] and the bingo, [0-0]. "
        "Lead one of them and show the others.",
    ),
    "bingo.showing.bingo.done": NP_(
        "bingo",
        "Two doubles shown: 40, and 10 more because the bingo is among them: 50 points, as "
        "well as the tiles.",
    ),
    "bingo.showing.bingo.hidden": NP_(
        "bingo",
        "Without the show the trick brings only its tiles: showing the other two doubles, the "
        "bingo among them, adds 50.",
    ),
    "bingo.following.title": NP_("bingo", "Following, once the stock is gone"),
    "bingo.following.intro": NP_(
        "bingo",
        "While the stock lasts you may answer with any tile. Once it is gone (or closed) you "
        "must answer with a tile holding the higher number of the tile led; if you have none, "
        "the lower number; if none, a trump; if none, any tile.",
    ),
    "bingo.following.high": NP_(
        "bingo",
        "The stock is gone. Fours are trump and Beto leads the [6-1]. You hold one tile with "
        "its higher number, 6.",
    ),
    "bingo.following.high.done": NP_(
        "bingo", "The [6-5] holds the 6: it follows, and with 11 pips it takes the trick."
    ),
    "bingo.following.high.five": NP_(
        "bingo",
        "You hold a tile with the higher number of the [6-1], the [6-5]: you must answer with it.",
    ),
    "bingo.following.low": NP_(
        "bingo",
        "Threes are trump and Beto leads the [6-4]. You have no six, so the lower number "
        "comes next: you hold fours.",
    ),
    "bingo.following.low.done": NP_(
        "bingo", "You followed with a four, even though it loses: following comes before winning."
    ),
    "bingo.following.low.trump": NP_(
        "bingo",
        "The [5-3] is a trump, but the trump comes only after the two numbers of the tile led: "
        "you hold fours, so you must play one.",
    ),
    "bingo.following.trump": NP_(
        "bingo",
        "Sixes are trump and Beto leads the [2-2]. You hold no two at all: then you must play a "
        "trump.",
    ),
    "bingo.following.trump.done": NP_(
        "bingo", "With no two, a trump was due, and it takes the trick."
    ),
    "bingo.following.trump.five": NP_(
        "bingo",
        "With no two in hand you must play a trump (a six) if you have one: you have three.",
    ),
    "bingo.sets.title": NP_("bingo", "Winning the hand: sets"),
    "bingo.sets.intro": NP_(
        "bingo",
        "The first to 70 points wins the hand and scores sets: 1 if the loser has at least 30 "
        "points, 2 if fewer than 30, 3 if the loser took no trick. Whoever takes the trump "
        "double with the bingo scores an extra set. The first to 7 sets wins the match.",
    ),
    "bingo.sets.one": NP_(
        "bingo",
        "You have 60 points and Beto 34. Sixes are trump; Beto leads the [2-1]. Take the trick "
        "and reach 70.",
    ),
    "bingo.sets.one.done": NP_(
        "bingo", "70 or more: you win the hand. Beto has 34, at least 30: 1 set."
    ),
    "bingo.sets.one.short": NP_(
        "bingo", "The [6-0] takes the trick, but 3 + 6 = 9 brings you to 69: not yet 70."
    ),
    "bingo.sets.two": NP_(
        "bingo",
        "You have 59 points and Beto 22. Fours are trump; Beto leads the [2-2], 4 pips. Reach 70.",
    ),
    "bingo.sets.two.done": NP_(
        "bingo", "You win the hand, and Beto has fewer than 30 points: 2 sets."
    ),
    "bingo.sets.two.short": NP_(
        "bingo", "The [6-0] takes the trick, but 4 + 6 = 10 makes only 69."
    ),
    "bingo.sets.three": NP_(
        "bingo",
        "The first lead of the hand. Threes are trump; you hold the [3-3] (the trump double), "
        "the [5-5], the [1-1] and the bingo. Lead the [3-3] and show the other three.",
    ),
    "bingo.sets.three.done": NP_(
        "bingo",
        "Three doubles shown with the bingo: 50 + 10 = 60, plus 29 for the tiles: 89. You win "
        "the hand at the first trick, and Beto took no trick: 3 sets.",
    ),
    "bingo.sets.three.plain": NP_(
        "bingo",
        "The [3-3] wins, but alone it brings 29 points. Showing the other three doubles makes "
        "it a whole hand.",
    ),
    "bingo.sets.extra": NP_(
        "bingo", "Ones are trump. Beto leads the [1-1], the trump double. You hold the bingo."
    ),
    "bingo.sets.extra.done": NP_(
        "bingo",
        "The bingo takes the trump double: 14 + 28 = 42 points, and an extra set for you, "
        "whoever wins the hand.",
    ),
    "bingo.sets.extra.lose": NP_(
        "bingo",
        "Only the bingo beats the trump double: with the [6-5] Beto takes 28 + 11 = 39 points.",
    ),
}
