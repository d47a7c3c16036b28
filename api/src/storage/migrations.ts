import type { Queries } from './database.js';

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
  // what replicas share besides messages and passes: generated secrets, and rate-limit counters per client
  `create table settings (
     name text primary key,
     value text not null
   );
   create table rate_limit_hits (
     key text primary key,
     hits integer not null,
     reset_at timestamptz not null
   );
   create index rate_limit_hits_reset on rate_limit_hits (reset_at);`,
  // the owner's area: sessions (ids stored hashed) with the preview they carry, read marks, section changes
  `create table owner_sessions (
     id_hash text primary key,
     created_at timestamptz not null default now(),
     last_seen_at timestamptz not null default now(),
     expires_at timestamptz not null,
     preview_token_hash text unique,
     preview text not null default '{}'
   );
   alter table contact_messages add column read_at timestamptz;
   create table live_sections (
     name text primary key,
     url text not null,
     changed_at timestamptz not null default now()
   );
   create table section_history (
     id integer generated always as identity primary key,
     section text not null,
     action text not null,
     from_url text not null,
     to_url text not null,
     changed_at timestamptz not null default now()
   );`,
  // field measurements (api/src/field): daily aggregates a percentile can be read from, and raw events kept 30 days;
  // no column for an address, a user agent or a cookie
  `create table rum_daily (
     day date not null,
     route text not null,
     section text not null,
     build text not null,
     metric text not null,
     count integer not null,
     sum double precision not null,
     primary key (day, route, section, build, metric)
   );
   create table rum_histograms (
     day date not null,
     route text not null,
     section text not null,
     build text not null,
     metric text not null,
     bucket integer not null,
     count integer not null,
     primary key (day, route, section, build, metric, bucket)
   );
   create table rum_events (
     id bigint generated always as identity primary key,
     received_at timestamptz not null,
     route text not null,
     section text not null,
     build text not null,
     metric text not null,
     value double precision,
     detail text not null,
     builds text not null
   );
   create index rum_events_received on rum_events (received_at);`,
  // section releases (api/src/live-sections/releases): immutable builds by content hash, the archive kept in the
  // database so that every replica can serve it; deploy tokens, one section each, only their secret's hash kept
  `create table section_releases (
     section text not null,
     id text not null,
     version text not null,
     built_at timestamptz,
     uploaded_at timestamptz not null default now(),
     uploaded_by text not null,
     note text,
     checks text not null,
     archive bytea,
     primary key (section, id)
   );
   create table deploy_tokens (
     id integer generated always as identity primary key,
     section text not null,
     name text not null,
     secret_hash text not null unique,
     may_promote boolean not null default false,
     created_at timestamptz not null default now(),
     last_used_at timestamptz,
     revoked_at timestamptz
   );`,
  // experiments (api/src/experiments): a section's candidate release on a share of visitors; one running per
  // section; its results are the field events after events_after up to events_until (rum_events.id: raw events keep
  // only the hour);
  // section_history's note says what an experiment's change was (its share, why it stopped)
  `create table experiments (
     id integer generated always as identity primary key,
     section text not null,
     candidate_release_id text not null,
     live_url text not null,
     share integer not null,
     min_visitors integer not null,
     margin_lcp_ms integer not null,
     margin_inp_ms integer not null,
     events_after bigint not null,
     events_until bigint,
     started_at timestamptz not null default now(),
     ended_at timestamptz,
     end_reason text
   );
   create unique index experiments_one_running on experiments (section) where ended_at is null;
   alter table section_history add column note text;`,
  // a release's deploy token (null: the owner's first start, or uploaded before this step) and what its files take
  // on disk: the token's quota counts its kept releases (releaseUploadLimits.keptBytesPerToken)
  `alter table section_releases add column token_id integer;
   alter table section_releases add column disk_bytes bigint not null default 0;
   create index section_releases_by_token on section_releases (token_id) where token_id is not null;`,
  // previews run on the preview origin, opened by signed links (api/src/common/preview-origin.ts): an owner's
  // session no longer carries one
  `alter table owner_sessions drop column preview_token_hash;
   alter table owner_sessions drop column preview;`,
  // measurements a stranger cannot steer (api/src/field/page-view-proofs.ts): each page view whose proof a beacon
  // used, with the events it sent, kept until the proof has expired; the guard's visitors (api/src/experiments):
  // each visitor's first page of an experiment, as the server sent it (counted per variant and share) and as its
  // beacons reported it (an error, the first LCP and INP, in the order the values came); the guard's last word on
  // the split of measured visitors (a sample ratio mismatch)
  `create table rum_views (
     id bigint generated always as identity primary key,
     nonce text not null unique,
     expires_at timestamptz not null,
     events integer not null
   );
   create index rum_views_expiry on rum_views (expires_at);
   create table experiment_served (
     experiment_id integer not null references experiments (id),
     candidate boolean not null,
     share smallint not null,
     visitors integer not null,
     primary key (experiment_id, candidate, share)
   );
   create sequence experiment_values_order;
   create table experiment_visitors (
     experiment_id integer not null references experiments (id),
     view_id bigint not null,
     candidate boolean not null,
     share smallint not null,
     error boolean not null,
     lcp double precision,
     lcp_order bigint,
     inp double precision,
     inp_order bigint,
     primary key (experiment_id, view_id)
   );
   alter table experiments add column mismatch text;`,
  // errors grouped per release (api/src/field/error-groups): each group of a section, as first reported (its message
  // normalized, its mapped frames as JSON, the build and day it was first seen); its reports and the page views that
  // reported it per day and build; and which page views reported which group (to count each once), kept as long as
  // their proof's row in rum_views
  `create table error_groups (
     section text not null,
     fingerprint text not null,
     message text not null,
     frames text not null,
     first_build text not null,
     first_seen timestamptz not null,
     primary key (section, fingerprint)
   );
   create table error_daily (
     day date not null,
     section text not null,
     build text not null,
     fingerprint text not null,
     count integer not null,
     visitors integer not null,
     primary key (section, build, fingerprint, day)
   );
   create index error_daily_by_group on error_daily (section, fingerprint, build);
   create table error_views (
     view_id bigint not null,
     fingerprint text not null,
     primary key (view_id, fingerprint)
   );`,
  // rollouts (api/src/experiments/rollout-step.ts): an experiment with a schedule, its share rising by steps (null
  // steps: a fixed share); who started an experiment; section_history says who made each change and, for the
  // guard's decisions, its figures at that moment (GuardFigures as JSON). Rows before this step: the owner's, but
  // a first release, which the site made
  `alter table experiments add column rollout_steps smallint[];
   alter table experiments add column rollout_step smallint;
   alter table experiments add column hold_minutes integer;
   alter table experiments add column step_visitors integer;
   alter table experiments add column step_started_at timestamptz;
   alter table experiments add column paused_at timestamptz;
   alter table experiments add column started_by text not null default 'the owner';
   alter table section_history add column changed_by text not null default 'the owner';
   alter table section_history add column figures text;
   update section_history set changed_by = 'the site' where action = 'first release';`,
];

/** Any fixed number: the advisory lock that lets one replica at a time migrate. */
const migrationLock = 8_150_271;

/** Applies the steps not applied yet, in one transaction; replicas starting together take turns. */
export async function migrate(database: {
  transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T>;
}): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLock]);
    await tx.exec(
      'create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((row) => row.version),
    );
    for (const [index, sql] of migrations.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
    }
  });
}
