// The replay of an ended match (games/replay.html): the keys ← → Home End follow the step links
// (the links work without this script), the current move is scrolled into view in the move list,
// and „Kopieren“ copies the link to the shown move.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) return;
  var KEYS = { ArrowLeft: "replay-prev", ArrowRight: "replay-next", Home: "replay-first", End: "replay-last" };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var id = KEYS[event.key];
    if (!id) return;
    var link = document.getElementById(id);
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });

  var current = document.querySelector("#replay-list [aria-current]");
  var list = document.getElementById("replay-list");
  if (current && list && list.scrollHeight > list.clientHeight) {
    list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }

  var copy = document.getElementById("replay-copy");
  var field = document.getElementById("replay-link");
  if (copy && field) {
    copy.addEventListener("click", function () {
      var done = function () { copy.textContent = copy.dataset.done; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () { field.select(); });
      } else {
        field.select();
        try { if (document.execCommand("copy")) done(); } catch (e) { /* selected: copy by hand */ }
      }
    });
  }
})();
