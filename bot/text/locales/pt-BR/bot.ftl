# Português do Brasil: só o que muda em relação ao português de Portugal (pt-PT/bot.ftl), que
# fornece o resto. Sintaxe Fluent: https://projectfluent.org/

cli_no_token = O Atout precisa de um token de bot do Discord.

      1. Copie .env.example para .env (cp .env.example .env).
      2. Crie um aplicativo em https://discord.com/developers/applications, abra Bot, clique em Reset Token e copie-o.
      3. Coloque-o em .env como DISCORD_TOKEN=... (ou defina a variável de ambiente DISCORD_TOKEN).
      4. Rode python -m bot de novo.

    A seção "Running your own Atout" do README explica como convidar o bot para o seu servidor.
cli_bad_token = O Discord recusou o token de DISCORD_TOKEN (.env ou ambiente): copie-o de novo do Developer Portal (Bot → Reset Token).
cli_no_network = O Atout não consegue acessar o Discord ({ $reason }): verifique a conexão de rede desta máquina e tente de novo.
cli_intents = O Discord recusou um intent do gateway: o Atout não precisa de nenhum intent privilegiado; verifique as configurações de Bot do aplicativo.
cli_discord_error = O Discord respondeu com um erro ({ $status }: { $reason }); tente de novo daqui a pouco.
cli_no_database = O Atout não consegue abrir o banco de dados { $where } ({ $reason }): verifique ATOUT_DB (o caminho de um arquivo SQLite, ou postgresql://usuário:senha@host:porta/banco) e se o servidor do banco de dados está rodando.
cli_no_sqlite = O Atout não consegue abrir o seu banco de dados SQLite { $where } ({ $reason }): verifique ATOUT_DB, o caminho de um arquivo numa pasta onde o Atout possa escrever (um nome novo cria um banco novo).
cli_not_sqlite = ATOUT_DB aponta para { $where }, que não é o banco de dados SQLite do Atout ({ $reason }): informe o caminho do arquivo do banco do Atout (um nome novo cria um), ou uma URL postgresql://.
cli_review_processes = ATOUT_REVIEW_PROCESSES precisa ser um número de processos de revisão entre 0 e { $most } (0 as calcula em uma thread), não { $value }
cli_discord_rate = ATOUT_DISCORD_RATE precisa ser um número de requisições por segundo entre 0 e { $most } (0: sem limite), não { $value }
cli_db_url = ATOUT_DB precisa ser o caminho de um arquivo SQLite ou uma URL postgresql://, não { $value }
action_take = Pego { $trump }
action_exchange_range = Marque { $low } a { $high } cartas para trocar
event_take = { $name } pega { $trump }
turn_take = { $name } pega ou passa
status_dealing = Distribuindo as cartas…
ping_turn = { $mention }, é a sua vez
hand_your_turn = Mesa { $id }: é a sua vez.
prompt_call = Chamada em vigor: { $rank } ({ $name }). Quanto mais baixa a carta, mais alta a chamada: chame abaixo, ou passe.
prompt_trump = Você chamou { $rank }: escolha a briscola — quem tiver { $rank } desse naipe é o seu parceiro.
prompt_trump_alone = Você tem { $card }: escolher o naipe dela é jogar sozinho.
trump_alone = você tem esta: joga sozinho
hand_waiting = Mesa { $id }: esperando { $name }.
seat_team = — time { $team }
rules_title = Regras da casa desta mesa: escolha uma regra para mudá-la.
table_left = Você saiu da mesa { $id }; { $name } joga no seu lugar até você voltar (/table rejoin).
table_abandon_vote = Voto registrado: { $votes ->
    [one] { $votes } de { $needed } jogadores quer
   *[other] { $votes } de { $needed } jogadores querem
} abandonar a mesa { $id }.
table_export_name = Registro do jogo da mesa { $id }.
error_table_needed = Use isto no tópico da mesa, ou informe `table:<número>`.
error_not_seated = Você não está nesta mesa.
error_stale = Essa mão está desatualizada — clique em Mão para vê-la de novo.
error_not_your_turn = Não é a sua vez.
error_not_playing = Esta mesa não está em jogo.
error_already_seated = Você já tem lugar nesta mesa.
error_no_human = Uma mesa precisa de pelo menos uma pessoa: sente-se (Sentar) antes de começar.
error_not_away = Você não tem lugar para retomar nesta mesa.
table_deserted = Não sobrou ninguém na mesa: os computadores esperam, e a mesa termina em { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
} se ninguém voltar.
rejoined = Você voltou ao seu lugar na mesa { $id }: clique em Mão.
ping_reminder = { $mention }, metade do seu tempo já passou: faltam { $seconds } s para você jogar.
ping_press_hand = — clique em Mão para ver suas cartas.
table_moved = A mesa { $id } veio para cá: o tópico dela sumiu ou está fechado para o bot.
cmd_table_rejoin = Retomar o lugar que você deixou, ou que o cronômetro deu a um computador
error_addbot_used = Esse computador já está sentado; clique de novo em Juntar computador para outro.
error_internal = Algo deu errado; a mesa está segura. Tente de novo, por favor.
error_storage = Sua jogada não pôde ser registrada, então nada mudou. Tente de novo, por favor.
table_thinking = { $name } está pensando…
cmd_table = A mesa onde você está jogando
cmd_table_hand = Ver sua mão (só você a vê)
cmd_table_leave = Sair da mesa; um computador fica no seu lugar
cmd_table_export = O registro do jogo em um arquivo JSON
opt_turn_timer = Tempo para jogar antes que um computador jogue essa vez por você
timer_off = sem cronômetro
ping_turn_timed = { $mention }, é a sua vez ({ $seconds } s)
table_left_lobby = Você saiu da mesa { $id } antes do começo.
hand_not_updated = Pronto — sua jogada está na mesa. Clique em Mão para ver sua nova mão.
error_setting = `{ $key }` não pode ser { $value }: escolha um dos valores oferecidos.
rule_value_unbid_capot_bonus = um prêmio
rule_value_sa_card_multiplier_2 = em dobro
rule_value_ta_card_multiplier_2 = em dobro
rule_help_belote_protected = Se a belote fica com o seu time quando o contrato falha ou empata
rule_help_capot_takes_melds = Se um time que não faz vazas dá os seus anúncios ao outro
rule_help_games_to_win = Jogos que um time precisa ganhar para ganhar a partida
board_you = Você: { $line }
error_manage_server = Só membros com a permissão Gerenciar servidor podem fazer isso.
stats_not_rated = sem pontuação desde a última redefinição
stats_none_own = Você ainda não tem jogos com pontuação neste servidor — `/sueca start`, `/briscola start` ou qualquer outro jogo é um bom começo!
stats_none_own_game = Você ainda não tem jogos de { $game } com pontuação neste servidor — `{ $command }` abre um!
history_left = saiu no meio (uma derrota)
button_record = Registro { $number }
button_reset = Redefinir as pontuações
reset_confirm = Redefinir todas as pontuações de { $game } deste servidor? Todo mundo recomeça em 1.000; o histórico de jogos continua.
reset_done = As pontuações de { $game } deste servidor foram redefinidas ({ $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}). O histórico de jogos continua.
settings_show = Computadores nos rankings: { $computers }. `/atout settings show_computers:` muda isso.
cmd_atout = As configurações do Atout neste servidor (Gerenciar servidor)
cmd_ratings_reset = Redefinir as pontuações de um jogo neste servidor (pede confirmação)
cmd_atout_settings = Ver ou mudar as configurações deste servidor
opt_game_any = Só este jogo (padrão: todos os jogos)
opt_user = De quem (padrão: você)
opt_show_computers = Mostrar os computadores nos rankings
opt_language = Idioma da mesa (padrão: o do servidor)
opt_server_language = Idioma padrão das novas mesas deste servidor
settings_language = Idioma das novas mesas: { $language }. `/atout settings language:` muda isso.
board_title = { $game } — ranking
ratings_title = **Ranking Elo**

## Desafios do servidor: só o que muda no Brasil
cmd_challenge_new = Lançar um desafio neste canal (Gerenciar servidor, ou o cargo dos desafios)
cmd_challenge_export = Os registros das mãos que você jogou em um desafio
cmd_challenge_role = O cargo cujos membros podem lançar desafios (Gerenciar servidor)
cmd_challenge_play = Jogar as mãos de um desafio, em privado (ou voltar de onde parou)
cmd_challenge_results = Seus resultados, ou os de todos em uma mão que você já jogou
opt_challenge = Número do desafio (padrão: o último deste servidor)
opt_challenge_role = O cargo (sem cargo: só Gerenciar servidor)
challenge_card_setup = { $count ->
    [one] { $count } mão
   *[other] { $count } mãos
} · { $seats } jogadores · você fica com o lugar 1 em todas as mãos, computadores (difíceis) nos outros
challenge_card_closes = Fecha { $when } ({ $left }). Uma tentativa cada: Jogar abre sua mesa privada.
challenge_done_already = Você já jogou o desafio n.º { $id } (uma tentativa cada): `/challenge results` mostra suas mãos.
challenge_table_in_thread = Sua mesa do desafio n.º { $id } está em { $thread }: mão { $number } de { $total }.
challenge_field_par_plain = Par (o computador difícil no seu lugar): { $score }
challenge_field_par = Par (o computador difícil no seu lugar): { $detail } → { $score }
challenge_par_only = Par: o computador difícil no seu lugar fez { $par } nesta mão.
challenge_par_same = Par: o computador difícil no seu lugar fez { $par } nesta mão, exatamente como você.
challenge_par_worse = Par: o computador difícil no seu lugar fez { $par } nesta mão; você fez { $count ->
    [one] { $diff } ponto
   *[other] { $diff } pontos
} a menos.
challenge_par_better = Par: o computador difícil no seu lugar fez { $par } nesta mão; você fez { $count ->
    [one] { $diff } ponto
   *[other] { $diff } pontos
} a mais.
challenge_result_own = você marcou { $score } nesta mão.
challenge_result_sides = sua equipe marcou { $mine } e a outra { $theirs }, então seu resultado é { $score }.
challenge_result_points = sua equipe fez { $score } pontos das cartas.
challenge_standings_unplayed = A classificação só conta as mãos que você terminou, para que ninguém conheça uma mão antes de jogá-la: termine primeiro a mão 1 do desafio n.º { $id } (Jogar, no cartão dele).
challenge_standings_sealed = -# { $count ->
    [one] Aqui só conta a mão que você terminou
   *[other] Aqui só contam as { $count } mãos que você terminou
} (de { $total }): os resultados de todos nas outras ficam escondidos até você jogá-las ou o desafio fechar.
challenge_standings_you_tied = Você: posição { $rank } de { $players } (empatado) · { $percent } · { $par } em relação ao par · { $done ->
    [one] { $done } mão jogada de { $total }
   *[other] { $done } mãos jogadas de { $total }
}
challenge_deal_par_pending = O par desta mão ainda está sendo calculado.
challenge_deal_field = { $percent } dos pontos de match contra { $count ->
    [one] o jogador que a jogou antes de você.
   *[other] os { $count } jogadores que a jogaram antes de você.
}
challenge_closed_now = O desafio n.º { $id } fechou: contam as mãos que você terminou, as outras não são jogadas.
challenge_standings_note = -# Pontos de match: em cada mão, 1 por cada jogador que você bateu e ½ por cada empate, em porcentagem. A média de cada um é feita sobre as mesmas mãos (uma mão não jogada conta 0%); com médias iguais, decide o resultado por mão jogada em relação ao par (o computador difícil no seu lugar).
challenge_standings_missed = -# Você jogou { $done } das { $total } mãos: cada mão não jogada conta 0%.
challenge_attempt_alone = **Desafio concluído**: ninguém mais jogou ainda, então ainda não há pontos de match · { $par } em relação ao par. `/challenge standings` vai classificar você conforme outros jogarem.
challenge_results_title = **{ $title }** — suas mãos
challenge_results_hint = `/challenge results deal:` mostra o resultado de todos em uma mão que você já jogou.
challenge_results_none = Você ainda não terminou nenhuma mão do desafio n.º { $id }.
challenge_results_locked = Você verá os resultados de todos na mão { $number } depois de jogá-la.
challenge_export_none = Você ainda não terminou nenhuma mão do desafio n.º { $id }.
challenge_export_name = Suas mãos do desafio n.º { $id }, um registro cada (`python -m games replay` as joga de novo).
challenge_role_cleared = Agora só os membros com Gerenciar servidor podem lançar desafios.
error_challenge_rights = Só membros com Gerenciar servidor (ou o cargo escolhido com `/challenge role`) podem fazer isso.
error_challenge_rule_text = Escreva as regras da casa em pares chave=valor, por exemplo sa_ta_enabled=true target_score=1000 (não “{ $text }”).
error_challenge_table = Esta mesa é uma mão de um desafio: ela é jogada a partir de `/challenge play` e não pode ser deixada nem abandonada.

