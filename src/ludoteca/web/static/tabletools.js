/* Ludoteca web: the table page's tools that keep no table state: the tiles' motion,
 * the turn's tone and the links handed to friends. */
"use strict";

const TableTools = (() => {
  /* Tiles go from the hand (or the player's seat) to the table, and a finished trick
   * to its winner: where things were is measured before a render, and the new
   * drawing starts from there (never with prefers-reduced-motion). */

  const Motion = {
    trickSeen: null,
    measure(box) {
      const at = new Map();
      box.querySelectorAll("[data-fly]").forEach((el) => at.set(el.dataset.fly + (el.closest(".trick") ? "@table" : "@hand"), el.getBoundingClientRect()));
      box.querySelectorAll("svg.layout .ltile").forEach((el) => at.set("layout-" + Games.tileKey(el.dataset.tile), true));
      box.querySelectorAll(".seat[data-seat]").forEach((el) => at.set("seat-" + el.dataset.seat, el.getBoundingClientRect()));
      return at;
    },
    offset(from, el) {
      const to = el.getBoundingClientRect();
      return [from.left + from.width / 2 - (to.left + to.width / 2), from.top + from.height / 2 - (to.top + to.height / 2)];
    },
    play(box, before, lastSeat, done) {
      box.querySelectorAll(".trick .play[data-fly]").forEach((el) => {
        if (before.has(el.dataset.fly + "@table")) return;
        const from = before.get(el.dataset.fly + "@hand") || before.get("seat-" + el.dataset.seat);
        if (!from || from === true) return;
        const [dx, dy] = Motion.offset(from, el);
        el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: 320, easing: "ease-out" });
      });
      const placed = box.querySelector("svg.layout .ltile.last");
      if (placed && !before.has("layout-" + Games.tileKey(placed.dataset.tile))) {
        const key = "tile-" + Games.tileKey(placed.dataset.tile);
        const from = before.get(key + "@hand") || before.get("seat-" + lastSeat);
        const ctm = placed.ownerSVGElement && placed.ownerSVGElement.getScreenCTM();
        if (from && from !== true && ctm && ctm.a) {
          const [dx, dy] = Motion.offset(from, placed);
          placed.animate([{ transform: `translate(${dx / ctm.a}px, ${dy / ctm.d}px)` }, { transform: "translate(0px, 0px)" }], { duration: 360, easing: "ease-out" });
        }
      }
      const key = done ? JSON.stringify(done.plays) : null;
      const trick = box.querySelector(".trick.last");
      if (trick && key !== Motion.trickSeen && Motion.trickSeen !== null) {
        const seat = box.querySelector('.seat[data-seat="' + done.winner + '"]');
        if (seat) {
          const to = seat.getBoundingClientRect();
          const [dx, dy] = Motion.offset(to, trick);
          trick.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx * 0.6}px, ${dy * 0.6}px) scale(0.5)`, opacity: 0.3 }],
            { duration: 550, delay: 650, easing: "ease-in", fill: "forwards" });
        }
      }
      Motion.trickSeen = key;
    },
  };

  /* A short tone (WebAudio, no file) when it becomes the player's turn, if they asked for it. */
  const Tone = {
    audio: null,
    count: 0, // the tones played, kept on the sound button for the tests to read
    play() {
      try {
        Tone.audio = Tone.audio || new (window.AudioContext || window.webkitAudioContext)();
        const now = Tone.audio.currentTime;
        const osc = Tone.audio.createOscillator();
        const gain = Tone.audio.createGain();
        osc.type = "sine";
        osc.frequency.setValueAtTime(660, now);
        osc.frequency.setValueAtTime(880, now + 0.12);
        gain.gain.setValueAtTime(0.0001, now);
        gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
        osc.connect(gain).connect(Tone.audio.destination);
        osc.start(now);
        osc.stop(now + 0.32);
        Tone.count += 1;
        const btn = document.getElementById("sound-btn");
        if (btn) btn.dataset.beeps = String(Tone.count);
      } catch (e) {
        /* no sound here: the title still says it */
      }
    },
  };

  /** A link to hand a friend: shown, copied with a click, sent through the system's
   * share sheet where there is one, or through WhatsApp. */
  function linkRow(title, url, key, game) {
    const input = h("input", { readonly: true, value: url, "aria-label": title, dataset: { key: "link-" + key }, class: "link" });
    const message = game ? _("Come and play {game} with me", { game }) : "";
    const buttons = [h("button", { type: "button", dataset: { key: "copy-" + key }, onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
      } catch (e) {
        document.execCommand("copy");
      }
      toast(_("Link copied"));
    } }, _("Copy"))];
    if (game && navigator.share) {
      buttons.push(h("button", { type: "button", dataset: { key: "share-" + key }, onclick: () => {
        navigator.share({ title: "Ludoteca", text: message, url }).catch(() => {}); // closed: nothing to say
      } }, _("Share")));
    }
    if (game) {
      buttons.push(h("a", { class: "button whatsapp", dataset: { key: "whatsapp-" + key }, href: "https://wa.me/?text=" + encodeURIComponent(message + " " + url), target: "_blank", rel: "noopener" }, "WhatsApp"));
    }
    return h("div", { class: "link-row" }, h("span", { class: "link-title" }, title), input, ...buttons);
  }

  return { Motion, tone: Tone, linkRow };
})();
