/* Ludoteca web: the four games' boards (Texas 42, Bingo, Cavaleiro, Five-Up), each
 * drawn from the table's model with the shared parts of games.js and registered there. */
"use strict";

(() => {
  const { actionRow, badgesOf, findMove, handEnd, handSummary, label, logPanel, myControls, myTurn, otherHand, parsed, relPos, rollName, seatPanel, sidePanels, splitMoves, tileKey, trickTiles, words } = Games.helpers;
  const COMPACT = Games.compact;
  /* --------------------------------------------------------------- Texas 42 */

  function texas42(m, ctx) {
    const v = m.view;
    const said = words(m);
    const board = h("div", { class: "board b-texas42 seats4" });
    for (let i = 0; i < 4; i++) {
      const pos = relPos(m, i, 4);
      if (pos === "bottom" && m.me !== null && !m.replay) {
        board.appendChild(seatPanel(m, i, pos, badgesOf(m, i)));
      } else {
        board.appendChild(seatPanel(m, i, pos, [badgesOf(m, i), otherHand(m, i, v.hand_sizes[i])]));
      }
    }
    const ended = handEnd(m);
    const center = h("div", { class: "felt" });
    if (v.trick.length) center.appendChild(trickTiles(m, v.trick, 4));
    else if (v.last_trick) center.appendChild(trickTiles(m, v.last_trick.plays, 4, ended ? "final" : "last"));
    if (said.felt) center.appendChild(h("p", { class: "felt-note" + (v.last_trick && !v.trick.length ? "" : " big") }, said.felt));
    if (ended) center.appendChild(handSummary(m, ctx, ended));
    board.appendChild(center);
    const mine = myControls(m, ctx, v.hand || []);
    const bids = compactBids(m);
    const row = bids && mine.querySelector(".actions");
    if (row) row.replaceWith(bidControl(m, ctx, bids));
    board.appendChild(mine);
    const side = h("aside", { class: "sidebar" });
    appendAll(side, sidePanels(m));
    side.appendChild(logPanel(m));
    return [board, side];
  }

  /* On a phone or a short screen, the bids are one control: the lowest legal bid, − and + to step
   * through the others (the mark bids among them), Bid and Pass; a plunge or a
   * splash has a button of its own. */
  let bidPick = null; // {at: the move count, move: the bid shown}

  /** The legal bids (parsed: kind "bid", numbers[0] its points) when they make a
   * compact control, else null. */
  function compactBids(m) {
    if (!COMPACT.matches || m.replay || m.choice || !myTurn(m)) return null;
    const of = (wanted) => m.view.legal_moves.filter((mv) => wanted(parsed(m, mv) || {}));
    const plain = of((p) => p.kind === "bid" && !p.detail).sort((a, b) => parsed(m, a).numbers[0] - parsed(m, b).numbers[0]);
    if (plain.length < 4) return null;
    return { plain, special: of((p) => p.kind === "bid" && !!p.detail), pass: of((p) => p.kind === "pass")[0] || null };
  }

  function bidControl(m, ctx, bids) {
    const at = m.view.log.length;
    if (!bidPick || bidPick.at !== at || !bids.plain.includes(bidPick.move)) bidPick = { at, move: bids.plain[0] };
    const points = (mv) => String(parsed(m, mv).numbers[0]);
    const first = bids.plain[0];
    const last = bids.plain[bids.plain.length - 1];
    const step = (d) => {
      const i = bids.plain.indexOf(bidPick.move);
      bidPick.move = bids.plain[Math.max(0, Math.min(bids.plain.length - 1, i + d))];
      show();
    };
    const keys = { ArrowUp: 1, ArrowRight: 1, "+": 1, ArrowDown: -1, ArrowLeft: -1, "-": -1, PageUp: 3, PageDown: -3, Home: -Infinity, End: Infinity };
    // said when − or + changes it (the focus stays on the button)
    const value = h("span", { class: "bid-value", id: "bid-value", role: "spinbutton", tabindex: "0", "aria-live": "polite", dataset: { key: "bid-value" },
      // games: texas42
      "aria-label": gm_(m.game, "Your bid"), "aria-valuemin": points(first), "aria-valuemax": points(last),
      onkeydown: (ev) => {
        if (ev.key in keys) step(keys[ev.key]);
        else if (ev.key === "Enter") place.click();
        else return;
        ev.preventDefault();
        ev.stopPropagation();
      } });
    // games: texas42
    const down = h("button", { type: "button", class: "bid-step", id: "bid-down", dataset: { key: "bid-down" }, "aria-label": gm_(m.game, "Lower bid"), "aria-controls": "bid-value", onclick: () => step(-1) }, "−");
    // games: texas42
    const up = h("button", { type: "button", class: "bid-step", id: "bid-up", dataset: { key: "bid-up" }, "aria-label": gm_(m.game, "Higher bid"), "aria-controls": "bid-value", onclick: () => step(1) }, "+");
    const place = h("button", { type: "button", class: "move-btn legal primary", id: "bid-btn", dataset: { key: "bid-place", hotkey: "1" }, onclick: () => ctx.move(bidPick.move) },
      // games: texas42
      h("kbd", { "aria-hidden": "true" }, "1"), gm_(m.game, "Bid"));
    function show() {
      const text = label(m, bidPick.move);
      value.textContent = text;
      value.setAttribute("aria-valuenow", points(bidPick.move));
      value.setAttribute("aria-valuetext", text);
      down.disabled = bidPick.move === first;
      up.disabled = bidPick.move === last;
      place.dataset.move = bidPick.move;
      place.title = m.notation ? bidPick.move : "";
    }
    show();
    const row = h("div", { class: "actions bids", role: "group", "aria-label": ui("choose_move") },
      h("div", { class: "bid-stepper" }, down, value, up), place);
    const more = [];
    if (bids.pass) more.push(bids.pass);
    const mark = bids.plain.find((mv) => parsed(m, mv).numbers[0] >= 42);
    const buttons = actionRow(m, ctx, more.concat(bids.special), {}).childNodes;
    [...buttons].forEach((b, i) => {
      b.dataset.hotkey = String(i + 2);
      b.querySelector("kbd").textContent = String(i + 2);
      row.appendChild(b);
    });
    if (mark && mark !== first) {
      // the lowest mark bid, shown in the control (Bid places it)
      row.appendChild(h("button", { type: "button", class: "bid-jump", id: "bid-marks", dataset: { key: "bid-marks" }, "aria-controls": "bid-value",
        onclick: () => { bidPick.move = mark; show(); value.focus(); } }, label(m, mark)));
    }
    return row;
  }

  /* ------------------------------------------------------------------ Bingo */

  function bingo(m, ctx) {
    const v = m.view;
    const said = words(m);
    const bingoEnded = handEnd(m);
    const board = h("div", { class: "board b-bingo seats2" });
    for (let i = 0; i < 2; i++) {
      const pos = relPos(m, i, 2);
      const extra = [badgesOf(m, i)];
      if (!(pos === "bottom" && m.me !== null && !m.replay)) extra.push(otherHand(m, i, v.hand_sizes[i], v.known_held[i]));
      board.appendChild(seatPanel(m, i, pos, extra));
    }
    const center = h("div", { class: "felt" });
    const stock = h("div", { class: "stock" });
    if (v.stock_count > 0 || v.up) {
      stock.appendChild(h("div", { class: "pile" }, tileSVG("", { faceDown: true }), h("span", { class: "count" }, said.labels.stock)));
    }
    if (v.up) stock.appendChild(h("div", { class: "upcard" }, tileSVG(v.up, { horizontal: true }), h("span", {}, said.labels.up)));
    else if (v.turned_up_tile && v.closed) stock.appendChild(h("div", { class: "upcard closed" }, tileSVG("", { faceDown: true, horizontal: true }), h("span", {}, said.labels.closed)));
    center.appendChild(stock);
    if (v.trick.length) {
      center.appendChild(trickTiles(m, v.trick, 2));
      if (said.labels.shown) center.appendChild(h("p", { class: "felt-note" }, said.labels.shown));
    } else if (v.last_trick) {
      center.appendChild(trickTiles(m, v.last_trick.plays, 2, bingoEnded ? "final" : "last"));
    }
    if (said.felt) center.appendChild(h("p", { class: "felt-note" }, said.felt));
    if (bingoEnded) center.appendChild(handSummary(m, ctx, bingoEnded));
    board.appendChild(center);
    board.appendChild(myControls(m, ctx, v.hand || [], { known: m.me !== null ? v.known_held[m.me] : [] }));
    const side = h("aside", { class: "sidebar" });
    appendAll(side, sidePanels(m));
    side.appendChild(logPanel(m));
    return [board, side];
  }

  /* -------------------------------------------------------------- Cavaleiro */

  /* Removals as the server parsed them (docs/games/cavaleiro.md): kind "remove",
   * detail "horizontals", "horizontal", "block" (numbers: the block) or "column"
   * (numbers: how many, then the column). */
  const isRemoval = (p, what) => !!p && p.kind === "remove" && p.detail === what;
  const ofColumn = (p, column) => isRemoval(p, "column") && p.numbers[1] === column;

  /** The sticks (ids) a removal (parsed) takes from a figure: from the top of a
   * column, the horizontals last laid first. */
  function removalSticks(v, fig, p) {
    const left = v.sticks.filter((s) => fig.present[s.id]);
    if (isRemoval(p, "column")) {
      return left.filter((s) => s.kind === "vertical" && s.column === p.numbers[1]).sort((a, b) => b.row - a.row).slice(0, p.numbers[0]).map((s) => s.id);
    }
    if (isRemoval(p, "block")) return left.filter((s) => s.kind === "vertical" && s.block === p.numbers[0]).map((s) => s.id);
    const horizontals = left.filter((s) => s.kind === "horizontal").sort((a, b) => b.row - a.row);
    if (isRemoval(p, "horizontals")) return horizontals.map((s) => s.id);
    if (isRemoval(p, "horizontal")) return horizontals.slice(0, 1).map((s) => s.id);
    return [];
  }

  /** The legal moves a click on a stick picks: its column's removals (or its block's,
   * or the horizontals'). */
  function stickChoices(m, v, s) {
    const legal = (wanted) => v.legal_moves.filter((mv) => wanted(parsed(m, mv)));
    if (s.kind === "horizontal") return legal((p) => isRemoval(p, "horizontals") || isRemoval(p, "horizontal"));
    const column = legal((p) => ofColumn(p, s.column));
    return column.length ? column : legal((p) => isRemoval(p, "block") && p.numbers[0] === s.block);
  }

  /** The removal a click on a stick asks for where any removal may be tried (the
   * lessons): the stick and those above it in its column, or the horizontals. */
  function stickMove(m, v, fig, s) {
    if (s.kind === "horizontal") {
      return v.legal_moves.find((mv) => isRemoval(parsed(m, mv), "horizontals")) || findMove(m.tries, (p) => isRemoval(p, "horizontal"));
    }
    const count = Math.max(1, fig.columns[s.column - 1] - s.row);
    return findMove(m.tries, (p) => ofColumn(p, s.column) && p.numbers[0] === count);
  }

  /** The removal a click on a stick with no allowed removal asks for (the refusal
   * says why): one horizontal, or one stick of its column. */
  function stickTry(m, s) {
    if (s.kind === "horizontal") return findMove(m.tries, (p) => isRemoval(p, "horizontal"));
    return findMove(m.tries, (p) => ofColumn(p, s.column) && p.numbers[0] === 1);
  }

  /** The removals the player may choose: each one, or when there are many, one button
   * per column (and one for the horizontals) whose removals are chosen next, as a
   * click on its sticks does. */
  function removalRow(m, ctx, v, hover) {
    const moves = v.legal_moves;
    if (moves.length <= 6) return actionRow(m, ctx, moves, { hover });
    const groups = new Map();
    for (const mv of moves) {
      const p = parsed(m, mv);
      const key = isRemoval(p, "column") ? "column-" + p.numbers[1]
        : isRemoval(p, "horizontal") || isRemoval(p, "horizontals") ? "horizontals" : mv;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(mv);
    }
    // a button plays its move, or (its key) opens the choice among its group's
    const items = new Map([...groups].map(([key, group]) => [group.length === 1 ? group[0] : key, key]));
    const render = (item) => {
      const key = items.get(item);
      // games: cavaleiro
      if (key.startsWith("column-")) return gm_(m.game, "Column {n}", { n: key.slice(7) });
      // games: cavaleiro
      return item === "horizontals" ? gm_(m.game, "The horizontals") : label(m, item);
    };
    const act = (item) => (groups.get(items.get(item)).length === 1 ? ctx.move(item) : ctx.choose(item));
    const hoverFirst = (item, on) => hover(groups.get(items.get(item))[0], on);
    const row = actionRow(m, ctx, [...items.keys()], { hover: hoverFirst, render, act });
    row.classList.add("by-column");
    return row;
  }

  /** Ask for a move, if there is one. */
  function ask(ctx, move) {
    if (move) ctx.move(move);
  }

  function highlight(board, ids, on) {
    const figure = board && board.querySelector(".mine-fig svg.figure");
    if (!figure) return;
    figure.querySelectorAll(".stick.hl").forEach((g) => g.classList.remove("hl"));
    if (on) ids.forEach((id) => { const g = figure.querySelector('[data-stick="' + id + '"]'); if (g) g.classList.add("hl"); });
  }

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
    const numbers = 14;
    const width = maxX * scale + 2 * pad;
    const height = maxY * scale + 2 * pad + numbers;
    const X = (x) => pad + x * scale;
    const Y = (y) => pad + (maxY - y) * scale; // the view's y goes up: the horizontals lie on top
    const active = mine && myTurn(m);
    const parts = [];
    for (const s of sticks) {
      const present = fig.present[s.id];
      let ends;
      let head;
      if (s.kind === "vertical") {
        const top = Y(Math.max(s.y1, s.y2));
        const bottom = Y(Math.min(s.y1, s.y2));
        ends = { x1: X(s.x1), y1: top + 4, x2: X(s.x1), y2: bottom - 2 };
        head = { cx: X(s.x1), cy: top + 4 };
      } else {
        const left = X(Math.min(s.x1, s.x2));
        const right = X(Math.max(s.x1, s.x2));
        ends = { x1: left + 2, y1: Y(s.y1), x2: right - 4, y2: Y(s.y1) };
        head = { cx: right - 4, cy: Y(s.y1) };
      }
      const g = sv("g", { class: "stick " + (present ? "on" : "off") + " " + s.kind, dataset: { stick: String(s.id), column: s.column ? String(s.column) : "" } },
        sv("line", Object.assign({ class: "wood" }, ends)),
        present ? sv("circle", Object.assign({ r: 3, class: "head" }, head)) : null);
      if (active && present) {
        const choices = stickChoices(m, v, s);
        g.appendChild(sv("line", Object.assign({ class: "hit" }, ends)));
        g.classList.add("clickable");
        if (choices.length) g.classList.add("legal");
        g.addEventListener("click", () => {
          if (m.freeSticks) ask(ctx, stickMove(m, v, fig, s));
          else if (choices.length === 1) ctx.move(choices[0]);
          else if (choices.length > 1) {
            ctx.choose(s.kind === "horizontal" ? "horizontals" : "column-" + s.column);
            const first = document.querySelector("#board .actions .move-btn.legal");
            if (first) first.focus();
          } else ask(ctx, stickTry(m, s));
        });
      }
      parts.push(g);
    }
    const columns = new Map();
    for (const s of sticks) if (s.kind === "vertical") columns.set(s.column, s.x1);
    for (const [c, x] of columns) parts.push(sv("text", { x: X(x), y: height - 4, class: "col-num", "text-anchor": "middle" }, String(c)));
    return sv("svg", { viewBox: `0 0 ${width} ${height}`, class: "figure", role: "img", "aria-label": n_("{n} stick", "{n} sticks", fig.sticks_left) }, parts);
  }

  /** The ranking of the round just played, as the server said it. */
  function roundSummary(m) {
    const r = words(m).round;
    if (!r) return null;
    const rows = r.rows.map((row, i) => h("li", { class: i === 0 ? "best" : "" }, h("b", {}, row.name), " ",
      row.dice.map((d) => dieSVG(d, "tiny")), " ", row.roll,
      row.note ? h("span", { class: "muted" }, " · " + row.note) : null));
    return h("section", { class: "round-summary", id: "round-summary", dataset: { round: String(r.number) } },
      h("h2", {}, r.title), h("ol", { class: "ranking" }, rows), r.after ? h("p", {}, r.after) : null);
  }

  function cavaleiro(m, ctx) {
    const v = m.view;
    const n = v.players;
    const board = h("div", { class: "board b-cavaleiro" });
    const rolls = new Map((v.rolls || []).map((r) => [r.seat, r]));
    const mine = m.me === null || m.me === undefined ? -1 : m.me;
    // the player's own figure first, beside its controls; the others in fixed places, in seat order after it
    const grid = h("div", { class: "figures n" + n + (mine >= 0 ? " others" : "") });
    const mineRow = h("div", { class: "mine-row" });
    const first = Math.max(mine, 0);
    for (let k = 0; k < n; k++) {
      const i = (first + k) % n;
      const fig = v.figures[i];
      const r = rolls.get(i);
      const won = v.round_winner === i;
      const extra = [
        badgesOf(m, i),
        figureSVG(m, ctx, v, fig, i === mine && !m.replay),
        r ? h("div", { class: "roll" + (won ? " best" : "") }, r.dice.map((d) => dieSVG(d)), h("span", { class: "roll-kind" }, rollName(m, r))) : h("div", { class: "roll empty" }),
      ];
      const p = seatPanel(m, i, i === mine ? "fig mine-fig" : "fig", extra);
      if (won) p.classList.add("winner");
      (i === mine ? mineRow : grid).appendChild(p);
    }
    if (mine >= 0) board.appendChild(mineRow);
    board.appendChild(grid);
    const summary = roundSummary(m);
    if (summary) board.appendChild(summary);
    if (mine >= 0 && !m.replay) {
      const box = h("section", { class: "me" });
      const aw = m.awaits;
      if (aw && aw.kind === "roll" && aw.seat === mine && !v.over) {
        box.appendChild(h("div", { class: "actions" },
          h("button", { type: "button", class: "move-btn legal primary", id: "roll-btn", dataset: { key: "roll", hotkey: "1" }, disabled: m.pending || undefined, onclick: () => ctx.roll() },
            h("kbd", { "aria-hidden": "true" }, "r"), ui("roll_dice"))));
      } else if (myTurn(m)) {
        if (words(m).labels.may_remove) box.appendChild(h("p", { class: "prompt" }, words(m).labels.may_remove));
        const chosen = m.choice === "horizontals" ? stickChoices(m, v, { kind: "horizontal" })
          : m.choice && m.choice.startsWith("column-") ? v.legal_moves.filter((mv) => ofColumn(parsed(m, mv), Number(m.choice.slice(7)))) : null;
        const hover = (mv, on) => highlight(box.closest(".board"), removalSticks(v, v.figures[mine], parsed(m, mv)), on);
        box.appendChild(chosen && chosen.length ? actionRow(m, ctx, chosen, { hover, cancel: true }) : removalRow(m, ctx, v, hover));
      }
      if (!v.over) {
        box.appendChild(h("label", { class: "switch", for: "autoroll" },
          h("input", { type: "checkbox", id: "autoroll", checked: m.autoRoll || undefined, onchange: (ev) => ctx.autoRoll(ev.currentTarget.checked) }),
          " " + _("Roll my dice automatically")));
      }
      mineRow.appendChild(box);
    }
    const side = h("aside", { class: "sidebar" });
    appendAll(side, sidePanels(m));
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
    const last = m.lastTile ? tileKey(m.lastTile) : null;
    const parts = lay.tiles.map((t) => layoutTile(t, unit, last === tileKey(t.tile) ? "last" : ""));
    if (myTurn(m) && m.choice && !m.replay) {
      const split = splitMoves(m, v.legal_moves);
      const moves = split.tiles.get(m.choice) || [];
      for (const mv of moves) {
        // a play on a tile of the layout: the tile played and the one joined, and the number where they meet
        const p = parsed(m, mv);
        if (p.detail !== "on") continue;
        const target = tileKey(p.tiles[1]);
        const ends = lay.open_ends.filter((e) => tileKey(e.tile) === target && e.number === p.numbers[0]);
        for (const e of ends.slice(0, 1)) {
          parts.push(sv("circle", { cx: e.x * unit, cy: e.y * unit, r: unit * 1.3, class: "target", tabindex: "-1",
            dataset: { move: mv }, onclick: () => ctx.move(mv) }, sv("title", { text: label(m, mv) })));
        }
      }
    }
    if (!lay.tiles.length) return h("p", { class: "felt-note big" }, words(m).felt || "");
    return sv("svg", { viewBox: vb.join(" "), class: "layout", role: "img", "aria-label": lay.tiles.map((t) => t.tile).join(", ") }, parts);
  }

  /** The hand and the moves; where the table draws until a tile fits
   * (ctx.drawUntilFits), its button comes first and one tile's draw second. */
  function fiveupControls(m, ctx, v) {
    const draw = ctx.drawUntilFits ? v.legal_moves.find((mv) => (parsed(m, mv) || {}).kind === "draw") : null;
    if (!draw) return myControls(m, ctx, v.hand || []);
    const box = myControls(m, ctx, v.hand || [], {
      act: (mv) => (mv === draw ? ctx.drawUntilFits(mv) : ctx.move(mv)),
      // games: fiveup
      render: (mv) => (mv === draw ? gm_(m.game, "Draw until a tile fits") : label(m, mv)),
    });
    const row = box.querySelector(".actions");
    if (row && myTurn(m) && !m.choice) {
      row.appendChild(h("button", { type: "button", class: "move-btn", id: "draw-one", dataset: { key: "draw-one", move: draw, hotkey: "2" },
        // games: fiveup
        title: m.notation ? draw : null, onclick: () => ctx.move(draw) }, h("kbd", { "aria-hidden": "true" }, "2"), gm_(m.game, "Draw one tile")));
    }
    return box;
  }

  function fiveup(m, ctx) {
    const v = m.view;
    const n = v.names.length;
    const board = h("div", { class: "board b-fiveup " + (n === 2 ? "seats2" : "seats4") });
    for (let i = 0; i < n; i++) {
      const pos = relPos(m, i, n === 3 ? 4 : n);
      const badges = badgesOf(m, i);
      if (pos === "bottom" && m.me !== null && !m.replay) board.appendChild(seatPanel(m, i, pos, badges));
      else board.appendChild(seatPanel(m, i, n === 3 && pos === "top" ? "right" : pos, [badges, otherHand(m, i, v.hand_sizes[i])]));
    }
    const center = h("div", { class: "felt" });
    center.appendChild(fiveupTable(m, ctx));
    const fiveupEnded = handEnd(m);
    const said = words(m);
    center.appendChild(h("div", { class: "stock" },
      h("div", { class: "pile" }, tileSVG("", { faceDown: true, cls: "small" }), h("span", { class: "count" }, said.labels.stock)),
      said.labels.ends ? h("span", { class: "ends" }, said.labels.ends) : null));
    if (fiveupEnded) center.appendChild(handSummary(m, ctx, fiveupEnded));
    board.appendChild(center);
    board.appendChild(fiveupControls(m, ctx, v));

    const side = h("aside", { class: "sidebar" });
    appendAll(side, sidePanels(m));
    side.appendChild(logPanel(m));
    return [board, side];
  }

  Games.register("texas42", texas42);
  Games.register("bingo", bingo);
  Games.register("cavaleiro", cavaleiro);
  Games.register("fiveup", fiveup);
  Object.assign(Games.helpers, { figureSVG, layoutTile }); // the rules pages' diagrams draw with them
})();
