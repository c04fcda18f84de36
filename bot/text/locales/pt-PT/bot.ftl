# As mensagens, botões e comandos do Atout, em português de Portugal. Sintaxe Fluent: https://projectfluent.org/
# O português do Brasil (pt-BR) só escreve o que muda e lê o resto daqui.

game_belote = Belote
game_coinche = Coinche
game_piquet = Piquet
game_briscola = Briscola
game_chiamata = Briscola a chiamata
game_sueca = Sueca
cli_no_token = O Atout precisa de um token de bot do Discord.

      1. Copia .env.example para .env (cp .env.example .env).
      2. Cria uma aplicação em https://discord.com/developers/applications, abre Bot, carrega em Reset Token e copia-o.
      3. Põe-no em .env como DISCORD_TOKEN=... (ou define a variável de ambiente DISCORD_TOKEN).
      4. Corre outra vez python -m bot.

    A secção "Running your own Atout" do README explica como convidar o bot para o teu servidor.
cli_bad_token = O Discord recusou o token de DISCORD_TOKEN (.env ou ambiente): copia-o outra vez do Developer Portal (Bot → Reset Token).
cli_no_network = O Atout não consegue chegar ao Discord ({ $reason }): verifica a ligação de rede desta máquina e tenta outra vez.
cli_intents = O Discord recusou um intent do gateway: o Atout não precisa de nenhum intent privilegiado; verifica as definições de Bot da aplicação.
cli_discord_error = O Discord respondeu com um erro ({ $status }: { $reason }); tenta outra vez daqui a pouco.
cli_no_database = O Atout não consegue abrir a base de dados { $where } ({ $reason }): verifica ATOUT_DB (o caminho de um ficheiro SQLite, ou postgresql://utilizador:palavra-passe@anfitrião:porta/base) e se o servidor da base de dados está a correr.
cli_no_sqlite = O Atout não consegue abrir a sua base de dados SQLite { $where } ({ $reason }): verifica ATOUT_DB, o caminho de um ficheiro numa pasta onde o Atout possa escrever (um nome novo cria uma base nova).
cli_not_sqlite = ATOUT_DB aponta para { $where }, que não é a base de dados SQLite do Atout ({ $reason }): indica o caminho do ficheiro da base do Atout (um nome novo cria uma), ou um URL postgresql://.
cli_ai_pause = ATOUT_AI_PAUSE tem de ser um número de segundos entre 0 e 60, não { $value }
cli_image_processes = ATOUT_IMAGE_PROCESSES tem de ser um número de processos de desenho entre 0 e { $most } (0 desenha em threads), não { $value }
cli_review_processes = ATOUT_REVIEW_PROCESSES tem de ser um número de processos de revisão entre 0 e { $most } (0 calcula-as numa thread), não { $value }
cli_discord_rate = ATOUT_DISCORD_RATE tem de ser um número de pedidos por segundo entre 0 e { $most } (0: sem limite), não { $value }
cli_db_url = ATOUT_DB tem de ser o caminho de um ficheiro SQLite ou um URL postgresql://, não { $value }
action_pass = Passo
action_coinche = Coinche
action_surcoinche = Surcoinche
action_take = Fico com { $trump }
action_name = { $trump }
action_exchange_marked = { $count ->
    [one] Trocar { $count } carta
   *[other] Trocar { $count } cartas
}
action_exchange_range = Marca { $low } a { $high } cartas para trocar
action_call_placeholder = Chamar uma carta
action_trump_placeholder = Escolher o trunfo
action_level_placeholder = Valor do lance
action_bid_suit = Lance de { $value } { $trump }
bid_capot = Capot
denomination_NT = Sem trunfo (SA)
denomination_AT = Tudo trunfo (TA)
bid_generale = Générale
call_points = { $rank }, { $points } pontos
event_trick = { $name } ganha a vaza
event_play = { $name } joga { $card }
event_pass = { $name } passa
event_take = { $name } fica com { $trump }
event_bid = { $name } lança { $value } { $trump }
event_coinche = Coinche de { $name }
event_surcoinche = Surcoinche de { $name }
event_call = { $name } chama { $rank }
event_call_points = { $name } chama { $rank } a { $points }
event_trump = { $name } escolhe { $suit }
event_trump_called = { $name } escolhe { $suit }: a carta chamada é { $card }
event_exchange = { $name } troca { $count }
event_belote = Belote para { $name }
event_rebelote = Rebelote para { $name }
event_redeal = Todos passaram: nova distribuição
turn_take = { $name } fica ou passa
turn_bid = Vez de { $name } lançar
turn_exchange = Vez de { $name } trocar
turn_trump = Vez de { $name } escolher o trunfo
turn_play = Vez de { $name } jogar
turn_act = Vez de { $name }
status_over = Jogo terminado
status_dealing = A dar as cartas…
deal_summary_title = **Mão { $number }**
deal_passed_out = Todos passaram.
deal_card_points = Pontos das cartas: { $points }
deal_scores = Nesta mão: { $scores }
deal_melds = Anúncios: { $scores }
deal_belote = Belote: { $scores }
deal_totals = Resultado: { $scores }
side_score = { $side }: { $score }
team_members = { $team } ({ $names })
result_winners = { $count ->
    [one] **Fim do jogo — { $names } ganhou!**
   *[other] **Fim do jogo — { $names } ganharam!**
}
result_no_winner = **Fim do jogo — ninguém ganhou.**
table_header = Mesa { $id }
button_hand = Mão
button_last_trick = Última vaza
ping_turn = { $mention }, é a tua vez
hand_your_turn = Mesa { $id }: é a tua vez.
prompt_bid = Lance a bater: { $bid } ({ $name }).
prompt_call = Chamada em vigor: { $rank } ({ $name }). Quanto mais baixa a carta, mais alta a chamada: chama abaixo, ou passa.
prompt_call_first = Quanto mais baixa a carta, mais alta a chamada: chamar { $first } compromete menos, chamar { $last } compromete mais.
prompt_trump = Chamaste { $rank }: escolhe a briscola — quem tiver { $rank } desse naipe é o teu parceiro.
prompt_trump_alone = Tens { $card }: escolher o naipe dela é jogar sozinho.
trump_alone = tens esta: jogas sozinho
hand_waiting = Mesa { $id }: à espera de { $name }.
hand_over = Mesa { $id }: o jogo acabou.
lobby_title = **{ $game }** — mesa { $id }
lobby_rules = Regras: { $rules }
lobby_here = este canal
lobby_started = O jogo começou em { $where }.
seat_line = Lugar { $number }: { $who }
seat_empty = (livre)
seat_computer = { $name } ({ $level })
seat_team = — equipa { $team }
computer_name = Computador { $number }
level_easy = fácil
level_normal = médio
level_hard = difícil
button_join = { $count ->
    [one] Sentar · { $count } lugar livre
   *[other] Sentar · { $count } lugares livres
}
button_leave = Sair
button_addbot = Juntar computador
button_rmbot = Tirar computador
button_house = Regras da casa
button_start = Começar
addbot_choose = Que nível para este computador?
addbot_done = { $name } ({ $level }) senta-se.
rules_title = Regras da casa desta mesa: escolhe uma regra para a mudar.
rule_pick = Regra a mudar
rule_current = Agora: { $value } — { $help }
rule_more = Mais regras…
rule_value = **{ $key }** — { $help }
rule_set = { $key }: agora { $value }.
table_rules_title = Regras da casa da mesa { $id } ({ $game }):
table_rules_line = { $key }: { $value }
table_left = Saíste da mesa { $id }; { $name } joga no teu lugar até voltares (/table rejoin).
table_abandoned = A mesa { $id } foi abandonada.
table_abandon_vote = Voto registado: { $votes ->
    [one] { $votes } de { $needed } jogadores quer
   *[other] { $votes } de { $needed } jogadores querem
} abandonar a mesa { $id }.
table_export_name = Registo do jogo da mesa { $id }.
error_no_table = Essa mesa não existe.
error_table_needed = Usa isto no tópico da mesa, ou indica `table:<número>`.
error_not_seated = Não estás sentado nesta mesa.
error_stale = Essa mão já não está em dia — carrega em Mão para a ver de novo.
error_not_your_turn = Não é a tua vez.
error_not_playing = Não se está a jogar nesta mesa.
error_illegal = Jogada não permitida: { $reason }.
error_no_last_trick = Ainda não se jogou nenhuma vaza.
error_malformed = Esse botão não é do Atout.
error_options = Essas regras não podem ser usadas: { $reason }.
error_guild_only = As mesas do Atout estão nos servidores, não nas mensagens diretas.
error_lobby_closed = Esta mesa já começou.
error_already_seated = Já tens lugar nesta mesa.
error_lobby_full = Todos os lugares estão ocupados.
error_no_computer = Não há nenhum computador para tirar.
error_lobby_not_full = Primeiro é preciso ocupar todos os lugares.
error_no_human = Uma mesa precisa de pelo menos uma pessoa: senta-te (Sentar) antes de começar.
error_not_away = Não tens nenhum lugar para retomar nesta mesa.
table_left_public = { $mention } saiu da mesa: { $name } joga no lugar até voltar.
button_rejoin = Voltar ao meu lugar
away_timer = { $mention } falhou { $turns } vezes seguidas: { $name } joga no lugar até voltar (Voltar ao meu lugar, ou /table rejoin).
table_deserted = Já não há ninguém na mesa: os computadores esperam, e a mesa acaba daqui a { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
} se ninguém voltar.
rejoined = Voltaste ao teu lugar na mesa { $id }: carrega em Mão.
rejoined_public = { $mention } voltou à mesa.
lobby_expired = Esta mesa foi fechada: não começou em { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}.
table_expired = A mesa { $id } acabou: ninguém voltou em { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}.
ping_reminder = { $mention }, já passou metade do teu tempo: faltam { $seconds } s para jogares.
ping_press_hand = — carrega em Mão para veres as tuas cartas.
table_moved = A mesa { $id } mudou-se para aqui: o tópico dela desapareceu ou está fechado ao bot.
cmd_table_rejoin = Retomar o lugar que deixaste, ou que o temporizador deu a um computador
error_addbot_used = Esse computador já está sentado; carrega outra vez em Juntar computador para outro.
thread_name = { $game } n.º { $id } — { $names }
error_bad_level = Nível desconhecido.
error_starter_only = Só quem abriu a mesa pode fazer isso.
error_abandon_rights = Só quem abriu a mesa, ou a maioria dos jogadores, a pode abandonar.
error_internal = Algo correu mal; a mesa está a salvo. Tenta outra vez, por favor.
error_storage = A tua jogada não pôde ser registada, por isso nada mudou. Tenta outra vez, por favor.
table_thinking = { $name } está a pensar…
cmd_belote = Belote: quatro jogadores, dois contra dois, com uma carta virada
cmd_coinche = Coinche: a Belote com leilão e contra
cmd_piquet = Piquet: o clássico para dois jogadores
cmd_briscola = Briscola para 2, 3, 4 ou 6 jogadores
cmd_chiamata = Briscola a chiamata: cinco jogadores e um parceiro secreto
cmd_sueca = Sueca: quatro jogadores, dois contra dois
cmd_table = A mesa onde estás a jogar
cmd_start_belote = Abrir uma mesa de Belote
cmd_start_coinche = Abrir uma mesa de Coinche
cmd_start_piquet = Abrir uma mesa de Piquet
cmd_start_briscola = Abrir uma mesa de Briscola
cmd_start_chiamata = Abrir uma mesa de Briscola a chiamata
cmd_start_sueca = Abrir uma mesa de Sueca
cmd_table_hand = Ver a tua mão (só tu a vês)
cmd_table_leave = Sair da mesa; um computador fica no teu lugar
cmd_table_abandon = Abandonar a mesa (quem a abriu, ou a maioria dos jogadores)
cmd_table_export = O registo do jogo num ficheiro JSON
cmd_table_rules = As regras da casa da mesa
opt_table = Número da mesa (não é preciso no tópico da mesa)
opt_level = Nível dos computadores
opt_target_score = Pontos a atingir para ganhar o jogo
opt_melds_enabled = Anúncios (sequências e quadras) em jogo
opt_round2_sa_ta = Sem trunfo (SA) e tudo trunfo (TA) na segunda volta
opt_sa_ta_enabled = Sem trunfo (SA) e tudo trunfo (TA) no leilão
opt_scoring_mode = O primeiro a chegar aos pontos, ou a partida Rubicon de seis mãos
opt_games_to_win_match = Jogos para ganhar a partida
opt_seats = Número de jogadores
opt_hands_to_win = Mãos para ganhar a partida
opt_match_deals = Mãos da partida
opt_bidding = Tipo de leilão
opt_games_to_win = Jogos para ganhar a partida
opt_deck_style = O baralho a usar
deck_auto = o baralho habitual do jogo
deck_french = Francês (2 cores)
deck_french4 = Francês (4 cores)
deck_italian = Italiano
action_keep_hand = Fico com a mão
opt_turn_timer = Tempo para jogar antes de um computador jogar essa vez por ti
timer_off = sem temporizador
timer_seconds = { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
}
ping_turn_timed = { $mention }, é a tua vez ({ $seconds } s)
table_left_lobby = Saíste da mesa { $id } antes do começo.
event_declarer = { $name } ganha o leilão com { $rank }
event_partner = { $name } jogou a carta chamada: { $name } é o parceiro
event_alone = { $name } jogou a carta chamada: sozinho contra quatro
event_declaration_good = { $what }? Bom: { $name } +{ $points }
event_declaration_not_good = { $category }? Não é bom: { $what }, { $name } +{ $points }
event_declaration_equal = { $category }? Igual
event_carte_blanche = Carte blanche para { $name }
event_pique = Pique para { $name }
event_repique = Repique para { $name }
deal_tricks = Vazas: { $points }
result_games_won = Jogos ganhos: { $scores }
value_on = sim
value_off = não
hand_not_updated = Feito — a tua jogada está na mesa. Carrega em Mão para a tua nova mão.
error_setting = `{ $key }` não pode ser { $value }: escolhe um dos valores oferecidos.
action_call_range = Chamar de { $first } a { $last } pontos
deal_contract = Contrato: { $contract } de { $name } — { $outcome }
outcome_success = cumprido
outcome_failure = falhado
outcome_litige = empate (litige): os pontos ficam para a mão seguinte
deal_call = { $name } chamou { $card } — { $partner }; { $points ->
    [one] { $points } ponto
   *[other] { $points } pontos
} (eram precisos { $target }): { $outcome }
deal_partner = o parceiro era { $name }
deal_alone = sozinho
deal_sweep = Bandeira!
rule_first_deal_packets = Montes da primeira distribuição
rule_help_first_deal_packets = Como se dão as primeiras cinco cartas: 3 e depois 2, ou 2 e depois 3
rule_value_first_deal_packets_3-2 = 3 e depois 2
rule_value_first_deal_packets_2-3 = 2 e depois 3
rule_redeal_by = Quem dá depois de nova distribuição
rule_help_redeal_by = Quem dá as cartas quando todos passaram duas vezes
rule_value_redeal_by_next_dealer = dá o jogador seguinte
rule_value_redeal_by_same_dealer = o mesmo volta a dar
rule_round2_sa_ta = SA/TA na segunda volta
rule_help_round2_sa_ta = Se na segunda volta se pode escolher sem trunfo (SA) e tudo trunfo (TA)
rule_la_vache = La vache
rule_help_la_vache = Quem dá tem de ficar na segunda volta se todos os outros passaram
rule_trump_lead_overtrump = Subir ao trunfo
rule_help_trump_lead_overtrump = Se é preciso jogar um trunfo mais alto quando se sai a trunfo
rule_value_trump_lead_overtrump_always = sempre
rule_value_trump_lead_overtrump_never = nunca
rule_value_trump_lead_overtrump_not_over_partner = não quando a vaza é do parceiro
rule_must_undertrump = Baixar o trunfo
rule_help_must_undertrump = Se é preciso jogar um trunfo mais baixo quando não se bate o do adversário
rule_partner_winning_trump = Cortar a vaza do parceiro
rule_help_partner_winning_trump = Quando a vaza é do parceiro, se o trunfo jogado tem de subir ao dele ou é livre
rule_value_partner_winning_trump_overtrump_only = tem de subir
rule_value_partner_winning_trump_free = qualquer trunfo
rule_melds_enabled = Anúncios
rule_help_melds_enabled = Se as sequências e as quadras se anunciam e contam
rule_meld_card_reuse = Uma carta em dois anúncios
rule_help_meld_card_reuse = Se uma carta pode contar numa quadra e numa sequência ao mesmo tempo
rule_hundred_priority = Prioridade dos 100
rule_help_hundred_priority = Quem ganha entre uma quadra de 100 e uma sequência de cinco
rule_value_hundred_priority_carre = ganha a quadra
rule_value_hundred_priority_sequence = ganha a sequência
rule_meld_tie = Anúncios iguais
rule_help_meld_tie = O que acontece quando os dois melhores anúncios são iguais
rule_value_meld_tie_void = ninguém os conta
rule_value_meld_tie_first_declarer = conta-os quem anunciou primeiro
rule_sa_nine_carre = Quadra de 9 em SA
rule_help_sa_nine_carre = Se a quadra de 9 vale 100 em sem trunfo (SA)
rule_belote_king_first = Belote: primeiro o rei
rule_help_belote_king_first = Se a belote só conta quando o rei é jogado antes da dama
rule_ta_belote = Belote em TA
rule_help_ta_belote = Em tudo trunfo (TA), se o rei e a dama de cada naipe fazem belote
rule_value_ta_belote_each_suit = em todos os naipes
rule_value_ta_belote_none = sem belote
rule_carre_values = Valor das quadras
rule_help_carre_values = Se as quadras seguem o contrato (SA: ases 200, 10 150) ou são fixas (valetes 200, 9 150, outras 100)
rule_value_carre_values_by_contract = seguem o contrato
rule_value_carre_values_fixed = fixas (valetes 200, 9 150, outras 100)
rule_belote_protected = Belote guardada
rule_help_belote_protected = Se a belote fica com a sua equipa quando o contrato falha ou empata
rule_success_basis = O que cumpre o contrato
rule_help_success_basis = O que conta para ver se quem ficou cumpriu o contrato
rule_value_success_basis_all = tudo
rule_value_success_basis_cards = só as cartas
rule_value_success_basis_cards_belote = cartas e belote
rule_value_success_basis_cards_melds = cartas e anúncios
rule_sa_card_multiplier = Pontos em SA
rule_help_sa_card_multiplier = Se os pontos das cartas dobram em sem trunfo (SA)
rule_value_sa_card_multiplier_1 = normais
rule_value_sa_card_multiplier_2 = a dobrar
rule_ta_card_multiplier = Pontos em TA
rule_help_ta_card_multiplier = Se os pontos das cartas dobram em tudo trunfo (TA)
rule_value_ta_card_multiplier_1 = normais
rule_value_ta_card_multiplier_2 = a dobrar
rule_capot_takes_melds = O capot leva os anúncios
rule_help_capot_takes_melds = Se uma equipa que não faz vazas dá os seus anúncios à outra
rule_rounding = Arredondamento
rule_help_rounding = Como se arredondam os pontos apontados
rule_value_rounding_none = sem arredondar
rule_value_rounding_half_down = à dezena, o 5 para baixo
rule_value_rounding_six_split = à dezena, a partir de 6 para cima
rule_value_rounding_half_up_10 = à dezena, o 5 para cima
rule_target_score = Pontos para ganhar
rule_help_target_score = Os pontos que ganham o jogo
rule_capot_win_disallowed = Não se ganha com capot
rule_help_capot_win_disallowed = Se um jogo não pode ser ganho numa mão de capot
rule_deal_packets = Montes da distribuição
rule_help_deal_packets = Como se dão as oito cartas
rule_value_deal_packets_3-2-3 = 3, 2 e depois 3
rule_value_deal_packets_3-3-2 = 3, 3 e depois 2
rule_value_deal_packets_2-3-3 = 2, 3 e depois 3
rule_sa_ta_enabled = Lances SA/TA
rule_help_sa_ta_enabled = Se se pode lançar sem trunfo (SA) e tudo trunfo (TA)
rule_sa_ta_scale = Contagem SA/TA
rule_help_sa_ta_scale = Como se contam os pontos das cartas em sem trunfo (SA) e tudo trunfo (TA)
rule_value_sa_ta_scale_card_values_162 = reduzidos a 162 pontos
rule_value_sa_ta_scale_proportional = em proporção
rule_value_sa_ta_scale_raw = tal como contados
rule_capot_coinchable = Coinche ao capot
rule_help_capot_coinchable = Se um lance de capot (ou de générale) pode levar coinche
rule_generale_enabled = Générale
rule_help_generale_enabled = Se um jogador pode lançar ganhar todas as vazas sozinho
rule_generale_value = Valor da générale
rule_help_generale_value = Quantos pontos vale uma générale
rule_contract_basis = O que cumpre o contrato
rule_help_contract_basis = O que conta para ver se quem ficou cumpriu o contrato
rule_value_contract_basis_all = tudo
rule_value_contract_basis_cards = só as cartas
rule_value_contract_basis_cards_belote = cartas e belote
rule_value_contract_basis_cards_melds = cartas e anúncios
rule_eighty_needs_82 = 80 pede 82
rule_help_eighty_needs_82 = Se um contrato de 80 precisa de 82 pontos
rule_success_needs_more = Bater a defesa
rule_help_success_needs_more = Se quem ficou também tem de fazer mais pontos do que a defesa
rule_scoring_method = Forma de apontar
rule_help_scoring_method = Como se aponta um contrato cumprido
rule_value_scoring_method_standard = pontos feitos mais o lance
rule_value_scoring_method_bonus_only = só o lance
rule_value_scoring_method_belote_plus_bonus = o lance mais a belote
rule_unbid_capot = Capot não lançado
rule_help_unbid_capot = Quanto vale fazer todas as vazas num contrato de pontos
rule_value_unbid_capot_bonus = um prémio
rule_value_unbid_capot_replaces_cards = 250 em vez das cartas
rule_value_unbid_capot_none = nada mais
rule_failed_contract_melds = Anúncios de um contrato falhado
rule_help_failed_contract_melds = Quem fica com os anúncios quando o contrato falha
rule_value_failed_contract_melds_defenders_own = cada um fica com os seus
rule_value_failed_contract_melds_all_to_defenders = vão todos para a defesa
rule_value_failed_contract_melds_none = ninguém os conta
rule_multiply_belote = A coinche dobra a belote
rule_help_multiply_belote = Se a belote se multiplica com o contrato
rule_rules_era = Época das regras
rule_help_rules_era = Que regras históricas se jogam
rule_value_rules_era_modern = modernas
rule_value_rules_era_old = antigas
rule_value_rules_era_c17 = século XVII
rule_scoring_mode = Formato do jogo
rule_help_scoring_mode = Um jogo a pontos, ou uma partida Rubicon de seis mãos
rule_value_scoring_mode_target = a pontos
rule_value_scoring_mode_rubicon = partida Rubicon
rule_games_to_win_match = Jogos para ganhar
rule_help_games_to_win_match = Jogos (ou partidas Rubicon) para ganhar a partida
rule_deal_packet = Montes da distribuição
rule_help_deal_packet = Quantas cartas se dão de cada vez
rule_value_deal_packet_2 = 2 de cada vez
rule_value_deal_packet_3 = 3 de cada vez
rule_younger_min_exchange = O segundo tem de trocar
rule_help_younger_min_exchange = Se o segundo a jogar tem de trocar pelo menos uma carta
rule_value_younger_min_exchange_1 = pelo menos uma carta
rule_value_younger_min_exchange_0 = pode ficar com a mão
rule_talon_view = Ver o monte
rule_help_talon_view = Quem pode ver as cartas que sobram no monte
rule_value_talon_view_modern = regra moderna
rule_value_talon_view_parlett = regra de Parlett
rule_discard_view = Ver os descartes
rule_help_discard_view = Se um jogador pode ver os seus próprios descartes
rule_value_discard_view_none = não
rule_value_discard_view_own = sim, os seus
rule_last_trick_point_on_capot = Última vaza no capot
rule_help_last_trick_point_on_capot = Se a última vaza ainda vale o seu ponto quando se ganham as 12
rule_old_last_trick_needs_ten = Última vaza com um 10
rule_help_old_last_trick_needs_ten = Se o ponto da última vaza precisa de um 10 ou mais
rule_three_player_removed_card = Carta tirada a três
rule_help_three_player_removed_card = Que 2 sai do baralho com três jogadores
rule_value_three_player_removed_card_2C = o 2 de bastoni
rule_value_three_player_removed_card_2H = o 2 de coppe
rule_value_three_player_removed_card_2D = o 2 de denari
rule_value_three_player_removed_card_2S = o 2 de spade
rule_trump_card_source = Carta de trunfo
rule_help_trump_card_source = Que carta se vira para o trunfo
rule_value_trump_card_source_next_card = a carta a seguir à distribuição
rule_value_trump_card_source_bottom_card = a carta de baixo
rule_tie_rule = Mão empatada
rule_help_tie_rule = O que dá uma mão de 60–60
rule_value_tie_rule_draw = um empate
rule_value_tie_rule_last_trick = a vitória a quem ganhou a última vaza
rule_hands_to_win = Mãos para ganhar
rule_help_hands_to_win = Mãos que um lado tem de ganhar para ganhar a partida
rule_partners_view_after_stock = Parceiros mostram a mão
rule_help_partners_view_after_stock = Se os parceiros veem a mão um do outro quando o monte acaba
rule_bidding = Leilão
rule_help_bidding = Como se faz o leilão
rule_value_bidding_rank_only = por carta
rule_value_bidding_two_then_points = por carta, depois por pontos
rule_follow_rule = Assistir
rule_help_follow_rule = Se os jogadores têm de assistir ao naipe jogado
rule_value_follow_rule_must_follow = obrigatório
rule_value_follow_rule_free = livre
rule_first_lead = Primeira saída
rule_help_first_lead = Quem sai na primeira vaza
rule_value_first_lead_eldest = o jogador a seguir a quem dá
rule_value_first_lead_declarer = quem chamou
rule_cappotto_basis = Cappotto
rule_help_cappotto_basis = O que conta como cappotto
rule_value_cappotto_basis_points = todos os pontos
rule_value_cappotto_basis_tricks = todas as vazas
rule_match_deals = Mãos
rule_help_match_deals = Mãos de uma partida
rule_trump_card = Carta de trunfo
rule_help_trump_card = Que carta de quem dá marca o trunfo
rule_value_trump_card_dealer_last = a última carta de quem dá
rule_value_trump_card_dealer_first = a primeira carta de quem dá
rule_games_to_win = Jogos para ganhar
rule_help_games_to_win = Jogos que uma equipa tem de ganhar para ganhar a partida
rule_bandeira = Bandeira
rule_help_bandeira = O que vale ganhar as dez vazas
rule_value_bandeira_match = a partida
rule_value_bandeira_four_games = quatro jogos
rule_draw_bonus = Mão de 60–60
rule_help_draw_bonus = O que uma mão empatada leva para a seguinte
rule_value_draw_bonus_carry_one = mais um jogo para o próximo vencedor
rule_value_draw_bonus_none = nada
rules_summary_target = { $game } a { $target } pontos
rules_summary_hands = { $game }, ganha quem chegar a { $count ->
    [one] { $count } mão
   *[other] { $count } mãos
}
rules_summary_games = { $game }, ganha quem chegar a { $count ->
    [one] { $count } jogo
   *[other] { $count } jogos
}
rules_summary_deals = { $game } em { $count ->
    [one] { $count } mão
   *[other] { $count } mãos
}
rules_summary_match = { $game }, ganha quem chegar a { $count ->
    [one] { $count } jogo
   *[other] { $count } jogos
}
rules_summary_rubicon = { $game }, partida Rubicon
rules_melds_on = com anúncios
rules_melds_off = sem anúncios
rules_sa_ta_on = SA/TA permitidos
rules_sa_ta_off = sem SA/TA
rules_changed = { $label }: { $value }
computer_rated = Computador ({ $level })
rating_provisional = { $rating } (provisório)
rating_provisional_mark = (provisório)
rating_change = { $name } { $before } → { $after } ({ $delta })
ratings_title = **Classificação Elo**
ratings_unrated = Mesa sem classificação: nenhuma pontuação mudou.
board_title = { $game } — classificação
board_subtitle = { $period } · página { $page } de { $pages }
period_all = Desde sempre
period_30d = Últimos 30 dias
board_you = Tu: { $line }
board_line = { $rank }. { $name } — { $rating } · { $games } · { $rate }% ganhos
board_empty = Ainda não há jogos de { $game } com classificação neste servidor — `{ $command }` abre um!
board_empty_period = Não há jogos de { $game } com classificação neste servidor nos últimos 30 dias — `{ $command }` abre um!
error_page = Não há página { $page }: esta classificação tem { $pages ->
    [one] { $pages } página
   *[other] { $pages } páginas
}.
error_manage_server = Só os membros com a permissão Gerir servidor podem fazer isso.
stats_title = **Estatísticas de { $name }**
stats_not_rated = sem classificação desde a última reposição
stats_rank = , { $rank }.º de { $of }
stats_line = { $game }: { $rating }{ $rank } — { $games }, { $wins ->
    [one] { $wins } ganho
   *[other] { $wins } ganhos
} ({ $rate }%)
stats_partner = Melhor parceiro: { $name } ({ $wins ->
    [one] { $wins } ganho
   *[other] { $wins } ganhos
} em { $games } juntos)
stats_opponent = Adversário mais duro: { $name } ({ $wins ->
    [one] { $wins } ganho
   *[other] { $wins } ganhos
} em { $games } contra)
stats_chart_title = { $name } — pontuação
stats_none_own = Ainda não tens jogos com classificação neste servidor — `/sueca start`, `/briscola start` ou qualquer outro jogo é uma boa forma de começar!
stats_none = { $name } ainda não tem jogos com classificação neste servidor.
stats_none_own_game = Ainda não tens jogos de { $game } com classificação neste servidor — `{ $command }` abre um!
stats_none_game = { $name } ainda não tem jogos de { $game } com classificação neste servidor.
history_title = **Últimos jogos de { $name }**
history_line = { $number }. { $when } { $game }, mesa { $id } — { $players } — { $result }
history_abandoned = abandonado
history_left = saiu a meio (uma derrota)
history_won = ganho
history_tie = empate
history_lost = perdido
history_rated = { $outcome }, { $before } → { $after } ({ $delta })
history_unrated = { $outcome }, sem classificação
button_previous = Anterior
button_next = Seguinte
button_record = Registo { $number }
button_reset = Repor as pontuações
button_play_unrated = Jogar sem classificação
button_play_rated = Jogar com classificação
reset_confirm = Repor todas as pontuações de { $game } deste servidor? Todos recomeçam em 1000; o histórico de jogos fica.
reset_done = As pontuações de { $game } deste servidor foram repostas ({ $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}). O histórico de jogos fica.
settings_show = Computadores nas classificações: { $computers }. `/atout settings show_computers:` muda isto.
settings_yes = visíveis
settings_no = escondidos
lobby_rated = Classificado: o resultado muda as pontuações dos jogadores.
lobby_unrated = Sem classificação: este jogo não muda nenhuma pontuação.
cmd_leaderboard = Os melhores jogadores deste servidor num jogo
cmd_stats = Jogos, vitórias, pontuação e posição por jogo, com um gráfico
cmd_history = Os últimos jogos de um jogador, com os seus registos
cmd_atout = As definições do Atout neste servidor (Gerir servidor)
cmd_ratings_reset = Repor as pontuações de um jogo neste servidor (pede confirmação)
cmd_atout_settings = Ver ou mudar as definições deste servidor
opt_game = O jogo
opt_game_any = Só este jogo (por omissão: todos os jogos)
opt_period = Desde sempre, ou os jogadores dos últimos 30 dias
opt_page = A página a mostrar (10 jogadores por página)
opt_user = De quem (por omissão: tu)
opt_show_computers = Mostrar os computadores nas classificações
history_versus = {" "}contra{" "}
count_games = { $count ->
    [one] { $count } jogo
   *[other] { $count } jogos
}
opt_language = Língua da mesa (por omissão: a do servidor)
opt_server_language = Língua por omissão das novas mesas deste servidor
settings_language = Língua das novas mesas: { $language }. `/atout settings language:` muda isto.
language_en = English
language_fr = Français
language_it = Italiano
language_pt-PT = Português (Portugal)
language_pt-BR = Português (Brasil)
language_ja = 日本語
trump_short_NT = SA
trump_short_AT = TA

## Desafios do servidor (docs/challenges.md)
cmd_challenge = Desafios do servidor: todos jogam as mesmas mãos
cmd_challenge_new = Lançar um desafio neste canal (Gerir servidor, ou o cargo dos desafios)
cmd_challenge_daily = Publicar aqui um desafio de um jogo todos os dias, ou parar
cmd_challenge_play = Jogar as mãos de um desafio, em privado (ou voltar onde parou)
cmd_challenge_standings = A classificação de um desafio
cmd_challenge_results = Os teus resultados, ou os de todos numa mão que já jogaste
cmd_challenge_export = Os registos das mãos que jogaste num desafio
cmd_challenge_role = O cargo cujos membros podem lançar desafios (Gerir servidor)
opt_challenge = Número do desafio (por omissão: o último deste servidor)
opt_challenge_deals = Número de mãos, de 1 a 24
opt_challenge_closes_in = Quanto tempo fica aberto
opt_challenge_rules = Outras regras da casa, em pares chave=valor (p. ex. sa_ta_enabled=true)
opt_challenge_daily = Lançar ou parar o desafio diário
opt_challenge_deal = Número de uma mão: os resultados de todos nela
opt_challenge_role = O cargo (sem cargo: só Gerir servidor)
challenge_close_hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
challenge_close_days = { $count ->
    [one] { $count } dia
   *[other] { $count } dias
}
challenge_daily_start = Lançar
challenge_daily_stop = Parar
challenge_title = Desafio n.º { $id } — { $game }
challenge_card_setup = { $count ->
    [one] { $count } mão
   *[other] { $count } mãos
} · { $seats } jogadores · fica com o lugar 1 em todas as mãos, computadores (difíceis) nos outros
challenge_card_rules = Regras da casa: { $rules }
challenge_card_how = Todos jogam as mesmas mãos contra os mesmos adversários computadores; cada mão é comparada com o resultado de todos os outros nessa mão.
challenge_card_how_partner = Todos jogam as mesmas mãos com o mesmo parceiro e os mesmos adversários computadores; cada mão é comparada com o resultado de todos os outros nessa mão.
challenge_card_players = Jogadores: { $started } · terminaram: { $finished }
challenge_card_winner = { $count ->
    [one] Vencedor
   *[other] Vencedores
}: { $name } ({ $percent })
challenge_card_closes = Fecha { $when } ({ $left }). Uma tentativa cada: Jogar abre a tua mesa privada.
challenge_card_closed = Fechou { $when }.
button_challenge_play = Jogar
button_challenge_standings = Classificação
challenge_created = O desafio n.º { $id } está aberto até { $when }.
challenge_none = Ainda não há desafios neste servidor: `/challenge new` lança um.
challenge_unknown = Não há desafio n.º { $id } neste servidor.
challenge_closed = O desafio n.º { $id } fechou: `/challenge standings` mostra como acabou.
challenge_done_already = Já jogaste o desafio n.º { $id } (uma tentativa cada): `/challenge results` mostra as tuas mãos.
challenge_table_in_thread = A tua mesa do desafio n.º { $id } está em { $thread }: mão { $number } de { $total }.
challenge_thread_name = Desafio n.º { $id } — { $name }
challenge_deal_start = **{ $title }** · mão { $number } de { $total }
challenge_summary_title = **Mão { $number } de { $total }**
challenge_hand_done = Mão { $number } de { $total } jogada até ao fim.
challenge_table_done = Esta mão terminou.
challenge_deal_done = **Mão { $number } de { $total } terminada**: { $result }
challenge_field_unit_points = -# Cada resultado são os pontos das cartas feitos pela equipa do jogador.
challenge_field_line_plain = { $rank } { $name } — { $score } · { $percent }
challenge_field_par_plain = Par (o computador difícil no teu lugar): { $score }
challenge_par_only = Par: o computador difícil no teu lugar fez { $par } nesta mão.
challenge_par_same = Par: o computador difícil no teu lugar fez { $par } nesta mão, exatamente como tu.
challenge_par_worse = Par: o computador difícil no teu lugar fez { $par } nesta mão; fizeste { $count ->
    [one] { $diff } ponto
   *[other] { $diff } pontos
} a menos.
challenge_par_better = Par: o computador difícil no teu lugar fez { $par } nesta mão; fizeste { $count ->
    [one] { $diff } ponto
   *[other] { $diff } pontos
} a mais.
challenge_result_own = marcaste { $score } nesta mão.
challenge_result_sides = a tua equipa marcou { $mine } e a outra { $theirs }, por isso o teu resultado é { $score }.
challenge_result_points = a tua equipa fez { $score } pontos das cartas.
challenge_standings_unplayed = A classificação só conta as mãos que terminaste, para que ninguém conheça uma mão antes de a jogar: termina primeiro a mão 1 do desafio n.º { $id } (Jogar, no seu cartão).
challenge_standings_sealed = -# { $count ->
    [one] Aqui só conta a mão que terminaste
   *[other] Aqui só contam as { $count } mãos que terminaste
} (de { $total }): os resultados de todos nas outras ficam escondidos até as jogares ou o desafio fechar.
challenge_standings_you_tied = Tu: posição { $rank } de { $players } (empatado) · { $percent } · { $par } face ao par · { $done ->
    [one] { $done } mão jogada de { $total }
   *[other] { $done } mãos jogadas de { $total }
}
challenge_deal_par_pending = O par desta mão ainda está a ser calculado.
challenge_deal_field = { $percent } dos pontos de match contra { $count ->
    [one] o jogador que a jogou antes de ti.
   *[other] os { $count } jogadores que a jogaram antes de ti.
}
challenge_deal_alone = Ainda ninguém mais jogou esta mão.
challenge_attempt_done = **Desafio concluído**: { $percent } de média · { $par } face ao par. `/challenge standings` e `/challenge results` mostram como correu a todos.
challenge_closed_now = O desafio n.º { $id } fechou: contam as mãos que terminaste, as outras não se jogam.
challenge_par_name = Computador (difícil)
challenge_standings_subtitle = { $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
} · página { $page }/{ $pages }
challenge_standings_open = fecha { $left }
challenge_standings_final = classificação final
challenge_standings_you = Tu: posição { $rank } de { $players } · { $percent } · { $par } face ao par · { $done ->
    [one] { $done } mão jogada de { $total }
   *[other] { $done } mãos jogadas de { $total }
}
challenge_standings_note = -# Pontos de match: em cada mão, 1 por cada jogador batido e ½ por cada empate, em percentagem. A média de cada um é feita sobre as mesmas mãos (uma mão não jogada conta 0%); com médias iguais, decide o resultado por mão jogada face ao par (o computador difícil no teu lugar).
challenge_standings_missed = -# Jogaste { $done } das { $total } mãos: cada mão não jogada conta 0%.
challenge_attempt_alone = **Desafio concluído**: ainda ninguém mais o jogou, por isso ainda não há pontos de match · { $par } face ao par. `/challenge standings` vai classificar-te à medida que outros jogarem.
challenge_standings_empty = Ainda ninguém terminou uma mão do desafio n.º { $id }.
challenge_heading_rank = #
challenge_heading_player = Jogador
challenge_heading_deals = Mãos
challenge_heading_percent = Pontos de match
challenge_heading_par = ± par
challenge_results_title = **{ $title }** — as tuas mãos
challenge_results_line = Mão { $number }: { $score } · par { $par } · { $percent } ({ $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
})
challenge_results_unplayed = Mão { $number }: ainda não jogada
challenge_results_hint = `/challenge results deal:` mostra o resultado de todos numa mão que já jogaste.
challenge_results_none = Ainda não terminaste nenhuma mão do desafio n.º { $id }.
challenge_results_locked = Verás os resultados de todos na mão { $number } depois de a jogares.
challenge_field_title = **{ $title }**, mão { $number }: { $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}
challenge_field_par = Par (o computador difícil no teu lugar): { $detail } → { $score }
challenge_field_line = { $rank } { $name } — { $detail } → { $score } · { $percent }
challenge_export_none = Ainda não terminaste nenhuma mão do desafio n.º { $id }.
challenge_export_name = As tuas mãos do desafio n.º { $id }, um registo cada (`python -m games replay` volta a jogá-las).
challenge_daily_on = Um desafio de { $game } será publicado em { $channel } todos os dias, a partir de agora.
challenge_daily_off = Acabaram os desafios diários de { $game }.
challenge_daily_none = Não havia desafio diário de { $game } neste servidor.
challenge_role_set = Os membros com { $role } já podem lançar desafios.
challenge_role_cleared = Agora só os membros com Gerir servidor podem lançar desafios.
error_challenge_rights = Só os membros com Gerir servidor (ou o cargo escolhido com `/challenge role`) podem fazer isso.
error_challenge_deals = Um desafio tem de 1 a { $most } mãos, não { $value }.
error_challenge_closes = Um desafio fica aberto durante uma das durações propostas, não { $value ->
    [one] { $value } hora
   *[other] { $value } horas
}.
error_challenge_deal = O desafio n.º { $id } tem as mãos 1 a { $most }.
error_challenge_rule_text = Escreve as regras da casa em pares chave=valor, p. ex. sa_ta_enabled=true target_score=1000 (não «{ $text }»).
error_challenge_table = Esta mesa é uma mão de um desafio: joga-se a partir de `/challenge play` e não se pode deixar nem abandonar.

