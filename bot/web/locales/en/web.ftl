## The web pages of deals, games, challenges and leaderboards (bot/web). Cards, bids, events
## and house rules are the bot's own sentences (bot/text/locales); here is what only the pages say.

## The admin's settings and the server's start (one line each, in the terminal).
web_cli_url = ATOUT_WEB_URL must be the pages' public address, such as https://atout.example.org (http or https, no query), not { $value }
web_cli_bind = ATOUT_WEB_BIND must be host:port, such as 127.0.0.1:8080 or 0.0.0.0:8080, not { $value }
web_cli_secret = ATOUT_WEB_SECRET must be at least { $most } characters with no spaces (python3 -c "import secrets; print(secrets.token_urlsafe(32))" makes one)
web_cli_proxies = ATOUT_WEB_TRUSTED_PROXIES must list the addresses or networks of your reverse proxies, such as 127.0.0.1, ::1 or 172.16.0.0/12, not { $value }
web_cli_listen = The web pages cannot listen on { $where }: { $reason }
web_cli_serving = Atout's pages are served on { $where }
web_cli_link = The newest finished deal the pages may show ({ $game }, table { $table }, deal { $deal }): open this address from another machine, through your proxy
web_cli_link_none = No finished deal can be shown yet: play a deal to its end at a table that is neither private nor a challenge's, then try again.
web_cli_link_no_url = ATOUT_WEB_URL is not set: the pages are off, and there is no link to give (docs/running.md, "The deals' web pages").

## Every page.
web_site = Atout
web_footer = Atout — card games in Discord. This page is private: only people given its link can open it.
web_not_found_title = Page not found
web_not_found = This link is not one Atout gave, or there is nothing to show at it.
web_deal_playing_title = Deal being played
web_deal_playing = This deal is still being played: its page opens when it ends. Until then, the game's page shows the deals already finished.
web_sealed_title = Sealed until the challenge closes
web_sealed = How this challenge deal was played can be seen once the challenge has closed ({ $when }): until then, members who have not played it yet must not see it.
web_too_many = Too many requests from your address: wait { $seconds ->
    [one] a second
   *[other] { $seconds } seconds
} and try again.
web_method = These pages can only be read.
web_players = Players
web_dealer = dealer
web_computer = computer
web_record = Download the record (JSON)
web_record_help = The deal as an atout-record/1 file, with the game's rules: python -m games replay and any other tool replay it.
web_whole_game = The whole game
web_previous_deal = Deal { $deal }
web_next_deal = Deal { $deal }

## The deal page.
web_title_deal = { $game } — table { $table }, deal { $deal }
web_deal_heading = Deal { $deal }
web_first = First step
web_previous = Previous
web_next = Next
web_last = Last step
web_step = Step { $step } of { $count }
web_keys = The keys ← and → move one step; Home and End go to the start and the end.
web_dealt = { $name } deals.
web_said = { $name }: { $what }
web_tricks_won = { $count ->
    [one] 1 trick
   *[other] { $count } tricks
}
web_stock = Stock: { $count }
web_talon = Talon: { $count }
web_turn_up = Turned up
web_trump_card = Trump card
web_called_card = Called card
web_trump = Trumps: { $trump }
web_auction = Auction
web_hands = Hands as dealt
web_tricks = Tricks
web_trick_number = Trick { $number }
web_trick_won = won by { $name }
web_melds = Melds and declarations
web_melds_none = Nothing declared.
web_score = Score
web_column_side = Side
web_column_deal = This deal
web_column_game = Game
web_passed_out = Everybody passed: nobody played this deal.

## A seat's review on the deal page.
web_review_title = Review of { $name }'s play
web_review_none = This seat's play has not been reviewed yet: press Review my play under the deal in Discord, then open the link it gives.
web_review_well_played = Well played: no mistake in { $count ->
    [one] 1 decision
   *[other] { $count } decisions
}.
web_review_count = { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
} in { $count ->
    [one] 1 decision
   *[other] { $count } decisions
}.
web_review_help = Each decision is marked on its step of the replay.
web_verdict_mistake = Mistake
web_verdict_unlucky = Unlucky
web_verdict_fine = Good
web_decision_mistake = { $choice }: { $best } was better, by { $cost } on average, in { $share } of the deals you could have faced.
web_decision_mistake_exact = { $choice }: { $best } was better, by { $cost }.
web_decision_unlucky = { $choice }: as good as the best on average; only the real deal made { $best } better. You could not know.
web_decision_fine = { $choice }: as good as the best.
web_cost_points = { $count ->
    [one] 1 point
   *[other] { $count } points
}
web_cost_card_points = { $count ->
    [one] 1 card point
   *[other] { $count } card points
}

## The game page.
web_title_game = { $game } — table { $table }
web_deals = Deals
web_deal_number = Deal { $number }
web_no_deal = No deal of this game has finished yet.
web_in_play = This game is still being played: only its finished deals are here.
web_abandoned = This game was abandoned before its end.
web_won_by = Won by { $names }.
web_nobody_won = Nobody won.
web_final_score = Final score
web_ratings = Rating changes
web_unrated = An unrated game: no rating moved.
web_leaderboard_link = The server's { $game } leaderboard
web_ladder_link = The { $game } leaderboard of open tables, every server

## The challenge deal page (the traveller).
web_title_challenge = Challenge { $challenge } — deal { $deal }
web_traveller = Everybody's play of this deal
web_traveller_help = A player's name opens their replay of the deal.
web_column_rank = Rank
web_column_player = Player
web_column_result = Result
web_column_percent = Matchpoints
web_par = Par: the hard computer in the same seat made { $score }.
web_traveller_empty = Nobody finished this deal.

## The leaderboard page.
web_title_board = { $game } — leaderboard
web_board_empty = Nobody has played a rated game of { $game } on this server yet.
web_title_ladder = { $game } — open tables, every server
web_ladder_empty = Nobody has played a rated game of { $game } at an open table yet.
web_provisional = provisional
web_page = Page { $page } of { $pages }
