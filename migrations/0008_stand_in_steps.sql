-- Steps a stand-in bot took for a player who was away: the history marks a
-- seat played mostly so, instead of crediting the player with the moves.
alter table match_step add column by_stand_in bigint not null default 0;
