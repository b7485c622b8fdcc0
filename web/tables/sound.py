"""The page's sound, synthesised with WebAudio (nothing is downloaded): Taktvoll's soft tone per
note, Re-Chord's strum of a chord when a chord card is completed, Take The "A" Chord's strum of
each card's chord (and a bright chime for a Key Change or an Improvisation), and TAKE's short
percussive knock per card (deeper for a trump, a double knock for a gift).

The logic is pure and runs in CPython (`frequency`, `melody`, `envelope`, `strum_notes`,
`chord_shape`, `cue_notes`, the settings text); only `play`, `play_note`, `play_row`,
`play_strum`, `play_cue`, `stop` and the settings access touch the browser, importing
`pyscript.window` inside the function, so tests can import this module. The AudioContext is made
on the first sound (which always follows a click or a key, as browsers require). The mute switch
is kept with the page's settings (the store's "settings": a JSON object shared with others).
"""

import json

SETTINGS_KEY = "settings"   # the name in the page's store (static/store.js)
MUTE_FIELD = "mute"
SEMITONES = {-1: 62, 0: 64, 1: 65, 2: 67, 3: 69, 4: 71, 5: 72, 6: 74, 7: 76, 8: 77, 9: 79}
BPM = 96
PEAK = 0.14          # loudness of a note (gain), soft
ATTACK = 0.012       # seconds
RELEASE = 0.08       # seconds, at the end of a note's sounding part
LEGATO = 0.9         # share of its written length a note sounds
LEAD = 0.04          # schedule this far ahead of the context's clock
WAVE = "triangle"
OPEN_STRINGS = (40, 45, 50, 55, 59, 64)   # MIDI notes of the open strings E2 A2 D3 G3 B3 E4
STRUM_GAP = 0.035    # seconds between two strings of a strum
STRUM_RING = 1.6     # seconds a strummed string rings
STRUM_PEAK = 0.09    # loudness of each string (six of them sound together)
OPEN_CHORDS = {"A": "x02220", "B": "x24442", "C": "x32010", "D": "xx0232", "E": "022100",
               "F": "133211", "G": "320003"}   # a guitarist's first shape of each major chord
CUES = {   # a cue: [(frequency in Hz, start offset in seconds, length in seconds, gain)]
    "bright": [(659.3, 0.0, 0.12, 0.10), (987.8, 0.09, 0.12, 0.10), (1318.5, 0.18, 0.3, 0.08)],
    "knock": [(880.0, 0.0, 0.05, 0.16)],
    "trump": [(330.0, 0.0, 0.09, 0.2), (660.0, 0.0, 0.05, 0.08)],
    "gift": [(784.0, 0.0, 0.05, 0.14), (1046.5, 0.11, 0.06, 0.14)],
}
STATE = {"ctx": None, "voices": [], "memory": None}   # memory: settings text without a browser


# --- pure ---------------------------------------------------------------------------------------
def frequency(pos):
    """The frequency in Hz of a staff position (white keys D4..G5; A4 = 440 Hz)."""
    return 440.0 * 2 ** ((SEMITONES[pos] - 69) / 12)


def seconds(value, bpm=BPM):
    """The length in seconds of a duration in sixteenths (a quarter is one beat)."""
    return value / 4 * 60.0 / bpm


def melody(row, bpm=BPM):
    """A row's notes as [(frequency or None for a rest, start, duration)] in seconds."""
    out, t = [], 0.0
    for card in row["cards"]:
        if card["kind"] not in ("note", "rest"):
            continue                      # clef, time signature and bar lines take no time
        d = seconds(card["value"], bpm)
        out.append((frequency(card["pos"]) if card["kind"] == "note" else None, t, d))
        t += d
    return out


def envelope(start, duration, peak=PEAK):
    """A note's gain as [(time, gain)] points: short attack, hold, short release to silence."""
    sound = max(duration * LEGATO, ATTACK + RELEASE + 0.01)
    return [(start, 0.0), (start + ATTACK, peak), (start + sound - RELEASE, peak * 0.7),
            (start + sound, 0.0)]


def strum_notes(shape):
    """A chord shape ('x32010', low E first) as [(frequency, start offset in seconds)]:
    muted strings ('x') are silent, the others sound from low to high like a down-strum."""
    out = []
    for string, fret in enumerate(shape):
        if fret in "xX":
            continue
        midi = OPEN_STRINGS[string] + int(fret, 36)
        out.append((440.0 * 2 ** ((midi - 69) / 12), STRUM_GAP * len(out)))
    return out


def chord_shape(chord):
    """The open shape ('x32010') of a major chord named by its letter."""
    return OPEN_CHORDS[chord]


def cue_notes(name):
    """A cue's notes: [(frequency, start offset, length, gain)] (a KeyError for no such cue)."""
    return CUES[name]


def knock_envelope(start, length, peak):
    """A knock's gain as [(time, gain)]: an instant attack and a quick decay to silence."""
    return [(start, 0.0), (start + 0.003, peak), (start + length * 0.4, peak * 0.3),
            (start + length, 0.0)]


def pluck_envelope(start, peak=STRUM_PEAK, ring=STRUM_RING):
    """A plucked string's gain as [(time, gain)]: a quick attack, then a long decay."""
    return [(start, 0.0), (start + 0.006, peak), (start + 0.25, peak * 0.45),
            (start + ring, 0.0)]