# Os baralhos brasileiros (Copag) imprimem K, Q, J, como as cartas das imagens.

# O que Portugal diz por tu.
challenge_standings_you = Você: posição { $rank } de { $players } · { $percent } · { $par } em relação ao par · { $done ->
    [one] { $done } mão jogada de { $total }
   *[other] { $done } mãos jogadas de { $total }
}
review_title = **Seu jogo na mão { $deal }** — { $game }, mesa { $table }
review_computing = A revisão do seu jogo na mão { $deal } está sendo calculada… aparecerá aqui em segundos.
cmd_review = Onde seu jogo numa mão terminada custou pontos (só você vê)
review_select = Rever o meu jogo: escolha uma mão
review_mistakes = { $mistakes ->
    [one] **{ $mistakes } erro**
   *[other] **{ $mistakes } erros**
} em { $count ->
    [one] { $count } decisão
   *[other] { $count } decisões
}, { $mistakes ->
    [one] que custou
   *[other] que custaram
} { $costs }.
review_no_mistake = **Nenhum erro** em { $count ->
    [one] { $count } decisão
   *[other] { $count } decisões
}: nenhuma custou mais de { $cost } em média.
review_unlucky_count = { $count ->
    [one] Uma escolha teve azar: tão boa quanto as outras nas mãos possíveis, superada só na mão real.
   *[other] { $count } escolhas tiveram azar: tão boas quanto as outras nas mãos possíveis, superadas só na mão real.
}
review_only_some = { $count ->
    [one] A que mais importa está abaixo.
   *[other] As { $count } que mais importam estão abaixo.
}
review_well_played = **Bem jogado!** { $count ->
    [one] Sua única decisão não custou mais de { $cost }.
   *[other] Nenhuma das suas { $count } decisões custou mais de { $cost }.
}
review_line_card = Você jogou { $choice }; { $best } teria sido melhor em { $share } das mãos possíveis: custou { $cost } em média.
review_line_action = Você escolheu: { $choice }; { $best } teria sido melhor em { $share } das mãos possíveis: custou { $cost } em média.
review_line_card_exact = Você jogou { $choice }; { $best } valia { $cost } a mais (todas as cartas eram conhecidas).
review_line_action_exact = Você escolheu: { $choice }; { $best } valia { $cost } a mais (todas as cartas eram conhecidas).
review_line_card_unlucky = Você jogou { $choice }, e não tinha como saber: { $best } só era melhor na mão real, por { $cost }. Nas mãos possíveis, sua carta valia o mesmo.
review_line_action_unlucky = Você escolheu: { $choice }, e não tinha como saber: { $best } só era melhor na mão real, por { $cost }. Nas mãos possíveis, sua escolha valia o mesmo.
review_failed = Não foi possível calcular a revisão; tente mais tarde.
challenge_hand_done = Mão { $number } de { $total } jogada até o fim.

