// The deal's replay, step by step: the buttons, the ← and → keys (Home and End), and an address
// ending in #step-N. The server gives every step as JSON (hands, trick, table cards, what
// happened, a review's mark); this draws one at a time. Without this script the page still
// shows the deal as dealt, its auction, its tricks and its score.
(function () {
  "use strict";
  var source = document.getElementById("steps");
  var player = document.getElementById("player");
  if (!source || !player) return;
  var data = JSON.parse(source.textContent);
  var steps = data.steps;
  var meta = data.meta;
  var last = steps.length - 1;
  var current = 0;

  function card(code) {
    var el = document.createElement("i");
    el.className = "card c-" + code;
    el.dataset.card = code;
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", meta.cards[code] || code);
    el.title = meta.cards[code] || code;
    return el;
  }

  function fill(parent, children) {
    while (parent.firstChild) parent.removeChild(parent.firstChild);
    children.forEach(function (child) { parent.appendChild(child); });
  }

  function figure(code, caption, className) {
    var fig = document.createElement("figure");
    fig.className = className;
    fig.appendChild(card(code));
    var cap = document.createElement("figcaption");
    cap.dir = "auto"; // a player's name: isolated from the page around it
    cap.textContent = caption;
    fig.appendChild(cap);
    return fig;
  }

  function words(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, key) { return String(values[key]); });
  }

  function draw(index) {
    var step = steps[index];
    current = index;
    document.querySelectorAll("[data-hand]").forEach(function (hand) {
      var seat = Number(hand.dataset.hand);
      fill(hand, step.h[seat].map(card));
    });
    var played = step.t.map(function (entry) {
      var seat = entry[0];
      var fig = figure(entry[1], meta.names[seat], "played pos-" + meta.positions[seat]);
      fig.dataset.seat = seat;
      if (step.w === seat) fig.classList.add("winner");
      return fig;
    });
    fill(document.getElementById("trick"), played);
    var shown = [];
    if (step.c.u) shown.push(figure(step.c.u, meta.words.turnUp, "shown"));
    if (step.c.r) shown.push(figure(step.c.r, meta.words.trumpCard, "shown"));
    if (step.c.l) shown.push(figure(step.c.l, meta.words.called, "shown"));
    if (step.c.p && meta.trumps[step.c.p] && !step.c.r) {
      var trump = document.createElement("span");
      trump.className = "trump";
      trump.textContent = meta.trumps[step.c.p];
      shown.push(trump);
    }
    if (step.c.s !== null && step.c.s !== undefined) {
      var stock = document.createElement("span");
      stock.className = "stock";
      stock.textContent = words(meta.words.stock, { count: step.c.s });
      shown.push(stock);
    }
    fill(document.getElementById("table-cards"), shown);
    document.querySelectorAll("[data-tricks]").forEach(function (tag) {
      var count = step.tw[Number(tag.dataset.tricks)] || 0;
      tag.textContent = count ? meta.tricks[count] : "";
    });
    document.querySelectorAll(".seat").forEach(function (seat) {
      seat.classList.toggle("acting", Number(seat.dataset.seat) === step.a);
    });
    var told = step.x.map(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      return p;
    });
    // The last step: how the deal ended, as the summary says it.
    (step.r || []).forEach(function (entry) {
      var p = document.createElement("p");
      p.className = "headline" + (entry[1] === true ? " win" : entry[1] === false ? " lose" : "");
      p.textContent = entry[0];
      told.push(p);
    });
    fill(document.getElementById("narration"), told);
    var mark = document.getElementById("mark");
    if (step.m !== null && step.m !== undefined) {
      var found = meta.marks[step.m];
      mark.className = "mark verdict-" + found.v;
      var label = document.createElement("strong");
      label.textContent = found.l;
      fill(mark, [label, document.createTextNode(" " + found.x)]);
      mark.hidden = false;
    } else {
      mark.hidden = true;
    }
    document.getElementById("counter").textContent = words(meta.words.step, { step: index, count: last });
    document.getElementById("first").disabled = index === 0;
    document.getElementById("prev").disabled = index === 0;
    document.getElementById("next").disabled = index === last;
    document.getElementById("last").disabled = index === last;
    document.querySelectorAll("[data-step]").forEach(function (link) {
      link.classList.toggle("current", Number(link.dataset.step) === index);
    });
    player.dataset.step = String(index);
  }

  function go(index) {
    var target = Math.max(0, Math.min(last, index));
    if (history.replaceState) history.replaceState(null, "", "#step-" + target);
    draw(target);
  }

  function fromHash() {
    var match = /^#step-(\d+)$/.exec(location.hash);
    return match ? Math.min(last, Number(match[1])) : 0;
  }

  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("prev").addEventListener("click", function () { go(current - 1); });
  document.getElementById("next").addEventListener("click", function () { go(current + 1); });
  document.getElementById("last").addEventListener("click", function () { go(last); });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
    if (Object.prototype.hasOwnProperty.call(moves, event.key)) {
      event.preventDefault();
      go(moves[event.key]);
    }
  });
  document.querySelectorAll("a[data-step]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      go(Number(link.dataset.step));
      player.scrollIntoView({ block: "start", behavior: "smooth" });
    });
  });
  window.addEventListener("hashchange", function () { draw(fromHash()); });
  document.getElementById("controls").hidden = false;
  draw(fromHash());
})();
