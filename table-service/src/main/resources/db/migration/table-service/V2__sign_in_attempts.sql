-- Sign-in attempts are counted before the password is checked, one row per count, locked by the upsert that counts
-- (auth.SignInLimits, docs/accounts.md "Sign-in limits"): for a name from an address (kind 'name', key "<address>
-- <name key>") and from an address for any name (kind 'address'). The failures of the first version are forgotten.
drop table if exists sign_in_failures;
create table sign_in_attempts (
    kind        text        not null,
    key         text        not null,
    attempts    integer     not null,
    window_ends timestamptz not null,
    primary key (kind, key)
);
create index sign_in_attempts_window_ends on sign_in_attempts (window_ends);
