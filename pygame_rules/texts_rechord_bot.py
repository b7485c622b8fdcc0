"""Re-Chord's bot descriptions (merged into `messages.CATALOGUE["en"]`)."""

EN = {
    "rc.bot.random": "Random: takes any legal action.",
    "rc.bot.heuristic": "Heuristic: piles picks of its genre colour into the frets where it "
                        "already has some, places supply picks on the spaces its chord cards "
                        "need (its song's chords first), claims every chord it can, draws "
                        "chord cards when its hand is poor, fills a fret when the scoring "
                        "favours it, and uses Red, Green, Grey and Blue against the strongest "
                        "other colour, skipping any ability that would hurt itself.",
}
