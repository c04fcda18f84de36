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
side_wins = { $side } wins{ $extra }
side_win_pair = { $side } win{ $extra }
denomination_NT = SA
denomination_AT = TA
italian_rank_A = Asso
italian_rank_J = Fante
italian_rank_Q = Cavallo
italian_rank_K = Re
italian_suit_S = spade
italian_suit_H = coppe
italian_suit_D = denari
italian_suit_C = bastoni
italian_corner_A = A
italian_corner_J = F
italian_corner_Q = C
italian_corner_K = R
briscola_trump = Briscola { $suit } { $name }
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
    [one] First to { $count } hand
   *[other] First to { $count } hands
}
called = Called: { $card }
called_by = by { $name }
needs_points = Needs { $target } points
badge_declarer = Declarer
called_card = Called card
declarer_alone = Declarer alone!
badge_partner = Partner
deal_of = Deal { $number } of { $of }
bubble_out = Out
trump_card_of = Trump card · { $name }
first_to_games = { $count ->
    [one] First to { $count } game
   *[other] First to { $count } games
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
score_deal = deal
score_game = game
game_over = Game over
your_hand = Your hand
hand_trump = trump { $trump }
hand_turn_up = turn-up { $card }
hand_exchange_range = exchange { $low }–{ $high } cards
hand_exchange = exchange { $count }
hand_playable = { $count } playable
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
declarer_alone_name = { $name } alone
team_called = { $team } called { $card }
points_needed_made = { $points } points of { $target } needed — made
points_needed_failed = { $points } points of { $target } needed — failed
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
chart_games = { $count } games
unrated_table = Unrated
