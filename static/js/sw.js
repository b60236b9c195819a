// Speedgames' service worker (served at /sw.js, scope /): shows Web Push notifications
// („Du bist dran“) and opens the match on a click. It has no fetch handler: the site is live,
// nothing is served from a cache, and every request goes to the network as without it (Chrome
// no longer asks for one to install a site; the manifest and this worker are enough).
self.addEventListener("install", function () { self.skipWaiting(); });
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
