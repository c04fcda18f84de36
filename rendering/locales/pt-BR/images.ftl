# Só as palavras que no Brasil se dizem de outro jeito; o resto vem de pt-PT/images.ftl.

side = Time { $number }
team = Time { $letter }
your_hand = Suas cartas
illegal_not_your_turn = não é a sua vez
illegal_must_follow = tem que servir { $suit }
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
