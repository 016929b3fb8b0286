// Playing a card by clicking its column. The hand's form is what is sent, with or without this
// script: a column's button (hidden until a card is chosen) submits it with the matching
// destination; a priest played into Kosmopolis first asks which column it takes from, by
// lighting those columns.
(function () {
  "use strict";
  function playForm() {
    return document.querySelector("#mine .k-play form");
  }
  function paint() {
    const form = playForm();
    const card = form && form.querySelector("input[name=card]:checked");
    const taking = Boolean(form && card && form.dataset.taking === card.value);
    // A column holds a play button and a priest's take button: lit if either is shown.
    document.querySelectorAll("#table .k-lit").forEach(function (column) {
      column.classList.remove("k-lit");
    });
    document.querySelectorAll("#table [data-k-play]").forEach(function (button) {
      const on = Boolean(card) && !taking && button.dataset.colour === card.dataset.colour;
      button.hidden = !on;
      if (on) button.closest(".k-column, .k-city-col").classList.add("k-lit");
    });
    document.querySelectorAll("#table [data-k-take]").forEach(function (button) {
      button.hidden = !taking;
      if (taking) button.closest(".k-column").classList.add("k-lit");
    });
  }
  function submit(form, to) {
    const button = form.querySelector('button[name=to][value="' + to + '"]');
    if (button) button.click();
  }
  document.addEventListener("click", function (event) {
    const form = playForm();
    if (!form) return;
    let button = event.target.closest("#table [data-k-play]:not([hidden]), #table [data-k-take]:not([hidden])");
    if (!button) {
      // The whole lit column answers a click, not only its button.
      const column = event.target.closest("#table .k-lit");
      if (!column || event.target.closest("a, button, input, label, summary")) return;
      button = column.querySelector("[data-k-play]:not([hidden]), [data-k-take]:not([hidden])");
      if (!button) return;
    }
    const card = form.querySelector("input[name=card]:checked");
    if (!card) return;
    if (button.dataset.kTake) {
      const take = form.querySelector('input[name=take][value="' + button.dataset.kTake + '"]');
      if (take) take.checked = true;
      submit(form, "kosmopolis");
      return;
    }
    const to = button.dataset.kPlay;
    if (to === "kosmopolis" && "priest" in card.dataset && form.querySelector("input[name=take]")) {
      form.dataset.taking = card.value;
      paint();
      const first = document.querySelector("#table [data-k-take]");
      if (first) first.focus();
      return;
    }
    submit(form, to);
  });
  document.addEventListener("change", function (event) {
    if (event.target.closest && event.target.closest("#mine .k-play form")) paint();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    const form = playForm();
    if (!form) return;
    delete form.dataset.taking;
    form.reset();
    paint();
  });
  document.body.addEventListener("htmx:afterSettle", paint);
  document.body.addEventListener("htmx:oobAfterSwap", function () {
    // After table.js has ticked the card it kept (its listener runs after this one).
    window.setTimeout(paint, 0);
  });
  paint();
})();
