/** The schema, one step per entry; a step once released is never edited, only followed by another. */
export const migrations: readonly string[] = [
  `create table contact_messages (
     id integer generated always as identity primary key,
     f_name text not null,
     l_name text not null,
     email text not null,
     org text not null default '',
     subject text not null,
     message text not null,
     created_at timestamptz not null default now(),
     delivered_at timestamptz,
     attempts integer not null default 0,
     next_attempt_at timestamptz not null default now(),
     last_error text
   );
   create index contact_messages_outbox on contact_messages (next_attempt_at) where delivered_at is null;
   create table contact_passes (
     nonce text primary key,
     expires_at timestamptz not null
   );`,
];
