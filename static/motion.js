// Motion on the game screen (issue 16). The page's Python draws the screen anew after every
// change; it calls encoreMotion.before(screen) just before and encoreMotion.after(screen, shot,
// viewer, winner, marks) just after. A card new in the trick travels there from its owner (the
// viewer's from where it sat in the hand, another seat's from its panel), a trick that was won
// and cleared gathers to its winner's panel, and what the move completed (`marks`, JSON: CSS
// selectors from the table, a Taktvoll row whose bar was just scored, a Re-Chord fret just
// scored) glows for a moment. Nothing moves under prefers-reduced-motion.
(() => {
  "use strict";
  const TRAVEL = 220, GATHER = 480, GLOW = 900;
  const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  const rect = (el) => el.getBoundingClientRect();
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

  function before(screen) {
    const slots = {}, hand = {};
    for (const slot of screen.querySelectorAll(".trick-slot.filled[data-seat]")) {
      slots[slot.dataset.seat] = {html: slot.innerHTML, rect: rect(slot)};
    }
    for (const card of screen.querySelectorAll(".hand-card[data-card]")) {
      hand[card.dataset.card] = {rect: rect(card), html: card.innerHTML};
    }
    return {slots, hand};
  }

  function travel(el, from) {
    const [fx, fy] = centre(from), [tx, ty] = centre(rect(el));
    if (Math.abs(fx - tx) < 2 && Math.abs(fy - ty) < 2) return;
    el.animate([{transform: `translate(${fx - tx}px, ${fy - ty}px) scale(.85)`},
                {transform: "none"}], {duration: TRAVEL, easing: "ease-out"});
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
    for (const selector of JSON.parse(marks || "[]")) {
      for (const el of screen.querySelectorAll(selector)) { glow(el); moved++; }
    }
    return moved;
  }

  // A refusal is also shown where the player is looking: in a bubble by the card or space just
  // clicked (brought into view), until the next action. The status line keeps it for screen
  // readers (role=alert); the bubble is hidden from them.
  function refusal(screen, key, message) {
    const target = key && screen.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!target || !message) return false;
    target.scrollIntoView({block: "nearest", inline: "nearest"});
    const r = rect(target), b = document.createElement("div");
    b.className = "refusal-bubble";
    b.setAttribute("aria-hidden", "true");
    b.textContent = message;
    screen.appendChild(b);
    const w = Math.min(b.offsetWidth, innerWidth - 16), h = b.offsetHeight;
    const left = Math.max(8, Math.min(r.left + r.width / 2 - w / 2, innerWidth - w - 8));
    const top = r.top - h - 10 >= 8 ? r.top - h - 10 : Math.min(r.bottom + 10, innerHeight - h - 8);
    Object.assign(b.style, {left: left + "px", top: top + "px"});
    return true;
  }

  window.encoreMotion = {before, after, refusal};
})();
