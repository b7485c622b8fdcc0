"""One package per game; importing this registers them all, in this order (the order the page
offers them on its start screen)."""

from . import take_a_chord, take_bamboo, taktvoll, rechord  # noqa: F401,I001
