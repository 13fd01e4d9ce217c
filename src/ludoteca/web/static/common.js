/* Ludoteca web: shared helpers (texts, elements, SVG tiles, dice, storage). */
"use strict";

const LT = {
  data: JSON.parse(document.getElementById("page-data").textContent),
  lang: document.body.dataset.lang || "en",
};

/* ------------------------------------------------------------- messages
 * LT_I18N (the script /i18n/<lang>.js) holds the page language's messages,
 * keyed by their English text, and its plural rule. */

const NUMBERS = new Intl.NumberFormat(LT_I18N.tag, { maximumFractionDigits: 3 });

/** A number the page language's way ("1.000" and "17,2" in Portuguese). */
function fmtNumber(n, digits) {
  if (digits === undefined) return NUMBERS.format(n);
  return new Intl.NumberFormat(LT_I18N.tag, { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(n);
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => {
    const v = params[k];
    if (v === undefined) return m;
    return typeof v === "number" ? fmtNumber(v) : String(v);
  });
}

function lookup(key, fallback) {
  const found = LT_I18N.messages[key];
  return found === undefined || found === "" ? fallback : found;
}

/** The message in the page's language, with {params} filled in. */
function _(message, params) {
  return fill(lookup(message, message), params);
}

/** The apps' shared words of `key` (ludoteca.i18n.ui), with {params} filled in. */
function ui(key, params) {
  return fill(LT_I18N.ui[key] || key, params);
}

/** The message as said in `context`. */
function p_(context, message, params) {
  return fill(lookup(context + "\u0004" + message, message), params);
}

/** The message said in `game`'s own words (its glossary): the game is its context. */
function gm_(game, message, params) {
  return p_(game, message, params);
}

/** The form of the message that fits the number `n` (also {n} in it). */
function n_(singular, plural, n, params) {
  return np_(null, singular, plural, n, params);
}

function np_(context, singular, plural, n, params) {
  const forms = lookup(context ? context + "\u0004" + singular : singular, null);
  const text = Array.isArray(forms) ? forms[LT_I18N.plural(n)] || forms[forms.length - 1] : n === 1 ? singular : plural;
  return fill(text, Object.assign({ n }, params));
}

/** A game's name (the same in every language). */
function gameTitle(name) {
  return LT_I18N.titles[name] || name;
}

/** Create an element: h("div", {class: "x", onclick: f}, child, "text", ...). */
function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  appendAll(node, children);
  return node;
}

const SVGNS = "http://www.w3.org/2000/svg";

/** Create an SVG element the same way. */
function sv(tag, attrs, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  setAttrs(node, attrs);
  appendAll(node, children);
  return node;
}

function setAttrs(node, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
}

function appendAll(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
}

/** A short message at the bottom of the screen. */
function toast(message, kind) {
  const box = document.getElementById("toasts");
  const item = h("div", { class: "toast " + (kind || ""), role: kind === "error" ? "alert" : "status" }, message);
  box.appendChild(item);
  setTimeout(() => item.classList.add("fade"), 4500);
  setTimeout(() => item.remove(), 5200);
  return item;
}

/* ------------------------------------------------------------------ tiles */

// Pip positions in a 40x40 half, as (column, row) in a 3x3 grid.
const PIPS = {
  0: [],
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
};

function pips(n, top) {
  return (PIPS[n] || []).map(([c, r]) => sv("circle", { cx: 9 + c * 11, cy: top + 9 + r * 11, r: 3.6, class: "pip" }));
}

function parseTile(text) {
  const m = /^(\d)-(\d)$/.exec(String(text).trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * A domino as SVG. opts: {horizontal, faceDown, cls, label}.
 * Vertical tiles show the first number on top; horizontal ones on the left.
 */
function tileSVG(text, opts) {
  opts = opts || {};
  const ends = opts.faceDown ? null : parseTile(text);
  const body = [sv("rect", { x: 1, y: 1, width: 38, height: 78, rx: 6, class: "tile-body" })];
  if (ends) {
    body.push(sv("line", { x1: 6, y1: 40, x2: 34, y2: 40, class: "tile-bar" }));
    body.push(...pips(ends[0], 1), ...pips(ends[1], 40));
  } else {
    body.push(sv("rect", { x: 7, y: 7, width: 26, height: 66, rx: 3, class: "tile-back" }));
  }
  const g = opts.horizontal ? sv("g", { transform: "translate(0,40) rotate(-90)" }, body) : sv("g", {}, body);
  const label = opts.label || (ends ? text : _("hidden tile"));
  return sv(
    "svg",
    {
      viewBox: opts.horizontal ? "0 0 80 40" : "0 0 40 80",
      class: "tile " + (opts.horizontal ? "h " : "v ") + (ends ? "" : "down ") + (opts.cls || ""),
      role: "img",
      "aria-label": label,
      focusable: "false",
    },
    sv("title", { text: label }),
    g,
  );
}

/** A die showing `n` as SVG. */
function dieSVG(n, cls) {
  const body = [sv("rect", { x: 1, y: 1, width: 38, height: 38, rx: 7, class: "die-body" })];
  for (const [c, r] of PIPS[n] || []) body.push(sv("circle", { cx: 9 + c * 11, cy: 9 + r * 11, r: 3.8, class: "die-pip" }));
  return sv("svg", { viewBox: "0 0 40 40", class: "die " + (cls || ""), role: "img", "aria-label": String(n) }, sv("title", { text: String(n) }), body);
}

/* ------------------------------------------------------------- storage */

const Keep = {
  get(key) {
    try {
      return JSON.parse(localStorage.getItem("ludoteca." + key));
    } catch (e) {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem("ludoteca." + key, JSON.stringify(value));
    } catch (e) {
      /* storage full or disabled: the seat is kept for this visit only */
    }
  },
  remove(key) {
    try {
      localStorage.removeItem("ludoteca." + key);
    } catch (e) {
      /* nothing to do */
    }
  },
};

/** This browser's games ("My games", no account): each table's id, game, when it was
 * first kept, and its seat and token here (none for a creator who only watches). */
const Mine = {
  list() {
    const kept = Keep.get("games");
    return Array.isArray(kept) ? kept.filter((g) => g && typeof g.id === "string") : [];
  },
  note(id, game, seat, token) {
    const list = Mine.list();
    const old = list.find((g) => g.id === id);
    if (old && old.token === token && old.seat === seat) return;
    const entry = { id, game, when: old ? old.when : Date.now(), seat, token };
    Keep.set("games", [entry, ...list.filter((g) => g.id !== id)].slice(0, 100));
  },
};

/** Send JSON to the server and read its JSON answer; throws Error(message). */
async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const resp = await fetch(path, init);
  let data = null;
  try {
    data = await resp.json();
  } catch (e) {
    data = null;
  }
  if (!resp.ok) {
    const err = new Error((data && data.message) || resp.statusText);
    err.code = data && data.error;
    throw err;
  }
  return data;
}

/* ---------------------------------------------------------- language */

document.getElementById("lang-switch").addEventListener("click", (ev) => {
  const lang = ev.currentTarget.dataset.lang;
  document.cookie = "lang=" + lang + "; path=/; max-age=31536000; samesite=lax";
  const url = new URL(window.location.href);
  url.searchParams.delete("lang");
  if (window.LudotecaBeforeReload) window.LudotecaBeforeReload(lang);
  window.location.replace(url.toString());
});
