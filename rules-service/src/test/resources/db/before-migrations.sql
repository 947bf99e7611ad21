-- The schema as rules-service made it at start before it had migrations (the DDL in its Java strings on main,
-- as it was): MigrationsContract's database "made before".
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
create index if not exists table_events_unpublished on table_events (at) where not published;
create index if not exists table_events_matches on table_events (type, table_id)
    where type in ('MatchStarted', 'MatchEnded');
create table if not exists commands (
    command_id text        primary key,
    table_id   text        not null,
    player_id  text        not null,
    accepted   boolean     not null,
    code       text,
    message    text,
    last_seq   bigint      not null,
    at         timestamptz not null
)
