"""The lessons' texts, by message code.

A course names its texts by code (``t42.following.only_one``); each code is
an English message here, marked for the catalogs, and said in the learner's
language from them (the Portuguese in the seeds' own words: "família",
"vaza", "duplo", "monte", "dobre", "reserva", "palitos"). Tiles are written
as the articles write them, ``[4-5]``, and drawn as tiles by the pages.

>>> say("t42.trumps.title", "pt")
'Famílias e trunfos'
"""

from __future__ import annotations

from ludoteca.i18n import NP_, texts

__all__ = ["MESSAGES", "say"]

MESSAGES: dict[str, str] = {
    # ------------------------------------------------------------------- Texas 42
    "t42.trumps.title": NP_("texas42", "Suits and trumps"),
    "t42.trumps.intro": NP_(
        "texas42",
        "A domino is played like a card: each number is a suit (the sixes, the fives … the "
        "blanks). The bid winner names a suit as trump, and a trump beats any tile of another "
        "suit. Inside a suit the double is the highest tile, then the others by their other "
        "number, 6 down to 0. The table below is the article's order with fours as trump.",
    ),
    "t42.trumps.any_trump": NP_(
        "texas42",
        "Fours are trump. Amanda leads the [6-6], the highest six. You are Beth and hold no six "
        "at all, so you may play any tile. Take the trick with a trump: even the smallest, the "
        "[4-0], beats every six.",
    ),
    "t42.trumps.any_trump.done": NP_(
        "texas42",
        "Your [4-0] took the trick: a trump, whatever its other number, beats any tile that is "
        "not a trump.",
    ),
    "t42.trumps.any_trump.no_six": NP_(
        "texas42",
        "The [5-5] is a double, but a five, not a six: it cannot beat the [6-6]. Only a trump "
        "could.",
    ),
    "t42.trumps.double_on_top": NP_(
        "texas42",
        "Beth leads the [3-3]. André follows with a three; Bruno has none and trumps with the "
        "[6-4], worth 10. You are Amanda, with no three ([4-3] is a trump, not a three): take "
        "the trick back with the highest trump there is.",
    ),
    "t42.trumps.double_on_top.done": NP_(
        "texas42",
        "The [4-4] is the highest trump: the double trump never loses a trick. Your team takes "
        "the [6-4] and its 10 points.",
    ),
    "t42.trumps.double_on_top.low": NP_(
        "texas42",
        "Among trumps the other number decides: the [4-6] beats the [4-5] (6 is more than 5). "
        "Only the double is higher than the [4-6].",
    ),
    "t42.trumps.double_on_top.four_three": NP_(
        "texas42",
        "The [4-3] is a trump, but a small one: the [4-6] beats it. Only the double is higher "
        "than the [4-6].",
    ),
    "t42.trumps.higher_end": NP_(
        "texas42",
        "Fours are trump and Amanda leads the [3-5]. A tile that is not a trump belongs, when "
        "led, to its higher number: this is a five. You are Bruno: you hold threes, but the "
        "suit led is fives, and you have one.",
    ),
    "t42.trumps.higher_end.done": NP_(
        "texas42",
        "The [5-1] follows the fives. The [3-5] led counts as a five only: threes do not "
        "follow it.",
    ),
    "t42.trumps.higher_end.three": NP_(
        "texas42",
        "The [3-5] was led as a five (its higher number), not as a three: you must play your "
        "five, the [5-1].",
    ),
    "t42.following.title": NP_("texas42", "Following suit"),
    "t42.following.intro": NP_(
        "texas42",
        "Whoever holds a tile of the suit led must play one of them: this is the subtlest part "
        "of the game. A trump is only a trump, never a tile of its other number. Only a player "
        "with no tile of the suit led (void) may play any tile.",
    ),
    "t42.following.only_one": NP_(
        "texas42",
        "The article's example: the [1-1] is led, and your hand is [1-5], [6-6], [5-5], [3-2], "
        "[3-0], [4-2] and [5-0]. Which tiles may you play?",
    ),
    "t42.following.only_one.done": NP_(
        "texas42", "The [1-5] is your only one, so it is forced: you must always follow suit."
    ),
    "t42.following.only_one.other": NP_(
        "texas42", "The suit led is ones and you hold one: the [1-5]. You must play it."
    ),
    "t42.following.only_one.trump": NP_(
        "texas42",
        "Even a trump may not be played while you hold a tile of the suit led: play the [1-5].",
    ),
    "t42.following.not_a_five": NP_(
        "texas42",
        "Fours are trump and Amanda leads the [5-3], a five. You are Beth and hold the [4-5] "
        "and the [5-0]. Which one follows the fives?",
    ),
    "t42.following.not_a_five.done": NP_(
        "texas42",
        "Right: the [4-5] is a trump, so it no longer belongs to the fives. To follow suit you "
        "had to play the [5-0].",
    ),
    "t42.following.not_a_five.trump": NP_(
        "texas42",
        "The [4-5] is a TRUMP, so it is not a five: playing it would not follow suit. With the "
        "[5-0] in hand, you must play the [5-0].",
    ),
    "t42.following.not_a_five.three": NP_(
        "texas42", "The [1-3] is no five. Fives were led and you hold one: the [5-0]."
    ),
    "t42.following.no_five": NP_(
        "texas42",
        "Four tricks later Beth holds only [4-5], [1-3] and [2-6], and Amanda leads the [5-5]. "
        "The [4-5] is a trump, so Beth has no five: she may play any tile. Take the trick, and "
        "its 10 points.",
    ),
    "t42.following.no_five.done": NP_(
        "texas42",
        "With no five in hand you were free, and your trump took the [5-5]: 11 points for Beth "
        "and Bruno.",
    ),
    "t42.following.no_five.discard": NP_(
        "texas42",
        "You may play the [1-3] (you have no five), but then the [5-5] wins and Amanda's team "
        "takes its 10 points. The trump takes them for you.",
    ),
    "t42.doubles.title": NP_("texas42", "Doubles and follow-me"),
    "t42.doubles.intro": NP_(
        "texas42",
        "Doubles are always the highest tiles of their suit. The bid winner may also play with "
        "no trump at all (follow-me), or name the doubles as trump: then the seven doubles form "
        "a suit of their own.",
    ),
    "t42.doubles.highest": NP_(
        "texas42",
        "No trump this hand (follow-me). Amanda leads the [5-3]; Beth plays the [5-2] and André "
        "the [6-5], which wins for now (6 beats 3 and 2). You are Bruno, holding the [5-5] and "
        "the [5-1]: win the trick.",
    ),
    "t42.doubles.highest.done": NP_(
        "texas42",
        "The double is always the highest tile of its suit: the [5-5] beats the [5-6]. With no "
        "trump the highest five takes the trick.",
    ),
    "t42.doubles.highest.low": NP_(
        "texas42",
        "The [5-1] is a five, but the [6-5] is higher (6 beats 1): the trick would go to André. "
        "The [5-5], a double, beats every five.",
    ),
    "t42.doubles.highest.six": NP_(
        "texas42", "Fives were led and you hold fives: you must follow with one of them."
    ),
    "t42.doubles.trump_six_led": NP_(
        "texas42",
        "Amanda named the doubles as trump and leads the [6-3], a six. You are Beth with the "
        "[6-6] and the [6-1]. With doubles as trump, is the [6-6] still a six?",
    ),
    "t42.doubles.trump_six_led.done": NP_(
        "texas42", "The [6-6] is a trump now, so only the [6-1] follows the sixes."
    ),
    "t42.doubles.trump_six_led.double": NP_(
        "texas42",
        "With the doubles as trump, the [6-6] is only a trump, not a six. Sixes were led and "
        "you hold the [6-1]: play it.",
    ),
    "t42.doubles.double_led": NP_(
        "texas42",
        "Amanda leads the [3-3]: a double, so a trump. Everyone must play a double if they have "
        "one. You hold the [3-2] and the [6-6].",
    ),
    "t42.doubles.double_led.done": NP_(
        "texas42", "A trump led asks for a trump: your [6-6], the highest double, takes the trick."
    ),
    "t42.doubles.double_led.three": NP_(
        "texas42",
        "The [3-3] was led as a trump (a double), not as a three: with a double in hand you "
        "must play it.",
    ),
    "t42.count.title": NP_("texas42", "The count: 42 points"),
    "t42.count.intro": NP_(
        "texas42",
        "Each of the 7 tricks is worth 1 point. Five tiles are worth more: the [5-5] and the "
        "[6-4] 10 points each, the [5-0], [4-1] and [3-2] 5 each. That makes 35, and 35 + 7 = "
        "42, the game's name. A trick is worth its point plus the count of its tiles.",
    ),
    "t42.count.give": NP_(
        "texas42",
        "Twos are trump. Your partner André leads the [2-2], the highest trump: the trick is "
        "his for sure. You are Amanda, with no two: give him your most valuable tile.",
    ),
    "t42.count.give.done": NP_(
        "texas42", "Your [5-5] went to your own team: this trick is worth 1 + 10 = 11 points."
    ),
    "t42.count.give.blank": NP_(
        "texas42",
        "The [6-1] is worth nothing: the trick would bring André only its 1 point. Your [5-5] "
        "is worth 10.",
    ),
    "t42.count.keep": NP_(
        "texas42",
        "André leads the [5-4]; Bruno has no five and trumps with the [5-2]. You have no five "
        "and no trump: you cannot win this trick. Keep your count: play a tile worth nothing.",
    ),
    "t42.count.keep.done": NP_(
        "texas42",
        "Beth and Bruno take the trick, but only its point and Beth's [5-0]: your [4-1] stays "
        "in your hand.",
    ),
    "t42.count.keep.four_one": NP_(
        "texas42",
        "The [4-1] is worth 5: you would give it to Bruno, who takes this trick with his trump.",
    ),
    "t42.bidding.title": NP_("texas42", "Bidding and making the bid"),
    "t42.bidding.intro": NP_(
        "texas42",
        "After the deal each player, starting at the dealer's left and ending with the dealer, "
        "bids once or passes. A bid is the points the bidder's team promises to make of the 42; "
        "the lowest bid is 30, and each bid must be higher than the last. 42 is a bid of 1 "
        "mark (every trick), 84 of 2 marks.",
    ),
    "t42.bidding.raise": NP_(
        "texas42",
        "Bruno dealt; Amanda opened with 30. You are Beth, with six fives and the [6-6]: a "
        "strong hand. Outbid Amanda (any bid from 31 up).",
    ),
    "t42.bidding.raise.done": NP_(
        "texas42",
        "Your bid is the highest: André and Bruno pass, and you win the bidding. Say your bid "
        "was 34: your team promises 34 of the 42 points.",
    ),
    "t42.bidding.raise.same": NP_(
        "texas42", "A bid must be higher than the last one: Amanda already bid 30."
    ),
    "t42.bidding.raise.three_marks": NP_(
        "texas42",
        "3 marks may only follow a bid of 2 marks: bids above 2 marks go up one mark at a time.",
    ),
    "t42.bidding.raise.pass": NP_(
        "texas42",
        "You may pass, but with a hand this strong you would let Amanda play for 30. Bid.",
    ),
    "t42.bidding.trump": NP_(
        "texas42",
        "Beth won the bidding with 34: she names the trump, then leads. Her hand: [5-5], "
        "[6-5], [5-4], [5-3], [5-2], [5-1], [6-6]. Which suit?",
    ),
    "t42.bidding.trump.done": NP_(
        "texas42", "Fives are trump: Beth holds six of the seven, the double on top."
    ),
    "t42.bidding.trump.sixes": NP_(
        "texas42",
        "Sixes are allowed, but Beth holds only two of them; with fives she holds six trumps, "
        "the double among them.",
    ),
    "t42.bidding.trump.lead_first": NP_(
        "texas42", "The bid winner names the trump before leading."
    ),
    "t42.bidding.make": NP_(
        "texas42",
        "Two tricks later Beth and Bruno have 32 points: two short of their 34. Beth leads the "
        "[5-4], a trump nobody else holds. You are Bruno: what makes the bid?",
    ),
    "t42.bidding.make.done": NP_(
        "texas42",
        "Your [3-2] adds 5: 32 + 6 = 38, at least the 34 promised. The bid is made, and the "
        "hand stops here: in marks, a hand ends as soon as it is decided. Beth and Bruno score "
        "1 mark.",
    ),
    "t42.bidding.make.short": NP_(
        "texas42",
        "The [0-0] is worth nothing: the trick brings 1 point, 33 in all, still short of 34. "
        "Your [3-2] is worth 5.",
    ),
    "t42.seed.title": NP_("texas42", "The article's hand"),
    "t42.seed.intro": NP_(
        "texas42",
        "The article plays a whole hand: Amanda and André against Beth and Bruno. Amanda bids "
        "30 and names fours as trump. You play Amanda, trick by trick; the others play as in "
        "the article's table. Every hand is shown face up, as in the table.",
    ),
    "t42.seed.bid": NP_(
        "texas42",
        "Bruno dealt, so Amanda, at his left, bids first. In the article she bids 30, the "
        "lowest bid: do the same.",
    ),
    "t42.seed.bid.done": NP_(
        "texas42", "Beth, André and Bruno pass: Amanda won the bidding with 30."
    ),
    "t42.seed.bid.pass": NP_(
        "texas42",
        "In the article Amanda bids 30: with five fours in her hand she can lead the trumps.",
    ),
    "t42.seed.trump": NP_(
        "texas42",
        "As the bid winner, Amanda names the trump for the whole hand. She holds the [4-4], "
        "[6-4] and [4-3]: name the fours.",
    ),
    "t42.seed.trump.done": NP_("texas42", "Fours are trump. Amanda leads the first trick."),
    "t42.seed.trump.sixes": NP_(
        "texas42",
        "The article's Amanda chose the fours: with the [4-4] she holds the highest trump.",
    ),
    "t42.seed.trick1": NP_(
        "texas42",
        "Trick 1: lead the highest trump, the [4-4]. The others must follow with a trump.",
    ),
    "t42.seed.trick1.done": NP_(
        "texas42",
        "Everyone followed with a four. The trick is Amanda's: 1 + 5 (the [4-1]) = 6 points.",
    ),
    "t42.seed.trick1.six": NP_(
        "texas42",
        "In the article Amanda leads the [4-4] first: it wins for sure and draws the others' "
        "trumps.",
    ),
    "t42.seed.trick2": NP_(
        "texas42", "Trick 2: Amanda leads the [6-4], a trump (4 is trump) and worth 10."
    ),
    "t42.seed.trick2.done": NP_(
        "texas42",
        "The [6-4] beats Beth's [5-4] (6 beats 5) and André adds his [5-0]: 1 + 10 + 5 = 16 "
        "points for Amanda and André.",
    ),
    "t42.seed.trick2.small": NP_(
        "texas42",
        "In the article Amanda leads the [6-4] here: it is the highest trump left, and it "
        "brings its 10 points home.",
    ),
    "t42.seed.trick3": NP_(
        "texas42", "Trick 3: Amanda leads her last trump, the [4-3]. Nobody else has a trump left."
    ),
    "t42.seed.trick3.done": NP_(
        "texas42", "Nobody can follow: the [4-3] takes the trick, 1 point."
    ),
    "t42.seed.trick3.six": NP_(
        "texas42", "In the article Amanda leads the [4-3] now, her last trump: no one else has one."
    ),
    "t42.seed.trick4": NP_("texas42", "Trick 4: Amanda leads the [6-6], the highest six."),
    "t42.seed.trick4.done": NP_(
        "texas42", "The double is the highest six: 1 point. Amanda and André have 24 points."
    ),
    "t42.seed.trick4.low": NP_(
        "texas42", "The [6-0] is a six, but Beth's [6-3] would beat it. The [6-6] cannot lose."
    ),
    "t42.seed.trick5": NP_("texas42", "Trick 5: Amanda leads the [6-0]."),
    "t42.seed.trick5.done": NP_(
        "texas42",
        "Beth's [6-5] beats the [6-0], and Bruno adds the [3-2]: 1 + 5 = 6 points for Beth and "
        "Bruno. Beth now leads the [5-5]; André and Bruno follow with fives.",
    ),
    "t42.seed.trick5.five": NP_("texas42", "In the article Amanda leads the [6-0] here."),
    "t42.seed.trick6": NP_(
        "texas42", "Trick 6: Beth led the [5-5]. Amanda holds the [5-3] and the [3-1]: follow suit."
    ),
    "t42.seed.trick6.done": NP_(
        "texas42",
        "The [5-5] is the highest five and worth 10: 1 + 10 = 11 points for Beth and Bruno.",
    ),
    "t42.seed.trick6.three": NP_(
        "texas42", "Fives were led and Amanda holds the [5-3]: she must follow suit with it."
    ),
    "t42.seed.trick7": NP_(
        "texas42", "Trick 7, the last: Beth led the [2-2]. Amanda has only the [3-1] left."
    ),
    "t42.seed.trick7.done": NP_(
        "texas42",
        "Amanda and André made 24 points (6 + 16 + 1 + 1), Beth and Bruno 18 (6 + 11 + 1): "
        "24 + 18 = 42. Amanda promised 30, so her team lost the hand (it was set): in marks, "
        "Beth and Bruno score the mark.",
    ),
    "t42.marks.title": NP_("texas42", "Marks and ALL"),
    "t42.marks.intro": NP_(
        "texas42",
        "The most common scoring gives 1 mark to the team that wins the hand (2 for a bid of 84, "
        "more for higher mark bids): the bidders if they made the bid, the others if it was set. "
        "The first team to 7 marks wins, and players keep score by writing the word ALL, which "
        "has 7 strokes: one stroke per mark.",
    ),
    "t42.marks.decided": NP_(
        "texas42",
        "The article's hand again, scored in marks. After five tricks Amanda and André have 24 "
        "points and Beth and Bruno 6; Beth led the [5-5]. Follow with the [5-3].",
    ),
    "t42.marks.decided.done": NP_(
        "texas42",
        "Beth and Bruno reach 17: more than 42 − 30 = 12, so Amanda can no longer make 30. In "
        "marks the hand stops as soon as it is decided, at 24 to 17, and Beth and Bruno score "
        "the mark.",
    ),
    "t42.marks.all": NP_(
        "texas42",
        "Amanda and André have 6 marks: the ALL lacks one stroke. Bruno bid 42 (1 mark: he must "
        "win every trick), named sixes as trump and led the [6-5]. You are Amanda: take one "
        "trick and his bid is set.",
    ),
    "t42.marks.all.done": NP_(
        "texas42",
        "The [6-6] takes the trick, so Bruno cannot win all seven: the bid is set and the mark "
        "is yours. 7 marks: ALL is complete, and Amanda and André win the game.",
    ),
    "t42.marks.all.low": NP_(
        "texas42",
        "The [6-0] is a trump, but Bruno's [6-5] beats it, and he goes on. The [6-6] wins the "
        "trick for sure.",
    ),
    "t42.points.title": NP_("texas42", "Playing to 250 points"),
    "t42.points.intro": NP_(
        "texas42",
        "The article's main scoring counts points. A team that makes its bid scores every point "
        "it took, and so do the others. If the bid is set, the bidders score nothing and the "
        "others score their points plus the bid. The first team to 250 points wins; if both "
        "pass 250 in the same hand, the team that won that hand's bidding wins.",
    ),
    "t42.points.set": NP_(
        "texas42",
        "The article's example: Amanda bid 38. After six tricks her team has 34 points and Beth "
        "and Bruno 7. Play your last tile.",
    ),
    "t42.points.set.done": NP_(
        "texas42",
        "André takes the last trick: 35 points for Amanda and André, 7 for Beth and Bruno. 35 "
        "is less than 38, so the bid is set: Amanda and André score nothing, and Beth and Bruno "
        "score their 7 points plus the 38 of the bid: 45.",
    ),
    # -------------------------------------------------------------------- Five-Up
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
    # ---------------------------------------------------------------------- Bingo
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
    # ------------------------------------------------------------------ Cavaleiro
    "cav.figure.title": NP_("cavaleiro", "The figure: blocks and columns"),
    "cav.figure.intro": NP_(
        "cavaleiro",
        "Each player lays 30 matchsticks in front of them, as in the article's figure: 27 "
        "verticals in 9 columns of 3, the columns grouped three by three in 3 blocks, and 3 "
        "horizontals laid across. Whoever removes all their own sticks first wins. Every round "
        "all players roll the four dice, and only the best roll removes sticks.",
    ),
    "cav.figure.block": NP_(
        "cavaleiro",
        "Ana rolled 18 and Beto 9 for the order, so Ana rolls first. Ana rolled four threes, "
        "Beto two pairs: four of a kind is the best roll. It removes the 3 horizontals, or "
        "the 9 verticals of one block (three columns side by side). Remove a block.",
    ),
    "cav.figure.block.done": NP_(
        "cavaleiro",
        "Nine sticks gone at once: 21 are left. A removal never mixes horizontals and "
        "verticals, nor two blocks.",
    ),
    "cav.figure.block.column": NP_(
        "cavaleiro",
        "Four of a kind removes a whole block or the horizontals, never part of a column.",
    ),
    "cav.ranking.title": NP_("cavaleiro", "Which roll wins"),
    "cav.ranking.intro": NP_(
        "cavaleiro",
        "The rolls, from the best: four of a kind; three of a kind; two pairs; one pair; "
        "nothing. Between two rolls of the same kind, the higher numbers win (for two pairs, "
        "the higher pair, then the lower). With nothing, compare the dice from the highest "
        "down: 6521 beats 5321 and 6432.",
    ),
    "cav.ranking.nothing": NP_(
        "cavaleiro",
        "Three players: Beto rolled 21 for the order, Caio 15 and Ana 7, so they roll in that "
        "order. Beto rolls 5 3 2 1, Caio 6 4 3 2, and Ana 6 5 2 1: nothing, all three. Read "
        "them from the highest die: Ana's 6521 wins (the first dice tie, then 5 beats 4). "
        "Nothing removes a single vertical: take one.",
    ),
    "cav.ranking.nothing.done": NP_(
        "cavaleiro",
        "One vertical gone. The next round is played in this round's order: Ana, then Caio, "
        "then Beto.",
    ),
    "cav.ranking.nothing.two": NP_("cavaleiro", "A roll of nothing removes only one vertical."),
    "cav.ranking.pair": NP_(
        "cavaleiro",
        "Beto rolled first (20 against Ana's 7): 6 4 3 1, nothing. Ana rolls 2 2 6 5: a pair "
        "of twos, which beats any roll of nothing. A pair of 4s or less removes one vertical.",
    ),
    "cav.ranking.pair.done": NP_(
        "cavaleiro",
        "Ana won the round, so she rolls first in the next one: each round is played in the "
        "order of the round before.",
    ),
    "cav.ranking.pair.horizontal": NP_(
        "cavaleiro", "A horizontal needs three of a kind (one) or four of a kind (all of them)."
    ),
    "cav.ranking.tie": NP_(
        "cavaleiro",
        "Round 2: Ana rolls first, 4 4 6 1; Beto rolls 4 4 5 3. A pair against a pair: the "
        "pairs decide, and both are fours. There is no tie in Cavaleiro: the one who rolled "
        "first wins. Remove a vertical.",
    ),
    "cav.ranking.tie.done": NP_(
        "cavaleiro",
        "Ana won on the tie because she rolled first, and she rolls first again next round. "
        "Winning a round also wins the first place for the next.",
    ),
    "cav.removals.title": NP_("cavaleiro", "What each roll removes"),
    "cav.removals.intro": NP_(
        "cavaleiro",
        "The winning roll says what may go. Four of a kind: the horizontals, or the verticals "
        "of one whole block. Three of a kind: one horizontal, or everything left in one column. "
        "Two pairs: 1 to 3 verticals of one column if the higher pair is 6 or 5, 1 or 2 if it "
        "is 4, 3 or 2. A pair of 6 or 5: 1 or 2 verticals of one column. A pair of 4 or less, "
        "or nothing: one vertical.",
    ),
    "cav.removals.low_pair": NP_(
        "cavaleiro",
        "The game goes on (block 1 of Ana's figure is gone). Beto rolls nothing, Ana a pair of "
        "threes: she wins, but a pair of 4 or less removes one vertical only.",
    ),
    "cav.removals.low_pair.done": NP_("cavaleiro", "One vertical, as the pair of threes allows."),
    "cav.removals.low_pair.two": NP_(
        "cavaleiro", "A pair of threes allows one vertical; two need a pair of 5 or 6."
    ),
    "cav.removals.six_pair": NP_(
        "cavaleiro",
        "Ana rolls 6 6 2 1: a pair of sixes. Remove one or two verticals of one column.",
    ),
    "cav.removals.six_pair.done": NP_(
        "cavaleiro", "Two verticals of one column: the most a pair of sixes allows."
    ),
    "cav.removals.six_pair.three": NP_(
        "cavaleiro",
        "A pair of 6 or 5 removes at most two verticals; three need two pairs with a higher "
        "pair of 6 or 5.",
    ),
    "cav.removals.two_low": NP_(
        "cavaleiro",
        "Beto won a round with three twos. Now Ana rolls 4 4 2 2: two pairs, the higher pair "
        "of fours. How many verticals?",
    ),
    "cav.removals.two_low.done": NP_(
        "cavaleiro",
        "Two pairs with a higher pair of 4, 3 or 2: one or two verticals of one column.",
    ),
    "cav.removals.two_low.three": NP_(
        "cavaleiro",
        "Three verticals need two pairs with a higher pair of 6 or 5; with fours, two at most.",
    ),
    "cav.removals.four_partial": NP_(
        "cavaleiro",
        "Ana rolls four sixes. Her block 2 is no longer whole (its columns have lost sticks), "
        "but block 3 is. Four of a kind removes the horizontals or the verticals of a whole "
        "block.",
    ),
    "cav.removals.four_partial.done": NP_(
        "cavaleiro",
        "Done. What was left of a block may be removed only when no block is whole any more.",
    ),
    "cav.removals.four_partial.block2": NP_(
        "cavaleiro",
        "Block 2 is not whole, and block 3 still is: four of a kind takes a whole block (or "
        "the horizontals).",
    ),
    "cav.removals.two_high": NP_(
        "cavaleiro",
        "Ana rolls 6 6 1 1: two pairs, the higher of sixes. One, two or three verticals of one "
        "column.",
    ),
    "cav.removals.two_high.done": NP_(
        "cavaleiro",
        "Three verticals of one column, the most two pairs allow with a higher pair of 6 or 5.",
    ),
    "cav.removals.two_high.horizontal": NP_(
        "cavaleiro",
        "No horizontal is left (the four sixes took them), and two pairs never remove one.",
    ),
    "cav.removals.three": NP_(
        "cavaleiro",
        "Ana rolls three fives. Three of a kind: one horizontal (none are left), or everything "
        "left in one column. Column 4 holds only 2: an incomplete column may be removed too.",
    ),
    "cav.removals.three.done": NP_(
        "cavaleiro",
        "Everything left in column 4: its 2 sticks. Three of a kind takes a whole column, or "
        "what is left of one.",
    ),
    "cav.removals.three.part": NP_(
        "cavaleiro",
        "Three of a kind takes everything left in the column: both of column 4's sticks, not one.",
    ),
    "cav.removals.four_none": NP_(
        "cavaleiro",
        "Ana rolls four twos, and none of her blocks is whole any more. Now four of a kind "
        "removes all that is left of one block.",
    ),
    "cav.removals.four_none.done": NP_(
        "cavaleiro", "The 6 sticks left in block 3 are gone: Ana has 2 sticks left."
    ),
    "cav.removals.four_none.column": NP_(
        "cavaleiro",
        "Four of a kind removes what is left of a block (or the horizontals), not a column.",
    ),
    "cav.winning.title": NP_("cavaleiro", "Winning"),
    "cav.winning.intro": NP_(
        "cavaleiro",
        "The game goes on round after round until a player removes their last stick: that "
        "player wins.",
    ),
    "cav.winning.pair": NP_(
        "cavaleiro",
        "Ana has two sticks left, one in column 5 and one in column 6. She wins the round with "
        "a pair of fives: one or two verticals of one column.",
    ),
    "cav.winning.pair.done": NP_("cavaleiro", "One stick left."),
    "cav.winning.pair.two": NP_(
        "cavaleiro", "A pair of fives allows two, but from one column, and column 6 holds only one."
    ),
    "cav.winning.last": NP_(
        "cavaleiro",
        "Ana rolls three ones and Beto a pair of fours: three of a kind wins. Remove your last "
        "stick.",
    ),
    "cav.winning.last.done": NP_("cavaleiro", "Ana removed her last stick: she wins the game."),
    "cav.winning.last.horizontal": NP_(
        "cavaleiro", "No horizontal is left: the last stick is the vertical of column 6."
    ),
}
"""Every lesson text, by code: an English message marked for the catalogs."""


GAME_OF_CODE = {"t42": "texas42", "five": "fiveup", "bingo": "bingo", "cav": "cavaleiro"}
"""The game of a lesson text, by its code's first part (the catalogs keep each game's
texts in its context, in its glossary's words)."""


def say(code: str, lang: str) -> str:
    """The text of ``code`` in ``lang``."""
    try:
        message = MESSAGES[code]
    except KeyError:
        raise KeyError(f"no lesson text has the code {code!r}") from None
    return texts(lang).p_(GAME_OF_CODE[code.split(".")[0]], message)
