-- The accounts (docs/accounts.md). "if not exists": a database made before the migrations has these already (it is
-- baselined at version 0, then this runs and changes nothing).
create table if not exists accounts (
    player_id     text        primary key,
    name          text        not null,
    name_key      text        not null,
    password_hash text        not null,
    created_at    timestamptz not null,
    was_guest     boolean     not null
);
create unique index if not exists accounts_name_key on accounts (name_key);
-- failed sign-ins, by name and by address, for the rate limits
create table if not exists sign_in_failures (
    kind text        not null,
    key  text        not null,
    at   timestamptz not null
);
create index if not exists sign_in_failures_key on sign_in_failures (kind, key, at);
create index if not exists sign_in_failures_at on sign_in_failures (at);
-- tokens signed out before they expire
create table if not exists revoked_tokens (
    jti        text        primary key,
    player_id  text        not null,
    expires_at timestamptz not null
);
