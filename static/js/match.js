// Match page: countdown, stale-fragment guard, Karten-Info by long press, dialog keys.
(function () {
  "use strict";

  function version(el) {
    var v = el && el.getAttribute && el.getAttribute("data-version");
    return v === null || v === undefined ? -1 : parseInt(v, 10);
  }
  function currentVersion() {
    return version(document.getElementById("board"));
  }

  // A fragment older than what the page shows (an HTTP answer overtaken by a pushed update)
  // is dropped, so the board never jumps back.
  document.body.addEventListener("htmx:oobBeforeSwap", function (e) {
    var frag = e.detail.fragment;
    var el = frag && (frag.id === "board" ? frag : frag.querySelector && frag.querySelector("#board"));
    if (el && version(el) < currentVersion()) e.detail.shouldSwap = false;
  });
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    var m = /data-version="(\d+)"/.exec(e.detail.serverResponse || "");
    if (m && parseInt(m[1], 10) < currentVersion()) e.detail.shouldSwap = false;
  });

  // Countdown of the current move, from the server's deadline.
  function tick() {
    var el = document.getElementById("countdown");
    if (el) {
      var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      var m = Math.floor(left / 60), s = left % 60;
      el.textContent = "⏱ " + m + ":" + (s < 10 ? "0" : "") + s;
      el.classList.toggle("urgent", left <= 10);
    }
  }
  setInterval(tick, 250);
  document.body.addEventListener("htmx:afterSettle", tick);
  document.body.addEventListener("htmx:oobAfterSwap", tick);
  tick();

  // Karten-Info: hover on desktop (CSS), long press on touch screens.
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

  // In the colour dialog: Enter picks the focused colour (native), Escape closes (native);
  // arrow keys move between the colours.
  document.addEventListener("keydown", function (e) {
    var dlg = document.querySelector("dialog[open]");
    if (!dlg || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) return;
    var buttons = Array.prototype.slice.call(dlg.querySelectorAll(".chip-button"));
    var i = buttons.indexOf(document.activeElement);
    var next = e.key === "ArrowRight" ? (i + 1) % buttons.length : (i - 1 + buttons.length) % buttons.length;
    buttons[next].focus();
    e.preventDefault();
  });
  // A dialog's choice closes it before the board is replaced.
  document.body.addEventListener("htmx:beforeRequest", function (e) {
    var dlg = e.target.closest && e.target.closest("dialog");
    if (dlg && dlg.open) dlg.close();
  });
})();
