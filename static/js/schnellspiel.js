// Schnellspiel: the waited time counts up every second between the heartbeats' answers.
(function () {
  "use strict";
  function show(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    var clocks = document.querySelectorAll(".quick-clock[data-waited]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i];
      if (!el.dataset.t0) el.dataset.t0 = String(Date.now() - Number(el.dataset.waited) * 1000);
      el.textContent = show((Date.now() - Number(el.dataset.t0)) / 1000);
    }
  }
  setInterval(tick, 1000);
  tick();
  // After „Schnellspiel“ or „Abbrechen“ the keyboard stays on the panel's next control.
  document.addEventListener("htmx:afterSwap", function (e) {
    if (!e.detail || !e.detail.target || e.detail.target.id !== "quick-panel") return;
    var next = document.getElementById("quick-cancel") || document.getElementById("quick-start");
    if (next && document.activeElement === document.body) next.focus();
  });
})();
