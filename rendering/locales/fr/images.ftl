# Les mots des images d'Atout, en français. Syntaxe Fluent : https://projectfluent.org/

game_name_belote = Belote
game_name_coinche = Coinche
game_name_piquet = Piquet
game_name_briscola = Briscola
game_name_chiamata = Briscola a chiamata
game_name_sueca = Sueca
deal = Donne
seat = Place { $number }
side = Équipe { $number }
team = Équipe { $letter }
side_wins = { $count ->
    [one] { $side } gagne{ $extra }
   *[other] { $side } gagnent{ $extra }
}
denomination_NT = SA
denomination_AT = TA
italian_rank_A = As
italian_rank_J = Valet
italian_rank_Q = Cavalier
italian_rank_K = Roi
italian_suit_S = Épées
italian_suit_H = Coupes
italian_suit_D = Deniers
italian_suit_C = Bâtons
italian_corner_A = A
italian_corner_J = F
italian_corner_Q = C
italian_corner_K = R
briscola_trump = Briscola { $suit } { $name }
bid_capot = capot
bid_generale = générale
said = { $who } : { $what }
announce = { $who } : { $what } !
call_pass = Passe
call_coinche = Coinche !
call_surcoinche = Surcoinche !
call_take = Prend { $trump }
log_bidding = Enchères
log_melds = Annonces
log_declarations = Annonces
meld_kind_tierce = tierce
meld_kind_quarte = cinquante
meld_kind_quinte = cent
meld_kind_carre = carré
meld_scored = { $who } marque { $meld } { $cards } +{ $points }
event_belote = belote
event_rebelote = rebelote
event_repique = repic
event_pique = pic
event_capot = capot
trump_line = Atout { $trump }
badge_took = A pris { $trump }
taking = Prise
taking_round = Prise, { $round ->
    [1] premier tour
    [2] second tour
   *[other] tour { $round }
}
focus_turn_up = Retourne
turn_up_card = Carte retournée
litige_reserve = Litige en réserve : { $points }
bid_by = Contrat { $bid } · { $name }
auction = Enchères
badge_elder = Premier
badge_younger = Dernier
rubicon_hand = Rubicon : donne { $number } sur { $of }
game_to = Partie en { $target }
games_won = Parties gagnées { $games }
badge_exchanged = a pris { $count }
talon_cards = { $count ->
    [one] Talon : { $count } carte
   *[other] Talon : { $count } cartes
}
exchanges = { $name } écarte
talon_left = Reste du talon
talon_seen = Cartes du talon vues
piquet_category_point = Point
piquet_category_sequence = Séquence
piquet_category_set = Brelan
declaration_tie = { $category } : égalité, personne ne marque
declaration_none = { $category } : personne ne marque
piquet_bonus_repique = repic
piquet_bonus_pique = pic
piquet_bonus_carte_blanche = cartes blanches
piquet_bonus_cards_bonus = les cartes
piquet_bonus_capot = capot
stock = Pioche
trump_card_drawn = { $card } pioché par { $name }
first_to_hands = { $count ->
    [one] En { $count } manche
   *[other] En { $count } manches
}
called = Appelée : { $card }
called_by = par { $name }
needs_points = Objectif : { $target }
badge_declarer = Preneur
called_card = Carte appelée
declarer_alone = Le preneur est seul !
badge_partner = Partenaire
deal_of = Donne { $number } sur { $of }
trump_card_of = Atout · { $name }
first_to_games = { $count ->
    [one] En { $count } partie
   *[other] En { $count } parties
}
draw_bonus = Prime du 60-60 : +{ $points }
dealer_chip = D
tricks = { $count ->
    [one] { $count } pli
   *[other] { $count } plis
}
cards_count = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
score_panel = Score
score_deal = Donne
score_game = Total
game_over = Partie terminée
your_hand = Ton jeu
hand_trump = atout { $trump }
hand_turn_up = retourne { $card }
hand_exchange_range = écarte { $low } à { $high } cartes
hand_exchange = écarte { $count }
hand_playable = { $count ->
    [one] { $count } jouable
   *[other] { $count } jouables
}
hand_follow_rule = fournir à { $suit } : règle de cette table
no_cards_in_hand = Plus de cartes en main
last_trick = Dernier pli
no_trick_yet = Aucun pli joué
won_by = pour { $name }
passed_out = Tout le monde a passé : on redistribue
taker_took = { $name } a pris à { $trump }
contract_made = { $contract } — réussi
contract_dedans = { $contract } — dedans !
contract_failed = { $contract } — chuté
contract_litige = { $contract } — litige : points mis en réserve
capot_by = Capot pour { $side } !
declarer_called = { $name } a appelé { $card }
partner_was = { $name } était le partenaire
points_needed_made = { $points ->
    [one] { $points } point
   *[other] { $points } points
} sur { $target } — réussi
points_needed_failed = { $points ->
    [one] { $points } point
   *[other] { $points } points
} sur { $target } — chuté
cappotto = Cappotto !
this_hand = Cette manche : { $first } { $first_score } – { $second_score } { $second }
wins_game = { $name } gagne la partie
games_scored = { $count ->
    [one] {" "}— { $games } partie
   *[other] {" "}— { $games } parties
}
drawn_hand = Manche nulle
bandeira = Bandeira ! Les 120 points
column_card_points = Points
column_tricks = Plis
column_melds = Annonces
column_belote = Belote
column_score = Score
column_total = Total
summary_title = { $game } — fin de la donne
score_sheet_title = { $game } — feuille de marque
earlier_deals = { $count ->
    [one] … { $count } donne précédente
   *[other] … { $count } donnes précédentes
}
deal_number = Donne { $number }
board_rank = #
board_player = Joueur
board_rating = Cote
board_games = Parties
board_win_rate = Victoires
chart_empty = Aucune partie classée
chart_games = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
unrated_table = Non classée

