# Atout の画像に描く言葉（日本語）。Fluent の書式：https://projectfluent.org/

game_name_belote = ブロット
game_name_coinche = コワンシュ
game_name_piquet = ピケ
game_name_briscola = ブリスコラ
game_name_chiamata = ブリスコラ・ア・キアマータ
game_name_sueca = スエカ
deal = ディール
seat = 席{ $number }
side = チーム{ $number }
team = チーム{ $letter }
side_wins = { $side }の勝ち{ $extra }
denomination_NT = NT
denomination_AT = AT
italian_rank_A = エース
italian_rank_J = ジャック
italian_rank_Q = 騎士
italian_rank_K = キング
italian_suit_S = 剣
italian_suit_H = 聖杯
italian_suit_D = 金貨
italian_suit_C = 棍棒
italian_corner_A = A
italian_corner_J = F
italian_corner_Q = C
italian_corner_K = R
briscola_trump = ブリスコラ { $suit } { $name }
bid_capot = カポ
bid_generale = ジェネラル
said = { $who }：{ $what }
announce = { $who }：{ $what }！
call_pass = パス
call_coinche = コワンシュ！
call_surcoinche = スールコワンシュ！
call_take = { $trump }で取る
log_bidding = ビッド
log_melds = 役
log_declarations = 宣言
meld_kind_tierce = ティエルス
meld_kind_quarte = カルト
meld_kind_quinte = カント
meld_kind_carre = カレ
meld_scored = { $who } { $meld } { $cards } +{ $points }
event_belote = ブロット
event_rebelote = ルブロット
event_repique = ルピック
event_pique = ピック
event_capot = カポ
trump_line = 切り札 { $trump }
badge_took = { $trump }で取った
taking = 切り札決め
taking_round = 切り札決め {$round}巡目
focus_turn_up = 表札
turn_up_card = 表向きの札
litige_reserve = 保留点：{ $points }
bid_by = 契約 { $bid } · { $name }
auction = ビッド
badge_elder = 先手
badge_younger = 後手
rubicon_hand = ルビコン：{ $of }ハンド中{ $number }
game_to = { $target }点先取
games_won = 勝ったゲーム { $games }
badge_exchanged = { $count }枚交換
talon_cards = 山札：{ $count }枚
exchanges = { $name }の交換
talon_left = 残りの山札
talon_seen = 見た山札
piquet_category_point = ポイント
piquet_category_sequence = シークエンス
piquet_category_set = セット
declaration_tie = { $category }：同点、得点なし
declaration_none = { $category }：得点なし
piquet_bonus_repique = ルピック
piquet_bonus_pique = ピック
piquet_bonus_carte_blanche = カルト・ブランシュ
piquet_bonus_cards_bonus = カード
piquet_bonus_capot = カポ
stock = 山札
trump_card_drawn = { $card }を{ $name }が引いた
first_to_hands = { $count }ハンド先取
called = 指名：{ $card }
called_by = { $name }が指名
needs_points = { $target }点が必要
badge_declarer = 宣言者
called_card = 指名札
declarer_alone = 宣言者はひとり！
badge_partner = パートナー
deal_of = ディール { $number }/{ $of }
trump_card_of = 切り札の札 · { $name }
first_to_games = { $count }ゲーム先取
draw_bonus = 60対60のボーナス：+{ $points }
dealer_chip = 親
tricks = { $count }トリック
cards_count = { $count }枚
score_panel = 得点
score_deal = ディール
score_game = 合計
game_over = ゲーム終了
your_hand = あなたの手札
hand_trump = 切り札 { $trump }
hand_turn_up = 表札 { $card }
hand_exchange_range = { $low }〜{ $high }枚交換
hand_exchange = { $count }枚交換
hand_playable = 出せる札 { $count }枚
hand_follow_rule = { $suit }のマストフォロー（この卓のルール）
no_cards_in_hand = 手札なし
last_trick = 前のトリック
no_trick_yet = まだトリックなし
won_by = { $name }が取った
passed_out = 全員パス：配り直し
taker_took = { $name }が{ $trump }で取った
contract_made = { $contract } — 成功
contract_dedans = { $contract } — ドダン！
contract_failed = { $contract } — 失敗
contract_litige = { $contract } — リティージュ：点は保留
capot_by = { $side }のカポ！
declarer_called = { $name }が{ $card }を指名
partner_was = パートナーは{ $name }
points_needed_made = { $target }点中{ $points }点 — 成功
points_needed_failed = { $target }点中{ $points }点 — 失敗
cappotto = カッポット！
this_hand = このハンド：{ $first } { $first_score } – { $second_score } { $second }
wins_game = { $name }の勝ち
games_scored = {" "}— { $games }ゲーム
drawn_hand = 引き分け
bandeira = バンデイラ！120点すべて
column_card_points = 札の点
column_tricks = トリック
column_melds = 役
column_belote = ブロット
column_score = 得点
column_total = 合計
summary_title = { $game } — ディール終了
score_sheet_title = { $game } — 得点表
earlier_deals = … 前の{ $count }ディール
deal_number = ディール{ $number }
board_rank = #
board_player = プレイヤー
board_rating = レーティング
board_games = 対戦数
board_win_rate = 勝率
chart_empty = レーティング対象のゲームはまだありません
chart_games = { $count }ゲーム
unrated_table = レーティングなし