## Revisão da mão (issue 23)
button_review = Rever o meu jogo
review_select = Rever o meu jogo: escolhe uma mão
review_select_deal = Mão { $deal }
review_title = **O teu jogo na mão { $deal }** — { $game }, mesa { $table }
review_mistakes = { $mistakes ->
    [one] **{ $mistakes } erro**
   *[other] **{ $mistakes } erros**
} em { $count ->
    [one] { $count } decisão
   *[other] { $count } decisões
}, { $mistakes ->
    [one] que te custou
   *[other] que te custaram
} { $costs }.
review_cost_together = No total: { $total }.
review_cost_overlap = No total: cerca de { $total }, a maior das escolhas do leilão mais as do jogo (as escolhas de um mesmo leilão sobrepõem-se: não se somam).
review_no_mistake = **Nenhum erro** em { $count ->
    [one] { $count } decisão
   *[other] { $count } decisões
}: nenhuma custou mais de { $cost } em média.
review_unlucky_count = { $count ->
    [one] Uma opção teve azar: tão boa como as outras nas mãos possíveis, batida só na mão real.
   *[other] { $count } opções tiveram azar: tão boas como as outras nas mãos possíveis, batidas só na mão real.
}
review_only_some = { $count ->
    [one] A que mais conta está abaixo.
   *[other] As { $count } que mais contam estão abaixo.
}
review_list_separator = {", "}
review_list_last = {" e "}
review_well_played = **Bem jogado!** { $count ->
    [one] A tua única decisão não custou mais de { $cost }.
   *[other] Nenhuma das tuas { $count } decisões custou mais de { $cost }.
}
review_moment_trick = Vaza { $trick }
review_moment_auction = Leilão
review_line_card = Jogaste { $choice }; { $best } teria sido melhor em { $share } das mãos possíveis: custou-te { $cost } em média.
review_line_action = Escolheste: { $choice }; { $best } teria sido melhor em { $share } das mãos possíveis: custou-te { $cost } em média.
review_line_card_exact = Jogaste { $choice }; { $best } valia mais { $cost } (todas as cartas eram conhecidas).
review_line_action_exact = Escolheste: { $choice }; { $best } valia mais { $cost } (todas as cartas eram conhecidas).
review_line_card_unlucky = Jogaste { $choice }, e não podias saber: { $best } só era melhor na mão real, por { $cost }. Nas mãos possíveis, a tua carta valia o mesmo.
review_line_action_unlucky = Escolheste: { $choice }, e não podias saber: { $best } só era melhor na mão real, por { $cost }. Nas mãos possíveis, a tua opção valia o mesmo.
review_cost_points = { $count ->
    [one] { $count } ponto
   *[other] { $count } pontos
}
review_cost_card_points = { $count ->
    [one] { $count } ponto de cartas
   *[other] { $count } pontos de cartas
}
review_state_stock = Baralho: { $count ->
    [one] resta { $count } carta
   *[other] restam { $count } cartas
}
review_state_gone = Cartas jogadas: { $played } de { $total }
review_state_points = Pontos até aqui: { $sides }
review_state_side_you = a tua equipa: { $points }
review_state_you = tu: { $points }
review_state_others = os outros: { $points }
review_state_seat = { $name }: { $points }
review_action_pass = passar
review_action_coinche = contrar
review_action_surcoinche = recontrar
review_action_bid = anunciar { $value } { $trump }
review_action_take = ficar com { $trump }
review_action_call = chamar o { $rank }
review_action_call_points = chamar o { $rank } a { $points }
review_action_trump = { $suit } trunfo
review_action_exchange = descartar { $cards }
review_action_keep = ficar com as cartas
review_computing = A revisão do teu jogo na mão { $deal } está a ser calculada… aparecerá aqui dentro de segundos.
review_not_yours = Só os jogadores desta mesa podem rever o seu próprio jogo.
review_no_deal = Ainda nenhuma mão desta mesa terminou.
review_no_such_deal = Esta mesa não tem uma mão { $deal } terminada.
review_failed = Não foi possível calcular a revisão; tenta mais tarde.
cmd_review = Onde o teu jogo numa mão terminada custou pontos (só tu vês)
opt_review_deal = Número da mão (por omissão: a última terminada)

