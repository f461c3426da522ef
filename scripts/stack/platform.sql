-- Platform bootstrap: what a Supabase project created today has before its first migration (the
-- Postgres image's init scripts and migrations, the auth and storage services' own tables),
-- reproduced for the Docker-free local stack. Run as `supabase_admin`, the cluster's bootstrap
-- superuser, before supabase/migrations; locally only, never a migration (a hosted project
-- already has all of this). Idempotent: safe to apply to a database that already has it.
--
-- What it reproduces, because a migration that works here must work there:
--   * `postgres` is NOT a superuser (createdb, createrole, bypassrls; member of the API roles and
--     pg_read_all_data), owns the database and `public`, and is no longer a member of
--     supabase_auth_admin or supabase_storage_admin;
--   * `supabase_admin` owns the `auth` and `storage` schemas; their tables belong to the services
--     (supabase_auth_admin, supabase_storage_admin); postgres may read and write them, manage
--     policies on them (supautils' policy_grants, emulated below) and create triggers on them,
--     but not create objects in those schemas;
--   * new tables, sequences and functions that postgres creates in `public` are NOT granted to
--     anon, authenticated or service_role (the default of every project since 2026-10-30): each
--     migration grants what each API role needs;
--   * extensions Supabase lets postgres create (supautils' privileged extensions: pg_cron, pgtap,
--     plpgsql_check...) are created as supabase_admin through pgextwlist, with the same after-create
--     grants (scripts/stack/extensions/); any other extension needs a superuser and fails;
--   * API role timeouts: anon 3 s, authenticated 8 s, authenticator 8 s (statement and lock); every
--     other role's statements (postgres: migrations, seeds, pg_cron's jobs, pgTAP) stop at 2 min, the
--     global limit of a hosted database;
--   * pg-safeupdate on for authenticator and off for postgres: an API request that runs an UPDATE or
--     DELETE without WHERE fails with 21000, as on hosted.

