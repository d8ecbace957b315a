-- The rules version a match was started under (each game's
-- `Game::RULES_VERSION`). A match is replayed only by a server running that
-- version of its game's rules; matches stored before versions were kept
-- were played under each game's first version.
alter table game_match add column rules_version bigint not null default 1;

-- Cluster mode: the rules a node runs, `slug@version` comma-separated
-- (`doozy-dice@1,mix-the-mutts@1,…`). A node claims a room whose match is in
-- play only if its own row lists that match's rules. Empty for a node that
-- registered before this column existed: it is never chosen for such a room.
alter table node add column rules text not null default '';
