/* The share page's Copy and Share buttons (templates/scorekeeper/share.html). Progressive:
   without this file the buttons stay hidden and the link stays there to be selected.
   Share appears only where the phone has the Web Share API (most phones; few desktops). */
(function () {
  "use strict";

  var box = document.querySelector("[data-share-for]");
  if (!box) return;
  var input = document.getElementById(box.getAttribute("data-share-for"));
  var status = document.querySelector(".share-status");
  var copy = box.querySelector("[data-copy]");
  var share = box.querySelector("[data-share]");

  function say(key) {
    if (status) status.textContent = status.getAttribute(key) || "";
  }

  // Where the clipboard is refused (plain http on a LAN address is not a secure
  // context, so navigator.clipboard is missing there): the old copy command, and else
  // the link selected for the phone's own Copy.
  function fallback() {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    say(copied ? "data-copied" : "data-selected");
  }

  copy.hidden = false;
  copy.addEventListener("click", function () {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(input.value).then(function () {
        say("data-copied");
      }, fallback);
    } else {
      fallback();
    }
  });

  if (typeof navigator.share === "function") {
    share.hidden = false;
    share.addEventListener("click", function () {
      navigator.share({ title: box.getAttribute("data-share-title") || document.title,
                        url: input.value }).catch(function () {
        // Cancelled by the player, or refused: the link and Copy are still there.
      });
    });
  }
})();
