// Runs a built site's static/net.js in Node, with a pair of in-memory stand-ins for
// RTCPeerConnection (no browser, no network), and its QR code functions with the site's own
// vendor/qr/ modules found beside the page as the page finds them. Prints one JSON object of
// what happened, for tests/test_net_js.py. Usage: node tests/net_js_check.mjs <site dir>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const site = process.argv[2];
const pageUrl = pathToFileURL(join(site, "index.html")).href + "?nettest=1";
const results = {};
const warnings = [];
let settings = {};
globalThis.window = globalThis;
globalThis.location = new URL(pageUrl);
globalThis.encoreStore = { settings: () => settings };
console.warn = (text) => warnings.push(String(text));
let frame = null;                        // what the fake canvas "sees" (an RGBA image)
globalThis.document = {
  baseURI: pageUrl,
  createElement: (tag) => {
    if (tag !== "canvas") throw new Error("unexpected element " + tag);
    return { width: 0, height: 0, getContext: () => ({
      drawImage: () => {},
      getImageData: (x, y, w, h) => {
        if (!frame || w !== frame.width || h !== frame.height) throw new Error("size " + w + "x" + h);
        return frame;
      },
    }) };
  },
};

// --- a pair of stand-in peer connections, joined through the SDP text they exchange -----------
const made = [];
const byOffer = new Map();
const tick = () => new Promise((r) => setTimeout(r, 0));
const event = (type, props) => Object.assign(new Event(type), props || {});
class FakeChannel extends EventTarget {
  constructor(label) { super(); this.label = label; this.readyState = "connecting"; this.other = null; }
  send(text) {
    if (this.readyState !== "open") throw new Error("InvalidStateError");
    const other = this.other;
    setTimeout(() => other.dispatchEvent(event("message", { data: text })), 0);
  }
  close() {
    if (this.readyState === "closed") return;
    this.readyState = "closed";
    setTimeout(() => this.dispatchEvent(event("close")), 0);
    if (this.other && this.other.readyState !== "closed") this.other.close();
  }
  open() { this.readyState = "open"; this.dispatchEvent(event("open")); }
}
class FakePC extends EventTarget {
  constructor(config) {
    super();
    this.config = config; this.index = made.length; made.push(this);
    this.iceGatheringState = "new"; this.signalingState = "stable"; this.connectionState = "new";
    this.localDescription = null; this.sctp = { maxMessageSize: 262144 }; this.channel = null;
    this.gatherMs = FakePC.gatherMs;
  }
  createDataChannel(label) { this.channel = new FakeChannel(label); return this.channel; }
  async createOffer() { return { type: "offer", sdp: "offer-" + this.index }; }
  async createAnswer() { return { type: "answer", sdp: "answer-" + this.index }; }
  async setLocalDescription(d) {
    this.localDescription = d;
    this.signalingState = d.type === "offer" ? "have-local-offer" : "stable";
    if (d.type === "offer") byOffer.set(d.sdp, this);
    this.iceGatheringState = "gathering";
    this.gathering = setTimeout(() => {
      this.iceGatheringState = "complete";
      this.dispatchEvent(event("icegatheringstatechange"));
    }, this.gatherMs);
  }
  async setRemoteDescription(d) {
    if (d.type === "offer") { this.host = byOffer.get(d.sdp); this.signalingState = "have-remote-offer"; return; }
    const guest = made.find((pc) => pc.host === this && pc.localDescription && pc.localDescription.sdp === d.sdp);
    if (!guest) throw new Error("OperationError");
    this.signalingState = "stable";
    const theirs = new FakeChannel(this.channel.label);
    theirs.other = this.channel; this.channel.other = theirs;
    for (const pc of [this, guest]) { pc.connectionState = "connected"; pc.dispatchEvent(event("connectionstatechange")); }
    guest.dispatchEvent(event("datachannel", { channel: theirs }));
    await tick();
    theirs.open();
    if (FakePC.hostOpensLate) {            // the guest's side opens first, its text arrives,
      const mine = this.channel;           // and only then does the host hear its own open
      setTimeout(() => setTimeout(() => mine.open(), 0), 0);
    } else this.channel.open();
  }
  close() {                               // (a closed connection gathers no more)
    clearTimeout(this.gathering);
    this.connectionState = "closed"; if (this.channel) this.channel.close();
  }
}
FakePC.gatherMs = 5;
FakePC.hostOpensLate = false;
globalThis.RTCPeerConnection = FakePC;

