"""Re-Chord's page labels, rules page and hints (merged into `messages.CATALOGUE["en"]`)."""

EN = {
    "ui.blurb.rechord": "Place guitar picks on a fretboard to complete chord cards; 1–5 players, solo against Jim Bot.",
}