## Puzzles (/puzzle: docs/puzzles.md)
cmd_puzzle = Problemas tirados de mãos reais: um por dia para o servidor, e os teus próprios erros
cmd_puzzle_today = O problema do dia deste servidor (só tu vês)
cmd_puzzle_mine = Um problema tirado de um dos teus erros revistos (só tu vês)
cmd_puzzle_stats = Os teus problemas resolvidos e as tuas séries, jogo a jogo
cmd_puzzle_daily = Publicar todos os dias o problema do dia do servidor neste canal
opt_puzzle_daily = Iniciar ou parar a publicação diária
puzzle_title_day = Problema do dia — { $game }
puzzle_title_mine = O teu erro como problema — { $game }
puzzle_from_mine = Da mão { $deal } da mesa n.º { $table }, onde o teu jogo custou pontos.
puzzle_goal_card_points = Todas as mãos estão à vista. Encontra a única carta que faz a tua equipa levar pelo menos { $at_least } dos { $of } pontos de cartas que faltam, joguem os outros o que jogarem.
puzzle_goal_contract_declarer = Todas as mãos estão à vista. Encontra a única carta que faz cumprir o contrato da tua equipa, joguem os defensores o que jogarem.
puzzle_goal_contract_defence = Todas as mãos estão à vista. Encontra a única carta que faz cair o contrato, joguem os declarantes o que jogarem.
puzzle_goal_score_ahead = Todas as mãos estão à vista. Encontra a única carta que acaba a mão com pelo menos { $margin } pontos de vantagem, joguem os outros o que jogarem.
puzzle_goal_score_behind = Todas as mãos estão à vista. Encontra a única carta que acaba a mão com no máximo { $margin } pontos de desvantagem, joguem os outros o que jogarem.
puzzle_goal_best = Só a tua mão está à vista, como a vias. Encontra a carta que faz melhor do que todas as outras em pelo menos { $share } das mãos possíveis.
puzzle_pick = O teu lugar é o de baixo. Escolhe a tua carta: uma só tentativa.
puzzle_you = Tu
puzzle_solve = Resolver
puzzle_post = **Problema do dia — { $game }** · { $date }
    { $goal }
    Carrega em «Resolver»: só tu vês as mãos, a tua resposta e quantos a encontraram.
