# As palavras das imagens do Atout, em português europeu. Sintaxe Fluent: https://projectfluent.org/

game_name_belote = Belote
game_name_coinche = Coinche
game_name_piquet = Piquet
game_name_briscola = Bisca
game_name_chiamata = Briscola a chiamata
game_name_sueca = Sueca
deal = Mão
seat = Lugar { $number }
side = Equipa { $number }
team = Equipa { $letter }
side_wins = { $count ->
    [one] { $side } ganha{ $extra }
   *[other] { $side } ganham{ $extra }
}
denomination_NT = ST
denomination_AT = TT
italian_rank_A = ás
italian_rank_J = valete
italian_rank_Q = cavalo
italian_rank_K = rei
italian_suit_S = espadas
italian_suit_H = copas
italian_suit_D = ouros
italian_suit_C = paus
italian_corner_A = A
italian_corner_J = F
italian_corner_Q = C
italian_corner_K = R
briscola_trump = Trunfo { $suit } { $name }
bid_capot = capote
bid_generale = générale
said = { $who }: { $what }
announce = { $who }: { $what }!
call_pass = Passo
call_coinche = Coinche!
call_surcoinche = Surcoinche!
call_take = Fica com { $trump }
log_bidding = Licitação
log_melds = Anúncios
log_declarations = Anúncios
meld_kind_tierce = terceira
meld_kind_quarte = quarta
meld_kind_quinte = quinta
meld_kind_carre = quadra
meld_scored = { $who } marca { $meld } { $cards } +{ $points }
event_belote = belote
event_rebelote = rebelote
event_repique = repique
event_pique = pique
event_capot = capote
trump_line = Trunfo { $trump }
badge_took = Ficou com { $trump }
taking = Escolha do trunfo
taking_round = Escolha do trunfo, volta { $round }
focus_turn_up = Virada
turn_up_card = Carta virada
litige_reserve = Pontos em reserva: { $points }
bid_by = Contrato { $bid } · { $name }
auction = Licitação
badge_elder = Mão
badge_younger = Pé
rubicon_hand = Rubicão: mão { $number } de { $of }
game_to = Jogo a { $target }
games_won = Jogos ganhos { $games }
badge_exchanged = trocou { $count }
talon_cards = { $count ->
    [one] Monte: { $count } carta
   *[other] Monte: { $count } cartas
}
exchanges = { $name } troca
talon_left = Resto do monte
talon_seen = Cartas do monte vistas
piquet_category_point = Ponto
piquet_category_sequence = Sequência
piquet_category_set = Trinca
declaration_tie = { $category }: empate, ninguém marca
declaration_none = { $category }: ninguém marca
piquet_bonus_repique = repique
piquet_bonus_pique = pique
piquet_bonus_carte_blanche = mão branca
piquet_bonus_cards_bonus = as cartas
piquet_bonus_capot = capote
stock = Baralho
trump_card_drawn = { $card } tirada por { $name }
first_to_hands = { $count ->
    [one] Até { $count } mão
   *[other] Até { $count } mãos
}
called = Chamada: { $card }
called_by = por { $name }
needs_points = Objetivo: { $target }
badge_declarer = Declarante
called_card = Carta chamada
declarer_alone = O declarante está sozinho!
badge_partner = Parceiro
deal_of = Mão { $number } de { $of }
trump_card_of = Trunfo · { $name }
first_to_games = { $count ->
    [one] Até { $count } jogo
   *[other] Até { $count } jogos
}
draw_bonus = Prémio do 60–60: +{ $points }
dealer_chip = D
tricks = { $count ->
    [one] { $count } vaza
   *[other] { $count } vazas
}
cards_count = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}
score_panel = Pontos
score_deal = Mão
score_game = Total
game_over = Fim do jogo
your_hand = As tuas cartas
hand_trump = trunfo { $trump }
hand_turn_up = virada { $card }
hand_exchange_range = troca { $low } a { $high } cartas
hand_exchange = troca { $count }
hand_playable = { $count ->
    [one] { $count } jogável
   *[other] { $count } jogáveis
}
hand_follow_rule = tens de assistir a { $suit }: regra desta mesa
no_cards_in_hand = Sem cartas na mão
last_trick = Última vaza
no_trick_yet = Ainda nenhuma vaza jogada
won_by = de { $name }
passed_out = Todos passaram: volta-se a dar
taker_took = { $name } ficou com { $trump }
contract_made = { $contract } — cumprido
contract_dedans = { $contract } — dedans!
contract_failed = { $contract } — falhado
contract_litige = { $contract } — litige: pontos em reserva
capot_by = Capote de { $side }!
declarer_called = { $name } chamou { $card }
partner_was = o parceiro era { $name }
points_needed_made = { $points ->
    [one] { $points } ponto
   *[other] { $points } pontos
} de { $target } — cumprido
points_needed_failed = { $points ->
    [one] { $points } ponto
   *[other] { $points } pontos
} de { $target } — falhado
cappotto = Capote!
this_hand = Esta mão: { $first } { $first_score } – { $second_score } { $second }
wins_game = { $name } ganha o jogo
games_scored = { $count ->
    [one] {" "}— { $games } jogo
   *[other] {" "}— { $games } jogos
}
drawn_hand = Mão empatada
bandeira = Bandeira! Os 120 pontos
column_card_points = Pontos
column_tricks = Vazas
column_melds = Anúncios
column_belote = Belote
column_score = Resultado
column_total = Total
summary_title = { $game } — fim da mão
score_sheet_title = { $game } — folha de pontos
earlier_deals = { $count ->
    [one] … { $count } mão anterior
   *[other] … { $count } mãos anteriores
}
deal_number = Mão { $number }
board_rank = #
board_player = Jogador
board_rating = Classificação
board_games = Jogos
board_win_rate = Vitórias
chart_empty = Ainda nenhum jogo classificado
chart_games = { $count ->
    [one] { $count } jogo
   *[other] { $count } jogos
}
unrated_table = Sem classificação

