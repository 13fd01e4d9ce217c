/* Ludoteca web: the replay viewer (a record uploaded or a finished table). */
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
  const cache = new Map();

  const error = h("p", { class: "form-error", role: "alert", id: "replay-error" });
  const file = h("input", { type: "file", id: "record-file", accept: ".json,application/json" });
  const stepText = h("span", { id: "step-text", class: "step-text", "aria-live": "polite" });
  const slider = h("input", { type: "range", id: "step-slider", min: 0, max: 0, value: 0, "aria-label": _("Move") });
  const btn = (id, text, fn) => h("button", { type: "button", id, onclick: fn }, text);
  const controls = h("div", { class: "replay-controls", hidden: true },
    btn("first", _("Start"), () => go(0)), btn("prev", _("Back"), () => go(requested - 1)),
    slider, btn("next", _("Next"), () => go(requested + 1)), btn("last", _("End"), () => go(count)), stepText);
  const board = h("div", { id: "board" });
  const upload = h("div", { class: "panel upload" }, h("label", { for: "record-file" }, _("Choose a file")), file);

  main.append(
    h("section", { class: "hero" }, h("h1", {}, _("Game replay")), h("p", {}, _("Open a ludoteca/1 record (JSON) to step through the game move by move, with every hand in view.")), h("p", { class: "muted" }, _("The ←/→ arrows step through the moves; Home and End jump to the start and the end."))),
    fromTable ? null : upload,
    error,
    controls,
    board,
  );

  slider.addEventListener("input", () => go(Number(slider.value)));

  file.addEventListener("change", async () => {
    error.textContent = "";
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > 2 * 1024 * 1024) {
      error.textContent = _("The message is too large (at most {limit} bytes).", { limit: 2 * 1024 * 1024 });
      return;
    }
    let data;
    try {
      data = JSON.parse(await f.text());
    } catch (e) {
      error.textContent = _("The message is not valid JSON.");
      return;
    }
    start(data);
  });

  async function start(data) {
    record = data;
    cache.clear();
    try {
      const first = await fetchStep(0);
      count = first.count;
      requested = 0;
      slider.max = String(count);
      controls.hidden = false;
      show(first);
    } catch (e) {
      error.textContent = e.message;
      controls.hidden = true;
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

  function show(data) {
    step = data.step;
    slider.value = String(step);
    stepText.textContent = _("Move {step} of {count}", { step, count: data.count });
    board.dataset.step = String(step);
    const model = {
      game: data.game,
      view: data.view,
      seats: null,
      me: null,
      labels: data.labels,
      logSeats: data.log_seats,
      result: data.result,
      replay: true,
      hands: data.view.hands,
    };
    const ctx = { move() {}, tile() {}, choose() {} };
    const parts = [Games.render(model, ctx)];
    if (data.result) {
      const r = data.result;
      parts.unshift(h("section", { class: "panel result" }, h("h2", {}, _("Game over")),
        h("ul", {}, r.sides.map((side, i) => h("li", { class: r.winner === i ? "won" : "" }, side.map((s) => Games.seatName(model, s)).join(" & ") + ": " + r.scores[i])))));
    }
    board.replaceChildren(...parts);
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

  if (fromTable) {
    if (!LT.data.over) {
      error.textContent = _("This game is not over yet; its replay opens when it ends.");
    } else {
      api("/api/tables/" + fromTable + "/record").then(start).catch((e) => {
        error.textContent = e.message;
      });
    }
  }
})();