await import(pathToFileURL(join(site, "static", "net.js")).href);
const net = window.encoreNet;
const heard = [];
net.onEvent((text) => heard.push(JSON.parse(text)));
const settle = async () => { for (let i = 0; i < 5; i++) await tick(); };

// --- a channel opened, used and closed ---------------------------------------------------------
const offer = await net.offer("seat-1", 1000);
const answer = await net.answer("host", offer, 1000);
await net.accept("seat-1", answer);
await settle();
results.sdp = [offer, answer];
results.ice_default = made.map((pc) => pc.config);
results.opened = heard.filter((e) => e.type === "open").map((e) => e.id).sort();
results.states = heard.filter((e) => e.type === "state").map((e) => e.id + ":" + e.state).sort();
results.status = net.status("seat-1");
heard.length = 0;
results.sent = [net.send("seat-1", "to the guest"), net.send("host", "to the host"),
                net.send("seat-1", "x".repeat(262145)), net.send("seat-1", "é".repeat(90000)),
                net.send("seat-1", 42), net.send("seat-9", "nobody")];
await settle();
const short = (t) => t.length > 40 ? t.length + " characters" : t;
results.messages = heard.map((e) => [e.type, e.id, short(e.data)]);
results.kept = Object.fromEntries(Object.entries(window.encoreNetSent).map(([k, v]) => [k, v.map(short)]));
try { net.send("bad id!", "x"); results.bad_id = "accepted"; } catch (e) { results.bad_id = e.name; }
heard.length = 0;
const guestPc = made[1];                 // a second channel from the host, not ours: closed
const other = new FakeChannel("other");
guestPc.dispatchEvent(event("datachannel", { channel: other }));
results.other_channel = other.readyState;
guestPc.connectionState = "disconnected";
guestPc.dispatchEvent(event("connectionstatechange"));
await settle();
results.after_drop = heard.map((e) => e.type + ":" + e.id + ":" + (e.state || ""));
heard.length = 0;
results.closed = [net.close("seat-1"), net.close("seat-1"), net.status("seat-1")];
await settle();
results.after_close = heard.map((e) => e.type + ":" + e.id);    // the guest's side only
heard.length = 0;

// --- a peer replaced under its id: the old one's events are dropped ----------------------------
const first = await net.offer("seat-2", 1000);
const oldPc = made[made.length - 1];
await net.offer("seat-2", 1000);
oldPc.connectionState = "failed";
oldPc.dispatchEvent(event("connectionstatechange"));
await settle();
results.replaced = { old_closed: oldPc.connectionState, heard: heard.length, first };
try { await net.accept("seat-3", answer); results.accept_unknown = "accepted"; } catch (e) { results.accept_unknown = e.message; }
try { await net.answer("g", "x".repeat(20001)); results.long_sdp = "accepted"; } catch (e) { results.long_sdp = e.name; }
FakePC.gatherMs = 10000;                 // gathering never completes: the SDP so far, in time
let started = Date.now();
await net.offer("slow", 150);
results.gather_timeout_ms = Date.now() - started;
FakePC.gatherMs = 5;
const left = ["slow", "seat-2", "host"];          // a fresh start closes every one, silently
const listed = left.map((id) => net.status(id) !== "");
heard.length = 0;
net.closeAll();
await settle();
results.close_all = { listed, after: left.map((id) => net.status(id)), heard: heard.length,
                      kept: Object.keys(window.encoreNetSent).length };

