# I messaggi, i pulsanti e i comandi di Atout, in italiano. Sintassi Fluent: https://projectfluent.org/

game_belote = Belote
game_coinche = Coinche
game_piquet = Piquet
game_briscola = Briscola
game_chiamata = Briscola a chiamata
game_sueca = Sueca
cli_no_token = Atout ha bisogno di un token di bot Discord.

      1. Copia .env.example in .env (cp .env.example .env).
      2. Crea un'applicazione su https://discord.com/developers/applications, apri Bot, premi Reset Token e copialo.
      3. Mettilo in .env come DISCORD_TOKEN=... (o imposta la variabile d'ambiente DISCORD_TOKEN).
      4. Avvia di nuovo python -m bot.

    La sezione "Running your own Atout" del README spiega come invitare il bot nel tuo server.
cli_bad_token = Discord ha rifiutato il token in DISCORD_TOKEN (.env o ambiente): copialo di nuovo dal Developer Portal (Bot → Reset Token).
cli_no_network = Atout non riesce a raggiungere Discord ({ $reason }): controlla la connessione di rete di questa macchina e riprova.
cli_intents = Discord ha rifiutato un intent del gateway: Atout non ha bisogno di intent privilegiati; controlla le impostazioni Bot dell'applicazione.
cli_discord_error = Discord ha risposto con un errore ({ $status }: { $reason }); riprova tra un momento.
cli_no_database = Atout non riesce ad aprire il database { $where } ({ $reason }): controlla ATOUT_DB (il percorso di un file SQLite, o postgresql://utente:password@host:porta/database) e che il server del database sia in funzione.
cli_no_sqlite = Atout non riesce ad aprire il suo database SQLite { $where } ({ $reason }): controlla ATOUT_DB, il percorso di un file in una cartella dove Atout può scrivere (un nome nuovo crea un nuovo database).
cli_not_sqlite = ATOUT_DB indica { $where }, che non è il database SQLite di Atout ({ $reason }): indica il percorso del file del database di Atout (un nome nuovo ne crea uno), o un URL postgresql://.
cli_ai_pause = ATOUT_AI_PAUSE deve essere un numero di secondi tra 0 e 60, non { $value }
cli_image_processes = ATOUT_IMAGE_PROCESSES deve essere un numero di processi di disegno tra 0 e { $most } (0 disegna nei thread), non { $value }
cli_review_processes = ATOUT_REVIEW_PROCESSES deve essere un numero di processi di revisione tra 0 e { $most } (0 le calcola in un thread), non { $value }
cli_discord_rate = ATOUT_DISCORD_RATE deve essere un numero di richieste al secondo tra 0 e { $most } (0: nessun limite), non { $value }
cli_db_url = ATOUT_DB deve essere il percorso di un file SQLite o un URL postgresql://, non { $value }
action_pass = Passo
action_coinche = Coinche
action_surcoinche = Surcoinche
action_take = Prendo { $trump }
action_name = { $trump }
action_exchange_marked = { $count ->
    [one] Scarta { $count } carta
   *[other] Scarta { $count } carte
}
action_exchange_range = Segna da { $low } a { $high } carte da scartare
action_call_placeholder = Chiama una carta
action_trump_placeholder = Scegli la briscola
action_level_placeholder = Livello della dichiarazione
action_bid_suit = Dichiara { $value } { $trump }
bid_capot = Capot
denomination_NT = Senza atout (SA)
denomination_AT = Tutto atout (TA)
bid_generale = Générale
call_points = { $rank }, { $points } punti
event_trick = { $name } fa la presa
event_play = { $name } gioca { $card }
event_pass = { $name } passa
event_take = { $name } prende a { $trump }
event_bid = { $name } dichiara { $value } { $trump }
event_coinche = Coinche di { $name }
event_surcoinche = Surcoinche di { $name }
event_call = { $name } chiama { $rank }
event_call_points = { $name } chiama { $rank } a { $points }
event_trump = { $name } sceglie { $suit }
event_trump_called = { $name } sceglie { $suit }: la carta chiamata è { $card }
event_exchange = { $name } scarta { $count }
event_belote = Belote per { $name }
event_rebelote = Rebelote per { $name }
event_redeal = Tutti hanno passato: si ridà
turn_take = Turno di { $name }: prendere o passare
turn_bid = Turno di { $name }: dichiarare
turn_exchange = Turno di { $name }: scartare
turn_trump = Turno di { $name }: scegliere la briscola
turn_play = Turno di { $name }: giocare
turn_act = Turno di { $name }
status_over = Partita finita
status_dealing = Si distribuisce…
deal_summary_title = **Mano { $number }**
deal_passed_out = Tutti hanno passato.
deal_card_points = Punti delle carte: { $points }
deal_scores = Questa mano: { $scores }
deal_melds = Dichiarazioni: { $scores }
deal_belote = Belote: { $scores }
deal_totals = Punteggio: { $scores }
side_score = { $side }: { $score }
team_members = { $team } ({ $names })
result_winners = { $count ->
    [one] **Partita finita — vince { $names }!**
   *[other] **Partita finita — vincono { $names }!**
}
result_no_winner = **Partita finita — nessun vincitore.**
table_header = Tavolo { $id }
button_hand = Le mie carte
button_last_trick = Ultima presa
ping_turn = { $mention }, tocca a te
hand_your_turn = Tavolo { $id }: tocca a te.
prompt_bid = Dichiarazione da battere: { $bid } ({ $name }).
prompt_call = Chiamata in corso: { $rank } ({ $name }). Più bassa è la carta, più alta è la chiamata: chiama sotto, o passa.
prompt_call_first = Più bassa è la carta, più alta è la chiamata: chiamare { $first } impegna meno di tutti, chiamare { $last } più di tutti.
prompt_trump = Hai chiamato { $rank }: scegli la briscola — chi ha { $rank } di quel seme è il tuo socio.
prompt_trump_alone = Hai { $card }: scegliere il suo seme vuol dire giocare da solo.
trump_alone = ce l'hai tu: giochi da solo
hand_waiting = Tavolo { $id }: si aspetta { $name }.
hand_over = Tavolo { $id }: la partita è finita.
lobby_title = **{ $game }** — tavolo { $id }
lobby_rules = Regole: { $rules }
lobby_here = questo canale
lobby_started = La partita è iniziata in { $where }.
seat_line = Posto { $number }: { $who }
seat_empty = (libero)
seat_computer = { $name } ({ $level })
seat_team = — squadra { $team }
computer_name = Computer { $number }
level_easy = facile
level_normal = medio
level_hard = difficile
button_join = { $count ->
    [one] Siediti · { $count } posto libero
   *[other] Siediti · { $count } posti liberi
}
button_leave = Alzati
button_addbot = Aggiungi un computer
button_rmbot = Togli un computer
button_house = Regole della casa
button_start = Inizia
addbot_choose = Che livello per questo computer?
addbot_done = { $name } ({ $level }) si siede.
rules_title = Regole della casa di questo tavolo: scegli una regola per cambiarla.
rule_pick = Regola da cambiare
rule_current = Ora: { $value } — { $help }
rule_more = Altre regole…
rule_value = **{ $key }** — { $help }
rule_set = { $key }: ora { $value }.
table_rules_title = Regole della casa del tavolo { $id } ({ $game }):
table_rules_line = { $key }: { $value }
table_left = Hai lasciato il tavolo { $id }; { $name } gioca al tuo posto finché non torni (/table rejoin).
table_abandoned = Il tavolo { $id } è stato abbandonato.
table_abandon_vote = Voto registrato: { $votes ->
    [one] { $votes } giocatore su { $needed } vuole
   *[other] { $votes } giocatori su { $needed } vogliono
} abbandonare il tavolo { $id }.
table_export_name = Registro della partita del tavolo { $id }.
error_no_table = Questo tavolo non esiste.
error_table_needed = Usalo nel thread del tavolo, oppure indica `table:<numero>`.
error_not_seated = Non sei seduto a questo tavolo.
error_stale = Queste carte non sono aggiornate — premi Le mie carte per vederle di nuovo.
error_not_your_turn = Non tocca a te.
error_not_playing = Su questo tavolo non si sta giocando.
error_illegal = Mossa non valida: { $reason }.
error_no_last_trick = Non è ancora stata fatta nessuna presa.
error_malformed = Questo pulsante non è di Atout.
error_options = Queste regole non si possono usare: { $reason }.
error_guild_only = I tavoli di Atout si trovano nei server, non nei messaggi diretti.
error_lobby_closed = Questo tavolo ha già iniziato.
error_already_seated = Sei già seduto a questo tavolo.
error_lobby_full = Tutti i posti sono occupati.
error_no_computer = Non c'è nessun computer da togliere.
error_lobby_not_full = Prima bisogna occupare tutti i posti.
error_no_human = Al tavolo serve almeno una persona: siediti (Siediti) prima di iniziare.
error_not_away = Non hai nessun posto da riprendere a questo tavolo.
table_left_public = { $mention } ha lasciato il tavolo: { $name } gioca al suo posto finché non torna.
button_rejoin = Riprendo il mio posto
away_timer = { $mention } ha saltato { $turns } turni di fila: { $name } gioca al suo posto finché non torna (Riprendo il mio posto, o /table rejoin).
table_deserted = Al tavolo non è rimasto nessuno: i computer aspettano, e il tavolo chiude tra { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minuti
} se nessuno torna.
rejoined = Hai ripreso il tuo posto al tavolo { $id }: premi Le mie carte.
rejoined_public = { $mention } è tornato al tavolo.
lobby_expired = Questo tavolo è stato chiuso: non è iniziato entro { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minuti
}.
table_expired = Il tavolo { $id } è finito: nessuno è tornato entro { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minuti
}.
ping_reminder = { $mention }, metà del tuo tempo è passata: ti restano { $seconds } s per giocare.
ping_press_hand = — premi Le mie carte per vedere le tue carte.
table_moved = Il tavolo { $id } si è spostato qui: il suo thread non c'è più o è chiuso al bot.
cmd_table_rejoin = Riprendi il posto che hai lasciato, o che il timer ha dato a un computer
error_addbot_used = Questo computer è già seduto; premi di nuovo Aggiungi un computer per un altro.
thread_name = { $game } n. { $id } — { $names }
error_bad_level = Livello sconosciuto.
error_starter_only = Solo chi ha aperto il tavolo può farlo.
error_abandon_rights = Solo chi ha aperto il tavolo, o la maggioranza dei giocatori, può abbandonarlo.
error_internal = Qualcosa è andato storto; il tavolo è al sicuro. Riprova, per favore.
error_storage = La tua mossa non è stata registrata, quindi non è cambiato nulla. Riprova, per favore.
table_thinking = { $name } ci pensa…
cmd_belote = Belote: quattro giocatori, due contro due, con una carta scoperta
cmd_coinche = Coinche: la Belote con l'asta e il contro
cmd_piquet = Piquet: il classico gioco a due
cmd_briscola = Briscola a 2, 3, 4 o 6 giocatori
cmd_chiamata = Briscola a chiamata: cinque giocatori e un socio segreto
cmd_sueca = Sueca: quattro giocatori, due contro due
cmd_table = Il tavolo dove stai giocando
cmd_start_belote = Apri un tavolo di Belote
cmd_start_coinche = Apri un tavolo di Coinche
cmd_start_piquet = Apri un tavolo di Piquet
cmd_start_briscola = Apri un tavolo di Briscola
cmd_start_chiamata = Apri un tavolo di Briscola a chiamata
cmd_start_sueca = Apri un tavolo di Sueca
cmd_table_hand = Guarda le tue carte (le vedi solo tu)
cmd_table_leave = Lascia il tavolo; un computer prende il tuo posto
cmd_table_abandon = Abbandona il tavolo (chi l'ha aperto, o la maggioranza dei giocatori)
cmd_table_export = Il registro della partita in un file JSON
cmd_table_rules = Le regole della casa del tavolo
opt_table = Numero del tavolo (non serve nel thread del tavolo)
opt_level = Livello dei computer
opt_target_score = Punti da raggiungere per vincere la partita
opt_melds_enabled = Dichiarazioni (combinazioni) in uso
opt_round2_sa_ta = Senza atout (SA) e tutto atout (TA) al secondo giro
opt_sa_ta_enabled = Senza atout (SA) e tutto atout (TA) dichiarabili
opt_scoring_mode = Al primo che arriva al punteggio, o la partita Rubicon in sei mani
opt_games_to_win_match = Partite da vincere per vincere l'incontro
opt_seats = Numero di giocatori
opt_hands_to_win = Smazzate da vincere per vincere l'incontro
opt_match_deals = Mani dell'incontro
opt_bidding = Tipo di asta
opt_games_to_win = Partite da vincere per vincere l'incontro
opt_deck_style = Il mazzo da usare
deck_auto = il mazzo solito del gioco
deck_french = Francese (2 colori)
deck_french4 = Francese (4 colori)
deck_italian = Italiano
action_keep_hand = Tengo le mie carte
opt_turn_timer = Tempo per giocare prima che un computer giochi quel turno al posto tuo
timer_off = nessun timer
timer_seconds = { $seconds ->
    [one] { $seconds } secondo
   *[other] { $seconds } secondi
}
ping_turn_timed = { $mention }, tocca a te ({ $seconds } s)
table_left_lobby = Hai lasciato il tavolo { $id } prima dell'inizio.
event_declarer = { $name } vince l'asta con { $rank }
event_partner = { $name } ha giocato la carta chiamata: { $name } è il socio
event_alone = { $name } ha giocato la carta chiamata: da solo contro quattro
event_declaration_good = { $what }? Buono: { $name } +{ $points }
event_declaration_not_good = { $category }? Non buono: { $what }, { $name } +{ $points }
event_declaration_equal = { $category }? Pari
event_carte_blanche = Carte blanche per { $name }
event_pique = Pique per { $name }
event_repique = Repique per { $name }
deal_tricks = Prese: { $points }
result_games_won = Partite vinte: { $scores }
value_on = sì
value_off = no
hand_not_updated = Fatto — la tua mossa è sul tavolo. Premi Le mie carte per vedere le carte nuove.
error_setting = `{ $key }` non può essere { $value }: scegli uno dei valori proposti.
action_call_range = Chiama da { $first } a { $last } punti
deal_contract = Contratto: { $contract } di { $name } — { $outcome }
outcome_success = fatto
outcome_failure = fallito
outcome_litige = pari (litige): i punti passano alla mano successiva
deal_call = { $name } ha chiamato { $card } — { $partner }; { $points ->
    [one] { $points } punto
   *[other] { $points } punti
} (ne servivano { $target }): { $outcome }
deal_partner = il socio era { $name }
deal_alone = da solo
deal_sweep = Cappotto!
rule_first_deal_packets = Pacchetti della prima distribuzione
rule_help_first_deal_packets = Come si danno le prime cinque carte: 3 e poi 2, o 2 e poi 3
rule_value_first_deal_packets_3-2 = 3 e poi 2
rule_value_first_deal_packets_2-3 = 2 e poi 3
rule_redeal_by = Mazziere dopo una ridistribuzione
rule_help_redeal_by = Chi fa le carte quando tutti hanno passato due volte
rule_value_redeal_by_next_dealer = tocca al giocatore successivo
rule_value_redeal_by_same_dealer = lo stesso mazziere ridà
rule_round2_sa_ta = SA/TA al secondo giro
rule_help_round2_sa_ta = Se al secondo giro si possono scegliere senza atout (SA) e tutto atout (TA)
rule_la_vache = La vache
rule_help_la_vache = Il mazziere deve prendere al secondo giro se tutti gli altri hanno passato
rule_trump_lead_overtrump = Superare l'atout uscito
rule_help_trump_lead_overtrump = Se si deve giocare un atout più alto quando esce atout
rule_value_trump_lead_overtrump_always = sempre
rule_value_trump_lead_overtrump_never = mai
rule_value_trump_lead_overtrump_not_over_partner = non quando la presa è del compagno
rule_must_undertrump = Sottotagliare
rule_help_must_undertrump = Se si deve giocare un atout più basso quando non si batte quello dell'avversario
rule_partner_winning_trump = Tagliare la presa del compagno
rule_help_partner_winning_trump = Quando la presa è del compagno, se l'atout giocato deve superare il suo o è libero
rule_value_partner_winning_trump_overtrump_only = deve superarlo
rule_value_partner_winning_trump_free = qualunque atout
rule_melds_enabled = Dichiarazioni
rule_help_melds_enabled = Se scale e poker si dichiarano e si contano
rule_meld_card_reuse = Una carta in due dichiarazioni
rule_help_meld_card_reuse = Se una carta può contare insieme in un poker e in una scala
rule_hundred_priority = Precedenza dei 100
rule_help_hundred_priority = Chi vince tra un poker da 100 e una scala di cinque
rule_value_hundred_priority_carre = vince il poker
rule_value_hundred_priority_sequence = vince la scala
rule_meld_tie = Dichiarazioni pari
rule_help_meld_tie = Cosa succede quando le due migliori dichiarazioni sono pari
rule_value_meld_tie_void = non le segna nessuno
rule_value_meld_tie_first_declarer = le segna chi dichiara per primo
rule_sa_nine_carre = Poker di 9 a SA
rule_help_sa_nine_carre = Se il poker di 9 vale 100 a senza atout (SA)
rule_belote_king_first = Belote: prima il re
rule_help_belote_king_first = Se la belote conta solo quando il re è giocato prima della donna
rule_ta_belote = Belote a TA
rule_help_ta_belote = A tutto atout (TA), se re e donna di ogni seme fanno belote
rule_value_ta_belote_each_suit = in ogni seme
rule_value_ta_belote_none = niente belote
rule_carre_values = Valore dei poker
rule_help_carre_values = Se i poker valgono secondo il contratto (SA: assi 200, 10 150) o sono fissi (fanti 200, 9 150, altri 100)
rule_value_carre_values_by_contract = secondo il contratto
rule_value_carre_values_fixed = fissi (fanti 200, 9 150, altri 100)
rule_belote_protected = Belote salva
rule_help_belote_protected = Se la belote resta alla sua squadra quando il contratto fallisce o è pari
rule_success_basis = Cosa fa il contratto
rule_help_success_basis = Cosa conta per vedere se chi ha preso ha fatto il contratto
rule_value_success_basis_all = tutto
rule_value_success_basis_cards_belote = carte e belote
rule_value_success_basis_cards = solo le carte
rule_value_success_basis_cards_melds = carte e dichiarazioni
rule_sa_card_multiplier = Punti a SA
rule_help_sa_card_multiplier = Se i punti delle carte raddoppiano a senza atout (SA)
rule_value_sa_card_multiplier_1 = normali
rule_value_sa_card_multiplier_2 = doppi
rule_ta_card_multiplier = Punti a TA
rule_help_ta_card_multiplier = Se i punti delle carte raddoppiano a tutto atout (TA)
rule_value_ta_card_multiplier_1 = normali
rule_value_ta_card_multiplier_2 = doppi
rule_capot_takes_melds = Il capot prende le dichiarazioni
rule_help_capot_takes_melds = Se una squadra che non fa prese dà le sue dichiarazioni all'altra
rule_rounding = Arrotondamento
rule_help_rounding = Come si arrotondano i punteggi segnati
rule_value_rounding_none = nessun arrotondamento
rule_value_rounding_half_down = alla decina, il 5 per difetto
rule_value_rounding_six_split = alla decina, dal 6 per eccesso
rule_value_rounding_half_up_10 = alla decina, il 5 per eccesso
rule_target_score = Punteggio da raggiungere
rule_help_target_score = Il punteggio che vince la partita
rule_capot_win_disallowed = Niente vittoria col capot
rule_help_capot_win_disallowed = Se una partita non si può vincere con una mano di capot
rule_deal_packets = Pacchetti della distribuzione
rule_help_deal_packets = Come si danno le otto carte
rule_value_deal_packets_3-2-3 = 3, 2, poi 3
rule_value_deal_packets_3-3-2 = 3, 3, poi 2
rule_value_deal_packets_2-3-3 = 2, 3, poi 3
rule_sa_ta_enabled = Dichiarazioni SA/TA
rule_help_sa_ta_enabled = Se si possono dichiarare senza atout (SA) e tutto atout (TA)
rule_sa_ta_scale = Conteggio SA/TA
rule_help_sa_ta_scale = Come si contano i punti delle carte a senza atout (SA) e tutto atout (TA)
rule_value_sa_ta_scale_card_values_162 = riportati a 162 punti
rule_value_sa_ta_scale_proportional = in proporzione
rule_value_sa_ta_scale_raw = così come sono
rule_capot_coinchable = Coinche sul capot
rule_help_capot_coinchable = Se una dichiarazione di capot (o di générale) si può contrare
rule_generale_enabled = Générale
rule_help_generale_enabled = Se un giocatore può impegnarsi a fare tutte le prese da solo
rule_generale_value = Valore della générale
rule_help_generale_value = Quanti punti vale una générale
rule_contract_basis = Cosa fa il contratto
rule_help_contract_basis = Cosa conta per vedere se chi ha preso ha fatto il contratto
rule_value_contract_basis_all = tutto
rule_value_contract_basis_cards_belote = carte e belote
rule_value_contract_basis_cards = solo le carte
rule_value_contract_basis_cards_melds = carte e dichiarazioni
rule_eighty_needs_82 = L'80 vuole 82
rule_help_eighty_needs_82 = Se un contratto da 80 richiede 82 punti
rule_success_needs_more = Battere la difesa
rule_help_success_needs_more = Se chi ha preso deve anche fare più punti della difesa
rule_scoring_method = Modo di segnare
rule_help_scoring_method = Come si segna un contratto fatto
rule_value_scoring_method_standard = punti fatti più il contratto
rule_value_scoring_method_bonus_only = solo il contratto
rule_value_scoring_method_belote_plus_bonus = il contratto più la belote
rule_unbid_capot = Capot non dichiarato
rule_help_unbid_capot = Quanto vale fare tutte le prese con un contratto a punti
rule_value_unbid_capot_bonus = un premio
rule_value_unbid_capot_replaces_cards = 250 al posto delle carte
rule_value_unbid_capot_none = niente di più
rule_failed_contract_melds = Dichiarazioni di un contratto fallito
rule_help_failed_contract_melds = Chi tiene le dichiarazioni quando il contratto fallisce
rule_value_failed_contract_melds_defenders_own = ognuno tiene le sue
rule_value_failed_contract_melds_all_to_defenders = vanno tutte alla difesa
rule_value_failed_contract_melds_none = non le segna nessuno
rule_multiply_belote = La coinche raddoppia la belote
rule_help_multiply_belote = Se la belote si moltiplica insieme al contratto
rule_rules_era = Epoca delle regole
rule_help_rules_era = Quali regole storiche si giocano
rule_value_rules_era_modern = moderne
rule_value_rules_era_old = antiche
rule_value_rules_era_c17 = XVII secolo
rule_scoring_mode = Formato della partita
rule_help_scoring_mode = Una partita a punteggio, o una partita Rubicon in sei mani
rule_value_scoring_mode_target = a punteggio
rule_value_scoring_mode_rubicon = partita Rubicon
rule_games_to_win_match = Partite da vincere
rule_help_games_to_win_match = Partite (o partite Rubicon) da vincere per vincere l'incontro
rule_deal_packet = Pacchetti della distribuzione
rule_help_deal_packet = Quante carte si danno alla volta
rule_value_deal_packet_2 = 2 alla volta
rule_value_deal_packet_3 = 3 alla volta
rule_younger_min_exchange = Il secondo di mano deve scartare
rule_help_younger_min_exchange = Se il secondo di mano deve scartare almeno una carta
rule_value_younger_min_exchange_1 = almeno una carta
rule_value_younger_min_exchange_0 = può tenere le sue carte
rule_talon_view = Guardare il tallone
rule_help_talon_view = Chi può guardare le carte rimaste nel tallone
rule_value_talon_view_modern = regola moderna
rule_value_talon_view_parlett = regola di Parlett
rule_discard_view = Guardare gli scarti
rule_help_discard_view = Se un giocatore può guardare i propri scarti
rule_value_discard_view_none = no
rule_value_discard_view_own = sì, i propri
rule_last_trick_point_on_capot = Ultima presa sul capot
rule_help_last_trick_point_on_capot = Se l'ultima presa vale ancora il suo punto quando si vincono tutte e 12
rule_old_last_trick_needs_ten = Ultima presa con un 10
rule_help_old_last_trick_needs_ten = Se il punto dell'ultima presa richiede un 10 o più
rule_three_player_removed_card = Carta tolta in tre
rule_help_three_player_removed_card = Quale 2 esce dal mazzo quando si gioca in tre
rule_value_three_player_removed_card_2C = il 2 di bastoni
rule_value_three_player_removed_card_2H = il 2 di coppe
rule_value_three_player_removed_card_2D = il 2 di denari
rule_value_three_player_removed_card_2S = il 2 di spade
rule_trump_card_source = Carta di briscola
rule_help_trump_card_source = Quale carta si gira per la briscola
rule_value_trump_card_source_next_card = la carta dopo la distribuzione
rule_value_trump_card_source_bottom_card = l'ultima carta del mazzo
rule_tie_rule = Smazzata pari
rule_help_tie_rule = Cosa dà una smazzata finita 60 a 60
rule_value_tie_rule_draw = un pareggio
rule_value_tie_rule_last_trick = la vittoria a chi fa l'ultima presa
rule_hands_to_win = Smazzate da vincere
rule_help_hands_to_win = Smazzate che una parte deve vincere per vincere l'incontro
rule_partners_view_after_stock = I compagni si mostrano le carte
rule_help_partners_view_after_stock = Se i compagni si vedono le carte quando il mazzo è finito
rule_bidding = Asta
rule_help_bidding = Come si fa l'asta
rule_value_bidding_rank_only = per carta
rule_value_bidding_two_then_points = per carta, poi a punti
rule_follow_rule = Rispondere al seme
rule_help_follow_rule = Se si deve rispondere al seme giocato
rule_value_follow_rule_must_follow = obbligatorio
rule_value_follow_rule_free = libero
rule_first_lead = Prima uscita
rule_help_first_lead = Chi esce alla prima presa
rule_value_first_lead_eldest = il giocatore dopo il mazziere
rule_value_first_lead_declarer = chi ha chiamato
rule_cappotto_basis = Cappotto
rule_help_cappotto_basis = Cosa conta come cappotto
rule_value_cappotto_basis_points = tutti i punti
rule_value_cappotto_basis_tricks = tutte le prese
rule_match_deals = Mani
rule_help_match_deals = Mani di un incontro
rule_trump_card = Carta di briscola
rule_help_trump_card = Quale carta del mazziere stabilisce la briscola
rule_value_trump_card_dealer_last = l'ultima carta del mazziere
rule_value_trump_card_dealer_first = la prima carta del mazziere
rule_games_to_win = Partite da vincere
rule_help_games_to_win = Partite che una squadra deve vincere per vincere l'incontro
rule_bandeira = Bandeira
rule_help_bandeira = Cosa dà vincere tutte e dieci le prese
rule_value_bandeira_match = l'incontro
rule_value_bandeira_four_games = quattro partite
rule_draw_bonus = Smazzata 60 a 60
rule_help_draw_bonus = Cosa porta una smazzata pari alla successiva
rule_value_draw_bonus_carry_one = una partita in più al prossimo vincitore
rule_value_draw_bonus_none = niente
rules_summary_target = { $game } ai { $target } punti
rules_summary_hands = { $game }, vince chi arriva a { $count ->
    [one] { $count } smazzata
   *[other] { $count } smazzate
}
rules_summary_games = { $game }, vince chi arriva a { $count ->
    [one] { $count } partita
   *[other] { $count } partite
}
rules_summary_deals = { $game } in { $count ->
    [one] { $count } mano
   *[other] { $count } mani
}
rules_summary_match = { $game }, vince chi arriva a { $count ->
    [one] { $count } partita
   *[other] { $count } partite
}
rules_summary_rubicon = { $game }, partita Rubicon
rules_melds_on = con dichiarazioni
rules_melds_off = senza dichiarazioni
rules_sa_ta_on = SA/TA ammessi
rules_sa_ta_off = niente SA/TA
rules_changed = { $label }: { $value }
computer_rated = Computer ({ $level })
rating_provisional = { $rating } (provvisorio)
rating_provisional_mark = (provvisorio)
rating_change = { $name } { $before } → { $after } ({ $delta })
ratings_title = **Punteggi Elo**
ratings_unrated = Tavolo non valido per la classifica: nessun punteggio è cambiato.
board_title = { $game } — classifica
board_subtitle = { $period } · pagina { $page } di { $pages }
period_all = Da sempre
period_30d = Ultimi 30 giorni
board_you = Tu: { $line }
board_line = { $rank }. { $name } — { $rating } · { $games } · { $rate }% vinte
board_empty = Ancora nessuna partita di { $game } in classifica in questo server — `{ $command }` ne apre una!
board_empty_period = Nessuna partita di { $game } in classifica in questo server negli ultimi 30 giorni — `{ $command }` ne apre una!
error_page = Non c'è una pagina { $page }: questa classifica ha { $pages ->
    [one] { $pages } pagina
   *[other] { $pages } pagine
}.
error_manage_server = Solo i membri con il permesso Gestisci server possono farlo.
stats_title = **Statistiche di { $name }**
stats_not_rated = nessun punteggio dall'ultimo azzeramento
stats_rank = , { $rank }º su { $of }
stats_line = { $game }: { $rating }{ $rank } — { $games }, { $wins ->
    [one] { $wins } vinta
   *[other] { $wins } vinte
} ({ $rate }%)
stats_partner = Compagno migliore: { $name } ({ $wins ->
    [one] { $wins } vinta
   *[other] { $wins } vinte
} su { $games } insieme)
stats_opponent = Avversario più duro: { $name } ({ $wins ->
    [one] { $wins } vinta
   *[other] { $wins } vinte
} su { $games } contro)
stats_chart_title = { $name } — punteggio
stats_none_own = Non hai ancora partite in classifica in questo server — `/briscola start`, `/chiamata start` o qualunque altro gioco è un buon inizio!
stats_none = { $name } non ha ancora partite in classifica in questo server.
stats_none_own_game = Non hai ancora partite di { $game } in classifica in questo server — `{ $command }` ne apre una!
stats_none_game = { $name } non ha ancora partite di { $game } in classifica in questo server.
history_title = **Ultime partite di { $name }**
history_line = { $number }. { $when } { $game }, tavolo { $id } — { $players } — { $result }
history_abandoned = abbandonata
history_left = lasciata durante il gioco (una sconfitta)
history_won = vinta
history_tie = pari
history_lost = persa
history_rated = { $outcome }, { $before } → { $after } ({ $delta })
history_unrated = { $outcome }, fuori classifica
button_previous = Precedente
button_next = Successiva
button_record = Registro { $number }
button_reset = Azzera i punteggi
button_play_unrated = Gioca fuori classifica
button_play_rated = Gioca in classifica
reset_confirm = Azzerare tutti i punteggi di { $game } di questo server? Tutti ripartono da 1.000; lo storico delle partite resta.
reset_done = I punteggi di { $game } di questo server sono azzerati ({ $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
}). Lo storico delle partite resta.
settings_show = Computer nelle classifiche: { $computers }. `/atout settings show_computers:` lo cambia.
settings_yes = mostrati
settings_no = nascosti
lobby_rated = In classifica: il risultato cambia i punteggi dei giocatori.
lobby_unrated = Fuori classifica: questa partita non cambia nessun punteggio.
cmd_leaderboard = I migliori giocatori di questo server in un gioco
cmd_stats = Partite, vittorie, punteggio e posizione per gioco, con un grafico
cmd_history = Le ultime partite di un giocatore, con i loro registri
cmd_atout = Le impostazioni di Atout per questo server (Gestisci server)
cmd_ratings_reset = Azzera i punteggi di un gioco in questo server (chiede conferma)
cmd_atout_settings = Mostra o cambia le impostazioni di questo server
opt_game = Il gioco
opt_game_any = Solo questo gioco (di solito: tutti i giochi)
opt_period = Da sempre, o i giocatori degli ultimi 30 giorni
opt_page = La pagina da mostrare (10 giocatori per pagina)
opt_user = Di chi (di solito: tu)
opt_show_computers = Mostra i computer nelle classifiche
history_versus = {" "}contro{" "}
count_games = { $count ->
    [one] { $count } partita
   *[other] { $count } partite
}
opt_language = Lingua del tavolo (di solito: quella del server)
opt_server_language = Lingua predefinita dei nuovi tavoli di questo server
settings_language = Lingua dei nuovi tavoli: { $language }. `/atout settings language:` la cambia.
language_en = English
language_fr = Français
language_it = Italiano
language_pt-PT = Português (Portugal)
language_pt-BR = Português (Brasil)
language_ja = 日本語
trump_short_NT = SA
trump_short_AT = TA

## Sfide del server (docs/challenges.md)
cmd_challenge = Sfide del server: tutti giocano le stesse smazzate
cmd_challenge_new = Avvia una sfida in questo canale (Gestisci server, o il ruolo delle sfide)
cmd_challenge_daily = Pubblica qui una sfida di un gioco ogni giorno, o smetti
cmd_challenge_play = Gioca le smazzate di una sfida, in privato (o riprendi da dove eri)
cmd_challenge_standings = La classifica di una sfida
cmd_challenge_results = I tuoi risultati, o quelli di tutti su una smazzata che hai giocato
cmd_challenge_export = Le registrazioni delle smazzate che hai giocato in una sfida
cmd_challenge_role = Il ruolo i cui membri possono avviare sfide (Gestisci server)
opt_challenge = Numero della sfida (predefinito: l'ultima di questo server)
opt_challenge_deals = Numero di smazzate, da 1 a 24
opt_challenge_closes_in = Per quanto tempo resta aperta
opt_challenge_rules = Altre regole della casa, come coppie chiave=valore (es. sa_ta_enabled=true)
opt_challenge_daily = Avvia o ferma la sfida quotidiana
opt_challenge_deal = Numero di una smazzata: i risultati di tutti su di essa
opt_challenge_role = Il ruolo (senza: solo Gestisci server)
challenge_close_hours = { $count ->
    [one] { $count } ora
   *[other] { $count } ore
}
challenge_close_days = { $count ->
    [one] { $count } giorno
   *[other] { $count } giorni
}
challenge_daily_start = Avvia
challenge_daily_stop = Ferma
challenge_title = Sfida n. { $id } — { $game }
challenge_card_setup = { $count ->
    [one] { $count } smazzata
   *[other] { $count } smazzate
} · { $seats } giocatori · tieni il posto 1 in ogni smazzata, i computer (difficili) gli altri
challenge_card_rules = Regole della casa: { $rules }
challenge_card_how = Tutti giocano le stesse smazzate contro gli stessi avversari computer; ogni smazzata è confrontata con il risultato di tutti gli altri su di essa.
challenge_card_how_partner = Tutti giocano le stesse smazzate con lo stesso compagno e gli stessi avversari computer; ogni smazzata è confrontata con il risultato di tutti gli altri su di essa.
challenge_card_players = Giocatori: { $started } · hanno finito: { $finished }
challenge_card_winner = { $count ->
    [one] Vincitore
   *[other] Vincitori
}: { $name } ({ $percent })
challenge_card_closes = Chiude { $when } ({ $left }). Un tentativo a testa: Gioca apre il tuo tavolo privato.
challenge_card_closed = Chiusa { $when }.
button_challenge_play = Gioca
button_challenge_standings = Classifica
challenge_created = La sfida n. { $id } è aperta fino a { $when }.
challenge_none = Non c'è ancora nessuna sfida su questo server: `/challenge new` ne avvia una.
challenge_unknown = Non c'è nessuna sfida n. { $id } su questo server.
challenge_closed = La sfida n. { $id } è chiusa: `/challenge standings` mostra com'è finita.
challenge_done_already = Hai già giocato la sfida n. { $id } (un tentativo a testa): `/challenge results` mostra le tue smazzate.
challenge_table_in_thread = Il tuo tavolo per la sfida n. { $id } è in { $thread }: smazzata { $number } di { $total }.
challenge_thread_name = Sfida n. { $id } — { $name }
challenge_deal_start = **{ $title }** · smazzata { $number } di { $total }
challenge_summary_title = **Smazzata { $number } di { $total }**
challenge_hand_done = Smazzata { $number } di { $total } giocata fino in fondo.
challenge_table_done = Questa smazzata è finita.
challenge_deal_done = **Smazzata { $number } di { $total } finita**: { $result }
challenge_field_unit_points = -# Ogni risultato sono i punti delle carte presi dalla squadra del giocatore.
challenge_field_line_plain = { $rank } { $name } — { $score } · { $percent }
challenge_field_par_plain = Par (il computer difficile al tuo posto): { $score }
challenge_par_only = Par: il computer difficile al tuo posto ha fatto { $par } in questa smazzata.
challenge_par_same = Par: il computer difficile al tuo posto ha fatto { $par } in questa smazzata, esattamente come te.
challenge_par_worse = Par: il computer difficile al tuo posto ha fatto { $par } in questa smazzata; hai fatto { $count ->
    [one] { $diff } punto
   *[other] { $diff } punti
} in meno.
challenge_par_better = Par: il computer difficile al tuo posto ha fatto { $par } in questa smazzata; hai fatto { $count ->
    [one] { $diff } punto
   *[other] { $diff } punti
} in più.
challenge_result_own = hai segnato { $score } in questa smazzata.
challenge_result_sides = la tua squadra ha segnato { $mine } e l'altra { $theirs }, quindi il tuo risultato è { $score }.
challenge_result_points = la tua squadra ha preso { $score } punti delle carte.
challenge_standings_unplayed = La classifica conta solo le smazzate che hai finito, perché nessuno scopra una smazzata prima di giocarla: finisci prima la smazzata 1 della sfida n. { $id } (Gioca, sulla sua scheda).
challenge_standings_sealed = -# { $count ->
    [one] Qui conta solo la smazzata che hai finito
   *[other] Qui contano solo le { $count } smazzate che hai finito
} (su { $total }): i risultati di tutti sulle altre restano nascosti finché non le giochi o la sfida non chiude.
challenge_standings_you_tied = Tu: posizione { $rank } su { $players } (a pari merito) · { $percent } · { $par } rispetto al par · { $done ->
    [one] { $done } smazzata giocata su { $total }
   *[other] { $done } smazzate giocate su { $total }
}
challenge_deal_par_pending = Il par di questa smazzata è ancora in calcolo.
challenge_deal_field = { $percent } dei punti match contro { $count ->
    [one] il giocatore che l'ha giocata prima di te.
   *[other] i { $count } giocatori che l'hanno giocata prima di te.
}
challenge_deal_alone = Nessun altro ha ancora giocato questa smazzata.
challenge_attempt_done = **Sfida completata**: { $percent } di media · { $par } rispetto al par. `/challenge standings` e `/challenge results` mostrano com'è andata a tutti.
challenge_closed_now = La sfida n. { $id } è chiusa: contano le smazzate che hai finito, le altre non si giocano.
challenge_par_name = Computer (difficile)
challenge_standings_subtitle = { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
} · pagina { $page }/{ $pages }
challenge_standings_open = chiude { $left }
challenge_standings_final = classifica finale
challenge_standings_you = Tu: posizione { $rank } su { $players } · { $percent } · { $par } rispetto al par · { $done ->
    [one] { $done } smazzata giocata su { $total }
   *[other] { $done } smazzate giocate su { $total }
}
challenge_standings_note = -# Punti match: in ogni smazzata, 1 per ogni giocatore battuto e ½ per ogni pareggio, in percentuale. La media di ognuno è fatta sulle stesse smazzate (una smazzata non giocata conta 0%); a parità di media decide il risultato per smazzata giocata rispetto al par (il computer difficile al tuo posto).
challenge_standings_missed = -# Hai giocato { $done } delle { $total } smazzate: ogni smazzata non giocata conta 0%.
challenge_attempt_alone = **Sfida completata**: nessun altro l'ha ancora giocata, quindi non ci sono ancora punti match · { $par } rispetto al par. `/challenge standings` ti classificherà man mano che altri giocano.
challenge_standings_empty = Nessuno ha ancora finito una smazzata della sfida n. { $id }.
challenge_heading_rank = #
challenge_heading_player = Giocatore
challenge_heading_deals = Smazzate
challenge_heading_percent = Punti match
challenge_heading_par = ± par
challenge_results_title = **{ $title }** — le tue smazzate
challenge_results_line = Smazzata { $number }: { $score } · par { $par } · { $percent } ({ $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
})
challenge_results_unplayed = Smazzata { $number }: non ancora giocata
challenge_results_hint = `/challenge results deal:` mostra il risultato di tutti su una smazzata che hai giocato.
challenge_results_none = Non hai ancora finito nessuna smazzata della sfida n. { $id }.
challenge_results_locked = Vedrai i risultati di tutti sulla smazzata { $number } dopo averla giocata.
challenge_field_title = **{ $title }**, smazzata { $number }: { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
}
challenge_field_par = Par (il computer difficile al tuo posto): { $detail } → { $score }
challenge_field_line = { $rank } { $name } — { $detail } → { $score } · { $percent }
challenge_export_none = Non hai ancora finito nessuna smazzata della sfida n. { $id }.
challenge_export_name = Le tue smazzate della sfida n. { $id }, una registrazione ciascuna (`python -m games replay` le rigioca).
challenge_daily_on = Una sfida di { $game } sarà pubblicata in { $channel } ogni giorno, a partire da ora.
challenge_daily_off = Niente più sfide quotidiane di { $game }.
challenge_daily_none = Non c'era nessuna sfida quotidiana di { $game } su questo server.
challenge_role_set = I membri con { $role } ora possono avviare sfide.
challenge_role_cleared = Ora solo i membri con Gestisci server possono avviare sfide.
error_challenge_rights = Solo i membri con Gestisci server (o il ruolo scelto con `/challenge role`) possono farlo.
error_challenge_deals = Una sfida ha da 1 a { $most } smazzate, non { $value }.
error_challenge_closes = Una sfida resta aperta per una delle durate proposte, non { $value ->
    [one] { $value } ora
   *[other] { $value } ore
}.
error_challenge_deal = La sfida n. { $id } ha le smazzate da 1 a { $most }.
error_challenge_rule_text = Scrivi le regole della casa come coppie chiave=valore, es. sa_ta_enabled=true target_score=1000 (non «{ $text }»).
error_challenge_table = Questo tavolo è una smazzata di una sfida: si gioca da `/challenge play` e non si può lasciare né abbandonare.

## Revisione della mano (issue 23)
button_review = Rivedi il mio gioco
review_select = Rivedi il mio gioco: scegli una mano
review_select_deal = Mano { $deal }
review_title = **Il tuo gioco nella mano { $deal }** — { $game }, tavolo { $table }
review_mistakes = { $mistakes ->
    [one] **{ $mistakes } errore**
   *[other] **{ $mistakes } errori**
} in { $count ->
    [one] { $count } decisione
   *[other] { $count } decisioni
}, { $mistakes ->
    [one] che ti è costato
   *[other] che ti sono costati
} { $costs }.
review_cost_together = In tutto: { $total }.
review_cost_overlap = In tutto: circa { $total }, la più grande delle scelte della dichiarazione più quelle del gioco (le scelte di una stessa dichiarazione si sovrappongono: non si sommano).
review_no_mistake = **Nessun errore** in { $count ->
    [one] { $count } decisione
   *[other] { $count } decisioni
}: nessuna è costata più di { $cost } in media.
review_unlucky_count = { $count ->
    [one] Una scelta è stata sfortunata: buona quanto le altre sulle mani possibili, battuta solo nella mano reale.
   *[other] { $count } scelte sono state sfortunate: buone quanto le altre sulle mani possibili, battute solo nella mano reale.
}
review_only_some = { $count ->
    [one] Qui sotto la più importante.
   *[other] Qui sotto le { $count } più importanti.
}
review_list_separator = {", "}
review_list_last = {" e "}
review_well_played = **Ben giocato!** { $count ->
    [one] La tua unica decisione non è costata più di { $cost }.
   *[other] Nessuna delle tue { $count } decisioni è costata più di { $cost }.
}
review_moment_trick = Presa { $trick }
review_moment_auction = Asta
review_line_card = Hai giocato { $choice }; { $best } sarebbe stata migliore nel { $share } delle mani possibili: ti è costato { $cost } in media.
review_line_action = Hai scelto: { $choice }; { $best } sarebbe stato meglio nel { $share } delle mani possibili: ti è costato { $cost } in media.
review_line_card_exact = Hai giocato { $choice }; { $best } valeva { $cost } in più (tutte le carte erano note).
review_line_action_exact = Hai scelto: { $choice }; { $best } valeva { $cost } in più (tutte le carte erano note).
review_line_card_unlucky = Hai giocato { $choice }, e non potevi saperlo: { $best } era migliore solo nella mano reale, di { $cost }. Sulle mani possibili, la tua carta valeva altrettanto.
review_line_action_unlucky = Hai scelto: { $choice }, e non potevi saperlo: { $best } era meglio solo nella mano reale, di { $cost }. Sulle mani possibili, la tua scelta valeva altrettanto.
review_cost_points = { $count ->
    [one] { $count } punto
   *[other] { $count } punti
}
review_cost_card_points = { $count ->
    [one] { $count } punto carte
   *[other] { $count } punti carte
}
review_state_stock = Mazzo: { $count ->
    [one] { $count } carta rimasta
   *[other] { $count } carte rimaste
}
review_state_gone = Carte uscite: { $played } su { $total }
review_state_points = Punti fin qui: { $sides }
review_state_side_you = la tua squadra: { $points }
review_state_you = tu: { $points }
review_state_others = gli altri: { $points }
review_state_seat = { $name }: { $points }
review_action_pass = passare
review_action_coinche = contrare
review_action_surcoinche = surcontrare
review_action_bid = dichiarare { $value } { $trump }
review_action_take = prendere a { $trump }
review_action_call = chiamare il { $rank }
review_action_call_points = chiamare il { $rank } a { $points }
review_action_trump = { $suit } briscola
review_action_exchange = scartare { $cards }
review_action_keep = tenere le carte
review_computing = La revisione del tuo gioco nella mano { $deal } è in calcolo… apparirà qui tra pochi secondi.
review_not_yours = Solo i giocatori di questo tavolo possono rivedere il proprio gioco.
review_no_deal = Nessuna mano di questo tavolo è ancora finita.
review_no_such_deal = Questo tavolo non ha una mano { $deal } finita.
review_failed = Non è stato possibile calcolare la revisione; riprova più tardi.
cmd_review = Dove il tuo gioco in una mano finita è costato punti (lo vedi solo tu)
opt_review_deal = Numero della mano (predefinito: l'ultima finita)

## Puzzles (/puzzle: docs/puzzles.md)
cmd_puzzle = Problemi da mani vere: uno al giorno per il server, e i tuoi errori
cmd_puzzle_today = Il problema del giorno di questo server (lo vedi solo tu)
cmd_puzzle_mine = Un problema da uno dei tuoi errori rivisti (lo vedi solo tu)
cmd_puzzle_stats = I tuoi problemi risolti e le tue serie, gioco per gioco
cmd_puzzle_daily = Pubblica ogni giorno il problema del giorno del server in questo canale
opt_puzzle_daily = Avvia o ferma la pubblicazione quotidiana
puzzle_title_day = Problema del giorno — { $game }
puzzle_title_mine = Il tuo errore come problema — { $game }
puzzle_from_mine = Dalla mano { $deal } del tavolo n. { $table }, dove il tuo gioco è costato punti.
puzzle_goal_card_points = Tutte le mani sono scoperte. Trova l'unica carta che fa prendere alla tua squadra almeno { $at_least } dei { $of } punti rimasti, qualunque cosa giochino gli altri.
puzzle_goal_contract_declarer = Tutte le mani sono scoperte. Trova l'unica carta che fa mantenere il contratto alla tua squadra, qualunque cosa giochino i difensori.
puzzle_goal_contract_defence = Tutte le mani sono scoperte. Trova l'unica carta che fa cadere il contratto, qualunque cosa giochi chi l'ha dichiarato.
puzzle_goal_score_ahead = Tutte le mani sono scoperte. Trova l'unica carta che chiude la mano con almeno { $margin } punti di vantaggio, qualunque cosa giochino gli altri.
puzzle_goal_score_behind = Tutte le mani sono scoperte. Trova l'unica carta che chiude la mano con al massimo { $margin } punti di svantaggio, qualunque cosa giochino gli altri.
puzzle_goal_best = Si vedono solo le tue carte, come le vedevi tu. Trova la carta che fa meglio di ogni altra in almeno il { $share } delle mani possibili.
puzzle_pick = Il tuo posto è in basso. Scegli la tua carta: un solo tentativo.
puzzle_you = Tu
puzzle_solve = Risolvi
puzzle_post = **Problema del giorno — { $game }** · { $date }
    { $goal }
    Premi «Risolvi»: solo tu vedi le mani, la tua risposta e quanti l'hanno trovata.
puzzle_right = ✅ **Esatto!** { $card } è la carta giusta.
puzzle_wrong = ❌ **Non questa volta:** { $card } non basta; la carta era { $answer }.
puzzle_values_card_points = Punti presi dalla tua squadra con ogni carta, col gioco migliore dopo: { $values }
puzzle_values_score = Il tuo scarto a fine mano con ogni carta, col gioco migliore dopo: { $values }
puzzle_values_contract = Col gioco migliore dopo ogni carta: { $values }
puzzle_values_best = Media su { $deals } mani possibili ({ $unit }): { $values }
puzzle_unit_points = punti
puzzle_unit_card_points = punti delle carte
puzzle_value_met = { $card } ci arriva
puzzle_value_missed = { $card } non basta
puzzle_why = **Perché** — il gioco migliore dopo { $answer }:
puzzle_why_not = **Perché { $card } non basta** — il gioco migliore dopo:
puzzle_line_trick = Presa { $number } — { $plays }
puzzle_line_play = { $name }: { $card }
puzzle_solvers = { $answered ->
    [1] Sei la prima persona di questo server a rispondere.
   *[other] { $found ->
        [0] Nessuno dei { $answered } membri di questo server che hanno risposto l'ha trovata.
        [1] 1 dei { $answered } membri di questo server che hanno risposto l'ha trovata.
       *[other] { $found } dei { $answered } membri di questo server che hanno risposto l'hanno trovata.
    }
}
puzzle_streak = { $current ->
    [0] { $best ->
        [0] Nessuna serie per ora: un problema risolto ne comincia una.
       *[other] Serie interrotta (record { $best }).
    }
   *[other] Serie: { $current } di fila (record { $best }).
}
puzzle_already = Hai già risposto a questo problema: un tentativo a testa. La tua risposta resta.
puzzle_not_yours = Questo problema non è tuo: prova `/puzzle today` o `/puzzle mine`.
puzzle_unknown = Questo problema non esiste.
puzzle_not_a_choice = Questa carta non è tra le scelte del problema.
puzzle_failed = Non è stato possibile preparare il problema; riprova tra un momento.
puzzle_mine_none = Ancora nessun problema dai tuoi errori: dopo una mano premi «Rivedi il mio gioco», poi torna qui.
puzzle_mine_done = Hai risposto a tutti i problemi trovati nei tuoi errori rivisti; le prossime revisioni ne porteranno altri.
puzzle_stats_title = **I tuoi problemi**
puzzle_stats_line = { $game }: { $solved ->
    [one] { $solved } risolto
   *[other] { $solved } risolti
} su { $tried } · serie { $current } (record { $best })
puzzle_stats_all = Tutti i giochi: { $solved ->
    [one] { $solved } risolto
   *[other] { $solved } risolti
} su { $tried } · serie { $current } (record { $best })
puzzle_stats_none = Non hai ancora risposto a nessun problema: prova `/puzzle today`.
puzzle_daily_on = Il problema del giorno del server sarà pubblicato in { $channel } ogni giorno, a partire da ora.
puzzle_daily_off = La pubblicazione quotidiana del problema è ferma.
puzzle_daily_none = Questo server non ha una pubblicazione quotidiana del problema.
## Link buttons to the web pages (bot/web), shown where ATOUT_WEB_URL is set.
button_web_deal = Rivedi la mano sul web
button_web_game = La partita sul web
button_web_review = La mia revisione, passo per passo
button_web_history = Partita { $number } sul web
button_web_board = Classifica sul web
button_web_traveller = Il gioco di tutti sul web

## Seasons and divisions (issue 45, docs/ratings.md "Seasons").
season_name = Stagione { $number }
season_length_monthly = Mensili
season_length_weekly = Settimanali
season_length_quarterly = Trimestrali
season_length_off = Disattivate
season_choice_current = Stagione in corso
season_choice_previous = Stagione precedente
season_choice_all = Da sempre
season_board_title = { $game } — { $season }
season_board_division = Divisione { $division } di { $divisions }
season_board_page = pagina { $page } di { $pages }
season_line_unranked = { $name } — { $games } · non ancora in classifica: { $count ->
    [one] manca { $count } partita
   *[other] mancano { $count } partite
}
season_promotion_line = ⬆️ Promozione: { $count ->
    [one] il primo sale
   *[other] i primi { $count } salgono
} in divisione { $division }
season_relegation_line = ⬇️ Retrocessione: { $count ->
    [one] l'ultimo scende
   *[other] gli ultimi { $count } scendono
} in divisione { $division }
season_unranked_title = Non ancora in classifica ({ $count ->
    [one] serve { $count } partita valida
   *[other] servono { $count } partite valide
}):
season_you_division = divisione { $division }, { $line }
season_off = Le stagioni sono disattivate in questo server (`/atout settings season:` le attiva).
season_none_yet = In questo server non è ancora iniziata nessuna stagione: la prima comincia con la prossima partita valida per la classifica.
season_no_previous = In questo server non è ancora finita nessuna stagione.
season_bad = `season:` accetta current, previous, all o il numero di una stagione.
season_unknown = In questo server non c'è una stagione { $number }.
season_empty = Nessuno ha ancora giocato una partita di { $game } valida per la { $season } — `{ $command }` ne apre una!
button_division = { $up ->
    [1] ▲ Divisione { $division }
   *[other] ▼ Divisione { $division }
}
button_web_season = Classifica della stagione sul web
stats_seasons_title = **Stagioni**
stats_season_line = { $game }, { $season }{ $current ->
    [1] {" "}(in corso)
   *[other] {""}
}: { $place } — { $games }, { $rating }
stats_season_rank = { $rank }º posto
stats_season_rank_division = { $rank }º posto in divisione { $division } di { $divisions }
stats_season_unranked = non ancora in classifica ({ $count ->
    [one] manca { $count } partita
   *[other] mancano { $count } partite
})
stats_season_up = promosso
stats_season_down = retrocesso
season_end_title = 🏆 **{ $game } — la { $season } è finita** ({ $dates })
season_podium_title = { $game } — { $season }
season_end_place = { $medal } { $name } — { $rating } · { $games }
season_end_nobody = Nessuno ha giocato { $count ->
    [one] la partita valida necessaria
   *[other] le { $count } partite valide necessarie
} per entrare in classifica.
season_end_up = ⬆️ Salgono in divisione { $division }: { $names }
season_end_down = ⬇️ Scendono in divisione { $division }: { $names }
season_end_more = …e { $count ->
    [one] { $count } altro movimento
   *[other] altri { $count } movimenti
} in classifica.
season_end_next = Si riparte: { $season }, { $dates }. Ogni partita valida conta, e ognuno riparte dal proprio punteggio, con margine per muoversi.
season_end_divisions = La { $season } si gioca in { $count ->
    [one] { $count } divisione
   *[other] { $count } divisioni
} di circa 20 giocatori, formate in base al punteggio.
season_end_off = Ora le stagioni sono disattivate in questo server.
season_end_command = `/leaderboard game:{ $game } season:{ $number }` mostra la classifica finale.
champion_role_reason = Campione della stagione { $season }
champion_role_permission = Atout non ha potuto dare il ruolo { $role } ai campioni della { $season } su { $server }: dai ad Atout il permesso Gestisci ruoli.
champion_role_position = Atout non ha potuto dare il ruolo { $role } ai campioni della { $season } su { $server }: sposta il ruolo di Atout sopra { $role } in Impostazioni server → Ruoli.
reset_seasons = Anche la classifica della stagione in corso di { $game } riparte da zero; le stagioni passate restano come sono finite.
opt_season_board = current, previous, all (da sempre) o il numero di una stagione (predefinita: quella in corso)
opt_division = Quale divisione della stagione (predefinita: la tua)
opt_season_length = Quanto dura una stagione (un cambio vale dalla stagione successiva)
opt_season_min_games = Partite valide che servono in una stagione per entrare in classifica (10)
opt_announce_channel = Dove annunciare la fine di ogni stagione
opt_champion_role = Un ruolo dato ai campioni di ogni stagione
opt_clear = Smetti di usare una di queste impostazioni
clear_announce_channel = Canale degli annunci
clear_champion_role = Ruolo dei campioni
settings_season = Stagioni: { $length }.
settings_season_running = Stagioni: { $length } — ora la { $season } ({ $dates }).
settings_season_min_games = In classifica di stagione dopo { $count ->
    [one] { $count } partita valida
   *[other] { $count } partite valide
}.
settings_announce_channel = Fine delle stagioni annunciata in: { $channel }.
settings_champion_role = Ruolo dei campioni: { $role }.
settings_none = nessuno
settings_season_later = La { $season } tiene le sue date: la nuova durata vale dalla stagione successiva.
settings_season_off_later = La { $season } va avanti fino alla fine, che sarà annunciata; poi nessuna stagione.
settings_champion_permission = Non posso ancora dare { $role }: mi serve il permesso Gestisci ruoli.
settings_champion_position = Non posso ancora dare { $role }: sposta il mio ruolo sopra di esso in Impostazioni server → Ruoli.
## Open tables (issue 44): /play, the queue, mirrors in each player's server, quick chat.
cmd_play = Gioca con persone di tutti i server: un posto a un tavolo aperto
opt_play_seats = Numero di giocatori (predefinito: quello del gioco)
opt_wait = Minuti di attesa prima che i computer prendano i posti liberi
opt_open = Offri i posti liberi ai giocatori degli altri server (tavolo aperto)
opt_scope = La classifica di questo server, o quella dei tavoli aperti di tutti i server
opt_open_tables = Permetti ai membri di giocare ai tavoli aperti con altri server
wait_minutes = { $minutes } min
scope_server = Questo server
scope_everywhere = Ovunque (tavoli aperti)
settings_on = attivi
settings_off = disattivati
settings_open_tables = Tavoli aperti con altri server: { $value }. `/atout settings open_tables:` lo cambia.
play_off = I tavoli aperti sono disattivati su questo server. Chi gestisce il server può attivarli con `/atout settings open_tables:true`.
play_bad_seats = A { $game } si gioca in { $counts }.
permission_view_channel = Visualizza canale
permission_send_messages = Invia messaggi
permission_create_public_threads = Crea thread pubblici
permission_send_messages_in_threads = Invia messaggi nei thread
permission_attach_files = Allega file
play_permissions = Non posso mostrare il tuo tavolo in questo canale: mi serve { $permissions } qui. Chiedi a un admin, o usa `/play` in un altro canale.
play_too_fast = Piano: potrai rientrare in coda tra { $seconds } s.
play_seated = Sei già al tavolo { $id }: finiscilo, o lascialo con `/table leave`, prima di metterti in coda.
play_already = Sei già in coda per { $game } ({ $seats } giocatori), da { $minutes } min.
play_queued = Sei in coda per { $game } ({ $seats } giocatori): { $waiting ->
        [one] 1 giocatore in attesa
       *[other] { $waiting } giocatori in attesa
    } su { $servers ->
        [one] 1 server
       *[other] { $servers } server
    }. Dopo { $minutes } min, i computer prendono i posti liberi.
button_queue_leave = Esci dalla coda
button_queue_now = Inizia subito con i computer
play_left = Sei uscito dalla coda.
play_not_queued = Non sei in coda.
play_ready = Il tuo tavolo è pronto: { $where }
play_ready_lobby = Hai un posto al tavolo { $id } ({ $game }). La sua sala d'attesa è su un altro server: la partita comincia quando chi l'ha aperto preme Inizia, e la troverai qui.
open_welcome = { $mentions } — tavolo aperto { $id }, { $game }, con giocatori di più server: nel thread qui sotto.
open_seats = Posti: { $seats }
open_not_started = Non ho potuto aprire il tuo tavolo in quel canale (manca un permesso): un computer ha preso il tuo posto. Prova `/play` in un altro canale.
open_server_off = I tavoli aperti sono stati disattivati su questo server: sei uscito dalla coda.
open_lobby_closed = Il tavolo { $id } ha chiuso prima di cominciare: non hai più un posto lì.
open_mirror_closed = I tavoli aperti sono stati disattivati su questo server: i computer giocano al posto dei suoi giocatori, e il tavolo continua sugli altri server.
open_seat_gone = I tavoli aperti sono stati disattivati su questo server: un computer gioca al tuo posto al tavolo { $id }, che continua per gli altri.
open_seat_gone_removed = Sono stato rimosso da questo server: un computer gioca al tuo posto al tavolo { $id }, che continua per gli altri.
open_player_gone = { $name } ha lasciato il tavolo: { $computer } gioca al suo posto.
lobby_open = Tavolo aperto: i posti liberi sono offerti ai giocatori di tutti i server (`/play`).
chat_placeholder = Di' qualcosa al tavolo…
chat_hello = Ciao!
chat_good_luck = Buona fortuna!
chat_well_played = Ben giocata!
chat_thanks = Grazie!
chat_sorry = Scusa!
chat_your_turn = Tocca a te!
chat_good_game = Bella partita!
chat_mute_option = Silenzia { $name } (per sempre)
chat_line = 💬 **{ $name }**: { $phrase }
chat_muted = Non leggerai più i messaggi di { $name }, a nessun tavolo.
chat_too_fast = Un messaggio ogni { $seconds } secondi, per favore.
board_title_everywhere = { $game } — tavoli aperti, tutti i server
board_counts_server = Qui contano le partite giocate ai tavoli di questo server; i tavoli aperti contano con `scope:everywhere`.
board_empty_everywhere = Ancora nessuna partita di { $game } in classifica ai tavoli aperti — `/play` ti fa sedere a uno!
board_empty_everywhere_period = Nessuna partita di { $game } in classifica ai tavoli aperti negli ultimi 30 giorni — `/play` ti fa sedere a uno!
board_counts_everywhere = Qui contano le partite giocate ai tavoli aperti, su tutti i server.
