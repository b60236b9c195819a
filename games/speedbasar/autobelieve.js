// Solo: "Nach 4 s automatisch glauben" – a bar runs in the doubt window; after 4 s it presses
// "Glauben". Space or a click pauses and resumes it. The timer survives board swaps of the same
// window (the state lives on window.basarAuto, keyed by the window id).
(function () {
  var el = document.getElementById("autobelieve");
  if (!el) return;
  var id = el.getAttribute("data-window");
  var st = window.basarAuto;
  if (!st || st.id !== id) st = window.basarAuto = { id: id, spent: 0, since: Date.now(), paused: false, done: false };
  function spent() { return st.spent + (st.paused ? 0 : Date.now() - st.since); }
  function toggle() {
    if (st.done) return;
    if (st.paused) { st.since = Date.now(); st.paused = false; } else { st.spent = spent(); st.paused = true; }
    step();
  }
  el.addEventListener("click", toggle);
  if (!window.basarAutoKeys) {
    window.basarAutoKeys = true;
    document.addEventListener("keydown", function (e) {
      if (e.key !== " " || !document.getElementById("autobelieve") || document.querySelector("dialog[open]")) return;
      e.preventDefault();
      document.getElementById("autobelieve").click();
    });
  }
  function step() {
    var now = document.getElementById("autobelieve");
    if (!now || now.getAttribute("data-window") !== id) return;
    now.classList.toggle("paused", st.paused);
    var f = Math.min(1, spent() / 4000);
    now.querySelector(".bar").style.width = (100 * f) + "%";
    if (f >= 1 && !st.done) {
      st.done = true;
      var b = document.getElementById("believe");
      if (b) b.click();
      return;
    }
    if (!st.paused) requestAnimationFrame(step);
  }
  step();
})();
