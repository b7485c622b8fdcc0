"""The message catalogue: every sentence a player reads, keyed by id, with parameters.

The engine never hands out prose alone: an error or a log line is a message id plus a dict of
parameters, and `text(msg_id, params, lang)` renders it. English is complete; other languages
fall back to English per message until translated.

Keys: a game's own keys begin with its prefix and an area (`tac.ev.trick_won`, `rc.page.where`;
areas name, refuse, describe, opt, house, bot, ev, term, sim, page, rules); they live in
`games/<game>/texts.py` and reach the catalogue when the game registers (`core.register` calls
`add(lang, table)` for each language of `Game.texts`). This module keeps only the shared keys:
`error.`, `save.`, `undo.` (why a move cannot be taken back), `share.` (game links), `net.`
(play from other devices), `bot.` (levels), `cli.` (the command line) and `ui.` (the page's
shell and what every table shares).
It imports no game.

Plurals: a value may be a dict of CLDR plural categories, `{"one": "{count} card", "other":
"{count} cards"}`; `text` picks the category from the `count` parameter with the language's
rule (`PLURAL_RULES`; English: one for 1, else other; Japanese: always other).

Lists: `join_list(items, lang)` joins names or cards with the language's separator (`ui.list_sep`:
", " in English, "、" in Japanese); `key="ui.stats_sep"` joins a line of facts (" · ", "・") and
`key="ui.group_sep"` items that hold commas or lists themselves ("; ", "／"). Terminal columns:
a text parameter with a width (`{name:<16}`) is padded by its display width, a wide or
full-width character counting two (`display_width`), so Japanese tables line up.
"""

import re                   # the standard library only: the format spec of a column
import string               # the formatter that pads by display width
import unicodedata          # which characters a terminal shows two columns wide

