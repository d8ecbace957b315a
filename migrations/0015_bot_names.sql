-- A bot's name is its name alone ("Ada"): each page words that it is a bot
-- in its reader's language, from the seat's `bot` level. Seated bots named
-- before this say it in English ("Ada (bot)"); this drops those words,
-- unless a player at the same table already has the shorter name.
update seat
set name = substr(name, 1, length(name) - 6)
where bot is not null
  and name like '% (bot)'
  and not exists (
    select 1 from seat other
    where other.room_code = seat.room_code
      and other.name = substr(seat.name, 1, length(seat.name) - 6)
  );
