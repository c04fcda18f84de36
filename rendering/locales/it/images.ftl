# Le parole delle immagini di Atout, in italiano. Sintassi Fluent: https://projectfluent.org/

game_name_belote = Belote
game_name_coinche = Coinche
game_name_piquet = Picchetto
game_name_briscola = Briscola
game_name_chiamata = Briscola a chiamata
game_name_sueca = Sueca
deal = Mano
seat = Posto { $number }
side = Squadra { $number }
team = Squadra { $letter }
side_wins = { $count ->
    [one] { $side } vince{ $extra }
   *[other] { $side } vincono{ $extra }
}
denomination_NT = SA
denomination_AT = TA
italian_rank_A = asso
italian_rank_J = fante
italian_rank_Q = cavallo
italian_rank_K = re
italian_suit_S = spade
italian_suit_H = coppe
italian_suit_D = denari
italian_suit_C = bastoni
italian_corner_A = A
italian_corner_J = F
italian_corner_Q = C
italian_corner_K = R
briscola_trump = Briscola { $suit } { $name }
bid_capot = cappotto
bid_generale = générale
said = { $who }: { $what }
announce = { $who }: { $what }!
call_pass = Passo
call_coinche = Coinche!
call_surcoinche = Surcoinche!
call_take = Prende { $trump }
log_bidding = Licitazione
log_melds = Dichiarazioni
log_declarations = Dichiarazioni
meld_kind_tierce = terza
meld_kind_quarte = quarta
meld_kind_quinte = quinta
meld_kind_carre = poker
meld_scored = { $who } segna { $meld } { $cards } +{ $points }
event_belote = belote
event_rebelote = rebelote
event_repique = repicco
event_pique = picco
event_capot = cappotto
trump_line = Briscola { $trump }
badge_took = Ha preso { $trump }
taking = Presa
taking_round = Presa, giro { $round }
focus_turn_up = Carta scoperta
turn_up_card = Carta scoperta
litige_reserve = Punti in sospeso: { $points }
bid_by = Contratto { $bid } · { $name }
auction = Licitazione
badge_elder = Primo
badge_younger = Secondo
rubicon_hand = Rubicone: mano { $number } di { $of }
game_to = Partita a { $target }
games_won = Partite vinte { $games }
badge_exchanged = ha preso { $count }
talon_cards = { $count ->
    [one] Tallone: { $count } carta
   *[other] Tallone: { $count } carte
}
exchanges = { $name } scarta
talon_left = Resto del tallone
talon_seen = Carte del tallone viste
piquet_category_point = Punto
piquet_category_sequence = Scala
piquet_category_set = Tris
declaration_tie = { $category }: pari, nessuno segna
declaration_none = { $category }: nessuno segna
piquet_bonus_repique = repicco
piquet_bonus_pique = picco
piquet_bonus_carte_blanche = carte bianche
piquet_bonus_cards_bonus = le carte
piquet_bonus_capot = cappotto
stock = Mazzo
trump_card_drawn = { $card } pescata da { $name }
first_to_hands = { $count ->
    [one] Fino a { $count } mano
   *[other] Fino a { $count } mani
}
called = Chiamata: { $card }
called_by = da { $name }
needs_points = { $target } per vincere
badge_declarer = Chiamante
called_card = Carta chiamata
declarer_alone = Il chiamante è solo!
badge_partner = Socio
deal_of = Mano { $number } di { $of }
trump_card_of = Briscola · { $name }
first_to_games = { $count ->
    [one] Fino a { $count } partita
   *[other] Fino a { $count } partite
}
draw_bonus = Premio del 60-60: +{ $points }
dealer_chip = M
tricks = { $count ->
    [one] { $count } presa
   *[other] { $count } prese
}
cards_count = { $count ->
    [one] { $count } carta
   *[other] { $count } carte
}
score_panel = Punti
score_deal = Mano
score_game = Totale
game_over = Partita finita
your_hand = Le tue carte
hand_trump = briscola { $trump }
hand_turn_up = scoperta { $card }
hand_exchange_range = scarta da { $low } a { $high } carte
hand_exchange = scarta { $count }
hand_playable = { $count ->
    [one] { $count } giocabile
   *[other] { $count } giocabili
}
hand_follow_rule = rispondere a { $suit }: regola di questo tavolo
no_cards_in_hand = Nessuna carta in mano
last_trick = Ultima presa
no_trick_yet = Nessuna presa ancora
won_by = di { $name }
passed_out = Tutti hanno passato: si ridà
taker_took = { $name } ha preso { $trump }
contract_made = { $contract } — fatto
contract_dedans = { $contract } — dedans!
contract_failed = { $contract } — contratto fallito
contract_litige = { $contract } — litige: punti in sospeso
capot_by = Cappotto di { $side }!
declarer_called = { $name } ha chiamato { $card }
partner_was = il socio era { $name }
points_needed_made = { $points ->
    [one] { $points } punto
   *[other] { $points } punti
} su { $target } — fatto
points_needed_failed = { $points ->
    [one] { $points } punto
   *[other] { $points } punti
} su { $target } — fallito
cappotto = Cappotto!
this_hand = Questa mano: { $first } { $first_score } – { $second_score } { $second }
wins_game = { $name } vince la partita
games_scored = { $count ->
    [one] {" "}— { $games } partita
   *[other] {" "}— { $games } partite
}
drawn_hand = Mano pari
bandeira = Bandeira! Tutti i 120 punti
column_card_points = Punti carte
column_tricks = Prese
column_melds = Dichiarazioni
column_belote = Belote
column_score = Punti
column_total = Totale
summary_title = { $game } — fine della mano
score_sheet_title = { $game } — segnapunti
earlier_deals = { $count ->
    [one] … { $count } mano precedente
   *[other] … { $count } mani precedenti
}
deal_number = Mano { $number }
board_rank = #
board_player = Giocatore
board_rating = Punteggio
board_games = Partite
board_win_rate = Vittorie
chart_empty = Ancora nessuna partita valutata
chart_games = { $count ->
    [one] { $count } partita
   *[other] { $count } partite
}
unrated_table = Non valutata