CATALOGUE = {
    "en": {
    # --- errors the engine raises -----------------------------------------------------------------
    "error.game_over": "The game is over: no more moves.",
    "error.not_your_turn": "It is {name}'s turn now.",
    "error.bad_action": "That is not a move in this game: {action}.",
    "error.unknown_game": "There is no game called {game}.",
    "error.bad_players": "{title} is for {min}–{max} players, not {players}.",
    "error.bad_option": "Unknown option {option} for {title}.",
    "error.bad_option_value": "Option {option} must be one of {allowed}, not {value}.",
    "error.no_longest_game": "{title} can go on for ever with these options ({options}), and OpenSpiel needs a longest game.",
    "error.bad_seeds": "The number of deal seeds must be at least 1, not {seeds}.",
    "error.bad_seed": "The seed must be a whole number or text.",
    "error.bad_setup": "That set-up is not a valid position: {why}.",
    "error.bad_seat": "There is no seat {seat} at this table.",
    "error.bad_options": "The options must be names with values, not {options}.",
    # --- undo -------------------------------------------------------------------------------------
    "undo.nothing": "There is no move of yours to take back.",
    "undo.not_last": "{name} has played since: only your own last move can be taken back.",
    "undo.revealed": "Something hidden was shown after your move (a card dealt, drawn, passed or turned up): it cannot be taken back.",
    "undo.over": "The game is over: moves can be taken back only in practice.",
    # --- saves ------------------------------------------------------------------------------------
    "save.not_json": "This save is not readable (it is not JSON); a new game is needed.",
    "save.not_a_save": "This is not an Encore save.",
    "save.version": "This save is from version {version}; this page reads version {expected}.",
    "save.tampered": "This save has been changed or damaged (its checksum does not match).",
    "save.invalid": "This save cannot be replayed: {why}.",
    "save.too_big": "This is too big to be an Encore save (a save is far under {max} MB).",
    "save.too_deep": "This is nested too deeply to be an Encore save.",
    "save.bad_field": "This save cannot be replayed: its “{field}” field is not valid.",
    "save.engine_failed": "This save cannot be replayed: the engine failed on it ({error}).",
    # --- share links ------------------------------------------------------------------------------
    "share.not_a_link": "This is not an Encore game link.",
    "share.truncated": "This game link is incomplete (part of it is missing); copy the whole link again.",
    "share.tampered": "This game link has been changed or damaged; copy the whole link again.",
    "share.version": "This game link is from version {version}; this page reads version {expected}.",
    "share.foreign": "This link is for another site or format, not an Encore game.",
    "share.too_big": "This is too big to be an Encore game link.",
    "share.invalid": "This game link cannot be replayed: {why}.",
    # --- play from other devices (web/invite.py, web/net.py) -----------------------------------
    "net.not_invite": "This is not an Encore invitation to a table.",
    "net.not_reply": "This is not an Encore reply to an invitation.",
    "net.too_big": "This is too long to be an Encore invitation or reply.",
    "net.truncated": "This code is incomplete (part of it is missing); copy the whole code again.",
    "net.tampered": "This code has been changed or damaged; copy the whole code again.",
    "net.version": "This code is from version {version}; this page reads version {expected}.",
    "net.bad_field": "This code or table cannot be used: its “{field}” field is not valid.",
    "net.sdp_unusable": "The browser's connection details cannot be used (their “{part}” is missing or not valid).",
    "net.bad_message": "A message from the other device could not be read.",
    "net.wrong_room": "This invitation is for another table.",
    "net.wrong_seat": "Seat {seat} is not open to another device here.",
    "net.wrong_secret": "This invitation's key does not match: ask the host for a new invitation.",
    "net.out_of_step": "That move was made for move {seq}, but the game is at move {expected}.",
    "net.out_of_sync": "This device's table is out of step with the host's: connect again to catch up.",
    # --- the bot levels every game's search bots share --------------------------------------------
    "bot.easy": "Easy: the heuristic bot, with a random move now and then.",
    "bot.normal": "Normal: a short search: it tries its best few moves on deals consistent with what it has seen, each played out by the heuristic bots.",
    "bot.hard": "Hard: the same search at about a second a move: a few hundred played-out deals.",
    # --- the command line: arguments, seating, tournaments, simulations, the result ---------------
    "cli.unknown_card": "I do not understand {text}. Type ? for help.",
    "cli.bye": "Game abandoned.",
    "cli.description": "Encore's rules engine in the terminal: play a game against bots, or let bots play many games.",
    "cli.arg.play": "play a whole game in the terminal against bots",
    "cli.arg.simulate": "let bots play many games and print statistics",
    "cli.arg.game": "the game's id: {games}",
    "cli.arg.players": "how many players sit at the table",
    "cli.arg.lang": "the language of every text: en (English) or ja (Japanese)",
    "cli.arg.seed": "the seed of the deal, a number or text (the same seed deals the same cards)",
    "cli.arg.seat": "your seat, counted from 0 (seat 0 leads the first venue)",
    "cli.arg.bot": "the bots you play against: {bots}",
    "cli.arg.name": "your name at the table",
    "cli.arg.games": "how many games the bots play",
    "cli.arg.bots": "the bot of each seat, comma-separated, or one name for every seat",
    "cli.unknown_bot": "There is no bot called {bot} for {game}; choose from {known}.",
    "cli.bad_bots": "Give one bot name or one per seat ({players}), not {count}.",
    "cli.bad_seat": "Your seat must be a number from 0 to {max}.",
    "cli.bad_games": "The number of games must be at least 1.",
    "cli.seed_used": "Seed {seed}: play the same deal again with --seed {seed}.",
    "cli.human_name": "Player {number}",
    "cli.bot_name": "Bot {number}",
    "cli.you_mark": " (you)",
    "cli.seating": "At the table: {seats}.",
    "cli.seat_entry": "{name} ({kind})",
    "cli.kind.human": "human",
    "cli.legal_row": "  {number}) {card}",
    "cli.bad_number": "Choose a number from 1 to {max}.",
    "cli.echo": "{text}",
    "cli.arg.tournament": "play bots against each other, seats rotated, and print win rates and mean scores with 95% intervals",
    "cli.arg.seats": "the bots, one per seat, comma-separated (levels: random, easy, heuristic, normal, hard; and openspiel-ismcts, OpenSpiel's ISMCTS)",
    "cli.tour.title": {"one": "{title}: tournament of {count} game, {seats}, seed {seed}.",
                       "other": "{title}: tournament of {count} games, {seats}, seed {seed}."},
    "cli.tour.seats": {"one": "{count} seat",
                       "other": "{count} seats rotated"},
    "cli.tour.row": "  {entry}. {bot:<16} wins {wins:5.1%} ± {wins_ci:4.1%}   mean score {mean:6.1f} ± {mean_ci:4.1f}",
    "cli.tour.automaton": "  {name}: mean score {mean:.1f} ± {mean_ci:.1f}; the seat outscores him in {wins:.1%} of games",
    "cli.tour.speed": "  search: {entry}. {bot}, {playouts:.0f} playouts a searched move on average, {rate:.0f} playouts/s, {per_move:.2f} s a move; {seconds:.1f} s in all",
    "cli.tour.no_openspiel": "The seat kind openspiel-ismcts needs OpenSpiel: pip install .[openspiel]",
    "cli.arg.per_move_seconds": "a clock for every searching bot: this many seconds a move, playouts uncapped (the moves then depend on the machine's speed)",
    "cli.arg.jobs": "play the games in this many processes at once (the results are the same)",
    "cli.arg.option": "a game option as NAME=VALUE, e.g. difficulty=touring for Re-Chord's Jim Bot; may be repeated",
    "cli.col.player": "Player",
    "cli.final": "=== Final result ===",
    "cli.you_won": "You win!",
    "cli.you_lost": "Better luck next time.",
    "cli.sim.title": {"one": "{title}: {count} game, {players}, seed {seed}.",
                      "other": "{title}: {count} games, {players}, seed {seed}."},
    "cli.sim.players": {"one": "{count} player",
                        "other": "{count} players"},
    "cli.sim.seat": "Seat {seat} ({bot}): mean {mean:.1f}, stdev {stdev:.1f}, min {min}, max {max}, win share {share:.1%}",
    "cli.sim.bot": {"one": "Bot {bot} on {count} seat: mean {mean:.1f}, stdev {stdev:.1f}, min {min}, max {max}, win share per seat {share:.1%}",
                    "other": "Bot {bot} on {count} seats: mean {mean:.1f}, stdev {stdev:.1f}, min {min}, max {max}, win share per seat {share:.1%}"},
    "cli.sim.throughput": "Throughput: {games_per_s:.1f} games/s, {actions_per_s:.0f} actions/s ({actions} actions in {seconds:.2f} s)",
    # --- the page: the shell (before Python), the start screen, and what every table shares -------
    "ui.page_title": "Encore: music-themed tabletop games",
    "ui.brand": "Encore",
    "ui.tagline": "Tabletop games about music, played in your browser, even offline.",
    "ui.choose_game": "Choose a game",
    "ui.players_range": "{min}–{max} players",
    "ui.players": "Players",
    "ui.seats": "Seats",
    "ui.seat_name": "Name of seat {number}",
    "ui.seat_kind": "Who plays seat {number}",
    "ui.human": "Human",
    "ui.bot": "Bot ({level})",
    "ui.remote": "Another device",
    "ui.net.devices": "Other devices",
    "ui.net.why.bad_id": "an internal name was not valid",
    "ui.net.why.closed": "the connection was closed meanwhile",
    "ui.net.why.bad_sdp": "the connection details were not valid",
    "ui.net.why.no_offer": "no invitation of this page waits for that reply (make a new invitation)",
    "ui.net.why.no_text": "there was nothing to draw",
    "ui.net.why.no_reader": "this browser cannot read QR codes",
    "ui.net.why.no_script": "the page's connection script did not load",
    "ui.net.why.broker_address": "the broker's address is not valid",
    "ui.net.why.broker_timeout": "the broker did not answer",
    "ui.net.why.broker_refused": "the broker refused this device",
    "ui.net.why.broker_unreachable": "the broker could not be reached",
    "ui.net.why.no_share": "this browser cannot share a text",
    "ui.net.why.browser": "the browser said {name}",
    "ui.net.start_hint": "Play with other devices: choose “Another device” for a seat. This screen hosts the game and shows an invitation for each such seat; each player's phone becomes their hand.",
    "ui.net.lost_title": "Connection lost",
    "ui.net.no_broker": "The broker cannot be used ({why}): invitations go the manual way (the guest shows its reply).",
    "ui.net.broker_no_host": "The host is not at the broker now: ask the host for a new invitation.",
    "ui.net.one_click": "This invitation connects by itself through the broker: the guest only opens it.",
    "ui.net.join_broker": "Connecting to the host through the broker {broker}…",
    "ui.net.settings": "Other devices across networks (optional)",
    "ui.net.settings_note": "Leave these empty to play only with devices on the same network: then nothing is sent anywhere but between the devices.",
    "ui.net.ice_label": "STUN or TURN server",
    "ui.net.ice_user": "TURN user name",
    "ui.net.ice_password": "TURN password",
    "ui.net.ice_note": "A server named here learns this device's network address every time devices connect (a TURN server also relays the game's messages).",
    "ui.net.broker_label": "Broker for one-click invitations",
    "ui.net.broker_note": "A broker (a PeerJS “peer” server) passes the connection details between devices, so a guest only opens the invitation. It learns the devices' addresses and when they play. The invitations made then name it.",
    "ui.net.ice_refused": "That is not a STUN or TURN address (stun:…, turn:… or turns:…): nothing was changed.",
    "ui.net.ice_saved": "Saved: devices connect through that server from the next invitation.",
    "ui.net.ice_off": "No server: only devices on the same network can connect.",
    "ui.net.broker_refused": "That is not a broker address (ws://… or wss://…): nothing was changed.",
    "ui.net.broker_saved": "Saved: the next invitations open with one click, through that broker.",
    "ui.net.broker_off": "No broker: a guest shows its reply to the host.",
    "ui.net.intro": "Each player at another device opens their own invitation: they scan its code with their phone's camera, or you send them the link. Whoever opens an invitation takes that seat, so give each one to its player only. Then take their reply: scan it or paste it here.",
    "ui.net.seat_title": "Seat {seat}: {name}",
    "ui.net.state.making": "Making the invitation…",
    "ui.net.state.inviting": "Invited: waiting for the reply",
    "ui.net.state.open": "Connected: joining…",
    "ui.net.state.joined": "At the table",
    "ui.net.state.away": "Away: the connection was lost",
    "ui.net.invite_label": "{name}'s invitation link",
    "ui.net.copy_invite": "Copy the link",
    "ui.net.copied": "Copied.",
    "ui.net.reply_label": "{name}'s reply",
    "ui.net.reply_placeholder": "Paste the reply here (r1.…)",
    "ui.net.connect": "Connect",
    "ui.net.scan": "Scan the reply",
    "ui.net.scan_stop": "Stop the camera",
    "ui.net.scan_title": "Show the reply's code to this camera",
    "ui.net.no_camera": "The camera cannot be used here ({why}): paste the reply instead.",
    "ui.net.new_invite": "New invitation",
    "ui.net.to_bot": "A bot plays this seat",
    "ui.net.handed": "{name}'s seat is played by a bot from now on.",
    "ui.net.play": "Play",
    "ui.net.reply_refused": "That reply cannot be used: {reason}",
    "ui.net.reply_other_seat": "That reply is for seat {seat}, not this one.",
    "ui.net.no_channel": "The connection could not be made: {why}",
    "ui.net.status_waiting": "Waiting for {name} (on another device)…",
    "ui.net.status_away": "Waiting for {name}, whose device is away: Menu → Other devices invites it again.",
    "ui.net.join_title": "Joining {title}",
    "ui.net.join_seat": "This invitation is for seat {seat}.",
    "ui.net.join_making": "Making the reply…",
    "ui.net.reply_intro": "Show this reply to the host: they scan its code, or you copy it and send it to them.",
    "ui.net.reply_text_label": "The reply for the host",
    "ui.net.copy_reply": "Copy the reply",
    "ui.net.share_reply": "Share the reply",
    "ui.net.share_reply_title": "My reply for seat {seat}",
    "ui.net.shared": "Shared.",
    "ui.net.share_failed": "The reply could not be shared ({why}): copy it instead.",
    "ui.net.reply_select": "Select the reply and copy it (this browser did not let the page copy it).",
    "ui.net.join_wait": "Waiting for the host to take the reply…",
    "ui.net.join_open": "Connected: the host's table is coming…",
    "ui.net.join_failed": "This invitation cannot be used: {reason}",
    "ui.net.lost": "The connection to the host was lost. Ask the host for a new invitation and open it here: your game goes on where it was.",
    "ui.net.lost_reload": "Reloading this page ended its connection to the host. Ask the host for a new invitation (Menu → Other devices → New invitation on their screen) and open it here, or paste it below: your game goes on where it was.",
    "ui.net.kept_refused": "This tab was at a table on another device, but what it kept of that table is not valid (its “{field}” part), so it was dropped: ask the host for a new invitation.",
    "ui.net.invite_paste_label": "A new invitation from the host",
    "ui.net.invite_paste": "Paste the invitation here (j1.… or its link)",
    "ui.net.join": "Join",
    "ui.net.sent": "Sent: waiting for the host…",
    "ui.net.refused": "The host refused that move: {reason}",
    "ui.net.refused_unreadable": "The host refused that move, for a reason this page cannot read ({id}).",
    "ui.net.leave": "Leave the table",
    "ui.level.easy": "Easy",
    "ui.level.normal": "Normal",
    "ui.level.hard": "Hard",
    "ui.level.heuristic": "Heuristic",
    "ui.level.random": "Random",
    "ui.status_thinking": "{name} is thinking…",
    "ui.bot_worker_failed": "The bots' thinking could not start in this browser, so bots set to Normal or Hard play by the heuristic for now.",
    "ui.default_name": "Player {number}",
    "ui.more": "More",
    "ui.seed": "Seed (optional)",
    "ui.seed_placeholder": "any number or word",
    "ui.read_rules": "Read the rules",
    "ui.start": "Start",
    "ui.loading_label": "Loading Python",
    "ui.loading_start": "Loading Python…",
    "ui.loading_bytes": "Loading the Python runtime: {done} of {total} MB ({left} MB to go)",
    "ui.loading_python": "Starting Python… {seconds} s",
    "ui.loading_files": "Unpacking the games…",
    "ui.loading_rules": "Loading the rules…",
    "ui.load_failed": "Python could not start ({reason}). Reload the page to try again.",
    "ui.ready": "Ready.",
    "ui.continue": "Continue: {title}, venue {venue}",
    "ui.continue_round": "Continue: {title}, round {round}",
    "ui.continue_detail": "Players {players} · moves {moves} · saved {when}",
    "ui.update_ready": "A new version is ready.",
    "ui.update_reload": "Reload",
    "ui.update_later": "Later",
    "ui.save_unreadable": "A saved game could not be read. It was set aside, not deleted, and a new game can start.",
    "ui.save_old_version": "A saved game is from an older version of Encore and cannot be resumed. It was set aside, not deleted.",
    "ui.save_refused": "A saved game could not be resumed. {reason} It was set aside, not deleted.",
    "ui.save_set_aside": "A saved game could not be read ({why}). It was set aside, not deleted, and a new game can start.",
    "ui.settings_set_aside": "Your settings could not be read ({why}), so the defaults are used; the old ones were set aside.",
    "ui.why_too_big": "it is too large",
    "ui.why_too_deep": "it is nested too deeply",
    "ui.why_not_json": "it is not valid data",
    "ui.why_wrong_shape": "it is not something this page saves",
    "ui.why_refused": "the rules refused it",
    "ui.stats_unreadable": "These statistics could not be read ({why}), so nothing was changed.",
    "ui.why_bad_result": "its result {n} is not one this page records",
    "ui.stats_record": "{name} in {title}, {table}: played {count}, won {won}, best score {best}.",
    "ui.stats_table": {"one": "solo", "other": "{count} players"},
    "ui.stats_chart": "{name}'s last results in {title}, {table}: each bar a game's score, gold for a win",
    "ui.stats_chart_caption": {"one": "Your last result", "other": "Your last {count} scores, the newest on the right; wins in gold"},
    "ui.stats_open": "Statistics",
    "ui.stats_title": "Statistics on this device",
    "ui.stats_none": "No finished games yet.",
    "ui.stats_practice": "Practice games",
    "ui.stats_col_game": "Game",
    "ui.stats_col_players": "Players",
    "ui.stats_col_played": "Played",
    "ui.stats_col_won": "Won",
    "ui.stats_col_rate": "Win rate",
    "ui.stats_col_mean": "Mean score",
    "ui.stats_col_best": "Best",
    "ui.stats_col_bots": "Against",
    "ui.stats_export": "Export",
    "ui.stats_import": "Import",
    "ui.stats_reset": "Reset",
    "ui.stats_reset_confirm": "Really delete every result? Click again",
    "ui.stats_reset_done": "Every result was deleted.",
    "ui.stats_imported": {"one": "Imported {count} result, in place of the {before} that were here.",
                          "other": "Imported {count} results, in place of the {before} that were here."},
    "ui.stats_same": "These are the statistics already here, so nothing changed.",
    "ui.stats_exported": "Exported to encore-statistics.json.",
    "ui.stats_version": "These statistics come from another version of Encore, so nothing was changed.",
    "ui.store_full": "Saving is paused: this browser's storage for the page is full. Your game goes on, and it is saved again as soon as there is room.",
    "ui.store_off": "This browser does not let the page store anything, so games are not saved.",
    "ui.tab_title": "This game is open in another tab",
    "ui.tab_text": "Play it here (the other tab stops playing it), or start another game in this tab.",
    "ui.tab_here": "Play it here",
    "ui.tab_other": "Start another game",
    "ui.taken_title": "This game is now played in another tab",
    "ui.taken_text": "It was taken over there, so this tab has stopped playing and saving it. Nothing is lost: the other tab saves every move.",
    "ui.taken_leave": "Back to the start screen",
    "ui.house_rule": "House rule",
    "ui.house_rules_head": "Our house rules",
    "ui.rules_doc": "The full rules, with every house rule under its id, are in {path} in Encore's source code.",
    "ui.house_option": "Option: “{option}”, {state}.",
    "ui.default_on": "on by default",
    "ui.default_off": "off by default",
    "ui.default_value": "default: {value}",
    "ui.meta_description": "Four music-themed tabletop games to play in your browser, against bots or friends at one screen, even offline.",
    "ui.house_rules": "House rules",
    "ui.house_changed": "changed: {names}",
    "ui.house_unchanged": "all as by default",
    "ui.option_changed": "changed",
    "ui.rules_games": "Games",
    "ui.rules_contents": "Contents",
    "ui.rules": "Rules",
    "ui.settings": "Settings",
    "ui.bot_pause": "Bots' pause",
    "ui.trick_pace": "A trick won stays on the table for",
    "ui.sound": "Sound (M switches it on and off)",
    "ui.sound_label": "Sound",
    "ui.sound_on": "Sound is on: press to mute (M)",
    "ui.sound_off": "Sound is off: press to switch it on (M)",
    "ui.close": "Close",
    "ui.last_trick": "Last trick",
    "ui.log": "Log",
    "ui.table_heading": "The table",
    "ui.board": "The other players and the centre of the table",
    "ui.log_list": "Game log, oldest first",
    "ui.language": "Language",
    "ui.menu": "Menu",
    "ui.undo": "Undo",
    "ui.menu_title": "Menu",
    "ui.menu_back": "Back to the game",
    "ui.menu_replay": "Replay the game so far",
    "ui.menu_leave": "Leave to the start screen (the game stays saved)",
    "ui.replay": "Replay",
    "ui.replay_watch": "Watch the replay",
    "ui.replay_close": "Close the replay",
    "ui.replay_step": "Replay: move {n} of {total}",
    "ui.replay_start": "To the start",
    "ui.replay_end": "To the end",
    "ui.replay_back": "One move back",
    "ui.replay_forward": "One move forward",
    "ui.replay_play": "▶ Play",
    "ui.replay_pause": "❚❚ Pause",
    "ui.replay_to_play": "{name} to play",
    "ui.hint.best": "Hint: {move}. It leads to {outcome}.",
    "ui.hint.other": "Instead, {move}: {outcome}.",
    "ui.hint.then": "Under the rules: {what}",   # a move's effects, log lines (pygame_rules/hint.py)
    "ui.hint.kept": "No other move did better by more than the sampled deals can tell apart, so the hint keeps {move}, the move the bots' rule of thumb picks here.",
    "ui.hint.samples": "Compared {moves} moves over {count} deals of the cards you cannot see.",   # always 2 deals or more (search.py)
    "ui.hint.only": "Hint: {move} (the only move worth weighing here).",
    "ui.explain.played": "{name}'s move: {move}. By the Hard search's count it led to {outcome}.",
    "ui.explain.only": "{name}'s move: {move} (the only move worth weighing there).",
    "ui.explain.agree": "The Hard search would have made the same move.",
    "ui.explain.search": "The Hard search would have made another: {move}, leading to {outcome}.",
    "ui.explain.samples": "Compared {moves} moves over {count} deals of the cards {name} could not see.",   # always 2 deals or more (search.py)
    "ui.explain_button": "Why this move?",
    "ui.explain_ask": "Ask the Hard search about the move just shown, from the view of the seat that made it",
    "ui.explain_label": "Why this move",
    "ui.hint_button": "Hint",
    "ui.hint_thinking": "Thinking…",
    "ui.hint_label": "Hint",
    "ui.hint_ask": "Ask for a hint: the Hard bot's move from what you can see, and why (H)",
    "ui.hint.failed": "No hint this time: the search did not answer.",
    "ui.hint.no_worker": "Hints need the search helper, which could not start here.",
    "ui.hint.stale": "The game moved on before the hint came.",
    "ui.hint.illegal": "The hint's move is not allowed here, so it is not shown.",
    "ui.stats_won_hinted": "{won} ({hinted} with hints)",
    "ui.stats_record_hints": "{name} in {title}, {table}: played {count}, won {won} ({hinted} with hints), best score {best}.",
    "ui.replay_again": "▶ From the start",
    "ui.replay_speed_word": "Speed",
    "ui.replay_chapter_venue": "Venue",
    "ui.replay_chapter_round": "Round",
    "ui.replay_prev_venue": "To this venue's start, or the previous venue's",
    "ui.replay_next_venue": "To the next venue",
    "ui.replay_prev_round": "To this round's start, or the previous round's",
    "ui.replay_next_round": "To the next round",
    "ui.replay_speed": "Speed {speed}",
    "ui.replay_continue": "Continue this game here",
    "ui.replay_hands": "Everyone's hands",
    "ui.replay_hand_of": "{name}'s hand",
    "ui.share_copy": "Copy link",
    "ui.share_title": "A link to this game",
    "ui.share_text": "Whoever opens this link sees the game as a replay, on their own device: the whole game is in the link, nothing is sent anywhere.",
    "ui.share_text_unfinished": "Whoever opens this link sees the game so far as a replay and can go on with it on their own device. The link holds the whole game, so anyone who reads it could work out every hand.",
    "ui.share_copied": "The link has been copied.",
    "ui.share_select": "Select the link and copy it (this browser did not let the page copy it).",
    "ui.share_label": "Link to this game",
    "ui.link_opened_over": "You opened a link to a finished game of {title}: here is its replay.",
    "ui.link_opened_unfinished": "You opened a link to a game of {title} in progress: here is its replay so far; you may continue it here.",
    "ui.link_refused": "This link could not be opened: {reason} Your saved games are untouched.",
    "ui.teach_start": "Teach me the rules as I play (a short tip the first time each rule comes up)",
    "ui.teach_setting": "Teach me the rules as I play (this game)",
    "ui.teach_label": "Rule tip",
    "ui.teach_rule_open": "Open the rules at “{rule}”",
    "ui.teach_count": "{n} of {total}",
    "ui.teach_got_it": "Got it",
    "ui.teach_never": "Don't show again",
    "ui.teach_off": "Rule tips are off for {title}. You can turn them back on in Settings.",
    "ui.practice_tag": "Practice",
    "ui.practice": "Practice: any move may be taken back (kept apart in the statistics)",
    "ui.your_hand": "Your hand",
    "ui.card_playable": "{card}, playable",
    "ui.card_not_playable": "{card}, not playable now",
    "ui.card_in_hand": "{card}",
    "ui.trick": "The trick",
    "ui.trick_head": "Trick {trick}",
    "ui.trick_won_head": "Trick {trick} · won by {name}",
    "ui.trick_card": "{name} played {card}",
    "ui.trick_waiting": "{name} has not played yet",
    "ui.to_play": "to play",
    "ui.dealer": "dealer",
    "ui.status_over": "The game is over.",
    "ui.status_pass": "Pass the screen to {name}.",
    "ui.status_other": "{name} is playing…",
    "ui.status_tip_wait": "{name} waits until you have read the tip (Got it).",
    "ui.pass_to": "Pass the screen to {name}",
    "ui.pass_hint": "Everyone else, look away: the next screen shows {name}'s hand.",
    "ui.i_am": "I am {name}: show my hand",
    "ui.pending_choice": "Your choice so far",
    "ui.confirm": "Confirm",
    "ui.cancel": "Cancel",
    "ui.no_last_trick": "No trick has been played yet in this venue.",
    "ui.col_player": "Player",
    "ui.col_total": "Total",
    "ui.game_over": "Final result",
    "ui.play_again": "Play again",
    "ui.new_game": "New game",
    "ui.continue_tak": "Continue: Taktvoll, {deck} left in the deck",
    "ui.continue_rc": "Continue: {title}, {scored} of {frets} frets scored",
    "ui.always_claim": "Always claim a chord card as soon as the board matches it (Re-Chord)",
    "ui.list_sep": ", ",
    "ui.stats_sep": " · ",
    "ui.group_sep": "; ",
    },
}

