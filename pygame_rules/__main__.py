"""`python -m pygame_rules play|simulate ...`: the terminal game and the bot simulations."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