## Puzzles (/puzzle): o Brasil trata por você
cmd_puzzle = Problemas tirados de mãos reais: um por dia para o servidor, e seus próprios erros
cmd_puzzle_today = O problema do dia deste servidor (só você vê)
cmd_puzzle_mine = Um problema tirado de um dos seus erros revistos (só você vê)
cmd_puzzle_stats = Seus problemas resolvidos e suas sequências, jogo a jogo
puzzle_title_mine = Seu erro como problema — { $game }
puzzle_from_mine = Da mão { $deal } da mesa nº { $table }, onde seu jogo custou pontos.
puzzle_goal_card_points = Todas as mãos estão à vista. Encontre a única carta que faz sua equipe levar pelo menos { $at_least } dos { $of } pontos de cartas que faltam, joguem os outros o que jogarem.
puzzle_goal_contract_declarer = Todas as mãos estão à vista. Encontre a única carta que faz sua equipe cumprir o contrato, joguem os defensores o que jogarem.
puzzle_goal_contract_defence = Todas as mãos estão à vista. Encontre a única carta que derruba o contrato, joguem os declarantes o que jogarem.
puzzle_goal_score_ahead = Todas as mãos estão à vista. Encontre a única carta que termina a mão com pelo menos { $margin } pontos de vantagem, joguem os outros o que jogarem.
puzzle_goal_score_behind = Todas as mãos estão à vista. Encontre a única carta que termina a mão com no máximo { $margin } pontos de desvantagem, joguem os outros o que jogarem.
puzzle_goal_best = Só a sua mão está à vista, como você a via. Encontre a carta que faz melhor do que todas as outras em pelo menos { $share } das mãos possíveis.
puzzle_pick = Seu lugar é o de baixo. Escolha sua carta: uma só tentativa.
puzzle_you = Você
puzzle_post = **Problema do dia — { $game }** · { $date }
    { $goal }
    Aperte “Resolver”: só você vê as mãos, sua resposta e quantos a encontraram.
