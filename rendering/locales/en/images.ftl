# Words drawn in Atout's images, in English. Fluent syntax: https://projectfluent.org/

game_name_belote = Belote
game_name_coinche = Coinche
game_name_piquet = Piquet
game_name_briscola = Briscola
game_name_chiamata = Briscola a chiamata
game_name_sueca = Sueca
deal = Deal
seat = Seat { $number }
side = Side { $number }
team = Team { $letter }
side_wins = { $count ->
    [one] { $side } wins{ $extra }
   *[other] { $side } win{ $extra }
}
denomination_NT = SA
denomination_AT = TA
italian_rank_A = Ace
italian_rank_J = Jack
italian_rank_Q = Knight
italian_rank_K = King
italian_suit_S = Swords
italian_suit_H = Cups
italian_suit_D = Coins
italian_suit_C = Batons
italian_corner_A = A
italian_corner_J = F
italian_corner_Q = C
italian_corner_K = R
briscola_trump = Briscola { $suit } { $name }
bid_capot = capot
bid_generale = générale
said = { $who }: { $what }
announce = { $who }: { $what }!
call_pass = Pass
call_coinche = Coinche!
call_surcoinche = Surcoinche!
call_take = Take { $trump }
log_bidding = Bidding
log_melds = Melds
log_declarations = Declarations
meld_kind_tierce = tierce
meld_kind_quarte = quarte
meld_kind_quinte = quinte
meld_kind_carre = carre
meld_scored = { $who } scores { $meld } { $cards } +{ $points }
event_belote = belote
event_rebelote = rebelote
event_repique = repique
event_pique = pique
event_capot = capot
trump_line = Trump { $trump }
badge_took = Took { $trump }
taking = Taking
taking_round = Taking, round { $round }
focus_turn_up = Turn-up
turn_up_card = Turn-up card
litige_reserve = Litige reserve: { $points }
bid_by = Bid { $bid } · { $name }
auction = Auction
badge_elder = Elder
badge_younger = Younger
rubicon_hand = Rubicon: hand { $number } of { $of }
game_to = Game to { $target }
games_won = Games won { $games }
badge_exchanged = took { $count }
talon_cards = { $count ->
    [one] Talon: { $count } card
   *[other] Talon: { $count } cards
}
exchanges = { $name } exchanges
talon_left = Talon left
talon_seen = Talon cards seen
piquet_category_point = Point
piquet_category_sequence = Sequence
piquet_category_set = Set
declaration_tie = { $category }: equal, nobody scores
declaration_none = { $category }: not scored
piquet_bonus_repique = repique
piquet_bonus_pique = pique
piquet_bonus_carte_blanche = carte blanche
piquet_bonus_cards_bonus = the cards
piquet_bonus_capot = capot
stock = Stock
trump_card_drawn = { $card } drawn by { $name }
first_to_hands = { $count ->
    [one] { $count } hand to win
   *[other] { $count } hands to win
}
called = Called: { $card }
called_by = by { $name }
needs_points = { $target } to win
badge_declarer = Declarer
called_card = Called card
declarer_alone = Declarer alone!
badge_partner = Partner
deal_of = Deal { $number } of { $of }
trump_card_of = Trump · { $name }
first_to_games = { $count ->
    [one] { $count } game to win
   *[other] { $count } games to win
}
draw_bonus = 60–60 bonus: +{ $points }
dealer_chip = D
tricks = { $count ->
    [one] { $count } trick
   *[other] { $count } tricks
}
cards_count = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
score_panel = Score
score_deal = Deal
score_game = Total
game_over = Game over
your_hand = Your hand
hand_trump = trump { $trump }
hand_turn_up = turn-up { $card }
hand_exchange_range = exchange { $low }–{ $high } cards
hand_exchange = exchange { $count }
hand_playable = { $count } playable
hand_follow_rule = must follow { $suit }: this table's rule
no_cards_in_hand = No cards in hand
last_trick = Last trick
no_trick_yet = No trick played yet
won_by = won by { $name }
passed_out = Everybody passed: the cards are dealt again
taker_took = { $name } took { $trump }
contract_made = { $contract } — made
contract_dedans = { $contract } — dedans!
contract_failed = { $contract } — contract failed
contract_litige = { $contract } — litige: points held in reserve
capot_by = Capot by { $side }!
declarer_called = { $name } called { $card }
partner_was = { $name } was the partner
points_needed_made = { $points ->
    [one] { $points } point
   *[other] { $points } points
} of { $target } needed — made
points_needed_failed = { $points ->
    [one] { $points } point
   *[other] { $points } points
} of { $target } needed — failed
cappotto = Cappotto!
this_hand = This hand: { $first } { $first_score } – { $second_score } { $second }
wins_game = { $name } wins the game
games_scored = { $count ->
    [one] {" "}— { $games } game
   *[other] {" "}— { $games } games
}
drawn_hand = Drawn hand
bandeira = Bandeira! All 120 points
column_card_points = Card points
column_tricks = Tricks
column_melds = Melds
column_belote = Belote
column_score = Score
column_total = Total
summary_title = { $game } — end of the deal
score_sheet_title = { $game } — score sheet
earlier_deals = { $count ->
    [one] … { $count } earlier deal
   *[other] … { $count } earlier deals
}
deal_number = Deal { $number }
board_rank = #
board_player = Player
board_rating = Rating
board_games = Games
board_win_rate = Win rate
chart_empty = No rated game yet
chart_games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
unrated_table = Unrated

