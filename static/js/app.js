/* The round form's number pad: digits go into the active player's field, so the phone's
   keyboard never covers the form and the thumb stays in one place. Progressive: without
   scripts the fields are ordinary numeric inputs and the CSS hides the pad. Folding the
   pad and keeping what is typed clear of it: pad.js.
   Taps for a 4-player Wiener round: knocker, 1 digit, 2, 2, 2, Save = 9, since a
   complete number moves on by itself (complete() below; tests/test_browser_pad.py).
   A field that holds a value is replaced by the first key typed into it, not appended to
   (4 then 3 is 3, not 43); until then the old value shows faintly as its placeholder.
   The card pickers keep the hand in the page: each tap changes the form's hidden field at
   once and the form sends the cards with Save; the melds and points are asked for in the
   background and an answer overtaken by a later tap is dropped.
   Also: a notice when a request gets no answer, a server error or a refusal (see the
   end). */
(function () {
  "use strict";

  var active = null;

  function formOf(node) {
    return node && node.closest ? node.closest("form.round") : null;
  }

  // The fields the pad fills: those shown (Basic Rummy and Rami hide the hand of whoever
  // went out).
  function fields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-dw]")).filter(
      function (input) { return input.getClientRects().length > 0; });
  }

  function activate(input, focus) {
    if (active && active !== input) active.classList.remove("is-active");
    active = input;
    if (!input) return;
    input.classList.add("is-active");
    if (focus && document.activeElement !== input) input.focus();
    if (input.scrollIntoView) input.scrollIntoView({ block: "nearest" });
  }

  // After Save the sheet comes in place of the form (docs/table.md, "Accessibility"): the
  // focus goes to the new sheet's first heading, and its status line ("Round 4 saved.") is
  // read out. A live region put into the page with its text already in it is not announced
  // by every screen reader, so the text is set again once the region is in place.
  function announceSaved(root) {
    var note = root.querySelector && root.querySelector("[data-saved]");
    if (!note) return;
    note.removeAttribute("data-saved");
    var board = document.getElementById("board");
    var heading = board && (board.querySelector("h2") || board);
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
    var said = note.textContent;
    note.textContent = "";
    setTimeout(function () { note.textContent = said; }, 100);
  }

  // A refused Save: the first control the server marked, in the form's order (the missing
  // knocker's radio comes before the points fields); a points field becomes the pad's.
  // Only when the focus fell out of the form with the swap: a part of the form loaded later
  // (the what-if, a picker) never takes it from where the thumb is.
  function focusFirstInvalid(form) {
    var invalid = form.querySelector("[aria-invalid='true']");
    if (!invalid || form.contains(document.activeElement)) return;
    if (invalid.hasAttribute("data-dw") && form.querySelector("[data-pad]")) {
      activate(invalid, true);
    } else {
      invalid.focus();
    }
  }

  function setup(root) {
    announceSaved(root);
    var form = formOf(root) || (root.querySelector && root.querySelector("form.round"));
    if (!form) return;
    // A picker just opened (or a form shown again): fold a full hand away.
    Array.prototype.forEach.call(form.querySelectorAll("[data-picker='cards']"), function (picker) {
      var size = +form.getAttribute("data-hand-size");
      picker.classList.toggle("full", size > 0 && words(hiddenOf(picker).value).length >= size);
    });
    grey(form);  // a hand typed as points again frees its cards for the other pickers
    var pad = form.querySelector("[data-pad]");
    // A folded pad (static/js/pad.js) leaves the typing to the phone's own keyboard.
    if (pad && !pad.closest(".folded")) {
      fields(form).forEach(function (input) {
        input.setAttribute("inputmode", "none");
      });
    }
    if (!active || !document.body.contains(active)) focusFirstInvalid(form);
  }

  function nextEmpty(form, from) {
    var all = fields(form);
    var start = Math.max(all.indexOf(from), -1);
    for (var step = 1; step <= all.length; step++) {
      var candidate = all[(start + step) % all.length];
      if (candidate !== from && candidate.value === "" && !holding(candidate)) return candidate;
    }
    return null;
  }

  function press(form, key) {
    if (!active || !document.body.contains(active)) activate(nextEmpty(form, null), true);
    if (key === "next") {
      var next = nextEmpty(form, active);
      if (next) {
        activate(next, true);
      } else {
        activate(null);
        form.querySelector(".save").focus();
      }
      return;
    }
    if (!active) return;
    if (holding(active)) {
      release(active, false);  // the first key replaces; Delete clears
      if (key !== "back") active.value = key;
    } else if (key === "back") {
      active.value = active.value.slice(0, -1);
    } else {
      // No length limit here: a key is never dropped; the server names a value too big.
      active.value = active.value === "0" ? key : active.value + key;
    }
    active.dispatchEvent(new Event("input", { bubbles: true }));
    if (key !== "back" && complete(form, active)) press(form, "next");
  }

  // A hand's number is complete when one more digit would make more than the field can
  // hold: the knocker's deadwood at most the knock limit, any other hand at most the
  // largest a hand can count (data-hand-max; docs/rules.md 3.1, 3.2). Focus then moves on
  // as Next would: 24 needs no Next in Wiener (240 > 128), 12 does (120 is a hand).
  // Laid points (Rami) are not hands: they wait for Next.
  function complete(form, input) {
    var most = form.getAttribute("data-hand-max");
    if (!most || input.name.indexOf("dw-") !== 0 || input.value === "") return false;
    var ender = form.querySelector("input[name='ender']:checked");
    var limit = form.getAttribute("data-knock-limit");
    if (ender && input.id === "dw-" + ender.value && limit) most = Math.min(+most, +limit);
    return +input.value * 10 > +most;
  }

  // --- Replace on type ---
  function holding(input) {
    return input.hasAttribute("data-old");
  }

  function hold(input) {
    if (input.value === "" || holding(input)) return;
    input.setAttribute("data-old", input.value);
    input.placeholder = input.value;
    input.value = "";
  }

  // `keep`: nothing was typed, so the old value comes back.
  function release(input, keep) {
    if (!holding(input)) return;
    if (keep && input.value === "") input.value = input.getAttribute("data-old");
    input.removeAttribute("data-old");
    input.placeholder = "";
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("form.round input[data-dw]")) {
      hold(event.target);
      activate(event.target, false);
    }
  });
  document.addEventListener("focusout", function (event) {
    if (event.target.matches && event.target.matches("input[data-dw]")) release(event.target, true);
  });
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input.matches && input.matches("input[data-dw]") && input.value !== "") release(input, false);
  });
  // A form sent while a field still waits for its first key sends the old value.
  document.addEventListener("submit", function (event) {
    Array.prototype.forEach.call(event.target.querySelectorAll("input[data-old]"), function (input) {
      release(input, true);
    });
  }, true);

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "ender" && formOf(target)) {
      var form = formOf(target);
      var input = form.querySelector("#dw-" + target.value);
      if (input && input.getClientRects().length > 0) {
        activate(input, true);
      } else if (form.querySelector("[data-pad]") && !form.querySelector("[data-pad]").hidden) {
        activate(nextEmpty(form, null), true);
      }
    }
  });

  // --- The card pickers ---
  function text(form, name) {
    return form.getAttribute("data-t-" + name) || "";
  }

  function hiddenOf(picker) {
    return formOf(picker).querySelector("input[name='" + picker.getAttribute("data-picker") + "-" +
                                        picker.getAttribute("data-player") + "']");
  }

  function words(value) {
    return value.split(" ").filter(Boolean);
  }

  // The laid melds as "QS KS AS|7H 7D|": the last meld is the one being picked.
  function readMelds(value) {
    return value === "" ? [] : value.split("|").map(words);
  }

  function suitOf(picker) {
    var checked = picker.querySelector(".suits input:checked");
    return checked ? checked.value : "S";
  }

  // Rami: the laid cards tapped go in as taken from the table, "[4D]" (docs/rules.md 10.6).
  function fromTable(picker) {
    return !!picker.querySelector(".from-table input:checked");
  }

  // Every card in the form's hands and laid melds, counted.
  function roundCounts(form) {
    var counts = {};
    var fields = form.querySelectorAll("input[name^='cards-'], input[name^='melds-']");
    Array.prototype.forEach.call(fields, function (input) {
      words(input.value.replace(/\|/g, " ")).forEach(function (card) {
        counts[card] = (counts[card] || 0) + 1;
      });
    });
    return counts;
  }

  // A card the decks hold no more of is greyed out in every picker of the form.
  function grey(form) {
    var counts = roundCounts(form);
    var decks = +form.getAttribute("data-decks"), jokers = +form.getAttribute("data-jokers");
    Array.prototype.forEach.call(form.querySelectorAll("[data-picker]"), function (picker) {
      var suit = suitOf(picker), taking = fromTable(picker);
      Array.prototype.forEach.call(picker.querySelectorAll(".ranks button"), function (button) {
        var rank = button.value.split(":")[1];
        var card = rank === "JK" ? rank : rank + suit;
        // A card taken from the table was laid already: it uses up nothing.
        button.disabled = !taking && (counts[card] || 0) >= (rank === "JK" ? jokers : decks);
      });
    });
  }

  function cardButton(picker, card, name, value) {
    var form = formOf(picker), button = document.createElement("button");
    var table = card.charAt(0) === "[";
    if (table) card = card.slice(1, -1);
    var rank = card.slice(0, -1), suit = card.slice(-1), label, shown;
    if (card === "JK") {
      label = text(form, "joker");
      shown = text(form, "joker-short");
    } else {
      var rankButton = picker.querySelector(".ranks button[value$=':" + rank + "']");
      var suitLabel = picker.querySelector(".suits input[value='" + suit + "']").parentNode;
      var rankText = rankButton ? rankButton.textContent : rank;
      shown = rankText + suitLabel.querySelector("[aria-hidden]").textContent;
      label = text(form, "card").replace("{rank}", rankText)
        .replace("{suit}", suitLabel.querySelector(".vh").textContent);
      if (suit === "H" || suit === "D") button.className = "red";
    }
    button.classList.add("card");
    if (table) {
      button.classList.add("table");
      label = text(form, "table-card").replace("{card}", label);
    }
    button.type = "submit";
    button.name = name;
    button.value = value;
    button.textContent = shown;
    button.setAttribute("aria-label", text(form, "take-back").replace("{card}", label));
    return button;
  }

  function group(className, buttons) {
    var span = document.createElement("span");
    span.className = className;
    buttons.forEach(function (button) { span.appendChild(button); });
    return span;
  }

  // The picked cards drawn at once, before the server has grouped them into melds.
  function draw(picker) {
    var form = formOf(picker), player = picker.getAttribute("data-player");
    var value = hiddenOf(picker).value, melds = picker.querySelector(".melds"), count;
    melds.textContent = "";
    if (picker.getAttribute("data-picker") === "cards") {
      var cards = words(value), size = +form.getAttribute("data-hand-size");
      count = cards.length;
      if (count) {
        melds.appendChild(group("meld held", cards.map(function (card) {
          return cardButton(picker, card, "pick_remove", player + ":" + card);
        })));
      }
      picker.querySelector(".count").textContent = text(form, "count").replace("{n}", count) +
        (count ? " · " + text(form, "hint") : "");
      var full = size > 0 && count >= size;
      picker.classList.toggle("full", full);
      if (!full) picker.classList.remove("open");
    } else {
      var laid = readMelds(value);
      count = 0;
      laid.forEach(function (meld, index) {
        count += meld.length;
        var span = group("meld" + (meld.length < 3 ? " loose" : "") +
                         (index === laid.length - 1 ? " open" : ""),
                         meld.map(function (card) {
                           return cardButton(picker, card, "pick_lay_remove",
                                             player + ":" + index + ":" + card);
                         }));
        if (!meld.length) {
          var empty = document.createElement("span");
          empty.className = "new-meld";
          empty.textContent = text(form, "new-meld");
          span.appendChild(empty);
        }
        melds.appendChild(span);
      });
      picker.querySelector(".count").textContent =
        text(form, count === 1 ? "laid-one" : "laid-other").replace("{n}", count) +
        (count ? " · " + text(form, "hint") : "");
    }
    note(picker, "");
  }

  function note(picker, message) {
    var paragraph = picker.querySelector(".pick-note");
    if (!paragraph) return;
    paragraph.textContent = message;
    paragraph.hidden = !message;
  }

  // What a tap does to the hidden field's value.
  var TAPS = {
    pick_add: function (value, argument, picker) {
      var cards = words(value);
      var size = +formOf(picker).getAttribute("data-hand-size");
      if (size > 0 && cards.length >= size) {
        note(picker, text(formOf(picker), "full"));
        return null;
      }
      cards.push(argument === "JK" ? argument : argument + suitOf(picker));
      return cards.join(" ");
    },
    pick_remove: function (value, argument) {
      var cards = words(value), at = cards.indexOf(argument);
      if (at >= 0) cards.splice(at, 1);
      return cards.join(" ");
    },
    pick_clear: function () { return ""; },
    pick_lay_add: function (value, argument, picker) {
      var melds = readMelds(value), card = argument === "JK" ? argument : argument + suitOf(picker);
      if (!melds.length) melds.push([]);
      melds[melds.length - 1].push(fromTable(picker) ? "[" + card + "]" : card);
      return melds.map(function (meld) { return meld.join(" "); }).join("|");
    },
    pick_lay_next: function (value) {
      var melds = readMelds(value);
      return melds.length && melds[melds.length - 1].length ? value + "|" : value;
    },
    pick_lay_remove: function (value, argument) {
      var melds = readMelds(value), index = +argument.split(":")[0];
      var card = argument.split(":")[1], meld = melds[index] || [];
      if (meld.indexOf(card) >= 0) meld.splice(meld.indexOf(card), 1);
      return melds.filter(function (cards, at) {
        return cards.length || at === melds.length - 1;
      }).map(function (cards) { return cards.join(" "); }).join("|");
    },
    pick_lay_clear: function () { return ""; }
  };

  var timers = {}, asked = {};

  // The melds and points of the picked cards, from the server, a moment after the last
  // tap. Taps never wait for it; an answer for cards that changed meanwhile is dropped.
  function evaluate(picker) {
    var id = picker.id, form = formOf(picker), input = hiddenOf(picker);
    var entry = picker.parentNode, output = entry.querySelector("output.dw");
    if (output) output.classList.add("pending");
    clearTimeout(timers[id]);
    timers[id] = setTimeout(function () {
      var sent = input.value, ask = (asked[id] || 0) + 1, body = new FormData(form);
      asked[id] = ask;
      body.append(picker.getAttribute("data-picker") === "cards" ? "pick_show" : "pick_lay_show",
                  picker.getAttribute("data-player") + ":");
      fetch(form.getAttribute("data-hand-url"), { method: "POST", body: body, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          // A newer tap asks again and its answer clears the mark; otherwise clear it here,
          // even for a failed answer (the cards are in the form whatever the answer).
          if (asked[id] !== ask || input.value !== sent || !document.body.contains(picker)) return;
          if (output) output.classList.remove("pending");
          if (html === null) return;
          var answer = document.createElement("template");
          answer.innerHTML = html;
          ["output.dw", ".melds", ".count"].forEach(function (selector) {
            var fresh = answer.content.querySelector(selector);
            var shown = entry.querySelector(selector);
            if (fresh && shown) shown.innerHTML = fresh.innerHTML;
          });
        })
        .catch(function () {
          // No answer: the cards stay in the form; the next tap asks again.
          if (asked[id] === ask && output) output.classList.remove("pending");
        });
    }, 250);
  }

  document.addEventListener("click", function (event) {
    var reopen = event.target.closest && event.target.closest("[data-reopen]");
    if (reopen) {
      reopen.closest("[data-picker]").classList.add("open");
      return;
    }
    var button = event.target.closest && event.target.closest("[data-picker] button[name]");
    var tap = button && TAPS[button.name];
    if (!tap) return;
    event.preventDefault();
    var picker = button.closest("[data-picker]"), input = hiddenOf(picker);
    var argument = button.value.slice(button.value.indexOf(":") + 1);
    var value = tap(input.value, argument, picker);
    if (value === null) return;
    input.value = value;
    // Whoever follows the form (the correction's what-if) hears of the new hand.
    input.dispatchEvent(new Event("change", { bubbles: true }));
    draw(picker);
    grey(formOf(picker));
    evaluate(picker);
    layOffAgain(formOf(picker), picker);
  });

  // Gin (a form with [data-lay-off]): a defender's picked cards are laid off onto the
  // knocker's melds, so their answer changes with the knocker's cards, who knocked, and
  // whether it was a gin: the other pickers are asked again.
  function layOffAgain(form, except) {
    if (!form || !form.querySelector("[data-lay-off]")) return;
    Array.prototype.forEach.call(form.querySelectorAll("[data-picker='cards']"), function (other) {
      if (other !== except && hiddenOf(other).value) evaluate(other);
    });
  }

  document.addEventListener("change", function (event) {
    var picker = event.target.closest && event.target.closest("[data-picker]");
    if (picker && (event.target.type === "radio" || event.target.type === "checkbox")) {
      grey(formOf(picker));
    }
    if (event.target.name === "ender" || event.target.name === "how") {
      layOffAgain(formOf(event.target), null);
    }
  });

  // Keep the focus (and the active field) where it is when a pad key is touched.
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("[data-pad] button")) event.preventDefault();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-pad] button");
    if (button) press(formOf(button), button.getAttribute("data-key"));
  });

  // A request that got no answer (the connection dropped), a server error or a refusal
  // the page has no form for is not swapped in by htmx, so the phone would show
  // nothing: say what happened, and that sending again is safe (each form carries a
  // key, so a repeat counts once).
  function connectionProblem(kind) {
    var notice = document.getElementById("connection-problem");
    if (!notice) return;
    notice.textContent = notice.getAttribute("data-" + kind);
    notice.hidden = false;
  }

  document.addEventListener("htmx:sendError", function (event) {
    // A sheet that polls sends nothing of its own: it only falls behind for a while.
    var reading = event.detail.requestConfig && event.detail.requestConfig.verb === "get";
    connectionProblem(reading ? "behind" : "offline");
  });
  document.addEventListener("htmx:responseError", function (event) {
    connectionProblem(event.detail.xhr.status >= 500 ? "failed" : "refused");
  });
  document.addEventListener("htmx:beforeRequest", function () {
    var notice = document.getElementById("connection-problem");
    if (notice) notice.hidden = true;
  });

  function start() {
    if (window.htmx) {
      window.htmx.onLoad(setup);
    } else {
      setup(document.body);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
