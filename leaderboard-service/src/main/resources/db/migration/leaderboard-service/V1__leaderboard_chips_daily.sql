-- The leaderboard's read model (docs/leaderboard.md), the chips (docs/chips.md "Tables") and the daily list
-- (docs/daily.md). "if not exists": a database made before the migrations has these already (it is baselined at
-- version 0, then this runs and changes nothing).

-- ---- the read model: a projection of the event store, emptied by a rebuild ----
create table if not exists lb_applied (
    table_id   text        not null,
    seq        bigint      not null,
    applied_at timestamptz not null default now(),
    primary key (table_id, seq)
);
create table if not exists lb_entries (
    table_id    text        not null,
    seq         bigint      not null,
    player_id   text        not null,
    name        text        not null,
    seat        int         not null,
    at          timestamptz not null,
    points      int         not null,
    deal_points int         not null,
    place       int         not null,
    deals       int         not null,
    duraks      int         not null,
    left_early  boolean     not null,
    primary key (table_id, seq, player_id)
);
create index if not exists lb_entries_at on lb_entries (at, player_id);
create index if not exists lb_entries_player on lb_entries (player_id, at desc);
create table if not exists lb_players (
    player_id text        primary key,
    name      text        not null,
    name_at   timestamptz not null,
    points    bigint      not null,
    matches   int         not null,
    deals     int         not null,
    duraks    int         not null
);
create table if not exists lb_period_totals (
    period    text   not null,
    player_id text   not null,
    points    bigint not null,
    matches   int    not null,
    primary key (period, player_id)
);
create index if not exists lb_period_totals_rank on lb_period_totals (period, points desc, player_id);
create table if not exists lb_ratings (
    rater_id text             primary key,
    mu       double precision not null,
    sigma    double precision not null,
    matches  int              not null
);
create table if not exists lb_rated (
    table_id text        not null,
    seq      bigint      not null,
    at       timestamptz not null,
    seats    jsonb       not null,
    primary key (table_id, seq)
);
create index if not exists lb_rated_order on lb_rated (at, table_id, seq);

-- ---- chips: never emptied by a rebuild (holds and bonuses come from REST calls, not from the event log) ----
create table if not exists ch_accounts (
    player_id  text   primary key,
    balance    bigint not null check (balance >= 0),
    held       bigint not null check (held >= 0),
    bonus_day  date
);
create table if not exists ch_pots (
    table_id   text        primary key,
    stake      bigint      not null check (stake > 0),
    amount     bigint      not null check (amount >= 0),
    state      text        not null,
    started    boolean     not null default false,
    settled_at timestamptz
);
create table if not exists ch_holds (
    table_id   text        not null,
    player_id  text        not null,
    amount     bigint      not null check (amount > 0),
    state      text        not null,
    expires_at timestamptz,
    primary key (table_id, player_id)
);
create index if not exists ch_holds_expiring on ch_holds (expires_at) where state = 'HELD';
create table if not exists ch_ledger (
    id            bigserial   primary key,
    player_id     text        not null,
    at            timestamptz not null default now(),
    kind          text        not null,
    amount        bigint      not null,
    table_id      text,
    balance_after bigint      not null
);
create index if not exists ch_ledger_player on ch_ledger (player_id, id desc);
create table if not exists ch_payouts (
    table_id  text   not null,
    player_id text   not null,
    name      text   not null,
    amount    bigint not null,
    primary key (table_id, player_id)
);
create table if not exists ch_applied (
    table_id text   not null,
    seq      bigint not null,
    primary key (table_id, seq)
);

-- ---- the daily list: a projection too, emptied by a rebuild ----
create table if not exists dl_entries (
    day        date        not null,
    player_id  text        not null,
    table_id   text        not null,
    seq        bigint      not null,
    name       text        not null,
    points     int         not null,
    deals      int         not null,
    finished   boolean     not null,
    left_early boolean     not null,
    started_at timestamptz not null,
    at         timestamptz not null,
    primary key (day, player_id)
);
create index if not exists dl_entries_rank on dl_entries (day, points desc, player_id);
create index if not exists dl_entries_player on dl_entries (player_id, day);
