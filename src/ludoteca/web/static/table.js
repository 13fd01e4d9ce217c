/* Ludoteca web: a table in real time (WebSocket), for a seat or a spectator. */
"use strict";

(() => {
  const first = LT.data.table;
  const tableId = first.id;
  const main = document.getElementById("main");
  const seatKey = "seat." + tableId;
  let kept = Keep.get(seatKey); // {seat, token} of this browser at this table
  let state = null;
  let choice = null;
  let pending = null; // the move number a sent move answers, until its state or refusal arrives
  let drawing = false; // the sent move draws until a tile fits: pending until the last draw
  let ws = null;
  let retry = 0;
  let alive = true;
  let online = false; // the server answers; while it is away the board says so and takes no move
  let hint = null;
  let refusal = null;
  let wasMyTurn = false;
  let wasAsked = "";
  let joining = null;
  let ended = null; // the last state that showed a hand's end, waiting for a player to continue
  let held = null; // that state, still shown because this player has not continued (the next hand came)
  let continued = -1; // the move count of the hand's end this player continued from
  let autoRoll = Keep.get("autoroll") === true; // this browser rolls its player's dice by itself
  let notation = Keep.get("notation") === true; // the moves' notation shown beside their words
  let sound = Keep.get("sound") === true; // a short tone when it becomes this player's turn
  let starting = -1; // the table's seats count when the host asked to start with bots
  let autoTimer = null;
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

  /* ------------------------------------------------------------ layout */

  const status = h("p", { id: "status", class: "status", role: "status", "aria-live": "polite" }, _("Connecting…"));
  // shown with the first frame (the status says "Connecting…" until then): appearing beside
  // the score line as it is filled, it moves nothing on the page as it loads
  const conn = h("span", { id: "conn", class: "conn", hidden: true }, _("Connecting…"));
  const tools = h("div", { class: "tools" });
  const refusalBox = h("p", { id: "refusal", class: "refusal", role: "alert", hidden: true });
  const spectatorBox = h("p", { id: "spectator", class: "spectator", hidden: true }, _("You are watching this table: only the seated players play."));
  const scoreLine = h("p", { id: "scoreline", class: "scoreline", "aria-hidden": "true" });
  const invitesBox = h("div", { id: "invites" });
  const boardBox = h("div", { id: "board" });
  const resultBox = h("div", { id: "result" });
  const hintBox = h("div", { id: "hint", class: "hint-overlay", hidden: true });
  const announcer = h("p", { id: "announcer", class: "sr-only", "aria-live": "polite" }); // each move, said aloud
  let placed = null; // the hand's button the page put the focus on (its own had gone)
  let heard = -1; // the moves said aloud (none before the first frame: it tells the past)
  main.appendChild(
    h("div", { class: "table-page" },
      h("div", { class: "statusbar" }, h("h1", { class: "game-title" }, gameTitle(first.game)), status, scoreLine, conn, tools),
      spectatorBox, refusalBox, invitesBox, resultBox, hintBox, boardBox, announcer),
  );

  /* -------------------------------------------------------- invitation */

  const params = new URLSearchParams(window.location.search);
  const practice = params.has("practice"); // a practice table (from the lessons): the expert's hint every turn
  if (params.has("invite")) {
    const seat = Number(params.get("seat"));
    const invite = params.get("invite");
    if (kept && kept.token) stripParams();
    else showJoin(seat, invite);
  }

  function stripParams() {
    const url = new URL(window.location.href);
    url.search = "";
    window.history.replaceState(null, "", url.toString());
  }

  function showJoin(seat, invite) {
    const nameInput = h("input", { id: "join-name", name: "name", required: true, maxlength: 24, autocomplete: "nickname", value: Keep.get("name") || "" });
    const err = h("p", { class: "form-error", role: "alert" });
    const form = h("form", { class: "dialog", id: "join-form", "aria-labelledby": "join-title" },
      h("h2", { id: "join-title" }, _("Take a seat")),
      h("p", {}, _("You are invited to seat {n} at a table of {game}.", { n: seat + 1, game: gameTitle(first.game) })),
      h("label", { for: "join-name" }, ui("your_name")), nameInput, err,
      h("div", { class: "row" },
        h("button", { type: "submit", class: "primary", id: "join-submit" }, _("Sit down")),
        h("button", { type: "button", onclick: () => { joining.remove(); joining = null; stripParams(); } }, _("Just watch"))));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const name = nameInput.value.trim();
      if (!name) {
        err.textContent = ui("name_rule");
        return;
      }
      try {
        const res = await api("/api/tables/" + tableId + "/join", { seat, invite, name });
        kept = { seat: res.seat, token: res.token };
        Keep.set(seatKey, kept);
        Keep.set("name", name);
        joining.remove();
        joining = null;
        stripParams();
        hello();
      } catch (e) {
        err.textContent = e.message;
      }
    });
    joining = h("div", { class: "modal" }, form);
    document.body.appendChild(joining);
    nameInput.focus();
  }

  function invitesPanel() {
    invitesBox.replaceChildren();
    const invites = Keep.get("invites." + tableId);
    if (!state || state.table.over) return;
    const open = state.table.seats.filter((s) => s.kind === "human" && !s.taken && invites && invites[s.seat]);
    const game = gameTitle(state.table.game);
    const rows = open.map((s) => TableTools.linkRow(ui("seat", { n: s.seat + 1 }), window.location.origin + "/t/" + tableId + "?seat=" + s.seat + "&invite=" + invites[s.seat], "invite-" + s.seat, game));
    if (!rows.length && !invites) return;
    rows.push(TableTools.linkRow(_("Link to watch"), window.location.origin + "/t/" + tableId, "watch"));
    invitesBox.appendChild(h("section", { class: "panel invites" }, h("h2", {}, _("Invitations")), h("p", {}, _("Send each friend the link of their seat. Whoever opens it sits there.")), rows));
  }

  /* -------------------------------------------------------- connection */

  function connect() {
    const proto = window.location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(proto + window.location.host + "/ws/" + tableId);
    ws.addEventListener("open", () => {
      retry = 0;
      setOnline(true);
      pending = null;
      conn.textContent = _("Connected");
      conn.className = "conn ok";
      hello();
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      receive(msg);
    });
    ws.addEventListener("close", (ev) => {
      if (!alive) return;
      if (ev.code === 4404) {
        status.textContent = ui("no_table_here");
        return;
      }
      conn.textContent = _("Connection lost; reconnecting…");
      conn.className = "conn lost";
      conn.hidden = false;
      setOnline(false);
      retry += 1;
      setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(retry, 5)));
    });
  }

  function hello() {
    send({ type: "hello", token: kept ? kept.token : null, lang: LT.lang });
  }

  function send(obj) {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(obj));
      return true;
    }
    return false; // the board already says the server is away, and takes no move
  }

  /** The server came or went: while it is away the board is shown as it was, its
   * moves disabled (inert), and the status line says why; nothing covers the hand. */
  function setOnline(now) {
    if (online === now) return;
    online = now;
    boardBox.inert = !now;
    boardBox.classList.toggle("offline", !now);
    if (!now) {
      pending = null;
      drawing = false;
      status.textContent = _("Connection lost; reconnecting…");
    } else if (state) {
      render();
    }
  }

  window.LudotecaBeforeReload = () => {
    alive = false;
  };

  /* A delta frame: what changed since the state kept; the state it leads to (the
   * labels and parsed moves kept for the log and the legal moves, as a state's). */
  function applyDelta(old, d) {
    const view = Object.assign(d.view_replace ? {} : Object.assign({}, old.view), d.view);
    (d.view_drop || []).forEach((k) => delete view[k]);
    view.log = old.view.log.slice(0, d.log_from).concat(d.log);
    const keptEvents = (old.view.events || []).filter((e) => e.n < d.log_from);
    view.events = keptEvents.concat(d.events || []);
    // the words of the moves and events from log_from on come with them
    const said = Object.assign({}, old.said, d.said, {
      log: (old.said.log || []).filter((line) => line.n < d.log_from).concat(d.said.log),
      events: (old.said.events || []).slice(0, keptEvents.length).concat(d.said.events),
    });
    for (const [k, items] of Object.entries(d.append || {})) view[k] = (old.view[k] || []).concat(items);
    const wanted = new Set(view.log.concat(view.legal_moves || []));
    const kept = (before, added) => {
      const out = {};
      for (const [k, v] of Object.entries(Object.assign({}, before, added))) if (wanted.has(k)) out[k] = v;
      return out;
    };
    return Object.assign({}, old, {
      type: "state", n: d.n, view, said, labels: kept(old.labels, d.labels), moves: kept(old.moves, d.moves),
      last: d.last, result: d.result, awaits: d.awaits, undo: !!d.undo, table: d.table || old.table,
    });
  }

  function receive(msg) {
    if (msg.type === "delta") {
      if (!state) return;
      msg = applyDelta(state, msg);
    }
    switch (msg.type) {
      case "welcome":
        if (kept && kept.token && msg.seat === null) {
          Keep.remove(seatKey);
          kept = null;
        }
        break;
      case "state":
        if (kept && kept.token) Mine.note(tableId, first.game, kept.seat, kept.token);
        noteHandEnd(msg);
        if (pending !== null && msg.n > pending && drawing && msg.last && msg.last.more && msg.last.seat === msg.seat) {
          pending = msg.n; // one draw of several: the next one is on its way
          state = msg;
          render();
          break;
        }
        if (pending !== null && msg.n === pending) {
          state = msg; // another player's news: the sent move is still on its way
          render();
          break;
        }
        pending = null;
        drawing = false;
        state = msg;
        refusal = null;
        if (hint && hint.n !== msg.n) hint = null;
        if (choice && !Games.splitMoves(msg, msg.view.legal_moves).tiles.has(choice)) choice = null;
        render();
        break;
      case "error":
        refusalBox.dataset.count = String(Number(refusalBox.dataset.count || 0) + 1);
        if (pending !== null) {
          pending = null;
          drawing = false;
          render();
        }
        refusal = msg.message;
        showRefusal(); // one message, in place: no toast over the hand
        break;
      case "hint":
        hint = msg;
        renderHint();
        break;
      case "rematch":
        rematch(msg.table);
        break;
      default:
        break;
    }
  }

  function rematch(newId) {
    if (kept && kept.token) Keep.set("seat." + newId, kept);
    const invites = Keep.get("invites." + tableId);
    if (invites) Keep.set("invites." + newId, invites);
    if (kept && kept.token) {
      alive = false;
      window.location.assign("/t/" + newId);
    } else {
      toast(_("The rematch has started"));
      render();
    }
  }

  /* ------------------------------------------------------------ render */

  /* A hand's end stays on this page until its player continues, even once another
   * player's continue has brought the next hand. */
  function noteHandEnd(msg) {
    if (msg.awaits && msg.awaits.kind === "continue") {
      ended = msg;
      held = null;
    } else if (ended && msg.n > ended.n && continued < ended.n && msg.seat !== null && !held) {
      held = ended;
    }
  }

  function shown() {
    return held || state;
  }

  function model() {
    const st = shown();
    const last = st.last && Games.parsed(st, st.last.move);
    return {
      game: st.table.game,
      view: st.view,
      seats: state.table.seats,
      me: state.seat,
      said: st.said,
      labels: st.labels,
      moves: st.moves,
      tries: state.tries,
      result: st.result,
      awaits: held ? null : st.awaits,
      held: !!held,
      lastTile: last && last.kind === "play" ? last.tiles[0] : null,
      autoRoll,
      notation,
      choice: held ? null : choice,
      pending: pending !== null,
      replay: false,
    };
  }

  const ctx = {
    tableId, // the hand's end links to its review
    move(mv) {
      if (!state || pending !== null) return;
      choice = null;
      if (send({ type: "move", move: mv, n: state.n })) pending = state.n;
      render();
    },
    /* Draw, and again, until a tile fits (or nothing more may be drawn): one message. */
    drawUntilFits(mv) {
      if (!state || pending !== null) return;
      choice = null;
      if (send({ type: "move", move: mv, n: state.n, until_fits: true })) {
        pending = state.n;
        drawing = true;
      }
      render();
    },
    tile(key, moves) {
      if (!state) return;
      if (moves.length === 1) ctx.move(moves[0]);
      else if (moves.length > 1) {
        choice = key;
        render();
        const firstChoice = boardBox.querySelector(".actions .move-btn");
        if (firstChoice) firstChoice.focus();
      }
    },
    choose(key) {
      choice = key;
      render();
    },
    go() {
      if (held) {
        continued = held.n;
        held = null;
        render();
      } else if (state && state.awaits && state.awaits.kind === "continue" && pending === null) {
        continued = state.n;
        if (send({ type: "continue", n: state.n })) pending = state.n;
        render();
      }
    },
    roll() {
      if (!state || pending !== null || held) return;
      if (send({ type: "roll", n: state.n })) pending = state.n;
      render();
    },
    autoRoll(on) {
      autoRoll = !!on;
      Keep.set("autoroll", autoRoll);
      render();
    },
  };

  function myRollDue() {
    const aw = state && state.awaits;
    return !!(aw && aw.kind === "roll" && aw.seat === state.seat && state.seat !== null && !state.view.over);
  }

  /* With auto-roll on, the player's roll is sent a moment after it is due. */
  function rollByItself() {
    if (autoTimer || !autoRoll || !myRollDue() || pending !== null || held) return;
    autoTimer = setTimeout(() => {
      autoTimer = null;
      if (autoRoll && myRollDue() && pending === null && !held) ctx.roll();
    }, 500);
  }

  function statusText(m) {
    const said = m.said || {};
    if (m.view.over && said.outcome) return said.outcome.title + ". " + said.outcome.verdict;
    const aw = m.awaits;
    const seated = m.me !== null && m.me !== undefined;
    // games: texas42 fiveup bingo
    if (seated && (m.held || (aw && aw.kind === "continue"))) return gm_(m.game, "The hand is over: continue when you are ready.");
    // games: fiveup
    if (drawing && pending !== null) return gm_(m.game, "Drawing until a tile fits…");
    return said.status || "";
  }

  /** What this player is asked for besides a move: "continue" (a hand's end) or "roll". */
  function asked(m) {
    if (m.me === null || m.me === undefined || m.view.over) return "";
    if (m.held || (m.awaits && m.awaits.kind === "continue")) return "continue";
    if (m.awaits && m.awaits.kind === "roll" && m.awaits.seat === m.me) return "roll";
    return "";
  }

  function render() {
    if (!state) return;
    if (state.table.waiting) {
      renderWaiting();
      return;
    }
    const m = model();
    const st = shown();
    const active = document.activeElement;
    const focusKey = active && active.dataset ? active.dataset.key : null;
    const inBoard = !!active && boardBox.contains(active);
    const before = calm.matches ? null : TableTools.Motion.measure(boardBox);
    status.textContent = online ? statusText(m) : _("Connection lost; reconnecting…");
    scoreLine.textContent = Games.scoreLine(m);
    conn.hidden = false;
    spectatorBox.hidden = state.seat !== null;
    const want = asked(m);
    const turnNow = Games.helpers.myTurn(m) || !!want;
    document.title = (turnNow ? "● " + _("Your turn") + " · " : "") + gameTitle(m.game) + " · Ludoteca";
    boardBox.replaceChildren(Games.render(m, ctx));
    boardBox.dataset.n = String(st.n);
    boardBox.dataset.waiting = "0";
    boardBox.dataset.over = st.view.over ? "1" : "0";
    boardBox.dataset.myturn = Games.helpers.myTurn(m) ? "1" : "0";
    boardBox.dataset.pending = pending !== null ? "1" : "0";
    boardBox.dataset.choice = m.choice || "";
    boardBox.dataset.awaits = pending === null ? want : "";
    boardBox.dataset.summary = boardBox.querySelector("#hand-summary") ? "1" : "0";
    renderTools(m);
    renderResult(m);
    invitesPanel();
    showRefusal();
    renderHint();
    if (before) TableTools.Motion.play(boardBox, before, state.last ? state.last.seat : null, m.view.last_trick);
    const myTurn = Games.helpers.myTurn(m);
    const fresh = (myTurn && !wasMyTurn) || (want && want !== wasAsked);
    const moved = fresh && focusKey === placed; // where the page put the focus, it follows the turn
    let target = focusKey && !moved ? boardBox.querySelector('[data-key="' + CSS.escape(focusKey) + '"]') : null;
    if (!target && fresh && (!active || active === document.body || boardBox.contains(active) || active === main)) {
      target = boardBox.querySelector("#continue-btn, #roll-btn, .tile-btn.legal, .move-btn.legal");
    }
    if (!target && inBoard && state.seat !== null) {
      target = myHand(); // its tile played, or its trick gathered: back to the hand
      placed = target ? target.dataset.key : null;
    }
    if (target && !joining) target.focus({ preventScroll: true });
    if (fresh && sound && pending === null) TableTools.tone.play();
    announce(m);
    if (practice && myTurn && !wasMyTurn && state.hints) askHint();
    wasMyTurn = myTurn;
    wasAsked = want;
    rollByItself();
  }

  /** Where the focus goes back to: the player's hand (a legal tile first), or what they are asked. */
  function myHand() {
    const first = ["#continue-btn", "#roll-btn", ".tile-btn.legal", ".move-btn.legal", ".me .tile-btn", ".me button:not(:disabled)"];
    return first.map((sel) => boardBox.querySelector(sel)).find(Boolean) || null;
  }

  /* The moves and events that came since the last frame, said in the polite live region. */
  function announce(m) {
    const count = m.view.log.length;
    if (count < heard) heard = count; // moves taken back (an undo): said again when played
    if (heard >= 0 && count > heard) announcer.textContent = Games.saidFrom(m, heard);
    heard = Math.max(heard, count);
  }

  function renderTools(m) {
    tools.replaceChildren();
    if (state.hints && m.me !== null && !state.view.over) {
      tools.appendChild(h("button", { type: "button", id: "hint-btn", disabled: !Games.helpers.myTurn(m) || undefined, onclick: askHint }, _("Hint"), h("kbd", {}, "h")));
    }
    if (state.undo && m.me !== null) {
      tools.appendChild(h("button", { type: "button", id: "undo-btn", disabled: pending !== null || !online || undefined, onclick: undo }, ui("undo"), h("kbd", {}, "u")));
    }
    tools.appendChild(h("button", { type: "button", id: "sound-btn", "aria-pressed": sound ? "true" : "false", dataset: { beeps: String(TableTools.tone.count) }, title: _("A short sound when it is your turn"), onclick: toggleSound }, _("Sound")));
    tools.appendChild(h("button", { type: "button", id: "notation-btn", "aria-pressed": notation ? "true" : "false", onclick: toggleNotation }, _("Notation"), h("kbd", {}, "o")));
    tools.appendChild(h("button", { type: "button", id: "keys-btn", onclick: showKeys }, _("Keys"), h("kbd", {}, "?")));
    tools.appendChild(h("a", { class: "button", href: "/rules/" + m.game, target: "_blank", rel: "noopener" }, ui("rules")));
  }

  function renderResult(m) {
    resultBox.replaceChildren();
    if (!m.view.over) return;
    const r = m.result || {};
    const outcome = (m.said && m.said.outcome) || { title: "", verdict: "", rows: [] };
    const rows = outcome.rows.map(([side, score], i) => h("li", { class: r.winner === i ? "won" : "" }, side + ": " + score));
    const actions = h("div", { class: "row" });
    if (state.table.rematch) {
      actions.appendChild(h("a", { class: "button primary", id: "go-rematch", href: "/t/" + state.table.rematch }, _("Go to the rematch")));
    } else if (m.me !== null && m.me !== undefined) {
      actions.appendChild(h("button", { type: "button", class: "primary", id: "rematch-btn", onclick: () => send({ type: "rematch" }) }, _("Rematch")));
    }
    actions.appendChild(h("a", { class: "button", id: "download", href: "/api/tables/" + tableId + "/record", download: "ludoteca-" + m.game + "-" + tableId + ".json" }, _("Download the record")));
    actions.appendChild(h("a", { class: "button", id: "replay-link", href: "/replay/" + tableId }, _("Review the game")));
    resultBox.appendChild(h("section", { class: "panel result", "aria-labelledby": "result-title" },
      h("h2", { id: "result-title" }, outcome.title), h("p", { class: "winner" }, outcome.verdict),
      h("h3", {}, _("Final score")), h("ul", {}, rows), actions));
  }

  /* The refusal stands in place above the player's hand (never over it); a
   * spectator's under the status line. */
  function showRefusal() {
    const mine = boardBox.querySelector(".me");
    if (mine && mine.firstChild !== refusalBox) mine.prepend(refusalBox);
    else if (!mine && refusalBox.parentNode !== spectatorBox.parentNode) spectatorBox.after(refusalBox);
    if (refusal) {
      refusalBox.textContent = refusal;
      refusalBox.hidden = false;
    } else {
      refusalBox.textContent = "";
      refusalBox.hidden = true;
    }
  }

  function askHint() {
    if (!state) return;
    hint = { pending: true, n: state.n };
    renderHint();
    send({ type: "hint" });
  }

  /* The expert's suggestions float over the side of the table (never pushing the board down). */
  function renderHint() {
    hintBox.replaceChildren();
    const open = hint && state && hint.n === state.n;
    hintBox.hidden = !open;
    if (!open) return;
    const close = h("button", { type: "button", class: "hint-close", "aria-label": ui("close"), title: ui("close"), onclick: () => { hint = null; renderHint(); } }, "×");
    const head = h("header", { class: "hint-head" }, h("h2", { id: "hint-title" }, ui("suggestions")), close);
    if (hint.pending) {
      hintBox.appendChild(h("section", { class: "panel hint", "aria-labelledby": "hint-title" }, head, h("p", {}, ui("expert_thinking"))));
      return;
    }
    // moves that are the same move in effect (the same figure left, the same play) share a row
    const groups = [];
    for (const mv of hint.moves || []) {
      const last = groups[groups.length - 1];
      if (last && (mv.tie === "same_figure" || mv.tie === "same_play")) last.also.push(mv);
      else groups.push({ mv, also: [] });
    }
    const rows = groups.slice(0, 8).map(({ mv, also }, i) =>
      h("tr", { class: mv.tie ? "tie" : "", dataset: { move: mv.move, rank: String(i + 1) } },
        h("td", {}, h("button", { type: "button", class: "link-btn", onclick: () => ctx.move(mv.move) }, mv.label || mv.move),
          also.length ? h("span", { class: "hint-also", title: also[0].tie_text }, " " + _("(the same: {moves})", { moves: also.map((a) => a.label || a.move).join("; ") })) : null,
          mv.why && i === 0 ? h("p", { class: "why-sentence" }, mv.why) : null,
          mv.reason ? h("details", { class: "hint-details" }, h("summary", {}, ui("details")),
            mv.why && i > 0 ? h("div", { class: "why-other" }, mv.why) : null, h("div", { class: "why" }, mv.reason)) : null),
        h("td", { class: "num", title: mv.tie_text || null }, (mv.tie ? "= " : "") + (mv.value_text || (typeof mv.value === "number" ? fmtNumber(mv.value, 2) : "")))));
    const more = groups.length > 8 ? h("p", { class: "muted" }, n_("{n} more move", "{n} more moves", groups.length - 8)) : null;
    hintBox.appendChild(h("section", { class: "panel hint", "aria-labelledby": "hint-title" }, head,
      hint.unit_text ? h("p", { class: "hint-unit" }, ui("values", { unit: hint.unit_text })) : null,
      h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ui("move")), h("th", { class: "num" }, ui("value")))), h("tbody", {}, rows)),
      more,
      (hint.ties || []).length ? h("ul", { class: "hint-ties" }, hint.ties.map((t) => h("li", {}, "= " + t))) : null));
  }

  /** Before the game starts: who sits, who is awaited, the invitations (for whoever
   * created the table) and the host's button to start with bots in the empty seats. */
  function renderWaiting() {
    const t = state.table;
    const names = (state.said && state.said.names) || [];
    const awaited = t.seats.filter((s) => !s.taken);
    const canStart = state.seat !== null && (t.host === null || t.host === state.seat);
    status.textContent = online ? n_("Waiting for {n} player to sit down", "Waiting for {n} players to sit down", awaited.length) : _("Connection lost; reconnecting…");
    scoreLine.textContent = "";
    conn.hidden = false;
    spectatorBox.hidden = state.seat !== null;
    document.title = ui("waiting_players") + " · " + gameTitle(t.game) + " · Ludoteca";
    resultBox.replaceChildren();
    tools.replaceChildren();
    const rows = t.seats.map((s) => h("li", { class: "waiting-seat " + (s.taken ? "taken" : "awaited"), dataset: { seat: String(s.seat), taken: s.taken ? "1" : "0" } },
      h("span", { class: "seat-no" }, ui("seat", { n: s.seat + 1 })),
      h("span", { class: "seat-name" }, s.taken ? (names[s.seat] || s.name) + (s.seat === state.seat ? " (" + ui("you").toLocaleLowerCase(LT_I18N.tag) + ")" : "") : "—"),
      h("span", { class: "seat-state" }, s.kind === "bot" ? "" : !s.taken ? _("awaited…") : s.online ? _("here") : _("not connected"))));
    const panel = h("section", { class: "panel waiting", id: "waiting", "aria-labelledby": "waiting-title" },
      h("h2", { id: "waiting-title" }, ui("waiting_players")),
      h("p", {}, _("The game starts when every invited player has sat down.")),
      h("ul", { class: "waiting-seats" }, rows));
    if (canStart && awaited.length) {
      const busy = starting === t.seats.length && pending === null && !refusal;
      panel.appendChild(h("button", { type: "button", class: "primary", id: "start-bots", disabled: busy || !online || undefined, onclick: () => {
        refusal = null;
        if (send({ type: "start" })) starting = t.seats.length;
        render();
      } }, _("Start now with bots in the empty seats")));
    }
    boardBox.replaceChildren(panel);
    boardBox.dataset.n = String(state.n);
    boardBox.dataset.waiting = "1";
    boardBox.dataset.myturn = "0";
    invitesPanel();
    showRefusal();
    renderHint();
  }

  /* Take back the player's last decision (a table of bots: the state says when it may). */
  function undo() {
    if (!state || !state.undo || pending !== null || !online) return;
    if (send({ type: "undo", n: state.n })) pending = state.n;
    render();
  }

  function toggleSound() {
    sound = !sound;
    Keep.set("sound", sound);
    if (sound) TableTools.tone.play(); // the click lets the page play sound, and the player hears it
    render();
  }

  /* The moves' notation (as records write them) beside their words, or not. */
  function toggleNotation() {
    notation = !notation;
    Keep.set("notation", notation);
    render();
  }

  function showKeys() {
    const close = h("button", { type: "button", class: "primary", onclick: () => closeKeys() }, ui("close"));
    const modal = h("div", { class: "modal", id: "keys-dialog", onkeydown: (ev) => { if (ev.key === "Escape") { closeKeys(); ev.stopPropagation(); } } },
      h("div", { class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "keys-title" },
        h("h2", { id: "keys-title" }, _("Keys")), h("p", {}, _("Tab and the ←/→ arrows move through the tiles (Home and End to the first and the last); Enter or Space plays. 1–9 press the move buttons; r rolls the dice; c continues after a hand's end; h asks for a hint; u takes back your last decision (every other seat a bot); o shows the moves' notation; ? shows this help; Esc closes dialogs.")), close));
    document.body.appendChild(modal);
    close.focus();
  }

  /** The keys' help closed: the focus back on the player's hand (or the board, for a spectator). */
  function closeKeys() {
    const modal = document.getElementById("keys-dialog");
    if (!modal) return;
    modal.remove();
    const back = myHand() || boardBox.querySelector("[data-key]");
    if (back) back.focus({ preventScroll: true });
  }

  document.addEventListener("keydown", (ev) => {
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape") {
      if (document.getElementById("keys-dialog")) closeKeys();
      else if (hint) {
        hint = null;
        renderHint();
      } else if (choice) ctx.choose(null);
      return;
    }
    if (ev.key === "?") {
      showKeys();
      ev.preventDefault();
    } else if (ev.key === "c" || ev.key === "C") {
      const b = document.getElementById("continue-btn");
      if (b && !b.disabled) {
        b.click();
        ev.preventDefault();
      }
    } else if (ev.key === "r" || ev.key === "R") {
      const b = document.getElementById("roll-btn");
      if (b && !b.disabled) {
        b.click();
        ev.preventDefault();
      }
    } else if (ev.key === "u" || ev.key === "U") {
      undo();
      ev.preventDefault();
    } else if (ev.key === "o" || ev.key === "O") {
      toggleNotation();
      ev.preventDefault();
    } else if (ev.key === "h" || ev.key === "H") {
      const b = document.getElementById("hint-btn");
      if (b && !b.disabled) askHint();
    } else if (/^[1-9]$/.test(ev.key)) {
      const b = boardBox.querySelector('.actions [data-hotkey="' + ev.key + '"]');
      if (b) {
        b.click();
        ev.preventDefault();
      }
    }
  });

  setInterval(() => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
  }, 25000);

  Games.compact.addEventListener("change", render); // compact controls, or a large screen's

  connect();
})();
