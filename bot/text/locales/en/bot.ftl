# Atout's messages, buttons and commands, in English. Fluent syntax: https://projectfluent.org/

game_belote = Belote
game_coinche = Coinche
game_piquet = Piquet
game_briscola = Briscola
game_chiamata = Briscola a chiamata
game_sueca = Sueca
cli_no_token = Atout needs a Discord bot token.

      1. Copy .env.example to .env (cp .env.example .env).
      2. Create an application at https://discord.com/developers/applications, open Bot, press Reset Token and copy it.
      3. Put it in .env as DISCORD_TOKEN=... (or set the DISCORD_TOKEN environment variable).
      4. Run python -m bot again.

    The README section "Running your own Atout" explains how to invite the bot to your server.
cli_bad_token = Discord refused the token in DISCORD_TOKEN (.env or the environment): copy it again from the Developer Portal (Bot → Reset Token).
cli_no_network = Atout cannot reach Discord ({ $reason }): check this machine's network connection and try again.
cli_intents = Discord refused a gateway intent: Atout needs none of the privileged intents; check the application's Bot settings.
cli_discord_error = Discord answered with an error ({ $status }: { $reason }); try again in a moment.
cli_no_database = Atout cannot open its database { $where } ({ $reason }): check ATOUT_DB (a SQLite file path, or postgresql://user:password@host:port/database) and that the database server is running.
cli_no_sqlite = Atout cannot open its SQLite database { $where } ({ $reason }): check ATOUT_DB, the path of a file in a folder Atout may write (a new name makes a new database).
cli_not_sqlite = ATOUT_DB names { $where }, which is not Atout's SQLite database ({ $reason }): give the path of Atout's database file (a new name makes a new one), or a postgresql:// URL.
cli_ai_pause = ATOUT_AI_PAUSE must be a number of seconds between 0 and 60, not { $value }
cli_image_processes = ATOUT_IMAGE_PROCESSES must be a number of drawing processes between 0 and { $most } (0 draws in threads), not { $value }
cli_review_processes = ATOUT_REVIEW_PROCESSES must be a number of review processes between 0 and { $most } (0 reviews in a thread), not { $value }
cli_discord_rate = ATOUT_DISCORD_RATE must be a number of requests a second between 0 and { $most } (0: no limit), not { $value }
cli_db_url = ATOUT_DB must be the path of a SQLite file or a postgresql:// URL, not { $value }
action_pass = Pass
action_coinche = Coinche
action_surcoinche = Surcoinche
action_take = Take { $trump }
action_name = { $trump }
action_exchange_marked = { $count ->
    [one] Exchange { $count } card
   *[other] Exchange { $count } cards
}
action_exchange_range = Mark { $low } to { $high } cards to exchange
action_call_placeholder = Call a rank
action_trump_placeholder = Name trumps
action_level_placeholder = Bid level
action_bid_suit = Bid { $value } { $trump }
bid_capot = Capot
denomination_NT = No trumps (SA)
denomination_AT = All trumps (TA)
bid_generale = Générale
call_points = { $rank }, { $points } points
event_trick = { $name } won the trick
event_play = { $name } played { $card }
event_pass = { $name } passed
event_take = { $name } took { $trump }
event_bid = { $name } bid { $value } { $trump }
event_coinche = Coinched by { $name }
event_surcoinche = Surcoinched by { $name }
event_call = { $name } called { $rank }
event_call_points = { $name } called { $rank } for { $points }
event_trump = { $name } named { $suit }
event_trump_called = { $name } named { $suit }: the called card is { $card }
event_exchange = { $name } exchanged { $count }
event_belote = Belote for { $name }
event_rebelote = Rebelote for { $name }
event_redeal = Everybody passed: new deal
turn_take = { $name } to take or pass
turn_bid = { $name } to bid
turn_exchange = { $name } to exchange
turn_trump = { $name } to name trumps
turn_play = { $name } to play
turn_act = { $name } to act
status_over = Game over
status_dealing = Dealing…
deal_summary_title = **Deal { $number }**
deal_passed_out = Everybody passed.
deal_card_points = Card points: { $points }
deal_scores = This deal: { $scores }
deal_melds = Melds: { $scores }
deal_belote = Belote: { $scores }
deal_totals = Score: { $scores }
side_score = { $side }: { $score }
team_members = { $team } ({ $names })
result_winners = { $count ->
   *[other] **Game over — { $names } won!**
}
result_no_winner = **Game over — nobody won.**
table_header = Table { $id }
button_hand = Hand
button_last_trick = Last trick
ping_turn = { $mention }, your turn
hand_your_turn = Table { $id }: your turn.
prompt_bid = Bid to beat: { $bid } ({ $name }).
prompt_call = Standing call: { $rank } ({ $name }). A lower card is a higher call: call under it, or pass.
prompt_call_first = A lower card is a higher call: calling { $first } bids least, calling { $last } bids most.
prompt_trump = You called { $rank }: name the briscola — whoever holds { $rank } of that suit is your partner.
prompt_trump_alone = You hold { $card }: naming its suit means playing alone.
trump_alone = you hold it: you play alone
hand_waiting = Table { $id }: waiting for { $name }.
hand_over = Table { $id }: the game is over.
lobby_title = **{ $game }** — table { $id }
lobby_rules = Rules: { $rules }
lobby_here = this channel
lobby_started = The game has started in { $where }.
seat_line = Seat { $number }: { $who }
seat_empty = (empty)
seat_computer = { $name } ({ $level })
seat_team = — team { $team }
computer_name = Computer { $number }
level_easy = easy
level_normal = normal
level_hard = hard
button_join = { $count ->
    [one] Join · { $count } seat free
   *[other] Join · { $count } seats free
}
button_leave = Leave
button_addbot = Add computer player
button_rmbot = Remove computer player
button_house = House rules
button_start = Start
addbot_choose = Which level for this computer player?
addbot_done = { $name } ({ $level }) sits down.
rules_title = House rules of this table: pick a rule to change it.
rule_pick = Rule to change
rule_current = Now: { $value } — { $help }
rule_more = More rules…
rule_value = **{ $key }** — { $help }
rule_set = { $key }: now { $value }.
table_rules_title = House rules of table { $id } ({ $game }):
table_rules_line = { $key }: { $value }
table_left = You left table { $id }; { $name } plays your seat until you come back (/table rejoin).
table_abandoned = Table { $id } was abandoned.
table_abandon_vote = Vote recorded: { $votes ->
    [one] { $votes } of { $needed } players wants
   *[other] { $votes } of { $needed } players want
} to abandon table { $id }.
table_export_name = Record of table { $id }.
error_no_table = That table does not exist.
error_table_needed = Use this in the table's thread, or give `table:<id>`.
error_not_seated = You are not at this table.
error_stale = That hand is out of date — press Hand for a fresh one.
error_not_your_turn = It is not your turn.
error_not_playing = This table is not in play.
error_illegal = Not allowed: { $reason }.
error_no_last_trick = No trick has been played yet.
error_malformed = That button is not one of Atout's.
error_options = Those rules cannot be used: { $reason }.
error_guild_only = Atout tables live in servers, not in direct messages.
error_lobby_closed = This table has already started.
error_already_seated = You already have a seat at this table.
error_lobby_full = Every seat is taken.
error_no_computer = There is no computer player to remove.
error_lobby_not_full = Every seat must be filled first.
error_no_human = A table needs at least one person: take a seat (Join) before starting.
error_not_away = You have no seat to take back at this table.
table_left_public = { $mention } left the table: { $name } plays the seat until they come back.
button_rejoin = Take my seat back
away_timer = { $mention } missed { $turns } turns in a row: { $name } plays the seat until they come back (Take my seat back, or /table rejoin).
table_deserted = Nobody is left at the table: the computers wait, and the table ends in { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} unless somebody comes back.
rejoined = You have your seat back at table { $id }: press Hand.
rejoined_public = { $mention } is back at the table.
lobby_expired = This lobby was closed: it did not start within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}.
table_expired = Table { $id } has ended: nobody came back within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}.
ping_reminder = { $mention }, half your time is gone: { $seconds } s left to play.
ping_press_hand = — press Hand for your cards.
table_moved = Table { $id } moved here: its thread is gone or closed to the bot.
cmd_table_rejoin = Take back the seat you left, or that the turn timer gave to a computer player
error_addbot_used = That computer player is already seated; press Add computer again for another.
thread_name = { $game } #{ $id } — { $names }
error_bad_level = Unknown level.
error_starter_only = Only the player who opened the table can do that.
error_abandon_rights = Only the player who opened the table, or most of the players, can abandon it.
error_internal = Something went wrong; the table is safe. Please try again.
error_storage = Your move could not be recorded, so nothing changed. Please try again.
table_thinking = { $name } is thinking…
cmd_belote = Belote: four players, two against two, with a turned-up card
cmd_coinche = Coinche: Belote with an auction and doubling
cmd_piquet = Piquet: the classic two-player game
cmd_briscola = Briscola for 2, 3, 4 or 6 players
cmd_chiamata = Briscola a chiamata: five players and a secret partner
cmd_sueca = Sueca: four players, two against two
cmd_table = The table you are playing at
cmd_start_belote = Open a Belote table
cmd_start_coinche = Open a Coinche table
cmd_start_piquet = Open a Piquet table
cmd_start_briscola = Open a Briscola table
cmd_start_chiamata = Open a Briscola a chiamata table
cmd_start_sueca = Open a Sueca table
cmd_table_hand = See your hand (only you can see it)
cmd_table_leave = Leave the table; a computer player takes your seat
cmd_table_abandon = Abandon the table (its starter, or most of its players)
cmd_table_export = The game record as a JSON file
cmd_table_rules = The house rules of the table
opt_table = Table number (not needed inside the table's thread)
opt_level = Level of the computer players
opt_target_score = Points to reach to win the game
opt_melds_enabled = Melds (declarations) in use
opt_round2_sa_ta = No trump (SA) and all trump (TA) may be named in round 2
opt_sa_ta_enabled = No trump (SA) and all trump (TA) may be bid
opt_scoring_mode = First to the target, or the six-hand Rubicon partie
opt_games_to_win_match = Games needed to win the match
opt_seats = Number of players
opt_hands_to_win = Hands needed to win the match
opt_match_deals = Deals in a match
opt_bidding = Auction form
opt_games_to_win = Games needed to win the match
opt_deck_style = How the cards are drawn
deck_auto = usual deck of the game
deck_french = French (2 colours)
deck_french4 = French (4 colours)
deck_italian = Italian
action_keep_hand = Keep my hand
opt_turn_timer = Time to play before a computer player plays that turn for you
timer_off = no timer
timer_seconds = { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}
ping_turn_timed = { $mention }, your turn ({ $seconds } s)
table_left_lobby = You left the lobby of table { $id }.
event_declarer = { $name } won the auction with { $rank }
event_partner = { $name } played the called card: { $name } is the partner
event_alone = { $name } played the called card: alone against four
event_declaration_good = { $what }? Good: { $name } +{ $points }
event_declaration_not_good = { $category }? Not good: { $what }, { $name } +{ $points }
event_declaration_equal = { $category }? Equal
event_carte_blanche = Carte blanche for { $name }
event_pique = Pique for { $name }
event_repique = Repique for { $name }
deal_tricks = Tricks: { $points }
result_games_won = Games won: { $scores }
value_on = on
value_off = off
hand_not_updated = Done — your move is on the table. Press Hand for your new hand.
error_setting = `{ $key }` cannot be { $value }: pick one of the offered values.
action_call_range = Call { $first } to { $last } points
deal_contract = Contract: { $contract } by { $name } — { $outcome }
outcome_success = made
outcome_failure = failed
outcome_litige = tied (litige): the points wait for the next deal
deal_call = { $name } called { $card } — { $partner }; { $points ->
    [one] { $points } point
   *[other] { $points } points
} ({ $target } needed): { $outcome }
deal_partner = { $name } was the partner
deal_alone = alone
deal_sweep = Clean sweep!
rule_first_deal_packets = First deal packets
rule_help_first_deal_packets = How the first five cards are dealt: 3 then 2, or 2 then 3
rule_value_first_deal_packets_3-2 = 3 then 2
rule_value_first_deal_packets_2-3 = 2 then 3
rule_redeal_by = Dealer after a redeal
rule_help_redeal_by = Who deals when everybody passed twice
rule_value_redeal_by_next_dealer = the next player deals
rule_value_redeal_by_same_dealer = the same dealer deals again
rule_round2_sa_ta = SA/TA in round 2
rule_help_round2_sa_ta = Whether no trumps (SA) and all trumps (TA) may be named in the second round
rule_la_vache = La vache
rule_help_la_vache = The dealer must take in round 2 if everyone else passed
rule_trump_lead_overtrump = Beat a led trump
rule_help_trump_lead_overtrump = Whether you must play a higher trump when trumps are led
rule_value_trump_lead_overtrump_always = always
rule_value_trump_lead_overtrump_never = never
rule_value_trump_lead_overtrump_not_over_partner = not when your partner is winning
rule_must_undertrump = Undertrump
rule_help_must_undertrump = Whether you must play a lower trump when you cannot beat an opponent's trump
rule_partner_winning_trump = Trumping your partner's trick
rule_help_partner_winning_trump = When your partner is winning, a trump you play must beat theirs, or may be any
rule_value_partner_winning_trump_overtrump_only = must beat it
rule_value_partner_winning_trump_free = any trump
rule_melds_enabled = Melds
rule_help_melds_enabled = Whether sequences and four of a kind are declared and scored
rule_meld_card_reuse = One card in two melds
rule_help_meld_card_reuse = Whether a card may count in a four of a kind and a sequence at once
rule_hundred_priority = 100 meld priority
rule_help_hundred_priority = Which wins between a four of a kind worth 100 and a run of five
rule_value_hundred_priority_carre = four of a kind wins
rule_value_hundred_priority_sequence = the run wins
rule_meld_tie = Equal melds
rule_help_meld_tie = What happens when the two best melds are equal
rule_value_meld_tie_void = nobody scores them
rule_value_meld_tie_first_declarer = the first to declare scores
rule_sa_nine_carre = Four 9s in SA
rule_help_sa_nine_carre = Whether four 9s are a 100 meld in no trumps (SA)
rule_belote_king_first = Belote: king first
rule_help_belote_king_first = Whether the belote counts only if the king is played before the queen
rule_ta_belote = Belote in TA
rule_help_ta_belote = In all trumps (TA), whether every suit's king and queen make a belote
rule_value_ta_belote_each_suit = in every suit
rule_value_ta_belote_none = no belote
rule_carre_values = Four of a kind values
rule_help_carre_values = Whether four of a kind values follow the contract (SA: A 200, 10 150) or stay fixed (J 200, 9 150, others 100)
rule_value_carre_values_by_contract = follow the contract
rule_value_carre_values_fixed = fixed (J 200, 9 150, others 100)
rule_belote_protected = Belote kept
rule_help_belote_protected = Whether the belote stays with its team when the contract fails or ties
rule_success_basis = What makes a contract
rule_help_success_basis = What counts when checking that the takers made their contract
rule_value_success_basis_all = everything
rule_value_success_basis_cards_belote = cards and belote
rule_value_success_basis_cards = cards only
rule_value_success_basis_cards_melds = cards and melds
rule_sa_card_multiplier = SA card points
rule_help_sa_card_multiplier = Whether card points are doubled in no trumps (SA)
rule_value_sa_card_multiplier_1 = normal
rule_value_sa_card_multiplier_2 = doubled
rule_ta_card_multiplier = TA card points
rule_help_ta_card_multiplier = Whether card points are doubled in all trumps (TA)
rule_value_ta_card_multiplier_1 = normal
rule_value_ta_card_multiplier_2 = doubled
rule_capot_takes_melds = Capot takes the melds
rule_help_capot_takes_melds = Whether a team that wins no trick gives its melds to the other
rule_rounding = Score rounding
rule_help_rounding = How the scores written down are rounded
rule_value_rounding_none = not rounded
rule_value_rounding_half_down = to the nearest 10, halves down
rule_value_rounding_six_split = to the nearest 10, 6 rounds up
rule_value_rounding_half_up_10 = to the nearest 10, halves up
rule_target_score = Target
rule_help_target_score = The score that wins the game
rule_capot_win_disallowed = No win on a capot
rule_help_capot_win_disallowed = Whether a game may not be won by a capot deal
rule_deal_packets = Deal packets
rule_help_deal_packets = How the eight cards are dealt
rule_value_deal_packets_3-2-3 = 3, 2, then 3
rule_value_deal_packets_3-3-2 = 3, 3, then 2
rule_value_deal_packets_2-3-3 = 2, 3, then 3
rule_sa_ta_enabled = SA/TA bids
rule_help_sa_ta_enabled = Whether no trumps (SA) and all trumps (TA) may be bid
rule_sa_ta_scale = SA/TA scoring
rule_help_sa_ta_scale = How card points are counted in no trumps (SA) and all trumps (TA)
rule_value_sa_ta_scale_card_values_162 = scaled to 162 points
rule_value_sa_ta_scale_proportional = in proportion
rule_value_sa_ta_scale_raw = as counted
rule_capot_coinchable = Coinche a capot
rule_help_capot_coinchable = Whether a capot (or générale) bid may be coinched
rule_generale_enabled = Générale
rule_help_generale_enabled = Whether a player may bid to win every trick alone
rule_generale_value = Générale value
rule_help_generale_value = Points a générale is worth
rule_contract_basis = What makes a contract
rule_help_contract_basis = What counts when checking that the takers made their contract
rule_value_contract_basis_all = everything
rule_value_contract_basis_cards_belote = cards and belote
rule_value_contract_basis_cards = cards only
rule_value_contract_basis_cards_melds = cards and melds
rule_eighty_needs_82 = 80 needs 82
rule_help_eighty_needs_82 = Whether an 80 contract needs 82 points
rule_success_needs_more = Outscore the defenders
rule_help_success_needs_more = Whether the takers must also score more than the defenders
rule_scoring_method = Scoring method
rule_help_scoring_method = How a made contract is scored
rule_value_scoring_method_standard = points made plus the bid
rule_value_scoring_method_bonus_only = the bid only
rule_value_scoring_method_belote_plus_bonus = the bid plus the belote
rule_unbid_capot = Capot without a bid
rule_help_unbid_capot = What winning every trick on a numbered contract is worth
rule_value_unbid_capot_bonus = a bonus
rule_value_unbid_capot_replaces_cards = 250 instead of the cards
rule_value_unbid_capot_none = nothing more
rule_failed_contract_melds = Melds on a failed contract
rule_help_failed_contract_melds = Who keeps the melds when a contract fails
rule_value_failed_contract_melds_defenders_own = each keeps its own
rule_value_failed_contract_melds_all_to_defenders = all go to the defenders
rule_value_failed_contract_melds_none = nobody scores them
rule_multiply_belote = Coinche doubles the belote
rule_help_multiply_belote = Whether the belote is multiplied with the contract
rule_rules_era = Rules era
rule_help_rules_era = Which historical rule set is played
rule_value_rules_era_modern = modern
rule_value_rules_era_old = old
rule_value_rules_era_c17 = 17th century
rule_scoring_mode = Game format
rule_help_scoring_mode = A game to a target, or a Rubicon partie of six hands
rule_value_scoring_mode_target = to a target
rule_value_scoring_mode_rubicon = Rubicon partie
rule_games_to_win_match = Games to win
rule_help_games_to_win_match = Games (or Rubicon parties) needed to win the match
rule_deal_packet = Deal packets
rule_help_deal_packet = How many cards are dealt at a time
rule_value_deal_packet_2 = 2 at a time
rule_value_deal_packet_3 = 3 at a time
rule_younger_min_exchange = Younger must exchange
rule_help_younger_min_exchange = Whether the younger hand must exchange at least one card
rule_value_younger_min_exchange_1 = at least one card
rule_value_younger_min_exchange_0 = may keep the hand
rule_talon_view = Looking at the talon
rule_help_talon_view = Who may look at the talon cards left over
rule_value_talon_view_modern = modern rule
rule_value_talon_view_parlett = Parlett's rule
rule_discard_view = Looking at discards
rule_help_discard_view = Whether a player may look at his own discards
rule_value_discard_view_none = no
rule_value_discard_view_own = yes, his own
rule_last_trick_point_on_capot = Last trick on a capot
rule_help_last_trick_point_on_capot = Whether the last trick still scores its point when all 12 are won
rule_old_last_trick_needs_ten = Last trick needs a 10
rule_help_old_last_trick_needs_ten = Whether the last trick's point needs a 10 or higher
rule_three_player_removed_card = Card removed for three
rule_help_three_player_removed_card = Which 2 leaves the deck with three players
rule_value_three_player_removed_card_2C = 2 of bastoni
rule_value_three_player_removed_card_2H = 2 of coppe
rule_value_three_player_removed_card_2D = 2 of denari
rule_value_three_player_removed_card_2S = 2 of spade
rule_trump_card_source = Trump card
rule_help_trump_card_source = Which card is turned up for trumps
rule_value_trump_card_source_next_card = the card after the deal
rule_value_trump_card_source_bottom_card = the bottom card
rule_tie_rule = A tied hand
rule_help_tie_rule = What a 60–60 hand gives
rule_value_tie_rule_draw = a draw
rule_value_tie_rule_last_trick = a win for the last trick's winner
rule_hands_to_win = Hands to win
rule_help_hands_to_win = Hands a side needs to win the match
rule_partners_view_after_stock = Partners see hands
rule_help_partners_view_after_stock = Whether partners see each other's hands once the stock is empty
rule_bidding = Auction
rule_help_bidding = How the auction is bid
rule_value_bidding_rank_only = by rank
rule_value_bidding_two_then_points = by rank, then by points
rule_follow_rule = Following suit
rule_help_follow_rule = Whether players must follow the suit led
rule_value_follow_rule_must_follow = must follow
rule_value_follow_rule_free = free
rule_first_lead = First lead
rule_help_first_lead = Who leads the first trick
rule_value_first_lead_eldest = the player after the dealer
rule_value_first_lead_declarer = the declarer
rule_cappotto_basis = Cappotto
rule_help_cappotto_basis = What counts as a cappotto
rule_value_cappotto_basis_points = all the points
rule_value_cappotto_basis_tricks = all the tricks
rule_match_deals = Deals
rule_help_match_deals = Deals in a match
rule_trump_card = Trump card
rule_help_trump_card = Which of the dealer's cards sets trumps
rule_value_trump_card_dealer_last = the dealer's last card
rule_value_trump_card_dealer_first = the dealer's first card
rule_games_to_win = Games to win
rule_help_games_to_win = Games a team needs to win the match
rule_bandeira = Bandeira
rule_help_bandeira = What winning all ten tricks gives
rule_value_bandeira_match = the match
rule_value_bandeira_four_games = four games
rule_draw_bonus = A 60–60 hand
rule_help_draw_bonus = What a drawn hand carries to the next
rule_value_draw_bonus_carry_one = one more game to the next winner
rule_value_draw_bonus_none = nothing
rules_summary_target = { $game } to { $target } points
rules_summary_hands = { $game }, first to { $count ->
    [one] { $count } hand
   *[other] { $count } hands
}
rules_summary_games = { $game }, first to { $count ->
    [one] { $count } game
   *[other] { $count } games
}
rules_summary_deals = { $game } over { $count ->
    [one] { $count } deal
   *[other] { $count } deals
}
rules_summary_match = { $game }, first to { $count ->
    [one] { $count } game
   *[other] { $count } games
}
rules_summary_rubicon = { $game }, Rubicon partie
rules_melds_on = melds on
rules_melds_off = no melds
rules_sa_ta_on = SA/TA allowed
rules_sa_ta_off = no SA/TA
rules_changed = { $label }: { $value }
computer_rated = Computer ({ $level })
rating_provisional = { $rating } (provisional)
rating_provisional_mark = (provisional)
rating_change = { $name } { $before } → { $after } ({ $delta })
ratings_title = **Ratings**
ratings_unrated = Unrated table: no rating moved.
board_title = { $game } — leaderboard
board_subtitle = { $period } · page { $page } of { $pages }
period_all = All time
period_30d = Last 30 days
board_you = You: { $line }
board_line = { $rank }. { $name } — { $rating } · { $games } · { $rate }% won
board_empty = No rated { $game } game in this server yet — `{ $command }` starts one!
board_empty_period = No rated { $game } game in this server in the last 30 days — `{ $command }` starts one!
error_page = There is no page { $page }: this leaderboard has { $pages ->
    [one] { $pages } page
   *[other] { $pages } pages
}.
error_manage_server = Only members with the Manage Server permission can do that.
stats_title = **Stats of { $name }**
stats_not_rated = not rated since the last reset
stats_rank = , rank { $rank } of { $of }
stats_line = { $game }: { $rating }{ $rank } — { $games }, { $wins } won ({ $rate }%)
stats_partner = Best partner: { $name } ({ $wins } won of { $games } together)
stats_opponent = Toughest opponent: { $name } ({ $wins } won of { $games } against)
stats_chart_title = { $name } — rating
stats_none_own = You have no rated game in this server yet — `/coinche start`, `/belote start` or any other game is a good way to begin!
stats_none = { $name } has no rated game in this server yet.
stats_none_own_game = You have no rated { $game } game in this server yet — `{ $command }` starts one!
stats_none_game = { $name } has no rated { $game } game in this server yet.
history_title = **Last games of { $name }**
history_line = { $number }. { $when } { $game }, table { $id } — { $players } — { $result }
history_abandoned = abandoned
history_left = left during play (a loss)
history_won = won
history_tie = tie
history_lost = lost
history_rated = { $outcome }, { $before } → { $after } ({ $delta })
history_unrated = { $outcome }, unrated
button_previous = Previous
button_next = Next
button_record = Record { $number }
button_reset = Reset the ratings
button_play_unrated = Play unrated
button_play_rated = Play rated
reset_confirm = Reset every { $game } rating of this server? Everybody starts again at 1,000; the history of games stays.
reset_done = The { $game } ratings of this server are reset ({ $count ->
    [one] { $count } player
   *[other] { $count } players
}). The history of games stays.
settings_show = Computer players on leaderboards: { $computers }. `/atout settings show_computers:` changes it.
settings_yes = shown
settings_no = hidden
lobby_rated = Rated: the result moves the players' ratings.
lobby_unrated = Unrated: this game moves no rating.
cmd_leaderboard = The best players of this server at a game
cmd_stats = Games, wins, rating and rank per game, with a rating chart
cmd_history = The last games of a player, with their records
cmd_atout = Atout's settings for this server (Manage Server)
cmd_ratings_reset = Reset this server's ratings at a game (asks for confirmation)
cmd_atout_settings = Show or change this server's settings
opt_game = The game
opt_game_any = Only this game (default: every game)
opt_period = All time, or the players of the last 30 days
opt_page = The page to show (10 players a page)
opt_user = Whose (default: you)
opt_show_computers = Show computer players on leaderboards
history_versus = {" "}vs{" "}
count_games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
opt_language = Language of the table (default: this server's)
opt_server_language = Default language of new tables in this server
settings_language = Language of new tables: { $language }. `/atout settings language:` changes it.
language_en = English
language_fr = Français
language_it = Italiano
language_pt-PT = Português (Portugal)
language_pt-BR = Português (Brasil)
language_ja = 日本語
trump_short_NT = SA
trump_short_AT = TA

## Server challenges (docs/challenges.md)
cmd_challenge = Server challenges: everybody plays the same deals
cmd_challenge_new = Start a challenge in this channel (Manage Server, or the challenge role)
cmd_challenge_daily = Post a challenge of a game here every day, or stop doing so
cmd_challenge_play = Play a challenge's deals, privately (or go back to where you stopped)
cmd_challenge_standings = The standings of a challenge
cmd_challenge_results = Your results, or everybody's on a deal you have played
cmd_challenge_export = The records of the deals you played in a challenge
cmd_challenge_role = The role whose members may start challenges (Manage Server)
opt_challenge = Challenge number (default: this server's latest)
opt_challenge_deals = Number of deals, 1 to 24
opt_challenge_closes_in = How long it stays open
opt_challenge_rules = Other house rules, as key=value pairs (e.g. sa_ta_enabled=true)
opt_challenge_daily = Start or stop the daily challenge
opt_challenge_deal = A deal's number: everybody's results on it
opt_challenge_role = The role (leave it out: Manage Server only)
challenge_close_hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
challenge_close_days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
challenge_daily_start = Start
challenge_daily_stop = Stop
challenge_title = Challenge #{ $id } — { $game }
challenge_card_setup = { $count ->
    [one] { $count } deal
   *[other] { $count } deals
} · { $seats } players · you hold seat 1 on every deal, computer players (hard) the others
challenge_card_rules = House rules: { $rules }
challenge_card_how = Everybody plays the same deals against the same computer opponents; each deal is scored against everybody else's result on it.
challenge_card_how_partner = Everybody plays the same deals with the same computer partner and opponents; each deal is scored against everybody else's result on it.
challenge_card_players = Players: { $started } · finished: { $finished }
challenge_card_winner = { $count ->
    [one] Winner
   *[other] Winners
}: { $name } ({ $percent })
challenge_card_closes = Closes { $when } ({ $left }). One attempt each: Play opens your private table.
challenge_card_closed = Closed { $when }.
button_challenge_play = Play
button_challenge_standings = Standings
challenge_created = Challenge #{ $id } is open until { $when }.
challenge_none = There is no challenge on this server yet: `/challenge new` starts one.
challenge_unknown = There is no challenge #{ $id } on this server.
challenge_closed = Challenge #{ $id } is closed: `/challenge standings` shows how it ended.
challenge_done_already = You have played challenge #{ $id } already (one attempt each): `/challenge results` shows your deals.
challenge_table_in_thread = Your table for challenge #{ $id } is in { $thread }: deal { $number } of { $total }.
challenge_thread_name = Challenge #{ $id } — { $name }
challenge_deal_start = **{ $title }** · deal { $number } of { $total }
challenge_summary_title = **Deal { $number } of { $total }**
challenge_hand_done = Deal { $number } of { $total } is played out.
challenge_table_done = This deal is over.
challenge_deal_done = **Deal { $number } of { $total } is over**: { $result }
challenge_field_unit_points = -# Each result is the card points the player's side took.
challenge_field_line_plain = { $rank } { $name } — { $score } · { $percent }
challenge_field_par_plain = Par (the hard computer in your seat): { $score }
challenge_par_only = Par: the hard computer in your seat made { $par } on this deal.
challenge_par_same = Par: the hard computer in your seat made { $par } on this deal, exactly as you did.
challenge_par_worse = Par: the hard computer in your seat made { $par } on this deal; you did { $count ->
    [one] { $diff } point
   *[other] { $diff } points
} worse.
challenge_par_better = Par: the hard computer in your seat made { $par } on this deal; you did { $count ->
    [one] { $diff } point
   *[other] { $diff } points
} better.
challenge_result_own = you scored { $score } on this deal.
challenge_result_sides = your side scored { $mine } and the other side { $theirs }, so your result is { $score }.
challenge_result_points = your side took { $score } card points.
challenge_standings_unplayed = The standings count only the deals you have finished, so that nobody learns a deal before playing it: finish deal 1 of challenge #{ $id } first (Play, on its card).
challenge_standings_sealed = -# { $count ->
    [one] Only the deal you have finished counts here
   *[other] Only the { $count } deals you have finished count here
} (of { $total }): everybody's results on the others stay hidden until you play them or the challenge closes.
challenge_standings_you_tied = You: rank { $rank } of { $players } (tied) · { $percent } · { $par } against par · { $total ->
    [one] { $done } of { $total } deal played
   *[other] { $done } of { $total } deals played
}
challenge_deal_par_pending = The par of this deal is still being worked out.
challenge_deal_field = { $percent } of the matchpoints against { $count ->
    [one] the player
   *[other] the { $count } players
} who played it before you.
challenge_deal_alone = Nobody else has played this deal yet.
challenge_attempt_done = **Challenge complete**: { $percent } average · { $par } against par. `/challenge standings` and `/challenge results` show how everybody did.
challenge_closed_now = Challenge #{ $id } has closed: the deals you finished count, the others are not played.
challenge_par_name = Computer (hard)
challenge_standings_subtitle = { $count ->
    [one] { $count } player
   *[other] { $count } players
} · page { $page }/{ $pages }
challenge_standings_open = closes { $left }
challenge_standings_final = final standings
challenge_standings_you = You: rank { $rank } of { $players } · { $percent } · { $par } against par · { $total ->
    [one] { $done } of { $total } deal played
   *[other] { $done } of { $total } deals played
}
challenge_standings_note = -# Matchpoints: on each deal, 1 for every player you beat and ½ for every tie, as a percentage. Everybody is averaged over the same deals (a deal not played counts 0%); equal averages are ranked by the result against par per deal played (the hard computer in your seat).
challenge_standings_missed = -# You played { $done } of the { $total } deals: each deal you did not play counts 0%.
challenge_attempt_alone = **Challenge complete**: nobody else has played it yet, so there are no matchpoints to compare · { $par } against par. `/challenge standings` ranks you as others play.
challenge_standings_empty = Nobody has finished a deal of challenge #{ $id } yet.
challenge_heading_rank = #
challenge_heading_player = Player
challenge_heading_deals = Deals
challenge_heading_percent = Matchpoints
challenge_heading_par = ± par
challenge_results_title = **{ $title }** — your deals
challenge_results_line = Deal { $number }: { $score } · par { $par } · { $percent } ({ $count ->
    [one] { $count } player
   *[other] { $count } players
})
challenge_results_unplayed = Deal { $number }: not played yet
challenge_results_hint = `/challenge results deal:` shows everybody's result on a deal you have played.
challenge_results_none = You have not finished a deal of challenge #{ $id } yet.
challenge_results_locked = You will see everybody's results on deal { $number } once you have played it.
challenge_field_title = **{ $title }**, deal { $number }: { $count ->
    [one] { $count } player
   *[other] { $count } players
}
challenge_field_par = Par (the hard computer in your seat): { $detail } → { $score }
challenge_field_line = { $rank } { $name } — { $detail } → { $score } · { $percent }
challenge_export_none = You have not finished a deal of challenge #{ $id } yet.
challenge_export_name = Your deals of challenge #{ $id }, one record each (`python -m games replay` replays them).
challenge_daily_on = A { $game } challenge will be posted in { $channel } every day, starting now.
challenge_daily_off = No more daily { $game } challenges.
challenge_daily_none = There was no daily { $game } challenge on this server.
challenge_role_set = Members with { $role } may now start challenges.
challenge_role_cleared = Only members with Manage Server may start challenges now.
error_challenge_rights = Only members with Manage Server (or the role `/challenge role` names) can do that.
error_challenge_deals = A challenge has 1 to { $most } deals, not { $value }.
error_challenge_closes = A challenge stays open for one of the durations offered, not { $value ->
    [one] { $value } hour
   *[other] { $value } hours
}.
error_challenge_deal = Challenge #{ $id } has deals 1 to { $most }.
error_challenge_rule_text = Write the house rules as key=value pairs, e.g. sa_ta_enabled=true target_score=1000 (not “{ $text }”).
error_challenge_table = This table is a deal of a challenge: it is played from `/challenge play`, and cannot be left or abandoned.

## Deal review (issue 23)
button_review = Review my play
review_select = Review my play: choose a deal
review_select_deal = Deal { $deal }
review_title = **Your play in deal { $deal }** — { $game }, table { $table }
review_mistakes = { $mistakes ->
    [one] **{ $mistakes } mistake**
   *[other] **{ $mistakes } mistakes**
} in { $count ->
    [one] { $count } decision
   *[other] { $count } decisions
}, which cost { $costs }.
review_cost_together = Together: { $total }.
review_cost_overlap = Together: about { $total }, the largest of the auction's choices with the play's added (choices of one auction overlap: they are not added up).
review_no_mistake = **No mistake** in { $count ->
    [one] { $count } decision
   *[other] { $count } decisions
}: none cost more than { $cost } on average.
review_unlucky_count = { $count ->
    [one] One choice was unlucky
   *[other] { $count } choices were unlucky
}: as good as any over the deals you could face, beaten only in the real deal.
review_only_some = { $count ->
    [one] The one that matters most is below.
   *[other] The { $count } that matter most are below.
}
review_list_separator = {", "}
review_list_last = {" and "}
review_well_played = { $count ->
    [one] **Well played!** Your one decision cost no more than { $cost }.
   *[other] **Well played!** None of your { $count } decisions cost more than { $cost }.
}
review_moment_trick = Trick { $trick }
review_moment_auction = Auction
review_line_card = You played { $choice }; { $best } would have been better in { $share } of the deals you could face: it cost you { $cost } on average.
review_line_action = You chose { $choice }; { $best } would have been better in { $share } of the deals you could face: it cost you { $cost } on average.
review_line_card_exact = You played { $choice }; { $best } was better by { $cost } (every card was known).
review_line_action_exact = You chose { $choice }; { $best } was better by { $cost } (every card was known).
review_line_card_unlucky = You played { $choice }, and you could not know: { $best } did better only in the real deal, by { $cost }. Over the deals you could face, your card was as good.
review_line_action_unlucky = You chose { $choice }, and you could not know: { $best } did better only in the real deal, by { $cost }. Over the deals you could face, your choice was as good.
review_cost_points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
review_cost_card_points = { $count ->
    [one] { $count } card point
   *[other] { $count } card points
}
review_state_stock = Stock: { $count ->
    [one] { $count } card
   *[other] { $count } cards
} left
review_state_gone = Cards gone: { $played } of { $total }
review_state_points = Points so far: { $sides }
review_state_side_you = your side: { $points }
review_state_you = you: { $points }
review_state_others = the others: { $points }
review_state_seat = { $name }: { $points }
review_action_pass = pass
review_action_coinche = coinche
review_action_surcoinche = surcoinche
review_action_bid = bid { $value } { $trump }
review_action_take = take { $trump }
review_action_call = call the { $rank }
review_action_call_points = call the { $rank } for { $points }
review_action_trump = { $suit } as trumps
review_action_exchange = discard { $cards }
review_action_keep = keep your hand
review_computing = Your review of deal { $deal } is being computed… this message will show it in a few seconds.
review_not_yours = Only the players of this table can review their own play.
review_no_deal = No deal of this table is finished yet.
review_no_such_deal = This table has no finished deal { $deal }.
review_failed = Your review could not be computed; please try again later.
cmd_review = Where your play in a finished deal cost points (only you see it)
opt_review_deal = Deal number (default: the last finished deal)

## Puzzles (/puzzle: docs/puzzles.md)
cmd_puzzle = Puzzles from real deals: one a day for the server, and your own mistakes
cmd_puzzle_today = Today's puzzle of this server (only you see it)
cmd_puzzle_mine = A puzzle from one of your own reviewed mistakes (only you see it)
cmd_puzzle_stats = Your puzzles solved and your streaks, game by game
cmd_puzzle_daily = Post the server's puzzle of the day in this channel every day
opt_puzzle_daily = Start or stop the daily post
puzzle_title_day = Puzzle of the day — { $game }
puzzle_title_mine = Your mistake as a puzzle — { $game }
puzzle_from_mine = From deal { $deal } of table #{ $table }, where your play cost points.
puzzle_goal_card_points = Every hand is shown. Find the one card that takes at least { $at_least } of the { $of } card points left for your side, whatever the others play.
puzzle_goal_contract_declarer = Every hand is shown. Find the one card that makes your side's contract, whatever the defenders play.
puzzle_goal_contract_defence = Every hand is shown. Find the one card that defeats the contract, whatever the declarers play.
puzzle_goal_score_ahead = Every hand is shown. Find the one card that finishes the deal at least { $margin } points ahead, whatever the others play.
puzzle_goal_score_behind = Every hand is shown. Find the one card that finishes the deal at most { $margin } points behind, whatever the others play.
puzzle_goal_best = Only your hand is shown, as you saw it. Find the card that does better than every other in at least { $share } of the deals you could be facing.
puzzle_pick = Your seat is at the bottom of the table. Pick your card: one try.
puzzle_you = You
puzzle_solve = Solve it
puzzle_post = **Puzzle of the day — { $game }** · { $date }
    { $goal }
    Press “Solve it”: only you see the hands, your answer and how many found it.
puzzle_right = ✅ **Right!** { $card } is the card.
puzzle_wrong = ❌ **Not this time:** { $card } falls short; the card was { $answer }.
puzzle_values_card_points = Card points your side takes with each card, best play after it: { $values }
puzzle_values_score = Your margin at the end of the deal with each card, best play after it: { $values }
puzzle_values_contract = With best play after each card: { $values }
puzzle_values_best = Average over { $deals } deals you could be facing ({ $unit }): { $values }
puzzle_unit_points = points
puzzle_unit_card_points = card points
puzzle_value_met = { $card } reaches it
puzzle_value_missed = { $card } falls short
puzzle_why = **Why** — the best play after { $answer }:
puzzle_why_not = **Why { $card } falls short** — the best play after it:
puzzle_line_trick = Trick { $number } — { $plays }
puzzle_line_play = { $name }: { $card }
puzzle_solvers = { $answered ->
    [1] You are the first member of this server to answer it.
   *[other] { $found ->
        [0] None of the { $answered } members of this server who answered found it.
       *[other] { $found } of the { $answered } members of this server who answered found it.
    }
}
puzzle_streak = { $current ->
    [0] { $best ->
        [0] No streak yet: a puzzle solved starts one.
       *[other] Streak broken (best { $best }).
    }
   *[other] Streak: { $current } in a row (best { $best }).
}
puzzle_already = You have already answered this puzzle: one try each. Your answer stands.
puzzle_not_yours = This puzzle is not yours to answer: try `/puzzle today` or `/puzzle mine`.
puzzle_unknown = There is no such puzzle.
puzzle_not_a_choice = That card is not one of this puzzle's choices.
puzzle_failed = The puzzle could not be made just now; please try again in a moment.
puzzle_mine_none = No puzzle from your mistakes yet: after a deal, press “Review my play”, then come back.
puzzle_mine_done = You have answered every puzzle found in your reviewed mistakes; your next reviews will bring new ones.
puzzle_stats_title = **Your puzzles**
puzzle_stats_line = { $game }: { $solved } solved of { $tried } · streak { $current } (best { $best })
puzzle_stats_all = All games: { $solved } solved of { $tried } · streak { $current } (best { $best })
puzzle_stats_none = You have not answered a puzzle yet: try `/puzzle today`.
puzzle_daily_on = The server's puzzle of the day will be posted in { $channel } every day, starting now.
puzzle_daily_off = The daily puzzle post is stopped.
puzzle_daily_none = This server has no daily puzzle post.
## Link buttons to the web pages (bot/web), shown where ATOUT_WEB_URL is set.
button_web_deal = Replay on the web
button_web_game = The game on the web
button_web_review = My review, step by step
button_web_history = Game { $number } on the web
button_web_board = Leaderboard on the web
button_web_traveller = Everybody's play on the web

## Seasons and divisions (issue 45, docs/ratings.md "Seasons").
season_name = Season { $number }
season_length_monthly = Monthly
season_length_weekly = Weekly
season_length_quarterly = Quarterly
season_length_off = Off
season_choice_current = Current season
season_choice_previous = Previous season
season_choice_all = All time
season_board_title = { $game } — { $season }
season_board_division = Division { $division } of { $divisions }
season_board_page = page { $page } of { $pages }
season_line_unranked = { $name } — { $games } · not yet ranked: { $count ->
    [one] { $count } game to go
   *[other] { $count } games to go
}
season_promotion_line = ⬆️ Promotion: { $count ->
    [one] the top player goes up
   *[other] the top { $count } go up
} to division { $division }
season_relegation_line = ⬇️ Relegation: { $count ->
    [one] the last player goes down
   *[other] the last { $count } go down
} to division { $division }
season_unranked_title = Not yet ranked ({ $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
} needed):
season_you_division = division { $division }, { $line }
season_off = Seasons are off in this server (`/atout settings season:` turns them on).
season_none_yet = No season has begun in this server yet: the first one begins with the next rated game.
season_no_previous = There is no finished season in this server yet.
season_bad = `season:` takes current, previous, all, or a season's number.
season_unknown = There is no season { $number } in this server.
season_empty = Nobody has played a rated game of { $game } in { $season } yet — `{ $command }` starts one!
button_division = { $up ->
    [1] ▲ Division { $division }
   *[other] ▼ Division { $division }
}
button_web_season = Season standings on the web
stats_seasons_title = **Seasons**
stats_season_line = { $game }, { $season }{ $current ->
    [1] {" "}(now)
   *[other] {""}
}: { $place } — { $games }, { $rating }
stats_season_rank = rank { $rank }
stats_season_rank_division = rank { $rank } in division { $division } of { $divisions }
stats_season_unranked = not yet ranked ({ $count ->
    [one] { $count } game to go
   *[other] { $count } games to go
})
stats_season_up = promoted
stats_season_down = relegated
season_end_title = 🏆 **{ $game } — { $season } is over** ({ $dates })
season_podium_title = { $game } — { $season }
season_end_place = { $medal } { $name } — { $rating } · { $games }
season_end_nobody = Nobody played { $count ->
    [one] the rated game needed to be ranked.
   *[other] the { $count } rated games needed to be ranked.
}
season_end_up = ⬆️ Up to division { $division }: { $names }
season_end_down = ⬇️ Down to division { $division }: { $names }
season_end_more = …and { $count ->
    [one] { $count } more move
   *[other] { $count } more moves
} in the standings.
season_end_next = Next: { $season }, { $dates }. Every rated game counts, and everybody starts again from their rating, with room to move.
season_end_divisions = { $season } is played in { $count ->
    [one] { $count } division
   *[other] { $count } divisions
} of about 20, made by rating.
season_end_off = Seasons are now off in this server.
season_end_command = `/leaderboard game:{ $game } season:{ $number }` shows the final standings.
champion_role_reason = Champion of season { $season }
champion_role_permission = Atout could not give the role { $role } to the champions of { $season } in { $server }: give Atout the Manage Roles permission.
champion_role_position = Atout could not give the role { $role } to the champions of { $season } in { $server }: move Atout's role above { $role } in Server Settings → Roles.
reset_seasons = The current season's standings of { $game } start again too; past seasons stay as they ended.
opt_season_board = current, previous, all (all time) or a season's number (default: the current season)
opt_division = Which division of the season (default: yours)
opt_season_length = How long a season lasts (a change applies from the next season)
opt_season_min_games = Rated games a player needs in a season to be ranked (default 10)
opt_announce_channel = Where the end of each season is announced
opt_champion_role = A role given to each season's champions
opt_clear = Stop using one of these settings
clear_announce_channel = Announcement channel
clear_champion_role = Champions' role
settings_season = Seasons: { $length }.
settings_season_running = Seasons: { $length } — now { $season } ({ $dates }).
settings_season_min_games = Ranked in a season after { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}.
settings_announce_channel = Season ends announced in: { $channel }.
settings_champion_role = Champions' role: { $role }.
settings_none = none
settings_season_later = { $season } keeps its dates: the new length applies from the next season.
settings_season_off_later = { $season } goes on until its end, which is announced; no season follows.
settings_champion_permission = I can't give { $role } yet: I need the Manage Roles permission.
settings_champion_position = I can't give { $role } yet: move my role above it in Server Settings → Roles.
## Open tables (issue 44): /play, the queue, mirrors in each player's server, quick chat.
cmd_play = Play with people of every server: a seat at an open table
opt_play_seats = Number of players (default: the game's usual)
opt_wait = Minutes to wait for people before computers take the free seats
opt_open = Offer the free seats to players of other servers (open table)
opt_scope = This server's board, or the open tables' board of every server
opt_open_tables = Let this server's members play at open tables with other servers
wait_minutes = { $minutes } min
scope_server = This server
scope_everywhere = Everywhere (open tables)
settings_on = on
settings_off = off
settings_open_tables = Open tables with other servers: { $value }. `/atout settings open_tables:` changes it.
play_off = Open tables are off on this server. Someone with Manage Server can turn them on with `/atout settings open_tables:true`.
play_bad_seats = { $game } is played by { $counts } players.
permission_view_channel = View Channel
permission_send_messages = Send Messages
permission_create_public_threads = Create Public Threads
permission_send_messages_in_threads = Send Messages in Threads
permission_attach_files = Attach Files
play_permissions = I can't show your table in this channel: I need { $permissions } here. Ask an admin, or use `/play` in another channel.
play_too_fast = Slow down a little: you can join the queue again in { $seconds } s.
play_seated = You are already at table { $id }: finish it, or leave it with `/table leave`, before you join the queue.
play_already = You are already in the queue for { $game } ({ $seats } players), for { $minutes } min now.
play_queued = You are in the queue for { $game } ({ $seats } players): { $waiting ->
        [one] 1 player waiting
       *[other] { $waiting } players waiting
    } across { $servers ->
        [one] 1 server
       *[other] { $servers } servers
    }. After { $minutes } min, computers take the free seats.
button_queue_leave = Leave the queue
button_queue_now = Start now with computers
play_left = You left the queue.
play_not_queued = You are not in the queue.
play_ready = Your table is ready: { $where }
play_ready_lobby = You have a seat at table { $id } ({ $game }). Its lobby is on another server: the game starts when its starter presses Start, and you will find it here.
open_welcome = { $mentions } — open table { $id }, { $game }, with players of several servers: in the thread below.
open_seats = Seats: { $seats }
open_not_started = I could not open your table in that channel (a permission is missing there): a computer took your seat. Try `/play` in another channel.
open_server_off = Open tables were turned off on this server: you left the queue.
open_lobby_closed = The lobby of table { $id } closed before its game started: you no longer have a seat there.
open_mirror_closed = Open tables were turned off on this server: computers play its players' seats, and the table goes on on the other servers.
open_seat_gone = Open tables were turned off on this server: a computer plays your seat at table { $id }, which goes on for the others.
open_seat_gone_removed = I was removed from this server: a computer plays your seat at table { $id }, which goes on for the others.
open_player_gone = { $name } left the table: { $computer } plays the seat.
lobby_open = Open table: its free seats are offered to players of every server (`/play`).
chat_placeholder = Say something to the table…
chat_hello = Hello!
chat_good_luck = Good luck!
chat_well_played = Well played!
chat_thanks = Thanks!
chat_sorry = Sorry!
chat_your_turn = Your turn!
chat_good_game = Good game!
chat_mute_option = Mute { $name } (for good)
chat_line = 💬 **{ $name }**: { $phrase }
chat_muted = You will no longer read { $name }'s messages, at any table.
chat_too_fast = One message every { $seconds } seconds, please.
board_title_everywhere = { $game } — open tables, every server
board_counts_server = Games played at this server's tables count here; open tables count on `scope:everywhere`.
board_empty_everywhere = No rated { $game } game at an open table yet — `/play` seats you at one!
board_empty_everywhere_period = No rated { $game } game at an open table in the last 30 days — `/play` seats you at one!
board_counts_everywhere = Games played at open tables, on every server, count here.
