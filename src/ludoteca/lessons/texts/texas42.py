"""The Texas 42 lessons' texts, by message code (see :mod:`ludoteca.lessons.messages`)."""

from __future__ import annotations

from ludoteca.i18n import NP_

MESSAGES: dict[str, str] = {
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
}
