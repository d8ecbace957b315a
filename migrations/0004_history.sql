-- History by game, newest first (the by-status index serves the unfiltered list).
create index game_match_game_finished on game_match (game, status, finished_at);
