# Les messages, boutons et commandes d'Atout, en français. Syntaxe Fluent : https://projectfluent.org/

game_belote = Belote
game_coinche = Coinche
game_piquet = Piquet
game_briscola = Briscola
game_chiamata = Briscola a chiamata
game_sueca = Sueca
cli_no_token = Atout a besoin d'un jeton de bot Discord.

      1. Copie .env.example vers .env (cp .env.example .env).
      2. Crée une application sur https://discord.com/developers/applications, ouvre Bot, clique sur Reset Token et copie-le.
      3. Mets-le dans .env sous la forme DISCORD_TOKEN=... (ou définis la variable d'environnement DISCORD_TOKEN).
      4. Relance python -m bot.

    La section « Running your own Atout » du README explique comment inviter le bot sur ton serveur.
cli_bad_token = Discord a refusé le jeton de DISCORD_TOKEN (.env ou environnement) : recopie-le depuis le Developer Portal (Bot → Reset Token).
cli_no_network = Atout n'arrive pas à joindre Discord ({ $reason }) : vérifie la connexion réseau de cette machine et réessaie.
cli_intents = Discord a refusé un intent de la passerelle : Atout n'a besoin d'aucun intent privilégié ; vérifie les réglages Bot de l'application.
cli_discord_error = Discord a répondu par une erreur ({ $status } : { $reason }) ; réessaie dans un instant.
cli_no_database = Atout ne peut pas ouvrir sa base de données { $where } ({ $reason }) : vérifie ATOUT_DB (un chemin de fichier SQLite, ou postgresql://utilisateur:motdepasse@hôte:port/base) et que le serveur de base de données tourne.
cli_no_sqlite = Atout ne peut pas ouvrir sa base SQLite { $where } ({ $reason }) : vérifie ATOUT_DB, le chemin d'un fichier dans un dossier où Atout peut écrire (un nouveau nom crée une nouvelle base).
cli_not_sqlite = ATOUT_DB désigne { $where }, qui n'est pas la base SQLite d'Atout ({ $reason }) : donne le chemin du fichier de base d'Atout (un nouveau nom en crée une), ou une URL postgresql://.
cli_ai_pause = ATOUT_AI_PAUSE doit être un nombre de secondes entre 0 et 60, pas { $value }
cli_image_processes = ATOUT_IMAGE_PROCESSES doit être un nombre de processus de dessin entre 0 et { $most } (0 dessine dans des threads), pas { $value }
cli_review_processes = ATOUT_REVIEW_PROCESSES doit être un nombre de processus de revue de jeu entre 0 et { $most } (0 les calcule dans un thread), pas { $value }
cli_discord_rate = ATOUT_DISCORD_RATE doit être un nombre de requêtes par seconde entre 0 et { $most } (0 : aucune limite), pas { $value }
cli_db_url = ATOUT_DB doit être le chemin d'un fichier SQLite ou une URL postgresql://, pas { $value }
action_pass = Passer
action_coinche = Coincher
action_surcoinche = Surcoincher
action_take = Prendre { $trump }
action_name = { $trump }
action_exchange_marked = { $count ->
    [one] Écarter { $count } carte
   *[other] Écarter { $count } cartes
}
action_exchange_range = Marque { $low } à { $high } cartes à écarter
action_call_placeholder = Appeler une hauteur
action_trump_placeholder = Choisir l'atout
action_level_placeholder = Niveau d'enchère
action_bid_suit = Annoncer { $value } { $trump }
bid_capot = Capot
denomination_NT = Sans atout (SA)
denomination_AT = Tout atout (TA)
bid_generale = Générale
call_points = { $rank }, { $points } points
event_trick = { $name } remporte le pli
event_play = { $name } joue { $card }
event_pass = { $name } passe
event_take = { $name } prend à { $trump }
event_bid = { $name } annonce { $value } { $trump }
event_coinche = Coinché par { $name }
event_surcoinche = Surcoinché par { $name }
event_call = { $name } appelle { $rank }
event_call_points = { $name } appelle { $rank } à { $points }
event_trump = { $name } choisit { $suit }
event_trump_called = { $name } choisit { $suit } : la carte appelée est { $card }
event_exchange = { $name } écarte { $count }
event_belote = Belote pour { $name }
event_rebelote = Rebelote pour { $name }
event_redeal = Tout le monde a passé : on redistribue
turn_take = À { $name } de prendre ou passer
turn_bid = À { $name } d'annoncer
turn_exchange = À { $name } d'écarter
turn_trump = À { $name } de choisir l'atout
turn_play = À { $name } de jouer
turn_act = À { $name } de jouer
status_over = Partie terminée
status_dealing = Distribution…
deal_summary_title = **Donne { $number }**
deal_passed_out = Tout le monde a passé.
deal_card_points = Points des cartes : { $points }
deal_scores = Cette donne : { $scores }
deal_melds = Annonces : { $scores }
deal_belote = Belote : { $scores }
deal_totals = Score : { $scores }
side_score = { $side } : { $score }
team_members = { $team } ({ $names })
result_winners = { $count ->
    [one] **Partie terminée — { $names } gagne !**
   *[other] **Partie terminée — { $names } gagnent !**
}
result_no_winner = **Partie terminée — pas de vainqueur.**
table_header = Table { $id }
button_hand = Ma main
button_last_trick = Dernier pli
ping_turn = { $mention }, à toi de jouer
hand_your_turn = Table { $id } : à toi de jouer.
prompt_bid = Annonce à battre : { $bid } ({ $name }).
prompt_call = Appel en cours : { $rank } ({ $name }). Plus la carte est basse, plus l'appel est fort : appelle plus bas, ou passe.
prompt_call_first = Plus la carte est basse, plus l'appel est fort : appeler { $first } engage le moins, appeler { $last } le plus.
prompt_trump = Tu as appelé { $rank } : choisis la briscola — qui a { $rank } de cette couleur est ton partenaire.
prompt_trump_alone = Tu as { $card } : choisir sa couleur, c'est jouer seul.
trump_alone = tu l'as : tu joues seul
hand_waiting = Table { $id } : on attend { $name }.
hand_over = Table { $id } : la partie est finie.
lobby_title = **{ $game }** — table { $id }
lobby_rules = Règles : { $rules }
lobby_here = ce salon
lobby_started = La partie a commencé dans { $where }.
seat_line = Place { $number } : { $who }
seat_empty = (libre)
seat_computer = { $name } ({ $level })
seat_team = — équipe { $team }
computer_name = Ordinateur { $number }
level_easy = facile
level_normal = moyen
level_hard = difficile
button_join = { $count ->
    [one] Rejoindre · { $count } place libre
   *[other] Rejoindre · { $count } places libres
}
button_leave = Quitter
button_addbot = Ajouter un ordinateur
button_rmbot = Retirer un ordinateur
button_house = Règles maison
button_start = Commencer
addbot_choose = Quel niveau pour cet ordinateur ?
addbot_done = { $name } ({ $level }) s'installe.
rules_title = Règles maison de cette table : choisis une règle pour la changer.
rule_pick = Règle à changer
rule_current = Actuellement : { $value } — { $help }
rule_more = Autres règles…
rule_value = **{ $key }** — { $help }
rule_set = { $key } : désormais { $value }.
table_rules_title = Règles maison de la table { $id } ({ $game }) :
table_rules_line = { $key } : { $value }
table_left = Tu as quitté la table { $id } ; { $name } tient ta place jusqu'à ton retour (/table rejoin).
table_abandoned = La table { $id } a été abandonnée.
table_abandon_vote = Vote enregistré : { $votes ->
    [one] { $votes } joueur sur { $needed } veut
   *[other] { $votes } joueurs sur { $needed } veulent
} abandonner la table { $id }.
table_export_name = Feuille de partie de la table { $id }.
error_no_table = Cette table n'existe pas.
error_table_needed = Utilise cette commande dans le fil de la table, ou indique `table:<numéro>`.
error_not_seated = Tu n'es pas à cette table.
error_stale = Cette main n'est plus à jour — appuie sur Ma main pour la rafraîchir.
error_not_your_turn = Ce n'est pas ton tour.
error_not_playing = Cette table n'est pas en jeu.
error_illegal = Coup refusé : { $reason }.
error_no_last_trick = Aucun pli n'a encore été joué.
error_malformed = Ce bouton n'est pas un bouton d'Atout.
error_options = Ces règles ne peuvent pas être utilisées : { $reason }.
error_guild_only = Les tables d'Atout se jouent sur les serveurs, pas en messages privés.
error_lobby_closed = Cette table a déjà commencé.
error_already_seated = Tu as déjà une place à cette table.
error_lobby_full = Toutes les places sont prises.
error_no_computer = Il n'y a pas d'ordinateur à retirer.
error_lobby_not_full = Il faut d'abord remplir toutes les places.
error_no_human = Une table a besoin d'au moins une personne : prends une place (Rejoindre) avant de commencer.
error_not_away = Tu n'as pas de place à reprendre à cette table.
table_left_public = { $mention } a quitté la table : { $name } tient sa place jusqu'à son retour.
button_rejoin = Reprendre ma place
away_timer = { $mention } a laissé passer { $turns } tours d'affilée : { $name } tient sa place jusqu'à son retour (Reprendre ma place, ou /table rejoin).
table_deserted = Il n'y a plus personne à la table : les ordinateurs attendent, et la table se termine dans { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} si personne ne revient.
rejoined = Tu as retrouvé ta place à la table { $id } : appuie sur Ma main.
rejoined_public = { $mention } est de retour à la table.
lobby_expired = Cette table a été fermée : elle n'a pas commencé { $minutes ->
    [one] dans la minute
   *[other] dans les { $minutes } minutes
}.
table_expired = La table { $id } est terminée : personne n'est revenu { $minutes ->
    [one] dans la minute
   *[other] dans les { $minutes } minutes
}.
ping_reminder = { $mention }, la moitié de ton temps est passée : il te reste { $seconds } s pour jouer.
ping_press_hand = — appuie sur Ma main pour voir tes cartes.
table_moved = La table { $id } a déménagé ici : son fil a disparu ou est fermé au bot.
cmd_table_rejoin = Reprendre la place que tu as quittée, ou que le minuteur a donnée à un ordinateur
error_addbot_used = Cet ordinateur est déjà installé ; appuie de nouveau sur Ajouter un ordinateur pour un autre.
thread_name = { $game } n° { $id } — { $names }
error_bad_level = Niveau inconnu.
error_starter_only = Seul le joueur qui a ouvert la table peut faire ça.
error_abandon_rights = Seul le joueur qui a ouvert la table, ou la majorité des joueurs, peut l'abandonner.
error_internal = Un problème est survenu ; la table est intacte. Réessaie, s'il te plaît.
error_storage = Ton coup n'a pas pu être enregistré, donc rien n'a changé. Réessaie, s'il te plaît.
table_thinking = { $name } réfléchit…
cmd_belote = Belote : quatre joueurs, deux contre deux, avec une carte retournée
cmd_coinche = Coinche : la belote aux enchères, avec coinche et surcoinche
cmd_piquet = Piquet : le grand classique à deux joueurs
cmd_briscola = Briscola à 2, 3, 4 ou 6 joueurs
cmd_chiamata = Briscola a chiamata : cinq joueurs et un partenaire secret
cmd_sueca = Sueca : quatre joueurs, deux contre deux
cmd_table = La table où tu joues
cmd_start_belote = Ouvrir une table de belote
cmd_start_coinche = Ouvrir une table de coinche
cmd_start_piquet = Ouvrir une table de piquet
cmd_start_briscola = Ouvrir une table de briscola
cmd_start_chiamata = Ouvrir une table de briscola a chiamata
cmd_start_sueca = Ouvrir une table de sueca
cmd_table_hand = Voir ta main (toi seul la vois)
cmd_table_leave = Quitter la table ; un ordinateur prend ta place
cmd_table_abandon = Abandonner la table (celui qui l'a ouverte, ou la majorité des joueurs)
cmd_table_export = La feuille de partie, en fichier JSON
cmd_table_rules = Les règles maison de la table
opt_table = Numéro de la table (inutile dans le fil de la table)
opt_level = Niveau des ordinateurs
opt_target_score = Points à atteindre pour gagner la partie
opt_melds_enabled = Annonces (tierce, cinquante, carré…) en jeu
opt_round2_sa_ta = Sans atout (SA) et tout atout (TA) possibles au second tour
opt_sa_ta_enabled = Sans atout (SA) et tout atout (TA) possibles aux enchères
opt_scoring_mode = Au premier qui atteint le but, ou la partie en six donnes (Rubicon)
opt_games_to_win_match = Parties à gagner pour remporter le match
opt_seats = Nombre de joueurs
opt_hands_to_win = Manches à gagner pour remporter le match
opt_match_deals = Donnes du match
opt_bidding = Forme des enchères
opt_games_to_win = Parties à gagner pour remporter le match
opt_deck_style = Le dessin des cartes
deck_auto = jeu habituel du jeu
deck_french = Français (2 couleurs)
deck_french4 = Français (4 couleurs)
deck_italian = Italien
action_keep_hand = Garder ma main
opt_turn_timer = Temps pour jouer avant qu'un ordinateur ne joue ce tour à ta place
timer_off = pas de minuteur
timer_seconds = { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
}
ping_turn_timed = { $mention }, à toi de jouer ({ $seconds } s)
table_left_lobby = Tu as quitté la table { $id } avant son début.
event_declarer = { $name } remporte les enchères avec { $rank }
event_partner = { $name } a joué la carte appelée : { $name } est le partenaire
event_alone = { $name } a joué la carte appelée : seul contre quatre
event_declaration_good = { $what } ? Bon : { $name } +{ $points }
event_declaration_not_good = { $category } ? Pas bon : { $what }, { $name } +{ $points }
event_declaration_equal = { $category } ? Égal
event_carte_blanche = Carte blanche pour { $name }
event_pique = Pic pour { $name }
event_repique = Repic pour { $name }
deal_tricks = Plis : { $points }
result_games_won = Parties gagnées : { $scores }
value_on = oui
value_off = non
hand_not_updated = C'est fait — ton coup est sur la table. Appuie sur Ma main pour ta nouvelle main.
error_setting = `{ $key }` ne peut pas valoir { $value } : choisis une des valeurs proposées.
action_call_range = Appeler de { $first } à { $last } points
deal_contract = Contrat : { $contract } par { $name } — { $outcome }
outcome_success = fait
outcome_failure = chuté
outcome_litige = litige : les points attendent la donne suivante
deal_call = { $name } a appelé { $card } — { $partner } ; { $points ->
    [one] { $points } point
   *[other] { $points } points
} ({ $target } nécessaires) : { $outcome }
deal_partner = { $name } était le partenaire
deal_alone = seul
deal_sweep = Capot !
rule_first_deal_packets = Paquets de la première distribution
rule_help_first_deal_packets = Comment les cinq premières cartes sont données : 3 puis 2, ou 2 puis 3
rule_value_first_deal_packets_3-2 = 3 puis 2
rule_value_first_deal_packets_2-3 = 2 puis 3
rule_redeal_by = Donneur après une redistribution
rule_help_redeal_by = Qui donne quand tout le monde a passé deux fois
rule_value_redeal_by_next_dealer = le joueur suivant donne
rule_value_redeal_by_same_dealer = le même donneur redonne
rule_round2_sa_ta = SA/TA au second tour
rule_help_round2_sa_ta = Si sans atout (SA) et tout atout (TA) peuvent être choisis au second tour
rule_la_vache = La vache
rule_help_la_vache = Le donneur doit prendre au second tour si tous les autres ont passé
rule_trump_lead_overtrump = Monter à l'atout
rule_help_trump_lead_overtrump = S'il faut monter sur un atout entamé
rule_value_trump_lead_overtrump_always = toujours
rule_value_trump_lead_overtrump_never = jamais
rule_value_trump_lead_overtrump_not_over_partner = sauf quand le partenaire est maître
rule_must_undertrump = Pisser (sous-couper)
rule_help_must_undertrump = S'il faut jouer un atout plus petit quand on ne peut pas surcouper l'adversaire
rule_partner_winning_trump = Couper le pli du partenaire
rule_help_partner_winning_trump = Quand le partenaire est maître, l'atout joué doit-il monter sur le sien, ou est-il libre
rule_value_partner_winning_trump_overtrump_only = il faut monter
rule_value_partner_winning_trump_free = n'importe quel atout
rule_melds_enabled = Annonces
rule_help_melds_enabled = Si les suites et les carrés sont annoncés et comptés
rule_meld_card_reuse = Une carte dans deux annonces
rule_help_meld_card_reuse = Si une carte peut compter à la fois dans un carré et dans une suite
rule_hundred_priority = Priorité des cent
rule_help_hundred_priority = Qui l'emporte entre un carré à 100 et une quinte
rule_value_hundred_priority_carre = le carré l'emporte
rule_value_hundred_priority_sequence = la suite l'emporte
rule_meld_tie = Annonces égales
rule_help_meld_tie = Ce qui se passe quand les deux meilleures annonces sont égales
rule_value_meld_tie_void = personne ne les marque
rule_value_meld_tie_first_declarer = le premier à annoncer les marque
rule_sa_nine_carre = Carré de 9 à SA
rule_help_sa_nine_carre = Si le carré de 9 vaut 100 à sans atout (SA)
rule_belote_king_first = Belote : roi d'abord
rule_help_belote_king_first = Si la belote ne compte que si le roi est joué avant la dame
rule_ta_belote = Belote à TA
rule_help_ta_belote = À tout atout (TA), si le roi et la dame de chaque couleur font une belote
rule_value_ta_belote_each_suit = dans chaque couleur
rule_value_ta_belote_none = pas de belote
rule_carre_values = Valeur des carrés
rule_help_carre_values = Si la valeur des carrés suit le contrat (SA : as 200, 10 150) ou reste fixe (valet 200, 9 150, autres 100)
rule_value_carre_values_by_contract = suit le contrat
rule_value_carre_values_fixed = fixe (valet 200, 9 150, autres 100)
rule_belote_protected = Belote conservée
rule_help_belote_protected = Si la belote reste à son équipe quand le contrat chute ou en litige
rule_success_basis = Ce qui fait le contrat
rule_help_success_basis = Ce qui compte pour vérifier que les preneurs ont fait leur contrat
rule_value_success_basis_all = tout
rule_value_success_basis_cards_belote = cartes et belote
rule_value_success_basis_cards = cartes seulement
rule_value_success_basis_cards_melds = cartes et annonces
rule_sa_card_multiplier = Points à SA
rule_help_sa_card_multiplier = Si les points des cartes sont doublés à sans atout (SA)
rule_value_sa_card_multiplier_1 = normaux
rule_value_sa_card_multiplier_2 = doublés
rule_ta_card_multiplier = Points à TA
rule_help_ta_card_multiplier = Si les points des cartes sont doublés à tout atout (TA)
rule_value_ta_card_multiplier_1 = normaux
rule_value_ta_card_multiplier_2 = doublés
rule_capot_takes_melds = Le capot prend les annonces
rule_help_capot_takes_melds = Si une équipe qui ne fait aucun pli donne ses annonces à l'autre
rule_rounding = Arrondi des scores
rule_help_rounding = Comment les scores marqués sont arrondis
rule_value_rounding_none = pas d'arrondi
rule_value_rounding_half_down = à la dizaine, 5 vers le bas
rule_value_rounding_six_split = à la dizaine, à partir de 6 vers le haut
rule_value_rounding_half_up_10 = à la dizaine, 5 vers le haut
rule_target_score = But
rule_help_target_score = Le score qui gagne la partie
rule_capot_win_disallowed = Pas de victoire sur un capot
rule_help_capot_win_disallowed = Si une partie ne peut pas se gagner sur une donne capot
rule_deal_packets = Paquets de la distribution
rule_help_deal_packets = Comment les huit cartes sont distribuées
rule_value_deal_packets_3-2-3 = 3, 2, puis 3
rule_value_deal_packets_3-3-2 = 3, 3, puis 2
rule_value_deal_packets_2-3-3 = 2, 3, puis 3
rule_sa_ta_enabled = Enchères SA/TA
rule_help_sa_ta_enabled = Si sans atout (SA) et tout atout (TA) peuvent être annoncés
rule_sa_ta_scale = Décompte SA/TA
rule_help_sa_ta_scale = Comment les points des cartes sont comptés à sans atout (SA) et tout atout (TA)
rule_value_sa_ta_scale_card_values_162 = ramenés à 162 points
rule_value_sa_ta_scale_proportional = en proportion
rule_value_sa_ta_scale_raw = tels quels
rule_capot_coinchable = Coincher un capot
rule_help_capot_coinchable = Si une annonce de capot (ou de générale) peut être coinchée
rule_generale_enabled = Générale
rule_help_generale_enabled = Si un joueur peut annoncer de faire tous les plis à lui seul
rule_generale_value = Valeur de la générale
rule_help_generale_value = Les points que vaut une générale
rule_contract_basis = Ce qui fait le contrat
rule_help_contract_basis = Ce qui compte pour vérifier que les preneurs ont fait leur contrat
rule_value_contract_basis_all = tout
rule_value_contract_basis_cards_belote = cartes et belote
rule_value_contract_basis_cards = cartes seulement
rule_value_contract_basis_cards_melds = cartes et annonces
rule_eighty_needs_82 = 80 demande 82
rule_help_eighty_needs_82 = Si un contrat de 80 demande 82 points
rule_success_needs_more = Battre la défense
rule_help_success_needs_more = Si les preneurs doivent aussi marquer plus que la défense
rule_scoring_method = Méthode de marque
rule_help_scoring_method = Comment un contrat fait est marqué
rule_value_scoring_method_standard = points faits plus le contrat
rule_value_scoring_method_bonus_only = le contrat seul
rule_value_scoring_method_belote_plus_bonus = le contrat plus la belote
rule_unbid_capot = Capot non annoncé
rule_help_unbid_capot = Ce que vaut le fait de prendre tous les plis sur un contrat chiffré
rule_value_unbid_capot_bonus = une prime
rule_value_unbid_capot_replaces_cards = 250 au lieu des cartes
rule_value_unbid_capot_none = rien de plus
rule_failed_contract_melds = Annonces d'un contrat chuté
rule_help_failed_contract_melds = Qui garde les annonces quand le contrat chute
rule_value_failed_contract_melds_defenders_own = chacun garde les siennes
rule_value_failed_contract_melds_all_to_defenders = toutes vont à la défense
rule_value_failed_contract_melds_none = personne ne les marque
rule_multiply_belote = La coinche double la belote
rule_help_multiply_belote = Si la belote est multipliée avec le contrat
rule_rules_era = Époque des règles
rule_help_rules_era = Quelles règles historiques sont jouées
rule_value_rules_era_modern = modernes
rule_value_rules_era_old = anciennes
rule_value_rules_era_c17 = XVIIᵉ siècle
rule_scoring_mode = Format de partie
rule_help_scoring_mode = Une partie en points, ou une partie Rubicon en six donnes
rule_value_scoring_mode_target = en points
rule_value_scoring_mode_rubicon = partie Rubicon
rule_games_to_win_match = Parties à gagner
rule_help_games_to_win_match = Parties (ou parties Rubicon) à gagner pour remporter le match
rule_deal_packet = Paquets de la distribution
rule_help_deal_packet = Combien de cartes sont données à la fois
rule_value_deal_packet_2 = 2 par 2
rule_value_deal_packet_3 = 3 par 3
rule_younger_min_exchange = Le dernier doit écarter
rule_help_younger_min_exchange = Si le dernier en main doit écarter au moins une carte
rule_value_younger_min_exchange_1 = au moins une carte
rule_value_younger_min_exchange_0 = peut garder sa main
rule_talon_view = Voir le talon
rule_help_talon_view = Qui peut regarder les cartes restées au talon
rule_value_talon_view_modern = règle moderne
rule_value_talon_view_parlett = règle de Parlett
rule_discard_view = Voir l'écart
rule_help_discard_view = Si un joueur peut regarder son propre écart
rule_value_discard_view_none = non
rule_value_discard_view_own = oui, le sien
rule_last_trick_point_on_capot = Dernier pli sur un capot
rule_help_last_trick_point_on_capot = Si le dernier pli marque encore son point quand les 12 plis sont gagnés
rule_old_last_trick_needs_ten = Dernier pli avec un 10
rule_help_old_last_trick_needs_ten = Si le point du dernier pli demande un 10 ou plus
rule_three_player_removed_card = Carte retirée à trois
rule_help_three_player_removed_card = Quel 2 quitte le jeu à trois joueurs
rule_value_three_player_removed_card_2C = le 2 de bastoni
rule_value_three_player_removed_card_2H = le 2 de coppe
rule_value_three_player_removed_card_2D = le 2 de denari
rule_value_three_player_removed_card_2S = le 2 de spade
rule_trump_card_source = Carte d'atout
rule_help_trump_card_source = Quelle carte est retournée pour l'atout
rule_value_trump_card_source_next_card = la carte après la distribution
rule_value_trump_card_source_bottom_card = la carte du dessous
rule_tie_rule = Manche à égalité
rule_help_tie_rule = Ce que donne une manche à 60–60
rule_value_tie_rule_draw = match nul
rule_value_tie_rule_last_trick = la victoire au gagnant du dernier pli
rule_hands_to_win = Manches à gagner
rule_help_hands_to_win = Manches qu'un camp doit gagner pour remporter le match
rule_partners_view_after_stock = Les partenaires se montrent leur jeu
rule_help_partners_view_after_stock = Si les partenaires voient le jeu l'un de l'autre une fois la pioche vide
rule_bidding = Enchères
rule_help_bidding = Comment se font les enchères
rule_value_bidding_rank_only = à la hauteur
rule_value_bidding_two_then_points = à la hauteur, puis aux points
rule_follow_rule = Fournir
rule_help_follow_rule = Si les joueurs doivent fournir la couleur demandée
rule_value_follow_rule_must_follow = obligatoire
rule_value_follow_rule_free = libre
rule_first_lead = Première entame
rule_help_first_lead = Qui entame le premier pli
rule_value_first_lead_eldest = le joueur après le donneur
rule_value_first_lead_declarer = le déclarant
rule_cappotto_basis = Cappotto
rule_help_cappotto_basis = Ce qui compte comme un cappotto
rule_value_cappotto_basis_points = tous les points
rule_value_cappotto_basis_tricks = tous les plis
rule_match_deals = Donnes
rule_help_match_deals = Donnes d'un match
rule_trump_card = Carte d'atout
rule_help_trump_card = Quelle carte du donneur fixe l'atout
rule_value_trump_card_dealer_last = la dernière carte du donneur
rule_value_trump_card_dealer_first = la première carte du donneur
rule_games_to_win = Parties à gagner
rule_help_games_to_win = Parties qu'une équipe doit gagner pour remporter le match
rule_bandeira = Bandeira
rule_help_bandeira = Ce que rapporte le fait de gagner les dix plis
rule_value_bandeira_match = le match
rule_value_bandeira_four_games = quatre parties
rule_draw_bonus = Manche à 60–60
rule_help_draw_bonus = Ce qu'une manche nulle reporte sur la suivante
rule_value_draw_bonus_carry_one = une partie de plus au prochain gagnant
rule_value_draw_bonus_none = rien
rules_summary_target = { $game } en { $target } points
rules_summary_hands = { $game }, au premier à { $count ->
    [one] { $count } manche
   *[other] { $count } manches
}
rules_summary_games = { $game }, au premier à { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
rules_summary_deals = { $game } en { $count ->
    [one] { $count } donne
   *[other] { $count } donnes
}
rules_summary_match = { $game }, au premier à { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
rules_summary_rubicon = { $game }, partie Rubicon
rules_melds_on = avec annonces
rules_melds_off = sans annonces
rules_sa_ta_on = SA/TA permis
rules_sa_ta_off = sans SA/TA
rules_changed = { $label } : { $value }
computer_rated = Ordinateur ({ $level })
rating_provisional = { $rating } (provisoire)
rating_provisional_mark = (provisoire)
rating_change = { $name } { $before } → { $after } ({ $delta })
ratings_title = **Classements Elo**
ratings_unrated = Table non classée : aucun classement n'a bougé.
board_title = { $game } — classement
board_subtitle = { $period } · page { $page } sur { $pages }
period_all = Depuis toujours
period_30d = 30 derniers jours
board_you = Toi : { $line }
board_line = { $rank }. { $name } — { $rating } · { $games } · { $rate } % gagnées
board_empty = Aucune partie de { $game } classée sur ce serveur pour l'instant — `{ $command }` en lance une !
board_empty_period = Aucune partie de { $game } classée sur ce serveur ces 30 derniers jours — `{ $command }` en lance une !
error_page = Il n'y a pas de page { $page } : ce classement a { $pages ->
    [one] { $pages } page
   *[other] { $pages } pages
}.
error_manage_server = Seuls les membres ayant la permission Gérer le serveur peuvent faire ça.
stats_title = **{ $name } — statistiques**
stats_not_rated = pas classé depuis la dernière remise à zéro
stats_rank = , { $rank }ᵉ sur { $of }
stats_line = { $game } : { $rating }{ $rank } — { $games }, { $wins ->
    [one] { $wins } gagnée
   *[other] { $wins } gagnées
} ({ $rate } %)
stats_partner = Meilleur partenaire : { $name } ({ $wins ->
    [one] { $wins } gagnée
   *[other] { $wins } gagnées
} sur { $games } ensemble)
stats_opponent = Adversaire le plus coriace : { $name } ({ $wins ->
    [one] { $wins } gagnée
   *[other] { $wins } gagnées
} sur { $games } contre lui)
stats_chart_title = { $name } — classement
stats_none_own = Tu n'as encore aucune partie classée sur ce serveur — `/coinche start`, `/belote start` ou n'importe quel autre jeu, c'est un bon début !
stats_none = { $name } n'a encore aucune partie classée sur ce serveur.
stats_none_own_game = Tu n'as encore aucune partie de { $game } classée sur ce serveur — `{ $command }` en lance une !
stats_none_game = { $name } n'a encore aucune partie de { $game } classée sur ce serveur.
history_title = **{ $name } — dernières parties**
history_line = { $number }. { $when } { $game }, table { $id } — { $players } — { $result }
history_abandoned = abandonnée
history_left = partie quittée en cours (une défaite)
history_won = gagnée
history_tie = nulle
history_lost = perdue
history_rated = { $outcome }, { $before } → { $after } ({ $delta })
history_unrated = { $outcome }, non classée
button_previous = Précédent
button_next = Suivant
button_record = Feuille { $number }
button_reset = Remettre les classements à zéro
button_play_unrated = Jouer sans classement
button_play_rated = Jouer classé
reset_confirm = Remettre à zéro tous les classements de { $game } de ce serveur ? Tout le monde repart à 1 000 ; l'historique des parties reste.
reset_done = Les classements de { $game } de ce serveur sont remis à zéro ({ $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}). L'historique des parties reste.
settings_show = Ordinateurs dans les classements : { $computers }. `/atout settings show_computers:` le change.
settings_yes = affichés
settings_no = masqués
lobby_rated = Classée : le résultat fait bouger les classements des joueurs.
lobby_unrated = Non classée : cette partie ne fait bouger aucun classement.
cmd_leaderboard = Les meilleurs joueurs de ce serveur à un jeu
cmd_stats = Parties, victoires, classement et rang par jeu, avec une courbe
cmd_history = Les dernières parties d'un joueur, avec leurs feuilles
cmd_atout = Les réglages d'Atout pour ce serveur (Gérer le serveur)
cmd_ratings_reset = Remettre à zéro les classements d'un jeu sur ce serveur (demande confirmation)
cmd_atout_settings = Voir ou changer les réglages de ce serveur
opt_game = Le jeu
opt_game_any = Seulement ce jeu (par défaut : tous les jeux)
opt_period = Depuis toujours, ou les joueurs des 30 derniers jours
opt_page = La page à afficher (10 joueurs par page)
opt_user = De qui (par défaut : toi)
opt_show_computers = Afficher les ordinateurs dans les classements
history_versus = {" "}contre{" "}
count_games = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
opt_language = Langue de la table (par défaut : celle du serveur)
opt_server_language = Langue par défaut des nouvelles tables de ce serveur
settings_language = Langue des nouvelles tables : { $language }. `/atout settings language:` la change.
language_en = English
language_fr = Français
language_it = Italiano
language_pt-PT = Português (Portugal)
language_pt-BR = Português (Brasil)
language_ja = 日本語
trump_short_NT = SA
trump_short_AT = TA

## Défis du serveur (docs/challenges.md)
cmd_challenge = Défis du serveur : tout le monde joue les mêmes donnes
cmd_challenge_new = Lancer un défi dans ce salon (Gérer le serveur, ou le rôle des défis)
cmd_challenge_daily = Publier ici un défi d'un jeu chaque jour, ou arrêter
cmd_challenge_play = Jouer les donnes d'un défi, en privé (ou reprendre où tu en étais)
cmd_challenge_standings = Le classement d'un défi
cmd_challenge_results = Tes résultats, ou ceux de tous sur une donne que tu as jouée
cmd_challenge_export = Les enregistrements des donnes que tu as jouées dans un défi
cmd_challenge_role = Le rôle dont les membres peuvent lancer des défis (Gérer le serveur)
opt_challenge = Numéro du défi (par défaut : le dernier de ce serveur)
opt_challenge_deals = Nombre de donnes, de 1 à 24
opt_challenge_closes_in = Combien de temps il reste ouvert
opt_challenge_rules = Autres règles maison, en paires clé=valeur (ex. sa_ta_enabled=true)
opt_challenge_daily = Lancer ou arrêter le défi quotidien
opt_challenge_deal = Numéro d'une donne : les résultats de tous sur celle-ci
opt_challenge_role = Le rôle (sans rôle : Gérer le serveur seulement)
challenge_close_hours = { $count ->
    [one] { $count } heure
   *[other] { $count } heures
}
challenge_close_days = { $count ->
    [one] { $count } jour
   *[other] { $count } jours
}
challenge_daily_start = Lancer
challenge_daily_stop = Arrêter
challenge_title = Défi n° { $id } — { $game }
challenge_card_setup = { $count ->
    [one] { $count } donne
   *[other] { $count } donnes
} · { $seats } joueurs · tu tiens la place 1 à chaque donne, des ordinateurs (difficiles) les autres
challenge_card_rules = Règles maison : { $rules }
challenge_card_how = Tout le monde joue les mêmes donnes contre les mêmes adversaires ordinateurs ; chaque donne est comparée au résultat de tous les autres sur cette donne.
challenge_card_how_partner = Tout le monde joue les mêmes donnes avec le même partenaire et les mêmes adversaires ordinateurs ; chaque donne est comparée au résultat de tous les autres sur cette donne.
challenge_card_players = Joueurs : { $started } · terminé : { $finished }
challenge_card_winner = { $count ->
    [one] Vainqueur
   *[other] Vainqueurs
} : { $name } ({ $percent })
challenge_card_closes = Se termine { $when } ({ $left }). Une tentative chacun : Jouer ouvre ta table privée.
challenge_card_closed = Terminé { $when }.
button_challenge_play = Jouer
button_challenge_standings = Classement
challenge_created = Le défi n° { $id } est ouvert jusqu'au { $when }.
challenge_none = Il n'y a pas encore de défi sur ce serveur : `/challenge new` en lance un.
challenge_unknown = Il n'y a pas de défi n° { $id } sur ce serveur.
challenge_closed = Le défi n° { $id } est terminé : `/challenge standings` montre comment il s'est fini.
challenge_done_already = Tu as déjà joué le défi n° { $id } (une tentative chacun) : `/challenge results` montre tes donnes.
challenge_table_in_thread = Ta table pour le défi n° { $id } est dans { $thread } : donne { $number } sur { $total }.
challenge_thread_name = Défi n° { $id } — { $name }
challenge_deal_start = **{ $title }** · donne { $number } sur { $total }
challenge_summary_title = **Donne { $number } sur { $total }**
challenge_hand_done = Donne { $number } sur { $total } jouée jusqu'au bout.
challenge_table_done = Cette donne est terminée.
challenge_deal_done = **Donne { $number } sur { $total } terminée** : { $result }
challenge_field_unit_points = -# Chaque résultat est le nombre de points de cartes pris par le camp du joueur.
challenge_field_line_plain = { $rank } { $name } — { $score } · { $percent }
challenge_field_par_plain = Par (l'ordinateur difficile à ta place) : { $score }
challenge_par_only = Par : l'ordinateur difficile à ta place a fait { $par } sur cette donne.
challenge_par_same = Par : l'ordinateur difficile à ta place a fait { $par } sur cette donne, exactement comme toi.
challenge_par_worse = Par : l'ordinateur difficile à ta place a fait { $par } sur cette donne ; tu as fait { $count ->
    [one] { $diff } point
   *[other] { $diff } points
} de moins.
challenge_par_better = Par : l'ordinateur difficile à ta place a fait { $par } sur cette donne ; tu as fait { $count ->
    [one] { $diff } point
   *[other] { $diff } points
} de plus.
challenge_result_own = tu as marqué { $score } sur cette donne.
challenge_result_sides = ton camp a marqué { $mine } et l'autre { $theirs } : ton résultat est donc { $score }.
challenge_result_points = ton camp a pris { $score } points de cartes.
challenge_standings_unplayed = Le classement ne compte que les donnes que tu as terminées, pour que personne ne découvre une donne avant de la jouer : termine d'abord la donne 1 du défi n° { $id } (Jouer, sur sa carte).
challenge_standings_sealed = -# { $count ->
    [one] Seule compte ici la donne que tu as terminée
   *[other] Seules comptent ici les { $count } donnes que tu as terminées
} (sur { $total }) : les résultats de tous sur les autres restent cachés jusqu'à ce que tu les joues ou que le défi se termine.
challenge_standings_you_tied = Toi : place { $rank } sur { $players } (ex æquo) · { $percent } · { $par } par rapport au par · { $done ->
    [one] { $done } donne jouée sur { $total }
   *[other] { $done } donnes jouées sur { $total }
}
challenge_deal_par_pending = Le par de cette donne est encore en calcul.
challenge_deal_field = { $percent } des points de match face { $count ->
    [one] au joueur qui l'a jouée avant toi.
   *[other] aux { $count } joueurs qui l'ont jouée avant toi.
}
challenge_deal_alone = Personne d'autre n'a encore joué cette donne.
challenge_attempt_done = **Défi terminé** : { $percent } de moyenne · { $par } par rapport au par. `/challenge standings` et `/challenge results` montrent les résultats de tous.
challenge_closed_now = Le défi n° { $id } est terminé : les donnes que tu as finies comptent, les autres ne sont pas jouées.
challenge_par_name = Ordinateur (difficile)
challenge_standings_subtitle = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
} · page { $page }/{ $pages }
challenge_standings_open = se termine { $left }
challenge_standings_final = classement final
challenge_standings_you = Toi : place { $rank } sur { $players } · { $percent } · { $par } par rapport au par · { $done ->
    [one] { $done } donne jouée sur { $total }
   *[other] { $done } donnes jouées sur { $total }
}
challenge_standings_note = -# Points de match : sur chaque donne, 1 pour chaque joueur battu et ½ pour chaque égalité, en pourcentage. La moyenne de chacun porte sur les mêmes donnes (une donne non jouée compte 0 %) ; à moyenne égale, le résultat par donne jouée face au par (l'ordinateur difficile à ta place) départage.
challenge_standings_missed = -# Tu as joué { $done } des { $total } donnes : chaque donne non jouée compte 0 %.
challenge_attempt_alone = **Défi terminé** : personne d'autre ne l'a encore joué, il n'y a donc pas encore de points de match · { $par } par rapport au par. `/challenge standings` te classera à mesure que d'autres joueront.
challenge_standings_empty = Personne n'a encore terminé une donne du défi n° { $id }.
challenge_heading_rank = #
challenge_heading_player = Joueur
challenge_heading_deals = Donnes
challenge_heading_percent = Points de match
challenge_heading_par = ± par
challenge_results_title = **{ $title }** — tes donnes
challenge_results_line = Donne { $number } : { $score } · par { $par } · { $percent } ({ $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
})
challenge_results_unplayed = Donne { $number } : pas encore jouée
challenge_results_hint = `/challenge results deal:` montre le résultat de tous sur une donne que tu as jouée.
challenge_results_none = Tu n'as pas encore terminé de donne du défi n° { $id }.
challenge_results_locked = Tu verras les résultats de tous sur la donne { $number } une fois que tu l'auras jouée.
challenge_field_title = **{ $title }**, donne { $number } : { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
challenge_field_par = Par (l'ordinateur difficile à ta place) : { $detail } → { $score }
challenge_field_line = { $rank } { $name } — { $detail } → { $score } · { $percent }
challenge_export_none = Tu n'as pas encore terminé de donne du défi n° { $id }.
challenge_export_name = Tes donnes du défi n° { $id }, un enregistrement chacune (`python -m games replay` les rejoue).
challenge_daily_on = Un défi de { $game } sera publié dans { $channel } chaque jour, à partir de maintenant.
challenge_daily_off = Plus de défi quotidien de { $game }.
challenge_daily_none = Il n'y avait pas de défi quotidien de { $game } sur ce serveur.
challenge_role_set = Les membres ayant { $role } peuvent maintenant lancer des défis.
challenge_role_cleared = Seuls les membres ayant Gérer le serveur peuvent maintenant lancer des défis.
error_challenge_rights = Seuls les membres ayant Gérer le serveur (ou le rôle choisi par `/challenge role`) peuvent faire ça.
error_challenge_deals = Un défi a de 1 à { $most } donnes, pas { $value }.
error_challenge_closes = Un défi reste ouvert pour l'une des durées proposées, pas { $value ->
    [one] { $value } heure
   *[other] { $value } heures
}.
error_challenge_deal = Le défi n° { $id } a les donnes 1 à { $most }.
error_challenge_rule_text = Écris les règles maison en paires clé=valeur, ex. sa_ta_enabled=true target_score=1000 (pas « { $text } »).
error_challenge_table = Cette table est une donne d'un défi : elle se joue depuis `/challenge play`, et ne peut être ni quittée ni abandonnée.

## Revue de donne (issue 23)
button_review = Revoir mon jeu
review_select = Revoir mon jeu : choisir une donne
review_select_deal = Donne { $deal }
review_title = **Ton jeu dans la donne { $deal }** — { $game }, table { $table }
review_mistakes = { $mistakes ->
    [one] **{ $mistakes } erreur**
   *[other] **{ $mistakes } erreurs**
} en { $count ->
    [one] { $count } décision
   *[other] { $count } décisions
}, { $mistakes ->
    [one] qui t'a coûté
   *[other] qui t'ont coûté
} { $costs }.
review_cost_together = Au total : { $total }.
review_cost_overlap = Au total : environ { $total }, le plus gros des choix d'enchères plus ceux du jeu de la carte (les choix d'une même enchère se recoupent : ils ne s'additionnent pas).
review_no_mistake = **Aucune erreur** en { $count ->
    [one] { $count } décision
   *[other] { $count } décisions
} : aucune n'a coûté plus de { $cost } en moyenne.
review_unlucky_count = { $count ->
    [one] Un choix a manqué de chance : aussi bon que les autres sur les donnes possibles, battu seulement dans la vraie donne.
   *[other] { $count } choix ont manqué de chance : aussi bons que les autres sur les donnes possibles, battus seulement dans la vraie donne.
}
review_only_some = { $count ->
    [one] Celle qui compte le plus est ci-dessous.
   *[other] Les { $count } qui comptent le plus sont ci-dessous.
}
review_list_separator = {", "}
review_list_last = {" et "}
review_well_played = **Bien joué !** { $count ->
    [one] Ta seule décision n'a pas coûté plus de { $cost }.
   *[other] Aucune de tes { $count } décisions n'a coûté plus de { $cost }.
}
review_moment_trick = Pli { $trick }
review_moment_auction = Enchères
review_line_card = Tu as joué { $choice } ; { $best } aurait été meilleur dans { $share } des donnes possibles : cela t'a coûté { $cost } en moyenne.
review_line_action = Tu as choisi : { $choice } ; { $best } aurait été meilleur dans { $share } des donnes possibles : cela t'a coûté { $cost } en moyenne.
review_line_card_exact = Tu as joué { $choice } ; { $best } valait { $cost } de plus (toutes les cartes étaient connues).
review_line_action_exact = Tu as choisi : { $choice } ; { $best } valait { $cost } de plus (toutes les cartes étaient connues).
review_line_card_unlucky = Tu as joué { $choice }, et tu ne pouvais pas savoir : { $best } n'était meilleur que dans la vraie donne, de { $cost }. Sur les donnes possibles, ta carte valait autant.
review_line_action_unlucky = Tu as choisi : { $choice }, et tu ne pouvais pas savoir : { $best } n'était meilleur que dans la vraie donne, de { $cost }. Sur les donnes possibles, ton choix valait autant.
review_cost_points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
review_cost_card_points = { $count ->
    [one] { $count } point de cartes
   *[other] { $count } points de cartes
}
review_state_stock = Pioche : { $count ->
    [one] { $count } carte restante
   *[other] { $count } cartes restantes
}
review_state_gone = Cartes jouées : { $played } sur { $total }
review_state_points = Points jusque-là : { $sides }
review_state_side_you = ton camp : { $points }
review_state_you = toi : { $points }
review_state_others = les autres : { $points }
review_state_seat = { $name } : { $points }
review_action_pass = passer
review_action_coinche = coincher
review_action_surcoinche = surcoincher
review_action_bid = annoncer { $value } { $trump }
review_action_take = prendre à { $trump }
review_action_call = appeler { $rank }
review_action_call_points = appeler { $rank } à { $points }
review_action_trump = { $suit } atout
review_action_exchange = écarter { $cards }
review_action_keep = garder ton jeu
review_computing = La revue de ton jeu dans la donne { $deal } est en cours de calcul… elle s'affichera ici dans quelques secondes.
review_not_yours = Seuls les joueurs de cette table peuvent revoir leur propre jeu.
review_no_deal = Aucune donne de cette table n'est encore terminée.
review_no_such_deal = Cette table n'a pas de donne { $deal } terminée.
review_failed = La revue n'a pas pu être calculée ; réessaie plus tard.
cmd_review = Où ton jeu dans une donne terminée a coûté des points (visible de toi seul)
opt_review_deal = Numéro de la donne (par défaut : la dernière terminée)

## Puzzles (/puzzle : docs/puzzles.md)
cmd_puzzle = Problèmes tirés de vraies donnes : un par jour pour le serveur, et tes propres erreurs
cmd_puzzle_today = Le problème du jour de ce serveur (visible de toi seul)
cmd_puzzle_mine = Un problème tiré d'une de tes erreurs revues (visible de toi seul)
cmd_puzzle_stats = Tes problèmes résolus et tes séries, jeu par jeu
cmd_puzzle_daily = Publier chaque jour le problème du jour du serveur dans ce salon
opt_puzzle_daily = Lancer ou arrêter la publication quotidienne
puzzle_title_day = Problème du jour — { $game }
puzzle_title_mine = Ton erreur en problème — { $game }
puzzle_from_mine = Tiré de la donne { $deal } de la table n° { $table }, où ton jeu a coûté des points.
puzzle_goal_card_points = Toutes les mains sont visibles. Trouve la seule carte qui fait ramasser à ton camp au moins { $at_least } des { $of } points de cartes restants, quoi que jouent les autres.
puzzle_goal_contract_declarer = Toutes les mains sont visibles. Trouve la seule carte qui fait réussir le contrat de ton camp, quoi que jouent les défenseurs.
puzzle_goal_contract_defence = Toutes les mains sont visibles. Trouve la seule carte qui fait chuter le contrat, quoi que joue le camp preneur.
puzzle_goal_score_ahead = Toutes les mains sont visibles. Trouve la seule carte qui finit la donne avec au moins { $margin } points d'avance, quoi que jouent les autres.
puzzle_goal_score_behind = Toutes les mains sont visibles. Trouve la seule carte qui finit la donne avec au plus { $margin } points de retard, quoi que jouent les autres.
puzzle_goal_best = Seule ta main est visible, comme tu la voyais. Trouve la carte qui fait mieux que toutes les autres dans au moins { $share } des donnes possibles.
puzzle_pick = Ta place est en bas de la table. Choisis ta carte : un seul essai.
puzzle_you = Toi
puzzle_solve = Résoudre
puzzle_post = **Problème du jour — { $game }** · { $date }
    { $goal }
    Appuie sur « Résoudre » : toi seul vois les mains, ta réponse et combien l'ont trouvée.
puzzle_right = ✅ **Bravo !** { $card } est la bonne carte.
puzzle_wrong = ❌ **Pas cette fois :** { $card } ne suffit pas ; la carte était { $answer }.
puzzle_values_card_points = Points de cartes ramassés par ton camp avec chaque carte, au mieux ensuite : { $values }
puzzle_values_score = Ton écart à la fin de la donne avec chaque carte, au mieux ensuite : { $values }
puzzle_values_contract = Au mieux après chaque carte : { $values }
puzzle_values_best = Moyenne sur { $deals } donnes possibles ({ $unit }) : { $values }
puzzle_unit_points = points
puzzle_unit_card_points = points de cartes
puzzle_value_met = { $card } y arrive
puzzle_value_missed = { $card } ne suffit pas
puzzle_why = **Pourquoi** — le meilleur jeu après { $answer } :
puzzle_why_not = **Pourquoi { $card } ne suffit pas** — le meilleur jeu après elle :
puzzle_line_trick = Pli { $number } — { $plays }
puzzle_line_play = { $name } : { $card }
puzzle_solvers = { $answered ->
    [1] Tu es la première personne de ce serveur à y répondre.
   *[other] { $found ->
        [0] Aucun des { $answered } membres de ce serveur qui ont répondu ne l'a trouvée.
        [1] 1 des { $answered } membres de ce serveur qui ont répondu l'a trouvée.
       *[other] { $found } des { $answered } membres de ce serveur qui ont répondu l'ont trouvée.
    }
}
puzzle_streak = { $current ->
    [0] { $best ->
        [0] Pas encore de série : un problème résolu en commence une.
       *[other] Série interrompue (record { $best }).
    }
   *[other] Série : { $current } d'affilée (record { $best }).
}
puzzle_already = Tu as déjà répondu à ce problème : un seul essai chacun. Ta réponse est gardée.
puzzle_not_yours = Ce problème n'est pas le tien : essaie `/puzzle today` ou `/puzzle mine`.
puzzle_unknown = Ce problème n'existe pas.
puzzle_not_a_choice = Cette carte ne fait pas partie des choix de ce problème.
puzzle_failed = Le problème n'a pas pu être préparé ; réessaie dans un instant.
puzzle_mine_none = Pas encore de problème tiré de tes erreurs : après une donne, appuie sur « Revoir mon jeu », puis reviens.
puzzle_mine_done = Tu as répondu à tous les problèmes tirés de tes erreurs revues ; tes prochaines revues en apporteront d'autres.
puzzle_stats_title = **Tes problèmes**
puzzle_stats_line = { $game } : { $solved ->
    [one] { $solved } résolu
   *[other] { $solved } résolus
} sur { $tried } · série { $current } (record { $best })
puzzle_stats_all = Tous les jeux : { $solved ->
    [one] { $solved } résolu
   *[other] { $solved } résolus
} sur { $tried } · série { $current } (record { $best })
puzzle_stats_none = Tu n'as encore répondu à aucun problème : essaie `/puzzle today`.
puzzle_daily_on = Le problème du jour du serveur sera publié dans { $channel } chaque jour, à partir de maintenant.
puzzle_daily_off = La publication quotidienne du problème est arrêtée.
puzzle_daily_none = Ce serveur n'a pas de publication quotidienne de problème.
## Link buttons to the web pages (bot/web), shown where ATOUT_WEB_URL is set.
button_web_deal = Revoir la donne sur le web
button_web_game = La partie sur le web
button_web_review = Ma revue, coup par coup
button_web_history = Partie { $number } sur le web
button_web_board = Classement sur le web
button_web_traveller = Le jeu de chacun sur le web

## Seasons and divisions (issue 45, docs/ratings.md "Seasons").
season_name = Saison { $number }
season_length_monthly = Mensuelles
season_length_weekly = Hebdomadaires
season_length_quarterly = Trimestrielles
season_length_off = Désactivées
season_choice_current = Saison en cours
season_choice_previous = Saison précédente
season_choice_all = Depuis toujours
season_board_title = { $game } — { $season }
season_board_division = Division { $division } sur { $divisions }
season_board_page = page { $page } sur { $pages }
season_line_unranked = { $name } — { $games } · pas encore classé : { $count ->
    [one] encore { $count } partie
   *[other] encore { $count } parties
}
season_promotion_line = ⬆️ Montée : { $count ->
    [one] le premier monte
   *[other] les { $count } premiers montent
} en division { $division }
season_relegation_line = ⬇️ Descente : { $count ->
    [one] le dernier descend
   *[other] les { $count } derniers descendent
} en division { $division }
season_unranked_title = Pas encore classés ({ $count ->
    [one] { $count } partie classée
   *[other] { $count } parties classées
} pour entrer au classement) :
season_you_division = division { $division }, { $line }
season_off = Les saisons sont désactivées sur ce serveur (`/atout settings season:` les active).
season_none_yet = Aucune saison n'a encore commencé sur ce serveur : la première commence avec la prochaine partie classée.
season_no_previous = Aucune saison n'est encore terminée sur ce serveur.
season_bad = `season:` prend current, previous, all ou le numéro d'une saison.
season_unknown = Il n'y a pas de saison { $number } sur ce serveur.
season_empty = Personne n'a encore joué de partie classée de { $game } en { $season } — `{ $command }` en lance une !
button_division = { $up ->
    [1] ▲ Division { $division }
   *[other] ▼ Division { $division }
}
button_web_season = Classement de la saison sur le web
stats_seasons_title = **Saisons**
stats_season_line = { $game }, { $season }{ $current ->
    [1] {" "}(en cours)
   *[other] {""}
} : { $place } — { $games }, { $rating }
stats_season_rank = { $rank }ᵉ
stats_season_rank_division = { $rank }ᵉ de la division { $division } sur { $divisions }
stats_season_unranked = pas encore classé ({ $count ->
    [one] encore { $count } partie
   *[other] encore { $count } parties
})
stats_season_up = monté
stats_season_down = descendu
season_end_title = 🏆 **{ $game } — la { $season } est terminée** ({ $dates })
season_podium_title = { $game } — { $season }
season_end_place = { $medal } { $name } — { $rating } · { $games }
season_end_nobody = Personne n'a joué { $count ->
    [one] la partie classée nécessaire
   *[other] les { $count } parties classées nécessaires
} pour être classé.
season_end_up = ⬆️ Montent en division { $division } : { $names }
season_end_down = ⬇️ Descendent en division { $division } : { $names }
season_end_more = …et { $count ->
    [one] { $count } autre mouvement
   *[other] { $count } autres mouvements
} dans le classement.
season_end_next = Ensuite : { $season }, { $dates }. Chaque partie classée compte, et chacun repart de son classement, avec de la marge.
season_end_divisions = La { $season } se joue en { $count ->
    [one] { $count } division
   *[other] { $count } divisions
} d'environ 20 joueurs, formées selon le classement.
season_end_off = Les saisons sont maintenant désactivées sur ce serveur.
season_end_command = `/leaderboard game:{ $game } season:{ $number }` affiche le classement final.
champion_role_reason = Champion de la saison { $season }
champion_role_permission = Atout n'a pas pu donner le rôle { $role } aux champions de la { $season } sur { $server } : donne à Atout la permission Gérer les rôles.
champion_role_position = Atout n'a pas pu donner le rôle { $role } aux champions de la { $season } sur { $server } : place le rôle d'Atout au-dessus de { $role } dans Paramètres du serveur → Rôles.
reset_seasons = Le classement de la saison en cours de { $game } repart aussi de zéro ; les saisons passées restent telles qu'elles ont fini.
opt_season_board = current, previous, all (depuis toujours) ou un numéro de saison (par défaut : la saison en cours)
opt_division = Quelle division de la saison (par défaut : la tienne)
opt_season_length = Durée d'une saison (un changement s'applique à la saison suivante)
opt_season_min_games = Parties classées nécessaires dans une saison pour être classé (10 par défaut)
opt_announce_channel = Où annoncer la fin de chaque saison
opt_champion_role = Un rôle donné aux champions de chaque saison
opt_clear = Ne plus utiliser l'un de ces réglages
clear_announce_channel = Salon des annonces
clear_champion_role = Rôle des champions
settings_season = Saisons : { $length }.
settings_season_running = Saisons : { $length } — en ce moment la { $season } ({ $dates }).
settings_season_min_games = Classé dans une saison après { $count ->
    [one] { $count } partie classée
   *[other] { $count } parties classées
}.
settings_announce_channel = Fins de saison annoncées dans : { $channel }.
settings_champion_role = Rôle des champions : { $role }.
settings_none = aucun
settings_season_later = La { $season } garde ses dates : la nouvelle durée s'applique à partir de la saison suivante.
settings_season_off_later = La { $season } va jusqu'à sa fin, qui sera annoncée ; aucune saison ne suivra.
settings_champion_permission = Je ne peux pas encore donner { $role } : il me faut la permission Gérer les rôles.
settings_champion_position = Je ne peux pas encore donner { $role } : place mon rôle au-dessus de lui dans Paramètres du serveur → Rôles.
## Open tables (issue 44): /play, the queue, mirrors in each player's server, quick chat.
cmd_play = Jouer avec des joueurs de tous les serveurs : une place à une table ouverte
opt_play_seats = Nombre de joueurs (par défaut : celui du jeu)
opt_wait = Minutes d'attente avant que des ordinateurs prennent les places libres
opt_open = Proposer les places libres aux joueurs des autres serveurs (table ouverte)
opt_scope = Le classement de ce serveur, ou celui des tables ouvertes de tous les serveurs
opt_open_tables = Permettre aux membres de jouer aux tables ouvertes avec d'autres serveurs
wait_minutes = { $minutes } min
scope_server = Ce serveur
scope_everywhere = Partout (tables ouvertes)
settings_on = activées
settings_off = désactivées
settings_open_tables = Tables ouvertes avec d'autres serveurs : { $value }. `/atout settings open_tables:` le change.
play_off = Les tables ouvertes sont désactivées sur ce serveur. Quelqu'un qui gère le serveur peut les activer avec `/atout settings open_tables:true`.
play_bad_seats = On joue à { $game } à { $counts } joueurs.
permission_view_channel = Voir le salon
permission_send_messages = Envoyer des messages
permission_create_public_threads = Créer des fils publics
permission_send_messages_in_threads = Envoyer des messages dans les fils
permission_attach_files = Joindre des fichiers
play_permissions = Je ne peux pas montrer ta table dans ce salon : il me faut { $permissions } ici. Demande à un admin, ou utilise `/play` dans un autre salon.
play_too_fast = Doucement : tu pourras rejoindre la file dans { $seconds } s.
play_seated = Tu es déjà à la table { $id } : termine-la, ou quitte-la avec `/table leave`, avant de rejoindre la file.
play_already = Tu es déjà dans la file pour { $game } ({ $seats } joueurs), depuis { $minutes } min.
play_queued = Tu es dans la file pour { $game } ({ $seats } joueurs) : { $waiting ->
        [one] 1 joueur attend
       *[other] { $waiting } joueurs attendent
    } sur { $servers ->
        [one] 1 serveur
       *[other] { $servers } serveurs
    }. Après { $minutes } min, des ordinateurs prennent les places libres.
