// Speedbasar on the match page (after match.js): what its board has beyond the shared table for
// match.js's motion (the pile of laid cards, the draw pile, the reveal's flip), the lay step, Doppelladung – a second card under
// the same claim –, Rat for a lay, and the "Basar-Geräusche".
//
// The lay step: the hand has ONE lay dialog (#lay-dialog: the allowed claims, rendered once per
// hand). Tapping a card (or its key 1–9) opens it for that card; tapping a claim only selects it
// (a radio choice, the honest claims first, the first one preselected); „Verdeckt legen“ – or
// Enter – sends the lay: this script writes the chosen card(s) and claim into the button's
// `data-action`, and match.js sends it like any other control. Arrow keys move the choice.
//
// Doppelladung: the dialog offers "+ Zweite Karte dazulegen" (key D). Then the next card tapped
// (or keyed 1–9) opens the same dialog for both cards (in hand order, as the engine wants them).
// Esc or the first card again leaves the pair choice.
//
// Sounds (static/sounds/, made by tools/make_basar_sounds.py) play only while the seat switched
// "Basar-Geräusche" on: a quiet crackle whenever the draw pile shows 5 cards or fewer (the Glut
// is near), a card flip on a reveal. A browser that blocks audio is left alone (no error).
//
// The Glut: the hot draw pile's glow and its rising sparks, looping on the page's clock.
(function () {
  "use strict";

  function board() { return document.getElementById("board"); }
  function version() { var b = board(); return b ? b.dataset.version : ""; }
  function cardButton(n) {
    return document.querySelector('#board .basar-cards button.card-button.playable[data-n="' + n + '"]');
  }
  function layDialog() { return document.getElementById("lay-dialog"); }
  function chips(dlg) { return Array.prototype.slice.call(dlg.querySelectorAll(".claim-button[data-claim]")); }

  // -- the lay step -------------------------------------------------------------------------
  var chosen = []; // the card buttons the open lay dialog is for (one, or two in hand order)

  function actionFor(cards, chip) {
    // the same string as the server's action_json (sorted keys, compact): Rat can mark it
    return JSON.stringify({
      cards: cards.map(function (c) { return c.dataset.card; }),
      number: parseInt(chip.dataset.number, 10),
      spice: chip.dataset.spice,
      type: "lay",
    });
  }

  function choose(chip) {
    var dlg = layDialog();
    if (!dlg || !chosen.length) return;
    chips(dlg).forEach(function (x) {
      var on = x === chip;
      x.setAttribute("aria-checked", on ? "true" : "false");
      x.classList.toggle("chosen", on);
      x.tabIndex = on ? 0 : -1;
    });
    var ok = document.getElementById("lay-confirm");
    ok.setAttribute("data-action", actionFor(chosen, chip));
    ok.disabled = false;
  }

  function openLay(buttons) {
    var dlg = layDialog();
    if (!dlg || !buttons.length) return;
    chosen = buttons.slice().sort(function (a, b) { return parseInt(a.dataset.n, 10) - parseInt(b.dataset.n, 10); });
    dlg.classList.toggle("pair-mode", chosen.length === 2);
    var faces = dlg.querySelector(".lay-faces");
    faces.innerHTML = "";
    chosen.forEach(function (x) {
      var face = x.querySelector(".card");
      if (face) faces.appendChild(face.cloneNode(true));
    });
    dlg.querySelector(".lay-names").textContent = chosen.map(function (x) { return x.dataset.name; }).join(" und ");
    dlg.querySelector(".lay-note").textContent = chosen.length === 1 ? chosen[0].dataset.note || "" : "";
    var honest = chosen.map(function (x) { return (x.dataset.honest || "").split(" "); });
    var want = advised();
    var box = dlg.querySelector(".claim-choices");
    var list = chips(dlg);
    list.forEach(function (chip, i) {
      if (chip.dataset.i === undefined) chip.dataset.i = String(i);
      var code = chip.dataset.claim;
      chip.classList.toggle("honest", honest.every(function (h) { return h.indexOf(code) >= 0; }));
      chip.classList.toggle("advised", !!want && actionFor(chosen, chip) === want);
    });
    // the honest claims first: the preselected first choice is honest, Enter lays it
    list.sort(function (a, b) {
      var h = b.classList.contains("honest") - a.classList.contains("honest");
      return h || parseInt(a.dataset.i, 10) - parseInt(b.dataset.i, 10);
    });
    list.forEach(function (chip) { box.appendChild(chip); });
    var ok = document.getElementById("lay-confirm");
    ok.removeAttribute("data-action");
    ok.disabled = true;
    if (!dlg.open) dlg.showModal();
    if (list.length) {
      choose(list[0]);
      list[0].focus();
    }
  }

  // -- Doppelladung -------------------------------------------------------------------------
  var first = null; // {n, version}: the first card of the pair, for this board version only

  function showPairMode() {
    var b = board();
    if (!b) return;
    b.querySelectorAll(".first-pick, .pair-option").forEach(function (x) {
      x.classList.remove("first-pick", "pair-option");
    });
    var hint = document.getElementById("pair-hint");
    var btn = first && first.version === version() ? cardButton(first.n) : null;
    if (!btn || !hint) {
      first = null;
      if (hint) hint.hidden = true;
      b.classList.remove("pairing");
      return;
    }
    btn.classList.add("first-pick");
    b.querySelectorAll(".basar-cards button.card-button.playable").forEach(function (x) {
      if (x !== btn) x.classList.add("pair-option");
    });
    hint.querySelector(".pair-first").textContent = btn.dataset.name;
    hint.hidden = false;
    b.classList.add("pairing");
  }

  function startPair(n, byKey) {
    first = { n: String(n), version: version() };
    showPairMode();
    // from the keyboard the focus goes on to the cards (a finger needs no focus: it would open
    // that card's Karten-Info)
    var next = byKey && document.querySelector("#board .basar-cards .pair-option");
    if (next) next.focus({ preventScroll: true });
  }

  function cancelPair() {
    first = null;
    showPairMode();
  }

  function advised() {
    var p = document.querySelector("#advice-panel [data-advised]");
    if (!p || p.getAttribute("data-advised-version") !== version()) return "";
    return p.getAttribute("data-advised");
  }

  // before match.js (capture): a card opens the lay dialog, a claim is only chosen, the pair
  document.addEventListener("click", function (e) {
    if (e.defaultPrevented) return; // the long press that showed a Karten-Info (match.js)
    var t = e.target.closest && e.target.closest("[data-second], #pair-cancel, .claim-button[data-claim], .basar-cards button.card-button.playable");
    if (!t || !t.closest("#board")) return;
    e.preventDefault();
    e.stopPropagation();
    if (t.hasAttribute("data-second")) {
      var dlg = t.closest("dialog");
      if (dlg && dlg.open) dlg.close();
      if (chosen.length === 1) startPair(chosen[0].dataset.n, e.detail === 0); // detail 0: a key pressed it
      return;
    }
    if (t.id === "pair-cancel") {
      cancelPair();
      return;
    }
    if (t.classList.contains("claim-button")) {
      choose(t);
      return;
    }
    if (first && first.version === version()) {
      if (t.dataset.n === first.n) cancelPair();
      else openLay([cardButton(first.n), t]);
      return;
    }
    openLay([t]);
  }, true);

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var dlg = document.querySelector("dialog[open]");
    if (dlg && dlg.id === "lay-dialog") {
      var a = document.activeElement;
      var list = chips(dlg);
      var at = list.indexOf(a);
      if (e.key === "Enter" && (at >= 0 || !a || a === dlg || a === document.body || a.id === "lay-confirm")) {
        // Enter lays the chosen claim (the focused one, if the focus is on a claim)
        e.preventDefault();
        e.stopPropagation();
        if (at >= 0) choose(a);
        var ok = document.getElementById("lay-confirm");
        if (ok && !ok.disabled) ok.click();
        return;
      }
      if ((e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "ArrowDown" || e.key === "ArrowUp") && list.length) {
        e.preventDefault();
        e.stopPropagation();
        var cur = at >= 0 ? at : list.findIndex(function (x) { return x.classList.contains("chosen"); });
        var step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1;
        var n = ((cur < 0 ? 0 : cur + step) + list.length) % list.length;
        choose(list[n]);
        list[n].focus();
        return;
      }
      if ((e.key === "d" || e.key === "D") && !dlg.classList.contains("pair-mode")) {
        var second = dlg.querySelector("[data-second]");
        if (second) {
          e.preventDefault();
          e.stopPropagation();
          second.click();
        }
      }
    } else if (e.key === "Escape" && !dlg && first) {
      e.preventDefault();
      cancelPair();
    }
  }, true);

  // Rat advises a lay: mark its card(s) in the hand (the claim is marked in the lay dialog)
  function markLayAdvice() {
    var want = advised();
    if (!want) return;
    var action;
    try { action = JSON.parse(want); } catch (err) { return; }
    if (!action || action.type !== "lay" || !action.cards) return;
    var used = [];
    action.cards.forEach(function (card) {
      var all = document.querySelectorAll('#board .basar-cards button.card-button.playable[data-card="' + card + '"]');
      for (var i = 0; i < all.length; i++) {
        if (used.indexOf(all[i]) < 0) { used.push(all[i]); all[i].classList.add("advised"); break; }
      }
    });
  }

  // -- Basar-Geräusche ----------------------------------------------------------------------
  var heard = { noch: null, reveal: null, on: false };
  var players = {};
  window.basarSounds = []; // what was played (the browser tests read it)

  function play(kind, src, volume) {
    window.basarSounds.push(kind);
    try {
      var a = players[kind] || (players[kind] = new Audio(src));
      a.volume = volume;
      a.currentTime = 0;
      var p = a.play();
      if (p && typeof p.catch === "function") p.catch(function () {}); // blocked: stay silent
    } catch (err) {
      // no audio in this browser
    }
  }

  function sounds() {
    var el = document.getElementById("basar-sound");
    if (!el) {
      heard = { noch: null, reveal: null, on: false };
      return;
    }
    var on = el.dataset.on === "1";
    var noch = parseInt(el.dataset.noch, 10);
    var reveal = el.dataset.reveal;
    if (on) {
      var switched = !heard.on;
      if (reveal && heard.reveal !== null && reveal !== heard.reveal) {
        play("reveal", el.dataset.revealSrc, 0.7);
      } else if (noch <= 5 && (noch !== heard.noch || switched)) {
        play("glut", el.dataset.glutSrc, 0.45);
      } else if (switched && heard.noch !== null) {
        play("reveal", el.dataset.revealSrc, 0.5); // switched on: a sign that sounds work
      }
    }
    heard = { noch: noch, reveal: reveal, on: on };
  }

  // -- the Glut: the hot draw pile's glow pulses, its sparks rise (from 12 cards, faster from 5)
  // Loops of the Web Animations API on the page's clock (start time 0): a board swapped in
  // takes them up where the old board was – a move does not start them over. Without motion
  // („Bewegung: aus“, prefers-reduced-motion) none runs: two sparks stand still (speedbasar.css).
  var SPARK = [
    { transform: "translate(0, 0) scale(1)", opacity: 0 },
    { opacity: 1, offset: 0.15 },
    { transform: "translate(6px, -3.2rem) scale(.4)", opacity: 0 },
  ];
  var SPARK_DELAYS = [0, 600, 1200, 900, 300];
  var GLOW = [{ boxShadow: "0 0 6px rgba(224, 103, 43, .35)" }, { boxShadow: "0 0 18px rgba(224, 103, 43, .8)" }];
  function loop(el, frames, timing, id) {
    if (el.getAnimations().some(function (a) { return a.id === id; })) return;
    var a = el.animate(frames, Object.assign({ iterations: Infinity }, timing));
    a.id = id;
    a.startTime = 0;
  }
  function glut() {
    var pile = document.getElementById("draw-pile");
    var motion = window.speedgamesMotion && window.speedgamesMotion.on;
    if (!pile || typeof pile.animate !== "function" || !motion || !motion()) return;
    var fast = pile.classList.contains("heat-4") || pile.classList.contains("heat-5");
    pile.querySelectorAll(".sparks i").forEach(function (spark, i) {
      loop(spark, SPARK, { duration: fast ? 1200 : 1800, delay: SPARK_DELAYS[i] || 0, easing: "ease-out" }, "funken");
    });
    if (pile.classList.contains("hot")) loop(pile, GLOW, { duration: 1600, direction: "alternate", easing: "ease-in-out" }, "glimmen");
  }

  function afterSwap() {
    showPairMode();
    markLayAdvice();
    sounds();
    glut();
  }
  document.body.addEventListener("htmx:afterSwap", afterSwap);
  document.body.addEventListener("htmx:oobAfterSwap", afterSwap);
  // match.js marks Rat's control again after the settle and after a socket message (clearing
  // every mark first): the advised card(s) as well
  document.body.addEventListener("htmx:afterSettle", markLayAdvice);
  document.body.addEventListener("htmx:wsAfterMessage", markLayAdvice);
  // the Rat's answer arrives by fetch (match.js writes it into #advice-panel and marks the
  // controls it finds): a lay's card(s) are marked here once the answer stands in the panel
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var t = records[i].target;
      if (t.nodeType === 1 && t.closest("#advice-panel")) { markLayAdvice(); return; }
    }
  }).observe(document.body, { childList: true, subtree: true });
  // the first look: remember what the board shows, play nothing (no sound without a gesture)
  var el = document.getElementById("basar-sound");
  if (el) heard = { noch: parseInt(el.dataset.noch, 10), reveal: el.dataset.reveal, on: el.dataset.on === "1" };
  glut();

  // -- what match.js's motion needs of this board: the pile of laid cards (how many: a lay lands
  // on it, a taken pile flies to the hand), the draw pile, and the reveal that flips -----------
  if (window.speedgamesMatch) window.speedgamesMatch.register({
    pile: function (b) {
      var n = b.querySelector("#pile-count");
      var stack = b.querySelector("#pile .pile-stack") || b.querySelector("#pile");
      return n && stack ? { el: stack, n: parseInt(n.textContent, 10) } : null;
    },
    drawPile: function (b) { return b.querySelector("#draw-pile"); },
    flip: function (b) {
      var s = b.querySelector("#basar-sound");
      return { key: s ? s.getAttribute("data-reveal") || "" : "", el: b.querySelector("#reveal .reveal-cards") };
    },
  });
})();