puzzle_right = ✅ **Certo!** { $card } é a carta.
puzzle_wrong = ❌ **Desta vez não:** { $card } não chega; a carta era { $answer }.
puzzle_values_card_points = Pontos de cartas que a tua equipa leva com cada carta, com o melhor jogo a seguir: { $values }
puzzle_values_score = A tua diferença no fim da mão com cada carta, com o melhor jogo a seguir: { $values }
puzzle_values_contract = Com o melhor jogo a seguir a cada carta: { $values }
puzzle_values_best = Média de { $deals } mãos possíveis ({ $unit }): { $values }
puzzle_unit_points = pontos
puzzle_unit_card_points = pontos de cartas
puzzle_value_met = { $card } consegue
puzzle_value_missed = { $card } não chega
puzzle_why = **Porquê** — o melhor jogo depois de { $answer }:
puzzle_why_not = **Porque { $card } não chega** — o melhor jogo depois dela:
puzzle_line_trick = Vaza { $number } — { $plays }
puzzle_line_play = { $name }: { $card }
puzzle_solvers = { $answered ->
    [1] És a primeira pessoa deste servidor a responder.
   *[other] { $found ->
        [0] Nenhum dos { $answered } membros deste servidor que responderam a encontrou.
        [1] 1 dos { $answered } membros deste servidor que responderam encontrou-a.
       *[other] { $found } dos { $answered } membros deste servidor que responderam encontraram-na.
    }
}
puzzle_streak = { $current ->
    [0] { $best ->
        [0] Ainda sem série: um problema resolvido começa uma.
       *[other] Série interrompida (recorde { $best }).
    }
   *[other] Série: { $current } seguidos (recorde { $best }).
}
puzzle_already = Já respondeste a este problema: uma tentativa cada um. A tua resposta mantém-se.
puzzle_not_yours = Este problema não é teu: experimenta `/puzzle today` ou `/puzzle mine`.
puzzle_unknown = Esse problema não existe.
puzzle_not_a_choice = Essa carta não é uma das escolhas deste problema.
puzzle_failed = Não foi possível preparar o problema; tenta de novo daqui a pouco.
puzzle_mine_none = Ainda não há problemas dos teus erros: depois de uma mão, carrega em «Rever o meu jogo» e volta.
puzzle_mine_done = Respondeste a todos os problemas encontrados nos teus erros revistos; as próximas revisões trarão mais.
puzzle_stats_title = **Os teus problemas**
puzzle_stats_line = { $game }: { $solved ->
    [one] { $solved } resolvido
   *[other] { $solved } resolvidos
} de { $tried } · série { $current } (recorde { $best })
puzzle_stats_all = Todos os jogos: { $solved ->
    [one] { $solved } resolvido
   *[other] { $solved } resolvidos
} de { $tried } · série { $current } (recorde { $best })
puzzle_stats_none = Ainda não respondeste a nenhum problema: experimenta `/puzzle today`.
puzzle_daily_on = O problema do dia do servidor será publicado em { $channel } todos os dias, a partir de agora.
puzzle_daily_off = A publicação diária do problema está parada.
puzzle_daily_none = Este servidor não tem publicação diária do problema.
## Link buttons to the web pages (bot/web), shown where ATOUT_WEB_URL is set.
button_web_deal = Rever a mão na web
button_web_game = O jogo na web
button_web_review = A minha revisão, jogada a jogada
button_web_history = Jogo { $number } na web
button_web_board = Classificação na web
button_web_traveller = O jogo de todos na web

