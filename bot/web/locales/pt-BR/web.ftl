## Onde o Brasil escreve diferente de Portugal (o resto vem de pt-PT).

web_cli_url = ATOUT_WEB_URL precisa ser o endereço público das páginas, como https://atout.example.org (http ou https, sem query), não { $value }
web_cli_bind = ATOUT_WEB_BIND precisa ser host:porta, como 127.0.0.1:8080 ou 0.0.0.0:8080, não { $value }
web_cli_secret = ATOUT_WEB_SECRET precisa ter pelo menos { $most } caracteres, sem espaços (python3 -c "import secrets; print(secrets.token_urlsafe(32))" cria um)
web_cli_proxies = ATOUT_WEB_TRUSTED_PROXIES precisa listar os endereços ou redes dos seus proxies reversos, como 127.0.0.1, ::1 ou 172.16.0.0/12, não { $value }
web_footer = Atout — jogos de cartas no Discord. Esta página é privada: só quem recebeu o link pode abri-la.
web_not_found = Este link não foi dado pelo Atout, ou não há nada para mostrar nele.
web_deal_playing_title = Mão em andamento
web_deal_playing = Esta mão ainda está sendo jogada: a página dela abre quando terminar. Até lá, a página do jogo mostra as mãos já terminadas.
web_too_many = Pedidos demais do seu endereço: espere { $seconds ->
    [one] um segundo
   *[other] { $seconds } segundos
} e tente de novo.
web_record = Baixar o registro (JSON)
web_record_help = A mão como arquivo atout-record/1, com as regras do jogo: python -m games replay e qualquer outra ferramenta a reproduzem.
web_keys = As teclas ← e → avançam ou voltam um passo; Home e End vão ao início e ao fim.
web_stock = Monte: { $count }
web_column_side = Time
web_review_none = O jogo deste lugar ainda não foi revisto: clique em Rever o meu jogo embaixo da mão no Discord e abra o link que ele der.
web_decision_mistake = { $choice }: { $best } era melhor, por { $cost } em média, em { $share } das mãos que você podia ter pela frente.
web_decision_unlucky = { $choice }: tão bom quanto o melhor em média; só a mão real tornava { $best } melhor. Você não tinha como saber.
web_in_play = Este jogo ainda está em andamento: aqui só estão as mãos terminadas.
web_ratings = Ranking Elo
web_leaderboard_link = O ranking de { $game } do servidor
web_ladder_link = O ranking de { $game } das mesas abertas, todos os servidores
web_title_board = { $game } — ranking
web_board_empty = Ninguém jogou ainda uma partida ranqueada de { $game } neste servidor.
web_title_ladder = { $game } — mesas abertas, todos os servidores
web_ladder_empty = Ninguém jogou ainda uma partida ranqueada de { $game } numa mesa aberta.

web_cli_link = A última mão terminada que as páginas podem mostrar ({ $game }, mesa { $table }, mão { $deal }): abra este endereço em outra máquina, pelo seu proxy
web_cli_link_none = Ainda não há nenhuma mão terminada que possa ser mostrada: jogue uma mão até o fim numa mesa que não seja privada nem de um desafio, e tente de novo.
web_cli_link_no_url = ATOUT_WEB_URL não está definido: as páginas estão desligadas e não há link para dar (docs/running.md, "The deals' web pages").