from .messages_ja import JA as _JA        # noqa: E402 (the shared keys in Japanese)

CATALOGUE["ja"] = dict(_JA)

# the plural categories each language's plural dicts must have, and how a count picks one
CATEGORIES = {"en": ("one", "other"), "ja": ("other",)}
PLURAL_RULES = {
    "en": lambda n: "one" if n == 1 and isinstance(n, int) else "other",
    "ja": lambda n: "other",
}


def add(lang, table):
    """Add a table of texts in one language (a game's, when it registers); refuse a key that is
    already there with another text."""
    book = CATALOGUE.setdefault(lang, {})
    clash = sorted(k for k in table if k in book and book[k] != table[k])
    if clash:
        raise ValueError("message keys given twice: %s" % ", ".join(clash))
    book.update(table)


LANGUAGES = ("en", "ja")
_CURRENT = ["en"]               # the language `text` uses when none is given (set_language)


def set_language(lang):
    """Choose the language every message is rendered in from now on (unknown: English);
    returns the one chosen."""
    _CURRENT[0] = lang if lang in LANGUAGES else "en"
    return _CURRENT[0]


def language():
    """The language messages are rendered in now."""
    return _CURRENT[0]


def plural_category(count, lang=None):
    """The CLDR plural category of a count in a language (other, where no rule is known)."""
    rule = PLURAL_RULES.get(lang or _CURRENT[0])
    return rule(count) if rule else "other"