## Seasons and divisions (issue 45, docs/ratings.md "Seasons").
season_name = Temporada { $number }
season_length_monthly = Mensais
season_length_weekly = Semanais
season_length_quarterly = Trimestrais
season_length_off = Desligadas
season_choice_current = Temporada atual
season_choice_previous = Temporada anterior
season_choice_all = Desde sempre
season_board_title = { $game } — { $season }
season_board_division = Divisão { $division } de { $divisions }
season_board_page = página { $page } de { $pages }
season_line_unranked = { $name } — { $games } · ainda sem classificação: { $count ->
    [one] falta { $count } jogo
   *[other] faltam { $count } jogos
}
season_promotion_line = ⬆️ Subida: { $count ->
    [one] o primeiro sobe
   *[other] os { $count } primeiros sobem
} à divisão { $division }
season_relegation_line = ⬇️ Descida: { $count ->
    [one] o último desce
   *[other] os { $count } últimos descem
} à divisão { $division }
season_unranked_title = Ainda sem classificação ({ $count ->
    [one] é preciso { $count } jogo classificado
   *[other] são precisos { $count } jogos classificados
}):
season_you_division = divisão { $division }, { $line }
season_off = As temporadas estão desligadas neste servidor (`/atout settings season:` liga-as).
season_none_yet = Ainda não começou nenhuma temporada neste servidor: a primeira começa com o próximo jogo classificado.
season_no_previous = Neste servidor, nenhuma temporada chegou ainda ao fim.
season_bad = `season:` aceita current, previous, all ou o número de uma temporada.
season_unknown = Não há temporada { $number } neste servidor.
season_empty = Ainda ninguém jogou um jogo classificado de { $game } na { $season } — `{ $command }` abre um!
button_division = { $up ->
    [1] ▲ Divisão { $division }
   *[other] ▼ Divisão { $division }
}
button_web_season = Classificação da temporada na web
stats_seasons_title = **Temporadas**
stats_season_line = { $game }, { $season }{ $current ->
    [1] {" "}(a decorrer)
   *[other] {""}
}: { $place } — { $games }, { $rating }
stats_season_rank = { $rank }.º lugar
stats_season_rank_division = { $rank }.º lugar na divisão { $division } de { $divisions }
stats_season_unranked = ainda sem classificação ({ $count ->
    [one] falta { $count } jogo
   *[other] faltam { $count } jogos
})
stats_season_up = subiu
stats_season_down = desceu
season_end_title = 🏆 **{ $game } — a { $season } terminou** ({ $dates })
season_podium_title = { $game } — { $season }
season_end_place = { $medal } { $name } — { $rating } · { $games }
season_end_nobody = Ninguém jogou { $count ->
    [one] o jogo classificado necessário
   *[other] os { $count } jogos classificados necessários
} para ter classificação.
season_end_up = ⬆️ Sobem à divisão { $division }: { $names }
season_end_down = ⬇️ Descem à divisão { $division }: { $names }
season_end_more = …e { $count ->
    [one] mais { $count } mudança
   *[other] mais { $count } mudanças
} na classificação.
season_end_next = A seguir: { $season }, { $dates }. Cada jogo classificado conta, e todos recomeçam da sua pontuação, com margem para mexer.
season_end_divisions = A { $season } joga-se em { $count ->
    [one] { $count } divisão
   *[other] { $count } divisões
} de cerca de 20 jogadores, formadas pela pontuação.
season_end_off = As temporadas estão agora desligadas neste servidor.
season_end_command = `/leaderboard game:{ $game } season:{ $number }` mostra a classificação final.
champion_role_reason = Campeão da temporada { $season }
champion_role_permission = O Atout não conseguiu dar o cargo { $role } aos campeões da { $season } em { $server }: dá ao Atout a permissão Gerir cargos.
champion_role_position = O Atout não conseguiu dar o cargo { $role } aos campeões da { $season } em { $server }: põe o cargo do Atout acima de { $role } em Definições do servidor → Cargos.
reset_seasons = A classificação da temporada atual de { $game } também recomeça; as temporadas passadas ficam como terminaram.
opt_season_board = current, previous, all (desde sempre) ou o número de uma temporada (por omissão: a atual)
opt_division = Que divisão da temporada (por omissão: a tua)
opt_season_length = Quanto dura uma temporada (uma mudança vale a partir da seguinte)
opt_season_min_games = Jogos classificados precisos numa temporada para ter classificação (10)
opt_announce_channel = Onde anunciar o fim de cada temporada
opt_champion_role = Um cargo dado aos campeões de cada temporada
opt_clear = Deixar de usar uma destas definições
clear_announce_channel = Canal dos anúncios
clear_champion_role = Cargo dos campeões
settings_season = Temporadas: { $length }.
settings_season_running = Temporadas: { $length } — agora a { $season } ({ $dates }).
settings_season_min_games = Com classificação numa temporada após { $count ->
    [one] { $count } jogo classificado
   *[other] { $count } jogos classificados
}.
settings_announce_channel = Fim das temporadas anunciado em: { $channel }.
settings_champion_role = Cargo dos campeões: { $role }.
settings_none = nenhum
settings_season_later = A { $season } mantém as suas datas: a nova duração vale a partir da temporada seguinte.
settings_season_off_later = A { $season } continua até ao fim, que será anunciado; depois não há mais temporadas.
settings_champion_permission = Ainda não posso dar { $role }: preciso da permissão Gerir cargos.
settings_champion_position = Ainda não posso dar { $role }: põe o meu cargo acima dele em Definições do servidor → Cargos.
## Open tables (issue 44): /play, the queue, mirrors in each player's server, quick chat.
cmd_play = Jogar com pessoas de todos os servidores: um lugar numa mesa aberta
opt_play_seats = Número de jogadores (por omissão: o habitual do jogo)
opt_wait = Minutos de espera antes de os computadores ocuparem os lugares livres
opt_open = Oferecer os lugares livres a jogadores de outros servidores (mesa aberta)
opt_scope = A classificação deste servidor, ou a das mesas abertas de todos os servidores
opt_open_tables = Deixar os membros jogar em mesas abertas com outros servidores
wait_minutes = { $minutes } min
scope_server = Este servidor
scope_everywhere = Em todo o lado (mesas abertas)
settings_on = ligadas
settings_off = desligadas
settings_open_tables = Mesas abertas com outros servidores: { $value }. `/atout settings open_tables:` muda isto.
play_off = As mesas abertas estão desligadas neste servidor. Quem gere o servidor pode ligá-las com `/atout settings open_tables:true`.
play_bad_seats = { $game } joga-se com { $counts } jogadores.
permission_view_channel = Ver canal
permission_send_messages = Enviar mensagens
permission_create_public_threads = Criar tópicos públicos
permission_send_messages_in_threads = Enviar mensagens em tópicos
permission_attach_files = Anexar ficheiros
play_permissions = Não consigo mostrar a tua mesa neste canal: preciso de { $permissions } aqui. Pede a um admin, ou usa `/play` noutro canal.
play_too_fast = Com calma: podes voltar à fila daqui a { $seconds } s.
play_seated = Já estás na mesa { $id }: acaba-a, ou sai com `/table leave`, antes de entrares na fila.
play_already = Já estás na fila para { $game } ({ $seats } jogadores), há { $minutes } min.
play_queued = Estás na fila para { $game } ({ $seats } jogadores): { $waiting ->
        [one] 1 jogador à espera
       *[other] { $waiting } jogadores à espera
    } em { $servers ->
        [one] 1 servidor
       *[other] { $servers } servidores
    }. Ao fim de { $minutes } min, computadores ocupam os lugares livres.
