/* Ludoteca web: drawing each game's table from a seat's view.
 *
 * Games.render(model, ctx) returns the table as DOM. `model` holds the view
 * (what the seat may know), the seats, the seat looking (`me`, or null for a
 * spectator), `labels` of moves in words, `moves`: the decisions among them
 * parsed by the server ({text, kind, tiles, numbers, detail}: the scripts never
 * read notation), `tries`: the moves a click on a tile or a stick may ask for,
 * allowed or not, parsed the same way, and for the replay viewer every hand
 * (`hands`). `ctx` receives the player's choices: ctx.move(text) plays a move,
 * ctx.choose(key) opens or closes the choice between several moves of a tile.
 */
"use strict";

const Games = (() => {
  const POS4 = ["bottom", "left", "top", "right"];
  /* A phone's screen, or a laptop's short one: compact controls, so that the table fits. */
  const COMPACT = window.matchMedia("(max-width: 639px), (max-height: 820px)");

  /** A decision as the server parsed it ({text, kind, tiles, numbers, detail}), or null. */
  function parsed(m, move) {
    return (m.moves && m.moves[move]) || null;
  }

  /** The text of the first move of `moves` (parsed) that `wanted` accepts, or null. */
  function findMove(moves, wanted) {
    const found = Object.values(moves || {}).find(wanted);
    return found ? found.text : null;
  }

  /** A seat's player as named at the table (bots by their level). */
  function plainName(m, i) {
    const names = (m.said && m.said.names) || m.view.names || [];
    return names[i] !== undefined ? names[i] : String(i + 1);
  }

  function seatName(m, i) {
    const name = plainName(m, i);
    return i === m.me ? _("{name} (you)", { name }) : name;
  }

  /** What a Cavaleiro roll is ("dois pares, 5 e 3"), as the server said it. */
  function rollName(m, roll) {
    return ((m.said && m.said.roll_names) || {})[roll.key.join(",")] || "";
  }

  function label(m, move) {
    return (m.labels && m.labels[move]) || move;
  }

  function tileKey(text) {
    const e = parseTile(text);
    return e ? Math.max(e[0], e[1]) + "-" + Math.min(e[0], e[1]) : text;
  }

  /** Legal moves split into those playing a tile of the hand and the others. */
  function splitMoves(m, legal) {
    const tiles = new Map();
    const others = [];
    for (const mv of legal || []) {
      const p = parsed(m, mv);
      if (p && p.kind === "play" && p.tiles.length) {
        const k = tileKey(p.tiles[0]);
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
    const split = splitMoves(m, m.view.legal_moves);
    const turn = myTurn(m) && !m.replay;
    const row = h("div", { class: "hand", role: "toolbar", "aria-label": ui("your_hand") });
    const known = new Set((opts.known || []).map(tileKey));
    tiles.forEach((t, idx) => {
      const k = tileKey(t);
      const legal = split.tiles.has(k);
      // a tile with no legal move asks for its plain play, which the refusal explains
      const asks = legal ? split.tiles.get(k) : [findMove(m.tries, (p) => p.kind === "play" && tileKey(p.tiles[0]) === k)].filter(Boolean);
      const cls = "tile-btn" + (turn && legal ? " legal" : "") + (turn && !legal && split.tiles.size ? " dim" : "") +
        (m.choice === k ? " chosen" : "") + (known.has(k) ? " known" : "");
      const btn = h(
        "button",
        {
          type: "button",
          class: cls,
          dataset: { key: "tile-" + k, tile: k, move: legal ? split.tiles.get(k)[0] : "", fly: "tile-" + k },
          "aria-label": t + (turn && legal ? " ✓" : ""),
          disabled: m.replay || m.me === null ? true : undefined,
          onclick: () => ctx.tile(k, asks),
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
    const keys = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (!(ev.key in keys)) return;
    const items = [...row.querySelectorAll("button")];
    const i = items.indexOf(ev.currentTarget);
    const j = Math.max(0, Math.min(items.length - 1, i + keys[ev.key]));
    items[j].focus();
    ev.preventDefault();
  }

  /** Buttons for the moves that are not a plain tile play (or the tile's choices).
   * With `opts.named` (a move's short name as an answer to the felt's question, such
   * as a trump choice's suit), the buttons show those names, all of one size, each
   * still called by its whole words. */
  function actionRow(m, ctx, moves, opts) {
    opts = opts || {};
    const named = opts.named && moves.length && moves.every((mv) => opts.named[mv]) ? opts.named : null;
    const row = h("div", { class: named ? "actions named" : "actions", role: "group", "aria-label": ui("choose_move") });
    if (!moves.length) return row;
    moves.forEach((mv, i) => {
      row.appendChild(
        h(
          "button",
          {
            type: "button",
            class: "move-btn legal",
            dataset: { key: "move-" + mv, move: mv, hotkey: i < 9 ? String(i + 1) : "" },
            title: m.notation ? mv : named ? label(m, mv) : null,
            "aria-label": named ? label(m, mv) : null,
            onclick: () => (opts.act ? opts.act(mv) : ctx.move(mv)),
            onmouseenter: opts.hover ? () => opts.hover(mv, true) : undefined,
            onmouseleave: opts.hover ? () => opts.hover(mv, false) : undefined,
            onfocus: opts.hover ? () => opts.hover(mv, true) : undefined,
            onblur: opts.hover ? () => opts.hover(mv, false) : undefined,
          },
          i < 9 ? h("kbd", { "aria-hidden": "true" }, String(i + 1)) : null,
          opts.render ? opts.render(mv) : named ? named[mv] : label(m, mv),
        ),
      );
    });
    if (opts.cancel) {
      row.appendChild(h("button", { type: "button", class: "move-btn cancel", dataset: { key: "cancel" }, onclick: () => ctx.choose(null) }, ui("close")));
    }
    return row;
  }

  /** What the seat may do now: the tile's choices if one is chosen, else every non-tile move. */
  function myControls(m, ctx, handTiles, opts) {
    opts = opts || {};
    const box = h("section", { class: "me", "aria-label": ui("your_hand") });
    if (m.me === null || m.me === undefined || m.replay) return box;
    const split = splitMoves(m, m.view.legal_moves);
    const turn = myTurn(m);
    box.appendChild(handRow(m, ctx, handTiles, opts));
    if (turn && m.choice && split.tiles.has(m.choice)) {
      box.appendChild(h("p", { class: "prompt" }, ui("how_to_play_tile", { tile: m.choice })));
      box.appendChild(actionRow(m, ctx, split.tiles.get(m.choice), { cancel: true, named: words(m).choices }));
    } else if (turn) {
      box.appendChild(actionRow(m, ctx, opts.others ? opts.others(split) : split.others, { named: words(m).choices, ...opts }));
    }
    return box;
  }

  function seatPanel(m, i, pos, extra) {
    const v = m.view;
    const s = m.seats && m.seats[i];
    const cls = ["seat", "pos-" + pos];
    const acting = v.to_move === i || (v.to_move === "chance" && v.to_roll === i);
    if (acting && !v.over) cls.push("to-move");
    if (i === m.me) cls.push("mine");
    if (s && s.kind !== "bot" && s.taken && !s.online) cls.push("away");
    return h(
      "section",
      { class: cls.join(" "), "aria-label": seatName(m, i), dataset: { seat: String(i) } },
      h("header", { class: "seat-name" }, h("span", { class: "name" }, seatName(m, i)),
        s && s.kind !== "bot" && s.taken && !s.online && !m.replay ? h("span", { class: "badge away" }, _("away")) : null,
        acting && !v.over ? h("span", { class: "badge turn", "aria-hidden": "true" }, "●") : null),
      extra,
    );
  }

  /** The other seats' hands: face down (count), or face up in the replay viewer. */
  function otherHand(m, i, count, known) {
    if ((m.replay || m.showHands) && m.hands && m.hands[i]) {
      return h("div", { class: "mini-hand up" }, m.hands[i].map((t) => tileSVG(t, { cls: "small" + reviewMark(m, i, t) })));
    }
    const shown = (known || []).slice(0, count);
    // face down, a picture of so many tiles; with tiles shown, a group of them
    const row = h("div", { class: "mini-hand", role: shown.length ? "group" : "img", "aria-label": n_("{n} tile", "{n} tiles", count) });
    shown.forEach((t) => row.appendChild(tileSVG(t, { cls: "small" })));
    for (let k = shown.length; k < count; k++) row.appendChild(tileSVG("", { faceDown: true, cls: "small" }));
    return row;
  }

  /* In the review, the tile the better move plays, and the one played instead
   * (`m.review`: the seat, and both moves parsed). */
  function reviewMark(m, seat, tile) {
    const r = m.review;
    if (!r || r.seat !== seat) return "";
    const tileOf = (p) => (p && p.kind === "play" && p.tiles.length ? tileKey(p.tiles[0]) : null);
    const k = tileKey(tile);
    if (tileOf(r.best) === k) return " best-move";
    if (tileOf(r.played) === k) return " played-move";
    return "";
  }

  function logPanel(m) {
    const v = m.view;
    const all = (m.said && m.said.log) || [];
    const lines = all.filter((line) => line.n >= v.log.length - 80);
    const list = h("ol", { class: "log", reversed: true, start: v.log.length });
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i];
      // The move in words, then what it did; its notation beside it when the player asks for it.
      // In the review, a judged move's mark ("?", "??") after it.
      const cost = line.first && !line.event && m.costs && m.costs[line.n + 1];
      list.appendChild(
        h("li", { class: !line.first ? "event" : line.seat === null && !line.event ? "chance" : "", value: line.n + 1,
          title: m.notation && line.notation.length <= 40 ? line.notation : null },
        line.seat === null ? null : h("b", {}, seatName(m, line.seat) + ": "), line.text,
        m.notation && line.first ? h("code", { class: "notation", lang: "en" }, " " + line.notation) : null,
        cost ? h("span", { class: "log-cost " + cost.cls, title: cost.title }, " " + cost.text) : null),
      );
    }
    // a region of its own, reached with Tab to scroll it by the keyboard
    return h("section", { class: "panel log-panel", tabindex: "0", "aria-labelledby": "log-title", dataset: { key: "log" } },
      h("h2", { id: "log-title" }, ui(m.notation ? "moves_played_notation" : "moves_played")), list);
  }

  /** The lines of the log from move `from` on, as a screen reader says them. */
  function saidFrom(m, from) {
    const lines = ((m.said && m.said.log) || []).filter((line) => line.n >= from);
    return lines.map((line) => (line.seat === null ? "" : seatName(m, line.seat) + ": ") + line.text).join("\n");
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
      felt.appendChild(h("div", { class: "play pos-" + relPos(m, p.seat, n), dataset: { seat: String(p.seat), fly: "tile-" + tileKey(p.tile) } },
        tileSVG(p.tile, { cls: "played" }), h("span", { class: "who" }, seatName(m, p.seat))));
    }
    return felt;
  }

  /* ------------------------------------------------------- the hand's end */

  /** The summary of the hand the last move ended, as the server said it, or null. */
  function handEnd(m) {
    return (m.said && m.said.summary) || null;
  }

  /* ---------------------------------------------- the table's words, as said */

  const NO_WORDS = { badges: [], felt: null, panels: [], labels: {}, choices: {}, score_line: "", round: null };

  /** The words on the table as the server said them (ludoteca.i18n.board). */
  function words(m) {
    return (m.said && m.said.board) || NO_WORDS;
  }

  function badgesOf(m, i) {
    return h("div", { class: "badges" }, (words(m).badges[i] || []).map((b) =>
      h("span", { class: "badge" + (b.kind ? " " + b.kind : "") }, b.text)));
  }

  /** The events an events panel lists: ludoteca.i18n.board.picked_events's rule, on
   * the events and sentences the page holds. */
  function pickedEvents(m, p) {
    const events = m.view.events || [];
    const texts = (m.said && m.said.events) || [];
    const moves = m.view.log.length;
    let start = 0;
    if (p.since !== null) {
      for (let i = events.length - 1; i >= 0; i--) {
        if (events[i].code === p.since && events[i].n < moves - 1) {
          start = events[i].n + 1;
          break;
        }
      }
    }
    const picked = events.map((e, i) => ({ event: e, text: texts[i] || "" }))
      .filter(({ event }) => event.n >= start && p.codes.includes(event.code)).slice(-p.last);
    return p.newest_first ? picked.reverse() : picked;
  }

  function panelLine(line) {
    const cls = line.kind || "";
    if (line.dice) {
      return h("li", {}, line.text + ": ", line.dice.map((d) => dieSVG(d, "tiny")), " " + line.after);
    }
    if (line.tiles && line.tiles.length && line.label) {
      return h("div", { class: cls }, h("span", {}, line.label + ": "),
        line.tiles.map((t) => tileSVG(t, { cls: "small", horizontal: true })), h("span", {}, " " + line.text));
    }
    return h("p", { class: cls }, line.text);
  }

  /** The panels beside the table, as the server said them (the log goes after them). */
  function sidePanels(m) {
    const out = [];
    for (const p of words(m).panels) {
      if (p.kind === "events") {
        const picked = pickedEvents(m, p);
        if (!picked.length && !p.title) continue;
        out.push(panel(p.title, h("ul", { class: "events" }, picked.map(({ event, text }) =>
          h("li", { dataset: { code: event.code } }, text + " ", (event.tiles || []).map((t) => tileSVG(t, { cls: "tiny", horizontal: true })))))));
      } else if (p.kind === "rolloff") {
        out.push(panel(p.title, h("ul", { class: "events" }, p.lines.map(panelLine))));
      } else {
        out.push(panel(p.title, p.lines.map(panelLine), p.rows_title ? h("h3", {}, p.rows_title) : null,
          p.rows.map(([k, val]) => kv(k, val))));
      }
    }
    return out;
  }

  /** The score in one short line (for small screens, where the score panel is far below). */
  function scoreLine(m) {
    return words(m).score_line;
  }

  /** The hand's summary on the table, with what comes next: the player's Continue, or a word. */
  function summaryBox(m, ctx, title, items) {
    const box = h("section", { class: "hand-summary", id: "hand-summary", role: "region", "aria-labelledby": "summary-title" },
      h("h2", { id: "summary-title" }, title), items);
    const aw = m.awaits;
    const seated = m.me !== null && m.me !== undefined && !m.replay;
    if (seated && !m.view.over && (m.held || (aw && aw.kind === "continue"))) {
      box.appendChild(h("div", { class: "row" },
        h("button", { type: "button", class: "primary", id: "continue-btn", dataset: { key: "continue" }, onclick: () => ctx.go() },
          ui("continue"), h("kbd", { "aria-hidden": "true" }, "c")),
        // games: texas42 fiveup bingo
        ctx.tableId ? h("a", { class: "button", id: "review-hand", href: "/replay/" + ctx.tableId }, gm_(m.game, "Review this hand")) : null));
    } else if (aw && aw.kind === "pause") {
      // games: texas42 fiveup bingo
      box.appendChild(h("p", { class: "next" }, gm_(m.game, "The next hand is dealt in a moment…")));
    } else if (aw && aw.kind === "continue") {
      // games: texas42 fiveup bingo
      box.appendChild(h("p", { class: "next" }, gm_(m.game, "The next hand is dealt when a player continues.")));
    }
    return box;
  }

  /** The server's summary of the hand just ended (ludoteca.i18n.summary), on the table. */
  function handSummary(m, ctx, summary) {
    const items = [];
    for (const b of summary.blocks) {
      if (b.kind === "heading") items.push(h("h3", {}, b.text));
      else if (b.kind === "rows") items.push(b.rows.map(([k, val]) => kv(k, val)));
      else if (b.kind === "tiles") {
        items.push(b.rows.map(([k, val], s) => h("div", { class: "kv tiles-left", dataset: { seat: String(s) } },
          h("span", { class: "k" }, k),
          h("span", { class: "v" }, b.tiles[s].map((t) => tileSVG(t, { cls: "tiny", horizontal: true })), " " + val))));
      } else {
        const cls = { made: "verdict made", set: "verdict set", gain: "gain", note: "muted" }[b.kind] || "";
        items.push(h("p", { class: cls }, b.text));
      }
    }
    return summaryBox(m, ctx, summary.title, items);
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

  const RENDER = {}; // each game's board, registered by boards.js

  return {
    render(m, ctx) {
      const f = RENDER[m.game] || generic;
      const wrap = h("div", { class: "table-wrap game-" + m.game });
      appendAll(wrap, f(m, ctx));
      return wrap;
    },
    seatName,
    saidFrom,
    scoreLine,
    handEnd,
    label,
    parsed,
    splitMoves,
    tileKey,
    compact: COMPACT,
    register(name, fn) {
      RENDER[name] = fn;
    },
    helpers: { actionRow, badgesOf, findMove, handEnd, handRow, handSummary, kv, label, logPanel, myControls, myTurn, otherHand, panel, parsed, relPos, rollName, seatPanel, sidePanels, splitMoves, tileKey, trickTiles, words },
  };
})();
