/* Offline at the table (docs/table.md, "Offline"). On every page:
   - registers the service worker (/sw.js), which keeps the table's pages and assets;
   - says "offline, as of 21:14" on a page the worker served from its cache;
   - keeps a round or a re-buy saved without a connection in IndexedDB, with its form's
     key, and shows it: the "Waiting to send (n)" list in the bar, and rows under the sheet;
   - sends the queue once the connection is back: one entry after the other, each once (a
     resend with its key counts once on the server). A round another phone entered
     meanwhile (409) stays as a conflict to review: the server offers it as a correction
     beside the round as recorded. Nothing is dropped without the user's Discard.
   The words come from data-t-* attributes of #outbox (templates/base.html), translated.
   Signing out empties the queue and the kept pages (a shared phone). */
(function () {
  "use strict";

  if (!window.indexedDB) return;  // nowhere to keep a round: the pages work as before

  var DB = "scorekeeper-offline", STORE = "queue";
  var ROUND_FORM = /^\/games\/(\d+)\/rounds\/new\/$/, REBUY_FORM = /^\/games\/(\d+)\/rebuy\/$/;
  var known = [];     // the queue as last read, for the decisions a submit takes at once
  var queuing = false, sending = null, sendAgain = false;
  var queuedForms = new WeakSet();  // forms on this page already in the queue

  function outbox() { return document.getElementById("outbox"); }

  function text(name) {
    var box = outbox();
    return (box && box.getAttribute("data-t-" + name)) || "";
  }

  // --- The queue in IndexedDB ---
  function withStore(mode, work) {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open(DB, 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      opening.onerror = function () { reject(opening.error); };
      opening.onsuccess = function () {
        var db = opening.result, transaction = db.transaction(STORE, mode);
        var request = work(transaction.objectStore(STORE));
        transaction.oncomplete = function () {
          db.close();
          resolve(request ? request.result : undefined);
        };
        transaction.onerror = transaction.onabort = function () {
          db.close();
          reject(transaction.error);
        };
      };
    });
  }

  function entries() {
    return withStore("readonly", function (store) { return store.getAll(); }).then(function (all) {
      known = all.sort(function (a, b) { return a.id - b.id; });
      return known;
    });
  }

  function save(entry) { return withStore("readwrite", function (store) { return store.put(entry); }); }
  function discard(id) { return withStore("readwrite", function (store) { return store.delete(id); }); }

  // --- Queueing a round or a re-buy ---
  function formKind(form) {
    if (!form || form.tagName !== "FORM") return null;
    var path = new URL(form.action, location.href).pathname, match;
    if ((match = ROUND_FORM.exec(path)) && form.classList.contains("round")) {
      return { kind: "round", game: match[1], url: path };
    }
    if ((match = REBUY_FORM.exec(path))) return { kind: "rebuy", game: match[1], url: path };
    return null;
  }

  // Save (the button, Enter, a void round), not a card picker's tap.
  function saving(submitter) {
    return !submitter || !submitter.name || submitter.name === "void";
  }

  function freshKey() {
    // crypto.randomUUID is missing on plain http (a laptop on the table's Wi-Fi).
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return "offline-" + Array.prototype.map.call(bytes, function (byte) {
      return (byte + 256).toString(16).slice(1);
    }).join("");
  }

  // A round's number: the form's, or the one after the game's rounds still waiting (a
  // conflict or a refusal will not be recorded as a new round).
  function afterWaiting(queue, game, number) {
    queue.forEach(function (entry) {
      if (entry.game === game && entry.kind === "round" && entry.state === "waiting" &&
          entry.number >= number) {
        number = entry.number + 1;
      }
    });
    return number;
  }

  function enqueue(form, submitter, what) {
    var data;
    try {
      data = new FormData(form, submitter);
    } catch (error) {
      data = new FormData(form);
    }
    data.delete("csrfmiddlewaretoken");  // sent in the header when it goes, as then valid
    return entries().then(function (queue) {
      var entry = { game: what.game, kind: what.kind, url: what.url, key: data.get("key") || "",
                    state: "waiting", message: "" };
      var usedKey = queue.some(function (other) { return other.key === entry.key; });
      if (what.kind === "round") {
        // Rounds typed one after the other on the same kept form: each the next number.
        var number = afterWaiting(queue, what.game, parseInt(data.get("number"), 10) || 1);
        data.set("number", number);
        entry.number = number;
        entry.label = text("round").replace("{n}", number);
      } else {
        if (usedKey) return null;  // the same re-buy tapped twice
        entry.label = (submitter ? submitter.textContent : "").trim();
      }
      if (!entry.key || usedKey) {
        entry.key = freshKey();
        data.set("key", entry.key);
      }
      entry.body = new URLSearchParams(data).toString();
      queuedForms.add(form);
      return save(entry);
    });
  }

  var lastSent = null;  // the form htmx is sending, in case no answer comes

  // Back to the sheet, which lists the entry; from the worker's copy when offline. Without
  // a worker (plain http on a LAN address) the page stays, and the bar lists the entry.
  function toSheet(game) {
    if (navigator.onLine || (navigator.serviceWorker && navigator.serviceWorker.controller)) {
      location.assign("/games/" + game + "/");
    } else {
      queuing = false;
      show();
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target, what = formKind(form);
    if (!what || !saving(event.submitter)) return;
    var behind = known.some(function (entry) {
      return entry.game === what.game && entry.state === "waiting";
    });
    // A form kept after its send got no answer, sent again by hand: the same entry with the
    // same key, so it may go (it counts once); offline it is in the queue already.
    var again = queuedForms.has(form);
    if (navigator.onLine && !queuing && (again || !behind)) {
      lastSent = { form: form, submitter: event.submitter, what: what };
      return;
    }
    // Offline, or earlier entries of this game still waiting (they go first): queue it,
    // before htmx sends it.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (again) {
      toSheet(what.game);
      return;
    }
    if (queuing) return;  // a second tap while the first is being kept
    queuing = true;
    enqueue(form, event.submitter, what).then(function () {
      toSheet(what.game);
    }, function () {
      queuing = false;
    });
  }, true);

  document.addEventListener("htmx:sendError", function (event) {
    var config = event.detail.requestConfig || {};
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (lastSent && lastSent.form === form) {
      // No answer: it may or may not have arrived. Kept with its key, it is sent again
      // when the connection is back and counts once either way. The page stays as it is
      // (app.js says what happened; sending again by hand is just as safe).
      var sent = lastSent;
      lastSent = null;
      if (!queuedForms.has(form)) enqueue(sent.form, sent.submitter, sent.what).then(send);
    } else if (config.boosted && config.verb === "get") {
      // A link that found no connection: as a page load the service worker has its copy.
      location.assign(config.path);
    }
  });

  // --- Sending ---
  function csrfToken() {
    var cookie = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (cookie) return decodeURIComponent(cookie[1]);
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  // What the server said, from its page: its notice, or the errors on the form.
  function serverMessage(page) {
    var notices = page.querySelectorAll("main [role=alert]:not(#connection-problem), main .error");
    return Array.prototype.map.call(notices, function (node) {
      return node.textContent.trim();
    }).filter(Boolean).join(" ");
  }

  // Resolves to "recorded", "kept" (a conflict or a refusal, shown) or "later" (no answer,
  // a server error or signed out: the pass stops and the entry waits).
  function post(entry) {
    return fetch(entry.url, {
      method: "POST", body: entry.body, credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded",
                 "X-CSRFToken": csrfToken() }
    }).then(function (response) {
      if (response.redirected) {
        // Saved (or saved before, with this key), and the server shows the sheet; a
        // redirect elsewhere is the sign-in page: sent again once signed in.
        if (new URL(response.url).pathname !== "/games/" + entry.game + "/") return "later";
        return discard(entry.id).then(function () { return "recorded"; });
      }
      if (response.ok) return discard(entry.id).then(function () { return "recorded"; });
      if (response.status >= 500) return "later";
      return response.text().then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var said = serverMessage(page);
        entry.review = false;
        if (response.status === 409) {
          entry.state = "conflict";
          // The round as a proposed correction (the server's answer to a stale round).
          if (entry.kind === "round" && page.querySelector("form.round")) {
            entry.review = true;
            said = text("conflict").replace("{n}", entry.number);
          }
        } else {
          entry.state = "refused";
        }
        entry.message = said || text("refused");
        return save(entry).then(function () { return "kept"; });
      });
    }, function () {
      return "later";
    });
  }

  function pass() {
    var recorded = {};
    return entries().then(function (queue) {
      var waiting = queue.filter(function (entry) { return entry.state === "waiting"; });
      return waiting.reduce(function (going, entry) {
        return going.then(function (goOn) {
          if (!goOn) return false;
          return post(entry).then(function (outcome) {
            if (outcome === "recorded") recorded[entry.game] = true;
            return outcome !== "later";
          });
        });
      }, Promise.resolve(true));
    }).then(function () { return recorded; });
  }

  // One pass at a time, in this tab and (where the browser has locks) in the others.
  function send() {
    if (sending) {
      sendAgain = true;
      return;
    }
    var run = navigator.locks ? navigator.locks.request("scorekeeper-outbox", pass) : pass();
    sending = run.then(function (recorded) {
      caughtUp(recorded);
    }).catch(function () {}).then(function () {
      sending = null;
      show();
      if (sendAgain) {
        sendAgain = false;
        send();
      }
    });
  }

  // The sheet of a game whose entries were just recorded shows them: its board again.
  function caughtUp(recorded) {
    var board = document.getElementById("board"), queued = document.getElementById("queued");
    if (!board || !queued || !recorded[queued.getAttribute("data-game")] || !window.htmx) return;
    window.htmx.ajax("GET", location.pathname, { target: "#board", swap: "outerHTML" });
    var note = document.getElementById("offline-note");
    if (note) note.remove();
  }

  // --- Showing the queue ---
  function element(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    return node;
  }

  function row(entry) {
    var item = element("li", "queued-" + entry.state);
    item.appendChild(element("span", "what", entry.label));
    item.appendChild(document.createTextNode(" "));
    item.appendChild(element("span", "state",
                             entry.state === "waiting" ? text("waiting") : entry.message));
    if (entry.review) {
      var review = element("button", "", text("review"));
      review.type = "button";
      review.setAttribute("data-review", entry.id);
      item.appendChild(review);
    }
    var remove = element("button", "link", text("discard"));
    remove.type = "button";
    remove.setAttribute("data-discard", entry.id);
    item.appendChild(remove);
    return item;
  }

  function fill(list, queue) {
    list.textContent = "";
    queue.forEach(function (entry) { list.appendChild(row(entry)); });
  }

  function show() {
    return entries().then(function (queue) {
      var box = outbox();
      if (box) {
        box.hidden = !queue.length;
        if (!queue.length) box.open = false;
        // What waits for the connection, and apart from it what waits for the user.
        var waiting = queue.filter(function (entry) { return entry.state === "waiting"; }).length;
        var parts = [];
        if (waiting) parts.push(text("count").replace("{n}", waiting));
        if (queue.length > waiting) parts.push(text("check").replace("{n}", queue.length - waiting));
        box.querySelector("summary").textContent = parts.join(" · ");
        fill(box.querySelector("ul"), queue);
      }
      var queued = document.getElementById("queued");
      if (queued) {
        var game = queued.getAttribute("data-game");
        var mine = queue.filter(function (entry) { return entry.game === game; });
        queued.hidden = !mine.length;
        fill(queued.querySelector("ul"), mine);
      }
      numberRoundForm(queue);
    }).catch(function () {});
  }

  // A kept round form shows the number its round will get: after those queued.
  function numberRoundForm(queue) {
    var form = document.querySelector("form.round"), what = formKind(form);
    var input = form && form.querySelector("input[name=number]");
    if (!what || what.kind !== "round" || !input) return;
    var was = input.value, number = afterWaiting(queue, what.game, parseInt(was, 10) || 1);
    if (String(number) === was) return;
    input.value = number;
    var word = new RegExp("\\b" + was + "\\b");
    [document.querySelector(".bar .title"), form.querySelector(".save")].forEach(function (node) {
      if (node) node.textContent = node.textContent.replace(word, number);
    });
  }

  // Review: the queued round sent as the form itself, without htmx; the server answers
  // with it as a proposed correction beside the round as recorded.
  function review(entry) {
    var form = element("form");
    form.method = "post";
    form.action = entry.url;
    form.hidden = true;
    var fields = new URLSearchParams(entry.body);
    fields.set("csrfmiddlewaretoken", csrfToken());
    fields.forEach(function (value, name) {
      var input = element("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-discard], [data-review]");
    if (!button) return;
    var id = +(button.getAttribute("data-discard") || button.getAttribute("data-review"));
    if (button.hasAttribute("data-discard")) {
      discard(id).then(show);
      return;
    }
    var entry = known.filter(function (candidate) { return candidate.id === id; })[0];
    if (entry) review(entry);
  });

  // --- Signing out: nothing of this user stays on the phone ---
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-sign-out")) return;
    event.preventDefault();
    // The worker first, so that a page it is still fetching is not kept after all.
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    var told = worker && new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      worker.postMessage("sign-out", [channel.port2]);
      setTimeout(resolve, 1000);  // a worker that does not answer keeps no one here
    });
    Promise.resolve(told).then(function () {
      var pages = window.caches && caches.keys().then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("scorekeeper-pages-") === 0;
        }).map(function (name) { return caches.delete(name); }));
      });
      var emptied = withStore("readwrite", function (store) { return store.clear(); });
      return Promise.all([pages, emptied]);
    }).catch(function () {}).then(function () { form.submit(); });
  }, true);

  // --- A page from the worker's cache ---
  function offlineNote() {
    var fetched = document.documentElement.getAttribute("data-offline-as-of");
    var main = document.getElementById("main");
    if (!fetched || !main || document.getElementById("offline-note")) return;
    var time = new Date(fetched).toLocaleTimeString(document.documentElement.lang || undefined,
                                                   { hour: "2-digit", minute: "2-digit" });
    var note = element("p", "notice offline-note", text("offline").replace("{time}", time));
    note.id = "offline-note";
    note.setAttribute("role", "status");
    main.insertBefore(note, main.firstChild);
  }

  function start() {
    var box = outbox();
    if ("serviceWorker" in navigator && box) {
      navigator.serviceWorker.register(box.getAttribute("data-worker"), { scope: "/" })
        .catch(function () {});  // plain http on a LAN address: no worker, the queue still works
    }
    offlineNote();
    show().then(function () {
      if (navigator.onLine) send();
    });
  }

  window.addEventListener("online", send);
  // A server that stayed away while the phone thought it was online: try again now and then.
  setInterval(function () {
    if (navigator.onLine && known.some(function (entry) { return entry.state === "waiting"; })) {
      send();
    }
  }, 20000);
  // A boosted page swapped in brings the bar and the sheet anew: draw the queue on them.
  var redraw = null;
  document.addEventListener("htmx:load", function () {
    clearTimeout(redraw);
    redraw = setTimeout(show, 0);
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
