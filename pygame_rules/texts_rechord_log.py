"""Re-Chord's log lines and terminal texts (merged into `messages.CATALOGUE["en"]`)."""

EN = {
}
