// Solo: "Nach 4 s automatisch glauben" – a bar runs in the doubt window; after 4 s it presses
// "Glauben". Space or a click pauses and resumes it. The timer survives board swaps of the same
// window (the state lives on window.basarAuto, keyed by the window id), and so does the look of a
// pause: htmx gives a swapped-in element with an id its attributes from the server once the swap
// has settled (a class set before would be gone), so the bar is drawn again after every settle.
(function () {
  var el = document.getElementById("autobelieve");
  if (!el) return;
  var id = el.getAttribute("data-window");
  var st = window.basarAuto;
  if (!st || st.id !== id) st = window.basarAuto = { id: id, spent: 0, since: Date.now(), paused: false, done: false, loop: 0 };
  function spent() { return st.spent + (st.paused ? 0 : Date.now() - st.since); }
  function toggle() {
    if (st.done) return;
    if (st.paused) { st.since = Date.now(); st.paused = false; } else { st.spent = spent(); st.paused = true; }
    start();
  }
  el.addEventListener("click", toggle);
  if (!window.basarAutoKeys) {
    window.basarAutoKeys = true;
    document.addEventListener("keydown", function (e) {
      if (e.key !== " " || !document.getElementById("autobelieve") || document.querySelector("dialog[open]")) return;
      e.preventDefault();
      document.getElementById("autobelieve").click();
    });
    ["htmx:afterSettle", "htmx:wsAfterMessage"].forEach(function (name) {
      document.body.addEventListener(name, function () { if (window.basarAutoDraw) window.basarAutoDraw(); });
    });
  }
  // the bar as the state says; false once the window is gone or decided (the loop ends)
  function draw() {
    var now = document.getElementById("autobelieve");
    if (!now || now.getAttribute("data-window") !== id || window.basarAuto !== st) return false;
    now.classList.toggle("paused", st.paused);
    var f = Math.min(1, spent() / 4000);
    now.querySelector(".bar").style.width = (100 * f) + "%";
    if (f >= 1 && !st.done) {
      st.done = true;
      var b = document.getElementById("believe");
      if (b) b.click();
    }
    return !st.done;
  }
  window.basarAutoDraw = draw;
  // one running loop per window, however many boards of it came (each board runs this script)
  function start() {
    var loop = ++st.loop;
    (function step() {
      if (draw() && !st.paused && loop === st.loop) requestAnimationFrame(step);
    })();
  }
  start();
})();
