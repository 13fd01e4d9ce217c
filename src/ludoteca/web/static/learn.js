/* Ludoteca web: lessons. Each step is a real position on the real table; the
 * learner's move is tried on the engine (POST /api/learn/GAME/try), which says
 * why a move is refused and what a move did. Progress is kept in this browser. */
"use strict";

(() => {
  const main = document.getElementById("main");
  const game = LT.data.game;
  if (!game) {
    gamesIndex();
    return;
  }

  const storeKey = "learn." + game;
  let progress = Keep.get(storeKey) || { lessons: {}, at: null };
  if (!progress.lessons) progress.lessons = {};
  let course = null;
  let step = null; // the step's data from the server
  let table = null; // {view, labels, moves, tries, hands} shown on the board
  let phase = "ask"; // ask: waiting for the learner's move; done: the right move was played
  let pending = false;
  let choice = null;
  let attempts = 0;

  const crumb = h("p", { class: "crumb", id: "crumb" });
  const nav = h("nav", { class: "panel learn-nav", "aria-labelledby": "lessons-title" });
  const lessonBox = h("section", { class: "panel lesson", id: "lesson", "aria-live": "polite" });
  const boardBox = h("div", { id: "board" });
  main.appendChild(
    h("div", { class: "learn-page" },
      nav,
      h("div", { class: "learn-main" },
        h("div", { class: "statusbar" }, h("h1", { class: "game-title" }, _("Learn to play {game}", { game: gameTitle(game) })), crumb),
        lessonBox, boardBox)),
  );

  /* ---------------------------------------------------------- progress */

  function lessonState(id) {
    if (!progress.lessons[id]) progress.lessons[id] = { reached: 0, done: false, skipped: false };
    return progress.lessons[id];
  }

  function save() {
    Keep.set(storeKey, progress);
  }

  /* -------------------------------------------------------------- data */

  async function loadCourse() {
    course = await api("/api/learn/" + game);
    const at = progress.at && course.lessons.find((l) => l.id === progress.at.lesson);
    if (at) await openStep(at.id, Math.min(progress.at.step, at.steps));
    else {
      const next = course.lessons.find((l) => !lessonState(l.id).done && !lessonState(l.id).skipped) || course.lessons[0];
      await openStep(next.id, 1);
    }
  }

  async function openStep(lessonId, index) {
    pending = true;
    try {
      step = await api("/api/learn/" + game + "/" + encodeURIComponent(lessonId) + "/" + index);
    } catch (e) {
      pending = false;
      toast(e.message, "error");
      return;
    }
    pending = false;
    table = { view: step.view, said: step.said, labels: step.labels, moves: step.moves, tries: step.tries, hands: step.hands };
    phase = "ask";
    choice = null;
    attempts = 0;
    progress.at = { lesson: lessonId, step: index };
    const st = lessonState(lessonId);
    st.reached = Math.max(st.reached, index - 1);
    save();
    render([]);
    const first = boardBox.querySelector(".tile-btn.legal, .move-btn.legal");
    if (first) first.focus({ preventScroll: true });
  }

  async function tryMove(move) {
    if (phase !== "ask" || pending || !step) return;
    pending = true;
    choice = null;
    render(null);
    let res;
    try {
      res = await api("/api/learn/" + game + "/try", { lesson: step.lesson, step: step.step, move });
    } catch (e) {
      pending = false;
      toast(e.message, "error");
      render(null);
      return;
    }
    pending = false;
    attempts += 1;
    const feedback = [];
    if (res.kind === "right") {
      phase = "done";
      table = { view: res.view, said: res.said, labels: res.labels, moves: res.moves, tries: res.tries, hands: res.hands };
      const st = lessonState(step.lesson);
      st.reached = Math.max(st.reached, step.step);
      if (step.step === step.count) {
        st.done = true;
        st.skipped = false;
      }
      save();
      feedback.push(h("p", { class: "good" }, h("b", {}, _("Right: {move}.", { move: res.label }))));
      if (res.done) feedback.push(h("p", {}, Diagrams.richText(res.done)));
    } else if (res.kind === "refused") {
      feedback.push(h("p", { class: "bad" }, h("b", {}, _("Not allowed: {move}.", { move: res.label })), " ", res.refusal));
      if (res.explain) feedback.push(h("p", {}, Diagrams.richText(res.explain)));
    } else {
      feedback.push(h("p", { class: "bad" }, h("b", {}, _("Not this one: {move}.", { move: res.label }))));
      if (res.explain) feedback.push(h("p", {}, Diagrams.richText(res.explain)));
    }
    if (res.events && res.events.length) {
      feedback.push(h("p", { class: "muted" }, res.kind === "right" ? _("What followed:") : _("What would follow:")));
      feedback.push(h("ul", { class: "events" }, res.events.map((e) => h("li", { dataset: { code: e.code } }, Diagrams.richText(e.text)))));
    }
    render(feedback);
    const next = document.getElementById("next-btn");
    if (phase === "done" && next) next.focus({ preventScroll: true });
  }

  /* ------------------------------------------------------------ render */

  let lastFeedback = [];

  function render(feedback) {
    if (feedback !== null) lastFeedback = feedback;
    renderNav();
    renderLesson();
    renderBoard();
  }

  function renderNav() {
    const items = course.lessons.map((l, i) => {
      const st = lessonState(l.id);
      const current = step && step.lesson === l.id;
      const mark = st.done ? "✓" : st.skipped ? "↷" : st.reached ? st.reached + "/" + l.steps : "";
      return h("li", { class: (current ? "current " : "") + (st.done ? "done" : ""), dataset: { lesson: l.id } },
        h("button", { type: "button", class: "link-btn", "aria-current": current ? "step" : undefined, onclick: () => openStep(l.id, 1) },
          (i + 1) + ". " + l.title),
        mark ? h("span", { class: "badge", title: st.done ? _("done") : st.skipped ? _("skipped") : _("steps done") }, mark) : null);
    });
    nav.replaceChildren(
      h("h2", { id: "lessons-title" }, _("Lessons")),
      h("ol", { class: "lesson-list" }, items),
      practicePanel(false),
    );
  }

  function renderLesson() {
    if (!step) return;
    const lesson = course.lessons.find((l) => l.id === step.lesson);
    const li = course.lessons.indexOf(lesson);
    crumb.textContent = _("Lesson {a} of {b} · step {c} of {d}", { a: li + 1, b: course.lessons.length, c: step.step, d: step.count });
    lessonBox.dataset.lesson = step.lesson;
    lessonBox.dataset.step = String(step.step);
    lessonBox.dataset.phase = phase;
    lessonBox.dataset.attempts = String(attempts);
    lessonBox.dataset.pending = pending ? "1" : "0";
    const actions = h("div", { class: "row lesson-actions" });
    if (phase === "ask") {
      actions.appendChild(h("button", { type: "button", id: "show-btn", onclick: showMe }, _("Show me")));
    }
    if (phase === "done") {
      if (step.next) {
        const nextLesson = step.next.lesson !== step.lesson;
        actions.appendChild(h("button", { type: "button", class: "primary", id: "next-btn", onclick: () => openStep(step.next.lesson, step.next.step) },
          nextLesson ? _("Next lesson") : _("Next step")));
      }
    }
    actions.appendChild(h("button", { type: "button", id: "restart-btn", onclick: restartLesson }, _("Restart the lesson")));
    if (step.next && !(phase === "done" && step.step === step.count)) {
      actions.appendChild(h("button", { type: "button", id: "skip-btn", onclick: skipLesson }, _("Skip the lesson")));
    }
    const parts = [h("h2", {}, lesson.title)];
    if (step.step === 1) parts.push(h("p", { class: "intro" }, Diagrams.richText(lesson.intro)));
    if (step.recent && step.recent.length && phase === "ask") {
      parts.push(h("ul", { class: "events recent", "aria-label": _("What happened:") }, step.recent.map((e) => h("li", { dataset: { code: e.code } }, Diagrams.richText(e.text)))));
    }
    parts.push(h("p", { class: "say", id: "say" }, Diagrams.richText(step.say)));
    if (step.diagram) parts.push(Diagrams.draw(step.diagram, true));
    parts.push(h("div", { id: "feedback", class: "feedback" }, lastFeedback));
    if (phase === "done" && !step.next) parts.push(practicePanel(true));
    parts.push(actions);
    lessonBox.replaceChildren(...parts);
  }

  function renderBoard() {
    if (!table) return;
    const m = {
      game,
      view: table.view,
      seats: null,
      me: step.seat,
      said: table.said,
      labels: table.labels,
      moves: table.moves,
      tries: table.tries,
      logSeats: table.view.log_seats.map((x) => (typeof x === "number" ? x : null)),
      result: null,
      choice,
      pending,
      replay: false,
      hands: table.hands,
      showHands: !!table.hands,
      // any removal may be tried on the figure, so that a wrong one is explained
      freeSticks: true,
    };
    boardBox.replaceChildren(Games.render(m, ctx));
    boardBox.dataset.myturn = Games.helpers.myTurn(m) && phase === "ask" ? "1" : "0";
    boardBox.dataset.choice = choice || "";
  }

  const ctx = {
    move(mv) {
      tryMove(mv);
    },
    tile(key, moves) {
      if (phase !== "ask" || pending) return;
      if (moves.length === 1) tryMove(moves[0]);
      else if (moves.length > 1) {
        choice = key;
        render(null);
        const firstChoice = boardBox.querySelector(".actions .move-btn");
        if (firstChoice) firstChoice.focus();
      }
    },
    choose(key) {
      choice = key;
      render(null);
    },
  };

  function showMe() {
    render([h("p", {}, _("The move this step asks for: {moves}.", { moves: step.answer_text }))]);
  }

  function restartLesson() {
    const st = lessonState(step.lesson);
    st.reached = 0;
    st.done = false;
    st.skipped = false;
    save();
    openStep(step.lesson, 1);
  }

  function skipLesson() {
    const st = lessonState(step.lesson);
    if (!st.done) st.skipped = true;
    save();
    const i = course.lessons.findIndex((l) => l.id === step.lesson);
    const next = course.lessons[i + 1];
    if (next) openStep(next.id, 1);
  }

  /* ---------------------------------------------------------- practice */

  function practicePanel(big) {
    const id = big ? "practice-name" : "practice-name-nav";
    const input = h("input", { id, maxlength: 24, autocomplete: "nickname", value: Keep.get("name") || "" });
    const err = h("p", { class: "form-error", role: "alert" });
    const form = h("form", { class: "practice" + (big ? " big" : ""), id: big ? "practice" : "practice-nav" },
      big ? h("h3", {}, _("You finished the lessons!")) : h("h3", {}, _("Practice")),
      h("p", {}, _("Play a whole game against gentle bots, with the expert's hints at every turn and every refused move explained.")),
      h("div", { class: "field" }, h("label", { for: id }, _("Your name")), input), err,
      h("button", { type: "submit", class: big ? "primary" : "" }, _("Practice against gentle bots")));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      practice(input.value.trim(), err);
    });
    return form;
  }

  async function practice(name, err) {
    if (!name) {
      err.textContent = _("Write your name (up to 24 characters).");
      return;
    }
    const seats = course.practice.seats.map((s) => (s === "human" ? { kind: "you" } : { kind: "bot", level: s }));
    try {
      const res = await api("/api/tables", { game, options: course.practice.options, seats, name, bot_delay: 1 });
      const id = res.table.id;
      if (res.token) Keep.set("seat." + id, { seat: res.seat, token: res.token });
      Keep.set("name", name);
      window.location.assign("/t/" + id + "?practice=1");
    } catch (e) {
      err.textContent = e.message;
    }
  }

  /* -------------------------------------------------------------- keys */

  document.addEventListener("keydown", (ev) => {
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape" && choice) ctx.choose(null);
    else if (/^[1-9]$/.test(ev.key)) {
      const b = boardBox.querySelector('.actions [data-hotkey="' + ev.key + '"]');
      if (b) {
        b.click();
        ev.preventDefault();
      }
    }
  });

  loadCourse().catch((e) => toast(e.message, "error"));

  /* ------------------------------------------------------------- index */

  function gamesIndex() {
    const list = h("ul", { class: "learn-games" });
    main.appendChild(h("section", { class: "prose" },
      h("h1", {}, _("Learn to play")),
      h("p", {}, _("Short lessons built on the articles' own examples: each step is a real position on the table, and you make the move.")),
      list));
    for (const name of Object.keys(LT_I18N.titles)) {
      const kept = Keep.get("learn." + name);
      const done = kept && kept.lessons ? Object.values(kept.lessons).filter((l) => l.done).length : 0;
      list.appendChild(h("li", { dataset: { game: name } },
        h("a", { class: "button", href: "/learn/" + name }, gameTitle(name)),
        " ", done ? h("span", { class: "muted" }, n_("{n} lesson done", "{n} lessons done", done)) : null,
        " ", h("a", { href: "/rules/" + name }, _("Rules"))));
    }
  }
})();
