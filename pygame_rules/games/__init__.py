"""One package per game; importing this registers them all."""

from . import take_a_chord  # noqa: F401
