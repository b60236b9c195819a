// The match page of every game: one way to send an action, keys, countdown, stale-fragment guard,
// focus kept on the hand, screen-reader announcements, Karten-Info by long press.
//
// The action convention: every control that performs a game action carries the action as JSON in
// `data-action`; the version is the board's `data-version`; the URL is the board's
// `data-act-url`. `data-key` names the key that presses it, `data-dialog` opens a dialog.
(function () {
  "use strict";

  function board() { return document.getElementById("board"); }
  function version(el) {
    var v = el && el.getAttribute && el.getAttribute("data-version");
    return v === null || v === undefined ? -1 : parseInt(v, 10);
  }
  function currentVersion() { return version(board()); }
  // how often the seat's switches changed when the board was rendered (`data-prefs`, absent: 0)
  function prefsRev(el) {
    var v = el && el.getAttribute && el.getAttribute("data-prefs");
    return v ? parseInt(v, 10) : 0;
  }

  // -- sending actions ----------------------------------------------------------------------
  // A move goes over the match socket while it is open (the server pushes the new board, or the
  // board with the message of a refused move); otherwise it is POSTed and answered with the board.
  var sending = false;
  var ws = null; // the hx-ws socket wrapper ({send, sendImmediately}) while the socket is open
  var sentVersion = null;
  var sentTimer = null;
  document.addEventListener("htmx:wsOpen", function (e) { ws = e.detail && e.detail.socketWrapper; }, true);
  // the socket's address says which board version the page shows (`?v=n`, issue 44): the server
  // sends the board only when its own is another one. A reconnect says the version shown by then.
  function tellVersion() {
    if (!window.htmx || htmx.sgTellsVersion) return;
    var make = htmx.createWebSocket;
    htmx.createWebSocket = function (url) {
      var v = currentVersion();
      return make(v < 0 ? url : String(url).replace(/([?&]v=)\d+/, "$1" + v));
    };
    htmx.sgTellsVersion = true;
  }
  tellVersion();
  document.addEventListener("DOMContentLoaded", tellVersion);
  // a socket the server refused (4403: watching needs an account or a guest; 4429: the match has
  // its spectators, or this person too many open matches): the page shows why in German (the
  // server's own message when it arrived) and neither reconnects nor polls
  var refused = false;
  document.addEventListener("htmx:wsClose", function (e) {
    var code = e.detail && e.detail.event && e.detail.event.code;
    var shell = document.querySelector(".match-shell");
    var text = shell && (code === 4403 || code === 4429) && shell.getAttribute("data-refused-" + code);
    if (!text) return;
    refused = true;
    var flash = document.getElementById("flash");
    if (flash && !flash.textContent.trim()) {
      var p = document.createElement("p");
      p.className = "flash error";
      p.setAttribute("role", "alert");
      p.textContent = text;
      flash.appendChild(p);
    }
  }, true);
  ["htmx:wsClose", "htmx:wsError"].forEach(function (name) {
    document.addEventListener(name, function () { ws = null; }, true);
  });
  function settled() {
    sending = false;
    sentVersion = null;
    clearTimeout(sentTimer);
    var nb = board();
    if (nb) nb.classList.remove("sending");
  }
  // the answer to a move sent over the socket: a newer board, or a message (refused)
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (sentVersion === null) return;
    var flash = document.getElementById("flash");
    if (currentVersion() > sentVersion || (flash && flash.textContent.trim())) settled();
  }, true);
  function sendOverSocket(b, control) {
    var msg = null;
    try { msg = JSON.parse(control.getAttribute("data-action")); } catch (err) { msg = null; }
    if (!msg || typeof msg !== "object" || Array.isArray(msg) || !ws) return false;
    msg.version = b.dataset.version;
    var flash = document.getElementById("flash");
    if (flash) flash.innerHTML = ""; // the answer's message, if any, is the one to show
    sentVersion = version(b);
    sentTimer = setTimeout(settled, 5000); // no answer: the board poll repairs the page
    try {
      ws.sendImmediately(JSON.stringify(msg));
    } catch (err) { // closed meanwhile: the POST takes the move
      sentVersion = null;
      clearTimeout(sentTimer);
      return false;
    }
    return true;
  }
  function send(control) {
    var b = board();
    if (!b || sending || control.disabled) return;
    var dlg = control.closest("dialog");
    if (dlg && dlg.open) dlg.close();
    sending = true;
    b.classList.add("sending");
    if (sendOverSocket(b, control)) return;
    // the answer goes into the frame's holder, not into this #board element: a push may replace
    // the board while the move is under way, and a detached target would swallow the answer
    // (with the message of a refused move, e.g. a late press in a simultaneous phase)
    var holder = b.parentNode;
    htmx.ajax("POST", b.dataset.actUrl, {
      source: holder,
      target: holder,
      swap: "innerHTML",
      values: { action: control.getAttribute("data-action"), version: b.dataset.version },
    }).finally(function () {
      sending = false;
      var nb = board();
      if (nb) nb.classList.remove("sending");
    });
  }
  document.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest("[data-action], [data-dialog]");
    if (!t || !t.closest("#board")) return;
    e.preventDefault();
    if (touchPreview(t)) return;
    if (t.hasAttribute("data-dialog")) {
      var d = document.getElementById(t.getAttribute("data-dialog"));
      if (d && !d.open) {
        d.showModal();
        var first = d.querySelector("[data-action]:not([disabled])");
        if (first) first.focus();
      }
      return;
    }
    send(t);
  });

  // -- the Vorschau: the board's `[data-preview-out]` holds one sentence per hand card (`.pv`
  // with the `data-pv` of the card's `li`) and shows one: the card of the most recent intent –
  // the pointer resting on a card, the keyboard's focus on a card, a first tap on a touch screen
  // (which acts on the second). The focus the page itself puts back after a move is no intent.
  var coarse = !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  var byKey = false;
  var pvHover = null; // the card (its data-pv) under the pointer or tapped once
  var pvFocus = null; // the card that has the focus
  var pvSource = null; // "hover" or "focus": the newer of the two
  var refocusing = false; // restoreFocus is putting the focus back
  function pvItem(el) {
    var li = el && el.closest && el.closest("[data-hand] li[data-pv]");
    return li && li.closest("#board") ? li.getAttribute("data-pv") : null;
  }
  function showPreview() {
    var out = document.querySelector("#board [data-preview-out]");
    if (!out) return;
    var n = pvSource === "focus" && pvFocus !== null ? pvFocus : pvHover !== null ? pvHover : pvFocus;
    var shown = false;
    out.querySelectorAll(".pv").forEach(function (s) {
      var on = s.getAttribute("data-pv") === n;
      s.classList.toggle("shown", on);
      shown = shown || on;
    });
    out.classList.toggle("showing", shown);
  }
  document.addEventListener("pointerover", function (e) {
    if (e.pointerType === "touch") return; // a tap: touchPreview
    var n = pvItem(e.target);
    if (n === pvHover) return; // still the same card (or still none)
    pvHover = n;
    if (n !== null) pvSource = "hover";
    showPreview();
  });
  document.addEventListener("focusin", function (e) {
    pvFocus = pvItem(e.target);
    if (pvFocus !== null && !refocusing) pvSource = "focus";
    showPreview();
  });
  document.addEventListener("focusout", function (e) {
    if (pvItem(e.relatedTarget) !== null) return; // the focusin follows
    pvFocus = null;
    showPreview();
  });
  function touchPreview(t) {
    if (!coarse || byKey || !t.hasAttribute("data-preview") || t.classList.contains("armed")) return false;
    document.querySelectorAll("#board .armed").forEach(function (x) { x.classList.remove("armed"); });
    t.classList.add("armed");
    pvHover = pvItem(t);
    pvSource = "hover";
    showPreview();
    return true;
  }

  // -- keys ---------------------------------------------------------------------------------
  // the key hints (kbd, the key help) show once a keyboard is used: table.css hides them before
  document.addEventListener("keydown", function () {
    document.documentElement.classList.add("keys-used");
  }, { capture: true, once: true });
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    var dlg = document.querySelector("dialog[open]");
    var scope = dlg || board();
    if (!scope) return;
    if (dlg && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
      var buttons = Array.prototype.slice.call(dlg.querySelectorAll("[data-action]:not([disabled])"));
      if (!buttons.length) return;
      var i = buttons.indexOf(document.activeElement);
      var n = e.key === "ArrowRight" ? (i + 1) % buttons.length : (i - 1 + buttons.length) % buttons.length;
      buttons[n].focus();
      e.preventDefault();
      return;
    }
    var key = e.key.length === 1 ? e.key.toLowerCase() : "";
    if (!key) return;
    var el = scope.querySelector('[data-key="' + key + '"]:not([disabled])');
    if (!el) return;
    e.preventDefault();
    if (el.tagName.toLowerCase() === "summary") {
      var panel = el.parentElement;
      if (panel.open) panel.open = false;
      else openPanel(panel); // opened by its key: brought into view (a panel below the hand)
      return;
    }
    el.focus();
    byKey = true;
    try { el.click(); } finally { byKey = false; }
  });

  // -- a fragment older than what the page shows is dropped ---------------------------------
  // Also one rendered before the person's last switch („Bewegung“, sorting, a game's helps: a
  // move's push that crossed the switch's answer), which must not undo it: of the state shown it
  // is dropped, of a newer state it is shown and the current board fetched behind it.
  function outdated(v, rev) {
    var b = board();
    if (v < currentVersion()) return true;
    if (rev >= prefsRev(b)) return false;
    if (v === currentVersion()) return true;
    setTimeout(function () { htmx.ajax("GET", b.dataset.boardUrl, { target: "#board", swap: "outerHTML" }); }, 0);
    return false;
  }
  document.body.addEventListener("htmx:oobBeforeSwap", function (e) {
    var frag = e.detail.fragment;
    var el = frag && (frag.id === "board" ? frag : frag.querySelector && frag.querySelector("#board"));
    if (el && outdated(version(el), prefsRev(el))) e.detail.shouldSwap = false;
    // the same state again (a socket that connects, a seat's connection badge): a choice dialog
    // or a Karten-Info the person has open stays instead of vanishing under their finger
    // (not while the answer to a move sent over the socket is awaited: that may be this board)
    else if (sentVersion === null && el && version(el) === currentVersion() && document.querySelector("#board dialog[open], #board .show-info")) e.detail.shouldSwap = false;
    else {
      rememberFocus();
      if (el) snapshot();
      // a push of the version the page already shows must not wipe the message the answer to
      // the own (refused) move brought, e.g. "too late" in a simultaneous phase
      var flash = document.getElementById("flash");
      keptFlash = el && version(el) === currentVersion() && flash && flash.textContent.trim() ? flash.innerHTML : "";
    }
  });
  var keptFlash = "";
  document.body.addEventListener("htmx:oobAfterSwap", function () {
    var flash = document.getElementById("flash");
    if (keptFlash && flash && !flash.textContent.trim()) flash.innerHTML = keptFlash;
    keptFlash = "";
  });
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    var text = e.detail.serverResponse || "";
    var m = /data-version="(\d+)"/.exec(text);
    var p = /data-prefs="(\d+)"/.exec(text);
    if (m && outdated(parseInt(m[1], 10), p ? parseInt(p[1], 10) : 0)) e.detail.shouldSwap = false;
    else {
      rememberFocus();
      if (m) snapshot();
    }
  });

  // -- focus stays on the hand after a board swap -------------------------------------------
  var focusKey = null;
  // panels a person opened (<details id=…>: Letzter Stich, a game's own panels) stay open across swaps
  var openPanels = [];
  function rememberPanels() {
    var b = board();
    if (b) openPanels = Array.prototype.map.call(b.querySelectorAll("details[id][open]"), function (d) { return d.id; });
  }
  function restorePanels() {
    openPanels.forEach(function (id) {
      var d = document.getElementById(id);
      if (d && d.tagName.toLowerCase() === "details") d.open = true;
    });
  }
  function rememberFocus() {
    rememberPanels();
    var a = document.activeElement;
    var b = board();
    if (!b) return;
    if (a && b.contains(a)) focusKey = a.getAttribute("data-key") || a.id || "hand";
    else if (a === document.body && focusKey === null) focusKey = null;
  }
  function restoreFocus() {
    if (focusKey === null) return;
    var b = board();
    if (!b || document.querySelector("dialog[open]")) return;
    var a = document.activeElement;
    if (a && a !== document.body && b.contains(a)) return;
    // the same control if it is still there, else the first choice of the hand, else the hand
    // itself (focusable by script, no tab stop): the keyboard stays where the cards are
    var el = b.querySelector('[data-key="' + focusKey + '"]:not([disabled])') ||
      (focusKey !== "hand" && document.getElementById(focusKey)) ||
      b.querySelector("[data-hand] .hand [data-action]:not([disabled]), [data-hand] .hand [data-dialog]") ||
      b.querySelector("[data-hand] [data-action]:not([disabled]), [data-hand] [data-dialog]") ||
      b.querySelector("[data-action]:not([disabled])") ||
      b.querySelector("[data-hand] .hand");
    if (el && !el.disabled) {
      // the focus the page put back opens no Karten-Info over the pile or the „Verlangt“ line:
      // only a focus the person moves (Tab, a key that presses a control) or a touch does
      // (`.info-quiet` in site.css); any other key (Space, M) leaves it closed
      document.documentElement.classList.add("info-quiet");
      refocusing = true;
      try { el.focus({ preventScroll: true }); } finally { refocusing = false; }
    }
  }
  document.addEventListener("focusin", function () {
    if (!refocusing) document.documentElement.classList.remove("info-quiet");
  }, true);

  // -- a Karten-Info opens under the mouse only when the person points at it: a board swapped
  // in (or a key pressed) under a mouse that rests opens none (`.info-rest` in site.css) until
  // the mouse really moves; a focus the person moves still opens its info ----------------------
  var pointerAt = null;
  function rest() { document.documentElement.classList.add("info-rest"); }
  rest(); // a new page under a resting mouse (the „Solo starten“ button lay there) as well
  document.addEventListener("keydown", rest, true);
  document.addEventListener("pointermove", function (e) {
    if (e.pointerType === "touch") return;
    // a browser's own move event after a layout change repeats the position: no move
    if (pointerAt && pointerAt.x === e.clientX && pointerAt.y === e.clientY) return;
    pointerAt = { x: e.clientX, y: e.clientY };
    document.documentElement.classList.remove("info-rest");
  }, true);
  document.addEventListener("pointerdown", function () { // a touch or a click: both open again
    document.documentElement.classList.remove("info-quiet", "info-rest");
  }, true);

  // -- screen readers: what happened and whose turn it is -----------------------------------
  // The board's hidden #announce-src holds the event lines of the last moves (oldest first, each
  // with its `data-seq` "version.index") and the turn line: every line newer than the last one
  // read is announced, in order (a trick's last card, its winner, the round's score), then the
  // turn. The first board of the page announces its newest line only.
  var lastAnnounced = "";
  var lastSeq = null;
  function seqOf(el) {
    var p = (el.getAttribute("data-seq") || "0.0").split(".");
    return parseInt(p[0], 10) * 1000 + parseInt(p[1] || "0", 10);
  }
  function announce() {
    var src = document.getElementById("announce-src");
    var out = document.getElementById("announcer");
    if (!src || !out) return;
    var lines = Array.prototype.slice.call(src.querySelectorAll("[data-seq]"));
    var fresh = lastSeq === null ? lines.slice(-1) : lines.filter(function (l) { return seqOf(l) > lastSeq; });
    if (lines.length) lastSeq = Math.max(lastSeq === null ? 0 : lastSeq, seqOf(lines[lines.length - 1]));
    var turn = src.querySelector("[data-turn]");
    var parts = fresh.map(function (l) { return l.textContent.trim(); });
    if (turn) parts.push(turn.textContent.trim());
    var text = parts.filter(Boolean).join(" ");
    if (text && text !== lastAnnounced) { lastAnnounced = text; out.textContent = text; }
  }

  // -- countdown of the current phase, from the server's deadline (with a visible grace) -----
  // A clock stopped while its person was away has no deadline: the server wrote the time that
  // was left and „Uhr angehalten“; it stays frozen until a board with a deadline comes.
  function tick() {
    var el = document.getElementById("countdown");
    if (!el || !el.dataset.deadline) return;
    var grace = parseInt(el.dataset.grace || "0", 10);
    var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
    var main = left - grace;
    var shown = main > 0 ? main : left;
    var m = Math.floor(shown / 60), s = shown % 60;
    // the clock's picture is drawn by site.css (`.countdown::before`), never a font's glyph
    var text = (main > 0 ? "" : "Nachspielzeit ") + m + ":" + (s < 10 ? "0" : "") + s;
    // a Fernpartie's clock of hours or days: hours and minutes
    if (shown >= 3600) text = Math.floor(shown / 3600) + " h " + (m % 60) + " min";
    if (main > 0 && grace) text += " (+" + grace + " s)";
    el.textContent = text;
    el.classList.toggle("urgent", shown <= 10);
    el.classList.toggle("grace", main <= 0 && grace > 0);
    // the same time on the chip of the seat on turn (the frame's `.seat-clock`, table.css)
    document.querySelectorAll("#board .seat.turn .seat-clock").forEach(function (c) {
      if (c.textContent !== text) c.textContent = text;
      c.classList.toggle("urgent", shown <= 10);
    });
  }
  setInterval(tick, 250);

  // -- Rat: the light-bulb button (or R) asks; the answer stands next to it, and a pushed board
  // gets the same answer back while the person still has the same decision (the button's
  // `data-decision`: a bot's pick in a Tauschrunde leaves it), until they act ----------------
  // the page's words come from the template (gettext): the match shell's data-words-*
  function shellWord(name) {
    var shell = document.querySelector(".match-shell");
    return (shell && shell.getAttribute("data-words-" + name)) || "";
  }
  // a switch's state in the page's language („an“/„aus“)
  var ON_WORD = shellWord("on") || "an";
  var OFF_WORD = shellWord("off") || "aus";
  var ADVICE_WAIT = shellWord("advice-wait");
  var ADVICE_FAILED = shellWord("advice-failed");
  var advicePanel = null; // the panel that holds an answer (or waits for one), kept across swaps
  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (err) { return ""; }
  }
  function adviceLine(cls, text) {
    var p = document.createElement("p");
    p.className = cls;
    p.textContent = text;
    return p;
  }
  function askAdvice(button) {
    var panel = document.getElementById("advice-panel");
    if (!panel || button.disabled) return;
    advicePanel = panel;
    panel.setAttribute("data-decision", button.getAttribute("data-decision") || "");
    panel.replaceChildren(adviceLine("advice-wait muted", ADVICE_WAIT));
    fetch(button.getAttribute("data-advice-url"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
    }).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.text();
    }).then(function (html) {
      if (advicePanel !== panel) return; // the decision is over: the answer is stale
      panel.innerHTML = html; // our own fragment (games/_advice.html, escaped by Django)
      markAdvice();
    }).catch(function () {
      if (advicePanel === panel) panel.replaceChildren(adviceLine("advice-text refused", ADVICE_FAILED));
    });
  }
  document.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest("#advice");
    if (!t) return;
    e.preventDefault();
    askAdvice(t);
  });
  // after a swap: the kept answer replaces the new board's empty panel while the decision is the
  // same; otherwise it is dropped (the person acted, the phase moved on, the helps went off)
  function placeAdvice() {
    var fresh = document.getElementById("advice-panel");
    if (advicePanel && advicePanel !== fresh) {
      var button = document.getElementById("advice");
      var decision = advicePanel.getAttribute("data-decision") || "";
      if (fresh && button && decision && decision === button.getAttribute("data-decision")) fresh.replaceWith(advicePanel);
      else advicePanel = null;
    }
    markAdvice();
  }
  function markAdvice() {
    var p = document.querySelector("#advice-panel [data-advised]");
    document.querySelectorAll("#board .advised").forEach(function (x) { x.classList.remove("advised"); });
    if (!p) return;
    // still this decision (placeAdvice): the answer holds for the board's version (a game's script may read it)
    p.setAttribute("data-advised-version", String(currentVersion()));
    var want = p.getAttribute("data-advised");
    document.querySelectorAll("#board [data-action]").forEach(function (x) {
      if (x.getAttribute("data-action") === want) {
        x.classList.add("advised");
        var opener = x.closest("dialog") && document.querySelector('[data-dialog="' + x.closest("dialog").id + '"]');
        if (opener) opener.classList.add("advised");
      }
    });
  }

  // -- a lost push is repaired: every few seconds the page asks whether it is current (over the
  // socket while it is open, else by GET; the socket's answer is the current board or nothing) --
  setInterval(function () {
    var b = board();
    if (!b || refused || sending || document.querySelector("dialog[open]") || b.dataset.status !== "running") return;
    if (ws) { // over the open socket: the server pushes the current board if this one is behind
      try { ws.sendImmediately(JSON.stringify({ type: "sync", version: b.dataset.version })); return; } catch (err) { ws = null; }
    }
    htmx.ajax("GET", b.dataset.boardUrl + "?v=" + b.dataset.version, { target: "#board", swap: "outerHTML" });
  }, 8000);

  var shownBoard = board();
  function afterSwap() {
    if (board() !== shownBoard) { shownBoard = board(); rest(); } // a new board (not a chat line)
    restorePanels(); tick(); restoreFocus(); showPreview(); announce(); placeAdvice(); moved(); turnCheck(); showSwitches(); runningBadge();
  }
  // right after the DOM changed (no settle delay: panels, focus and advice are never a frame late)
  document.body.addEventListener("htmx:afterSwap", afterSwap);
  document.body.addEventListener("htmx:afterSettle", afterSwap);
  document.body.addEventListener("htmx:oobAfterSwap", afterSwap);
  // a pushed board settles right after its swap and so restores its controls' classes: Rat's
  // mark goes on again once the socket's message is done
  document.body.addEventListener("htmx:wsAfterMessage", markAdvice);
  document.addEventListener("focusin", function (e) {
    var b = board();
    if (b && b.contains(e.target)) focusKey = e.target.getAttribute("data-key") || e.target.id || "hand";
    else if (e.target !== document.body) focusKey = null;
  });
  tick();
  announce();
  showPreview();

  // -- motion: what happened, shown ---------------------------------------------------------
  // Before a new board is swapped in, the old one is measured (hand cards by their card and
  // number among equals, the trick's plays, the seats' card counts, the pile); after the swap
  // the difference flies: a played card from the hand or the player's seat to the pile or
  // trick, drawn cards from the draw pile (or a taken pile) to the hand, a finished trick to its
  // winner's seat; a game's own flip (its script says what turns). The flights are copies in a layer above the page
  // (`#motion-layer`, no pointer events): the board underneath is already the new one and takes
  // every press. A push that arrives while a flight is under way waits its turn (bots' quick
  // moves play one after the other); a long queue is cut so the page never lags behind.
  // The hand's own cards glide to their new places (FLIP: a re-sort, a card that left, cards that
  // came): each card is already where it belongs and takes every press, it is only drawn from
  // its old place for a moment. A deal (or a draw) flies every card, one after the other, the
  // whole deal within DEAL_MS.
  // Off with prefers-reduced-motion and with the seat's switch „Bewegung“ (`data-motion="0"`).
  var MOTION_MS = 240;
  var GLIDE_MS = 200;
  var DEAL_MS = 800; // the last dealt card lands by then, however many there are
  var reduceQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  // what played (the browser tests read it): flights, hand cards that glided, per deal (or
  // draw) its cards and the time until the last one landed, per trick that flew its winner, and
  // whether a batch is flying or waiting now (busy)
  window.speedgamesMotion = { flights: 0, glides: 0, deals: [], tricks: [], on: motionOn, busy: false };
  function motionOn() {
    var b = board();
    if (!b || (reduceQuery && reduceQuery.matches)) return false;
    return b.getAttribute("data-motion") !== "0" && typeof document.body.animate === "function";
  }
  function box(el) {
    var r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  }
  function visible(r) { return r && r.width > 0 && r.height > 0; }
  function handCards(b) {
    var seen = {};
    var out = {};
    b.querySelectorAll("[data-hand] [data-card]").forEach(function (el) {
      var c = el.getAttribute("data-card");
      seen[c] = (seen[c] || 0) + 1;
      out[c + "#" + seen[c]] = el;
    });
    return out;
  }
  // a hand card's place in its hand (its <li>: a card's own lift on hover is not a move), relative
  // to the hand, so a hand that moves as a whole (a line above it) does not glide
  function handItem(el) {
    var li = el.parentElement && el.parentElement.tagName.toLowerCase() === "li" ? el.parentElement : null;
    return li || el;
  }
  function handPlace(el) {
    var item = handItem(el);
    var ref = item.closest(".hand") || item.closest("[data-hand]");
    var r = box(item);
    if (!ref || !visible(r)) return null;
    var o = box(ref);
    return { left: r.left - o.left, top: r.top - o.top };
  }
  function plays(b) { return Array.prototype.slice.call(b.querySelectorAll(".trick:not(.small) > .trick-play")); }
  function seatCounts(b) {
    var out = {};
    b.querySelectorAll(".seats [data-seat]").forEach(function (el) {
      var c = el.querySelector(".count");
      out[el.getAttribute("data-seat")] = c ? parseInt(c.textContent.replace(/\D+/g, ""), 10) : NaN;
    });
    return out;
  }
  // what a game's board has beyond the shared table (seats, hand, trick) is told by the game's own
  // script (`GameDef.js`: static/js/games/<slug>.js), loaded after this one on its page only:
  // `speedgamesMatch.register({pile, drawPile, flip})` – the pile's top ({el, sig}: what lies on
  // it) or size ({el, n}), the draw pile's element, and a flip ({key, el}: a new key turns el)
  var game = { pile: null, drawPile: null, flip: null };
  window.speedgamesMatch = {
    register: function (hooks) {
      Object.keys(game).forEach(function (k) { if (typeof hooks[k] === "function") game[k] = hooks[k]; });
    },
  };
  function pileTop(b) { return game.pile ? game.pile(b) : null; }
  function drawPile(b) { return game.drawPile ? game.drawPile(b) : null; }
  function flipOf(b) { return (game.flip && game.flip(b)) || { key: "", el: null }; }
  var before = null;
  function snapshot() {
    var b = board();
    if (!b || !motionOn()) { before = null; return; }
    var hand = handCards(b);
    var rects = {};
    var places = {};
    Object.keys(hand).forEach(function (k) { rects[k] = box(hand[k]); places[k] = handPlace(hand[k]); });
    before = {
      board: b,
      hand: rects,
      places: places,
      plays: plays(b).map(function (li) {
        var card = li.querySelector(".card") || li;
        return { seat: li.getAttribute("data-seat"), winner: li.classList.contains("winner"), node: card, rect: box(card) };
      }),
      counts: seatCounts(b),
      pile: pileTop(b),
      flip: flipOf(b).key,
    };
  }
  function seatBox(b, seat) {
    var el = seat !== null && seat !== undefined && b.querySelector('.seats [data-seat="' + seat + '"]');
    return el ? box(el) : null;
  }
  // the seat whose hand got smaller (who played), else the one whose turn it was
  function mover(old, b) {
    var now = seatCounts(b);
    var best = null;
    Object.keys(now).forEach(function (k) {
      if (old.counts[k] > now[k] && best === null) best = k;
    });
    if (best !== null) return best;
    var t = old.board.querySelector(".seats .seat.turn");
    return t ? t.getAttribute("data-seat") : null;
  }
  function moved() {
    var old = before;
    before = null;
    var b = board();
    if (!old || !b || b === old.board || !motionOn()) return;
    var flights = [];
    var hand = handCards(b);
    var gone = Object.keys(old.hand).filter(function (k) { return !hand[k]; });
    var fromHand = gone.length ? old.hand[gone[0]] : null;
    var who = mover(old, b);
    // a card that lands on the trick: from the own hand or from the player's seat
    var now = plays(b);
    var fresh = now.length >= old.plays.length ? now.slice(old.plays.length) : now;
    fresh.forEach(function (li) {
      var card = li.querySelector(".card") || li;
      var seat = li.getAttribute("data-seat");
      var from = li.closest && fromHand && (seat === null || b.querySelector('.seats .seat.me[data-seat="' + seat + '"]')) ? fromHand : seatBox(b, seat !== null ? seat : who);
      flights.push({ target: card, from: from });
    });
    // a card (or cards laid face down) that lands on the pile
    var pile = pileTop(b);
    if (pile && old.pile && ((pile.sig && pile.sig !== old.pile.sig) || (pile.n > old.pile.n))) {
      flights.push({ target: pile.el, from: fromHand || seatBox(b, who) });
    }
    // drawn cards (or a taken pile) fly to the hand, every one of them, one after the other
    var taken = pile && old.pile && pile.n < old.pile.n;
    var src = taken ? pile.el : drawPile(b);
    var added = Object.keys(hand).filter(function (k) { return !old.hand[k]; });
    var had = Object.keys(old.hand).length;
    var deal = null;
    if (!src && Object.keys(hand).length > had) {
      // the trick games have no draw pile: what came is dealt from the middle of the table, and
      // a new round's deal (after the hand's last card, or none) flies the whole hand
      src = b.querySelector("#trick") || b.querySelector(".center");
      if (had <= 1) added = Object.keys(hand);
    }
    if (src && added.length) {
      var at = box(src);
      if (!taken && !drawPile(b)) { // a card-sized deck in the middle of the table
        var c = box(hand[added[0]]);
        at = { left: at.left + (at.width - c.width) / 2, top: at.top + (at.height - c.height) / 2, width: c.width, height: c.height };
      }
      var step = added.length > 1 ? Math.min(60, (DEAL_MS - MOTION_MS) / (added.length - 1)) : 0;
      // planned: when the last card lands by the schedule; ms: when it did (a busy machine's
      // browser may land it later)
      deal = { cards: added.length, ms: 0, planned: Math.round((added.length - 1) * step) + MOTION_MS };
      added.forEach(function (k, i) { flights.push({ target: hand[k], from: at, delay: Math.round(i * step), deal: deal }); });
    }
    glide(old, hand, added);
    // a finished trick flies to its winner's seat (the winner's play is marked; else the winner
    // leads the next trick: the seat on turn)
    if (old.plays.length && now.length < old.plays.length) {
      var win = old.plays.filter(function (p) { return p.winner; })[0];
      var t = b.querySelector(".seats .seat.turn");
      var winner = win && win.seat !== null ? win.seat : t && t.getAttribute("data-seat");
      var to = seatBox(b, winner);
      if (to) {
        old.plays.forEach(function (p) { flights.push({ ghost: p.node, from: p.rect, to: to, seat: winner }); });
        window.speedgamesMotion.tricks.push({ seat: winner, cards: old.plays.length });
      }
    }
    // a game's flip (its script's `flip`: cards turned face up)
    var flip = null;
    var turned = flipOf(b);
    if (turned.key && turned.key !== old.flip) flip = turned.el;
    if (flights.length || flip) enqueue({ flights: flights, flip: flip, deal: deal });
  }
  // FLIP: every hand card that was there before is drawn at its old place and slides home
  function glide(old, hand, arriving) {
    Object.keys(hand).forEach(function (k) {
      var was = arriving.indexOf(k) < 0 && old.places && old.places[k];
      var now = was && handPlace(hand[k]);
      if (!now) return;
      var dx = was.left - now.left, dy = was.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      handItem(hand[k]).animate([
        { transform: "translate(" + dx + "px," + dy + "px)" },
        { transform: "none" },
      ], { duration: GLIDE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
      window.speedgamesMotion.glides += 1;
    });
  }
  var queue = [];
  var flying = false;
  function enqueue(batch) {
    batch.flights.forEach(function (f) { if (f.target) f.target.classList.add("motion-pending"); });
    queue.push(batch);
    while (queue.length > 3) land(queue.shift()); // far behind: the oldest moves just land
    if (!flying) nextBatch();
  }
  function land(batch) {
    batch.flights.forEach(function (f) { if (f.target) f.target.classList.remove("motion-pending"); });
  }
  function layer() {
    var l = document.getElementById("motion-layer");
    if (!l) {
      l = document.createElement("div");
      l.id = "motion-layer";
      l.className = "motion-layer";
      l.setAttribute("aria-hidden", "true");
      l.inert = true; // a flying copy of a card button takes no focus (issue 44: aria-hidden-focus)
      l.setAttribute("inert", "");
      document.body.appendChild(l);
    }
    return l;
  }
  function nextBatch() {
    var batch = queue.shift();
    flying = !!batch;
    window.speedgamesMotion.busy = flying;
    if (!batch) return;
    var l = layer();
    var ghosts = [];
    var longest = 0; // the last flight's delay: a deal's cards leave one after the other
    var started = Date.now();
    batch.flights.forEach(function (f) {
      var node = f.target || f.ghost;
      var to = f.to || (f.target && f.target.isConnected ? box(f.target) : null);
      if (!node || !visible(f.from) || !visible(to)) return;
      var g = node.cloneNode(true);
      g.classList.remove("motion-pending");
      g.removeAttribute("id");
      var wrap = document.createElement("div");
      wrap.className = "motion-fly";
      if (f.seat !== undefined && f.seat !== null) wrap.setAttribute("data-to-seat", f.seat);
      var end = f.to ? f.from : to; // a trick's card keeps its size and shrinks into the seat
      wrap.style.left = end.left + "px";
      wrap.style.top = end.top + "px";
      wrap.style.width = end.width + "px";
      wrap.style.height = end.height + "px";
      wrap.appendChild(g);
      l.appendChild(wrap);
      ghosts.push(wrap);
      var a = f.to ? { left: 0, top: 0, s: 1 } : { left: f.from.left - to.left, top: f.from.top - to.top, s: Math.min(1.4, Math.max(0.4, f.from.width / to.width)) };
      var z = f.to ? { left: f.to.left + f.to.width / 2 - (f.from.left + f.from.width / 2), top: f.to.top + f.to.height / 2 - (f.from.top + f.from.height / 2), s: 0.35 } : { left: 0, top: 0, s: 1 };
      var delay = f.delay || 0;
      longest = Math.max(longest, delay);
      var anim = wrap.animate([
        { transform: "translate(" + a.left + "px," + a.top + "px) scale(" + a.s + ")", opacity: f.to ? 1 : 0.6 },
        { transform: "translate(" + z.left + "px," + z.top + "px) scale(" + z.s + ")", opacity: f.to ? 0.2 : 1 },
      ], { duration: MOTION_MS, delay: delay, fill: "backwards", easing: "cubic-bezier(.2,.7,.3,1)" });
      anim.onfinish = function () {
        if (f.deal) f.deal.ms = Math.max(f.deal.ms, Date.now() - started);
        if (!delay) return;
        wrap.remove(); // a dealt card shows as soon as its own copy has landed
        if (f.target) f.target.classList.remove("motion-pending");
      };
      window.speedgamesMotion.flights += 1;
    });
    if (batch.flip && batch.flip.isConnected) {
      batch.flip.animate([{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }], { duration: MOTION_MS, easing: "ease-out" });
      window.speedgamesMotion.flights += 1;
    }
    if (batch.deal) window.speedgamesMotion.deals.push(batch.deal);
    setTimeout(function () {
      ghosts.forEach(function (g) { g.remove(); });
      land(batch);
      nextBatch();
    }, MOTION_MS + longest + 20);
  }

  // -- turn alerts: a hidden tab's title and icon say „Du bist dran“; a sound (the switch „Ton
  // bei deinem Zug“) and a short vibration on phones (after the person touched the page) -------
  var TURN_TITLE = shellWord("turn-title");
  var pageTitle = document.title;
  var icon = document.querySelector('link[rel="icon"]');
  var pageIcon = icon ? icon.getAttribute("href") : "";
  var alerting = false;
  var wasMyTurn = !!board() && board().getAttribute("data-my-turn") === "1";
  var touched = false;
  var audio = null;
  ["pointerdown", "keydown"].forEach(function (name) {
    document.addEventListener(name, function (e) {
      if (e.pointerType === "touch") touched = true;
      // an audio context starts only after a gesture: made here, used when the turn comes
      if (!audio && (window.AudioContext || window.webkitAudioContext)) {
        try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (err) { audio = null; }
      }
    }, true);
  });
  function chime() {
    if (!audio) return;
    try {
      if (audio.state === "suspended") audio.resume();
      [[660, 0], [880, 0.13]].forEach(function (n) {
        var o = audio.createOscillator();
        var g = audio.createGain();
        var t = audio.currentTime + n[1];
        o.frequency.value = n[0];
        g.gain.setValueAtTime(0.0001, t);
        g.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
        g.gain.exponentialRampToValueAtTime(0.0001, t + 0.12);
        o.connect(g).connect(audio.destination);
        o.start(t);
        o.stop(t + 0.13);
      });
      window.speedgamesTurnSounds = (window.speedgamesTurnSounds || 0) + 1;
    } catch (err) { /* no sound in this browser */ }
  }
  function showTurnAlert(on) {
    alerting = on;
    document.title = on ? TURN_TITLE : pageTitle;
    if (icon && pageIcon) icon.setAttribute("href", on ? icon.getAttribute("data-turn-href") || pageIcon : pageIcon);
  }
  function turnCheck() {
    var b = board();
    var mine = !!b && b.getAttribute("data-my-turn") === "1";
    if (mine && !wasMyTurn) {
      if (document.visibilityState === "hidden") showTurnAlert(true);
      if (b.getAttribute("data-turn-sound") === "1") chime();
      if (touched && navigator.vibrate) { try { navigator.vibrate(120); } catch (err) { /* none */ } }
    }
    if (!mine && alerting) showTurnAlert(false);
    wasMyTurn = mine;
  }
  // the switches under the board (templates/games/match.html) show what the board says
  function showSwitches() {
    var b = board();
    if (!b) return;
    [["bewegung-toggle", b.getAttribute("data-motion") !== "0"], ["zugton-toggle", b.getAttribute("data-turn-sound") === "1"]].forEach(function (s) {
      var el = document.getElementById(s[0]);
      var state = el && el.querySelector(".pref-state");
      if (!state) return;
      el.setAttribute("aria-checked", s[1] ? "true" : "false"); // a role=switch of type=button (issue 44)
      el.classList.toggle("on", s[1]);
      state.textContent = s[1] ? ON_WORD : OFF_WORD;
    });
    // a game's own switches (`data-pref`): on when the board's `data-prefs-on` names them
    var held = b.querySelector("[data-prefs-on]");
    if (!held) return;
    var on = (held.getAttribute("data-prefs-on") || "").split(" ");
    document.querySelectorAll(".settings-panel .pref-switch[data-pref]").forEach(function (el) {
      var yes = on.indexOf(el.getAttribute("data-pref")) >= 0;
      var state = el.querySelector(".pref-state");
      el.setAttribute("aria-checked", yes ? "true" : "false");
      el.classList.toggle("on", yes);
      if (state) state.textContent = yes ? ON_WORD : OFF_WORD;
    });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && alerting) showTurnAlert(false);
  });

  // -- the header's „laufende Partie · du bist dran“ and the start's „Dein Tagesspiel läuft“
  // follow the board: the badge counts this match while it runs and says „du bist dran“ only
  // when the board does (never while the computer plays the seat); the notices that hold only
  // while the game runs (class "while-running") go at its end --------------------------------
  function runningBadge() {
    var b = board();
    if (!b) return;
    var running = b.getAttribute("data-status") === "running";
    if (!running) {
      document.querySelectorAll(".messages .while-running").forEach(function (m) { m.remove(); });
      var list = document.querySelector("ul.messages");
      if (list && !list.children.length) list.remove();
    }
    var badge = document.getElementById("nav-running");
    if (!badge || !badge.hasAttribute("data-others")) return;
    var here = badge.getAttribute("data-here") === "1" && running;
    var count = parseInt(badge.getAttribute("data-others"), 10) + (here ? 1 : 0);
    var turn = badge.getAttribute("data-others-turn") === "1" || (here && b.getAttribute("data-my-turn") === "1");
    var text = badge.querySelector(".running-text");
    if (text) text.textContent = count === 1 ? badge.getAttribute("data-one") : badge.getAttribute("data-many").replace("%n", count);
    var dot = badge.querySelector(".turn-dot");
    if (dot) dot.hidden = !turn;
    badge.classList.toggle("your-turn", turn);
    badge.hidden = count === 0;
  }
  runningBadge();

  // -- „Zum Spiel springen“: past the header straight to the first card the person may play --
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest(".skip-link[href='#spiel']");
    var b = board();
    if (!link || !b) return;
    var el = b.querySelector("[data-hand] [data-action]:not([disabled]), [data-hand] [data-dialog]") ||
      b.querySelector("[data-action]:not([disabled]), [data-dialog]") ||
      document.getElementById("spiel");
    if (!el) return;
    e.preventDefault();
    el.focus();
    el.scrollIntoView({ block: "center" });
  });

  // -- a button that opens a panel of the board (`data-open-panel`: a button at the top opens a
  // panel further down, as the panel's key does) ------------------------------------------------
  // A panel opened by its key (the summary's `data-key`) comes into view the same way: it may lie
  // below the fold (under the hand), and its summary takes the keyboard's focus.
  function openPanel(d) {
    d.open = true;
    var s = d.querySelector("summary") || d;
    s.focus({ preventScroll: true });
    d.scrollIntoView({ block: "start", behavior: motionOn() ? "smooth" : "auto" });
  }
  document.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest("[data-open-panel]");
    var d = t && document.getElementById(t.getAttribute("data-open-panel"));
    if (!d) return;
    e.preventDefault();
    openPanel(d);
  });

  // -- Karten-Info: hover on desktop (CSS), long press on touch screens ---------------------
  // (any `.has-info` element: hand cards, seats, whatever a game's board marks). The press that
  // showed the info does not also act: its click and the phone's context menu are swallowed.
  var pressTimer = null;
  var pressedAt = 0;
  var pressedOn = null;
  var touching = null;
  function showInfo(holder) {
    clearTimeout(pressTimer);
    document.querySelectorAll(".has-info.show-info").forEach(function (x) { x.classList.remove("show-info"); });
    holder.classList.add("show-info");
    pressedAt = Date.now();
    pressedOn = holder;
    fitInfo(holder);
  }
  // an info near the screen's edge is moved inside it (a card at the right end of the hand, the
  // draw pile's info that opens to the left): by `translate`, whichever side it is anchored to
  function fitInfo(holder) {
    var info = holder && holder.querySelector(":scope > .card-info");
    if (!info) return;
    info.style.translate = "";
    var r = info.getBoundingClientRect();
    if (!r.width) return;
    var room = document.documentElement.clientWidth - 4;
    if (r.right > room) info.style.translate = -Math.min(r.right - room, r.left - 4) + "px 0";
    else if (r.left < 4) info.style.translate = (4 - r.left) + "px 0";
  }
  ["mouseover", "focusin"].forEach(function (name) {
    document.addEventListener(name, function (e) {
      var holder = e.target.closest && e.target.closest(".has-info");
      if (holder) requestAnimationFrame(function () { fitInfo(holder); });
    });
  });
  document.addEventListener("touchstart", function (e) {
    var holder = e.target.closest && e.target.closest(".has-info");
    clearTimeout(pressTimer);
    touching = holder;
    if (!holder) return;
    pressTimer = setTimeout(function () { showInfo(holder); }, 450);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (name) {
    document.addEventListener(name, function () { clearTimeout(pressTimer); touching = null; }, { passive: true });
  });
  function justPressed(e) {
    return pressedOn && Date.now() - pressedAt < 1000 && e.target.closest && e.target.closest(".has-info") === pressedOn;
  }
  document.addEventListener("contextmenu", function (e) {
    // the phone's own long press (it may come before our timer): the info instead of a menu
    var holder = e.target.closest && e.target.closest(".has-info");
    if (holder && holder === touching) {
      e.preventDefault();
      if (!holder.classList.contains("show-info")) showInfo(holder);
    } else if (justPressed(e)) e.preventDefault();
  });
  document.addEventListener("click", function (e) {
    if (!justPressed(e)) return;
    pressedOn = null;
    e.preventDefault();
    e.stopPropagation();
  }, true);
  document.addEventListener("click", function (e) {
    if (!(e.target.closest && e.target.closest(".has-info"))) {
      document.querySelectorAll(".has-info.show-info").forEach(function (x) { x.classList.remove("show-info"); });
    }
  });
})();
