-- What an account's name looks like: its confusable skeleton (Unicode TR39 of the name with its case folded,
-- auth.PlayerNames), unique, so that two look-alike names cannot both be registered, also at the same moment.
-- Accounts made before get theirs when the service starts (auth.Accounts), since SQL cannot compute one.
alter table accounts add column if not exists name_skeleton text;
create unique index if not exists accounts_name_skeleton on accounts (name_skeleton);