## The engines' codes (games/reasons.py, games/piquet_declarations.py): docs/i18n.md.
## $suit and $trump_suit come as the words of suit_* and suit_one_*, $card as a short card name,
## $action as action_*, $game as game_name_*; $rank is a rank letter (A K Q J T 9 8 7 6).

suit_S = spades
suit_H = hearts
suit_D = diamonds
suit_C = clubs
suit_one_S = spade
suit_one_H = heart
suit_one_D = diamond
suit_one_C = club
action_pass = pass
action_take = take
action_play = play
action_bid = bid
action_coinche = coinche
action_surcoinche = surcoinche
action_call = call
action_trump = trump
action_exchange = exchange
illegal_game_over = the game is over
illegal_deal_not_finished = the current deal is not finished
illegal_deal_complete = the deal is complete
illegal_no_such_action = { $game } has no “{ $action }” action
illegal_not_your_turn = it is not your turn
illegal_card_not_in_hand = { $card } is not in your hand
illegal_seat_lacks_card = { $card } is not in your hand
illegal_must_follow = you must follow suit: { $suit }
illegal_play_phase = the cards are being played: no { $action } now
illegal_must_overtrump_card = you must over-trump: { $card } does not beat { $winner_card }
illegal_must_play_higher = you must play a higher { $suit_one }: { $card } does not beat { $winner_card }
illegal_no_undertrump = you may not under-trump with { $card } while you hold another card
illegal_must_undertrump = you must under-trump: no { $suit }, so play a { $trump_suit_one }
illegal_must_overtrump = you must over-trump: no { $suit }, so beat { $winner_card }
illegal_must_trump = you must trump: no { $suit }, so play a { $trump_suit_one }
illegal_nobody_took = nobody has taken yet: no card may be played
illegal_la_vache = la vache: the dealer must name a trump in round 2
illegal_take_names_trump = a take must name the trump
illegal_round1_turn_up_only = in round 1 only the turned-up suit ({ $suit }) may be taken
illegal_round2_other_suit = { $suit } was refused in round 1: name another suit
illegal_round2_no_sa_ta = no trumps and all trumps may not be named at this table
illegal_not_a_trump = { $trump } cannot be named trump
illegal_auction_not_over = the auction is not over: no card may be played
illegal_coinched_window = after a coinche only surcoinche or pass is allowed
illegal_capot_window = after a capot bid only coinche or pass is allowed
illegal_nothing_to_surcoinche = nothing to surcoinche: the bid is not coinched
illegal_nothing_to_coinche = nothing to coinche: there is no bid
illegal_coinche_opponents_only = only the bidder's opponents may coinche
illegal_capot_not_coinchable = a capot bid cannot be coinched at this table
illegal_bad_bid_value = { $value } is not a bid: 80 to 160 by 10, capot or générale
illegal_bid_names_trump = a bid must name a trump
illegal_no_bid_over = no bid over { $value }
illegal_sa_ta_disabled = no trumps and all trumps bids are off at this table
illegal_generale_disabled = générale bids are off at this table
illegal_bid_too_low = your bid must be higher than { $value }
illegal_auction_over = no { $action } now: the auction is over
illegal_pass_carries_nothing = a pass names no card, rank or suit
illegal_trump_after_auction = only the declarer names trumps, after the auction
illegal_trump_already_named = trumps are already named
illegal_trump_one_suit = name one suit as trumps
illegal_no_play_in_auction = no card may be played during the auction
illegal_declarer_names_trump = the declarer must name trumps first
illegal_play_one_card = play one card
illegal_card_not_in_seat_hand = { $card } is not in your hand
illegal_call_names_rank = a call names a rank (and, over a 2, points)
illegal_no_such_rank = the 40-card deck has no rank { $rank }: call A, 3, K, Q, J, 7, 6, 5, 4 or 2
illegal_points_need_option = calls with points are off at this table
illegal_points_bid_is_two = a points bid is a call of 2 with a target
illegal_points_over_two_only = a points bid is allowed only over a standing 2
illegal_points_range = a points bid is 62 to { $high }, not { $points }
illegal_points_must_exceed = a points bid must be over { $target }
illegal_two_beaten_by_points = only a points bid beats a 2
illegal_nothing_beats_two = nothing beats a 2
illegal_call_weaker_rank = call a rank weaker than { $rank }
illegal_exchange_first = no card is played before both exchanges
illegal_name_discards = choose the cards to discard
illegal_exchange_count = exchange { $low } to { $high } cards, not { $count }
illegal_exchange_twice = an exchange may not name a card twice
illegal_exchanges_over = the exchanges are over
piquet_combination_point = point of { $count ->
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
    [11] eleven
    [12] twelve
   *[other] { $count }
} ({ $value })
piquet_combination_sequence = { $length ->
    [3] tierce
    [4] quart
    [5] quint
    [6] sixième
    [7] septième
    [8] huitième
   *[other] neuvième
} to the { $rank ->
    [A] ace
    [K] king
    [Q] queen
    [J] jack
    [T] ten
    [9] nine
    [8] eight
    [7] seven
   *[other] six
}
piquet_combination_trio = three { $rank ->
    [A] aces
    [K] kings
    [Q] queens
    [J] jacks
   *[T] tens
}
piquet_combination_quatorze = quatorze of { $rank ->
    [A] aces
    [K] kings
    [Q] queens
    [J] jacks
   *[T] tens
}
## A card's corner letters on French-suited cards (the ace, the king, the queen, the jack).
corner_A = A
corner_K = K
corner_Q = Q
corner_J = J
italian_card = { $rank } of { $suit }
the_italian_rank = { $rank ->
    [A] the Ace
    [K] the King
    [Q] the Knight
    [J] the Jack
   *[other] the { $rank }
}
the_italian_card = { $rank ->
    [A] the Ace
    [K] the King
    [Q] the Knight
    [J] the Jack
   *[other] the { $rank }
} of { $suit }
rank_T = 10
rank_J = jack
rank_Q = queen
rank_K = king
rank_A = ace
the_rank = { $rank ->
    [A] the ace
    [K] the king
    [Q] the queen
    [J] the jack
    [T] the 10
   *[other] the { $rank }
}

## Deal review
review_hand = Your hand then
review_table = On the table
review_played = Played
review_better = Better
review_chose = You chose: { $action }
review_better_action = Better: { $action }
review_moment_trick = Trick { $trick }
review_moment_auction = Auction
review_mistake = Mistake
review_unlucky = Bad luck
review_trump = Trump: { $trump }
review_trump_card = Trump card
review_contract = Contract: { $contract }
review_turn_up = Turned up: { $card }
review_to_beat = To beat: { $bid } ({ $player })
review_auction = The auction so far
review_you_open = You speak first.
review_you_lead = You lead the trick
review_side_you = you
review_side_partner = partner
review_side_opponent = opponent
review_side_unknown = partner?
review_better_real = Better in the real deal
review_better_real_action = Better in the real deal: { $action }

## Seasons (issue 45): the lines of a season's standings.
season_promotion = Promotion
season_relegation = Relegation
season_unranked = Not yet ranked
season_to_go = { $count ->
    [one] { $count } game to go
   *[other] { $count } games to go
}
