// Placing a tile on your boat. A mouse moves the piece as a ghost and a click places it; a tap
// (touch or pen) shows the ghost where it lands and a second tap on it, or Confirm, places it;
// the keyboard reaches the boat with Enter on a piece, moves the ghost with the arrow keys and
// places it with Enter. The ghost is green where the piece fits and red where not, and the line
// under the boat says why (off the boat, a square covered, not touching: the engine's order).
// R turns the piece, F mirrors it. The script only fills the plain form's orientation and
// corner fields; the server judges the move. It reads the boat from the form (`data-grid`: "."
// off the boat, "0" free, "1" covered). After a push redraws the form, the piece being placed
// is kept only while it is still offered and still fits.
(function () {
  "use strict";
  const WIDTH = 15;
  const HEIGHT = 11;
  const MIDDLE = [5, 4];
  const SVG = "http://www.w3.org/2000/svg";
  const PIECES = ["main", "bonus", "extra"];
  const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const places = new WeakMap();
  let pointer = "mouse";
  let kept = null;

  function oriented(base, k) {
    let cells = base.map(function (c) { return k >= 4 ? [-c[0], c[1]] : [c[0], c[1]]; });
    for (let turn = 0; turn < k % 4; turn++) {
      cells = cells.map(function (c) { return [-c[1], c[0]]; });
    }
    const minX = Math.min.apply(null, cells.map(function (c) { return c[0]; }));
    const minY = Math.min.apply(null, cells.map(function (c) { return c[1]; }));
    return cells.map(function (c) { return [c[0] - minX, c[1] - minY]; });
  }

  function parseShape(text) {
    if (!text) return null;
    return text.split(" ").map(function (pair) { return pair.split(",").map(Number); });
  }

  function setup(placer) {
    if (places.has(placer)) return places.get(placer);
    const form = placer.closest("form");
    if (!form.querySelector('[data-piece="main"]')) return null;
    const svg = placer.querySelector("svg.ioc-boat");
    const ghost = document.createElementNS(SVG, "g");
    ghost.setAttribute("class", "ghost");
    svg.appendChild(ghost);
    svg.setAttribute("tabindex", "0");
    const why = placer.querySelector(".ioc-why");
    svg.setAttribute("aria-describedby", "ioc-why ioc-keys");
    const maps = {};
    (placer.dataset.maps || "").split(" ").forEach(function (entry) {
      const parts = entry.split(":");
      if (parts.length === 2) maps[parts[0]] = parts[1];
    });
    const place = {
      form: form, svg: svg, ghost: ghost, why: why, grid: placer.dataset.grid, maps: maps,
      active: "main", at: null, fixed: { main: null, bonus: null, extra: null },
    };
    ["bonus", "extra"].forEach(function (piece) {
      const set = fieldset(place, piece);
      if (set) set.hidden = true;
    });
    places.set(placer, place);
    if (kept) restore(place, kept);
    draw(place);
    return place;
  }

  function fieldset(place, piece) {
    return place.form.querySelector('[data-piece="' + piece + '"]');
  }

  function field(place, piece, role) {
    return fieldset(place, piece).querySelector('[data-role="' + role + '"]');
  }

  function chosen(place) {
    return place.form.querySelector('input[name="choice"]:checked');
  }

  function shapeOf(place, piece) {
    if (piece === "main") {
      const choice = chosen(place);
      return choice ? parseShape(choice.dataset.shape) : null;
    }
    const set = fieldset(place, piece);
    if (!set || set.hidden) return null;
    const select = field(place, piece, "shape");
    return parseShape(select.options[select.selectedIndex].dataset.shape);
  }

  function cellsAt(place, piece, at) {
    const base = shapeOf(place, piece);
    if (!base || !at) return null;
    const k = Number(field(place, piece, "orientation").value);
    return oriented(base, k).map(function (c) { return [c[0] + at[0], c[1] + at[1]]; });
  }

  function size(cells) {
    return [
      Math.max.apply(null, cells.map(function (c) { return c[0]; })) -
        Math.min.apply(null, cells.map(function (c) { return c[0]; })),
      Math.max.apply(null, cells.map(function (c) { return c[1]; })) -
        Math.min.apply(null, cells.map(function (c) { return c[1]; })),
    ];
  }

  function corner(cells) {
    return [
      Math.min.apply(null, cells.map(function (c) { return c[0]; })),
      Math.min.apply(null, cells.map(function (c) { return c[1]; })),
    ];
  }

  function covered(place, piece) {
    const taken = new Set();
    for (let i = 0; i < place.grid.length; i++) if (place.grid[i] === "1") taken.add(i);
    // Pieces of one move are placed in this order; earlier ones count as covered.
    for (const earlier of PIECES.slice(0, PIECES.indexOf(piece))) {
      (place.fixed[earlier] || []).forEach(function (c) { taken.add(c[1] * WIDTH + c[0]); });
    }
    return taken;
  }

  // Why the piece cannot lie on these cells, in the engine's order; null where it fits.
  function problem(place, piece, cells) {
    const taken = covered(place, piece);
    for (const c of cells) {
      const off = c[0] < 0 || c[0] >= WIDTH || c[1] < 0 || c[1] >= HEIGHT;
      if (off || place.grid[c[1] * WIDTH + c[0]] === ".") return "off";
    }
    if (cells.some(function (c) { return taken.has(c[1] * WIDTH + c[0]); })) return "covered";
    if (taken.size === 0) return null;
    const touches = cells.some(function (c) {
      return Object.keys(STEPS).some(function (key) {
        const x = c[0] + STEPS[key][0], y = c[1] + STEPS[key][1];
        return x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT && taken.has(y * WIDTH + x);
      });
    });
    return touches ? null : "apart";
  }

  function drawCells(group, cells, className) {
    cells.forEach(function (c) {
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", c[0]);
      rect.setAttribute("y", c[1]);
      rect.setAttribute("width", 1);
      rect.setAttribute("height", 1);
      rect.setAttribute("class", className);
      group.appendChild(rect);
    });
  }

  function draw(place) {
    const ghost = place.ghost;
    while (ghost.firstChild) ghost.removeChild(ghost.firstChild);
    PIECES.forEach(function (piece) {
      if (piece !== place.active && place.fixed[piece]) drawCells(ghost, place.fixed[piece], "fixed");
    });
    // The line speaks of what the player holds: a finger, a mouse or the keys.
    const placed = { mouse: "placed-point", keyboard: "placed-key" }[pointer] || "placed-tap";
    let state = place.fixed.main ? placed : "choose";
    if (place.fixed[place.active]) {
      drawCells(ghost, place.fixed[place.active], "set");
      state = placed;
    } else {
      const cells = cellsAt(place, place.active, place.at);
      if (cells) {
        const why = problem(place, place.active, cells);
        drawCells(ghost, cells, why ? "bad" : "ok");
        state = why || { mouse: "fits-point", keyboard: "fits-key" }[pointer] || "fits-tap";
      }
    }
    say(place, state);
  }

  function say(place, state) {
    if (!place.why) return;
    const text = place.form.querySelector('.ioc-why-texts [data-why="' + state + '"]');
    const line = text ? text.textContent : "";
    if (place.why.textContent !== line) place.why.textContent = line;
    place.why.dataset.state = state;
  }

  function fill(place, piece, cells) {
    const at = cells ? corner(cells) : ["", ""];
    field(place, piece, "x").value = at[0];
    field(place, piece, "y").value = at[1];
  }

  function earnsBonus(place, cells) {
    const choice = chosen(place);
    let colour = choice ? choice.dataset.colour : "";
    if (choice && choice.dataset.kind === "oshax") {
      const select = place.form.querySelector('select[name="colour"]');
      colour = select ? select.value : "";
    }
    const map = colour && place.maps[colour];
    return Boolean(map) && cells.some(function (c) { return c[0] + "," + c[1] === map; });
  }

  // The ghost becomes the placed piece if it fits: its corner goes into the form, and the map
  // bonus or the card's second piece is the next one to place. False (the reason shown) if not.
  function fix(place) {
    lift(place);
    const cells = cellsAt(place, place.active, place.at);
    if (!cells || problem(place, place.active, cells)) {
      draw(place);
      return false;
    }
    fill(place, place.active, cells);
    place.fixed[place.active] = cells;
    const bonus = fieldset(place, "bonus");
    const extra = fieldset(place, "extra");
    if (place.active === "main" && bonus && earnsBonus(place, cells)) {
      bonus.hidden = false;
      activate(place, "bonus");
    } else if (place.active !== "extra" && extra && !extra.hidden) {
      activate(place, "extra");
    }
    draw(place);
    return true;
  }

  // The active piece is picked up again: it is no longer in the form, nor are the pieces
  // placed after it (the map bonus it earned, a second piece that touched it).
  function lift(place) {
    if (!place.fixed[place.active]) return;
    PIECES.slice(PIECES.indexOf(place.active)).forEach(function (piece) {
      if (!place.fixed[piece]) return;
      place.fixed[piece] = null;
      fill(place, piece, null);
    });
    const bonus = fieldset(place, "bonus");
    if (place.active === "main" && bonus) {
      bonus.hidden = true;
      field(place, "bonus", "shape").value = "";
    }
  }

  // The piece the pointer and keys now move: from where it lies if it is placed.
  function activate(place, piece) {
    place.active = piece;
    place.at = place.fixed[piece] ? corner(place.fixed[piece]) : null;
    PIECES.forEach(function (other) {
      const set = fieldset(place, other);
      if (set) set.classList.toggle("ioc-active", other === piece);
    });
  }

  // Solo: the sister's face-up card counts positions when she plays it, after your rescue.
  // While a cat is chosen, the line beside the fields and the marked cats say what she takes
  // after it (the choice's `data-sister`); otherwise what she takes from the fields as they are.
  function foretell(place) {
    const says = document.querySelector("#ioc-sister-today .ioc-sister-says");
    if (!says) return;
    const line = says.querySelector("strong");
    if (says.dataset.now === undefined) says.dataset.now = line.textContent;
    const choice = place && chosen(place);
    const after = Boolean(choice) && choice.dataset.sister !== undefined;
    const text = after ? choice.dataset.sister : says.dataset.now;
    if (line.textContent !== text) line.textContent = text;
    const taken = new Set((after ? choice.dataset.sisterTiles : says.dataset.tiles).split(" "));
    document.querySelectorAll(".ioc-field .ioc-pieces > li[data-tile]").forEach(function (li) {
      li.classList.toggle("ioc-sister-next", taken.has(li.dataset.tile));
    });
  }

  function reset(place) {
    foretell(place);
    PIECES.forEach(function (piece) {
      if (fieldset(place, piece)) fill(place, piece, null);
    });
    place.fixed = { main: null, bonus: null, extra: null };
    activate(place, "main");
    const bonus = fieldset(place, "bonus");
    if (bonus) bonus.hidden = true;
    const extra = fieldset(place, "extra");
    const choice = chosen(place);
    if (extra) extra.hidden = !(choice && choice.dataset.extra);
    draw(place);
  }

  function cellUnder(place, event) {
    const point = place.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(place.svg.getScreenCTM().inverse());
    return [Math.floor(local.x), Math.floor(local.y)];
  }

  function centred(place, cell) {
    const cells = cellsAt(place, place.active, [0, 0]);
    if (!cells) return cell;
    const span = size(cells);
    return [cell[0] - Math.floor(span[0] / 2), cell[1] - Math.floor(span[1] / 2)];
  }

  function holds(cells, cell) {
    return Boolean(cells) && cells.some(function (c) { return c[0] === cell[0] && c[1] === cell[1]; });
  }

  // After the active piece turned (or its fields changed), a placed piece stays placed where it
  // still fits and is picked up again where it does not.
  function refit(place) {
    const cells = cellsAt(place, place.active, place.at);
    if (place.fixed[place.active]) {
      if (cells && !problem(place, place.active, cells)) {
        place.fixed[place.active] = cells;
        fill(place, place.active, cells);
      } else {
        lift(place);
      }
    }
    draw(place);
  }

  // R and F turn the piece about its middle square.
  function turn(place, change) {
    const select = field(place, place.active, "orientation");
    const before = cellsAt(place, place.active, place.at);
    const k = Number(select.value);
    select.value = String(change === "mirror" ? k ^ 4 : (k & 4) | ((k + 1) % 4));
    const after = cellsAt(place, place.active, [0, 0]);
    if (before && after) {
      const was = size(before), now = size(after);
      place.at = [
        place.at[0] + Math.floor(was[0] / 2) - Math.floor(now[0] / 2),
        place.at[1] + Math.floor(was[1] / 2) - Math.floor(now[1] / 2),
      ];
    }
    refit(place);
  }

  function tapped(place, event) {
    const cell = cellUnder(place, event);
    // With no piece of its own to place (no bonus treasure chosen), the boat moves the cat.
    if (!cellsAt(place, place.active, [0, 0]) && place.fixed.main) activate(place, "main");
    if (pointer === "mouse") {
      place.at = centred(place, cell);
      fix(place);
      return;
    }
    // A tap on the green ghost places it, and so does a tap on the square that showed it (the
    // gap of a U, say); a tap elsewhere shows the ghost there.
    const placed = place.fixed[place.active];
    if (placed && holds(placed, cell)) return;
    const shown = !placed && cellsAt(place, place.active, place.at);
    const at = centred(place, cell);
    const again = Boolean(shown) && at[0] === place.at[0] && at[1] === place.at[1];
    if ((again || holds(shown, cell)) && !problem(place, place.active, shown)) {
      fix(place);
      return;
    }
    lift(place);
    place.at = at;
    draw(place);
  }

  // A push redrew the form: the piece being placed comes back if it is still offered, each
  // placed part only while it still fits, the ghost only where it still fits.
  function remember(target) {
    const placer = document.querySelector(".ioc-placer");
    const place = placer && places.get(placer);
    if (!place || !target || !target.contains(placer)) return;
    const choice = chosen(place);
    if (!choice) return;
    const selects = {};
    place.form.querySelectorAll("select").forEach(function (select) {
      selects[select.name] = select.value;
    });
    kept = { choice: choice.value, selects: selects, active: place.active, at: place.at,
      fixed: Object.assign({}, place.fixed) };
  }

  function restore(place, before) {
    const choice = Array.from(place.form.querySelectorAll('input[name="choice"]')).find(
      function (input) { return input.value === before.choice; });
    if (!choice) return;
    choice.checked = true;
    Object.keys(before.selects).forEach(function (name) {
      const select = place.form.querySelector('select[name="' + name + '"]');
      const offered = select && Array.from(select.options).some(function (option) {
        return option.value === before.selects[name];
      });
      if (offered) select.value = before.selects[name];
    });
    reset(place);
    let active = before.active;
    for (const piece of PIECES) {
      const cells = before.fixed[piece];
      if (!cells) continue;
      const set = fieldset(place, piece);
      if (!set || problem(place, piece, cells)) {
        active = piece;
        break;
      }
      set.hidden = false;
      place.fixed[piece] = cells;
      fill(place, piece, cells);
    }
    const bonus = fieldset(place, "bonus");
    if (bonus && place.fixed.main && earnsBonus(place, place.fixed.main)) bonus.hidden = false;
    const open = fieldset(place, active);
    activate(place, open && !open.hidden ? active : "main");
    const ghost = cellsAt(place, place.active, before.at);
    if (ghost && !place.fixed[place.active] && !problem(place, place.active, ghost)) {
      place.at = before.at;
    }
  }

  // The place form a control acts on: its own, or the one it names (the status bar's buttons).
  function placeOf(target) {
    if (!target.closest) return null;
    const control = target.closest("button, input, select");
    const form = (control && control.form) || target.closest("form");
    const placer = form && form.querySelector(".ioc-placer");
    return placer ? setup(placer) : null;
  }

  function init() {
    document.querySelectorAll(".ioc-placer").forEach(setup);
    const placer = document.querySelector(".ioc-placer");
    foretell(placer && setup(placer));
    document.querySelectorAll(".ioc-buy-total").forEach(total);
    kept = null;
  }

  document.addEventListener("pointerdown", function (event) {
    pointer = event.pointerType || "mouse";
  }, true);
  document.addEventListener("pointermove", function (event) {
    if (event.pointerType !== "mouse") return;
    if (!event.target.closest || !event.target.closest("svg.ioc-boat")) return;
    const place = placeOf(event.target);
    if (!place || place.fixed[place.active]) return;
    pointer = "mouse";
    place.at = centred(place, cellUnder(place, event));
    draw(place);
  });
  document.addEventListener("click", function (event) {
    const place = placeOf(event.target);
    if (!place) return;
    const action = event.target.closest("[data-action]");
    if (action) {
      turn(place, action.dataset.action);
      return;
    }
    if (event.target.closest("svg.ioc-boat")) {
      if (event.pointerType) pointer = event.pointerType;
      tapped(place, event);
    }
  });
  // Confirm places a green ghost not yet placed; a red one is not sent (the line says why).
  document.addEventListener("submit", function (event) {
    const placer = event.target.querySelector && event.target.querySelector(".ioc-placer");
    if (!placer) return;
    const place = setup(placer);
    if (place.fixed[place.active] || !cellsAt(place, place.active, place.at)) return;
    if (!fix(place)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
  // The buy form's running total: the ticked cards' cost against the fish you have.
  function total(line) {
    const form = line.closest("form");
    let cost = 0;
    form.querySelectorAll("input[data-cost]:checked").forEach(function (box) {
      cost += Number(box.dataset.cost);
    });
    line.querySelector('[data-role="cost"]').textContent = String(cost);
    const short = cost > Number(line.dataset.fish);
    line.querySelector('[data-role="short"]').hidden = !short;
    line.classList.toggle("ioc-short", short);
    line.hidden = false;
  }

  document.addEventListener("change", function (event) {
    const line = event.target.form && event.target.form.querySelector(".ioc-buy-total");
    if (line) total(line);
    const place = placeOf(event.target);
    if (!place) return;
    const target = event.target;
    if (target.name === "choice") {
      reset(place);
      return;
    }
    const set = target.closest("[data-piece]");
    const role = target.dataset.role;
    if (set && (role === "x" || role === "y")) {
      // A corner typed in: the piece is shown there, and placed if it fits.
      const x = field(place, set.dataset.piece, "x"), y = field(place, set.dataset.piece, "y");
      if (x.value === "" || y.value === "") return;
      const at = [Number(x.value), Number(y.value)];
      activate(place, set.dataset.piece);
      place.at = at;
      if (!fix(place)) {
        x.value = at[0];
        y.value = at[1];
      }
      return;
    }
    if (set && set.dataset.piece === place.active && (role === "orientation" || role === "shape")) {
      refit(place);
      return;
    }
    // An oshax's colour may be chosen after it is placed: its map bonus is offered then.
    const bonus = fieldset(place, "bonus");
    if (target.name === "colour" && bonus && place.fixed.main && earnsBonus(place, place.fixed.main)) {
      bonus.hidden = false;
      activate(place, "bonus");
    }
    draw(place);
  });
  // Working on a piece's fields (the bonus, the second piece) makes it the one the pointer
  // moves; the boat reached by the keyboard shows the piece in its middle at once.
  document.addEventListener("focusin", function (event) {
    const place = placeOf(event.target);
    if (!place) return;
    const set = event.target.closest && event.target.closest("[data-piece]");
    if (set && set.dataset.piece !== place.active) {
      activate(place, set.dataset.piece);
      draw(place);
    } else if (event.target === place.svg && place.svg.matches(":focus-visible")) {
      pointer = "keyboard";
      if (!place.at && !place.fixed[place.active]) place.at = MIDDLE.slice();
      draw(place);
    }
  });
  document.addEventListener("reset", function (event) {
    const place = placeOf(event.target);
    if (place) window.setTimeout(function () { reset(place); }, 0);
  });
  document.addEventListener("keydown", function (event) {
    const place = placeOf(event.target);
    if (!place || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const tag = target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && target.type === "number")) return;
    const key = event.key;
    pointer = "keyboard";
    if (key === "r" || key === "R" || key === "f" || key === "F") {
      turn(place, key.toLowerCase() === "f" ? "mirror" : "rotate");
    } else if (key === "Enter" && target.name === "choice") {
      // Enter on a piece takes it to the boat (rather than sending an unplaced move).
      if (!target.checked) {
        target.checked = true;
        target.dispatchEvent(new Event("change", { bubbles: true }));
      }
      if (!place.fixed[place.active]) place.at = place.at || MIDDLE.slice();
      place.svg.focus();
      draw(place);
    } else if (STEPS[key] && (target === place.svg || !target.matches("input[type=radio]"))) {
      const at = place.at || MIDDLE;
      lift(place);
      place.at = [at[0] + STEPS[key][0], at[1] + STEPS[key][1]];
      draw(place);
    } else if (key === "Enter" && target === place.svg) {
      fix(place);
    } else if (key === "Escape") {
      reset(place);
    } else {
      return;
    }
    event.preventDefault();
  });
  document.body.addEventListener("htmx:beforeSwap", function (event) { remember(event.detail.target); });
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) { remember(event.detail.target); });
  document.addEventListener("htmx:afterSettle", init);
  document.addEventListener("htmx:oobAfterSwap", init);
  init();
})();
