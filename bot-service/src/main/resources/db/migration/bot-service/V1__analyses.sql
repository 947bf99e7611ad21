-- The strong bot's analyses of finished matches (docs/bots.md "Analysis"): one row per analysed match, by key
-- ("table:<table id>", or "record:<SHA-256 of a pasted record>"), so that analysing twice costs nothing.
create table if not exists bot_analyses (
    key         text primary key,
    state       text not null check (state in ('queued', 'running', 'done')),
    done        integer not null default 0,
    total       integer not null default 0,
    analysis    jsonb,
    requested   timestamptz not null default now(),
    finished    timestamptz
);