def is_japanese(ch):
    """True for a kana, kanji or full-width character."""
    return "\u3000" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or \
        "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef"


_JAPANESE_RUN = "[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]+"  # is_japanese's ranges
# ^ patterns here are compiled by `re` when first used (and kept in its cache), not at import:
#   the page's start pays for no pattern it does not use


def marked(s):
    """Text made safe inside HTML, its runs of Japanese marked lang="ja" when the page is in
    another language (so they get a Japanese font and voice); NUL characters left out."""
    if _CURRENT[0] == "ja":
        return escape(s)
    if str(s).isascii():
        return escape(s).replace("\0", "")
    return re.sub(_JAPANESE_RUN, lambda run: '<span lang="ja">%s</span>' % run.group(0),
                  escape(s)).replace("\0", "")


def escape(s):
    """Text made safe inside HTML (what html.escape does, without importing html.entities)."""
    return (str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def template(msg_id, params=None, lang=None):
    """The template of a message in a language (None: the current one; a message it lacks:
    English), its plural form chosen."""
    lang = lang or _CURRENT[0]
    table = CATALOGUE.get(lang, {})
    if msg_id not in table:
        table, lang = CATALOGUE["en"], "en"
    entry = table[msg_id]
    if isinstance(entry, dict):
        forms = entry
        entry = forms.get(plural_category((params or {})["count"], lang)) or forms["other"]
    return entry


MINUS = {"ja": "\u2212"}   # the minus sign of a language whose text does not use "-" (−3点)


def text(msg_id, params=None, lang=None):
    """Render one message of the catalogue with its parameters."""
    params = params or {}
    form = template(msg_id, params, lang)
    if (lang or _CURRENT[0]) in MINUS and any(is_negative(v) for v in params.values()):
        return _JA_NUMBERS.vformat(form, (), params)
    if any(isinstance(v, str) and not v.isascii() for v in params.values()):
        return _COLUMNS.vformat(form, (), params)
    return form.format(**params)


def is_negative(value):
    """True for a number below zero (not a bool)."""
    return type(value) in (int, float) and value < 0


def signed(n):
    """A score with its sign and a true minus ("+3", "−3"), as score tables show it."""
    return "%+d" % n if n >= 0 else "\u2212%d" % -n


def number(n):
    """A whole number with a true minus sign when below 0 ("−3"), as score tables show it."""
    return "%d" % n if n >= 0 else "\u2212%d" % -n


def join_list(items, lang=None, key="ui.list_sep"):
    """Texts joined with the language's list separator (", " in English, "、" in Japanese)."""
    return text(key, lang=lang).join(items)


def display_width(s):
    """How many terminal columns a text takes: a wide or full-width character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in s)


# a text's format spec with a width: [[fill]align]width[.precision][s]
_TEXT_SPEC = (r"(?:(?P<fill>.)?(?P<align>[<>^]))?(?P<width>[1-9][0-9]*)"
              r"(?:\.(?P<precision>[0-9]+))?s?\Z")


def pad(value, spec):
    """A text formatted by a spec, padded to its width in display columns (None: not such a spec)."""
    match = re.match(_TEXT_SPEC, spec, re.S)
    if not match:
        return None
    if match["precision"] is not None:
        value = value[:int(match["precision"])]
    fill, gap = match["fill"] or " ", max(0, int(match["width"]) - display_width(value))
    left = {"<": 0, ">": gap, "^": gap // 2}[match["align"] or "<"]
    return fill * left + value + fill * (gap - left)


class ColumnFormatter(string.Formatter):
    """str.format, except that a text parameter with a width is padded by display width."""

    def format_field(self, value, spec):
        """A str with a width spec padded by columns; anything else as format() does it."""
        padded = pad(value, spec) if isinstance(value, str) else None
        return super().format_field(value, spec) if padded is None else padded


class MinusFormatter(ColumnFormatter):
    """ColumnFormatter writing a negative number with Japanese text's minus sign (−3)."""

    def format_field(self, value, spec):
        """The field as ColumnFormatter writes it, a number's "-" made "−"."""
        out = super().format_field(value, spec)
        return out.replace("-", MINUS["ja"]) if is_negative(value) else out


_COLUMNS = ColumnFormatter()
_JA_NUMBERS = MinusFormatter()


def sentence(msg_id, params=None, lang=None):
    """A catalogue message as a sentence: its first letter raised ('the non-player' → 'The …')."""
    line = text(msg_id, params, lang)
    return line[:1].upper() + line[1:]
