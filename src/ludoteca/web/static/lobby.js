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
  const gameBox = h("fieldset", { class: "games" }, h("legend", {}, T("web.game")));
  const optionsBox = h("fieldset", { class: "options" }, h("legend", {}, T("web.options")));
  const seatsBox = h("fieldset", { class: "seats-box" }, h("legend", {}, T("web.seats")));
  const nameInput = h("input", { id: "name", name: "name", maxlength: 24, autocomplete: "nickname", value: Keep.get("name") || "" });
  const pace = h("select", { id: "pace", name: "pace" },
    h("option", { value: "2" }, T("web.pace_slow")), h("option", { value: "1", selected: true }, T("web.pace_normal")), h("option", { value: "0.3" }, T("web.pace_fast")), h("option", { value: "0" }, T("web.pace_instant")));
  const error = h("p", { class: "form-error", role: "alert", id: "create-error" });
  const tablesBox = h("section", { class: "panel tables", id: "tables", "aria-labelledby": "tables-title" });

  form.append(
    h("h2", { id: "create-title" }, T("web.new_table")),
    gameBox,
    optionsBox,
    seatsBox,
    h("div", { class: "field" }, h("label", { for: "name" }, T("web.your_name")), nameInput),
    h("div", { class: "field" }, h("label", { for: "pace" }, T("web.bot_pace")), pace),
    error,
    h("button", { type: "submit", class: "primary", id: "create-btn" }, T("web.create")),
  );
  main.append(
    h("section", { class: "hero" }, h("h1", {}, T("web.lobby_title")), h("p", {}, T("web.lobby_intro"))),
    h("div", { class: "lobby" }, form, tablesBox),
  );

  function optLabel(game, name) {
    const key = "opt." + game + "." + name;
    return LT.strings[key] ? T(key) : name.replace(/_/g, " ");
  }

  function choiceLabel(game, name, value) {
    const key = "opt." + game + "." + name + "." + value;
    return LT.strings[key] ? T(key) : String(value);
  }

  function renderGames() {
    games.forEach((g, i) => {
      const id = "game-" + g.name;
      const input = h("input", { type: "radio", name: "game", id, value: g.name, disabled: !g.available || undefined, checked: i === 0 || undefined });
      input.addEventListener("change", () => selectGame(g.name));
      gameBox.appendChild(h("label", { class: "game-choice" + (g.available ? "" : " soon"), for: id }, input,
        h("span", { class: "game-name" }, T("game." + g.name)), g.available ? null : h("small", {}, T("web.coming"))));
    });
    const firstAvailable = games.find((g) => g.available);
    if (firstAvailable) {
      document.getElementById("game-" + firstAvailable.name).checked = true;
      selectGame(firstAvailable.name);
    }
  }

  function selectGame(name) {
    current = games.find((g) => g.name === name);
    optionsBox.replaceChildren(h("legend", {}, T("web.options")));
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

  async function refreshSeats() {
    error.textContent = "";
    try {
      const res = await api("/api/seats", { game: current.name, options: readOptions() });
      seatCount = res.seats;
      sides = res.sides;
      renderSeats();
    } catch (e) {
      error.textContent = e.message;
    }
  }

  function sideOf(seat) {
    return sides.findIndex((s) => s.includes(seat));
  }

  function renderSeats() {
    seatsBox.replaceChildren(h("legend", {}, T("web.seats")));
    const teams = sides.some((s) => s.length > 1);
    for (let i = 0; i < seatCount; i++) {
      const id = "seat-" + i;
      const previous = seatChoices[i] || (i === 0 ? "you" : "bot:" + current.levels[current.levels.length - 1]);
      const select = h("select", { id, name: id, dataset: { seat: String(i) } },
        h("option", { value: "you" }, T("web.seat_you")),
        h("option", { value: "human" }, T("web.seat_friend")),
        [...current.levels].reverse().map((l) => h("option", { value: "bot:" + l }, T("web.seat_bot", { level: T("ui.level." + l) }))));
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
      const note = teams ? " (" + T("web.team_n", { n: sideOf(i) + 1 }) + ")" : "";
      seatsBox.appendChild(h("div", { class: "field" }, h("label", { for: id }, T("web.seat_n", { n: i + 1 }) + note), select));
    }
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const seats = seatChoices.slice(0, seatCount).map((c) => (c === "you" ? { kind: "you" } : c === "human" ? { kind: "human" } : { kind: "bot", level: c.slice(4) }));
    const mine = seats.filter((s) => s.kind === "you").length;
    if (mine > 1) {
      error.textContent = T("web.need_you");
      return;
    }
    const name = nameInput.value.trim();
    if (mine && !name) {
      error.textContent = T("web.name_needed");
      nameInput.focus();
      return;
    }
    const btn = document.getElementById("create-btn");
    btn.disabled = true;
    try {
      const res = await api("/api/tables", { game: current.name, options: readOptions(), seats, name: name || null, bot_delay: Number(pace.value) });
      const id = res.table.id;
      if (res.token) Keep.set("seat." + id, { seat: res.seat, token: res.token });
      if (res.invites && Object.keys(res.invites).length) Keep.set("invites." + id, res.invites);
      if (name) Keep.set("name", name);
      window.location.assign("/t/" + id);
    } catch (e) {
      error.textContent = e.message;
      btn.disabled = false;
    }
  });

  function seatText(s) {
    if (s.kind === "bot") return T("ui.bot", { n: s.seat + 1, level: T("ui.level." + (s.level || "expert")) });
    return s.taken ? s.name : T("web.free_seat");
  }

  async function loadTables() {
    tablesBox.replaceChildren(h("h2", { id: "tables-title" }, T("web.tables")));
    let data;
    try {
      data = await api("/api/tables");
    } catch (e) {
      tablesBox.appendChild(h("p", { class: "form-error" }, e.message));
      return;
    }
    if (!data.tables.length) {
      tablesBox.appendChild(h("p", {}, T("web.no_tables")));
      return;
    }
    const list = h("ul", { class: "table-list" });
    for (const t of data.tables) {
      const mine = Keep.get("seat." + t.id);
      list.appendChild(h("li", { dataset: { table: t.id } },
        h("a", { href: "/t/" + t.id, class: "table-link" }, h("b", {}, T("game." + t.game)), " · ", t.over ? T("web.finished") : T("web.playing"), " · ", T("web.moves_n", { n: t.moves })),
        h("span", { class: "table-seats" }, t.seats.map(seatText).join(", ")),
        h("a", { class: "button small", href: "/t/" + t.id }, mine ? T("web.open") : T("web.watch"))));
    }
    tablesBox.appendChild(list);
  }

  api("/api/games").then((data) => {
    games = data.games;
    renderGames();
  }).catch((e) => {
    error.textContent = e.message;
  });
  loadTables();
})();