button_queue_leave = Sair da fila
button_queue_now = Começar já com computadores
play_left = Saíste da fila.
play_not_queued = Não estás na fila.
play_ready = A tua mesa está pronta: { $where }
play_ready_lobby = Tens lugar na mesa { $id } ({ $game }). A sala de espera é noutro servidor: o jogo começa quando quem a abriu carregar em Começar, e vais encontrá-lo aqui.
open_welcome = { $mentions } — mesa aberta { $id }, { $game }, com jogadores de vários servidores: no tópico abaixo.
open_seats = Lugares: { $seats }
open_not_started = Não consegui abrir a tua mesa nesse canal (falta lá uma permissão): um computador ficou com o teu lugar. Experimenta `/play` noutro canal.
open_server_off = As mesas abertas foram desligadas neste servidor: saíste da fila.
open_lobby_closed = A mesa { $id } fechou antes de começar: já não tens lugar lá.
open_mirror_closed = As mesas abertas foram desligadas neste servidor: computadores jogam no lugar dos seus jogadores, e a mesa continua nos outros servidores.
open_seat_gone = As mesas abertas foram desligadas neste servidor: um computador joga no teu lugar na mesa { $id }, que continua para os outros.
open_seat_gone_removed = Fui removido deste servidor: um computador joga no teu lugar na mesa { $id }, que continua para os outros.
open_player_gone = { $name } saiu da mesa: { $computer } joga no lugar.
lobby_open = Mesa aberta: os lugares livres são oferecidos a jogadores de todos os servidores (`/play`).
chat_placeholder = Dizer algo à mesa…
chat_hello = Olá!
chat_good_luck = Boa sorte!
chat_well_played = Bem jogado!
chat_thanks = Obrigado!
chat_sorry = Desculpa!
chat_your_turn = É a tua vez!
chat_good_game = Boa partida!
chat_mute_option = Silenciar { $name } (de vez)
chat_line = 💬 **{ $name }**: { $phrase }
chat_muted = Não vais voltar a ler as mensagens de { $name }, em nenhuma mesa.
chat_too_fast = Uma mensagem a cada { $seconds } segundos, por favor.
board_title_everywhere = { $game } — mesas abertas, todos os servidores
board_counts_server = Aqui contam os jogos das mesas deste servidor; as mesas abertas contam com `scope:everywhere`.
board_empty_everywhere = Ainda não há jogos de { $game } com classificação nas mesas abertas — `/play` senta-te numa!
board_empty_everywhere_period = Não há jogos de { $game } com classificação nas mesas abertas nos últimos 30 dias — `/play` senta-te numa!
board_counts_everywhere = Aqui contam os jogos das mesas abertas, em todos os servidores.
