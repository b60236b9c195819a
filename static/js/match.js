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

  // -- sending actions ----------------------------------------------------------------------
  // A move goes over the match socket while it is open (the server pushes the new board, or the
  // board with the message of a refused move); otherwise it is POSTed and answered with the board.
  var sending = false;
  var ws = null; // the hx-ws socket wrapper ({send, sendImmediately}) while the socket is open
  var sentVersion = null;
  var sentTimer = null;
  document.addEventListener("htmx:wsOpen", function (e) { ws = e.detail && e.detail.socketWrapper; }, true);
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

  // -- Vorschau on touch screens: a control with `data-preview` shows its text in the board's
  // `[data-preview-out]` on the first tap and acts on the second (hover shows it with a mouse) --
  var coarse = !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  var byKey = false;
  function touchPreview(t) {
    if (!coarse || byKey || !t.hasAttribute("data-preview") || t.classList.contains("armed")) return false;
    document.querySelectorAll("#board .armed").forEach(function (x) { x.classList.remove("armed"); });
    t.classList.add("armed");
    var out = document.querySelector("#board [data-preview-out]");
    if (out) out.textContent = t.getAttribute("data-preview");
    return true;
  }

  // -- keys ---------------------------------------------------------------------------------
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
    if (el.tagName.toLowerCase() === "summary") { el.parentElement.open = !el.parentElement.open; return; }
    el.focus();
    byKey = true;
    try { el.click(); } finally { byKey = false; }
  });

  // -- a fragment older than what the page shows is dropped ---------------------------------
  document.body.addEventListener("htmx:oobBeforeSwap", function (e) {
    var frag = e.detail.fragment;
    var el = frag && (frag.id === "board" ? frag : frag.querySelector && frag.querySelector("#board"));
    if (el && version(el) < currentVersion()) e.detail.shouldSwap = false;
    else {
      rememberFocus();
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
    var m = /data-version="(\d+)"/.exec(e.detail.serverResponse || "");
    if (m && parseInt(m[1], 10) < currentVersion()) e.detail.shouldSwap = false;
    else rememberFocus();
  });

  // -- focus stays on the hand after a board swap -------------------------------------------
  var focusKey = null;
  // panels a person opened (<details id=…>: Letzter Stich, Dein Laden) stay open across swaps
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
      b.querySelector("[data-hand] [data-action]:not([disabled]), [data-hand] [data-dialog]") ||
      b.querySelector("[data-action]:not([disabled])") ||
      b.querySelector("[data-hand] .hand");
    if (el && !el.disabled) el.focus({ preventScroll: true });
  }

  // -- screen readers: what happened and whose turn it is -----------------------------------
  var lastAnnounced = "";
  function announce() {
    var src = document.getElementById("announce-src");
    var out = document.getElementById("announcer");
    if (!src || !out) return;
    var text = src.textContent.trim();
    if (text && text !== lastAnnounced) { lastAnnounced = text; out.textContent = text; }
  }

  // -- countdown of the current phase, from the server's deadline (with a visible grace) -----
  function tick() {
    var el = document.getElementById("countdown");
    if (!el) return;
    var grace = parseInt(el.dataset.grace || "0", 10);
    var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
    var main = left - grace;
    var shown = main > 0 ? main : left;
    var m = Math.floor(shown / 60), s = shown % 60;
    var text = (main > 0 ? "⏱ " : "⏱ Nachspielzeit ") + m + ":" + (s < 10 ? "0" : "") + s;
    if (main > 0 && grace) text += " (+" + grace + " s)";
    el.textContent = text;
    el.classList.toggle("urgent", shown <= 10);
    el.classList.toggle("grace", main <= 0 && grace > 0);
  }
  setInterval(tick, 250);

  // -- Rat: mark the advised control --------------------------------------------------------
  function markAdvice() {
    var p = document.querySelector("#advice-panel [data-advised]");
    document.querySelectorAll("#board .advised").forEach(function (x) { x.classList.remove("advised"); });
    if (!p) return;
    if (String(currentVersion()) !== p.getAttribute("data-advised-version")) {
      document.getElementById("advice-panel").innerHTML = "";  // the board moved on: stale advice
      return;
    }
    var want = p.getAttribute("data-advised");
    document.querySelectorAll("#board [data-action]").forEach(function (x) {
      if (x.getAttribute("data-action") === want) {
        x.classList.add("advised");
        var opener = x.closest("dialog") && document.querySelector('[data-dialog="' + x.closest("dialog").id + '"]');
        if (opener) opener.classList.add("advised");
      }
    });
  }

  // -- a lost push is repaired: every few seconds the page asks whether it is current --------
  setInterval(function () {
    var b = board();
    if (!b || sending || document.querySelector("dialog[open]") || b.dataset.status !== "running") return;
    htmx.ajax("GET", b.dataset.boardUrl + "?v=" + b.dataset.version, { target: "#board", swap: "outerHTML" });
  }, 8000);

  function afterSwap() { restorePanels(); tick(); restoreFocus(); announce(); markAdvice(); }
  // right after the DOM changed (no settle delay: panels, focus and advice are never a frame late)
  document.body.addEventListener("htmx:afterSwap", afterSwap);
  document.body.addEventListener("htmx:afterSettle", afterSwap);
  document.body.addEventListener("htmx:oobAfterSwap", afterSwap);
  document.addEventListener("focusin", function (e) {
    var b = board();
    if (b && b.contains(e.target)) focusKey = e.target.getAttribute("data-key") || e.target.id || "hand";
    else if (e.target !== document.body) focusKey = null;
  });
  tick();
  announce();

  // -- Karten-Info: hover on desktop (CSS), long press on touch screens ---------------------
  var pressTimer = null;
  document.addEventListener("touchstart", function (e) {
    var holder = e.target.closest && e.target.closest(".has-info");
    if (!holder) return;
    pressTimer = setTimeout(function () {
      document.querySelectorAll(".has-info.show-info").forEach(function (x) { x.classList.remove("show-info"); });
      holder.classList.add("show-info");
    }, 450);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (name) {
    document.addEventListener(name, function () { clearTimeout(pressTimer); }, { passive: true });
  });
  document.addEventListener("click", function (e) {
    if (!(e.target.closest && e.target.closest(".has-info"))) {
      document.querySelectorAll(".has-info.show-info").forEach(function (x) { x.classList.remove("show-info"); });
    }
  });
})();
