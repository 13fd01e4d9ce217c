"""The Cavaleiro lessons' texts, by message code (see :mod:`ludoteca.lessons.messages`)."""

from __future__ import annotations

from ludoteca.i18n import NP_

MESSAGES: dict[str, str] = {
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
