// Placing a tile on your boat: the piece follows the pointer (or the arrow keys) as a ghost,
// green where it fits and red where not; R turns it, F mirrors it, a click or Enter fixes it.
// The script only fills the plain form's orientation and corner fields; the server judges the
// move. It reads the boat from the form (`data-grid`: "." off the boat, "0" free, "1" covered).
(function () {
  "use strict";
  const WIDTH = 15;
  const HEIGHT = 11;
  const SVG = "http://www.w3.org/2000/svg";
  const PIECES = ["main", "bonus", "extra"];
  const places = new WeakMap();

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
    const svg = placer.querySelector("svg.ioc-boat");
    const ghost = document.createElementNS(SVG, "g");
    ghost.setAttribute("class", "ghost");
    svg.appendChild(ghost);
    svg.setAttribute("tabindex", "0");
    const maps = {};
    (placer.dataset.maps || "").split(" ").forEach(function (entry) {
      const parts = entry.split(":");
      if (parts.length === 2) maps[parts[0]] = parts[1];
    });
    const place = {
      form: form, svg: svg, ghost: ghost, grid: placer.dataset.grid, maps: maps,
      active: "main", at: null, fixed: { main: null, bonus: null, extra: null },
    };
    ["bonus", "extra"].forEach(function (piece) {
      const set = fieldset(place, piece);
      if (set) set.hidden = true;
    });
    places.set(placer, place);
    return place;
  }

  function fieldset(place, piece) {
    return place.form.querySelector('[data-piece="' + piece + '"]');
  }

  function field(place, piece, role) {
    return fieldset(place, piece).querySelector('[data-role="' + role + '"]');
  }

  function shapeOf(place, piece) {
    if (piece === "main") {
      const chosen = place.form.querySelector('input[name="choice"]:checked');
      return chosen ? parseShape(chosen.dataset.shape) : null;
    }
    const select = field(place, piece, "shape");
    return parseShape(select.options[select.selectedIndex].dataset.shape);
  }

  function cellsAt(place, piece, at) {
    const base = shapeOf(place, piece);
    if (!base || !at) return null;
    const k = Number(field(place, piece, "orientation").value);
    return oriented(base, k).map(function (c) { return [c[0] + at[0], c[1] + at[1]]; });
  }

  function covered(place) {
    const taken = new Set();
    for (let i = 0; i < place.grid.length; i++) if (place.grid[i] === "1") taken.add(i);
    // Pieces of one move are placed in this order; earlier ones count as covered.
    for (const piece of PIECES.slice(0, PIECES.indexOf(place.active))) {
      (place.fixed[piece] || []).forEach(function (c) { taken.add(c[1] * WIDTH + c[0]); });
    }
    return taken;
  }

  function fits(place, cells) {
    const taken = covered(place);
    let touches = taken.size === 0;
    for (const c of cells) {
      if (c[0] < 0 || c[0] >= WIDTH || c[1] < 0 || c[1] >= HEIGHT) return false;
      const i = c[1] * WIDTH + c[0];
      if (place.grid[i] === "." || taken.has(i)) return false;
      [[1, 0], [-1, 0], [0, 1], [0, -1]].forEach(function (d) {
        const x = c[0] + d[0], y = c[1] + d[1];
        if (x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT && taken.has(y * WIDTH + x)) touches = true;
      });
    }
    return touches;
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
    const cells = cellsAt(place, place.active, place.at);
    if (!cells) return;
    drawCells(ghost, cells, fits(place, cells) ? "ok" : "bad");
  }

  function fill(place, piece, at) {
    const cells = cellsAt(place, piece, at);
    if (!cells) return;
    const minX = Math.min.apply(null, cells.map(function (c) { return c[0]; }));
    const minY = Math.min.apply(null, cells.map(function (c) { return c[1]; }));
    field(place, piece, "x").value = minX;
    field(place, piece, "y").value = minY;
  }

  function earnsBonus(place, cells) {
    const chosen = place.form.querySelector('input[name="choice"]:checked');
    let colour = chosen ? chosen.dataset.colour : "";
    if (chosen && chosen.dataset.kind === "oshax") {
      const select = place.form.querySelector('select[name="colour"]');
      colour = select ? select.value : "";
    }
    const map = colour && place.maps[colour];
    return Boolean(map) && cells.some(function (c) { return c[0] + "," + c[1] === map; });
  }

  function fix(place) {
    const cells = cellsAt(place, place.active, place.at);
    if (!cells || !fits(place, cells)) return;
    fill(place, place.active, place.at);
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
  }

  function activate(place, piece) {
    place.active = piece;
    place.at = null;
    PIECES.forEach(function (other) {
      const set = fieldset(place, other);
      if (set) set.classList.toggle("ioc-active", other === piece);
    });
  }

  function reset(place) {
    place.fixed = { main: null, bonus: null, extra: null };
    activate(place, "main");
    const bonus = fieldset(place, "bonus");
    if (bonus) bonus.hidden = true;
    const extra = fieldset(place, "extra");
    const chosen = place.form.querySelector('input[name="choice"]:checked');
    if (extra) extra.hidden = !(chosen && chosen.dataset.extra);
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
    const w = Math.max.apply(null, cells.map(function (c) { return c[0]; }));
    const h = Math.max.apply(null, cells.map(function (c) { return c[1]; }));
    return [cell[0] - Math.floor(w / 2), cell[1] - Math.floor(h / 2)];
  }

  // A fixed piece turned stays fixed only where it still fits; otherwise its position leaves
  // the form and the ghost follows the pointer again: the form never holds a refused position.
  function turn(place, change) {
    const select = field(place, place.active, "orientation");
    const k = Number(select.value);
    select.value = String(change === "mirror" ? k ^ 4 : (k & 4) | ((k + 1) % 4));
    if (place.fixed[place.active]) {
      const cells = cellsAt(place, place.active, place.at);
      if (cells && fits(place, cells)) {
        place.fixed[place.active] = cells;
        fill(place, place.active, place.at);
      } else {
        place.fixed[place.active] = null;
        field(place, place.active, "x").value = "";
        field(place, place.active, "y").value = "";
      }
    }
    draw(place);
  }

  function placeOf(target) {
    const form = target.closest && target.closest("form");
    const placer = form && form.querySelector(".ioc-placer");
    return placer ? setup(placer) : null;
  }

  function init() {
    document.querySelectorAll(".ioc-placer").forEach(setup);
    document.querySelectorAll(".ioc-buy-total").forEach(total);
  }

  document.addEventListener("pointermove", function (event) {
    if (!event.target.closest || !event.target.closest("svg.ioc-boat")) return;
    const place = placeOf(event.target);
    if (!place || place.fixed[place.active]) return;
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
      place.at = centred(place, cellUnder(place, event));
      fix(place);
    }
  });
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
    if (event.target.name === "choice") reset(place);
    // An oshax's colour may be chosen after it is placed: its map bonus is offered then.
    const bonus = fieldset(place, "bonus");
    if (event.target.name === "colour" && bonus && place.fixed.main && earnsBonus(place, place.fixed.main)) {
      bonus.hidden = false;
      activate(place, "bonus");
    }
    draw(place);
  });
  // Working on a piece's fields (the bonus, the second piece) makes it the one the pointer moves.
  document.addEventListener("focusin", function (event) {
    const place = placeOf(event.target);
    const set = event.target.closest && event.target.closest("[data-piece]");
    if (place && set && set.dataset.piece !== place.active) {
      activate(place, set.dataset.piece);
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
    const tag = event.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && event.target.type === "number")) return;
    const key = event.key;
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (key === "r" || key === "R" || key === "f" || key === "F") {
      turn(place, key.toLowerCase() === "f" ? "mirror" : "rotate");
    } else if (steps[key] && (event.target === place.svg || !event.target.matches("input[type=radio]"))) {
      const at = place.at || [5, 4];
      place.at = [at[0] + steps[key][0], at[1] + steps[key][1]];
      place.fixed[place.active] = null;
      draw(place);
    } else if (key === "Enter" && event.target === place.svg) {
      fix(place);
    } else if (key === "Escape") {
      reset(place);
    } else {
      return;
    }
    event.preventDefault();
  });
  document.addEventListener("htmx:afterSettle", init);
  document.addEventListener("htmx:oobAfterSwap", init);
  init();
})();