-- Roles ---------------------------------------------------------------------------------------------
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin', r);
    end if;
  end loop;
  foreach r in array array['postgres', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I login', r);
    end if;
  end loop;
end
$$;

alter role postgres nosuperuser createdb createrole login replication bypassrls password 'postgres';
alter role anon nologin inherit;
alter role authenticated nologin inherit;
alter role service_role nologin inherit bypassrls;
alter role authenticator login noinherit password 'postgres';
alter role supabase_auth_admin login noinherit nocreaterole password 'postgres';
alter role supabase_storage_admin login noinherit createrole password 'postgres';
alter role supabase_admin password 'postgres';

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
grant authenticator, anon, authenticated, service_role to supabase_storage_admin;
-- Hosted postgres lost these memberships (2024-2025): set role to a service role fails there.
revoke supabase_auth_admin, supabase_storage_admin from postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
-- PostgREST logs in as authenticator: a request as service_role (no timeout of its own) is cut at 8 s too.
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
-- Hosted's global limit: no statement lasts more than 2 minutes unless its role, session or function
-- says otherwise (Supabase docs, «Timeouts»: postgres has no timeout of its own and is capped by it;
-- the «global level» is `alter database postgres set statement_timeout`). Set on the database, as
-- there, so the roles' own timeouts above still win; per database, since this file runs in each one a
-- cluster gets (the stack's, npm test's, the pg17 stage's), and pg_db_role_setting is not copied
-- when a database is dropped and created again.
do $$
begin
  execute format('alter database %I set statement_timeout = %L', current_database(), '2min');
end
$$;
-- pg-safeupdate, preloaded per role as hosted does it (supabase/postgres migrations
-- 20260413000000_fix-authenticator-session-preload-libraries and 20261010094800_postgres-role-safeupdate):
-- on for authenticator, so every API request (PostgREST logs in as it), the functions and triggers it
-- runs included, refuses an UPDATE or DELETE without WHERE with 21000; loaded but off for postgres
-- (migrations, seeds, pg_cron, pgTAP). savia_safeupdate is the stack's own build of that rule
-- (scripts/stack/safeupdate); pgextwlist stands where hosted lists supautils, so naming the roles'
-- libraries keeps it loaded for them.
alter role authenticator set session_preload_libraries = pgextwlist, savia_safeupdate;
alter role postgres set session_preload_libraries = pgextwlist, savia_safeupdate;
alter role postgres set safeupdate.enabled = off;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;
alter role postgres set search_path = "$user", public, extensions;

-- The database belongs to postgres, as `migrate.sh` of Supabase's image leaves it -------------------
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to postgres', current_database());
  execute format('grant create on database %I to supabase_auth_admin, supabase_storage_admin', current_database());
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end
$$;
alter schema public owner to postgres;
grant usage on schema public to postgres, anon, authenticated, service_role;

-- Today's default privileges in public: everything postgres creates there starts closed to the
-- API roles (Supabase changelog #45329; the CLI's RevokeDefaultDataApiPrivilegesSql). A project
-- created before keeps the old `grant all` defaults; Savia's migrations close them themselves.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;

-- extensions -----------------------------------------------------------------------------------------
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role, supabase_auth_admin, supabase_storage_admin;
grant all on schema extensions to postgres;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pg_stat_statements with schema extensions;

-- supautils' policy_grants, emulated: postgres manages the policies of these service-owned tables.
-- For the length of a CREATE/ALTER/DROP POLICY run by postgres, postgres is made a member of the
-- tables' owners and stops being one when it ends; a failed command rolls that back with it.
create or replace function extensions.policy_grants_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions', 'auth.users',
               'storage.buckets', 'storage.objects']
$$;

create or replace function extensions.policy_grants_take() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_caller text := case when current_setting('role') = 'none' then session_user::text else current_setting('role') end;
  v_owner text;
  v_lent text[] := '{}';
begin
  if v_caller <> 'postgres' then
    return;
  end if;
  for v_owner in
    select distinct pg_catalog.pg_get_userbyid(c.relowner)
      from unnest(extensions.policy_grants_tables()) t(name)
      join pg_catalog.pg_class c on c.oid = pg_catalog.to_regclass(t.name)
  loop
    if not pg_catalog.pg_has_role('postgres', v_owner, 'member') then
      execute format('grant %I to postgres', v_owner);
      v_lent := v_lent || v_owner;
    end if;
  end loop;
  perform pg_catalog.set_config('savia.policy_grants_lent', pg_catalog.array_to_string(v_lent, ','), true);
end
$$;

create or replace function extensions.policy_grants_give_back() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_owner text;
begin
  foreach v_owner in array coalesce(pg_catalog.string_to_array(nullif(pg_catalog.current_setting('savia.policy_grants_lent', true), ''), ','), '{}') loop
    execute format('revoke %I from postgres', v_owner);
  end loop;
  perform pg_catalog.set_config('savia.policy_grants_lent', '', true);
end
$$;
revoke all on function extensions.policy_grants_tables(), extensions.policy_grants_take(), extensions.policy_grants_give_back() from public;

drop event trigger if exists savia_policy_grants_take;
create event trigger savia_policy_grants_take on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY')
  execute function extensions.policy_grants_take();
drop event trigger if exists savia_policy_grants_give_back;
create event trigger savia_policy_grants_give_back on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY')
  execute function extensions.policy_grants_give_back();

-- auth: owned by supabase_admin, its tables by supabase_auth_admin ------------------------------------
create schema if not exists auth authorization supabase_admin;
alter schema auth owner to supabase_admin;
grant all on schema auth to supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
revoke create on schema auth from postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres;

set role supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
-- Newer GoTrue keeps one flow state per OAuth round trip (PKCE or implicit): the state parameter
-- is its id, the redirect target lives in `referrer`, and the PKCE columns stay empty for implicit.
alter table auth.flow_state alter column auth_code drop not null;
alter table auth.flow_state alter column code_challenge_method drop not null;
alter table auth.flow_state alter column code_challenge drop not null;
alter table auth.flow_state add column if not exists referrer text;

-- How each session was authenticated: the access token's `amr` claim is read from here.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

-- Supabase's bodies, so policies see the token's claims exactly as on a hosted project.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

reset role;

grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
grant execute on all functions in schema auth to anon, authenticated, service_role;
grant all on all tables in schema auth to service_role;

-- storage: owned by supabase_admin, its tables by supabase_storage_admin -------------------------------
create schema if not exists storage authorization supabase_admin;
alter schema storage owner to supabase_admin;
grant all on schema storage to supabase_storage_admin;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema storage to postgres with grant option;
revoke create on schema storage from postgres;
set role supabase_storage_admin;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

reset role;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant execute on all functions in schema storage to anon, authenticated, service_role, postgres;

-- pg_net ---------------------------------------------------------------------------------------------
-- Supabase's image ships pg_net (asynchronous HTTP from SQL), which a migration enables to let
-- pg_cron call an edge function. Debian has no pg_net package for PostgreSQL 15 and its source is not
-- reachable where Savia installs, so when the extension is not available the local stack provides
-- the same SQL surface here: net.http_post (and http_get) queue the request in net.http_request_queue,
-- inside the caller's transaction, so nothing leaves unless it commits; a worker of the stack
-- (scripts/stack/pg-net.mjs, in place of pg_net's background worker) sends it and keeps the answer in
-- net._http_response for six hours, as pg_net does.
do $pgnet$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    return;
  end if;
  create schema if not exists net authorization supabase_admin;
  create table if not exists net.http_request_queue (
    id bigserial primary key,
    method text not null,
    url text not null,
    headers jsonb not null,
    body bytea,
    timeout_milliseconds integer not null
  );
  create unlogged table if not exists net._http_response (
    id bigint,
    status_code integer,
    content_type text,
    headers jsonb,
    content text,
    timed_out boolean,
    error_msg text,
    created timestamptz not null default now()
  );
  create index if not exists _http_response_created_idx on net._http_response (created);
  execute $sql$
create or replace function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
                                         headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
                                         timeout_milliseconds integer default 5000) returns bigint
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  v_id bigint;
  v_url text := url;
begin
  if params is not null and params <> '{}'::jsonb then
    v_url := v_url || case when position('?' in v_url) > 0 then '&' else '?' end
             || (select string_agg(key || '=' || value, '&') from jsonb_each_text(params));
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', v_url, coalesce(headers, '{}'::jsonb), convert_to(coalesce(body, '{}'::jsonb)::text, 'UTF8'), timeout_milliseconds)
  returning id into v_id;
  return v_id;
end
$fn$
  $sql$;
  execute $sql$
create or replace function net.http_get(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb,
                                        timeout_milliseconds integer default 5000) returns bigint
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  v_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('GET', url || case when params is null or params = '{}'::jsonb then ''
                             else '?' || (select string_agg(key || '=' || value, '&') from jsonb_each_text(params)) end,
          coalesce(headers, '{}'::jsonb), null, timeout_milliseconds)
  returning id into v_id;
  return v_id;
end
$fn$
  $sql$;
  execute $sql$revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer), net.http_get(text, jsonb, jsonb, integer) from public$sql$;
  execute $sql$grant usage on schema net to postgres$sql$;
  execute $sql$grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer), net.http_get(text, jsonb, jsonb, integer) to postgres$sql$;
  execute $sql$grant select on net._http_response to postgres$sql$;
end
$pgnet$;
