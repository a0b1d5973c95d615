/* The round form's number pad: digits go into the active player's field, so the phone's
   keyboard never covers the form and the thumb stays in one place. Progressive: without
   this file the fields are ordinary numeric inputs and the pad stays hidden.
   Taps for a 4-player round: knocker, 1 digit, Next, 2 + Next, 2 + Next, 2, Save = 12.
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

  function setup(root) {
    var form = formOf(root) || (root.querySelector && root.querySelector("form.round"));
    if (!form) return;
    var pad = form.querySelector("[data-pad]");
    if (!pad) return;
    pad.hidden = false;
    fields(form).forEach(function (input) {
      input.setAttribute("inputmode", "none");
    });
    if (!active || !document.body.contains(active)) {
      activate(form.querySelector("input[data-dw][aria-invalid='true']"), true);
    }
  }

  function nextEmpty(form, from) {
    var all = fields(form);
    var start = Math.max(all.indexOf(from), -1);
    for (var step = 1; step <= all.length; step++) {
      var candidate = all[(start + step) % all.length];
      if (candidate !== from && candidate.value === "") return candidate;
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
    if (key === "back") {
      active.value = active.value.slice(0, -1);
    } else if (active.value.length < 3) {
      active.value = active.value === "0" ? key : active.value + key;
    }
    active.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("form.round input[data-dw]")) {
      activate(event.target, false);
    }
  });

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
