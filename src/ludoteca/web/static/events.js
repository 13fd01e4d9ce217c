/* Ludoteca web: what each move did, said in words from the engines' events.
 *
 * The twin of the server's ludoteca/i18n/events.py: the same events said with
 * the same messages, word for word. Events.say(game, event, voice) says one
 * event; Events.log(game, view, voice, opts) is a game's log as the pages show
 * it: the moves in words, each followed by what it did. A voice is
 * {names, me, options, moves}: the players' names by seat, the seat looking
 * (said "you"), the game's options, and the decisions of the log as the server
 * parsed them (text → {text, kind, tiles, numbers, detail}).
 */
"use strict";

const Events = (() => {
  const SUITS = [p_("suit", "blanks"), p_("suit", "ones"), p_("suit", "twos"), p_("suit", "threes"), p_("suit", "fours"), p_("suit", "fives"), p_("suit", "sixes")];

  function capitalize(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* ------------------------------------------------------------ the voice */

  function name(v, seat) {
    if (typeof seat !== "number") return "—";
    if (seat === v.me) return p_("person", "you");
    if (seat >= 0 && seat < v.names.length) return v.names[seat];
    return _("Seat {n}", { n: seat + 1 });
  }

  function sides(v) {
    const count = v.names.length || Number(v.options.players || 2);
    if (v.game === "texas42" || (v.game === "fiveup" && count === 4)) return [[0, 2], [1, 3]];
    return [...Array(count).keys()].map((s) => [s]);
  }

  function side(v, k) {
    const all = sides(v);
    if (typeof k !== "number" || k < 0 || k >= all.length) return "—";
    const seats = all[k];
    if (seats.length === 2) return _("{a} and {b}", { a: name(v, seats[0]), b: name(v, seats[1]) });
    return name(v, seats[0]);
  }

  function scores(v, list) {
    return (list || []).map((s, k) => _("{name} {score}", { name: side(v, k), score: s })).join(", ");
  }

  function tiles(list, style) {
    const items = (list || []).map(String);
    if (!items.length) return "";
    return new Intl.ListFormat(LT_I18N.tag, { type: style === "or" ? "disjunction" : "conjunction" }).format(items);
  }

  function suit(n) {
    if (n === 7 || n === "7" || n === "doubles") return p_("suit", "doubles");
    return SUITS[Number(n)];
  }

  function score(points) {
    const n = Number(points || 0);
    if (!n) return _("nothing scored");
    return n_("{n} point", "{n} points", n);
  }

  function unlessScored(p, said) {
    if (p.scored === undefined || p.scored || !p.points) return said;
    return said + " " + _("(not scored: it would pass the target)");
  }

  function roll(key) {
    key = key || [0];
    if (key[0] === 4) return _("four {a}s", { a: key[1] });
    if (key[0] === 3) return _("three {a}s", { a: key[1] });
    if (key[0] === 2) return _("two pairs, {a}s and {b}s", { a: key[1], b: key[2] });
    if (key[0] === 1) return _("a pair of {a}s", { a: key[1] });
    return _("nothing ({dice})", { dice: key.slice(1).join(" ") });
  }

  /** What a Cavaleiro roll allows to remove, from its code. */
  function removal(allows) {
    const code = (allows || {}).code;
    if (code === "column_up_to") {
      const most = Number(allows.max || 0);
      if (most === 1) return p_("removal", "one vertical");
      if (most === 2) return p_("removal", "1 or 2 verticals of one column");
      if (most === 3) return p_("removal", "1, 2 or 3 verticals of one column");
    }
    if (code === "column_or_horizontal") return p_("removal", "one horizontal, or everything left in one column");
    if (code === "block_or_horizontals") {
      return p_("removal", "all the remaining horizontals, or all the verticals of one intact block (the remaining verticals of one block when no block is intact)");
    }
    return String(code);
  }

  /* ------------------------------------------------------------- Texas 42 */

  /** The contract a hand was played for, from its bid and contract (moves of the log,
   * parsed: a bid's value in points, 42 a mark, and its detail, plunge or splash). */
  function bidPhrase(v, bid, contract) {
    const c = v.moves[contract];
    if (c && c.kind === "nello") return p_("Texas 42 contract", "nello");
    if (c && c.kind === "sevens") return p_("Texas 42 contract", "sevens");
    const b = v.moves[bid];
    const value = b && b.kind === "bid" ? b.numbers[0] : 0;
    if (value && b.detail === "plunge") return n_("the plunge of {n} mark", "the plunge of {n} marks", value / 42);
    if (value && b.detail === "splash") return n_("the splash of {n} mark", "the splash of {n} marks", value / 42);
    if (value && value % 42 === 0) return n_("the bid of {n} mark", "the bid of {n} marks", value / 42);
    return _("the bid of {value}", { value });
  }

  function contract(v, p) {
    const who = name(v, p.seat);
    const declared = v.moves[p.contract];
    if (declared && declared.kind === "nello") return _("{name} declared nello: {partner} sits out", { name: who, partner: name(v, p.sitting_out) });
    if (declared && declared.kind === "sevens") return _("{name} declared sevens", { name: who });
    if (p.trump === "follow-me") return _("{name} named no trump (follow-me)", { name: who });
    return _("{name} named trump: {suit}", { name: who, suit: suit(p.trump) });
  }

  function trick(v, p) {
    return _("{name} won the trick: {score}", { name: name(v, p.winner), score: score(p.points) });
  }

  function gains42(v, gained) {
    const marks = (v.options.scoring || "marks") === "marks";
    const out = [];
    (gained || []).forEach((n, k) => {
      if (!n) return;
      if (marks) out.push(n_("{side} +{n} mark", "{side} +{n} marks", n, { side: side(v, k) }));
      else out.push(n_("{side} +{n} point", "{side} +{n} points", n, { side: side(v, k) }));
    });
    return out.join(", ");
  }

  function handOver(v, p) {
    if (p.all_passed) return _("End of hand {hand}: everyone passed; the tiles are dealt again", { hand: p.hand });
    const team = Number(p.bidder || 0) % 2;
    const points = p.points || [0, 0];
    const values = { hand: p.hand, side: side(v, team), bid: bidPhrase(v, p.bid, p.contract), a: points[team], b: points[1 - team] };
    const said = p.made ? _("End of hand {hand}: {side} made {bid}, {a} to {b}", values) : _("End of hand {hand}: {side} were set on {bid}, {a} to {b}", values);
    const gains = gains42(v, p.gained);
    return gains ? said + "; " + gains : said;
  }

  function gameOver(v, p) {
    const values = { name: side(v, p.winner), scores: scores(v, p.scores !== undefined ? p.scores : p.sets) };
    const all = sides(v);
    if (typeof p.winner === "number" && p.winner >= 0 && p.winner < all.length && all[p.winner].length > 1) {
      return p_("a team", "Game over: {name} won ({scores})", values);
    }
    return p_("a player", "Game over: {name} won ({scores})", values);
  }

  const TEXAS42 = { contract, trick, hand_over: handOver, game_over: gameOver };

  /* -------------------------------------------------------------- Five-Up */

  function drew(v, p, context) {
    const who = name(v, p.seat);
    if (p.tile) return _("{name} drew {tile}", { name: who, tile: p.tile });
    if (context === "Bingo") return p_("Bingo", "{name} drew from the stock", { name: who });
    return p_("Five-Up", "{name} drew from the stock", { name: who });
  }

  function endsScored(v, p) {
    const said = _("{name} made {ends} on the ends: {score}", { name: name(v, p.seat), ends: p.ends, score: score(p.points) });
    return unlessScored(p, said);
  }

  function dominoBonus(v, p) {
    const values = { name: name(v, p.seat), total: p.total, score: score(p.points) };
    const said = (p.opponents || []).length === 1
      ? _("{name} went out: {total} pips in the opponent's hand, {score}", values)
      : _("{name} went out: {total} pips in the opponents' hands, {score}", values);
    return unlessScored(p, said);
  }

  function blocked(v, p) {
    const pips = p.pips || [0];
    if (p.side === null || p.side === undefined) {
      return _("The hand is blocked: a tie for the fewest pips ({pips}), nothing scored", { pips: Math.min(...pips) });
    }
    const said = _("The hand is blocked: fewest pips, {name} ({pips}): {score}", { name: side(v, p.side), pips: pips[p.side], score: score(p.points) });
    return unlessScored(p, said);
  }

  function handEnded(v, p) {
    const gains = scores(v, p.gained);
    if (p.how === "domino") return _("End of hand {hand}: {name} went out; points this hand: {gains}", { hand: p.hand, name: name(v, p.seat), gains });
    if (p.how === "blocked") return _("End of hand {hand}, blocked; points this hand: {gains}", { hand: p.hand, gains });
    return _("End of hand {hand}: the target was reached", { hand: p.hand });
  }

  const FIVEUP = {
    drew: (v, p) => drew(v, p, "Five-Up"),
    passed: (v, p) => _("{name} passed", { name: name(v, p.seat) }),
    ends_scored: endsScored,
    domino_bonus: dominoBonus,
    blocked,
    hand_ended: handEnded,
    game_over: gameOver,
  };

  /* ---------------------------------------------------------------- Bingo */

  function trickWon(v, p) {
    if (!p.show_points) return trick(v, p);
    return _("{name} won the trick: {score}, and {show} for the show", { name: name(v, p.winner), score: score(p.points), show: score(p.show_points) });
  }

  function stockClosed(v, p) {
    const who = name(v, p.seat);
    const points = Number(p.points || 0);
    if (!points) return _("{name} closed the stock before scoring", { name: who });
    return n_("{name} closed the stock with {n} point", "{name} closed the stock with {n} points", points, { name: who });
  }

  function lastTwoTaken(v, p) {
    const other = typeof p.seat === "number" ? 1 - p.seat : null;
    if (p.took === "up") return _("{name} took the turned-up {up}; the hidden tile goes to {other}", { name: name(v, p.seat), up: p.up, other: name(v, other) });
    return _("{name} took the hidden tile; the turned-up {up} goes to {other}", { name: name(v, p.seat), up: p.up, other: name(v, p.up_to) });
  }

  function setsWhy(code, who) {
    if (code === "no_trick") return _("({name} took no trick)", { name: who });
    if (code === "under_30") return _("({name} made fewer than 30)", { name: who });
    if (code === "at_least_30") return _("({name} made 30 or more)", { name: who });
    return "";
  }

  function bingoHandEnded(v, p) {
    const seat = typeof p.winner === "number" ? p.winner : 0;
    const points = p.points || [0, 0];
    const sets = (p.sets_won || [0, 0])[seat];
    let said = n_("End of hand {hand}: {name} won, {a} to {b}: {n} set", "End of hand {hand}: {name} won, {a} to {b}: {n} sets", sets,
      { hand: p.hand, name: name(v, seat), a: points[seat], b: points[1 - seat] });
    const why = setsWhy(p.sets_reason, name(v, 1 - seat));
    if (why) said += " " + why;
    const penalty = Number(p.failed_close_penalty || 0);
    if (penalty) {
      said += "; " + n_("{closer} closed the stock and fell short of 70: {n} point to {name}", "{closer} closed the stock and fell short of 70: {n} points to {name}", penalty,
        { closer: name(v, p.closed_by), name: name(v, seat) });
    }
    return said;
  }

  const BINGO = {
    first_leader: (v, p) => {
      const t = p.tiles || ["", ""];
      return _("Draw for the first lead: {a} {ta}, {b} {tb}; first to lead: {leader}", { a: name(v, 0), ta: t[0], b: name(v, 1), tb: t[1], leader: name(v, p.leader) });
    },
    hand_dealt: (v, p) => _("Hand {hand}: {up} turned up, {suit} are trump; first to lead: {leader}", { hand: p.hand, up: p.up, suit: suit(p.trump), leader: name(v, p.leader) }),
    doubles_shown: (v, p) => _("{name} showed {tiles} with {led}: {score} if the trick is won", { name: name(v, p.seat), tiles: tiles(p.tiles), led: p.led, score: score(p.points) }),
    trick_won: trickWon,
    bingo_capture: (v, p) => _("{name} took the trump double {tile} with the bingo: one more set", { name: name(v, p.seat), tile: p.trump_double }),
    drew: (v, p) => drew(v, p, "Bingo"),
    stock_closed: stockClosed,
    last_two_taken: lastTwoTaken,
    following_compulsory: (v, p) => (p.why === "closed"
      ? _("From now on the answer must follow: the stock is closed")
      : _("From now on the answer must follow: the stock is exhausted")),
    hand_ended: bingoHandEnded,
    game_over: gameOver,
  };

  /* ------------------------------------------------------------ Cavaleiro */

  function tieBreak(b) {
    switch (b.code) {
      case "number": return _("(tie broken on the higher number)");
      case "higher_pair": return _("(tie broken on the higher pair)");
      case "lower_pair": return _("(tie broken on the lower pair)");
      case "pair": return _("(tie broken on the pair)");
      case "die": return _("(tie broken on die {die}, counted from the highest)", { die: b.die });
      case "rolled_first": return _("(tie broken: rolled first)");
      default: return "";
    }
  }

  function roundWon(v, p) {
    let said = _("{name} won round {round} and may remove {removal}", { name: name(v, p.winner), round: p.round, removal: removal(p.allows) });
    const breaks = p.tie_breaks || [];
    const how = breaks.length ? tieBreak(breaks[0]) : "";
    if (how) said += " " + how;
    return said;
  }

  function sticksRemoved(v, p) {
    const who = name(v, p.seat);
    const count = Number(p.count || 0);
    if (p.what === "horizontals") return n_("{name} removed {n} horizontal", "{name} removed the {n} horizontals", count, { name: who });
    if (p.what === "horizontal") return _("{name} removed a horizontal", { name: who });
    if (p.what === "block") return n_("{name} removed block {block}: {n} stick", "{name} removed block {block}: {n} sticks", count, { name: who, block: p.block });
    if (p.what === "column") return n_("{name} removed {n} stick from column {column}", "{name} removed {n} sticks from column {column}", count, { name: who, column: p.column });
    return _("{name} removed nothing", { name: who });
  }

  const dice = (p) => (p.dice || []).join(" ");

  const CAVALEIRO = {
    order_roll: (v, p) => _("{name} rolled {dice} for the order: {total}", { name: name(v, p.seat), dice: dice(p), total: p.total }),
    order_tie: (v, p) => _("{names} tied on {total} and roll again", { names: tiles((p.seats || []).map((s) => name(v, s))), total: p.total }),
    order_decided: (v, p) => _("Order of play: {names}", { names: (p.order || []).map((s) => name(v, s)).join(", ") }),
    roll: (v, p) => _("{name} rolled {dice}: {roll}", { name: name(v, p.seat), dice: dice(p), roll: roll(p.key) }),
    round_won: roundWon,
    sticks_removed: sticksRemoved,
    game_over: (v, p) => n_("Game over: {name} removed the last stick, after {n} round", "Game over: {name} removed the last stick, after {n} rounds", Number(p.rounds || 0), { name: name(v, p.winner) }),
  };

  const EVENTS = { texas42: TEXAS42, fiveup: FIVEUP, bingo: BINGO, cavaleiro: CAVALEIRO };

  /** Events that say their move better than the move in words: the log shows them instead. */
  const SAYS_MOVE = {
    texas42: ["contract"],
    fiveup: ["drew", "passed"],
    bingo: ["stock_closed", "last_two_taken"],
    cavaleiro: ["sticks_removed"],
  };

  function voice(game, v) {
    v = v || {};
    return { game, names: v.names || [], me: typeof v.me === "number" ? v.me : null, options: v.options || {}, moves: v.moves || {} };
  }

  /** An event as a sentence ("" for a code the game does not have). */
  function say(game, event, v) {
    const f = (EVENTS[game] || {})[event.code];
    return f ? capitalize(f(voice(game, v), event)) : "";
  }

  /** The log of the last `opts.moves` moves of `view`: [{n, seat, text, event, notation, first}]
   * (`first`: the line that stands for its move, numbered). */
  function log(game, view, v, opts) {
    opts = opts || {};
    const words = opts.words || ((mv) => mv);
    const entries = view.log || [];
    const seats = opts.seats || view.log_seats || [];
    const byMove = new Map();
    for (const e of view.events || []) {
      if (!byMove.has(e.n)) byMove.set(e.n, []);
      byMove.get(e.n).push(e);
    }
    const quiet = SAYS_MOVE[game] || [];
    const start = opts.moves === undefined ? 0 : Math.max(0, entries.length - opts.moves);
    const out = [];
    for (let i = start; i < entries.length; i++) {
      const seat = typeof seats[i] === "number" ? seats[i] : null;
      const said = (byMove.get(i) || []).map((e) => [e, say(game, e, Object.assign({}, v, { options: v.options || view.options }))]).filter(([, text]) => text);
      const replaced = said.length > 0 && (seat === null || said.some(([e]) => quiet.includes(e.code)));
      const shown = opts.notation || !replaced;
      if (shown) out.push({ n: i, seat, text: opts.notation ? entries[i] : words(entries[i]), event: false, notation: entries[i], first: true });
      said.forEach(([, text], k) => out.push({ n: i, seat: null, text, event: true, notation: entries[i], first: !shown && k === 0 }));
    }
    return out;
  }

  return { say, log, removal, roll, SAYS_MOVE };
})();
