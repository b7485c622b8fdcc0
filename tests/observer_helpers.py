"""What the four observer tests share: a state's slots as the search reads them, and the check
that `determinize(view)` deals exactly what the old resampler (each test keeps its own, verbatim,
as the reference) dealt from the state."""

import json
import random

MAY_DIFFER = {"history", "events", "seed", "setup", "_legal"}   # a search state never reads them


def slots(state, skip=()):
    """Every slot of a state a search reads (the RNG by its state), less those in `skip`."""
    out = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in MAY_DIFFER and name not in skip:
                value = getattr(state, name)
                out[name] = value.state if name == "rng" else value
    return out


def agree(old_resample, determinize, state, seat, k, same_view=True):
    """determinize(view) and the old resample agree slot by slot and leave their generators
    alike; the view through JSON deals the same; determinize leaves the view alone; the deal
    has no history or log and (`same_view`) looks the same to the seat. Returns the deal."""
    view = state.view(seat)
    text = json.dumps(view)
    r_old, r_new, r_json = random.Random(k), random.Random(k), random.Random(k)
    old = old_resample(state, seat, r_old)
    new = determinize(view, r_new)
    assert slots(new) == slots(old)
    assert r_new.getstate() == r_old.getstate()
    assert json.dumps(view) == text
    assert slots(determinize(json.loads(text), r_json)) == slots(old)
    assert r_json.getstate() == r_old.getstate()
    if same_view:
        assert json.dumps(new.view(seat)) == text
    assert new.events is None and new.history == []
    return new
