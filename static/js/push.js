// The settings page's push switch: register the service worker, ask for permission, subscribe
// with the site's VAPID key and hand the subscription to the server (or take it back).
(function () {
  var box = document.getElementById("push-settings");
  if (!box) return;
  var state = document.getElementById("push-state");
  var on = document.getElementById("push-on"), off = document.getElementById("push-off");
  function say(name) { state.textContent = box.getAttribute("data-words-" + name) || ""; }
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) { say("unsupported"); on.disabled = true; return; }
  function key(base64) {
    var pad = "=".repeat((4 - base64.length % 4) % 4);
    var raw = atob((base64 + pad).replace(/-/g, "+").replace(/_/g, "/"));
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }
  function post(url, body) {
    return fetch(url, {method: "POST", credentials: "same-origin", headers: {"Content-Type": "application/json", "X-CSRFToken": box.getAttribute("data-csrf")}, body: JSON.stringify(body)});
  }
  on.addEventListener("click", function () {
    navigator.serviceWorker.register("/sw.js").then(function (reg) {
      return Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") { say("denied"); throw new Error("denied"); }
        return reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key(box.getAttribute("data-key"))});
      });
    }).then(function (sub) { return post(box.getAttribute("data-subscribe"), sub.toJSON()); })
      .then(function (r) { say(r.ok ? "on" : "failed"); })
      .catch(function () { if (!state.textContent) say("failed"); });
  });
  off.addEventListener("click", function () {
    navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg && reg.pushManager.getSubscription();
    }).then(function (sub) {
      var endpoint = sub ? sub.endpoint : "";
      return (sub ? sub.unsubscribe() : Promise.resolve()).then(function () { return post(box.getAttribute("data-unsubscribe"), {endpoint: endpoint}); });
    }).then(function () { say("off"); });
  });
})();
