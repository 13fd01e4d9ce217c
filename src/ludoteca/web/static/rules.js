/* Ludoteca web: the rules pages; their diagrams are drawn from the engine's data. */
"use strict";

document.querySelectorAll("figure.diagram[data-diagram]").forEach((figure) => {
  try {
    figure.prepend(Diagrams.draw(JSON.parse(figure.dataset.diagram), false));
  } catch (e) {
    /* a diagram that cannot be drawn leaves its caption */
  }
});
