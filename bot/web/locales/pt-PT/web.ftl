## As páginas web das mãos, jogos, desafios e classificações (bot/web).

web_cli_url = ATOUT_WEB_URL tem de ser o endereço público das páginas, como https://atout.example.org (http ou https, sem query), não { $value }
web_cli_bind = ATOUT_WEB_BIND tem de ser anfitrião:porta, como 127.0.0.1:8080 ou 0.0.0.0:8080, não { $value }
web_cli_secret = ATOUT_WEB_SECRET tem de ter pelo menos { $most } caracteres, sem espaços (python3 -c "import secrets; print(secrets.token_urlsafe(32))" cria um)
web_cli_proxies = ATOUT_WEB_TRUSTED_PROXIES tem de listar os endereços ou redes dos teus proxies reversos, como 127.0.0.1, ::1 ou 172.16.0.0/12, não { $value }
web_cli_listen = As páginas web não conseguem escutar em { $where }: { $reason }
web_cli_serving = As páginas do Atout estão servidas em { $where }
web_cli_link = A última mão terminada que as páginas podem mostrar ({ $game }, mesa { $table }, mão { $deal }): abre este endereço noutra máquina, através do teu proxy
web_cli_link_none = Ainda não há nenhuma mão terminada que se possa mostrar: joga uma mão até ao fim numa mesa que não seja privada nem de um desafio, e tenta outra vez.
web_cli_link_no_url = ATOUT_WEB_URL não está definido: as páginas estão desligadas e não há link para dar (docs/running.md, "The deals' web pages").

web_site = Atout
web_footer = Atout — jogos de cartas no Discord. Esta página é privada: só quem recebeu a ligação a pode abrir.
web_not_found_title = Página não encontrada
web_not_found = Esta ligação não foi dada pelo Atout, ou não há nada para mostrar nela.
web_deal_playing_title = Mão a ser jogada
web_deal_playing = Esta mão ainda está a ser jogada: a sua página abre quando terminar. Até lá, a página do jogo mostra as mãos já terminadas.
web_sealed_title = Selada até o desafio fechar
web_sealed = Como foi jogada esta mão do desafio poderá ver-se quando o desafio fechar ({ $when }): até lá, quem ainda não a jogou não a deve ver.
web_too_many = Demasiados pedidos do teu endereço: espera { $seconds ->
    [one] um segundo
   *[other] { $seconds } segundos
} e tenta outra vez.
web_method = Estas páginas só se podem ler.
web_players = Jogadores
web_dealer = dá as cartas
web_computer = computador
web_record = Descarregar o registo (JSON)
web_record_help = A mão como ficheiro atout-record/1, com as regras do jogo: python -m games replay e qualquer outra ferramenta a reproduzem.
web_whole_game = O jogo todo
web_previous_deal = Mão { $deal }
web_next_deal = Mão { $deal }

web_title_deal = { $game } — mesa { $table }, mão { $deal }
web_deal_heading = Mão { $deal }
web_first = Primeiro passo
web_previous = Anterior
web_next = Seguinte
web_last = Último passo
web_step = Passo { $step } de { $count }
web_keys = As teclas ← e → avançam ou recuam um passo; Home e End vão ao início e ao fim.
web_dealt = { $name } dá as cartas.
web_said = { $name }: { $what }
web_tricks_won = { $count ->
    [one] 1 vaza
   *[other] { $count } vazas
}
web_stock = Baralho: { $count }
web_talon = Talão: { $count }
web_turn_up = Virada
web_trump_card = Trunfo
web_called_card = Carta chamada
web_trump = Trunfo: { $trump }
web_auction = Leilão
web_hands = Mãos distribuídas
web_tricks = Vazas
web_trick_number = Vaza { $number }
web_trick_won = ganha por { $name }
web_melds = Anúncios e declarações
web_melds_none = Nada anunciado.
web_score = Pontuação
web_column_side = Equipa
web_column_deal = Esta mão
web_column_game = Jogo
web_passed_out = Todos passaram: ninguém jogou esta mão.

web_review_title = Revisão do jogo de { $name }
web_review_none = O jogo deste lugar ainda não foi revisto: carrega em Rever o meu jogo por baixo da mão no Discord e abre a ligação que ele dá.
web_review_well_played = Bem jogado: nenhum erro em { $count ->
    [one] 1 decisão
   *[other] { $count } decisões
}.
web_review_count = { $mistakes ->
    [one] 1 erro
   *[other] { $mistakes } erros
} em { $count ->
    [one] 1 decisão
   *[other] { $count } decisões
}.
web_review_help = Cada decisão está marcada no seu passo da reprodução.
web_verdict_mistake = Erro
web_verdict_unlucky = Azar
web_verdict_fine = Bem
web_decision_mistake = { $choice }: { $best } era melhor, por { $cost } em média, em { $share } das mãos que podias ter pela frente.
web_decision_mistake_exact = { $choice }: { $best } era melhor, por { $cost }.
web_decision_unlucky = { $choice }: tão bom como o melhor em média; só a mão verdadeira tornava { $best } melhor. Não podias saber.
web_decision_fine = { $choice }: tão bom como o melhor.
web_cost_points = { $count ->
    [one] 1 ponto
   *[other] { $count } pontos
}
web_cost_card_points = { $count ->
    [one] 1 ponto de cartas
   *[other] { $count } pontos de cartas
}

web_title_game = { $game } — mesa { $table }
web_deals = Mãos
web_deal_number = Mão { $number }
web_no_deal = Nenhuma mão deste jogo terminou ainda.
web_in_play = Este jogo ainda está a decorrer: aqui só estão as mãos terminadas.
web_abandoned = Este jogo foi abandonado antes do fim.
web_won_by = Ganho por { $names }.
web_nobody_won = Ninguém ganhou.
web_final_score = Pontuação final
web_ratings = Classificação Elo
web_unrated = Jogo sem classificação: nenhuma classificação mudou.
web_leaderboard_link = A classificação de { $game } do servidor
web_ladder_link = A classificação de { $game } das mesas abertas, todos os servidores

web_title_challenge = Desafio { $challenge } — mão { $deal }
web_traveller = O jogo de todos nesta mão
web_traveller_help = O nome de um jogador abre a mão dele, para rever jogada a jogada.
web_column_rank = Lugar
web_column_player = Jogador
web_column_result = Resultado
web_column_percent = Pontos de match
web_par = Par: o computador difícil no mesmo lugar fez { $score }.
web_traveller_empty = Ninguém terminou esta mão.

web_title_board = { $game } — classificação
web_board_empty = Ainda ninguém jogou um jogo classificado de { $game } neste servidor.
web_title_ladder = { $game } — mesas abertas, todos os servidores
web_ladder_empty = Ainda ninguém jogou um jogo classificado de { $game } numa mesa aberta.
web_provisional = provisório
web_page = Página { $page } de { $pages }
