{% autoescape off %}/* The service worker: the pages and assets the table needs, kept on the phone for when the
   connection drops (docs/table.md, "Offline"). Served by scorekeeper/web/pwa.py, which
   fills in the version and the asset list; static/js/offline.js registers it and keeps
   the rounds and re-buys entered offline (this file never sees them: it caches no POST).

   Static assets: cache first (precached at install). The pages of the table (home, a
   sheet, its round form, a shared sheet), opened as a page or through htmx's boost:
   network first, a 200 kept with the time it was fetched; without a network a page is
   served from the cache, marked <html data-offline-as-of="..."> so the page can say so.
   Everything else (htmx fragments, POSTs, /api/, /admin/, /accounts/) goes to the network
   untouched. */
"use strict";

var VERSION = {{ version }};
var ASSETS_CACHE = "scorekeeper-assets-" + VERSION;
// Pages are per user: signing out deletes this cache (offline.js).
var PAGES_CACHE = "scorekeeper-pages-" + VERSION;
var ASSETS = {{ assets }};
var STATIC = {{ static_prefix }};
var PAGES = /^\/(?:games\/\d+\/(?:rounds\/new\/)?|s\/[^/]+\/)?$/;
var SHEET = /^\/games\/(\d+)\/$/;
var FETCHED_AT = "X-Offline-Fetched-At";
// When the user last signed out on this phone (offline.js tells): a page fetched before
// that and kept after it is dropped again.
var signedOutAt = 0;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS_CACHE).then(function (cache) {
    return cache.addAll(ASSETS);
  }).then(function () {
    return self.skipWaiting();
  }));
});

// A new version (a deploy) drops the old caches: old pages name old assets.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== ASSETS_CACHE && name !== PAGES_CACHE;
    }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () {
    return self.clients.claim();
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (kept) {
      return kept || fetch(request);
    }));
  } else if (PAGES.test(url.pathname)) {
    if (request.mode === "navigate") {
      event.respondWith(page(event, request, url, true));
    } else if (request.headers.get("HX-Boosted") === "true") {
      // A boosted link answers the whole page: kept like a page. Offline it fails, and
      // offline.js opens it as a page, which gets the copy with its mark.
      event.respondWith(page(event, request, url, false));
    }
  }
});

self.addEventListener("message", function (event) {
  if (event.data !== "sign-out") return;
  signedOutAt = Date.now();
  event.waitUntil(caches.delete(PAGES_CACHE).then(function () {
    if (event.ports[0]) event.ports[0].postMessage("done");
  }));
});

function page(event, request, url, navigation) {
  var started = Date.now();
  return fetch(request).then(function (response) {
    if (response.ok && !response.redirected && response.type === "basic") {
      event.waitUntil(keep(url.href, response.clone(), started).then(function (html) {
        var sheet = SHEET.exec(url.pathname);
        var form = sheet && "/games/" + sheet[1] + "/rounds/new/";
        // The sheet's round form, kept fresh for entering a round offline: only where the
        // sheet offers it (a scorekeeper, a game still running).
        if (form && html.indexOf('href="' + form + '"') >= 0) {
          return refresh(url.origin + form, started);
        }
      }).catch(function () {}));
    }
    return response;
  }, function (error) {
    if (!navigation) throw error;
    return caches.open(PAGES_CACHE).then(function (cache) {
      return cache.match(url.href, { ignoreVary: true });
    }).then(function (kept) {
      return kept ? offlineCopy(kept) : Response.error();
    });
  });
}

// Keeps a page with the time it was fetched; resolves to its text.
function keep(href, response, started) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set(FETCHED_AT, new Date().toISOString());
    return caches.open(PAGES_CACHE).then(function (cache) {
      return cache.put(href, new Response(html, { status: 200, headers: headers }))
        .then(function () {
          if (started <= signedOutAt) return cache.delete(href);  // fetched for the last user
        });
    }).then(function () {
      return html;
    });
  });
}

function refresh(href, started) {
  return fetch(href, { credentials: "same-origin" }).then(function (response) {
    if (response.ok && !response.redirected) return keep(href, response, started);
  });
}

// The kept page, marked as a copy from the time it was fetched. Its CSP header came with
// it, so the nonce on its scripts still matches.
function offlineCopy(kept) {
  return kept.text().then(function (html) {
    var headers = new Headers(kept.headers);
    var fetchedAt = headers.get(FETCHED_AT) || "";
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(html.replace("<html ", '<html data-offline-as-of="' + fetchedAt + '" '),
                        { status: 200, headers: headers });
  });
}
{% endautoescape %}
