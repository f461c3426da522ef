-- Run by pgextwlist as supabase_admin right after `create extension pg_cron`, as Supabase's image
-- runs its own after-create script: postgres may schedule jobs (cron.schedule and friends) and
-- read their history, but reads cron.job only through its row level policy and never writes it.
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
grant all on all tables in schema cron to postgres with grant option;
grant all on all sequences in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;
revoke trigger on table cron.job_run_details from postgres;
