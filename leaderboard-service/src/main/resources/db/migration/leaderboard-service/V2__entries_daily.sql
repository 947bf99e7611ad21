-- The day of the daily game a match's table played (docs/daily.md), null for any other table: a profile links a daily
-- table's replays only once its day is over. Matches applied before this column have none; a rebuild fills it.
alter table lb_entries add column if not exists daily date;
