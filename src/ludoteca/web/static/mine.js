/* Ludoteca web: "My games", the tables this browser created or sat at (kept in its
 * storage, no account), each as the server says it stands. */
"use strict";

(() => {
  const main = document.getElementById("main");
  const box = h("section", { class: "panel mine", id: "mine", "aria-labelledby": "mine-title" }, h("h1", { id: "mine-title" }, ui("my_games")));
  main.append(box);
  const when = new Intl.DateTimeFormat(LT_I18N.tag, { dateStyle: "medium", timeStyle: "short" });

  function standing(t) {
    if (!t) return _("This table no longer exists.");
    if (t.over) return _("Finished");
    if (t.waiting) return ui("waiting_players");
    return _("In progress");
  }

  function row(g, t) {
    const links = [];
    if (t) links.push(h("a", { class: "button small" + (t.over ? "" : " primary"), href: "/t/" + g.id, dataset: { key: "open-" + g.id } }, t.over ? _("See the table") : ui("back_to_table")));
    if (t && t.over) links.push(h("a", { class: "button small primary", href: "/replay/" + g.id, dataset: { key: "review-" + g.id } }, ui("review")));
    const seats = t ? t.seats.map((s) => s.label + (s.seat === g.seat ? " (" + ui("you").toLocaleLowerCase(LT_I18N.tag) + ")" : "")).join(", ") : "";
    return h("li", { dataset: { table: g.id, state: !t ? "gone" : t.over ? "over" : t.waiting ? "waiting" : "playing" } },
      h("div", { class: "mine-head" }, h("b", {}, gameTitle(g.game)), " · ", h("span", { class: "mine-state" }, standing(t))),
      h("small", { class: "mine-when" }, when.format(new Date(g.when))),
      seats ? h("span", { class: "table-seats" }, seats) : null,
      links.length ? h("div", { class: "row" }, links) : null);
  }

  async function load() {
    const games = Mine.list();
    if (!games.length) {
      box.appendChild(h("p", {}, _("No game in this browser yet. Create a table in the lobby, or open a friend's invitation.")));
      box.appendChild(h("p", {}, h("a", { class: "button primary", href: "/" }, _("Go to the lobby"))));
      return;
    }
    let known = {};
    try {
      const data = await api("/api/tables/status", { ids: games.map((g) => g.id).slice(0, 100) });
      for (const t of data.tables) known[t.id] = t;
    } catch (e) {
      box.appendChild(h("p", { class: "form-error", role: "alert" }, e.message));
      known = null;
    }
    const playing = [];
    const finished = [];
    for (const g of games) {
      const t = known ? known[g.id] : undefined;
      (t && t.over ? finished : playing).push(row(g, known ? t : { seats: [], moves: 0, over: false }));
    }
    if (playing.length) box.append(h("h2", {}, _("Games in progress")), h("ul", { class: "table-list mine-list", id: "mine-playing" }, playing));
    if (finished.length) box.append(h("h2", {}, _("Finished games")), h("ul", { class: "table-list mine-list", id: "mine-finished" }, finished));
  }

  load();
})();
