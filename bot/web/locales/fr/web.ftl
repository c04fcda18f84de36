## Les pages web des donnes, parties, défis et classements (bot/web).

web_cli_url = ATOUT_WEB_URL doit être l'adresse publique des pages, comme https://atout.example.org (http ou https, sans requête), pas { $value }
web_cli_bind = ATOUT_WEB_BIND doit être hôte:port, comme 127.0.0.1:8080 ou 0.0.0.0:8080, pas { $value }
web_cli_secret = ATOUT_WEB_SECRET doit faire au moins { $most } caractères, sans espace (python3 -c "import secrets; print(secrets.token_urlsafe(32))" en crée un)
web_cli_proxies = ATOUT_WEB_TRUSTED_PROXIES doit lister les adresses ou réseaux de tes proxys inverses, comme 127.0.0.1, ::1 ou 172.16.0.0/12, pas { $value }
web_cli_listen = Les pages web ne peuvent pas écouter sur { $where } : { $reason }
web_cli_serving = Les pages d'Atout sont servies sur { $where }
web_cli_link = La dernière donne terminée que les pages peuvent montrer ({ $game }, table { $table }, donne { $deal }) : ouvre cette adresse depuis une autre machine, à travers ton proxy
web_cli_link_none = Aucune donne terminée ne peut encore être montrée : joue une donne jusqu'au bout à une table ni privée ni de défi, puis réessaie.
web_cli_link_no_url = ATOUT_WEB_URL n'est pas défini : les pages sont éteintes, et il n'y a pas de lien à donner (docs/running.md, "The deals' web pages").

web_site = Atout
web_footer = Atout — des jeux de cartes dans Discord. Cette page est privée : seuls ceux qui en ont reçu le lien peuvent l'ouvrir.
web_not_found_title = Page introuvable
web_not_found = Ce lien n'a pas été donné par Atout, ou il n'y a rien à y montrer.
web_deal_playing_title = Donne en cours
web_deal_playing = Cette donne est encore en train de se jouer : sa page s'ouvrira quand elle sera finie. En attendant, la page de la partie montre les donnes déjà terminées.
web_sealed_title = Scellée jusqu'à la fin du défi
web_sealed = Le jeu de cette donne du défi sera visible une fois le défi clos ({ $when }) : d'ici là, les membres qui ne l'ont pas encore jouée ne doivent pas le voir.
web_too_many = Trop de requêtes depuis ton adresse : attends { $seconds ->
    [one] une seconde
   *[other] { $seconds } secondes
} et réessaie.
web_method = Ces pages se lisent seulement.
web_players = Joueurs
web_dealer = donneur
web_computer = ordinateur
web_record = Télécharger l'enregistrement (JSON)
web_record_help = La donne au format atout-record/1, avec les règles de la partie : python -m games replay et tout autre outil la rejouent.
web_whole_game = Toute la partie
web_previous_deal = Donne { $deal }
web_next_deal = Donne { $deal }

web_title_deal = { $game } — table { $table }, donne { $deal }
web_deal_heading = Donne { $deal }
web_first = Première étape
web_previous = Précédente
web_next = Suivante
web_last = Dernière étape
web_step = Étape { $step } sur { $count }
web_keys = Les touches ← et → avancent ou reculent d'une étape ; Début et Fin vont au début et à la fin.
web_dealt = { $name } distribue.
web_said = { $name } : { $what }
web_tricks_won = { $count ->
    [one] 1 pli
   *[other] { $count } plis
}
web_stock = Talon : { $count }
web_talon = Talon : { $count }
web_turn_up = Retournée
web_trump_card = Atout
web_called_card = Carte appelée
web_trump = Atout : { $trump }
web_auction = Enchères
web_hands = Mains distribuées
web_tricks = Plis
web_trick_number = Pli { $number }
web_trick_won = remporté par { $name }
web_melds = Annonces et déclarations
web_melds_none = Rien d'annoncé.
web_score = Score
web_column_side = Camp
web_column_deal = Cette donne
web_column_game = Partie
web_passed_out = Tout le monde a passé : personne n'a joué cette donne.

web_review_title = Revue du jeu de { $name }
web_review_none = Le jeu de cette place n'a pas encore été revu : appuie sur Revoir mon jeu sous la donne dans Discord, puis ouvre le lien qu'il donne.
web_review_well_played = Bien joué : aucune erreur en { $count ->
    [one] 1 décision
   *[other] { $count } décisions
}.
web_review_count = { $mistakes ->
    [one] 1 erreur
   *[other] { $mistakes } erreurs
} en { $count ->
    [one] 1 décision
   *[other] { $count } décisions
}.
web_review_help = Chaque décision est marquée à son étape du replay.
web_verdict_mistake = Erreur
web_verdict_unlucky = Pas de chance
web_verdict_fine = Bien
web_decision_mistake = { $choice } : { $best } était meilleur, de { $cost } en moyenne, dans { $share } des donnes que tu pouvais avoir en face.
web_decision_mistake_exact = { $choice } : { $best } était meilleur, de { $cost }.
web_decision_unlucky = { $choice } : aussi bon que le meilleur en moyenne ; seule la vraie donne rendait { $best } meilleur. Tu ne pouvais pas le savoir.
web_decision_fine = { $choice } : aussi bon que le meilleur.
web_cost_points = { $count ->
    [one] 1 point
   *[other] { $count } points
}
web_cost_card_points = { $count ->
    [one] 1 point de cartes
   *[other] { $count } points de cartes
}

web_title_game = { $game } — table { $table }
web_deals = Donnes
web_deal_number = Donne { $number }
web_no_deal = Aucune donne de cette partie n'est encore finie.
web_in_play = Cette partie est encore en cours : seules ses donnes finies sont ici.
web_abandoned = Cette partie a été abandonnée avant la fin.
web_won_by = Gagnée par { $names }.
web_nobody_won = Personne n'a gagné.
web_final_score = Score final
web_ratings = Classement Elo
web_unrated = Partie non classée : aucun classement n'a bougé.
web_leaderboard_link = Le classement { $game } du serveur
web_ladder_link = Le classement { $game } des tables ouvertes, tous les serveurs

web_title_challenge = Défi { $challenge } — donne { $deal }
web_traveller = Le jeu de chacun sur cette donne
web_traveller_help = Le nom d'un joueur ouvre sa donne, à revoir coup par coup.
web_column_rank = Rang
web_column_player = Joueur
web_column_result = Résultat
web_column_percent = Points de match
web_par = Par : l'ordinateur difficile à la même place a fait { $score }.
web_traveller_empty = Personne n'a fini cette donne.

web_title_board = { $game } — classement
web_board_empty = Personne n'a encore joué de partie classée de { $game } sur ce serveur.
web_title_ladder = { $game } — tables ouvertes, tous les serveurs
web_ladder_empty = Personne n'a encore joué de partie classée de { $game } à une table ouverte.
web_provisional = provisoire
web_page = Page { $page } sur { $pages }
