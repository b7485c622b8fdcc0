"""One package per game; importing this registers them all."""

from . import rechord, take_a_chord, take_bamboo, taktvoll  # noqa: F401
