/* Ludoteca web: the review of a game (a record uploaded or a finished table):
 * step through it with every hand shown, each decision judged by the expert
 * (exact where the solver applies), the players' biggest mistakes, the better
 * move on the board and the evaluation over the game. */
"use strict";

(() => {
  const main = document.getElementById("main");
  const fromTable = LT.data.table;
  let record = null;
  let count = 0;
  let step = 0;
  let busy = false;
  let wanted = null;
  let requested = 0; // the step asked for last (keys step from it, not from the one shown)
  let shown = null; // the step data shown
  let review = null; // the review as far as it has got
  let reviewRun = 0; // which review the polling belongs to (a new record starts another)
  const cache = new Map();

  const error = h("p", { class: "form-error", role: "alert", id: "replay-error" });
  const file = h("input", { type: "file", id: "record-file", accept: ".json,application/json" });
  const stepText = h("span", { id: "step-text", class: "step-text", "aria-live": "polite" });
  const slider = h("input", { type: "range", id: "step-slider", min: 0, max: 0, value: 0, "aria-label": ui("move") });
  const btn = (id, text, fn) => h("button", { type: "button", id, onclick: fn }, text);
  const controls = h("div", { class: "replay-controls", hidden: true },
    btn("first", _("Start"), () => go(0)), btn("prev", _("Back"), () => go(requested - 1)),
    slider, btn("next", _("Next"), () => go(requested + 1)), btn("last", _("End"), () => go(count)), stepText);
  const board = h("div", { id: "board" });
  const upload = h("div", { class: "panel upload" }, h("label", { for: "record-file" }, _("Choose a file")), file);
  // the review: its progress and the evaluation graph above the board; the decision
  // shown and the biggest mistakes in the table's side column (kept across steps)
  const progress = h("div", { class: "review-progress", "aria-live": "polite" });
  const graph = h("div", { class: "review-graph", id: "review-graph" });
  const decisionBox = h("section", { class: "panel review-decision", id: "review-decision", "aria-live": "polite" });
  const mistakesBox = h("section", { class: "panel review-mistakes", id: "review-mistakes" });
  const reviewSide = h("section", { id: "review", class: "review-side", hidden: true, "aria-label": ui("review") },
    h("div", { class: "panel review-graph-panel" }, progress, graph), decisionBox, mistakesBox);

  appendAll(main, [
    h("section", { class: "hero compact" }, h("h1", {}, _("Game review")),
      h("p", {}, _("Step through a game with every hand in view; the expert judges each decision and shows the better move.")),
      h("p", { class: "muted" }, _("The ←/→ arrows step through the moves; Home and End jump to the start and the end."))),
    fromTable ? null : upload,
    error,
    controls,
    board,
  ]);

  slider.addEventListener("input", () => go(Number(slider.value)));

  file.addEventListener("change", async () => {
    error.textContent = "";
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > 2 * 1024 * 1024) {
      error.textContent = ui("too_large", { limit: 2 * 1024 * 1024 });
      return;
    }
    let data;
    try {
      data = JSON.parse(await f.text());
    } catch (e) {
      error.textContent = ui("bad_json");
      return;
    }
    start(data);
  });

  async function start(data) {
    record = data;
    cache.clear();
    review = null;
    reviewRun += 1;
    try {
      const first = await fetchStep(0);
      count = first.count;
      requested = 0;
      slider.max = String(count);
      controls.hidden = false;
      show(first);
      startReview(reviewRun);
    } catch (e) {
      error.textContent = e.message;
      controls.hidden = true;
      reviewSide.hidden = true;
      board.replaceChildren();
    }
  }

  async function fetchStep(n) {
    if (cache.has(n)) return cache.get(n);
    const data = await api("/api/replay", { record, step: n });
    cache.set(n, data);
    return data;
  }

  async function go(n) {
    if (!record) return;
    n = Math.max(0, Math.min(count, n));
    wanted = n;
    requested = n;
    if (busy) return;
    busy = true;
    try {
      while (wanted !== null) {
        const target = wanted;
        wanted = null;
        const data = await fetchStep(target);
        show(data);
      }
    } catch (e) {
      error.textContent = e.message;
    } finally {
      busy = false;
    }
  }

  /* Go to a step and bring the seat that decides there into view. */
  async function goAndShow(n, seat) {
    await go(n);
    const panel = board.querySelector('.seat[data-seat="' + seat + '"]');
    if (panel) panel.scrollIntoView({ block: "nearest" });
  }

  /* ---------------------------------------------------------------- review */

  async function startReview(run) {
    reviewSide.hidden = false;
    reviewSide.dataset.status = "running";
    const body = fromTable ? { table: fromTable } : { record };
    let wait = 400;
    while (run === reviewRun) {
      let data;
      try {
        data = await api("/api/review", body);
      } catch (e) {
        if (run !== reviewRun) return;
        review = { status: "error", message: e.message, decisions: [], total: 0, judged: 0 };
        renderReview();
        return;
      }
      if (run !== reviewRun) return;
      const opening = review === null;
      review = data;
      renderReview();
      if (opening && data.first && requested === 0) go(data.first); // the hand judged, from its start
      if (data.status !== "running") return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(2000, wait * 1.3);
    }
  }

  function byIndex() {
    const out = new Map();
    for (const d of (review && review.decisions) || []) out.set(d.index, d);
    return out;
  }

  /** A seat's player as the server names them (a bot by its level, in the page's language). */
  function playerName(seat) {
    const names = (shown && shown.said && shown.said.names) || [];
    return names[seat] || ui("seat", { n: seat + 1 });
  }

  function renderReview() {
    if (!review) return;
    reviewSide.dataset.status = review.status;
    if (review.status === "running") {
      progress.replaceChildren(h("span", {}, _("The expert is analysing the game: {judged} of {total} decisions", { judged: review.judged, total: review.total })),
        h("progress", { max: String(Math.max(1, review.total)), value: String(review.judged) }));
    } else if (review.status === "error") {
      progress.replaceChildren(h("span", { class: "form-error" }, review.message || _("The game could not be analysed.")));
    } else {
      progress.replaceChildren(h("span", { class: "muted" }, n_("{n} decision judged", "{n} decisions judged", review.total)));
    }
    drawGraph();
    renderMistakes();
    renderDecision();
    if (shown) show(shown); // the costs in the list of moves, the better move on the board
  }

  /* A judged move in the list of moves: "?" a mistake, "??" a big one (the cost in its title). */
  function costMark(d) {
    if (!d.severity) return null;
    return { text: d.severity > 1 ? "??" : "?", cls: d.severity > 1 ? "blunder" : "mistake", title: d.cost_text + " (" + d.kind_text + ")" };
  }

  function renderMistakes() {
    mistakesBox.replaceChildren(h("h2", {}, _("Biggest mistakes")));
    if (!review || review.status !== "done") {
      mistakesBox.appendChild(h("p", { class: "muted" }, review && review.status === "error" ? "—" : _("Listed once every decision is judged.")));
      return;
    }
    const decisions = byIndex();
    const seats = Object.keys(review.mistakes || {}).map(Number).sort((a, b) => a - b);
    for (const seat of seats) {
      const items = review.mistakes[String(seat)].map((i) => decisions.get(i)).filter(Boolean);
      mistakesBox.appendChild(h("h3", { class: "seat-c" + (seat % 8) }, playerName(seat)));
      if (!items.length) {
        mistakesBox.appendChild(h("p", { class: "muted" }, _("No mistake found.")));
        continue;
      }
      mistakesBox.appendChild(h("ol", { class: "mistakes", dataset: { seat: String(seat) } }, items.map((d) =>
        h("li", {}, h("button", { type: "button", class: "mistake link-btn", dataset: { index: String(d.index) }, onclick: () => goAndShow(d.index - 1, d.seat) },
          h("span", { class: "mistake-move" }, _("Move {n}: {played}", { n: d.index, played: d.played_label })),
          h("span", { class: "mistake-best" }, _("better: {best}", { best: d.best_label })),
          d.why ? h("span", { class: "mistake-why" }, d.why) : null,
          h("span", { class: "mistake-cost" }, d.cost_text + " (" + d.kind_text + ")"))))));
    }
  }

  function renderDecision() {
    decisionBox.replaceChildren();
    if (!record) return;
    const index = step + 1;
    const d = byIndex().get(index);
    decisionBox.dataset.index = String(index);
    decisionBox.appendChild(h("h2", {}, step >= count ? _("The end of the game") : _("Move {n}", { n: index })));
    if (step >= count) return;
    if (d) {
      const best = d.best === d.played;
      decisionBox.classList.toggle("is-mistake", Boolean(d.mistake));
      // why the better move is better, in words first; the numbers behind a toggle
      decisionBox.appendChild(h("p", {}, h("b", { class: "seat-c" + (d.seat % 8) }, playerName(d.seat) + ": "), d.played_label));
      if (!best) decisionBox.appendChild(h("p", { class: "better" }, _("Better: {move}", { move: d.best_label })));
      if (d.why) decisionBox.appendChild(h("p", { class: "why" }, d.why));
      decisionBox.appendChild(h("details", { class: "numbers" }, h("summary", {}, ui("details")),
        h("p", { class: "values" }, d.played_label, " ", h("span", { class: "value" }, "(" + d.played_value_text + ")"),
          best ? null : h("span", {}, "; " + d.best_label + " ", h("span", { class: "value" }, "(" + d.best_value_text + ")"))),
        h("p", { class: "verdict" }, best ? _("The best move ({kind}).", { kind: d.kind_text })
          : _("Cost: {cost} ({kind}).", { cost: d.cost_text || "0", kind: d.kind_text })),
        h("p", { class: "muted unit" }, ui("values", { unit: d.unit_text }))));
      return;
    }
    decisionBox.classList.remove("is-mistake");
    const move = shown && shown.next && shown.labels[shown.next];
    const pending = review && review.status === "running";
    decisionBox.appendChild(h("p", { class: "muted" }, pending ? _("Not judged yet.") : _("No choice to judge here.")));
    if (move) decisionBox.appendChild(h("p", {}, move));
  }

  /* The evaluation over the game: from the first side's point of view when two sides
   * play for the same stake (one line), else each player's own value (a line each). */
  const ZERO_SUM = new Set(["match_chance", "game_chance", "marks", "points", "hand_margin"]);
  const CHANCES = new Set(["match_chance", "game_chance"]);

  function drawGraph() {
    graph.replaceChildren();
    const decisions = (review && review.decisions) || [];
    if (!decisions.length || !count) return;
    const units = new Map();
    for (const d of decisions) units.set(d.unit, (units.get(d.unit) || 0) + 1);
    const unit = [...units.entries()].sort((a, b) => b[1] - a[1])[0][0];
    const sides = review.sides || [];
    const sideOf = {};
    sides.forEach((side, k) => side.forEach((s) => (sideOf[s] = k)));
    const oneLine = sides.length === 2 && ZERO_SUM.has(unit);
    const chance = CHANCES.has(unit);
    const pts = decisions.filter((d) => d.unit === unit).map((d) => {
      let y = d.played_value;
      if (oneLine && sideOf[d.seat] === 1) y = chance ? 1 - y : -y;
      return { d, x: d.index, y };
    });
    let lo;
    let hi;
    if (chance) {
      lo = 0;
      hi = 1;
    } else if (oneLine) {
      const m = Math.max(1, ...pts.map((p) => Math.abs(p.y)));
      lo = -m;
      hi = m;
    } else {
      lo = Math.min(0, ...pts.map((p) => p.y));
      hi = Math.max(0, ...pts.map((p) => p.y));
      if (hi - lo < 1e-9) hi = lo + 1;
    }
    const width = Math.max(240, graph.clientWidth || 280);
    const height = 100;
    const pad = 6;
    const X = (x) => pad + (x / count) * (width - 2 * pad);
    const Y = (y) => pad + (1 - (y - lo) / (hi - lo)) * (height - 2 * pad);
    const parts = [sv("rect", { x: 0, y: 0, width, height, class: "g-bg" })];
    if (oneLine) {
      const mid = chance ? 0.5 : 0;
      parts.push(sv("rect", { x: 0, y: Y(mid), width, height: height - Y(mid), class: "g-low" }));
      parts.push(sv("line", { x1: 0, y1: Y(mid), x2: width, y2: Y(mid), class: "g-axis" }));
      parts.push(sv("polyline", { points: pts.map((p) => X(p.x).toFixed(1) + "," + Y(p.y).toFixed(1)).join(" "), class: "g-line" }));
    } else {
      const seats = [...new Set(pts.map((p) => p.d.seat))].sort((a, b) => a - b);
      for (const s of seats) {
        const own = pts.filter((p) => p.d.seat === s);
        parts.push(sv("polyline", { points: own.map((p) => X(p.x).toFixed(1) + "," + Y(p.y).toFixed(1)).join(" "), class: "g-line seat-c" + (s % 8) }));
      }
    }
    parts.push(sv("line", { x1: X(step), y1: 0, x2: X(step), y2: height, class: "g-cursor", id: "graph-cursor" }));
    for (const p of pts) {
      if (!p.d.mistake) continue;
      const dot = sv("circle", { cx: X(p.x), cy: Y(p.y), r: 4.5, class: "g-mistake seat-c" + (p.d.seat % 8), dataset: { index: String(p.d.index) } },
        sv("title", { text: _("Move {n}: {played}", { n: p.d.index, played: p.d.played_label }) + " — " + p.d.cost_text }));
      parts.push(dot);
    }
    const svg = sv("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "eval-graph", role: "img",
      "aria-label": _("Evaluation over the game: {unit}", { unit: decisions.find((d) => d.unit === unit).unit_text }) }, parts);
    svg.addEventListener("click", (ev) => {
      const box = svg.getBoundingClientRect();
      const dot = ev.target.closest && ev.target.closest("circle.g-mistake");
      if (dot) {
        const d = byIndex().get(Number(dot.dataset.index));
        goAndShow(d.index - 1, d.seat);
        return;
      }
      const x = ((ev.clientX - box.left) / box.width) * width;
      go(Math.round(((x - pad) / (width - 2 * pad)) * count));
    });
    const caption = h("p", { class: "g-caption muted" }, decisions.find((d) => d.unit === unit).unit_text,
      oneLine ? [" — ", _("up: {a}; down: {b}", { a: sides[0].map(playerName).join(" & "), b: sides[1].map(playerName).join(" & ") })] : null);
    const seatsShown = [...new Set(pts.map((p) => p.d.seat))].sort((a, b) => a - b);
    const legend = h("span", { class: "g-legend" }, seatsShown.map((s) => h("span", { class: "seat-c" + (s % 8) }, " ● " + playerName(s))));
    caption.append(legend);
    graph.append(svg, caption);
  }

  window.addEventListener("resize", () => drawGraph());

  /* ------------------------------------------------------------------ show */

  function show(data) {
    shown = data;
    step = data.step;
    slider.value = String(step);
    stepText.textContent = _("Move {step} of {count}", { step, count: data.count });
    board.dataset.step = String(step);
    const decisions = byIndex();
    const next = decisions.get(step + 1);
    const costs = {};
    for (const [i, d] of decisions) {
      const mark = costMark(d);
      if (mark) costs[i] = mark;
    }
    const model = {
      game: data.game,
      view: data.view,
      seats: null,
      me: null,
      said: data.said,
      labels: data.labels,
      moves: data.moves,
      logSeats: data.log_seats,
      result: data.result,
      replay: true,
      hands: data.view.hands,
      costs,
      review: next ? { seat: next.seat, best: review.moves[next.best], played: review.moves[next.played] } : null,
    };
    const ctx = { move() {}, tile() {}, choose() {} };
    const table = Games.render(model, ctx);
    const parts = [table];
    const outcome = data.said && data.said.outcome;
    if (data.result && outcome) {
      const r = data.result;
      parts.unshift(h("section", { class: "panel result" }, h("h2", {}, outcome.title),
        h("ul", {}, outcome.rows.map(([side, score], i) => h("li", { class: r.winner === i ? "won" : "" }, side + ": " + score)))));
    }
    const logFocused = !!document.activeElement && document.activeElement.matches(".log-panel");
    board.replaceChildren(...parts);
    const log = table.querySelector(".log-panel");
    if (logFocused && log) log.focus({ preventScroll: true }); // the keyboard's place kept
    const side = table.querySelector(".sidebar") || table;
    side.prepend(reviewSide);
    // the better move said on the board, in the panel of the seat that decides (bids,
    // contracts and removals have no tile to mark)
    const seatBox = next && next.cost > 0 && board.querySelector('.seat[data-seat="' + next.seat + '"]');
    if (seatBox) {
      seatBox.appendChild(h("p", { class: "better-move", id: "better-move" },
        _("Better: {move}", { move: next.best_label }), " — ",
        h("span", { class: "cost" }, _("Cost: {cost} ({kind}).", { cost: next.cost_text, kind: next.kind_text }))));
    }
    const cursor = document.getElementById("graph-cursor");
    if (cursor && count) {
      const svg = cursor.ownerSVGElement;
      const width = Number(svg.getAttribute("width"));
      const x = 6 + (step / count) * (width - 12);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    renderDecision();
  }

  document.addEventListener("keydown", (ev) => {
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" && ev.target.type !== "range") return;
    if (ev.key === "ArrowRight") go(requested + 1);
    else if (ev.key === "ArrowLeft") go(requested - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(count);
    else return;
    ev.preventDefault();
  });

  /* A table's game: the whole of it once over; before, the hands finished so far
   * (the server sends nothing of the hand in play), the last one judged. */
  if (fromTable) {
    const back = h("a", { class: "button", id: "back-to-table", href: "/t/" + fromTable }, ui("back_to_table"));
    if (!LT.data.over) {
      // games: texas42 fiveup bingo
      const note = gm_(LT.data.game, "The game goes on: the expert judges the hand just finished; the earlier ones stay in view.");
      error.before(h("p", { class: "panel going-on", id: "going-on" }, note, " ", back));
    }
    api("/api/tables/" + fromTable + "/record").then(start).catch((e) => {
      error.textContent = e.message;
    });
  }
})();