suit_S = picche
suit_H = cuori
suit_D = quadri
suit_C = fiori
suit_one_S = picche
suit_one_H = cuori
suit_one_D = quadri
suit_one_C = fiori
action_pass = passo
action_take = presa
action_play = giocata
action_bid = dichiarazione
action_coinche = coinche
action_surcoinche = surcoinche
action_call = chiamata
action_trump = scelta della briscola
action_exchange = scarto
illegal_game_over = la partita è finita
illegal_deal_not_finished = la mano in corso non è finita
illegal_deal_complete = le carte sono già state date
illegal_no_such_action = in { $game } non c'è «{ $action }»
illegal_not_your_turn = non è il tuo turno
illegal_card_not_in_hand = non hai { $card }
illegal_seat_lacks_card = non hai { $card }
illegal_must_follow = devi rispondere a { $suit }
illegal_play_phase = si giocano le carte: niente { $action } ora
illegal_must_overtrump_card = devi surtagliare: { $card } non batte { $winner_card }
illegal_must_play_higher = devi giocare un { $suit_one } più alto: { $card } non batte { $winner_card }
illegal_no_undertrump = non puoi sottotagliare con { $card } se hai un'altra carta
illegal_must_undertrump = devi tagliare: niente { $suit }, gioca { $trump_suit_one }
illegal_must_overtrump = devi surtagliare: niente { $suit }, batti { $winner_card }
illegal_must_trump = devi tagliare: niente { $suit }, gioca { $trump_suit_one }
illegal_nobody_took = nessuno ha ancora preso: non si gioca
illegal_la_vache = la vache: al secondo giro il mazziere deve prendere
illegal_take_names_trump = chi prende deve dire l'atout
illegal_round1_turn_up_only = al primo giro si prende solo il seme scoperto ({ $suit })
illegal_round2_other_suit = { $suit } è stato rifiutato al primo giro: scegli un altro seme
illegal_round2_no_sa_ta = a questo tavolo non si può dire né SA né TA
illegal_not_a_trump = { $trump } non può essere atout
illegal_auction_not_over = la licitazione non è finita: non si gioca
illegal_coinched_window = dopo un coinche si può solo dire surcoinche o passo
illegal_capot_window = dopo un capot si può solo dire coinche o passo
illegal_nothing_to_surcoinche = niente da surcoinchare: il contratto non è coinchato
illegal_nothing_to_coinche = niente da coinchare: nessuno ha dichiarato
illegal_coinche_opponents_only = solo gli avversari di chi dichiara possono coinchare
illegal_capot_not_coinchable = a questo tavolo un capot non si coincha
illegal_bad_bid_value = { $value } non è una dichiarazione: da 80 a 160 di 10 in 10, capot o générale
illegal_bid_names_trump = una dichiarazione deve dire l'atout
illegal_no_bid_over = niente si dichiara sopra { $value }
illegal_sa_ta_disabled = a questo tavolo non si dichiara SA né TA
illegal_generale_disabled = a questo tavolo non si dichiara générale
illegal_bid_too_low = devi dichiarare più di { $value }
illegal_auction_over = niente { $action } ora: la chiamata è finita
illegal_pass_carries_nothing = chi passa non nomina carte, valori o semi
illegal_trump_after_auction = la briscola la sceglie solo il chiamante, dopo la chiamata
illegal_trump_already_named = la briscola è già stata scelta
illegal_trump_one_suit = scegli un solo seme di briscola
illegal_no_play_in_auction = durante la chiamata non si gioca
illegal_declarer_names_trump = il chiamante deve prima scegliere la briscola
illegal_play_one_card = gioca una sola carta
illegal_card_not_in_seat_hand = non hai { $card }
illegal_call_names_rank = si chiama una carta (e, sul 2, dei punti)
illegal_no_such_rank = il mazzo da 40 non ha { $rank }: chiama Asso, 3, Re, Cavallo, Fante, 7, 6, 5, 4 o 2
illegal_points_need_option = a questo tavolo non si chiama a punti
illegal_points_bid_is_two = una chiamata a punti è un 2 con un obiettivo
illegal_points_over_two_only = si chiama a punti solo sopra un 2
illegal_points_range = una chiamata a punti va da 62 a { $high }, non { $points }
illegal_points_must_exceed = devi chiamare più di { $target } punti
illegal_two_beaten_by_points = sopra il 2 si chiama solo a punti
illegal_nothing_beats_two = niente batte il 2
illegal_call_weaker_rank = chiama una carta più bassa di { $rank }
illegal_exchange_first = non si gioca prima dei due scarti
illegal_name_discards = scegli le carte da scartare
illegal_exchange_count = scarta da { $low } a { $high } carte, non { $count }
illegal_exchange_twice = non puoi scartare due volte la stessa carta
illegal_exchanges_over = gli scarti sono finiti
piquet_combination_point = punto di { $count } ({ $value })
piquet_combination_sequence = { $length ->
    [3] terza
    [4] quarta
    [5] quinta
    [6] sesta
    [7] settima
    [8] ottava
   *[other] nona
} { $rank ->
    [A] all'asso
    [K] al re
    [Q] alla donna
    [J] al fante
    [T] al dieci
    [9] al nove
    [8] all'otto
    [7] al sette
   *[other] al sei
}
piquet_combination_trio = tris { $rank ->
    [A] d'assi
    [K] di re
    [Q] di donne
    [J] di fanti
   *[T] di dieci
}
piquet_combination_quatorze = quattordici { $rank ->
    [A] d'assi
    [K] di re
    [Q] di donne
    [J] di fanti
   *[T] di dieci
}
corner_A = A
corner_K = K
corner_Q = Q
corner_J = J
italian_card = { $rank } di { $suit }
the_italian_rank = { $rank ->
    [A] l'asso
    [K] il re
    [Q] il cavallo
    [J] il fante
   *[other] il { $rank }
}
the_italian_card = { $rank ->
    [A] l'asso
    [K] il re
    [Q] il cavallo
    [J] il fante
   *[other] il { $rank }
} di { $suit }
rank_T = 10
rank_J = fante
rank_Q = donna
rank_K = re
rank_A = asso
the_rank = { $rank ->
    [A] l'asso
    [K] il re
    [Q] la donna
    [J] il fante
    [T] il 10
   *[other] il { $rank }
}

## Deal review
review_hand = Le tue carte in quel momento
review_table = Sul tavolo
review_played = Giocata
review_better = Migliore
review_chose = Hai scelto: { $action }
review_better_action = Meglio: { $action }
review_moment_trick = Presa { $trick }
review_moment_auction = Asta
review_mistake = Errore
review_unlucky = Sfortuna
review_trump = Briscola: { $trump }
review_trump_card = Briscola
review_contract = Contratto: { $contract }
review_turn_up = Girata: { $card }
review_to_beat = Da superare: { $bid } ({ $player })
review_auction = L'asta fin qui
review_you_open = Parli per primo.
review_you_lead = Sei di mano
review_side_you = tu
review_side_partner = compagno
review_side_opponent = avversario
review_side_unknown = compagno?
review_better_real = Meglio nella mano reale
review_better_real_action = Meglio nella mano reale: { $action }

## Seasons (issue 45): the lines of a season's standings.
season_promotion = Promozione
season_relegation = Retrocessione
season_unranked = Non ancora in classifica
season_to_go = { $count ->
    [one] ancora { $count } partita
   *[other] ancora { $count } partite
}
