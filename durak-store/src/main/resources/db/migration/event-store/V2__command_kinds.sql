-- What kind of command each commandId named (the payload's type: create, play, ...), so that the same commandId sent
-- with another kind of command is refused (COMMAND_ID_IN_USE) instead of answered as the first. Rows stored before
-- have none, and are compared by table and player only.
alter table commands add column if not exists kind text;
