-- The Dashboard's «cerca de activarse» panel on 100,000 members and a month of 1,000,000 sales
-- (bench/README.md, «Dashboard»): 355 ms median, over the screen's 100 ms. It scans the open month's
-- totals (one row per member with activity; no index on the points on purpose: every approval updates
-- them in place, HOT) and called private.activity_band for each row: a SQL function with its own
-- search_path is never inlined, so 100,000 calls. The band is now two bounds computed once, the same
-- rule (from half the activity points, rounded up, to one less than them).
create or replace function public.get_dashboard_near_active(p_limit integer default 50) returns table (
  client_id uuid, member_no bigint, name text, personal_points integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_threshold integer := private.activity_points();
  v_from integer := ceil(v_threshold / 2.0)::integer; -- where private.activity_band turns 1
begin
  perform private.require_staff();
  return query
    select c.id, c.member_no, c.name, t.personal_points
      from private.member_period_totals t join public.clients c on c.id = t.client_id
     where t.period = private.current_period()
       and t.personal_points >= v_from and t.personal_points < v_threshold
     order by t.personal_points desc, c.name
     limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;
comment on function public.get_dashboard_near_active(integer) is
  'Personal: los miembros que este mes están cerca de activarse (desde la mitad de los puntos de actividad hasta uno menos, la banda 1 de private.activity_band), los de más puntos primero.';