// --- the guest's hello before the host's own open: the host's welcome waits, then goes ---------
FakePC.hostOpensLate = true;
heard.length = 0;
const lateOffer = await net.offer("seat-4", 1000);
const lateAnswer = await net.answer("host", lateOffer, 1000);
const replies = [];
net.onEvent((text) => {
  const e = JSON.parse(text);
  heard.push(e);
  if (e.type === "open" && e.id === "host") replies.push(["hello", net.send("host", "hello")]);
  if (e.type === "message" && e.id === "seat-4") {
    replies.push([net.status("seat-4"), net.send("seat-4", "welcome"), net.send("seat-4", "update")]);
  }
});
await net.accept("seat-4", lateAnswer);
await settle();
FakePC.hostOpensLate = false;
results.late_open = {
  order: heard.map((e) => e.type + ":" + e.id + (e.data ? ":" + e.data : "")),
  replies, kept: window.encoreNetSent["seat-4"], heard: window.encoreNetHeard["seat-4"],
};
net.onEvent((text) => heard.push(JSON.parse(text)));
net.close("seat-4"); net.close("host");
await settle();
heard.length = 0;

// --- ICE servers: the setting, checked --------------------------------------------------------
const iceFor = async (value) => {
  settings = value === undefined ? {} : { ice_servers: value };
  await net.offer("ice", 1000);
  net.close("ice");
  return made[made.length - 1].config.iceServers;
};
results.ice = {
  none: await iceFor(undefined),
  stun: await iceFor([{ urls: "stun:stun.example.org:3478", extra: 1 }]),
  turn: await iceFor([{ urls: ["turn:t.example.org"], username: "u", credential: "c" }]),
  http: await iceFor([{ urls: "https://example.org" }]),
  many: await iceFor([1, 2, 3, 4, 5].map(() => ({ urls: "stun:s.example.org" }))),
  not_list: await iceFor({ urls: "stun:s.example.org" }),
};
results.warnings = warnings.length;
settings = {};

// --- QR codes: drawn, then read back by the vendored decoder ----------------------------------
const text = "https://user.github.io/encore/#j1.AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4_QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl9gYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7";
const svg = await net.qrSvg(text);
results.svg_head = svg.slice(0, svg.indexOf("<path"));
results.svg_has_style = /style/i.test(svg);
const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)[1]);
const dark = Array.from({ length: size }, () => new Array(size).fill(false));
for (const [, x, y, w] of /d="([^"]*)"/.exec(svg)[1].matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
  for (let i = 0; i < Number(w); i++) dark[Number(y)][Number(x) + i] = true;
}
const pathOk = /d="((?:M\d+ \d+h(\d+)v1h-\2z)*)"/.test(svg);
const SCALE = 6;
const side = size * SCALE;
const data = new Uint8ClampedArray(side * side * 4);
for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) {
  const v = dark[Math.floor(y / SCALE)][Math.floor(x / SCALE)] ? 0 : 255;
  data.set([v, v, v, 255], (y * side + x) * 4);
}
const { decodeQR } = await import(new URL("./vendor/qr/decode.js", pageUrl).href);
results.qr = { size, path_ok: pathOk, decoded: decodeQR({ width: side, height: side, data }) === text };
try { await net.qrSvg("x".repeat(2001)); results.qr_long = "drawn"; } catch (e) { results.qr_long = e.name; }

// --- scanning: no BarcodeDetector here, so the vendored decoder reads the video's frames ------
const video = { videoWidth: side, videoHeight: side, readyState: 4 };
started = Date.now();
const seen = net.scan(video, 5000);
setTimeout(() => { frame = { width: side, height: side, data }; }, 450);   // a code comes into view
results.scan = { text: (await seen) === text, ms: Date.now() - started };
frame = null;
results.scan_timeout = await net.scan(video, 300);
const stopped = net.scan(video, 0);
setTimeout(() => net.stopScan(), 100);
results.scan_stopped = await stopped;
console.log(JSON.stringify(results));
