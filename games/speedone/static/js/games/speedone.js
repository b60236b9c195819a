// Speedone on the match page (after match.js): what its board has beyond the shared table, for
// the motion of static/js/match.js – the discard pile's top card (a played card flies onto it)
// and the draw pile (drawn cards fly from it to the hand).
(function () {
  "use strict";
  if (!window.speedgamesMatch) return;
  window.speedgamesMatch.register({
    pile: function (b) {
      var top = b.querySelector(".pile.discard .card");
      return top ? { el: top, sig: top.outerHTML } : null;
    },
    drawPile: function (b) { return b.querySelector(".pile.draw"); },
  });
})();
