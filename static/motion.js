// Motion on the game screen (issue 16). The page's Python draws the screen anew after every
// change; it calls encoreMotion.before(screen, arrivals) just before and
// encoreMotion.after(screen, shot, viewer, winner, marks) just after. A card new in the trick
// travels there from its owner (the viewer's from where it sat in the hand, another seat's from
// its panel), a trick that was won and cleared gathers to its winner's panel, and what the move
// completed (`marks`, JSON: CSS selectors from the table, a Taktvoll row whose bar was just
// scored, a Re-Chord fret just scored) glows for a moment. Any game can also name what its move
// put on the table and where it came from (`arrivals`, JSON from the table's arrivals(events):
// [target, [source, ...]], CSS selectors): the first source found on the screen before the move is
// measured, and the target, once drawn, travels from there (a Taktvoll card from the hand or its
// owner's seat to its place in the row, a Re-Chord pick from the supply to its space). Nothing
// moves under prefers-reduced-motion.
(() => {
  "use strict";
  const TRAVEL = 220, GATHER = 480, GLOW = 900;
  const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  const rect = (el) => el.getBoundingClientRect();
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

  function before(screen, arrivals) {
    const slots = {}, hand = {}, from = [];
    if (!still()) {
      for (const [target, sources] of JSON.parse(arrivals || "[]")) {
        const el = sources.map((s) => screen.querySelector(s)).find((e) => e && e.getClientRects().length);
        if (el) from.push([target, rect(el)]);
      }
    }
    for (const slot of screen.querySelectorAll(".trick-slot.filled[data-seat]")) {
      slots[slot.dataset.seat] = {html: slot.innerHTML, rect: rect(slot)};
    }
    for (const card of screen.querySelectorAll(".hand-card[data-card]")) {
      hand[card.dataset.card] = {rect: rect(card), html: card.innerHTML};
    }
    return {slots, hand, from};
  }

  function travel(el, from) {
    const [fx, fy] = centre(from), [tx, ty] = centre(rect(el));
    if (Math.abs(fx - tx) < 2 && Math.abs(fy - ty) < 2) return;
    el.animate([{transform: `translate(${fx - tx}px, ${fy - ty}px) scale(.85)`},
                {transform: "none"}], {duration: TRAVEL, easing: "ease-out"});
  }

  // A drawn SVG element (a note on a staff, a pick on the fretboard) may sit in a box that
  // clips, so a copy of it flies above the page from where it came from, at its own size, and
  // the element shows itself when the copy lands.
  function arrive(el, from) {
    const to = rect(el), [fx, fy] = centre(from), [tx, ty] = centre(to);
    if (!to.width || (Math.abs(fx - tx) < 2 && Math.abs(fy - ty) < 2)) return false;
    const svg = el.ownerSVGElement;
    if (!(el instanceof SVGGraphicsElement) || !svg) { travel(el, from); return true; }
    const NS = "http://www.w3.org/2000/svg", m = svg.getScreenCTM();
    const local = m.inverse().multiply(el.parentNode.getScreenCTM());
    const g = document.createElementNS(NS, "svg"), wrap = document.createElementNS(NS, "g");
    const back = document.createElementNS(NS, "rect"), pad = 5;   // user units round it
    const box = [(to.left - m.e) / m.a - pad, (to.top - m.f) / m.d - pad,
                 to.width / m.a + 2 * pad, to.height / m.d + 2 * pad];
    g.setAttribute("class", (svg.getAttribute("class") || "") + " motion-arrival");
    g.setAttribute("aria-hidden", "true");
    g.setAttribute("viewBox", box.join(" "));
    // a backing in the board's paper colour where it has one (Taktvoll's ink on the dark stage)
    back.setAttribute("class", "motion-backing");
    for (const [k, v] of [["x", box[0]], ["y", box[1]], ["width", box[2]], ["height", box[3]], ["rx", 4]]) {
      back.setAttribute(k, v);
    }
    wrap.setAttribute("transform", `matrix(${[local.a, local.b, local.c, local.d, local.e, local.f]})`);
    wrap.appendChild(el.cloneNode(true));
    g.append(back, wrap);
    Object.assign(g.style, {left: to.left - pad * m.a + "px", top: to.top - pad * m.d + "px",
                            width: box[2] * m.a + "px", height: box[3] * m.d + "px"});
    document.body.appendChild(g);
    el.style.visibility = "hidden";
    g.animate([{transform: `translate(${fx - tx}px, ${fy - ty}px) scale(1.25)`, opacity: .7},
               {transform: "none", opacity: 1}],
              {duration: TRAVEL, easing: "ease-out"}).onfinish = () => {
      g.remove();
      el.style.visibility = "";
    };
    return true;
  }

  function ghost(html, from, to) {
    const g = document.createElement("div");
    g.className = "motion-ghost";
    g.setAttribute("aria-hidden", "true");
    g.innerHTML = html;
    Object.assign(g.style, {left: from.left + "px", top: from.top + "px",
                            width: from.width + "px", height: from.height + "px"});
    document.body.appendChild(g);
    const [fx, fy] = centre(from), [tx, ty] = centre(to);
    g.animate([{transform: "none", opacity: 1}, {transform: "none", opacity: 1, offset: .45},
               {transform: `translate(${tx - fx}px, ${ty - fy}px) scale(.35)`, opacity: 0}],
              {duration: GATHER, easing: "ease-in"}).onfinish = () => g.remove();
  }

  function glow(el) {
    el.animate([{boxShadow: "0 0 0 0 rgba(255, 196, 0, 0)", backgroundColor: "rgba(255, 196, 0, .35)"},
                {boxShadow: "0 0 0 4px rgba(255, 196, 0, .6)", offset: .3},
                {boxShadow: "0 0 0 0 rgba(255, 196, 0, 0)", backgroundColor: "rgba(255, 196, 0, 0)"}],
               {duration: GLOW, easing: "ease-out"});
  }

  function after(screen, shot, viewer, winner, marks) {
    if (!shot || still()) return 0;
    const seatBox = (s) => screen.querySelector(`.seat[data-seat="${s}"]`);
    const gone = Object.keys(shot.hand).filter(
      (c) => !screen.querySelector(`.hand-card[data-card="${c}"]`));
    let moved = 0;
    for (const slot of screen.querySelectorAll(".trick-slot.filled[data-seat]")) {
      const old = shot.slots[slot.dataset.seat];
      if (old && old.html === slot.innerHTML) continue;
      const mine = String(viewer) === slot.dataset.seat && gone.length === 1;
      const from = mine ? shot.hand[gone[0]].rect : seatBox(slot.dataset.seat) && rect(seatBox(slot.dataset.seat));
      if (from) { travel(slot, from); moved++; }
    }
    const to = winner === null || winner === undefined ? null : seatBox(winner);
    if (to) {
      for (const [seat, old] of Object.entries(shot.slots)) {
        const now = screen.querySelector(`.trick-slot.filled[data-seat="${seat}"]`);
        if (!now || now.innerHTML !== old.html) { ghost(old.html, old.rect, rect(to)); moved++; }
      }
      if (gone.length === 1 && !screen.querySelector(`.trick-slot.filled[data-seat="${viewer}"]`)) {
        const last = shot.hand[gone[0]];
        ghost(last.html, last.rect, rect(to));
        moved++;
      }
    }
    for (const [target, from] of shot.from || []) {
      const el = screen.querySelector(target);
      if (el && arrive(el, from)) moved++;
    }
    for (const selector of JSON.parse(marks || "[]")) {
      for (const el of screen.querySelectorAll(selector)) { glow(el); moved++; }
    }
    return moved;
  }

  // A refusal is also shown where the player is looking: in a bubble over the status line (never
  // over a choice: issue 43), level with the card or space just clicked (brought into view),
  // until the next action; by the click itself where there is no status line. The status line
  // keeps it for screen readers (role=alert); the bubble is hidden from them.
  function refusal(screen, key, message) {
    const target = key && screen.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!target || !message) return false;
    target.scrollIntoView({block: "nearest", inline: "nearest"});
    const r = rect(target), b = document.createElement("div");
    const status = screen.querySelector(".dock .status");
    b.className = "refusal-bubble";
    b.setAttribute("aria-hidden", "true");
    b.textContent = message;
    screen.appendChild(b);
    const w = Math.min(b.offsetWidth, innerWidth - 16), h = b.offsetHeight;
    const s = status ? rect(status) : null;
    const [from, to] = s ? [Math.max(8, s.left), Math.min(innerWidth - 8, s.right)] : [8, innerWidth - 8];
    const left = Math.max(from, Math.min(r.left + r.width / 2 - w / 2, to - w));
    const top = s ? Math.max(8, Math.min(s.top + (s.height - h) / 2, innerHeight - h - 8))
      : r.top - h - 10 >= 8 ? r.top - h - 10 : Math.min(r.bottom + 10, innerHeight - h - 8);
    Object.assign(b.style, {left: left + "px", top: top + "px"});
    return true;
  }

  window.encoreMotion = {before, after, refusal};
})();
