/* Ludoteca web: diagrams computed by the engines (ludoteca.lessons.diagrams),
 * drawn with the table's own tiles, dice and stick figures. Used by the lessons
 * and the rules pages. */
"use strict";

const Diagrams = (() => {
  /** Rows of tiles, each with its label; `mark` holds the indices that stand out. */
  function rows(d) {
    const table = h("div", { class: "dg-rows", role: "table" });
    if (d.heads) {
      table.appendChild(h("div", { class: "dg-row dg-heads", role: "row" }, h("span", { class: "dg-label", role: "columnheader" }),
        h("span", { class: "dg-tiles" }, d.heads.map((name) => h("span", { class: "dg-head", role: "columnheader" }, name)))));
    }
    for (const r of d.rows) {
      const marks = new Set(r.mark || []);
      table.appendChild(h("div", { class: "dg-row", role: "row" },
        h("span", { class: "dg-label", role: "rowheader" }, r.label),
        h("span", { class: "dg-tiles", role: "cell" }, r.tiles.map((t, i) => tileSVG(t, { horizontal: true, cls: "small" + (marks.has(i) ? " mark" : "") })))));
    }
    return table;
  }

  /** A Five-Up table as the engine lays it out. */
  function layout(d) {
    const lay = d.layout;
    const unit = 10;
    const pad = 2;
    const b = lay.bounds;
    const vb = [(b.x - pad) * unit, (b.y - pad) * unit, (b.w + 2 * pad) * unit, (b.h + 2 * pad) * unit];
    const parts = lay.tiles.map((t) => Games.helpers.layoutTile(t, unit, ""));
    return sv("svg", { viewBox: vb.join(" "), class: "layout dg-layout", role: "img", "aria-label": lay.tiles.map((t) => t.tile).join(", ") }, parts);
  }

  /** A Cavaleiro figure, with its columns numbered. */
  function figure(d) {
    const columns = [];
    for (const s of d.sticks) if (s.kind === "vertical" && columns.length < s.column) columns.push(0);
    d.sticks.forEach((s, i) => { if (s.kind === "vertical" && d.present[i]) columns[s.column - 1] += 1; });
    const fig = { present: d.present, columns, sticks_left: d.present.filter(Boolean).length };
    const svg = Games.helpers.figureSVG({ view: {} }, null, { sticks: d.sticks, legal_moves: [] }, fig, false);
    const numbers = h("div", { class: "dg-columns", "aria-hidden": "true" });
    const xs = new Map();
    for (const s of d.sticks) if (s.kind === "vertical") xs.set(s.column, s.x1);
    let maxX = 0;
    for (const s of d.sticks) maxX = Math.max(maxX, s.x1, s.x2);
    const scale = 24;
    const width = maxX * scale + 20;
    for (const [col, x] of xs) {
      const label = h("span", {}, String(col));
      label.style.left = (((10 + x * scale) / width) * 100).toFixed(2) + "%"; // CSSOM: allowed by the CSP
      numbers.appendChild(label);
    }
    return h("div", { class: "dg-figure" }, h("div", { class: "dg-figure-inner" }, svg, numbers));
  }

  /** Rolls of the dice, ranked best first. */
  function dice(d) {
    return h("ol", { class: "dg-dice" }, d.rows.map((r) =>
      h("li", { class: r.mark ? "mark" : "" }, r.dice.map((n) => dieSVG(n, "small")), h("span", {}, r.label))));
  }

  /** The word ALL written in seven strokes, one per mark. */
  function all(d) {
    const strokes = [
      [10, 90, 30, 10], [30, 10, 50, 90], [18, 58, 42, 58], // A
      [70, 10, 70, 90], [70, 90, 100, 90], // L
      [120, 10, 120, 90], [120, 90, 150, 90], // L
    ];
    const lines = strokes.map(([x1, y1, x2, y2], i) => sv("line", { x1, y1, x2, y2, class: "stroke" + (i < d.marks ? " on" : "") }));
    return sv("svg", { viewBox: "0 0 160 100", class: "dg-all", role: "img", "aria-label": d.caption }, lines);
  }

  const KINDS = { rows, layout, figure, dice, all };

  /** The diagram `d` (the server's data) drawn, with its caption. */
  function draw(d, withCaption) {
    const f = KINDS[d.kind];
    const body = f ? f(d) : h("p", {}, d.caption || "");
    if (!withCaption) return body;
    return h("figure", { class: "diagram" }, body, d.caption ? h("figcaption", {}, d.caption) : null);
  }

  /** Text whose tiles, written [6-4] as the articles write them, are drawn as tiles. */
  function richText(text) {
    const out = [];
    const re = /\[(\d)-(\d)\]/g;
    let at = 0;
    let m;
    while ((m = re.exec(text)) !== null) {
      if (m.index > at) out.push(text.slice(at, m.index));
      const tile = m[1] + "-" + m[2];
      out.push(h("span", { class: "tile-inline" }, tileSVG(tile, { horizontal: true, cls: "tiny", label: tile })));
      at = re.lastIndex;
    }
    if (at < text.length) out.push(text.slice(at));
    return out;
  }

  return { draw, richText };
})();
