/* Ludoteca web: the lobby (create a table, see the recent ones). */
"use strict";

(() => {
  const main = document.getElementById("main");
  let games = [];
  let current = null;
  let seatCount = 0;
  let sides = [];
  const seatChoices = [];

  const form = h("form", { id: "create", class: "panel create", "aria-labelledby": "create-title" });
  const gameBox = h("fieldset", { class: "games" }, h("legend", {}, _("Game")));
  const optionsBox = h("fieldset", { class: "options" }, h("legend", {}, _("Options")));
  const seatsBox = h("fieldset", { class: "seats-box" }, h("legend", {}, _("Seats")));
  const nameInput = h("input", { id: "name", name: "name", maxlength: 24, autocomplete: "nickname", value: Keep.get("name") || "" });
  const pace = h("select", { id: "pace", name: "pace" },
    h("option", { value: "2" }, _("calm (2 s)")), h("option", { value: "1", selected: true }, _("normal (1 s)")), h("option", { value: "0.3" }, _("quick (0.3 s)")), h("option", { value: "0" }, _("no pause")));
  const privateBox = h("input", { type: "checkbox", id: "private", name: "private" });
  const error = h("p", { class: "form-error", role: "alert", id: "create-error" });
  const tablesBox = h("section", { class: "panel tables", id: "tables", "aria-labelledby": "tables-title" });
  // unseen until the games are drawn in the form: nothing on the page moves as they come
  const lobby = h("div", { class: "lobby", "aria-busy": "true" }, form, tablesBox);

  form.append(
    h("h2", { id: "create-title" }, _("New table")),
    gameBox,
    optionsBox,
    seatsBox,
    h("div", { class: "field" }, h("label", { for: "name" }, ui("your_name")), nameInput),
    h("div", { class: "field" }, h("label", { for: "pace" }, _("Bots' pace")), pace),
    h("div", { class: "field check" }, privateBox, h("label", { for: "private" }, _("Private table: not listed in the lobby, only its links lead to it"))),
    error,
    h("button", { type: "submit", class: "primary", id: "create-btn" }, _("Create the table")),
  );
  main.append(
    h("section", { class: "hero" }, h("h1", {}, _("Table games to play with friends")), h("p", {}, _("Create a table, choose who sits in each seat (you, a friend or a bot) and send the invitations. No account is needed.")),
      h("p", { class: "learn-links", id: "learn-links" }, _("New to a game? Learn to play:"), " ",
        Object.keys(LT_I18N.titles).map((g) => h("a", { class: "button small", href: "/learn/" + g, dataset: { game: g } }, gameTitle(g))))),
    lobby,
  );

  /* The games' options and their choices as the server names them. */
  function optLabel(game, name) {
    return current.option_labels[name] || name;
  }

  function choiceLabel(game, name, value) {
    return current.option_labels[name + "." + value] || String(value);
  }


  function renderGames() {
    games.forEach((g, i) => {
      const id = "game-" + g.name;
      const input = h("input", { type: "radio", name: "game", id, value: g.name, disabled: !g.available || undefined, checked: i === 0 || undefined });
      input.addEventListener("change", () => selectGame(g.name));
      gameBox.appendChild(h("div", { class: "game-choice" + (g.available ? "" : " soon") },
        h("label", { for: id }, input, h("span", { class: "game-name" }, gameTitle(g.name)), g.available ? null : h("small", {}, _("coming soon"))),
        g.about ? h("small", { class: "game-about", id: "about-" + g.name }, g.about) : null,
        h("a", { class: "rules-link", href: "/rules/" + g.name, id: "rules-" + g.name }, ui("rules"))));
    });
    const firstAvailable = games.find((g) => g.available);
    if (firstAvailable) {
      document.getElementById("game-" + firstAvailable.name).checked = true;
      selectGame(firstAvailable.name);
    }
  }

  function selectGame(name) {
    current = games.find((g) => g.name === name);
    optionsBox.replaceChildren(h("legend", {}, _("Options")));
    for (const o of current.options) {
      const id = "opt-" + o.name;
      let input;
      if (o.kind === "bool") {
        input = h("input", { type: "checkbox", id, name: o.name, checked: o.default || undefined });
        optionsBox.appendChild(h("div", { class: "field check" }, input, h("label", { for: id }, optLabel(current.name, o.name))));
      } else if (o.choices) {
        input = h("select", { id, name: o.name }, o.choices.map((c) => h("option", { value: String(c), selected: c === o.default || undefined }, choiceLabel(current.name, o.name, c))));
        optionsBox.appendChild(h("div", { class: "field" }, h("label", { for: id }, optLabel(current.name, o.name)), input));
      } else if (o.kind === "int") {
        input = h("input", { type: "number", id, name: o.name, value: o.default, min: o.minimum ?? undefined, max: o.maximum ?? undefined });
        optionsBox.appendChild(h("div", { class: "field" }, h("label", { for: id }, optLabel(current.name, o.name)), input));
      } else {
        input = h("input", { type: "text", id, name: o.name, value: o.default, maxlength: 60 });
        optionsBox.appendChild(h("div", { class: "field" }, h("label", { for: id }, optLabel(current.name, o.name)), input));
      }
      input.dataset.kind = o.kind;
      input.dataset.option = o.name;
      input.addEventListener("change", refreshSeats);
    }
    optionsBox.hidden = current.options.length === 0;
    seatChoices.length = 0;
    seatCount = current.seats;
    sides = current.sides;
    renderSeats();
  }

  function readOptions() {
    const out = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const o = current.options.find((x) => x.name === input.dataset.option);
      let value;
      if (input.dataset.kind === "bool") value = input.checked;
      else if (input.dataset.kind === "int") value = Number(input.value);
      else value = input.value;
      if (o && o.choices && o.kind === "int") value = Number(value);
      if (value !== o.default) out[o.name] = value;
    }
    return out;
  }

  let seatsAsked = 0; // the newest answer wins: the options may change again meanwhile

  async function refreshSeats() {
    const asked = ++seatsAsked;
    error.textContent = "";
    seatsBox.setAttribute("aria-busy", "true");
    try {
      const res = await api("/api/seats", { game: current.name, options: readOptions() });
      if (asked !== seatsAsked) return;
      seatCount = res.seats;
      sides = res.sides;
      renderSeats();
    } catch (e) {
      if (asked === seatsAsked) error.textContent = e.message;
    } finally {
      if (asked === seatsAsked) seatsBox.removeAttribute("aria-busy");
    }
  }

  function sideOf(seat) {
    return sides.findIndex((s) => s.includes(seat));
  }

  function renderSeats() {
    seatsBox.replaceChildren(h("legend", {}, _("Seats")));
    const teams = sides.some((s) => s.length > 1);
    for (let i = 0; i < seatCount; i++) {
      const id = "seat-" + i;
      const previous = seatChoices[i] || (i === 0 ? "you" : "bot:" + current.levels[current.levels.length - 1]);
      const select = h("select", { id, name: id, dataset: { seat: String(i) } },
        h("option", { value: "you" }, ui("you")),
        h("option", { value: "human" }, _("A friend (invitation)")),
        [...current.levels].reverse().map((l) => h("option", { value: "bot:" + l }, _("Bot: {level}", { level: current.level_names[l] || l }))),
        (current.engines || []).map((name) => h("option", { value: "bot:" + name }, _("Engine: {name}", { name }))));
      select.value = previous;
      seatChoices[i] = select.value;
      select.addEventListener("change", () => {
        seatChoices[i] = select.value;
        if (select.value === "you") {
          seatsBox.querySelectorAll("select").forEach((other) => {
            if (other !== select && other.value === "you") {
              other.value = "human";
              seatChoices[Number(other.dataset.seat)] = "human";
            }
          });
        }
      });
      const note = teams ? " (" + _("team {n}", { n: sideOf(i) + 1 }) + ")" : "";
      seatsBox.appendChild(h("div", { class: "field" }, h("label", { for: id }, ui("seat", { n: i + 1 }) + note), select));
    }
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const seats = seatChoices.slice(0, seatCount).map((c) => (c === "you" ? { kind: "you" } : c === "human" ? { kind: "human" } : { kind: "bot", level: c.slice(4) }));
    const mine = seats.filter((s) => s.kind === "you").length;
    if (mine > 1) {
      error.textContent = _("Choose at most one seat for yourself.");
      return;
    }
    const name = nameInput.value.trim();
    if (mine && !name) {
      error.textContent = ui("name_rule");
      nameInput.focus();
      return;
    }
    const btn = document.getElementById("create-btn");
    btn.disabled = true;
    try {
      const res = await api("/api/tables", { game: current.name, options: readOptions(), seats, name: name || null, bot_delay: Number(pace.value), private: privateBox.checked });
      const id = res.table.id;
      if (res.token) Keep.set("seat." + id, { seat: res.seat, token: res.token });
      Mine.note(id, current.name, res.seat, res.token || null);
      if (res.invites && Object.keys(res.invites).length) Keep.set("invites." + id, res.invites);
      if (name) Keep.set("name", name);
      window.location.assign("/t/" + id);
    } catch (e) {
      error.textContent = e.message;
      btn.disabled = false;
    }
  });

  function seatText(s) {
    return s.label;
  }

  async function loadTables() {
    tablesBox.replaceChildren(h("h2", { id: "tables-title" }, _("Recent tables")));
    let data;
    try {
      data = await api("/api/tables");
    } catch (e) {
      tablesBox.appendChild(h("p", { class: "form-error" }, e.message));
      return;
    }
    if (!data.tables.length) {
      tablesBox.appendChild(h("p", {}, _("No table yet.")));
      return;
    }
    const list = h("ul", { class: "table-list" });
    for (const t of data.tables) {
      const mine = Keep.get("seat." + t.id);
      list.appendChild(h("li", { dataset: { table: t.id } },
        h("a", { href: "/t/" + t.id, class: "table-link" }, h("b", {}, gameTitle(t.game)), " · ", t.over ? _("finished") : t.waiting ? ui("waiting_players") : _("in play"), " · ", n_("{n} move", "{n} moves", t.moves)),
        h("span", { class: "table-seats" }, t.seats.map(seatText).join(", ")),
        h("a", { class: "button small", href: "/t/" + t.id }, mine ? _("Open") : _("Watch"))));
    }
    tablesBox.appendChild(list);
  }

  api("/api/games").then((data) => {
    games = data.games;
    renderGames();
  }).catch((e) => {
    error.textContent = e.message;
  }).finally(() => lobby.removeAttribute("aria-busy"));
  loadTables();
})();
