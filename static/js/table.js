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
  // The invite link: copy it, or hand it to the phone's share sheet (where there is one).
  function say(text) {
    var status = document.getElementById("copy-status");
    if (status) status.textContent = text;
  }
  document.addEventListener("click", function (e) {
    var link = document.getElementById("invite-link");
    if (!link) return;
    var copy = e.target.closest("#copy-invite");
    if (copy) {
      var done = function () { say(copy.dataset.done); };
      var fallback = function () {
        link.select();
        try { document.execCommand("copy") ? done() : say(copy.dataset.failed); } catch (err) { say(copy.dataset.failed); }
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link.value).then(done, fallback);
      else fallback();
      return;
    }
    var share = e.target.closest("#share-invite");
    if (share && navigator.share) {
      navigator.share({ title: share.dataset.title, text: share.dataset.text, url: link.value }).catch(function () {});
    }
  });
  function offerShare() {
    var share = document.getElementById("share-invite");
    if (share) share.hidden = !navigator.share;
  }
  document.body.addEventListener("htmx:afterSettle", offerShare);
  document.body.addEventListener("htmx:oobAfterSwap", offerShare);
  offerShare();
  document.body.addEventListener("htmx:oobAfterSwap", update);
  document.body.addEventListener("htmx:afterSettle", update);
  update();
})();
