-- The schema as matchmaking-service made it at start before it had migrations (the DDL in its Java strings on main,
-- as it was): MigrationsContract's database "made before".
create table if not exists mm_tickets (
    player_id    text             primary key,
    ticket_id    text             not null unique,
    name         text             not null,
    pool         text             not null,
    players      int,
    sizes        int[]            not null,
    rules        jsonb            not null,
    rating       double precision not null,
    since        timestamptz      not null,
    heartbeat_at timestamptz      not null,
    table_id     text,
    seat         int,
    formed_at    timestamptz
);
create index if not exists mm_tickets_waiting on mm_tickets (pool, since) where table_id is null;
create index if not exists mm_tickets_formed on mm_tickets (formed_at) where table_id is not null;
create table if not exists mm_tables (
    table_id   text        primary key,
    pool       text        not null,
    rules      jsonb       not null,
    seats      jsonb       not null,
    formed_at  timestamptz not null,
    sent_at    timestamptz not null,
    started_at timestamptz,
    failed     text
);
create index if not exists mm_tables_unstarted on mm_tables (sent_at)
    where started_at is null and failed is null;
create table if not exists mm_daily (
    table_id   text        primary key,
    player_id  text        not null,
    day        date        not null,
    practice   boolean     not null,
    created_at timestamptz not null,
    started_at timestamptz
);
create unique index if not exists mm_daily_counting on mm_daily (player_id, day) where not practice;
create index if not exists mm_daily_player on mm_daily (player_id, day)
