-- bench/engine.mjs BENCH_AB: the group points' trigger as it was before issue 27 — one pending row per
-- strict ancestor of the member whose points changed, each ancestor looked up by member number through
-- a SQL function (not inlined: it carries its own search_path), into a table with an index — beside
-- the current one (group-points-per-change.sql), on the same database. Applied as the cluster's
-- superuser; only the bench uses it.
create table if not exists private.bench_pending_per_ancestor (ancestor_id uuid not null, period date not null, delta integer not null);
create index if not exists bench_pending_per_ancestor_idx on private.bench_pending_per_ancestor (ancestor_id, period);

create or replace function private.bench_upline_ids(p_path extensions.ltree) returns table (id uuid)
language sql
stable
set search_path = ''
as $$
  select a.id
    from unnest((pg_catalog.string_to_array(extensions.ltree2text(p_path), '.'))[:extensions.nlevel(p_path) - 1]) l(member_no)
    join public.clients a on a.member_no = l.member_no::bigint
$$;

create or replace function private.bench_queue_per_ancestor() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  insert into private.bench_pending_per_ancestor (ancestor_id, period, delta)
  select u.id, new.period, new.personal_points - case when tg_op = 'UPDATE' then old.personal_points else 0 end
    from public.clients m
    cross join lateral private.bench_upline_ids(m.path) u
   where m.id = new.client_id;
  return null;
end
$$;

drop trigger if exists bench_per_ancestor_insert on private.member_period_totals;
drop trigger if exists bench_per_ancestor_update on private.member_period_totals;
create trigger bench_per_ancestor_insert after insert on private.member_period_totals
  for each row when (new.personal_points <> 0) execute function private.bench_queue_per_ancestor();
create trigger bench_per_ancestor_update after update of personal_points on private.member_period_totals
  for each row when (new.personal_points <> old.personal_points) execute function private.bench_queue_per_ancestor();
alter table private.member_period_totals disable trigger member_period_totals_group_points_insert;
alter table private.member_period_totals disable trigger member_period_totals_group_points_update;
