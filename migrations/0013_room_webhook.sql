-- A room's webhook, set by its host: where "Ana's turn" and "Ben won" are
-- posted (`webhook_format`: discord, slack or json). The address often holds
-- the chat service's secret: it is read by the server only, never sent to
-- a client.
alter table room add column webhook_url text;
alter table room add column webhook_format text;

-- A player's address for turn emails, asked for at one seat: deleted when
-- the match ends or the seat is left (the row goes with it).
alter table seat add column notice_email text;