suit_S = pique
suit_H = cœur
suit_D = carreau
suit_C = trèfle
suit_one_S = pique
suit_one_H = cœur
suit_one_D = carreau
suit_one_C = trèfle
action_pass = passe
action_take = prise
action_play = carte
action_bid = enchère
action_coinche = coinche
action_surcoinche = surcoinche
action_call = appel
action_trump = choix d'atout
action_exchange = écart
illegal_game_over = la partie est finie
illegal_deal_not_finished = la donne en cours n'est pas finie
illegal_deal_complete = la donne est déjà distribuée
illegal_no_such_action = pas de « { $action } » à la { $game }
illegal_not_your_turn = ce n'est pas à toi de jouer
illegal_card_not_in_hand = tu n'as pas le { $card }
illegal_seat_lacks_card = tu n'as pas le { $card }
illegal_must_follow = il faut fournir à { $suit }
illegal_play_phase = on joue les cartes : pas de { $action } maintenant
illegal_must_overtrump_card = il faut monter à l'atout : le { $card } ne bat pas le { $winner_card }
illegal_must_play_higher = il faut monter à { $suit_one } : le { $card } ne bat pas le { $winner_card }
illegal_no_undertrump = tu ne peux pas sous-couper avec le { $card } en ayant une autre carte
illegal_must_undertrump = il faut pisser : pas de { $suit }, joue un atout ({ $trump_suit_one })
illegal_must_overtrump = il faut surcouper : pas de { $suit }, bats le { $winner_card }
illegal_must_trump = il faut couper : pas de { $suit }, joue { $trump_suit_one }
illegal_nobody_took = personne n'a encore pris : on ne joue pas de carte
illegal_la_vache = la vache : le donneur doit prendre au second tour
illegal_take_names_trump = une prise doit nommer l'atout
illegal_round1_turn_up_only = au premier tour, on ne prend qu'à la couleur retournée ({ $suit })
illegal_round2_other_suit = { $suit } a été refusé au premier tour : choisis une autre couleur
illegal_round2_no_sa_ta = ni sans-atout ni tout-atout à cette table
illegal_not_a_trump = { $trump } ne peut pas être atout
illegal_auction_not_over = les enchères ne sont pas finies : on ne joue pas de carte
illegal_coinched_window = après une coinche, seuls surcoinche et passe sont permis
illegal_capot_window = après un capot, seuls coinche et passe sont permis
illegal_nothing_to_surcoinche = rien à surcoincher : le contrat n'est pas coinché
illegal_nothing_to_coinche = rien à coincher : il n'y a pas d'enchère
illegal_coinche_opponents_only = seuls les adversaires du preneur peuvent coincher
illegal_capot_not_coinchable = un capot ne se coinche pas à cette table
illegal_bad_bid_value = { $value } n'est pas une enchère : de 80 à 160 par 10, capot ou générale
illegal_bid_names_trump = une enchère doit nommer l'atout
illegal_no_bid_over = on ne peut pas enchérir sur { $value }
illegal_sa_ta_disabled = pas d'enchère sans-atout ni tout-atout à cette table
illegal_generale_disabled = pas de générale à cette table
illegal_bid_too_low = il faut annoncer plus que { $value }
illegal_auction_over = pas de { $action } maintenant : les enchères sont finies
illegal_pass_carries_nothing = une passe ne nomme ni carte, ni rang, ni couleur
illegal_trump_after_auction = seul le preneur choisit l'atout, après les enchères
illegal_trump_already_named = l'atout est déjà choisi
illegal_trump_one_suit = choisis une seule couleur d'atout
illegal_no_play_in_auction = on ne joue pas de carte pendant les enchères
illegal_declarer_names_trump = le preneur doit d'abord choisir l'atout
illegal_play_one_card = joue une seule carte
illegal_card_not_in_seat_hand = tu n'as pas le { $card }
illegal_call_names_rank = un appel nomme une carte (et, au 2, des points)
illegal_no_such_rank = le jeu de 40 cartes n'a pas de { $rank } : appelle A, 3, R, C, F, 7, 6, 5, 4 ou 2
illegal_points_need_option = pas d'appel aux points à cette table
illegal_points_bid_is_two = une enchère aux points est un appel du 2 avec un objectif
illegal_points_over_two_only = on n'annonce des points que sur un 2
illegal_points_range = une enchère aux points va de 62 à { $high }, pas { $points }
illegal_points_must_exceed = il faut annoncer plus de { $target } points
illegal_two_beaten_by_points = seule une enchère aux points bat un 2
illegal_nothing_beats_two = rien ne bat un 2
illegal_call_weaker_rank = appelle une carte plus faible que { $rank }
illegal_exchange_first = on ne joue pas avant les deux écarts
illegal_name_discards = choisis les cartes à écarter
illegal_exchange_count = écarte de { $low } à { $high } cartes, pas { $count }
illegal_exchange_twice = un écart ne nomme pas deux fois la même carte
illegal_exchanges_over = les écarts sont faits
piquet_combination_point = point de { $count } ({ $value })
piquet_combination_sequence = { $length ->
    [3] tierce
    [4] quatrième
    [5] quinte
    [6] sixième
    [7] septième
    [8] huitième
   *[other] neuvième
} { $rank ->
    [A] majeure
    [K] au roi
    [Q] à la dame
    [J] au valet
    [T] au dix
    [9] au neuf
    [8] au huit
    [7] au sept
   *[other] au six
}
piquet_combination_trio = trois { $rank ->
    [A] as
    [K] rois
    [Q] dames
    [J] valets
   *[T] dix
}
piquet_combination_quatorze = quatorze { $rank ->
    [A] d'as
    [K] de rois
    [Q] de dames
    [J] de valets
   *[T] de dix
}
corner_A = A
corner_K = R
corner_Q = D
corner_J = V
italian_card = { $rank } de { $suit }
the_italian_rank = { $rank ->
    [A] l'As
    [K] le Roi
    [Q] le Cavalier
    [J] le Valet
   *[other] le { $rank }
}
the_italian_card = { $rank ->
    [A] l'As
    [K] le Roi
    [Q] le Cavalier
    [J] le Valet
   *[other] le { $rank }
} de { $suit }
rank_T = 10
rank_J = valet
rank_Q = dame
rank_K = roi
rank_A = as
the_rank = { $rank ->
    [A] l'as
    [K] le roi
    [Q] la dame
    [J] le valet
    [T] le 10
   *[other] le { $rank }
}

## Deal review
review_hand = Ton jeu à ce moment
review_table = Sur la table
review_played = Joué
review_better = Meilleur
review_chose = Ton choix : { $action }
review_better_action = Meilleur : { $action }
review_moment_trick = Pli { $trick }
review_moment_auction = Enchères
review_mistake = Erreur
review_unlucky = Pas de chance
review_trump = Atout : { $trump }
review_trump_card = Carte d'atout
review_contract = Contrat : { $contract }
review_turn_up = Retournée : { $card }
review_to_beat = À battre : { $bid } ({ $player })
review_auction = Les enchères jusque-là
review_you_open = Tu parles en premier.
review_you_lead = Tu entames le pli
review_side_you = toi
review_side_partner = partenaire
review_side_opponent = adversaire
review_side_unknown = partenaire ?
review_better_real = Meilleur dans la vraie donne
review_better_real_action = Meilleur dans la vraie donne : { $action }

## Seasons (issue 45): the lines of a season's standings.
season_promotion = Montée
season_relegation = Descente
season_unranked = Pas encore classés
season_to_go = { $count ->
    [one] encore { $count } partie
   *[other] encore { $count } parties
}
