/* The hands the players sent from their own phones (docs/table.md, "Players' phones"),
   filled into the scorekeeper's round form as the list of them arrives (#pending-hands,
   asked for every 3 s by htmx). Loaded by round_form.html for a new round only.
   A row is filled when it is empty or still holds what a phone filled in before, never
   over what the scorekeeper typed or picked; each send is filled in once, so a field the
   scorekeeper empties stays empty. Cards go in as picked cards: the row's picker is asked
   for them as a tap would ask (the form's data-hand-url), so the melds and points show;
   typed points go in as typed. Nothing is recorded before the scorekeeper's Save.
   The form as served holds the hands sent so far already (each such row has
   data-from-phone, the send it holds): they count as filled in, so the first answer of
   the list changes nothing, and a later send replaces them unless the scorekeeper edited. */
(function () {
  "use strict";

  var filled = {};  // player -> {id: the send filled in, hand: and laid: as they were left}

  function roundForm() {
    return document.querySelector("form.round#round-form");
  }

  function field(form, selector) {
    return form.querySelector(selector);
  }

  // What a row holds now: "cards:QS QH" while its picker is open, else "dw:14".
  function handNow(form, player) {
    var cards = field(form, "input[name='cards-" + player + "']");
    if (cards) return "cards:" + cards.value;
    var typed = field(form, "#dw-" + player);
    return typed ? "dw:" + (typed.getAttribute("data-old") || typed.value) : null;
  }

  function laidNow(form, player) {
    var melds = field(form, "input[name='melds-" + player + "']");
    if (melds) return "melds:" + melds.value;
    var typed = field(form, "#laid-in-" + player);
    return typed ? "laid:" + (typed.getAttribute("data-old") || typed.value) : null;
  }

  function free(now, before) {
    return now !== null && (/^[a-z]+:$/.test(now) || now === before);
  }

  // The row's part (#entry-7 or #laid-7) drawn again by the server with the values given.
  function redraw(form, target, values) {
    return window.htmx.ajax("POST", form.getAttribute("data-hand-url"), {
      source: target, target: target, swap: "outerHTML", values: values
    });
  }

  function type(input, value) {
    input.removeAttribute("data-old");
    input.placeholder = "";
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function fillHand(form, player, sent) {
    var entry = field(form, "#entry-" + player);
    if (sent.cards && entry && field(entry, ".cards-btn, [data-picker]")) {
      var values = { pick_show: player + ":" };
      values["mode-" + player] = "cards";
      values["cards-" + player] = sent.cards;
      redraw(form, entry, values);
      return "cards:" + sent.cards;
    }
    var points = sent.dw;
    if (points === "") return null;
    var typed = field(form, "#dw-" + player);
    if (typed) {
      type(typed, points);
    } else if (entry) {  // the picker is open: back to typing, with the points
      var back = { pick_number: player + ":" };
      back["dw-" + player] = points;
      redraw(form, entry, back);
    }
    return "dw:" + points;
  }

  function fillLaid(form, player, sent) {
    var laid = field(form, "#laid-" + player);
    if (!laid) return null;
    if (sent.melds) {
      var values = { pick_lay_show: player + ":" };
      values["lmode-" + player] = "cards";
      values["melds-" + player] = sent.melds;
      redraw(form, laid, values);
      return "melds:" + sent.melds;
    }
    if (sent.laid === "") return null;
    var typed = field(form, "#laid-in-" + player);
    if (typed) {
      type(typed, sent.laid);
    } else {
      var back = { pick_lay_number: player + ":" };
      back["laid-" + player] = sent.laid;
      redraw(form, laid, back);
    }
    return "laid:" + sent.laid;
  }

  function fill(item) {
    var form = roundForm();
    var player = item.getAttribute("data-player"), id = item.getAttribute("data-pending");
    if (!form || !field(form, "input[name='players'][value='" + player + "']")) return;
    var before = filled[player] || {};
    if (before.id === id) return;
    var sent = {
      dw: item.getAttribute("data-dw"), cards: item.getAttribute("data-cards"),
      laid: item.getAttribute("data-laid"), melds: item.getAttribute("data-melds")
    };
    var now = { id: id, hand: before.hand, laid: before.laid }, any = false;
    if (free(handNow(form, player), before.hand)) {
      now.hand = fillHand(form, player, sent);
      any = any || now.hand !== null;
    }
    if (free(laidNow(form, player), before.laid)) {
      now.laid = fillLaid(form, player, sent);
      any = any || now.laid !== null;
    }
    filled[player] = now;
    // The row shows it holds a phone's hand (the mark stays once the scorekeeper edits it).
    var row = field(form, "input[name='players'][value='" + player + "']").closest(".hand");
    if (any && row) mark(row, form);
  }

  // The rows the server filled in from the phones, taken as hands.js would have left them.
  function served(form) {
    Array.prototype.forEach.call(form.querySelectorAll(".hand[data-from-phone]"), function (row) {
      var input = row.querySelector("input[name='players']");
      if (!input || filled[input.value]) return;
      filled[input.value] = { id: row.getAttribute("data-from-phone"),
                              hand: handNow(form, input.value), laid: laidNow(form, input.value) };
    });
  }

  // The row says in words that it holds a phone's hand, as the served form does.
  function mark(row, form) {
    row.classList.add("from-phone");
    var meta = row.querySelector(".who .meta");
    if (!meta || meta.querySelector(".phone-mark")) return;
    var words = document.createElement("span");
    words.className = "phone-mark";
    words.textContent = form.getAttribute("data-t-from-phone") || "";
    meta.appendChild(document.createTextNode(" "));
    meta.appendChild(words);
  }

  function arrived(root) {
    var list = root.id === "pending-hands" ? root
      : root.querySelector && root.querySelector("#pending-hands");
    if (!list) return;
    Array.prototype.forEach.call(list.querySelectorAll("[data-pending]"), fill);
  }

  function start() {
    var form = roundForm();
    if (form) served(form);
    if (window.htmx) window.htmx.onLoad(arrived);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