puzzle_values_card_points = Pontos de cartas que sua equipe leva com cada carta, com o melhor jogo depois: { $values }
puzzle_values_score = Sua diferença no fim da mão com cada carta, com o melhor jogo depois: { $values }
puzzle_already = Você já respondeu a este problema: uma tentativa para cada um. Sua resposta continua valendo.
puzzle_not_yours = Este problema não é seu: tente `/puzzle today` ou `/puzzle mine`.
puzzle_failed = Não foi possível preparar o problema; tente de novo daqui a pouco.
puzzle_mine_none = Ainda não há problemas dos seus erros: depois de uma mão, aperte “Rever o meu jogo” e volte.
puzzle_mine_done = Você respondeu a todos os problemas encontrados nos seus erros revistos; as próximas revisões trarão mais.
puzzle_stats_title = **Seus problemas**
puzzle_stats_line = { $game }: { $solved ->
    [one] { $solved } resolvido
   *[other] { $solved } resolvidos
} de { $tried } · sequência { $current } (recorde { $best })
puzzle_stats_all = Todos os jogos: { $solved ->
    [one] { $solved } resolvido
   *[other] { $solved } resolvidos
} de { $tried } · sequência { $current } (recorde { $best })
puzzle_stats_none = Você ainda não respondeu a nenhum problema: tente `/puzzle today`.
puzzle_streak = { $current ->
    [0] { $best ->
        [0] Ainda sem sequência: um problema resolvido começa uma.
       *[other] Sequência interrompida (recorde { $best }).
    }
   *[other] Sequência: { $current } seguidos (recorde { $best }).
}
## Link buttons to the web pages (bot/web): where Brazil words them apart.
button_web_review = Minha revisão, jogada a jogada

