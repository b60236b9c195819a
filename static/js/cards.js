// The Karten-Info's picture of the card it belongs to (`.info-pic[data-of-card]`: a hand card's,
// the open card of a pile) comes empty in the markup – a board holds one per hand card, and each
// push carried every face twice – and is a copy of that card's face, made here: the first `.card`
// of the window's `.has-info` holder, which stands before the window. Loaded by every page that
// shows a board (the match, the live page, the replay); `window.speedgamesCards.fill` for a page
// that adds a board by itself.
(function () {
  "use strict";
  function fill(root) {
    (root || document).querySelectorAll(".info-pic[data-of-card]").forEach(function (pic) {
      if (pic.firstElementChild) return;
      var holder = pic.closest(".has-info");
      var face = holder && holder.querySelector(".card");
      if (!face || pic.contains(face)) return;
      var copy = face.cloneNode(true);
      copy.removeAttribute("id");
      copy.removeAttribute("style");
      // a card a flight is landing on is hidden until it lands (`motion-pending`, match.js): the
      // copy is a picture of the card, not part of the flight
      [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("[class*='motion-']"))).forEach(function (el) {
        Array.prototype.slice.call(el.classList).forEach(function (c) { if (c.indexOf("motion-") === 0) el.classList.remove(c); });
      });
      pic.setAttribute("aria-hidden", "true"); // decoration: the window's words name the card
      pic.appendChild(copy);
    });
  }
  fill();
  // after every swap: a board answered, pushed over the socket (out of band) or polled
  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:afterSettle"].forEach(function (name) {
    document.addEventListener(name, function () { fill(); });
  });
  window.speedgamesCards = { fill: fill };
})();
