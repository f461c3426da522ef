-- Stand-in for pg_cron 1.6 on npm test's PostgreSQL 17 cluster (scripts/lib/pg17.mjs). Debian 13's
-- postgresql-17-cron needs glibc 2.38 and its source cannot be fetched here, so this keeps only what
-- Savia's migrations and pgTAP suite touch, with pg_cron's names, columns and rules: the cron.job
-- catalogue (each user sees and changes only its own jobs), cron.job_run_details, and
-- cron.schedule/cron.unschedule. No background worker: nothing scheduled here ever runs.
create schema cron;

create sequence cron.jobid_seq;
create table cron.job (
  jobid bigint primary key default pg_catalog.nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default pg_catalog.inet_server_port(),
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
alter sequence cron.jobid_seq owned by cron.job.jobid;

create sequence cron.runid_seq;
create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default pg_catalog.nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter sequence cron.runid_seq owned by cron.job_run_details.runid;

grant usage on schema cron to public;
grant select on cron.job to public;
grant select, delete on cron.job_run_details to public;
alter table cron.job enable row level security;
alter table cron.job_run_details enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- pg_cron's cron.schedule(job_name, schedule, command): a job of the caller's (the role it acts as,
-- not this function's owner), replaced when the caller already has one of that name; its id.
create function cron.caller() returns text
language sql stable as $$
  select coalesce(nullif(pg_catalog.current_setting('role'), 'none'), session_user::text)
$$;

create function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql security definer set search_path = pg_catalog as $$
declare
  v_id bigint;
begin
  insert into cron.job (schedule, command, username, jobname) values (schedule, command, cron.caller(), job_name)
  on conflict (jobname, username) do update set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into v_id;
  return v_id;
end
$$;

create function cron.schedule(schedule text, command text) returns bigint
language sql security definer set search_path = pg_catalog as $$
  insert into cron.job (schedule, command, username) values (schedule, command, cron.caller()) returning jobid
$$;

-- pg_cron's two cron.unschedule: by name or by id, only the caller's own job, and its error otherwise.
create function cron.unschedule(job_id bigint) returns boolean
language plpgsql security definer set search_path = pg_catalog as $$
begin
  delete from cron.job where jobid = job_id and username = cron.caller();
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;

create function cron.unschedule(job_name text) returns boolean
language sql security definer set search_path = pg_catalog as $$
  select cron.unschedule(coalesce((select jobid from cron.job where jobname = job_name and username = cron.caller()), -1::bigint))
$$;
