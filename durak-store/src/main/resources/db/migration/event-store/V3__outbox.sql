-- The outbox as a table of its own: one row per accepted command, inserted in the statement that stores its events
-- and deleted once they are published. Before, each event row carried a "published" flag that was set after the
-- publish: an update of every event row, which also could not stay on its page (the flag was in a partial index's
-- predicate), so the log was written about twice. A row covers first_seq..last_seq of one table.
create table if not exists outbox (
    table_id  text        not null,
    first_seq bigint      not null,
    last_seq  bigint      not null,
    at        timestamptz not null,
    primary key (table_id, first_seq)
);
-- events left unpublished by the code before (a crash, a lost mark) go out through the relay as before
insert into outbox (table_id, first_seq, last_seq, at)
    select table_id, seq, seq, at from table_events where not published
    on conflict do nothing;
drop index if exists table_events_unpublished;
alter table table_events drop column if exists published;
