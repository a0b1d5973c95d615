/* The new-game page's seats, kept in the browser (docs/table.md, "Seating"): a chip tap
   ("+ Anna"), a move or a removal changes the list at once, with no request, and the
   seats go to the server once, with "Start the game", as the form's `seat` fields (as the
   card pickers keep the picks in the page). So no tap waits for the connection, and none
   is lost on a slow one.
   - A chip tapped is disabled: a player is seated once. Removing the seat frees it.
   - Focus stays where the thumb is: on the next chip (or the seat's next arrow), never on
     "New player", which would open the keyboard.
   - A typed name still goes to the server with "Add", for its checks (a look-alike of a
     seated name, invisible characters). Taps made while that request is on its way are
     kept and made again on the form it answers with.
   - What depends on the number seated follows: the Gin tournament's bye (three seated)
     and the Basic Rummy deal's hint.
   Progressive: without this file each tap is a round trip, as before (web/forms.py,
   apply_seat_action). */
(function () {
  "use strict";

  var FORM = "game-form";
  var SEAT_TAPS = ["seat_add", "seat_up", "seat_down", "seat_remove"];
  var MAX_SEATS = 12;  // as the server reads them (web/forms.py, read_seats)
  // The taps made while a request of the form is on its way; null when none is.
  var inFlight = null, sentForm = null;

  function seatList(form) {
    return form.querySelector("ol[data-seats]");
  }

  function rows(form) {
    return Array.prototype.slice.call(seatList(form).querySelectorAll("li[data-key]"));
  }

  function rowOf(form, key) {
    return rows(form).filter(function (row) { return row.getAttribute("data-key") === key; })[0];
  }

  function chipOf(form, key) {
    return Array.prototype.filter.call(form.querySelectorAll(".chips button[data-key]"),
      function (chip) { return chip.getAttribute("data-key") === key; })[0];
  }

  function words(form, name, person) {
    return seatList(form).getAttribute("data-t-" + name).replace("{name}", person);
  }

  function iconButton(form, name, symbol, label, person) {
    var button = document.createElement("button");
    button.type = "submit";
    button.name = name;
    button.className = "icon";
    button.textContent = symbol;
    button.setAttribute("aria-label", words(form, label, person));
    return button;
  }

  // A seat as the server draws it (templates/scorekeeper/new_game.html).
  function newRow(form, name, key) {
    var row = document.createElement("li"), field = document.createElement("input");
    var number = document.createElement("span"), shown = document.createElement("span");
    row.setAttribute("data-key", key);
    field.type = "hidden";
    field.name = "seat";
    field.value = name;
    number.className = "seat-no";
    number.setAttribute("aria-hidden", "true");
    shown.className = "name";
    shown.textContent = name;
    [field, number, shown, iconButton(form, "seat_up", "↑", "up", name),
     iconButton(form, "seat_down", "↓", "down", name),
     iconButton(form, "seat_remove", "✕", "remove", name)].forEach(function (node) {
      row.appendChild(node);
    });
    return row;
  }

  // After any change: the numbers, the buttons' seat indexes (what the server reads when
  // one of them is sent without this file), the arrows at the ends, and what follows the
  // number seated.
  function renumber(form) {
    var list = seatList(form), seated = rows(form);
    seated.forEach(function (row, index) {
      row.querySelector(".seat-no").textContent = index + 1;
      Array.prototype.forEach.call(row.querySelectorAll("button"), function (button) {
        button.value = index;
      });
      row.querySelector("[name='seat_up']").disabled = index === 0;
      row.querySelector("[name='seat_down']").disabled = index === seated.length - 1;
    });
    var empty = list.querySelector("li.empty");
    if (seated.length && empty) empty.remove();
    if (!seated.length && !empty) {
      empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = list.getAttribute("data-t-empty");
      list.appendChild(empty);
    }
    follow(form, seated);
  }

  function follow(form, seated) {
    var bye = form.querySelector("[data-bye]");
    if (bye) {
      var three = seated.length === 3;
      bye.hidden = !three;
      bye.disabled = !three;  // not sent unless shown
      if (three) {
        Array.prototype.forEach.call(bye.querySelectorAll("label span"), function (label, index) {
          label.textContent = seated[index].querySelector(".name").textContent;
        });
      }
    }
    var hint = form.querySelector("[data-basic-setup]");
    if (hint) {
      var texts = JSON.parse(hint.getAttribute("data-basic-setup"));
      hint.textContent = texts[Math.min(seated.length, texts.length - 1)];
    }
  }

  function focusOn(button) {
    if (button) button.focus({ preventScroll: true });
  }

  // The chip now nearest the thumb: the next one still free, else the one before.
  function nearChip(form, chip) {
    var chips = Array.prototype.slice.call(form.querySelectorAll(".chips button"));
    var at = chips.indexOf(chip), free = function (each) { return !each.disabled; };
    return chips.slice(at + 1).filter(free)[0] || chips.slice(0, at).filter(free).pop() ||
      form.querySelector(".start");
  }

  // One tap, by the seat's key (not its place, which a tap made in flight may change).
  function apply(form, tap) {
    var row = rowOf(form, tap.key), chip = chipOf(form, tap.key), focus = null;
    if (tap.name === "seat_add") {
      if (!row && rows(form).length >= MAX_SEATS) return;
      if (!row) seatList(form).appendChild(newRow(form, tap.person, tap.key));
      if (chip) {
        if (tap.focus) focus = nearChip(form, chip);
        chip.disabled = true;
      }
    } else if (row && tap.name === "seat_remove") {
      var next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      if (chip) chip.disabled = false;
      if (tap.focus) focus = next && next.querySelector("[name='seat_remove']") || chip;
    } else if (row) {
      var up = tap.name === "seat_up", other = up ? row.previousElementSibling : row.nextElementSibling;
      if (other && other.hasAttribute("data-key")) {
        row.parentNode.insertBefore(row, up ? other : other.nextElementSibling);
      }
      focus = row.querySelector("[name='" + tap.name + "']");
    }
    renumber(form);
    if (tap.focus && focus && focus.disabled) {
      focus = row && row.querySelector(tap.name === "seat_up" ? "[name='seat_down']" : "[name='seat_up']");
    }
    if (tap.focus) focusOn(focus);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[name]");
    var form = button && button.closest("#" + FORM);
    if (!form || SEAT_TAPS.indexOf(button.name) < 0 || !seatList(form)) return;
    event.preventDefault();  // no request: the seats go with Start
    if (button.disabled) return;
    var row = button.closest("li[data-key]");
    var tap = row
      ? { name: button.name, key: row.getAttribute("data-key") }
      : { name: button.name, key: button.getAttribute("data-key"), person: button.value };
    apply(form, { name: tap.name, key: tap.key, person: tap.person, focus: true });
    if (inFlight) inFlight.push(tap);
  });

  // A typed name (or Start) went to the server: the form it answers with holds the seats
  // as they were sent, so the taps made since are made again on it. (htmx:load, not
  // afterRequest: that one is dispatched on the form the answer replaced, which is no
  // longer in the page.)
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt && event.detail.elt.id === FORM) {
      inFlight = [];
      sentForm = event.detail.elt;
    }
  });
  document.addEventListener("htmx:load", function (event) {
    var form = event.target.id === FORM ? event.target : null;
    if (!form || !inFlight || form === sentForm || !seatList(form)) return;
    var taps = inFlight;
    inFlight = null;
    sentForm = null;
    taps.forEach(function (tap) { apply(form, tap); });
  });
})();
