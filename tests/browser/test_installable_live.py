"""Installable (issue 43) in headless Chromium: every page registers the service worker
``/sw.js`` with the scope ``/``, which then controls the page; the manifest parses without
errors (Chromium's own parser, ``Page.getAppManifest``), names the app, starts at ``/``, is
standalone and has PNG icons of 192 and 512 pixels, plain and maskable, that really are that
size; Chromium reports no installability error of the site's (``Page.getInstallabilityErrors``,
what the install prompt and Lighthouse's installability check ask); and with the network gone, a page load
gets the worker's German offline page instead of the browser's error."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]

#: the registration of this page's origin, once the worker is active
REGISTRATION = """
async () => {
  const reg = await navigator.serviceWorker.ready;
  return {scope: reg.scope, script: reg.active && reg.active.scriptURL};
}
"""

#: the manifest's icons as the browser decodes them
ICONS = """
async (icons) => {
  const out = [];
  for (const icon of icons) {
    const r = await fetch(icon.src);
    const bitmap = await createImageBitmap(await r.blob());
    out.push({src: icon.src, type: r.headers.get("Content-Type"), width: bitmap.width,
              height: bitmap.height});
  }
  return out;
}
"""


def test_the_service_worker_controls_every_page_and_the_manifest_installs(live_site, page):
    url = live_site.url
    page.goto(url + "/")
    reg = page.evaluate(REGISTRATION)
    assert reg == {"scope": url + "/", "script": url + "/sw.js"}
    # the worker controls the page from the next load on (and every other page of the scope)
    for path in ("/", "/bestenliste/", "/spiele/speedone/"):
        page.goto(url + path)
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "/sw.js"
        assert page.locator('link[rel="manifest"]').count() == 1

    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == url + "/manifest.webmanifest"
    assert manifest["errors"] == []
    parsed = page.evaluate("async (u) => (await fetch(u)).json()", manifest["url"])
    assert parsed["name"] == "Speedgames" and parsed["short_name"] == "Speedgames"
    assert parsed["start_url"] == "/" and parsed["scope"] == "/"
    assert parsed["display"] == "standalone" and parsed["theme_color"].startswith("#")
    pngs = [i for i in parsed["icons"] if i["type"] == "image/png"]
    decoded = page.evaluate(ICONS, pngs)
    seen = set()
    for icon, bitmap in zip(pngs, decoded, strict=True):
        size = int(icon["sizes"].split("x")[0])
        assert bitmap["type"] == "image/png" and bitmap["width"] == bitmap["height"] == size
        seen.add((size, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= seen
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a Playwright context is off the record, which alone keeps a browser from installing
    # anything; no error may be the site's
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors

    # offline: the worker answers a page load with its own page, in German
    page.context.set_offline(True)
    try:
        page.goto(url + "/bestenliste/")
        assert page.locator("h1").text_content() == "Keine Verbindung"
        assert page.get_by_role("button", name="Noch einmal versuchen").is_visible()
    finally:
        page.context.set_offline(False)
    page.goto(url + "/")
    assert page.locator("h1").count() >= 1 and "Keine Verbindung" not in page.content()
