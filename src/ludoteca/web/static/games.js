/* Ludoteca web: drawing each game's table from a seat's view.
 *
 * Games.render(model, ctx) returns the table as DOM. `model` holds the view
 * (what the seat may know), the seats, the seat looking (`me`, or null for a
 * spectator), labels of moves in words, and for the replay viewer every hand
 * (`hands`). `ctx` receives the player's choices: ctx.move(text) plays a move,
 * ctx.choose(key) opens or closes the choice between several moves of a tile.
 */
"use strict";

const Games = (() => {
  const POS4 = ["bottom", "left", "top", "right"];

  /* The games' words (the same messages as the server's ludoteca.i18n.words). */
  const LEVELS = { random: p_("bot level", "random"), greedy: p_("bot level", "greedy"), expert: p_("bot level", "expert") };
  const SUITS = [p_("suit", "blanks"), p_("suit", "ones"), p_("suit", "twos"), p_("suit", "threes"), p_("suit", "fours"), p_("suit", "fives"), p_("suit", "sixes")];
  const TEXAS42_PHASES = { bid: p_("phase", "bidding"), trump: p_("phase", "naming trump") };

  function levelName(level) {
    return LEVELS[level] || level;
  }

  function botName(seat, level) {
    return _("Bot {n} ({level})", { n: seat + 1, level: levelName(level || "expert") });
  }

  /** What the bid winner declared, as the trump line says it: "fives", "none (follow-me)". */
  function contractName(contract) {
    const m = /^trump ([0-6])$/.exec(contract || "");
    if (m) return SUITS[Number(m[1])];
    if (contract === "trump doubles") return p_("suit", "doubles");
    if (contract === "trump follow-me") return _("none (follow-me)");
    if (contract === "nello") return _("none (nello)");
    if (contract === "sevens") return _("none (sevens)");
    return contract;
  }

  /** A seat's player as named at the table (bots by their level). */
  function plainName(m, i) {
    const s = m.seats && m.seats[i];
    if (!s) return (m.view.names || [])[i] || _("Seat {n}", { n: i + 1 });
    if (s.kind === "bot") return botName(i, s.level);
    if (!s.taken) return _("Seat {n} (free)", { n: i + 1 });
    return s.name;
  }

  function seatName(m, i) {
    const name = plainName(m, i);
    return i === m.me ? _("{name} (you)", { name }) : name;
  }

  /** Who is who, for saying the events: the players' names, the seat looking, the options. */
  function eventVoice(m) {
    const count = (m.view.names || m.seats || []).length;
    const me = m.replay || typeof m.me !== "number" ? null : m.me;
    return { names: [...Array(count).keys()].map((i) => plainName(m, i)), me, options: m.view.options || {} };
  }

  /** What the events of the moves from `from` on said, as sentences (codes from `codes`). */
  function eventTexts(m, codes, from) {
    const voice = eventVoice(m);
    return (m.view.events || []).filter((e) => codes.includes(e.code) && e.n >= (from || 0))
      .map((e) => ({ event: e, text: Events.say(m.game, e, voice) }));
  }

  function label(m, move) {
    return (m.labels && m.labels[move]) || move;
  }

  function tileKey(text) {
    const e = parseTile(text);
    return e ? Math.max(e[0], e[1]) + "-" + Math.min(e[0], e[1]) : text;
  }

  /** Legal moves split into those playing a tile of the hand and the others. */
  function splitMoves(legal) {
    const tiles = new Map();
    const others = [];
    for (const mv of legal || []) {
      const mt = /^play (\d-\d)\b/.exec(mv);
      if (mt) {
        const k = tileKey(mt[1]);
        if (!tiles.has(k)) tiles.set(k, []);
        tiles.get(k).push(mv);
      } else others.push(mv);
    }
    return { tiles, others };
  }

  function myTurn(m) {
    return m.me !== null && m.me !== undefined && m.view.to_move === m.me && !m.view.over && !m.pending;
  }

  /** The seat's hand as buttons; legal tiles stand out, others can still be tried. */
  function handRow(m, ctx, tiles, opts) {
    opts = opts || {};
    const split = splitMoves(m.view.legal_moves);
    const turn = myTurn(m) && !m.replay;
    const row = h("div", { class: "hand", role: "toolbar", "aria-label": _("Your hand") });
    const known = new Set((opts.known || []).map(tileKey));
    tiles.forEach((t, idx) => {
      const k = tileKey(t);
      const legal = split.tiles.has(k);
      const cls = "tile-btn" + (turn && legal ? " legal" : "") + (turn && !legal && split.tiles.size ? " dim" : "") +
        (m.choice === k ? " chosen" : "") + (known.has(k) ? " known" : "");
      const btn = h(
        "button",
        {
          type: "button",
          class: cls,
          dataset: { key: "tile-" + k, tile: k, move: legal ? split.tiles.get(k)[0] : "" },
          "aria-label": t + (turn && legal ? " ✓" : ""),
          disabled: m.replay || m.me === null ? true : undefined,
          onclick: () => ctx.tile(k, split.tiles.get(k) || []),
          onkeydown: (ev) => arrowKeys(ev, row),
        },
        tileSVG(t, { label: t }),
      );
      row.appendChild(btn);
      void idx;
    });
    return row;
  }

  function arrowKeys(ev, row) {
    if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
    const items = [...row.querySelectorAll("button")];
    const i = items.indexOf(ev.currentTarget);
    const j = ev.key === "ArrowLeft" ? Math.max(0, i - 1) : Math.min(items.length - 1, i + 1);
    items[j].focus();
    ev.preventDefault();
  }

  /** Buttons for the moves that are not a plain tile play (or the tile's choices). */
  function actionRow(m, ctx, moves, opts) {
    opts = opts || {};
    const row = h("div", { class: "actions", role: "group", "aria-label": _("Choose your move") });
    if (!moves.length) return row;
    moves.forEach((mv, i) => {
      row.appendChild(
        h(
          "button",
          {
            type: "button",
            class: "move-btn legal",
            dataset: { key: "move-" + mv, move: mv, hotkey: i < 9 ? String(i + 1) : "" },
            title: mv,
            onclick: () => ctx.move(mv),
          },
          i < 9 ? h("kbd", { "aria-hidden": "true" }, String(i + 1)) : null,
          opts.render ? opts.render(mv) : label(m, mv),
        ),
      );
    });
    if (opts.cancel) {
      row.appendChild(h("button", { type: "button", class: "move-btn cancel", dataset: { key: "cancel" }, onclick: () => ctx.choose(null) }, _("Close")));
    }
    return row;
  }

  /** What the seat may do now: the tile's choices if one is chosen, else every non-tile move. */
  function myControls(m, ctx, handTiles, opts) {
    opts = opts || {};
    const box = h("section", { class: "me", "aria-label": _("Your hand") });
    if (m.me === null || m.me === undefined || m.replay) return box;
    const split = splitMoves(m.view.legal_moves);
    const turn = myTurn(m);
    box.appendChild(handRow(m, ctx, handTiles, opts));
    if (turn && m.choice && split.tiles.has(m.choice)) {
      box.appendChild(h("p", { class: "prompt" }, _("How do you play {tile}?", { tile: m.choice })));
      box.appendChild(actionRow(m, ctx, split.tiles.get(m.choice), { cancel: true }));
    } else if (turn) {
      box.appendChild(actionRow(m, ctx, opts.others ? opts.others(split) : split.others, opts));
    }
    return box;
  }

  function seatPanel(m, i, pos, extra) {
    const v = m.view;
    const s = m.seats && m.seats[i];
    const cls = ["seat", "pos-" + pos];
    if (v.to_move === i && !v.over) cls.push("to-move");
    if (i === m.me) cls.push("mine");
    if (s && s.kind !== "bot" && s.taken && !s.online) cls.push("away");
    return h(
      "section",
      { class: cls.join(" "), "aria-label": seatName(m, i), dataset: { seat: String(i) } },
      h("header", { class: "seat-name" }, h("span", { class: "name" }, seatName(m, i)),
        s && s.kind !== "bot" && s.taken && !s.online && !m.replay ? h("span", { class: "badge away" }, _("away")) : null,
        v.to_move === i && !v.over ? h("span", { class: "badge turn", "aria-hidden": "true" }, "●") : null),
      extra,
    );
  }

  /** The other seats' hands: face down (count), or face up in the replay viewer. */
  function otherHand(m, i, count, known) {
    if ((m.replay || m.showHands) && m.hands && m.hands[i]) {
      return h("div", { class: "mini-hand up" }, m.hands[i].map((t) => tileSVG(t, { cls: "small" + reviewMark(m, i, t) })));
    }
    const row = h("div", { class: "mini-hand", "aria-label": n_("{n} tile", "{n} tiles", count) });
    const shown = (known || []).slice(0, count);
    shown.forEach((t) => row.appendChild(tileSVG(t, { cls: "small" })));
    for (let k = shown.length; k < count; k++) row.appendChild(tileSVG("", { faceDown: true, cls: "small" }));
    return row;
  }

  /* In the review, the tile the better move plays, and the one played instead. */
  function reviewMark(m, seat, tile) {
    const r = m.review;
    if (!r || r.seat !== seat) return "";
    const tileOf = (mv) => {
      const mt = /^play (\d-\d)\b/.exec(mv || "");
      return mt ? tileKey(mt[1]) : null;
    };
    const k = tileKey(tile);
    if (tileOf(r.best) === k) return " best-move";
    if (tileOf(r.played) === k) return " played-move";
    return "";
  }

  function logPanel(m) {
    const v = m.view;
    const lines = Events.log(m.game, v, eventVoice(m), { moves: 80, words: (mv) => label(m, mv), seats: m.logSeats || v.log_seats });
    const list = h("ol", { class: "log", reversed: true, start: v.log.length });
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i];
      // The move in words, then what it did; its notation in the tooltip, for those who read it.
      // In the review, a judged move's mark ("?", "??") after it.
      const cost = line.first && !line.event && m.costs && m.costs[line.n + 1];
      list.appendChild(
        h("li", { class: !line.first ? "event" : line.seat === null && !line.event ? "chance" : "", value: line.n + 1,
          title: line.notation.length <= 40 ? line.notation : null },
        line.seat === null ? null : h("b", {}, seatName(m, line.seat) + ": "), line.text,
        cost ? h("span", { class: "log-cost " + cost.cls, title: cost.title }, " " + cost.text) : null),
      );
    }
    return h("section", { class: "panel log-panel" }, h("h2", {}, _("Moves played")), list);
  }

  function panel(title, ...children) {
    return h("section", { class: "panel" }, title ? h("h2", {}, title) : null, ...children);
  }

  function kv(k, v) {
    return h("div", { class: "kv" }, h("span", { class: "k" }, k), h("span", { class: "v" }, v));
  }

  function relPos(m, i, n) {
    const base = m.me === null || m.me === undefined ? 0 : m.me;
    if (n === 4) return POS4[(i - base + 4) % 4];
    if (n === 2) return i === base ? "bottom" : "top";
    const k = (i - base + n) % n;
    return k === 0 ? "bottom" : n === 3 ? (k === 1 ? "left" : "right") : "top";
  }

  function trickTiles(m, plays, n, cls) {
    const felt = h("div", { class: "trick n" + n + " " + (cls || "") });
    for (const p of plays) {
      felt.appendChild(h("div", { class: "play pos-" + relPos(m, p.seat, n), dataset: { seat: String(p.seat) } },
        tileSVG(p.tile, { cls: "played" }), h("span", { class: "who" }, seatName(m, p.seat))));
    }
    return felt;
  }

  /* --------------------------------------------------------------- Texas 42 */

  function texas42(m, ctx) {
    const v = m.view;
    const board = h("div", { class: "board b-texas42 seats4" });
    for (let i = 0; i < 4; i++) {
      const pos = relPos(m, i, 4);
      const bid = [...v.bids].reverse().find((b) => b.seat === i);
      const badges = h("div", { class: "badges" },
        v.dealer === i ? h("span", { class: "badge" }, _("deals")) : null,
        bid ? h("span", { class: "badge bid" }, label(m, bid.bid)) : null,
        v.declarer === i && v.contract ? h("span", { class: "badge trump" }, label(m, v.contract)) : null,
        v.sitting_out === i ? h("span", { class: "badge" }, _("sits out")) : null);
      if (pos === "bottom" && m.me !== null && !m.replay) {
        board.appendChild(seatPanel(m, i, pos, badges));
      } else {
        board.appendChild(seatPanel(m, i, pos, [badges, otherHand(m, i, v.hand_sizes[i])]));
      }
    }
    const center = h("div", { class: "felt" });
    if (v.trick.length) center.appendChild(trickTiles(m, v.trick, 4));
    else if (v.last_trick) {
      center.appendChild(trickTiles(m, v.last_trick.plays, 4, "last"));
      center.appendChild(h("p", { class: "felt-note" }, _("Last trick") + " — " +
        _("{name} took it (+{points})", { name: seatName(m, v.last_trick.winner), points: v.last_trick.points })));
    } else if (v.phase === "bid" || v.phase === "trump") {
      center.appendChild(h("p", { class: "felt-note big" }, TEXAS42_PHASES[v.phase]));
    }
    board.appendChild(center);
    board.appendChild(myControls(m, ctx, v.hand || []));

    const side = h("aside", { class: "sidebar" });
    const us = m.me === null || m.me === undefined ? 0 : m.me % 2;
    const teamName = (t) => {
      const names = v.sides[t].map((s) => seatName(m, s)).join(" & ");
      return m.me === null || m.me === undefined ? names : (t === us ? _("Us") : _("Them")) + " (" + names + ")";
    };
    side.appendChild(panel(v.scoring === "marks" ? _("Marks (to {n})", { n: v.target }) : _("Points (to {n})", { n: v.target }),
      kv(teamName(0), String(v.scores[0])), kv(teamName(1), String(v.scores[1]))));
    const info = [];
    info.push(h("p", {}, v.high_bid ? _("Bid: {bid} by {name}", { bid: label(m, v.high_bid), name: seatName(m, v.bidder) }) : _("Bid: —")));
    if (v.contract) info.push(h("p", {}, _("Trump: {contract}", { contract: contractName(v.contract) })));
    if (v.phase === "play") info.push(h("p", {}, _("Points this hand: {a} – {b}", { a: v.points[0], b: v.points[1] })));
    if (v.trick.length && v.last_trick) {
      info.push(h("div", { class: "last-trick" }, h("span", {}, _("Last trick") + ": "),
        v.last_trick.plays.map((p) => tileSVG(p.tile, { cls: "small", horizontal: true })),
        h("span", {}, " " + _("{name} took it (+{points})", { name: seatName(m, v.last_trick.winner), points: v.last_trick.points }))));
    }
    const ended = eventTexts(m, ["hand_over"]);
    if (ended.length) info.push(h("p", { class: "last-hand" }, ended[ended.length - 1].text));
    side.appendChild(panel(_("Bidding"), info));
    side.appendChild(logPanel(m));
    return [board, side];
  }

  /* ------------------------------------------------------------------ Bingo */

  function bingo(m, ctx) {
    const v = m.view;
    const board = h("div", { class: "board b-bingo seats2" });
    for (let i = 0; i < 2; i++) {
      const pos = relPos(m, i, 2);
      const shown = v.shown[i] || [];
      const extra = [
        h("div", { class: "badges" },
          v.hand_leader === i ? h("span", { class: "badge" }, _("leads")) : null,
          h("span", { class: "badge" }, n_("{n} trick", "{n} tricks", v.tricks_won[i])),
          shown.length ? h("span", { class: "badge" }, _("Doubles shown: {tiles}", { tiles: shown.join(" ") })) : null),
      ];
      if (!(pos === "bottom" && m.me !== null && !m.replay)) extra.push(otherHand(m, i, v.hand_sizes[i], v.known_held[i]));
      board.appendChild(seatPanel(m, i, pos, extra));
    }
    const center = h("div", { class: "felt" });
    const stock = h("div", { class: "stock" });
    if (v.stock_count > 0 || v.up) {
      stock.appendChild(h("div", { class: "pile" }, tileSVG("", { faceDown: true }), h("span", { class: "count" }, _("Stock: {n}", { n: v.stock_count }))));
    }
    if (v.up) stock.appendChild(h("div", { class: "upcard" }, tileSVG(v.up, { horizontal: true }), h("span", {}, _("Turned up"))));
    else if (v.turned_up_tile && v.closed) stock.appendChild(h("div", { class: "upcard closed" }, tileSVG("", { faceDown: true, horizontal: true }), h("span", {}, _("{name} closed the stock", { name: seatName(m, v.closed_by) }))));
    center.appendChild(stock);
    if (v.trick.length) {
      center.appendChild(trickTiles(m, v.trick, 2));
      const sh = v.trick[0].shown || [];
      if (sh.length) center.appendChild(h("p", { class: "felt-note" }, _("Doubles shown: {tiles}", { tiles: sh.join(" ") })));
    } else if (v.last_trick) {
      center.appendChild(trickTiles(m, v.last_trick.plays, 2, "last"));
      center.appendChild(h("p", { class: "felt-note" }, _("Last trick") + " — " + _("{name} took it (+{points})", { name: seatName(m, v.last_trick.winner), points: v.last_trick.points + (v.last_trick.show_points || 0) })));
    }
    board.appendChild(center);
    board.appendChild(myControls(m, ctx, v.hand || [], { known: m.me !== null ? v.known_held[m.me] : [] }));

    const side = h("aside", { class: "sidebar" });
    const names = [0, 1].map((i) => seatName(m, i));
    side.appendChild(panel(_("Sets (to {n})", { n: v.target_sets }), kv(names[0], String(v.sets[0])), kv(names[1], String(v.sets[1]))));
    const info = [
      h("p", {}, _("Hand {n}", { n: v.hand_number })),
      v.trump !== null && v.trump !== undefined ? h("p", { class: "trump" }, _("Trump: {trump}", { trump: SUITS[v.trump] + " (" + v.trump + ")" })) : null,
      kv(_("Hand points (to 70)"), v.points[0] + " – " + v.points[1]),
      v.following_compulsory ? h("p", { class: "warn" }, _("Following is compulsory")) : null,
    ];
    const ended = eventTexts(m, ["hand_ended"]);
    if (ended.length) info.push(h("p", { class: "last-hand" }, ended[ended.length - 1].text));
    side.appendChild(panel(_("Score"), info));
    // this hand's captures and shows (and its close), as the engine said them
    const dealt = eventTexts(m, ["hand_dealt"]);
    const from = dealt.length ? dealt[dealt.length - 1].event.n : 0;
    const scored = eventTexts(m, ["trick_won", "doubles_shown", "bingo_capture", "stock_closed"], from).slice(-6);
    if (scored.length) {
      side.appendChild(panel(null, h("ul", { class: "events" }, scored.map(({ event, text }) =>
        h("li", { dataset: { code: event.code } }, text + " ", (event.tiles || []).map((t) => tileSVG(t, { cls: "tiny", horizontal: true })))))));
    }
    side.appendChild(logPanel(m));
    return [board, side];
  }

  /* -------------------------------------------------------------- Cavaleiro */

  function figureSVG(m, ctx, v, fig, mine) {
    const sticks = v.sticks;
    let maxX = 0;
    let maxY = 0;
    for (const s of sticks) {
      maxX = Math.max(maxX, s.x1, s.x2);
      maxY = Math.max(maxY, s.y1, s.y2);
    }
    const scale = 24;
    const pad = 10;
    const width = maxX * scale + 2 * pad;
    const height = maxY * scale + 2 * pad;
    const legal = new Set(mine ? v.legal_moves : []);
    const parts = [];
    sticks.forEach((s, idx) => {
      const present = fig.present[idx];
      const x1 = pad + s.x1 * scale;
      const y1 = pad + s.y1 * scale;
      const x2 = pad + s.x2 * scale;
      const y2 = pad + s.y2 * scale;
      const attrs = { class: "stick " + (present ? "on" : "off") + " " + s.kind, dataset: { stick: String(s.id) } };
      const g = sv("g", attrs,
        sv("line", { x1, y1: y1 + (s.kind === "vertical" ? 3 : 0), x2: x2 - (s.kind === "vertical" ? 0 : 3), y2: y2 - (s.kind === "vertical" ? 3 : 0), class: "wood" }),
        present ? sv("circle", { cx: s.kind === "vertical" ? x1 : x2 - 3, cy: s.kind === "vertical" ? y1 + 4 : y1, r: 3, class: "head" }) : null);
      if (mine && present && myTurn(m)) {
        const move = stickMove(v, fig, s);
        g.classList.add("clickable");
        if (legal.has(move)) g.classList.add("legal");
        g.addEventListener("click", () => ctx.move(move));
      }
      parts.push(g);
    });
    return sv("svg", { viewBox: `0 0 ${width} ${height}`, class: "figure", role: "img", "aria-label": n_("{n} stick", "{n} sticks", fig.sticks_left) }, parts);
  }

  /** The move a click on a stick asks for: that stick and those above it in its column. */
  function stickMove(v, fig, s) {
    if (s.kind === "horizontal") {
      return v.legal_moves.includes("remove horizontals") ? "remove horizontals" : "remove horizontal";
    }
    const k = fig.columns[s.column - 1];
    const count = Math.max(1, k - s.row);
    return "remove " + count + " from column " + s.column;
  }

  function cavaleiro(m, ctx) {
    const v = m.view;
    const n = v.players;
    const board = h("div", { class: "board b-cavaleiro" });
    const rolls = new Map((v.rolls || []).map((r) => [r.seat, r]));
    const grid = h("div", { class: "figures n" + n });
    const order = v.order && v.order.length ? v.order : [...Array(n).keys()];
    const mine = m.me === null || m.me === undefined ? -1 : m.me;
    const seatsInOrder = mine >= 0 ? [mine, ...order.filter((s) => s !== mine)] : order;
    for (const i of seatsInOrder) {
      const fig = v.figures[i];
      const r = rolls.get(i);
      const won = v.round_winner === i;
      const extra = [
        h("div", { class: "badges" },
          h("span", { class: "badge" }, n_("{n} stick", "{n} sticks", fig.sticks_left)),
          h("span", { class: "badge" }, n_("{n} round won", "{n} rounds won", v.rounds_won[i])),
          won ? h("span", { class: "badge trump" }, _("{name} won the round", { name: seatName(m, i) })) : null),
        figureSVG(m, ctx, v, fig, i === mine && !m.replay),
        r ? h("div", { class: "roll" + (won ? " best" : "") }, r.dice.map((d) => dieSVG(d)), h("span", { class: "roll-kind" }, Events.roll(r.key))) : h("div", { class: "roll empty" }),
      ];
      const p = seatPanel(m, i, i === mine ? "fig mine-fig" : "fig", extra);
      if (won) p.classList.add("winner");
      grid.appendChild(p);
    }
    board.appendChild(grid);
    if (mine >= 0 && !m.replay) {
      const box = h("section", { class: "me" });
      if (myTurn(m)) {
        if (v.allowed_removal_code) box.appendChild(h("p", { class: "prompt" }, _("May remove: {what}", { what: Events.removal(v.allowed_removal_code) })));
        box.appendChild(actionRow(m, ctx, v.legal_moves));
      }
      board.appendChild(box);
    }
    const side = h("aside", { class: "sidebar" });
    side.appendChild(panel(_("Round {n}", { n: v.round || 1 }),
      v.order && v.order.length ? h("p", {}, _("Order: {names}", { names: v.order.map((s) => seatName(m, s)).join(", ") })) : null,
      v.allowed_removal_code && v.round_winner !== null ? h("p", {}, _("May remove: {what}", { what: Events.removal(v.allowed_removal_code) })) : null));
    // the last finished round, as the engine said it: its rolls, who won it and what was removed
    const removed = eventTexts(m, ["sticks_removed"]);
    if (removed.length) {
      const last = removed[removed.length - 1];
      const round = last.event.round;
      const won = eventTexts(m, ["round_won"]).filter((e) => e.event.round === round);
      const rolls = (v.events || []).filter((e) => e.code === "roll" && e.round === round);
      side.appendChild(panel(null, won.map((e) => h("p", {}, e.text)), h("p", {}, last.text),
        h("ul", { class: "events" }, rolls.map((r) => h("li", {}, seatName(m, r.seat) + ": ", r.dice.map((d) => dieSVG(d, "tiny")), " " + Events.roll(r.key))))));
    }
    if (v.order_rolloff && v.order_rolloff.length && (v.round || 0) <= 2) {
      side.appendChild(panel(_("Roll for order (totals)"), v.order_rolloff.map((stage) =>
        h("ul", { class: "events" }, stage.map((r) => h("li", {}, seatName(m, r.seat) + ": ", r.dice.map((d) => dieSVG(d, "tiny")), " = " + r.total))))));
    }
    side.appendChild(logPanel(m));
    return [board, side];
  }

  /* ---------------------------------------------------------------- Five-Up */

  /** A tile lying on the Five-Up table: x, y, w, h in half squares (a half is 2 x 2). */
  function layoutTile(t, unit, cls) {
    const x = t.x * unit;
    const y = t.y * unit;
    const w = t.w * unit;
    const hh = t.h * unit;
    const half = 2 * unit;
    const parts = [sv("rect", { x: x + 0.8, y: y + 0.8, width: w - 1.6, height: hh - 1.6, rx: unit * 0.6, class: "tile-body" })];
    const horizontal = t.orientation === "horizontal";
    if (horizontal) parts.push(sv("line", { x1: x + half, y1: y + unit * 0.4, x2: x + half, y2: y + hh - unit * 0.4, class: "tile-bar" }));
    else parts.push(sv("line", { x1: x + unit * 0.4, y1: y + half, x2: x + w - unit * 0.4, y2: y + half, class: "tile-bar" }));
    t.ends.forEach((n, k) => {
      const ox = horizontal ? x + k * half : x;
      const oy = horizontal ? y : y + k * half;
      for (const [c, r] of PIPS[n] || []) {
        parts.push(sv("circle", { cx: ox + half * (0.22 + c * 0.28), cy: oy + half * (0.22 + r * 0.28), r: half * 0.09, class: "pip" }));
      }
    });
    return sv("g", { class: "ltile " + (cls || ""), dataset: { tile: t.tile, id: String(t.id) } }, sv("title", { text: t.tile }), parts);
  }

  function fiveupTable(m, ctx) {
    const v = m.view;
    const lay = v.layout || { tiles: [], open_ends: [], bounds: { x: 0, y: 0, w: 0, h: 0 } };
    const unit = 10;
    const pad = 3;
    const b = lay.bounds;
    const vb = [(b.x - pad) * unit, (b.y - pad) * unit, (b.w + 2 * pad) * unit, (b.h + 2 * pad) * unit];
    const parts = lay.tiles.map((t) => layoutTile(t, unit, m.lastTile === t.tile ? "last" : ""));
    if (myTurn(m) && m.choice && !m.replay) {
      const split = splitMoves(v.legal_moves);
      const moves = split.tiles.get(m.choice) || [];
      for (const mv of moves) {
        const on = /on (\d-\d)$/.exec(mv);
        if (!on) continue;
        const target = tileKey(on[1]);
        const shared = parseTile(m.choice).filter((n) => parseTile(target).includes(n));
        const ends = lay.open_ends.filter((e) => tileKey(e.tile) === target && shared.includes(e.number));
        for (const e of ends.slice(0, 1)) {
          parts.push(sv("circle", { cx: e.x * unit, cy: e.y * unit, r: unit * 1.3, class: "target", tabindex: "-1",
            dataset: { move: mv }, onclick: () => ctx.move(mv) }, sv("title", { text: label(m, mv) })));
        }
      }
    }
    if (!lay.tiles.length) {
      return h("p", { class: "felt-note big" }, typeof v.leader === "number" ? _("{name} leads", { name: seatName(m, v.leader) }) : "");
    }
    return sv("svg", { viewBox: vb.join(" "), class: "layout", role: "img", "aria-label": lay.tiles.map((t) => t.tile).join(", ") }, parts);
  }

  function fiveup(m, ctx) {
    const v = m.view;
    const n = v.names.length;
    const board = h("div", { class: "board b-fiveup " + (n === 2 ? "seats2" : "seats4") });
    for (let i = 0; i < n; i++) {
      const pos = relPos(m, i, n === 3 ? 4 : n);
      const badges = h("div", { class: "badges" },
        v.leader === i ? h("span", { class: "badge" }, _("leads")) : null,
        v.drawn && v.drawn[i] ? h("span", { class: "badge" }, _("drew {n}", { n: v.drawn[i] })) : null);
      if (pos === "bottom" && m.me !== null && !m.replay) board.appendChild(seatPanel(m, i, pos, badges));
      else board.appendChild(seatPanel(m, i, n === 3 && pos === "top" ? "right" : pos, [badges, otherHand(m, i, v.hand_sizes[i])]));
    }
    const center = h("div", { class: "felt" });
    center.appendChild(fiveupTable(m, ctx));
    const ends = (v.layout && v.layout.open_ends) || [];
    const counting = ends.filter((e) => e.counts);
    center.appendChild(h("div", { class: "stock" },
      h("div", { class: "pile" }, tileSVG("", { faceDown: true, cls: "small" }), h("span", { class: "count" }, _("Stock: {n} ({drawable} to draw)", { n: v.stock_size, drawable: v.stock_drawable }))),
      counting.length ? h("span", { class: "ends" }, _("Open ends: {ends} = {total}", { ends: counting.map((e) => e.counts).join(" + "), total: v.layout.ends_total })) : null));
    board.appendChild(center);
    board.appendChild(myControls(m, ctx, v.hand || []));

    const side = h("aside", { class: "sidebar" });
    const sideName = (k) => v.sides[k].map((s) => seatName(m, s)).join(" & ");
    side.appendChild(panel(_("Points (to {n})", { n: v.target }), v.sides.map((side, k) => kv(sideName(k), String(v.scores[k])))));
    // the points scored, as the engine said them: the ends, the domino and the blocked hand
    const scored = eventTexts(m, ["ends_scored", "domino_bonus", "blocked", "hand_ended"]).slice(-6).reverse();
    side.appendChild(panel(_("Hand {n}", { n: v.hand_number || 1 }),
      h("ul", { class: "events" }, scored.map(({ event, text }) => h("li", { dataset: { code: event.code } }, text)))));
    side.appendChild(logPanel(m));
    return [board, side];
  }

  /* ---------------------------------------------------------------- generic */

  function generic(m, ctx) {
    const v = m.view;
    const board = h("div", { class: "board b-generic" });
    const n = (v.names || []).length;
    for (let i = 0; i < n; i++) {
      const sizes = v.hand_sizes || [];
      board.appendChild(seatPanel(m, i, relPos(m, i, n), i === m.me && !m.replay ? null : otherHand(m, i, sizes[i] || 0)));
    }
    board.appendChild(h("div", { class: "felt" }));
    board.appendChild(myControls(m, ctx, v.hand || []));
    const side = h("aside", { class: "sidebar" });
    side.appendChild(logPanel(m));
    return [board, side];
  }

  const RENDER = { texas42, bingo, cavaleiro, fiveup };

  return {
    render(m, ctx) {
      const f = RENDER[m.game] || generic;
      const wrap = h("div", { class: "table-wrap game-" + m.game });
      appendAll(wrap, f(m, ctx));
      return wrap;
    },
    seatName,
    levelName,
    botName,
    label,
    splitMoves,
    tileKey,
    register(name, fn) {
      RENDER[name] = fn;
    },
    helpers: { seatPanel, otherHand, myControls, actionRow, handRow, logPanel, panel, kv, relPos, trickTiles, myTurn, figureSVG, layoutTile },
  };
})();