suit_S = スペード
suit_H = ハート
suit_D = ダイヤ
suit_C = クラブ
suit_one_S = スペード
suit_one_H = ハート
suit_one_D = ダイヤ
suit_one_C = クラブ
action_pass = パス
action_take = 取る
action_play = 札を出す
action_bid = ビッド
action_coinche = コワンシュ
action_surcoinche = スールコワンシュ
action_call = 指名
action_trump = 切り札決め
action_exchange = 交換
illegal_game_over = ゲームは終わりました
illegal_deal_not_finished = 今のディールがまだ終わっていません
illegal_deal_complete = 札はもう配られています
illegal_no_such_action = { $game }に「{ $action }」はありません
illegal_not_your_turn = あなたの番ではありません
illegal_card_not_in_hand = { $card }は手札にありません
illegal_seat_lacks_card = { $card }は手札にありません
illegal_must_follow = { $suit }を出さなければなりません（マストフォロー）
illegal_play_phase = 札を出す段階です：今は{ $action }はできません
illegal_must_overtrump_card = 切り札で上回る必要があります：{ $card }は{ $winner_card }に勝てません
illegal_must_play_higher = もっと強い{ $suit_one }を出す必要があります：{ $card }は{ $winner_card }に勝てません
illegal_no_undertrump = ほかの札があるので{ $card }で下の切り札は出せません
illegal_must_undertrump = 切り札を出す必要があります：{ $suit }がないので{ $trump_suit_one }を
illegal_must_overtrump = 切り札で上回る必要があります：{ $suit }がないので{ $winner_card }より強い札を
illegal_must_trump = 切り札を出す必要があります：{ $suit }がないので{ $trump_suit_one }を
illegal_nobody_took = まだ誰も取っていません：札は出せません
illegal_la_vache = ラ・ヴァッシュ：2巡目は親が切り札を決めなければなりません
illegal_take_names_trump = 取るときは切り札を言ってください
illegal_round1_turn_up_only = 1巡目は表札のスート（{ $suit }）でしか取れません
illegal_round2_other_suit = { $suit }は1巡目で断られました：ほかのスートを選んでください
illegal_round2_no_sa_ta = このテーブルではノートランプもオールトランプも選べません
illegal_not_a_trump = { $trump }は切り札にできません
illegal_auction_not_over = ビッドが終わっていません：札は出せません
illegal_coinched_window = コワンシュの後はスールコワンシュかパスだけです
illegal_capot_window = カポのビッドの後はコワンシュかパスだけです
illegal_nothing_to_surcoinche = スールコワンシュできません：コワンシュされていません
illegal_nothing_to_coinche = コワンシュできません：ビッドがありません
illegal_coinche_opponents_only = コワンシュできるのはビッドした人の相手だけです
illegal_capot_not_coinchable = このテーブルではカポにコワンシュできません
illegal_bad_bid_value = { $value }はビッドではありません：80〜160（10刻み）、カポ、ジェネラル
illegal_bid_names_trump = ビッドには切り札が必要です
illegal_no_bid_over = { $value }より上のビッドはありません
illegal_sa_ta_disabled = このテーブルではノートランプとオールトランプのビッドはできません
illegal_generale_disabled = このテーブルではジェネラルはできません
illegal_bid_too_low = { $value }より高くビッドしてください
illegal_auction_over = 今は{ $action }できません：ビッドは終わりました
illegal_pass_carries_nothing = パスでは札もランクもスートも指定しません
illegal_trump_after_auction = 切り札はビッドの後に宣言者だけが決めます
illegal_trump_already_named = 切り札はもう決まっています
illegal_trump_one_suit = 切り札のスートを一つ選んでください
illegal_no_play_in_auction = ビッドの間は札を出せません
illegal_declarer_names_trump = 先に宣言者が切り札を決めます
illegal_play_one_card = 札を1枚出してください
illegal_card_not_in_seat_hand = { $card }は手札にありません
illegal_call_names_rank = 指名はランクで（2の上では点数も）
illegal_no_such_rank = 40枚のデッキに{ $rank }はありません：A、3、K、Q、J、7、6、5、4、2から
illegal_points_need_option = このテーブルでは点数のビッドはできません
illegal_points_bid_is_two = 点数のビッドは2の指名と目標点です
illegal_points_over_two_only = 点数のビッドは2の上でだけできます
illegal_points_range = 点数のビッドは62〜{ $high }です（{ $points }ではなく）
illegal_points_must_exceed = { $target }点より上をビッドしてください
illegal_two_beaten_by_points = 2に勝てるのは点数のビッドだけです
illegal_nothing_beats_two = 2に勝つ指名はありません
illegal_call_weaker_rank = { $rank }より弱いランクを指名してください
illegal_exchange_first = 両者の交換が終わるまで札は出せません
illegal_name_discards = 捨てる札を選んでください
illegal_exchange_count = 交換は{ $low }〜{ $high }枚です（{ $count }枚ではなく）
illegal_exchange_twice = 同じ札を2回は交換できません
illegal_exchanges_over = 交換は終わりました
piquet_combination_point = ポイント { $count }枚 { $value }
piquet_combination_sequence = { $rank ->
    [A] A
    [K] K
    [Q] Q
    [J] J
    [T] 10
    [9] 9
    [8] 8
    [7] 7
   *[other] 6
}から { $length }枚続き
piquet_combination_trio = { $rank ->
    [A] A
    [K] K
    [Q] Q
    [J] J
   *[T] 10
} スリーカード
piquet_combination_quatorze = { $rank ->
    [A] A
    [K] K
    [Q] Q
    [J] J
   *[T] 10
} カトールズ
corner_A = A
corner_K = K
corner_Q = Q
corner_J = J
italian_card = { $suit }の{ $rank }
the_italian_rank = { $rank ->
    [A] エース
    [K] キング
    [Q] 騎士
    [J] ジャック
   *[other] { $rank }
}
the_italian_card = { $suit }の{ $rank ->
    [A] エース
    [K] キング
    [Q] 騎士
    [J] ジャック
   *[other] { $rank }
}
rank_T = 10
rank_J = ジャック
rank_Q = クイーン
rank_K = キング
rank_A = エース
the_rank = { $rank ->
    [A] エース
    [K] キング
    [Q] クイーン
    [J] ジャック
   *[other] { $rank }
}

## Deal review
review_hand = そのときの手札
review_table = 場のカード
review_played = 出した札
review_better = より良い札
review_chose = あなたの選択: { $action }
review_better_action = より良い選択: { $action }
review_moment_trick = 第{ $trick }トリック
review_moment_auction = ビッド
review_mistake = ミス
review_unlucky = 不運
review_trump = 切り札: { $trump }
review_trump_card = 切り札
review_contract = コントラクト: { $contract }
review_turn_up = 表向きのカード: { $card }
review_to_beat = 超えるべきビッド: { $bid }（{ $player }）
review_auction = ここまでのビッド
review_you_open = あなたが最初に宣言します。
review_you_lead = あなたがリードします
review_side_you = あなた
review_side_partner = パートナー
review_side_opponent = 相手
review_side_unknown = パートナー？
review_better_real = 実際の配りでは良かった
review_better_real_action = 実際の配りでは良かった: { $action }

## Seasons (issue 45): the lines of a season's standings.
season_promotion = 昇格
season_relegation = 降格
season_unranked = まだランク外
season_to_go = あと{ $count }ゲーム