## Seasons and divisions (issue 45): what Brazil says differently.
season_length_off = Desativadas
season_off = As temporadas estão desativadas neste servidor (`/atout settings season:` as ativa).
season_end_off = As temporadas agora estão desativadas neste servidor.
stats_season_line = { $game }, { $season }{ $current ->
    [1] {" "}(em andamento)
   *[other] {""}
}: { $place } — { $games }, { $rating }
champion_role_permission = O Atout não conseguiu dar o cargo { $role } aos campeões da { $season } em { $server }: dê ao Atout a permissão Gerenciar cargos.
champion_role_position = O Atout não conseguiu dar o cargo { $role } aos campeões da { $season } em { $server }: coloque o cargo do Atout acima de { $role } em Configurações do servidor → Cargos.
opt_season_board = current, previous, all (desde sempre) ou o número de uma temporada (padrão: a atual)
opt_division = Qual divisão da temporada (padrão: a sua)
opt_clear = Parar de usar uma destas configurações
settings_champion_permission = Ainda não posso dar { $role }: preciso da permissão Gerenciar cargos.
settings_champion_position = Ainda não posso dar { $role }: coloque meu cargo acima dele em Configurações do servidor → Cargos.

puzzle_solvers = { $answered ->
    [1] Você é a primeira pessoa deste servidor a responder.
   *[other] { $found ->
        [0] Nenhum dos { $answered } membros deste servidor que responderam a encontrou.
        [1] 1 dos { $answered } membros deste servidor que responderam a encontrou.
       *[other] { $found } dos { $answered } membros deste servidor que responderam a encontraram.
    }
}

