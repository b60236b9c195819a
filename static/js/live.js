// „Jetzt live“ (games/live.html): the large board follows its match over the spectator socket
// (static/js/match.js); when that match has ended, the page moves on to the next best-rated one
// after a pause to read the result (like lichess TV).
(function () {
  "use strict";
  var moving = null;
  function check() {
    var b = document.querySelector(".live-board #board");
    if (!b || moving || b.getAttribute("data-status") === "running") return;
    moving = setTimeout(function () { window.location.reload(); }, 15000);
  }
  document.addEventListener("htmx:wsAfterMessage", check);
  check();
})();