def muted_in(raw):
    """The mute flag in a settings text (False when missing or unreadable)."""
    try:
        data = json.loads(raw or "{}")
    except ValueError:
        return False
    return bool(data.get(MUTE_FIELD)) if isinstance(data, dict) else False


def with_muted(raw, flag):
    """The settings text with the mute flag set, every other field kept."""
    try:
        data = json.loads(raw or "{}")
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    data[MUTE_FIELD] = bool(flag)
    return json.dumps(data)


# --- the browser ------------------------------------------------------------------------------
def _storage():
    """The page's store (window.encoreStore), or None outside the browser (then settings live
    in STATE)."""
    try:
        from pyscript import window
    except ImportError:
        return None
    return window.encoreStore


def _settings():
    """The stored settings text, or None."""
    store = _storage()
    if store is None:
        return STATE["memory"]
    raw = store.read(SETTINGS_KEY)
    return raw if isinstance(raw, str) else None


def is_muted():
    """True when the page's sound is switched off."""
    return muted_in(_settings())


def set_muted(flag):
    """Switch the sound off (True) or on, remembered; switching off silences what plays."""
    raw = with_muted(_settings(), flag)
    store = _storage()
    if store is None:
        STATE["memory"] = raw
    else:
        store.write(SETTINGS_KEY, raw)
    if flag:
        stop()


def _context():
    """The page's AudioContext, made on first use and resumed if the browser suspended it."""
    from pyscript import window
    ctx = STATE["ctx"]
    if ctx is None:
        maker = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
        if maker is None:
            return None
        ctx = STATE["ctx"] = maker.new()
    if ctx.state == "suspended":
        ctx.resume()
    return ctx


def _tone(ctx, freq, start, duration):
    """Schedule one soft oscillator note on the context (start in the context's seconds)."""
    osc = ctx.createOscillator()
    gain = ctx.createGain()
    osc.type = WAVE
    osc.frequency.setValueAtTime(freq, start)
    osc.connect(gain)
    gain.connect(ctx.destination)
    _sound(osc, gain, envelope(start, duration), start)


def _sound(osc, gain, points, start):
    """Shape a voice's gain along its envelope points, start it, and remember it for stop()."""
    gain.gain.setValueAtTime(0.0, start)
    for t, g in points[1:]:
        gain.gain.linearRampToValueAtTime(g, t)
    end = points[-1][0] + 0.02
    osc.start(start)
    osc.stop(end)
    STATE["voices"].append((osc, end))


def _prune(now):
    """Forget voices that have finished."""
    STATE["voices"] = [(o, end) for o, end in STATE["voices"] if end > now]


def stop():
    """Silence every scheduled or sounding note."""
    for osc, _ in STATE["voices"]:
        try:
            osc.stop(0)
        except Exception:   # noqa: BLE001 - an oscillator that already ended may refuse
            pass
    STATE["voices"] = []


def _pluck(ctx, freq, start):
    """Schedule one plucked string: a bright wave through a closing low-pass filter."""
    osc, gain, lowpass = ctx.createOscillator(), ctx.createGain(), ctx.createBiquadFilter()
    osc.type = "sawtooth"
    osc.frequency.setValueAtTime(freq, start)
    lowpass.type = "lowpass"
    lowpass.frequency.setValueAtTime(min(4 * freq + 900, 6000), start)
    lowpass.frequency.exponentialRampToValueAtTime(freq * 1.5 + 200, start + 0.6)
    osc.connect(lowpass)
    lowpass.connect(gain)
    gain.connect(ctx.destination)
    _sound(osc, gain, pluck_envelope(start), start)


def _live():
    """The AudioContext and its time now, voices that ended forgotten; None when muted or
    when the browser has no sound."""
    if is_muted():
        return None
    ctx = _context()
    if ctx is None:
        return None
    now = ctx.currentTime
    _prune(now)
    return ctx, now


def play_strum(shape):
    """Strum a chord shape ('x32010') unless muted (Re-Chord: a chord card completed)."""
    live = _live()
    if live is None:
        return
    ctx, now = live
    for freq, offset in strum_notes(shape):
        _pluck(ctx, freq, now + LEAD + offset)


def play(item):
    """Play what a table's `sounds(events)` asked for: ("strum", shape), ("cue", name) or
    (position, value)."""
    if item and item[0] == "strum":
        play_strum(item[1])
    elif item and item[0] == "cue":
        play_cue(item[1])
    else:
        play_note(*item)


def play_cue(name):
    """Play a short cue (CUES) unless muted."""
    live = _live()
    if live is None:
        return
    ctx, now = live
    for freq, offset, length, peak in cue_notes(name):
        start = now + LEAD + offset
        osc, gain = ctx.createOscillator(), ctx.createGain()
        osc.type = "sine"
        osc.frequency.setValueAtTime(freq, start)
        osc.connect(gain)
        gain.connect(ctx.destination)
        _sound(osc, gain, knock_envelope(start, length, peak), start)


def play_note(pos, value, bpm=BPM):
    """Play one note (a staff position, a duration in sixteenths) unless muted."""
    live = _live()
    if live is None:
        return
    ctx, now = live
    _tone(ctx, frequency(pos), now + LEAD, seconds(value, bpm))


def play_row(row, bpm=BPM):
    """Play a whole row from its first note, rests as silence (stops what was playing)."""
    live = _live()
    if live is None:
        return
    stop()
    ctx, now = live
    t0 = now + LEAD
    for freq, start, duration in melody(row, bpm):
        if freq is not None:
            _tone(ctx, freq, t0 + start, duration)
