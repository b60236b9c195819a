// The table chat (lobby/chat.py) on the table page and the match page: new lines arrive over the
// page's socket (appended out of band), the panel comes back from each htmx POST. Here: the
// newest line stays in view, a line from someone else is read out by screen readers and, while
// the panel is folded (phones), counted in its summary („Chat (2 neu)“); one's own lines get no
// „melden“/„stumm“; a line the socket brings twice (own tab, POST answer) is shown once.
(function () {
  "use strict";

  function panels() { return document.querySelectorAll("details.chat"); }

  function visit(panel) {
    var me = panel.dataset.me;
    var list = panel.querySelector(".chat-lines");
    if (!list) return;
    var first = !panel.dataset.ready; // a panel just rendered: its lines are no news
    panel.dataset.ready = "1";
    var fresh = [];
    Array.prototype.forEach.call(list.querySelectorAll(".chat-line"), function (line) {
      if (line.dataset.seen) return;
      var twin = line.id && document.querySelectorAll("#" + CSS.escape(line.id));
      if (twin && twin.length > 1 && twin[0] !== line) { line.remove(); return; }
      line.dataset.seen = "1";
      // (an attribute, not a class: htmx's settle step puts the server's class back)
      if (line.dataset.author === me) line.dataset.mine = "1";
      else if (!first) fresh.push(line);
    });
    list.scrollTop = list.scrollHeight;
    if (!fresh.length) return;
    var live = panel.querySelector("[data-chat-live]");
    if (live) {
      live.textContent = fresh.map(function (line) {
        var name = line.querySelector(".chat-name"), text = line.querySelector(".chat-text");
        return (name ? name.textContent : "") + ": " + (text ? text.textContent : "");
      }).join(" · ");
    }
    if (!panel.open || document.hidden) {
      var count = panel.querySelector(".chat-count"), badge = panel.querySelector(".chat-unread");
      if (count && badge) {
        count.textContent = String((parseInt(count.textContent, 10) || 0) + fresh.length);
        badge.hidden = false;
      }
    }
  }

  function visitAll() { Array.prototype.forEach.call(panels(), visit); }

  function unread(panel) {
    var count = panel.querySelector(".chat-count"), badge = panel.querySelector(".chat-unread");
    if (count && badge) { count.textContent = "0"; badge.hidden = true; }
  }

  // a folded panel opened: nothing is new any more, the newest line in view
  document.addEventListener("toggle", function (e) {
    var panel = e.target;
    if (!panel.matches || !panel.matches("details.chat") || !panel.open) return;
    unread(panel);
    var list = panel.querySelector(".chat-lines");
    if (list) list.scrollTop = list.scrollHeight;
  }, true);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    Array.prototype.forEach.call(panels(), function (p) { if (p.open) unread(p); });
  });

  // whoever typed keeps typing: after the answer the input has the focus again (a quick phrase
  // on a phone does not pop the keyboard up)
  var typed = null;
  document.addEventListener("submit", function (e) {
    typed = e.target.matches && e.target.matches("details.chat .chat-form") ? e.target.closest("details.chat").id : null;
  }, true);
  document.body.addEventListener("htmx:afterSwap", function () {
    visitAll();
    if (typed) {
      var input = document.querySelector("#" + CSS.escape(typed) + " .chat-form input[name=text]");
      if (input) { input.focus(); input.setSelectionRange(input.value.length, input.value.length); }
      typed = null;
    }
  });
  document.body.addEventListener("htmx:oobAfterSwap", visitAll);
  document.body.addEventListener("htmx:wsAfterMessage", visitAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", visitAll);
  else visitAll();
})();
