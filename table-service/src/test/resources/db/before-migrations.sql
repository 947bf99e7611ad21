-- The schema as table-service made it at start before it had migrations (the DDL in its Java strings on main,
-- as it was): MigrationsContract's database "made before".
create table if not exists accounts (
    player_id     text        primary key,
    name          text        not null,
    name_key      text        not null,
    password_hash text        not null,
    created_at    timestamptz not null,
    was_guest     boolean     not null
);
create unique index if not exists accounts_name_key on accounts (name_key);
create table if not exists sign_in_failures (
    kind text        not null,
    key  text        not null,
    at   timestamptz not null
);
create index if not exists sign_in_failures_key on sign_in_failures (kind, key, at);
create index if not exists sign_in_failures_at on sign_in_failures (at);
create table if not exists revoked_tokens (
    jti        text        primary key,
    player_id  text        not null,
    expires_at timestamptz not null
)