review_state_stock = Monte: { $count ->
    [one] resta { $count } carta
   *[other] restam { $count } cartas
}
review_state_side_you = sua equipe: { $points }
review_state_you = você: { $points }
## Open tables (issue 44): what Brazil says otherwise (você, ranking, arquivos); the rest is pt-PT's.
opt_play_seats = Número de jogadores (padrão: o normal do jogo)
scope_everywhere = Em todo lugar (mesas abertas)
play_off = As mesas abertas estão desligadas neste servidor. Quem gerencia o servidor pode ligá-las com `/atout settings open_tables:true`.
permission_attach_files = Anexar arquivos
play_permissions = Não consigo mostrar a sua mesa neste canal: preciso de { $permissions } aqui. Peça a um admin, ou use `/play` em outro canal.
play_too_fast = Calma: você pode voltar para a fila em { $seconds } s.
play_seated = Você já está na mesa { $id }: termine-a, ou saia com `/table leave`, antes de entrar na fila.
play_already = Você já está na fila para { $game } ({ $seats } jogadores), há { $minutes } min.
play_queued = Você está na fila para { $game } ({ $seats } jogadores): { $waiting ->
        [one] 1 jogador esperando
       *[other] { $waiting } jogadores esperando
    } em { $servers ->
        [one] 1 servidor
       *[other] { $servers } servidores
    }. Depois de { $minutes } min, computadores ocupam os lugares livres.
button_queue_now = Começar agora com computadores
play_left = Você saiu da fila.
play_not_queued = Você não está na fila.
play_ready = Sua mesa está pronta: { $where }
play_ready_lobby = Você tem lugar na mesa { $id } ({ $game }). A sala de espera está em outro servidor: o jogo começa quando quem a abriu apertar Começar, e você vai encontrá-lo aqui.
open_welcome = { $mentions } — mesa aberta { $id }, { $game }, com jogadores de vários servidores: no tópico abaixo.
open_not_started = Não consegui abrir sua mesa nesse canal (falta uma permissão lá): um computador ficou com o seu lugar. Tente `/play` em outro canal.
open_server_off = As mesas abertas foram desligadas neste servidor: você saiu da fila.
open_lobby_closed = A mesa { $id } fechou antes de começar: você não tem mais lugar lá.
open_seat_gone = As mesas abertas foram desligadas neste servidor: um computador joga no seu lugar na mesa { $id }, que continua para os outros.
open_seat_gone_removed = Fui removido deste servidor: um computador joga no seu lugar na mesa { $id }, que continua para os outros.
chat_sorry = Foi mal!
chat_your_turn = Sua vez!
chat_mute_option = Silenciar { $name } (para sempre)
chat_muted = Você não vai mais ler as mensagens de { $name }, em nenhuma mesa.
board_title_everywhere = { $game } — mesas abertas, todos os servidores
board_counts_server = Aqui contam os jogos das mesas deste servidor; as mesas abertas contam em `scope:everywhere`.
board_empty_everywhere = Ainda não há partidas de { $game } ranqueadas nas mesas abertas — `/play` coloca você numa!
board_empty_everywhere_period = Nenhuma partida de { $game } ranqueada nas mesas abertas nos últimos 30 dias — `/play` coloca você numa!
