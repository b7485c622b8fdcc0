"""The observation tensor's bookkeeping, shared by the games' `space` parts.

A game's `space.tensor_layout(players, options)` lists the tensor's pieces in order, each a
(name, shape) pair; `space.observation_tensor(view, players, options)` lays a seat's view out
as one flat list of floats in that order. The tensor is read from the view alone (what
`state.view(seat)` shows), never from the state, so it shows a seat nothing its view hides.

    >>> layout = [("hand", (35,)), ("trick", (4, 35))]
    >>> offsets(layout)
    ({'hand': 0, 'trick': 35}, 175)
"""


def size_of(shape):
    """How many floats a piece of a given shape holds."""
    n = 1
    for d in shape:
        n *= d
    return n


def offsets(layout):
    """({piece name: its first index in the flat tensor}, the tensor's size)."""
    out, at = {}, 0
    for name, shape in layout:
        out[name] = at
        at += size_of(shape)
    return out, at



def mark(out, start, items):
    """Set the flag of each item (a card id, a space) of a piece that starts at `start`."""
    for item in items:
        out[start + item] = 1.0
