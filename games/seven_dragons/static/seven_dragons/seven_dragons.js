// Zoom of the dragon layout: kept on <body>, so it survives every push that redraws the board,
// and remembered between visits. The table works without it.
(function () {
  "use strict";
  const LEVELS = 5;
  const saved = Number(window.localStorage.getItem("sd-zoom"));
  let level = saved >= 1 && saved <= LEVELS ? saved : 3;
  document.body.classList.add("js");
  document.body.dataset.sdZoom = String(level);
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-sd-zoom-step]");
    if (!button) return;
    level = Math.min(LEVELS, Math.max(1, level + Number(button.dataset.sdZoomStep)));
    document.body.dataset.sdZoom = String(level);
    window.localStorage.setItem("sd-zoom", String(level));
  });
})();
// Playing on the layout. The open hand card's form holds every legal way to play it (radios
// carrying data-position / data-target / data-rot); this lights those places on the board,
// shows the card as a ghost where it would go, and ticks the radio that a click on the board
// names. The form is what is sent, with or without this script. The choice being assembled is
// read back from the form after every push, so a redrawn board is lit again.
(function () {
  "use strict";
  function openForm() {
    return document.querySelector("#mine .sd-play[open] form");
  }
  function options(form) {
    return Array.from(form.querySelectorAll("input[type=radio][data-position], input[type=radio][data-target]"));
  }
  function cell(position) {
    return document.querySelector('#board .sd-grid [data-position="' + position + '"]');
  }
  function clearBoard() {
    document.querySelectorAll("#board .sd-lit, #board .sd-picked").forEach(function (el) {
      el.classList.remove("sd-lit", "sd-picked");
    });
    document.querySelectorAll("#board .sd-ghost").forEach(function (el) {
      el.remove();
    });
  }
  function checked(form) {
    return form.querySelector("input[type=radio]:checked");
  }
  // The radios still open to a click on the board: those of the chosen target, if any.
  function candidates(form) {
    const target = form.dataset.target || "";
    return options(form).filter(function (input) {
      return !input.dataset.target || !target || input.dataset.target === target;
    });
  }
  function showGhost(form, input, at) {
    const preview = input.closest("fieldset").querySelector('.sd-turn[data-rot="' + input.dataset.rot + '"] .sd-card');
    const place = cell(at);
    if (!preview || !place) return;
    const ghost = document.createElement("span");
    ghost.className = "sd-ghost";
    ghost.setAttribute("aria-hidden", "true");
    const card = preview.cloneNode(true);
    card.classList.remove("sd-small");
    ghost.appendChild(card);
    if (input.dataset.bonus) {
      const bonus = document.createElement("span");
      bonus.className = "sd-ghost-bonus";
      bonus.textContent = "+" + input.dataset.bonus;
      ghost.appendChild(bonus);
    }
    place.appendChild(ghost);
  }
  function paint() {
    clearBoard();
    const form = openForm();
    const grid = document.querySelector("#board .sd-grid");
    if (grid) grid.classList.toggle("sd-choosing", Boolean(form));
    if (!form) return;
    const all = options(form);
    const target = form.dataset.target || "";
    all.forEach(function (input) {
      if (input.dataset.target && !target) {
        const el = cell(input.dataset.target);
        if (el) el.classList.add("sd-lit");
      }
    });
    if (target && cell(target)) cell(target).classList.add("sd-picked");
    candidates(form).forEach(function (input) {
      const el = input.dataset.position && (target || !input.dataset.target) && cell(input.dataset.position);
      if (el) el.classList.add("sd-lit");
    });
    const chosen = checked(form);
    if (chosen && chosen.dataset.position) {
      showGhost(form, chosen, chosen.dataset.position);
      const place = cell(chosen.dataset.position);
      if (place) place.classList.add("sd-picked");
    }
    const line = form.querySelector(".sd-chosen");
    if (line) {
      const text = chosen && chosen.closest("label").querySelector(".sd-option-text");
      line.textContent = text ? text.textContent : line.dataset.none;
    }
  }
  // A click on a lit place ticks the way to play there, in the rotation last chosen if it has
  // one there; a click on a card to take or move chooses that card.
  function choose(form, position) {
    const target = form.dataset.target || "";
    const here = candidates(form).filter(function (input) {
      return input.dataset.position === position && (target || !input.dataset.target);
    });
    if (here.length) {
      const turned = here.find(function (input) {
        return input.dataset.rot === (form.dataset.rot || "0");
      });
      pick(form, turned || here[0]);
      return;
    }
    const taking = options(form).filter(function (input) {
      return input.dataset.target === position;
    });
    if (!taking.length) return;
    form.dataset.target = position;
    const now = checked(form);
    const same = taking.find(function (input) {
      return now && pileOf(input) === pileOf(now) && !input.dataset.position;
    });
    if (!taking[0].dataset.position) pick(form, same || taking[0]);
    else {
      if (now) now.checked = false;
      const group = taking[0].closest("details.sd-group");
      if (group) group.open = true;
      paint();
    }
  }
  // Where an action card goes ("top" / "bottom" of the pile); "" for a dragon card.
  function pileOf(input) {
    return input.name === "option" ? input.value.split(":")[0] : "";
  }
  function pick(form, input) {
    input.checked = true;
    if (input.dataset.rot) form.dataset.rot = input.dataset.rot;
    const group = input.closest("details.sd-group");
    if (group) group.open = true;
    paint();
  }
  function rotate(form) {
    const now = checked(form);
    const rot = (form.dataset.rot || "0") === "0" ? "180" : "0";
    form.dataset.rot = rot;
    if (now && now.dataset.position) {
      const turned = candidates(form).find(function (input) {
        return input.dataset.position === now.dataset.position && input.dataset.rot === rot &&
          input.dataset.target === now.dataset.target && pileOf(input) === pileOf(now);
      });
      if (turned) turned.checked = true;
    }
    paint();
  }
  document.addEventListener("click", function (event) {
    const form = openForm();
    if (!form) return;
    const place = event.target.closest("#board .sd-grid [data-position]");
    if (place) {
      choose(form, place.dataset.position);
      return;
    }
    if (event.target.closest("[data-sd-rotate]")) rotate(form);
  });
  document.addEventListener("change", function (event) {
    const form = openForm();
    if (form && form.contains(event.target)) {
      if (event.target.dataset.rot) form.dataset.rot = event.target.dataset.rot;
      if (event.target.dataset.target) form.dataset.target = event.target.dataset.target;
      paint();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      const open = openForm();
      if (!open) return;
      open.reset();
      delete open.dataset.target;
      delete open.dataset.rot;
      paint();
      return;
    }
    if (event.key !== "r" && event.key !== "R") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input[type=text], textarea, [contenteditable]")) return;
    const form = openForm();
    if (form && form.querySelector("[data-sd-rotate]")) rotate(form);
  });
  // A place hovered or focused shows the card there until the pointer or focus leaves.
  function preview(event) {
    const form = openForm();
    const place = event.target.closest && event.target.closest("#board .sd-lit[data-position]");
    if (!form || !place) return;
    const here = candidates(form).filter(function (input) {
      return input.dataset.position === place.dataset.position && (form.dataset.target || !input.dataset.target);
    });
    const shown = here.find(function (input) {
      return input.dataset.rot === (form.dataset.rot || "0");
    }) || here[0];
    if (!shown || place.querySelector(".sd-ghost")) return;
    showGhost(form, shown, place.dataset.position);
  }
  document.addEventListener("mouseover", preview);
  document.addEventListener("focusin", preview);
  document.addEventListener("mouseout", function (event) {
    const place = event.target.closest && event.target.closest("#board .sd-lit");
    if (place && !place.contains(event.relatedTarget)) paint();
  });
  document.addEventListener("focusout", function (event) {
    if (event.target.closest && event.target.closest("#board .sd-lit")) paint();
  });
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches(".sd-play")) paint();
  }, true);
  // A push redraws the board and your area (or your hand alone): the open card and its
  // rotation come back.
  let kept = null;
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    const form = openForm();
    if (!form || !event.detail.target.contains(form)) return;
    kept = {
      card: form.querySelector("input[name=card]").value,
      rot: form.dataset.rot,
      target: form.dataset.target,
    };
  });
  document.body.addEventListener("htmx:oobAfterSwap", function () {
    if (kept) {
      const field = document.querySelector('#mine .sd-play form input[name=card][value="' + kept.card + '"]');
      if (field) {
        const form = field.form;
        form.closest(".sd-play").open = true;
        if (kept.rot) form.dataset.rot = kept.rot;
        if (kept.target) form.dataset.target = kept.target;
      }
      kept = null;
    }
    // After table.js has ticked the inputs it kept (its listener runs after this one).
    window.setTimeout(paint, 0);
  });
  document.body.addEventListener("htmx:afterSettle", paint);
  paint();
})();