button_queue_leave = Quitter la file
button_queue_now = Commencer avec des ordinateurs
play_left = Tu as quitté la file.
play_not_queued = Tu n'es pas dans la file.
play_ready = Ta table est prête : { $where }
play_ready_lobby = Tu as une place à la table { $id } ({ $game }). Son salon d'attente est sur un autre serveur : la partie commence quand celui qui l'a ouverte appuie sur Commencer, et tu la trouveras ici.
open_welcome = { $mentions } — table ouverte { $id }, { $game }, avec des joueurs de plusieurs serveurs : dans le fil ci-dessous.
open_seats = Places : { $seats }
open_not_started = Je n'ai pas pu ouvrir ta table dans ce salon (une permission y manque) : un ordinateur a pris ta place. Essaie `/play` dans un autre salon.
open_server_off = Les tables ouvertes ont été désactivées sur ce serveur : tu as quitté la file.
open_lobby_closed = La table { $id } a fermé avant de commencer : tu n'y as plus de place.
open_mirror_closed = Les tables ouvertes ont été désactivées sur ce serveur : des ordinateurs jouent à la place de ses joueurs, et la table continue sur les autres serveurs.
open_seat_gone = Les tables ouvertes ont été désactivées sur ce serveur : un ordinateur joue à ta place à la table { $id }, qui continue pour les autres.
open_seat_gone_removed = J'ai été retiré de ce serveur : un ordinateur joue à ta place à la table { $id }, qui continue pour les autres.
open_player_gone = { $name } a quitté la table : { $computer } joue à sa place.
lobby_open = Table ouverte : ses places libres sont proposées aux joueurs de tous les serveurs (`/play`).
chat_placeholder = Dire quelque chose à la table…
chat_hello = Bonjour !
chat_good_luck = Bonne chance !
chat_well_played = Bien joué !
chat_thanks = Merci !
chat_sorry = Désolé !
chat_your_turn = À toi !
chat_good_game = Bonne partie !
chat_mute_option = Masquer { $name } (pour de bon)
chat_line = 💬 **{ $name }** : { $phrase }
chat_muted = Tu ne liras plus les messages de { $name }, à aucune table.
chat_too_fast = Un message toutes les { $seconds } secondes, s'il te plaît.
board_title_everywhere = { $game } — tables ouvertes, tous les serveurs
board_counts_server = Ici comptent les parties jouées aux tables de ce serveur ; les tables ouvertes comptent avec `scope:everywhere`.
board_empty_everywhere = Aucune partie de { $game } classée aux tables ouvertes pour l'instant — `/play` t'y installe !
board_empty_everywhere_period = Aucune partie de { $game } classée aux tables ouvertes ces 30 derniers jours — `/play` t'y installe !
board_counts_everywhere = Ici comptent les parties jouées aux tables ouvertes, sur tous les serveurs.
