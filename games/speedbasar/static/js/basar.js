// Speedbasar on the match page (after match.js): Doppelladung – a second card under the same
// claim –, Rat for a pair of cards, and the "Basar-Geräusche".
//
// Doppelladung: the lay dialog of a card offers "+ Zweite Karte dazulegen" (key D). Then the next
// card tapped (or keyed 1–9) opens the claim dialog for both (#lay-pair): the board carries the
// allowed claims once, and this script writes the two cards (in hand order, as the engine wants
// them) into each claim's `data-action`; match.js sends it like any other control. Esc or the
// first card again leaves the pair choice.
//
// Sounds (static/sounds/, made by tools/make_basar_sounds.py) play only while the seat switched
// "Basar-Geräusche" on: a quiet crackle whenever the draw pile shows 5 cards or fewer (the Glut
// is near), a card flip on a reveal. A browser that blocks audio is left alone (no error).
(function () {
  "use strict";

  function board() { return document.getElementById("board"); }
  function version() { var b = board(); return b ? b.dataset.version : ""; }
  function cardButton(n) {
    return document.querySelector('#board .basar-cards button.card-button.playable[data-n="' + n + '"]');
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

  function openPairDialog(second) {
    var one = cardButton(first.n);
    var dlg = document.getElementById("lay-pair");
    if (!one || !dlg) return;
    var pair = parseInt(one.dataset.n, 10) < parseInt(second.dataset.n, 10) ? [one, second] : [second, one];
    var faces = dlg.querySelector(".pair-faces");
    faces.innerHTML = "";
    pair.forEach(function (x) {
      var face = x.querySelector(".card");
      if (face) faces.appendChild(face.cloneNode(true));
    });
    dlg.querySelector(".pair-names").textContent = pair[0].dataset.name + " und " + pair[1].dataset.name;
    var honest = pair.map(function (x) { return (x.dataset.honest || "").split(" "); });
    var want = advised();
    var box = dlg.querySelector(".claim-choices");
    var buttons = Array.prototype.slice.call(box.querySelectorAll("[data-claim]"));
    buttons.forEach(function (btn, i) {
      if (btn.dataset.i === undefined) btn.dataset.i = String(i);
      var action = {
        cards: [pair[0].dataset.card, pair[1].dataset.card],
        number: parseInt(btn.dataset.number, 10),
        spice: btn.dataset.spice,
        type: "lay",
      };
      // the same string as the server's action_json (sorted keys, compact): Rat can mark it
      btn.setAttribute("data-action", JSON.stringify(action));
      btn.disabled = false;
      var code = btn.dataset.claim;
      btn.classList.toggle("honest", honest[0].indexOf(code) >= 0 && honest[1].indexOf(code) >= 0);
      btn.classList.toggle("advised", btn.getAttribute("data-action") === want);
    });
    // the honest claims first: Enter (the focused first choice) lays honestly
    buttons.sort(function (a, b) {
      var h = b.classList.contains("honest") - a.classList.contains("honest");
      return h || parseInt(a.dataset.i, 10) - parseInt(b.dataset.i, 10);
    });
    buttons.forEach(function (btn) { box.appendChild(btn); });
    dlg.showModal();
    if (buttons.length) buttons[0].focus();
  }

  // before match.js (capture): in the pair choice a card press picks the second card
  document.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest("[data-second], #pair-cancel, .basar-cards button.card-button.playable");
    if (!t || !t.closest("#board")) return;
    if (t.hasAttribute("data-second")) {
      e.preventDefault();
      e.stopPropagation();
      var dlg = t.closest("dialog");
      if (dlg && dlg.open) dlg.close();
      startPair(t.dataset.second, e.detail === 0); // detail 0: a key pressed it
      return;
    }
    if (t.id === "pair-cancel") {
      e.preventDefault();
      e.stopPropagation();
      cancelPair();
      return;
    }
    if (!first || first.version !== version()) return; // an ordinary press: match.js opens the card's dialog
    e.preventDefault();
    e.stopPropagation();
    if (t.dataset.n === first.n) cancelPair();
    else openPairDialog(t);
  }, true);

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var dlg = document.querySelector("dialog[open]");
    if ((e.key === "d" || e.key === "D") && dlg) {
      var second = dlg.querySelector("[data-second]");
      if (second) {
        e.preventDefault();
        second.click();
      }
    } else if (e.key === "Escape" && !dlg && first) {
      e.preventDefault();
      cancelPair();
    }
  }, true);

  // Rat advises two cards: mark both in the hand (the claim is marked in the pair dialog)
  function markPairAdvice() {
    var want = advised();
    if (!want) return;
    var action;
    try { action = JSON.parse(want); } catch (err) { return; }
    if (!action || action.type !== "lay" || !action.cards || action.cards.length !== 2) return;
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

  function afterSwap() {
    showPairMode();
    markPairAdvice();
    sounds();
  }
  document.body.addEventListener("htmx:afterSwap", afterSwap);
  document.body.addEventListener("htmx:oobAfterSwap", afterSwap);
  // match.js marks Rat's control again after the settle: the pair's two cards as well
  document.body.addEventListener("htmx:afterSettle", markPairAdvice);
  // the first look: remember what the board shows, play nothing (no sound without a gesture)
  var el = document.getElementById("basar-sound");
  if (el) heard = { noch: parseInt(el.dataset.noch, 10), reveal: el.dataset.reveal, on: el.dataset.on === "1" };
})();
