// Speedgames' service worker (served at /sw.js, scope /): shows Web Push notifications
// („Du bist dran“, invitations, friend requests, a Fernpartie's end) and opens the page on a
// click. Its fetch handler takes only page loads (navigations): they go to the network as without
// it, and only when the network fails it answers with a short offline page (OFFLINE, put in by
// the view that serves this file in every language; the browser's language picks one). Nothing is cached: the site is live.
// Other requests (static files, htmx, sockets) it leaves alone.
var OFFLINE = "__OFFLINE_HTML__"; // language code -> page
var DEFAULT_LANGUAGE = "__DEFAULT_LANGUAGE__";
function offlinePage() {
  var wanted = (self.navigator && self.navigator.languages) || [];
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (OFFLINE[code]) return OFFLINE[code];
  }
  return OFFLINE[DEFAULT_LANGUAGE];
}
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("fetch", function (event) {
  if (event.request.mode !== "navigate") return;
  event.respondWith(fetch(event.request).catch(function () {
    return new Response(offlinePage(), {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
  }));
});
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (err) { data = {body: event.data && event.data.text()}; }
  event.waitUntil(self.registration.showNotification(data.title || "Speedgames", {
    body: data.body || "",
    icon: "/static/icons/icon-192.png",
    data: {url: data.url || "/"},
    tag: data.url || "speedgames",
  }));
});
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({type: "window"}).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].url === url && "focus" in list[i]) return list[i].focus();
    }
    return self.clients.openWindow(url);
  }));
});
