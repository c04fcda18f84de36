## Le pagine web delle mani, partite, sfide e classifiche (bot/web).

web_cli_url = ATOUT_WEB_URL deve essere l'indirizzo pubblico delle pagine, come https://atout.example.org (http o https, senza query), non { $value }
web_cli_bind = ATOUT_WEB_BIND deve essere host:porta, come 127.0.0.1:8080 o 0.0.0.0:8080, non { $value }
web_cli_secret = ATOUT_WEB_SECRET deve avere almeno { $most } caratteri, senza spazi (python3 -c "import secrets; print(secrets.token_urlsafe(32))" ne crea uno)
web_cli_proxies = ATOUT_WEB_TRUSTED_PROXIES deve elencare gli indirizzi o le reti dei tuoi reverse proxy, come 127.0.0.1, ::1 o 172.16.0.0/12, non { $value }
web_cli_listen = Le pagine web non possono ascoltare su { $where }: { $reason }
web_cli_serving = Le pagine di Atout sono servite su { $where }
web_cli_link = L'ultima smazzata finita che le pagine possono mostrare ({ $game }, tavolo { $table }, smazzata { $deal }): apri questo indirizzo da un'altra macchina, attraverso il tuo proxy
web_cli_link_none = Nessuna smazzata finita si può ancora mostrare: gioca una smazzata fino in fondo a un tavolo né privato né di una sfida, poi riprova.
web_cli_link_no_url = ATOUT_WEB_URL non è impostato: le pagine sono spente e non c'è un link da dare (docs/running.md, "The deals' web pages").

web_site = Atout
web_footer = Atout — giochi di carte su Discord. Questa pagina è privata: solo chi ne ha ricevuto il link può aprirla.
web_not_found_title = Pagina non trovata
web_not_found = Questo link non è stato dato da Atout, oppure non c'è niente da mostrare.
web_deal_playing_title = Smazzata in corso
web_deal_playing = Questa smazzata si sta ancora giocando: la sua pagina si aprirà quando sarà finita. Nel frattempo, la pagina della partita mostra le smazzate già concluse.
web_sealed_title = Sigillata fino alla chiusura della sfida
web_sealed = Come è stata giocata questa mano della sfida si potrà vedere quando la sfida sarà chiusa ({ $when }): fino ad allora, chi non l'ha ancora giocata non deve vederla.
web_too_many = Troppe richieste dal tuo indirizzo: aspetta { $seconds ->
    [one] un secondo
   *[other] { $seconds } secondi
} e riprova.
web_method = Queste pagine si possono solo leggere.
web_players = Giocatori
web_dealer = mazziere
web_computer = computer
web_record = Scarica la registrazione (JSON)
web_record_help = La mano come file atout-record/1, con le regole della partita: python -m games replay e ogni altro strumento la riproducono.
web_whole_game = Tutta la partita
web_previous_deal = Mano { $deal }
web_next_deal = Mano { $deal }

web_title_deal = { $game } — tavolo { $table }, mano { $deal }
web_deal_heading = Mano { $deal }
web_first = Primo passo
web_previous = Precedente
web_next = Successivo
web_last = Ultimo passo
web_step = Passo { $step } di { $count }
web_keys = I tasti ← e → spostano di un passo; Inizio e Fine vanno all'inizio e alla fine.
web_dealt = { $name } dà le carte.
web_said = { $name }: { $what }
web_tricks_won = { $count ->
    [one] 1 presa
   *[other] { $count } prese
}
web_stock = Mazzo: { $count }
web_talon = Tallone: { $count }
web_turn_up = Girata
web_trump_card = Briscola
web_called_card = Carta chiamata
web_trump = Briscola: { $trump }
web_auction = Asta
web_hands = Mani distribuite
web_tricks = Prese
web_trick_number = Presa { $number }
web_trick_won = vinta da { $name }
web_melds = Dichiarazioni
web_melds_none = Nessuna dichiarazione.
web_score = Punteggio
web_column_side = Squadra
web_column_deal = Questa mano
web_column_game = Partita
web_passed_out = Hanno passato tutti: nessuno ha giocato questa mano.

web_review_title = Revisione del gioco di { $name }
web_review_none = Il gioco di questo posto non è ancora stato rivisto: premi Rivedi il mio gioco sotto la mano su Discord, poi apri il link che ti dà.
web_review_well_played = Ben giocato: nessun errore in { $count ->
    [one] 1 decisione
   *[other] { $count } decisioni
}.
web_review_count = { $mistakes ->
    [one] 1 errore
   *[other] { $mistakes } errori
} in { $count ->
    [one] 1 decisione
   *[other] { $count } decisioni
}.
web_review_help = Ogni decisione è segnata al suo passo della riproduzione.
web_verdict_mistake = Errore
web_verdict_unlucky = Sfortuna
web_verdict_fine = Bene
web_decision_mistake = { $choice }: { $best } era migliore, di { $cost } in media, nel { $share } delle mani che potevi avere davanti.
web_decision_mistake_exact = { $choice }: { $best } era migliore, di { $cost }.
web_decision_unlucky = { $choice }: buona quanto la migliore in media; solo la mano vera rendeva { $best } migliore. Non potevi saperlo.
web_decision_fine = { $choice }: buona quanto la migliore.
web_cost_points = { $count ->
    [one] 1 punto
   *[other] { $count } punti
}
web_cost_card_points = { $count ->
    [one] 1 punto carte
   *[other] { $count } punti carte
}

web_title_game = { $game } — tavolo { $table }
web_deals = Mani
web_deal_number = Mano { $number }
web_no_deal = Nessuna mano di questa partita è ancora finita.
web_in_play = Questa partita è ancora in corso: qui ci sono solo le mani finite.
web_abandoned = Questa partita è stata abbandonata prima della fine.
web_won_by = Vinta da { $names }.
web_nobody_won = Non ha vinto nessuno.
web_final_score = Punteggio finale
web_ratings = Punteggi Elo
web_unrated = Partita non classificata: nessun punteggio è cambiato.
web_leaderboard_link = La classifica di { $game } del server
web_ladder_link = La classifica di { $game } dei tavoli aperti, tutti i server

web_title_challenge = Sfida { $challenge } — mano { $deal }
web_traveller = Il gioco di tutti su questa mano
web_traveller_help = Il nome di un giocatore apre la sua mano, da rivedere passo per passo.
web_column_rank = Posto
web_column_player = Giocatore
web_column_result = Risultato
web_column_percent = Punti match
web_par = Par: il computer difficile allo stesso posto ha fatto { $score }.
web_traveller_empty = Nessuno ha finito questa mano.

web_title_board = { $game } — classifica
web_board_empty = Nessuno ha ancora giocato una partita classificata di { $game } su questo server.
web_title_ladder = { $game } — tavoli aperti, tutti i server
web_ladder_empty = Nessuno ha ancora giocato una partita classificata di { $game } a un tavolo aperto.
web_provisional = provvisorio
web_page = Pagina { $page } di { $pages }
