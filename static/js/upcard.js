/* Oklahoma Gin's upcard on the round form (templates/scorekeeper/families/gin_round.html):
   once rank and suit are tapped, the deal's knock limit, and whether a spade doubles it,
   show at once. The words come from the server with each rank (the engine's deal_terms);
   this only puts the chosen one in view. Without it the page shows them after a Save. */
(function () {
  "use strict";
  if (window.upcardTerms) return;  // a form swapped in again brings this file again
  window.upcardTerms = true;

  document.addEventListener("change", function (event) {
    var box = event.target.closest && event.target.closest("[data-upcard]");
    if (!box) return;
    var rank = box.querySelector("input[name='upcard_rank']:checked");
    var suit = box.querySelector("input[name='upcard_suit']:checked");
    var output = box.querySelector("output.deal-terms");
    if (!output || !rank || !suit) return;
    var terms = rank.getAttribute("data-terms");
    if (suit.hasAttribute("data-doubles")) terms += " · " + output.getAttribute("data-doubled");
    output.textContent = terms;
  });
})();
