// Encore's channel between devices (issue 23, "every phone a hand"): one WebRTC data channel
// per peer, no server. The codes that open one are made and read by Python (web/invite.py packs
// the SDP text this returns); what travels on it is Python's too (web/net.py). Strings only
// cross the boundary: ids, SDP texts, messages, and each event as one JSON text.
//
//   encoreNet.offer(id, timeoutMs)        -> Promise of the local offer's SDP (host side)
//   encoreNet.answer(id, offerSdp, ms)    -> Promise of the local answer's SDP (guest side)
//   encoreNet.accept(id, answerSdp)       -> Promise, once the host has the guest's answer
//   encoreNet.send(id, text)              -> true if handed to an open channel, or kept for
//                                            one still opening (sent the moment it opens: a
//                                            guest's hello can arrive before the host's own
//                                            channel says it is open, and the welcome must
//                                            not be lost)
//   encoreNet.close(id)                   -> true if there was such a peer (no event follows)
//   encoreNet.closeAll()                  -> every peer and the broker closed (a fresh start)
//   encoreNet.onEvent(fn)                 -> fn(text) for {"type":"open"|"close","id"},
//                                            {"type":"message","id","data"}, {"type":"state",
//                                            "id","state"} (the connection's state: an abrupt
//                                            drop closes no channel for many seconds, but goes
//                                            "disconnected" then "failed"), {"type":"error",...}
//   encoreNet.qrSvg(text)                 -> Promise of an SVG drawing the text as a QR code
//   encoreNet.scan(video, timeoutMs)      -> Promise of the first QR code's text read from the
//                                            video ("" when stopped or timed out)
//   encoreNet.brokerOpen(url, id)         -> Promise, once the broker (setting "broker", off by
//                                            default) has this device as `id`; then events
//                                            {"type":"signal","kind":"OFFER"|"ANSWER","from",
//                                            "data"} and {"type":"broker","state"}
//   encoreNet.brokerSend(dst, kind, text) -> true if an OFFER or ANSWER went to the broker
//   encoreNet.brokerClose()               -> true if a broker connection was closed
//   encoreNet.canShare()                  -> true where the browser can share a text (Web Share)
//   encoreNet.share(text, title)          -> Promise of true once shared, false if the person
//                                            cancelled; rejects "net:no-share" where it cannot
//
// A failure rejects with an Error whose message is a code, "net:<why>" (the page says it in
// words from its catalogue: ui.net.why.<why>), or with the browser's own error.
// Non-trickle ICE: an offer or answer is returned once candidate gathering is complete (or its
// time is up), so one SDP text is the whole invitation or reply. ICE servers come from the
// page's setting "ice_servers" (a list like [{"urls": "stun:host:3478"}]); by default there is
// none, and no request leaves the device (docs/security.md). The QR library (vendor/qr/, pinned
// npm "qr") is imported only when a code is drawn or read. Loaded as a file (the page's Content
// Security Policy allows no inline script); with ?nettest=1 in the page's address, every string
// sent is also kept in window.encoreNetSent[id] (the browser tests' leak check), every string
// received in window.encoreNetHeard[id], and window.encoreNetDrop(id) closes a peer's channel
// as a network blip would.
(() => {
  "use strict";
  const LABEL = "encore";                 // the one channel a peer may open
  const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
  const MAX_SDP = 20000;                  // characters (web/invite.py's MAX_SDP_CHARS)
  const MAX_MESSAGE = 262144;             // bytes: the max-message-size our SDPs advertise
  const GATHER_MS = 5000, GATHER_MIN = 100, GATHER_MAX = 30000;
  const MAX_QR_TEXT = 2000;               // characters (an invitation link is under 300)
  const SCAN_EVERY_MS = 200, SCAN_SIDE = 960, MAX_SCANNED = 4000;
  const ICE_URL = /^(?:stun|turn|turns):[^\s"<>]{1,250}$/;
  const TEST = new URLSearchParams(location.search).get("nettest") === "1";
  const peers = new Map();                // id -> {pc, dc, opened, early: texts sent while opening}
  let listener = null;
  if (TEST) {
    window.encoreNetSent = Object.create(null);
    window.encoreNetHeard = Object.create(null);
    // the browser tests' network blip: close a peer's channel as a lost connection would (both
    // sides hear "close"; the connection stays listed, unlike close())
    window.encoreNetDrop = (id) => { const p = peers.get(String(id)); if (p && p.dc) p.dc.close(); };
  }

  function emit(event) {
    if (!listener) return;
    try { listener(JSON.stringify(event)); }
    catch (e) { console.warn("Encore: the channel's listener failed (" + (e && e.name) + ")"); }
  }
  function peerId(id) {
    const text = String(id);
    if (!ID.test(text)) throw new TypeError("net:bad-id");
    return text;
  }
  const live = (id, p) => peers.get(id) === p;   // events of a closed or replaced peer are dropped
  function wait(ms) {
    const n = Number(ms);
    return Number.isFinite(n) && n > 0 ? Math.min(GATHER_MAX, Math.max(GATHER_MIN, n)) : GATHER_MS;
  }

  // --- ICE servers: the setting, checked (anything else: none) ---------------------------------
  function iceServers() {
    const store = window.encoreStore;
    const wanted = store ? store.settings().ice_servers : undefined;
    if (wanted === undefined || wanted === null) return [];
    const urlsOk = (u) => typeof u === "string" ? ICE_URL.test(u)
      : Array.isArray(u) && u.length > 0 && u.length <= 4 && u.every((x) => typeof x === "string" && ICE_URL.test(x));
    const textOk = (t) => t === undefined || (typeof t === "string" && t.length <= 256);
    const ok = Array.isArray(wanted) && wanted.length <= 4 && wanted.every((s) =>
      s && typeof s === "object" && urlsOk(s.urls) && textOk(s.username) && textOk(s.credential));
    if (!ok) {
      console.warn("Encore: the ice_servers setting is not a list of STUN/TURN servers; none is used");
      return [];
    }
    return wanted.map((s) => {
      const server = {urls: s.urls};
      if (s.username !== undefined) server.username = s.username;
      if (s.credential !== undefined) server.credential = s.credential;
      return server;
    });
  }

  // --- peers ------------------------------------------------------------------------------------
  function gathered(pc, ms) {             // true once gathering is complete; false if time ran out
    if (pc.iceGatheringState === "complete") return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok) => {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve(ok);
      };
      const check = () => { if (pc.iceGatheringState === "complete") done(true); };
      const timer = setTimeout(() => done(false), ms);
      pc.addEventListener("icegatheringstatechange", check);
    });
  }
  function keep(record, id, text) {       // ?nettest=1: what crossed the channel, per peer
    if (TEST) (record[id] = record[id] || []).push(text);
  }
  function put(id, p, text) {             // onto the open channel (kept, ?nettest=1): false if refused
    try { p.dc.send(text); } catch (e) { return false; }
    keep(window.encoreNetSent, id, text);
    return true;
  }
  function wire(id, p, dc) {
    p.dc = dc;
    p.early = [];
    const opened = () => {
      if (!live(id, p) || p.opened || dc.readyState !== "open") return;
      p.opened = true;
      for (const text of p.early.splice(0)) if (!put(id, p, text)) break;
      emit({type: "open", id});
    };
    dc.addEventListener("open", opened);
    dc.addEventListener("close", () => { if (live(id, p)) emit({type: "close", id}); });
    dc.addEventListener("error", (e) => {
      if (live(id, p)) emit({type: "error", id, data: String((e && e.error && e.error.message) || "error")});
    });
    dc.addEventListener("message", (e) => {
      if (!live(id, p) || typeof e.data !== "string") return;
      keep(window.encoreNetHeard, id, e.data);
      emit({type: "message", id, data: e.data});
    });
    if (dc.readyState === "open") queueMicrotask(opened);
  }
  function makePeer(id) {                 // a fresh connection under id (an older one is closed)
    close(id);
    const pc = new RTCPeerConnection({iceServers: iceServers()});
    const p = {pc, dc: null, opened: false};
    peers.set(id, p);
    pc.addEventListener("connectionstatechange", () => {
      if (live(id, p)) emit({type: "state", id, state: pc.connectionState});
    });
    pc.addEventListener("datachannel", (e) => {   // the guest's side; one channel, ours, only
      if (!live(id, p) || p.dc || e.channel.label !== LABEL) { e.channel.close(); return; }
      wire(id, p, e.channel);
    });
    return p;
  }
  function localSdp(id, p) {
    if (!live(id, p) || !p.pc.localDescription) throw new Error("net:closed");
    return p.pc.localDescription.sdp;
  }
  function sdpText(sdp) {
    if (typeof sdp !== "string" || !sdp || sdp.length > MAX_SDP) throw new TypeError("net:bad-sdp");
    return sdp;
  }

  async function offer(id, timeoutMs) {
    const key = peerId(id);
    const p = makePeer(key);
    wire(key, p, p.pc.createDataChannel(LABEL, {ordered: true}));
    await p.pc.setLocalDescription(await p.pc.createOffer());
    await gathered(p.pc, wait(timeoutMs));
    return localSdp(key, p);
  }
  async function answer(id, offerSdp, timeoutMs) {
    const key = peerId(id), sdp = sdpText(offerSdp);
    const p = makePeer(key);
    await p.pc.setRemoteDescription({type: "offer", sdp});
    await p.pc.setLocalDescription(await p.pc.createAnswer());
    await gathered(p.pc, wait(timeoutMs));
    return localSdp(key, p);
  }
  async function accept(id, answerSdp) {
    const key = peerId(id), sdp = sdpText(answerSdp);
    const p = peers.get(key);
    if (!p || p.pc.signalingState !== "have-local-offer") throw new Error("net:no-offer");
    await p.pc.setRemoteDescription({type: "answer", sdp});
    return "";
  }
  function byteLength(text) {             // UTF-8 bytes (a short text needs no count: 3 at most a unit)
    return text.length * 3 <= MAX_MESSAGE ? text.length : new TextEncoder().encode(text).length;
  }
  function send(id, text) {
    const key = peerId(id), p = peers.get(key);
    const state = p && p.dc ? p.dc.readyState : "none";
    if ((state !== "open" && state !== "connecting") || typeof text !== "string") return false;
    const limit = Math.min(MAX_MESSAGE, (p.pc.sctp && p.pc.sctp.maxMessageSize) || MAX_MESSAGE);
    if (byteLength(text) > limit) return false;
    if (state === "connecting" || !p.opened) {        // sent as it opens, in order
      p.early.push(text);
      return true;
    }
    return put(key, p, text);
  }
  function close(id) {
    const key = peerId(id), p = peers.get(key);
    if (!p) return false;
    peers.delete(key);
    try { if (p.dc) p.dc.close(); } catch (e) { /* already closed */ }
    try { p.pc.close(); } catch (e) { /* already closed */ }
    return true;
  }
  function closeAll() {                   // a new visit's start: no peer, no broker, nothing kept
    for (const key of [...peers.keys()]) close(key);
    brokerClose();
    stopScan();
    if (TEST) {
      window.encoreNetSent = Object.create(null);
      window.encoreNetHeard = Object.create(null);
    }
  }
  function status(id) {                   // {"connection", "channel"} as JSON, or "" if no such peer
    const p = peers.get(peerId(id));
    return p ? JSON.stringify({connection: p.pc.connectionState, channel: p.dc ? p.dc.readyState : "none"}) : "";
  }

  // --- QR codes: drawn and read with the vendored library --------------------------------------
  const modules = {};
  function vendored(name) {               // vendor/qr/<name>, beside the page (not this script)
    if (!modules[name]) {
      modules[name] = import(new URL("./vendor/qr/" + name, document.baseURI).href)
        .catch((e) => { delete modules[name]; throw e; });
    }
    return modules[name];
  }
  async function qrSvg(text) {            // one black path on a white square, 4 modules of margin
    if (typeof text !== "string" || !text || text.length > MAX_QR_TEXT) throw new RangeError("net:no-text");
    const {encodeQR} = await vendored("index.js");
    const rows = encodeQR(text, "raw", {ecc: "medium", border: 4});
    const size = rows.length;
    let d = "";
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (!rows[y][x]) continue;
        let end = x;
        while (end < size && rows[y][end]) end++;
        d += "M" + x + " " + y + "h" + (end - x) + "v1h" + (x - end) + "z";
        x = end;
      }
    }
    return '<svg xmlns="http://www.w3.org/2000/svg" class="qr-code" viewBox="0 0 ' + size + " " + size +
      '" shape-rendering="crispEdges" aria-hidden="true" focusable="false"><rect width="' + size +
      '" height="' + size + '" fill="#fff"/><path fill="#000" d="' + d + '"/></svg>';
  }
  async function reader() {               // (video) -> Promise of the text seen, or ""
    if ("BarcodeDetector" in window) {
      try {
        const formats = await window.BarcodeDetector.getSupportedFormats();
        if (formats.includes("qr_code")) {
          const detector = new window.BarcodeDetector({formats: ["qr_code"]});
          return async (video) => {
            const found = await detector.detect(video);
            return found.length ? String(found[0].rawValue || "") : "";
          };
        }
      } catch (e) { /* the vendored decoder instead */ }
    }
    const {decodeQR} = await vendored("decode.js");
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", {willReadFrequently: true});
    return async (video) => {
      const w = video.videoWidth, h = video.videoHeight;
      if (!w || !h || video.readyState < 2) return "";
      const scale = Math.min(1, SCAN_SIDE / Math.max(w, h));
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
      try { return String(decodeQR({width: image.width, height: image.height, data: image.data}) || ""); }
      catch (e) { return ""; }           // no code in this frame
    };
  }
  let scanning = null;
  function stopScan() { if (scanning) scanning(""); }
  function scan(video, timeoutMs) {       // one scan at a time: a new one stops the last
    stopScan();
    return new Promise((resolve, reject) => {
      let over = false, frame = null, limit = null;
      const finish = (text) => {
        if (over) return;
        over = true;
        clearTimeout(frame);
        clearTimeout(limit);
        if (scanning === finish) scanning = null;
        resolve(text);
      };
      scanning = finish;
      if (Number(timeoutMs) > 0) limit = setTimeout(() => finish(""), Number(timeoutMs));
      reader().then((read) => {
        const tick = async () => {
          if (over) return;
          let text = "";
          try { text = await read(video); } catch (e) { text = ""; }
          if (text && text.length <= MAX_SCANNED) finish(text);
          else if (!over) frame = setTimeout(tick, SCAN_EVERY_MS);
        };
        tick();
      }, (e) => {
        over = true;
        clearTimeout(limit);
        if (scanning === finish) scanning = null;
        reject(new Error("net:no-reader"));
      });
    });
  }
  async function startCamera(video) {     // "" once the back camera plays in video, else why not
    const media = navigator.mediaDevices;
    if (!media || !media.getUserMedia) return "NotSupportedError";
    try {
      const stream = await media.getUserMedia({video: {facingMode: "environment"}, audio: false});
      video.muted = true;
      video.setAttribute("playsinline", "");
      video.srcObject = stream;
      await video.play();
      return "";
    } catch (e) { return String((e && e.name) || "Error"); }
  }
  function stopCamera(video) {
    const stream = video && video.srcObject;
    if (stream && stream.getTracks) for (const track of stream.getTracks()) track.stop();
    if (video) video.srcObject = null;
  }

  // --- the broker (optional, off unless the page's "broker" setting names one) -------------------
  // A PeerJS "peer" server (npm "peer") passes the offer and the answer between two devices, so
  // a guest only opens its invitation. Its protocol: a WebSocket to URL?key=…&id=…&token=…, an
  // OPEN message, then {type, dst, payload} out and {type, src, payload} in; a HEARTBEAT now and
  // then. Only OFFER and ANSWER are used (non-trickle: candidates are in the SDP).
  const BROKER_URL = /^wss?:\/\/[^\s"<>]{1,250}$/, BROKER_ID = /^[A-Za-z0-9]{1,64}$/;
  const BROKER_MAX = 24000, HEARTBEAT_MS = 5000, BROKER_OPEN_MS = 10000;
  let broker = null;                      // {ws, id, timer}
  function brokerClose() {
    if (!broker) return false;
    const b = broker;
    broker = null;
    clearInterval(b.timer);
    try { b.ws.close(); } catch (e) { /* already closed */ }
    return true;
  }
  function brokerOpen(url, id) {          // Promise: resolved once the broker says OPEN
    const base = String(url), me = String(id);
    if (!BROKER_URL.test(base) || !BROKER_ID.test(me)) return Promise.reject(new TypeError("net:broker-address"));
    brokerClose();
    const token = Math.random().toString(36).slice(2, 12);
    const ws = new WebSocket(base + (base.includes("?") ? "&" : "?key=peerjs&") + "id=" + me +
                             "&token=" + token + "&version=1.5.5");
    const b = {ws, id: me, timer: null};
    broker = b;
    return new Promise((resolve, reject) => {
      let opened = false;
      const limit = setTimeout(() => { if (!opened) { reject(new Error("net:broker-timeout")); brokerClose(); } }, BROKER_OPEN_MS);
      const mine = () => broker === b;
      ws.addEventListener("message", (e) => {
        if (!mine() || typeof e.data !== "string" || e.data.length > BROKER_MAX) return;
        let msg;
        try { msg = JSON.parse(e.data); } catch (err) { return; }
        const type = msg && msg.type;
        if (type === "OPEN" && !opened) {
          opened = true;
          clearTimeout(limit);
          b.timer = setInterval(() => { if (ws.readyState === 1) ws.send('{"type":"HEARTBEAT"}'); }, HEARTBEAT_MS);
          emit({type: "broker", state: "open"});
          resolve("");
        } else if ((type === "OFFER" || type === "ANSWER") && typeof msg.src === "string" &&
                   BROKER_ID.test(msg.src)) {
          emit({type: "signal", kind: type, from: msg.src, data: JSON.stringify(msg.payload)});
        } else if (type === "ID-TAKEN" || type === "ERROR" || type === "INVALID-KEY") {
          if (!opened) { clearTimeout(limit); reject(new Error("net:broker-refused")); }
          emit({type: "broker", state: "refused"});
          brokerClose();
        } else if (type === "EXPIRE" || type === "LEAVE") {
          emit({type: "broker", state: type === "EXPIRE" ? "expired" : "left", from: String(msg.src || "")});
        }
      });
      ws.addEventListener("close", () => {
        if (!opened) { clearTimeout(limit); reject(new Error("net:broker-unreachable")); }
        if (mine()) { clearInterval(b.timer); broker = null; emit({type: "broker", state: "closed"}); }
      });
    });
  }
  function brokerSend(dst, kind, payloadText) {   // true if handed to the open broker
    if (!broker || broker.ws.readyState !== 1 || !BROKER_ID.test(String(dst)) ||
        (kind !== "OFFER" && kind !== "ANSWER") || typeof payloadText !== "string" ||
        payloadText.length > BROKER_MAX) return false;
    let payload;
    try { payload = JSON.parse(payloadText); } catch (e) { return false; }
    broker.ws.send(JSON.stringify({type: kind, dst: String(dst), payload}));
    return true;
  }

  // --- sharing a text (the guest's reply) through the device's own share sheet --------------
  const canShare = () => typeof navigator.share === "function";
  async function share(text, title) {
    if (!canShare()) throw new Error("net:no-share");
    try {
      await navigator.share({title: String(title), text: String(text)});
      return true;
    } catch (e) {
      if (e && e.name === "AbortError") return false;   // the person closed the share sheet
      throw e;
    }
  }

  window.encoreNet = {
    offer, answer, accept, send, close, closeAll, status, brokerOpen, brokerSend, brokerClose,
    onEvent: (fn) => { listener = typeof fn === "function" ? fn : null; },
    iceServers: () => JSON.stringify(iceServers()),
    qrSvg, scan, stopScan, startCamera, stopCamera, canShare, share,
  };
})();
