/* The round form's dock (the number pad and Save) sticks to the foot of the screen and
   takes about a third of a phone's height. This keeps what is being typed, and what
   answers it, above the dock (docs/table.md "The number pad"):
   - a focused field's row is scrolled clear of the dock, together with the correction's
     what-if when both fit; after the what-if changes, as much of it as fits below the row;
   - an opened penalty list is scrolled clear of the dock;
   - the pad folds to one line (its toggle shares Save's line). The phone remembers the
     fold in a cookie, not in localStorage, because the server must know it: the pad is in
     the first HTML, folded or not, so its space is held from the first paint and nothing
     shifts when this file arrives.
   The keys themselves are in app.js. */
(function () {
  "use strict";

  var YEAR = 365 * 24 * 3600;
  var MARGIN = 8;  // px kept free between what is shown and the screen's edges

  function formOf(node) {
    return node && node.closest ? node.closest("form.round") : null;
  }

  function dockOf(form) {
    return form ? form.querySelector("[data-dock]") : null;
  }

  // How much of the screen's foot the dock covers: nothing while it does not stick (an
  // open card picker puts it back in the flow).
  function covered(dock) {
    if (!dock || window.getComputedStyle(dock).position !== "sticky") return 0;
    return dock.getBoundingClientRect().height;
  }

  // The browser's own scrolling to a focused control (and app.js's scrollIntoView) keeps
  // clear of the dock through scroll-padding-bottom (app.css).
  function measure() {
    var dock = dockOf(document.querySelector("form.round"));
    document.documentElement.style.setProperty("--dock-h", (covered(dock) + MARGIN) + "px");
  }

  // Scrolls as little as needed to show `target` between the screen's top and the dock.
  // `extra` (the what-if) comes along when both fit; when they do not and `most` is set,
  // the target goes to the top so that as much of `extra` shows as can.
  function reveal(target, extra, most) {
    var top = MARGIN;
    var bottom = window.innerHeight - covered(dockOf(formOf(target))) - MARGIN;
    var box = target.getBoundingClientRect(), from = box.top, to = box.bottom;
    if (extra) {
      var more = extra.getBoundingClientRect();
      var first = Math.min(from, more.top), last = Math.max(to, more.bottom);
      if (last - first <= bottom - top) {
        from = first;
        to = last;
      } else if (most) {
        to = from + (bottom - top);
      }
    }
    var by = 0;
    if (to > bottom) by = to - bottom;
    if (from - by < top) by = from - top;  // the target's top wins over its bottom
    if (by) window.scrollBy(0, by);
  }

  function rowOf(control) {
    return control.closest(".hand, .penalty, .field") || control;
  }

  function whatIfOf(form) {
    return form.querySelector("#what-if");
  }

  // The field the pad types into (app.js marks it), or else the focused control.
  function typedInto(form) {
    var active = form.querySelector("input.is-active");
    if (active && active.getClientRects().length) return active;
    var focused = document.activeElement;
    return formOf(focused) === form && focused.matches("input, select") ? focused : null;
  }

  var lastControl = null;  // a complete number moves the focus on to Save (app.js)
  var pressing = false, waiting = null;

  function revealControl(control) {
    if (document.body.contains(control)) reveal(rowOf(control), whatIfOf(formOf(control)), false);
  }

  // A control focused by a finger put down is shown once the finger is lifted: scrolling
  // under it would turn the tap into a tap on whatever slid beneath.
  document.addEventListener("pointerdown", function () { pressing = true; }, true);
  ["pointerup", "pointercancel"].forEach(function (type) {
    document.addEventListener(type, function () {
      pressing = false;
      var control = waiting;
      waiting = null;
      if (control) setTimeout(function () { revealControl(control); }, 0);  // after the click
    }, true);
  });

  // Fields and lists, not the radios and checkboxes tapped in a row or a card picker.
  var SHOWN = "input:not([type='hidden']):not([type='radio']):not([type='checkbox']), select";

  document.addEventListener("focusin", function (event) {
    var control = event.target;
    if (!formOf(control) || !control.matches(SHOWN)) return;
    lastControl = control;
    if (pressing) {
      waiting = control;
    } else {
      revealControl(control);
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    measure();
    var swapped = event.detail && event.detail.target;
    if (!swapped || swapped.id !== "what-if") return;
    var form = formOf(swapped);
    if (!form) return;
    // Only for what is typed: the what-if of a form just opened stays where it is.
    var control = typedInto(form) || (form.contains(lastControl) ? lastControl : null);
    if (control) reveal(rowOf(control), swapped, true);
  });

  // `toggle` does not bubble: listen on the way down.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details.tagName === "DETAILS" && details.open && formOf(details)) reveal(details, null, false);
  }, true);

  // Folded, the phone's own keyboard types (as it does without scripts): the fields ask
  // for numbers again instead of keeping it closed for the pad.
  function fold(dock, folded) {
    var toggle = dock.querySelector("[data-pad-fold]");
    dock.classList.toggle("folded", folded);
    if (toggle) toggle.setAttribute("aria-expanded", folded ? "false" : "true");
    Array.prototype.forEach.call(formOf(dock).querySelectorAll("input[data-dw]"), function (input) {
      input.setAttribute("inputmode", folded ? "numeric" : "none");
    });
    measure();
  }

  // Read by templates/scorekeeper/round_form.html; a phone refusing cookies folds this
  // form only.
  function remember(folded) {
    document.cookie = "pad=" + (folded ? "folded" : "open") + "; path=/; max-age=" + YEAR +
      "; samesite=lax";
  }

  // Like the pad's keys, the toggle leaves the focus (and the field typed into) alone.
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("[data-pad-fold]")) event.preventDefault();
  });

  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest("[data-pad-fold]");
    if (!toggle) return;
    var form = formOf(toggle), folded = toggle.getAttribute("aria-expanded") === "true";
    fold(dockOf(form), folded);
    remember(folded);
    var control = typedInto(form);
    if (control) reveal(rowOf(control), whatIfOf(form), false);  // an opened pad may cover it
  });

  window.addEventListener("resize", measure);
  document.addEventListener("htmx:load", measure);  // a form shown again, a picker opened
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", measure);
  } else {
    measure();
  }
})();
