"""The page's entry (index.html's `<script type="py">`): the modules come from the precompiled
bundle (bundle.py), then main.py wires the page."""

import bundle

bundle.install()
import main  # noqa: E402,F401  (importing it starts the page)
