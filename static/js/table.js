// Table page: absolute invite link, and follow the table into the match once it starts.
(function () {
  "use strict";
  function update() {
    var link = document.getElementById("invite-link");
    if (link && link.dataset.path) link.value = location.origin + link.dataset.path;
    var go = document.getElementById("to-match");
    // The start answer and the pushed panel both carry the link: navigate once only.
    if (go && go.dataset.autofollow && !window.speedgamesFollowing) {
      window.speedgamesFollowing = true;
      location.href = go.getAttribute("href");
    }
  }
  document.body.addEventListener("htmx:oobAfterSwap", update);
  document.body.addEventListener("htmx:afterSettle", update);
  update();
})();
