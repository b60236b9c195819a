// The Karten-Info's picture of the card it belongs to (`.info-pic[data-of-card]`: a hand card's,
// the open card of a pile) comes empty in the markup – a board holds one per hand card, and each
// push carried every face twice – and is a copy of that card's face, made here: the first `.card`
// of the window's `.has-info` holder, which stands before the window. Loaded by every page that
// shows a board (the match, the live page, the replay).
(function () {
  "use strict";
  function fill() {
    document.querySelectorAll(".info-pic[data-of-card]").forEach(function (pic) {
      if (pic.firstElementChild) return;
      var holder = pic.closest(".has-info");
      var face = holder && holder.querySelector(".card");
      if (!face || pic.contains(face)) return;
      var copy = face.cloneNode(true);
      copy.removeAttribute("id");
      copy.removeAttribute("style");
      // a card a flight is landing on is hidden until it lands (`motion-pending`, the one class
      // match.js puts on the board's cards): the copy is a picture of the card, not part of it
      copy.classList.remove("motion-pending");
      copy.querySelectorAll(".motion-pending").forEach(function (el) { el.classList.remove("motion-pending"); });
      pic.setAttribute("aria-hidden", "true"); // decoration: the window's words name the card
      pic.appendChild(copy);
    });
  }
  fill();
  // after every swap: a board answered, pushed over the socket (out of band) or polled
  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:afterSettle"].forEach(function (name) {
    document.addEventListener(name, fill);
  });
})();
