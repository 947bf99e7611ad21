-- The event store of docs/spine.md, owned by rules-service (its Flyway history: flyway_history_rules). The other
-- services only read table_events. "if not exists": a database made before the migrations has these already (it is
-- baselined at version 0, then this runs and changes nothing).
create table if not exists table_events (
    table_id   text        not null,
    seq        bigint      not null,
    type       text        not null,
    event      jsonb       not null,
    command_id text,
    at         timestamptz not null,
    published  boolean     not null default false,
    primary key (table_id, seq)
);
-- the outbox relay's look for what is not published yet
create index if not exists table_events_unpublished on table_events (at) where not published;
-- the clocks' and rebuilds' look for started and ended matches
create index if not exists table_events_matches on table_events (type, table_id)
    where type in ('MatchStarted', 'MatchEnded');
-- every command decided, by its id: a command sent again is answered from here
create table if not exists commands (
    command_id text        primary key,
    table_id   text        not null,
    player_id  text        not null,
    accepted   boolean     not null,
    code       text,
    message    text,
    last_seq   bigint      not null,
    at         timestamptz not null
);