suit_S = espadas
suit_H = copas
suit_D = ouros
suit_C = paus
suit_one_S = espada
suit_one_H = copa
suit_one_D = ouro
suit_one_C = pau
action_pass = passo
action_take = escolha
action_play = jogada
action_bid = licitação
action_coinche = coinche
action_surcoinche = surcoinche
action_call = chamada
action_trump = escolha do trunfo
action_exchange = troca
illegal_game_over = o jogo acabou
illegal_deal_not_finished = a mão ainda não acabou
illegal_deal_complete = as cartas já foram dadas
illegal_no_such_action = no { $game } não há «{ $action }»
illegal_not_your_turn = não é a tua vez
illegal_card_not_in_hand = não tens o { $card }
illegal_seat_lacks_card = não tens o { $card }
illegal_must_follow = tens de assistir a { $suit }
illegal_play_phase = joga-se às cartas: agora não há { $action }
illegal_must_overtrump_card = tens de subir no trunfo: o { $card } não ganha ao { $winner_card }
illegal_must_play_higher = tens de jogar { $suit_one } mais alta: o { $card } não ganha ao { $winner_card }
illegal_no_undertrump = não podes cortar por baixo com o { $card } tendo outra carta
illegal_must_undertrump = tens de cortar: não tens { $suit }, joga { $trump_suit_one }
illegal_must_overtrump = tens de cortar por cima: não tens { $suit }, ganha ao { $winner_card }
illegal_must_trump = tens de cortar: não tens { $suit }, joga { $trump_suit_one }
illegal_nobody_took = ainda ninguém ficou com o trunfo: não se joga
illegal_la_vache = la vache: na segunda volta quem dá tem de escolher trunfo
illegal_take_names_trump = tens de dizer o trunfo
illegal_round1_turn_up_only = na primeira volta só se fica com o naipe virado ({ $suit })
illegal_round2_other_suit = { $suit } foi recusado na primeira volta: escolhe outro naipe
illegal_round2_no_sa_ta = nesta mesa não há sem trunfo nem tudo trunfo
illegal_not_a_trump = { $trump } não pode ser trunfo
illegal_auction_not_over = a licitação não acabou: não se joga
illegal_coinched_window = depois de um coinche só se pode dar surcoinche ou passar
illegal_capot_window = depois de um capote só se pode dar coinche ou passar
illegal_nothing_to_surcoinche = nada para surcoinchar: o contrato não tem coinche
illegal_nothing_to_coinche = nada para coinchar: ninguém licitou
illegal_coinche_opponents_only = só os adversários de quem licitou podem coinchar
illegal_capot_not_coinchable = nesta mesa um capote não leva coinche
illegal_bad_bid_value = { $value } não é licitação: de 80 a 160 de 10 em 10, capote ou générale
illegal_bid_names_trump = uma licitação tem de dizer o trunfo
illegal_no_bid_over = não se licita acima de { $value }
illegal_sa_ta_disabled = nesta mesa não se licita sem trunfo nem tudo trunfo
illegal_generale_disabled = nesta mesa não há générale
illegal_bid_too_low = tens de licitar mais de { $value }
illegal_auction_over = agora não há { $action }: a licitação acabou
illegal_pass_carries_nothing = quem passa não diz carta, valor nem naipe
illegal_trump_after_auction = só o declarante escolhe o trunfo, depois da licitação
illegal_trump_already_named = o trunfo já foi escolhido
illegal_trump_one_suit = escolhe um só naipe de trunfo
illegal_no_play_in_auction = durante a licitação não se joga
illegal_declarer_names_trump = o declarante tem de escolher primeiro o trunfo
illegal_play_one_card = joga uma só carta
illegal_card_not_in_seat_hand = não tens o { $card }
illegal_call_names_rank = chama-se uma carta (e, sobre o 2, pontos)
illegal_no_such_rank = o baralho de 40 não tem { $rank }: chama A, 3, R, C, F, 7, 6, 5, 4 ou 2
illegal_points_need_option = nesta mesa não se chama a pontos
illegal_points_bid_is_two = chamar a pontos é chamar o 2 com uma meta
illegal_points_over_two_only = só se chama a pontos sobre um 2
illegal_points_range = chamar a pontos vai de 62 a { $high }, não { $points }
illegal_points_must_exceed = tens de chamar mais de { $target } pontos
illegal_two_beaten_by_points = sobre o 2 só se chama a pontos
illegal_nothing_beats_two = nada ganha ao 2
illegal_call_weaker_rank = chama uma carta mais baixa que { $rank }
illegal_exchange_first = não se joga antes das duas trocas
illegal_name_discards = escolhe as cartas a trocar
illegal_exchange_count = troca { $low } a { $high } cartas, não { $count }
illegal_exchange_twice = não podes trocar duas vezes a mesma carta
illegal_exchanges_over = as trocas acabaram
piquet_combination_point = ponto de { $count } ({ $value })
piquet_combination_sequence = { $length ->
    [3] terceira
    [4] quarta
    [5] quinta
    [6] sexta
    [7] sétima
    [8] oitava
   *[other] nona
} { $rank ->
    [A] ao ás
    [K] ao rei
    [Q] à dama
    [J] ao valete
    [T] ao dez
    [9] ao nove
    [8] ao oito
    [7] ao sete
   *[other] ao seis
}
piquet_combination_trio = trinca { $rank ->
    [A] de ases
    [K] de reis
    [Q] de damas
    [J] de valetes
   *[T] de dezes
}
piquet_combination_quatorze = catorze { $rank ->
    [A] de ases
    [K] de reis
    [Q] de damas
    [J] de valetes
   *[T] de dezes
}
corner_A = A
corner_K = R
corner_Q = D
corner_J = V
italian_card = { $rank } de { $suit }
the_italian_rank = { $rank ->
    [A] o ás
    [K] o rei
    [Q] o cavalo
    [J] o valete
   *[other] o { $rank }
}
the_italian_card = { $rank ->
    [A] o ás
    [K] o rei
    [Q] o cavalo
    [J] o valete
   *[other] o { $rank }
} de { $suit }
rank_T = 10
rank_J = valete
rank_Q = dama
rank_K = rei
rank_A = ás
the_rank = { $rank ->
    [A] o ás
    [K] o rei
    [Q] a dama
    [J] o valete
    [T] o 10
   *[other] o { $rank }
}

## Deal review
review_hand = As tuas cartas nesse momento
review_table = Na mesa
review_played = Jogada
review_better = Melhor
review_chose = A tua escolha: { $action }
review_better_action = Melhor: { $action }
review_moment_trick = Vaza { $trick }
review_moment_auction = Leilão
review_mistake = Erro
review_unlucky = Azar
review_trump = Trunfo: { $trump }
review_trump_card = Carta de trunfo
review_contract = Contrato: { $contract }
review_turn_up = Virada: { $card }
review_to_beat = A bater: { $bid } ({ $player })
review_auction = O leilão até aqui
review_you_open = Falas primeiro.
review_you_lead = Abres a vaza
review_side_you = tu
review_side_partner = parceiro
review_side_opponent = adversário
review_side_unknown = parceiro?
review_better_real = Melhor na mão real
review_better_real_action = Melhor na mão real: { $action }

## Seasons (issue 45): the lines of a season's standings.
season_promotion = Subida
season_relegation = Descida
season_unranked = Ainda sem classificação
season_to_go = { $count ->
    [one] falta { $count } jogo
   *[other] faltam { $count } jogos
}
