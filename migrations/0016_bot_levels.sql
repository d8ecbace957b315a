-- Each bot's level in a match, in the order of `bots` (JSON array of
-- "easy" | "normal" | "hard"), so history and the match page can say how
-- strong a bot was. Matches recorded before this have none.
alter table game_match add column bot_levels text;
