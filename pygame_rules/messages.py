"""The message catalogue: every sentence a player reads, keyed by id, with parameters.

The engine never hands out prose alone: an error or a log line is a message id plus a dict of
parameters, and `text(msg_id, params, lang)` renders it. English is complete; other languages
fall back to English per message until translated.
"""

CATALOGUE = {
    "en": {
        # errors the engine raises
        "error.game_over": "The game is over: no more moves.",
        "error.not_your_turn": "It is not seat {seat}'s turn.",
        "error.bad_action": "That is not a move in this game: {action}.",
        "error.unknown_game": "There is no game called {game}.",
        "error.bad_players": "{title} is for {min}–{max} players, not {players}.",
        "error.bad_option": "Unknown option {option} for {title}.",
        "error.bad_option_value": "Option {option} must be one of {allowed}, not {value}.",
        "error.bad_seed": "The seed must be a whole number or text.",
        "error.bad_setup": "That set-up is not a valid position: {why}.",
        "error.bad_seat": "There is no seat {seat} at this table.",
        "save.not_json": "This save is not readable (it is not JSON); a new game is needed.",
        "save.not_a_save": "This is not an Encore save.",
        "save.version": "This save is from version {version}; this page reads version {expected}.",
        "save.tampered": "This save has been changed or damaged (its checksum does not match).",
        "save.invalid": "This save cannot be replayed: {why}.",
        # Take The "A" Chord: refusals
        "tac.not_in_hand": "You do not hold {card}.",
        "tac.must_follow": "You must follow {colour}: you hold {held}.",
        # Take The "A" Chord: names
        "tac.card": "{chord} {colour}",
        "tac.colour.0": "Bluesy",
        "tac.colour.1": "Lyrical",
        "tac.colour.2": "Swingy",
        "tac.colour.3": "Soulful",
        "tac.colour.4": "Earthy",
        "tac.non_player": "the non-player",
        # Take The "A" Chord: log lines built from events
        "tac.ev.game_start": "A game of Take The \"A\" Chord for {players} players begins.",
        "tac.ev.venue_start": "Venue {venue}: {dealer} deals, the Key Chord is {key}; {leader} leads.",
        "tac.ev.card_played": "{seat} plays {card}.",
        "tac.ev.improvisation": "Improvisation! {seat} matched the lead chord {chord}: round {round} begins.",
        "tac.ev.improvisation_blocked.limit": "No Improvisation: the limit of {limit} is reached.",
        "tac.ev.improvisation_blocked.last_trick": "No Improvisation on the last trick of a venue.",
        "tac.ev.trick_won": "{seat} wins the trick with {card} ({tricks} trick(s)).",
        "tac.ev.trick_won_impro": "{seat} wins the Improvisation with {card}: {tricks} tricks and the 15 bonus.",
        "tac.ev.key_change": "Key Change by {seat}: the Key Chord is now {chord}.",
        "tac.ev.key_change_same": "Key Change by {seat} to the same key, {chord}: the marker stays.",
        "tac.ev.key_change_ignored": "{seat} matched {chord}, but a Key Change on the last trick does nothing.",
        "tac.ev.spotlight": "{seat} wins with the Key Chord and takes the Spotlight Card.",
        "tac.ev.lead": "{seat} leads the next trick.",
        "tac.ev.venue_scores": "Venue {venue} is scored.",
        "tac.ev.venue_score_row": "{seat}: {tricks} trick(s) → {chart} + {bonus} bonus = {score} (total {total}).",
        "tac.ev.game_end": "The game is over. {winners} win(s) with {score}.",
        "tac.ev.game_end_tiebreak": "The game is over. {winners} win(s) with {score}, on more Improvisations ({improvisations}).",
        "tac.ev.game_end_shared": "The game is over. {winners} share the win with {score}.",
        # command line
        "cli.prompt": "{name}, play a card (number or name, ? for help): ",
        "cli.help": "Type the number shown beside a card, or its name such as C-Bl or \"C Bluesy\". q quits.",
        "cli.key_ring": "Key Chord {key}: strength {order}",
        "cli.your_hand": "Your hand:",
        "cli.trick": "On the table (round {round}):",
        "cli.scores": "Scores:",
        "cli.score_row": "  {name}: {total} points, {tricks} trick(s) this venue{spotlight}",
        "cli.spotlight_mark": ", holds the Spotlight",
        "cli.unknown_card": "I do not understand {text}. Type ? for help.",
        "cli.bye": "Game abandoned.",
    },
}


def text(msg_id, params=None, lang="en"):
    """Render one message of the catalogue with its parameters."""
    table = CATALOGUE.get(lang, CATALOGUE["en"])
    template = table.get(msg_id) or CATALOGUE["en"][msg_id]
    return template.format(**(params or {}))
