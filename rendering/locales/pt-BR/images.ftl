# Só as palavras que no Brasil se dizem de outro jeito; o resto vem de pt-PT/images.ftl.

side = Time { $number }
team = Time { $letter }
your_hand = Suas cartas
illegal_not_your_turn = não é a sua vez
illegal_must_follow = tem que servir { $suit }
hand_follow_rule = tem que servir { $suit }: regra desta mesa
illegal_deal_complete = as cartas já foram distribuídas
draw_bonus = Prêmio do 60–60: +{ $points }
passed_out = Todos passaram: as cartas são distribuídas de novo
stock = Monte
talon_cards = { $count ->
    [one] Monte: { $count } carta
   *[other] Monte: { $count } cartas
}
corner_K = K
corner_Q = Q
corner_J = J

# O Brasil trata o jogador por você; Portugal, por tu.
hand_exchange_range = troque { $low } a { $high } cartas
hand_exchange = troque { $count }
illegal_must_overtrump_card = tem que subir no trunfo: o { $card } não ganha ao { $winner_card }
illegal_must_play_higher = tem que jogar { $suit_one } mais alta: o { $card } não ganha ao { $winner_card }
illegal_no_undertrump = não pode cortar por baixo com o { $card } tendo outra carta
illegal_must_undertrump = tem que cortar: não tem { $suit }, jogue { $trump_suit_one }
illegal_must_overtrump = tem que cortar por cima: não tem { $suit }, ganhe ao { $winner_card }
illegal_must_trump = tem que cortar: não tem { $suit }, jogue { $trump_suit_one }
illegal_take_names_trump = tem que dizer o trunfo
illegal_round2_other_suit = { $suit } foi recusado na primeira volta: escolha outro naipe
illegal_bid_too_low = tem que licitar mais de { $value }
illegal_trump_one_suit = escolha um só naipe de trunfo
illegal_play_one_card = jogue uma só carta
illegal_no_such_rank = o baralho de 40 não tem { $rank }: chame A, 3, R, C, F, 7, 6, 5, 4 ou 2
illegal_points_must_exceed = tem que chamar mais de { $target } pontos
illegal_call_weaker_rank = chame uma carta mais baixa que { $rank }
illegal_name_discards = escolha as cartas a trocar
illegal_exchange_count = troque { $low } a { $high } cartas, não { $count }
illegal_exchange_twice = não pode trocar duas vezes a mesma carta
review_hand = Suas cartas nesse momento
review_chose = Sua escolha: { $action }
review_moment_trick = Vaza { $trick }
review_moment_auction = Leilão
review_you_open = Você fala primeiro.
review_you_lead = Você abre a vaza
review_side_you = você
review_better_real = Melhor na mão real
review_better_real_action = Melhor na mão real: { $action }
illegal_card_not_in_hand = não tem o { $card }
illegal_seat_lacks_card = não tem o { $card }
illegal_card_not_in_seat_hand = não tem o { $card }
