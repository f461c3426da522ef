-- Group points of the open months, kept instead of summed at read time (issue 10, «Speed»: Mi Cuenta
-- for a heavy upline summed up to 100,000 members' points per read).
--
-- Approvals and cancellations change a member's personal points in private.member_period_totals; a
-- trigger appends the change once per strict ancestor to private.group_points_pending. Appending
-- only: no row shared by every approval (the root's sum) is updated by them, so approvals gain no
-- lock to wait for. A job folds the pending rows into private.group_points every minute, in one
-- statement. A reader adds the member's own points, the folded sum and the pending deltas in one
-- statement (one snapshot): a fold commits the delete and the upsert together, so the figure is
-- exact whenever it is read. A change of enroller moves a whole subtree's points from the old
-- upline to the new one, as pending rows too. The close keeps computing its own group points.

create table private.group_points (
  ancestor_id uuid not null,
  period date not null,
  points integer not null,
  primary key (ancestor_id, period)
);

-- The fold drops the sums of a month once it is closed (its group points are frozen in member_period_totals).
create index group_points_period_idx on private.group_points (period);
comment on table private.group_points is
  'Puntos de grupo de los meses abiertos ya consolidados: por miembro y mes, la suma de los puntos personales de toda su red descendente (sin los suyos). Lo escribe solo private.fold_group_points (y la reconstrucción); lo que aún no se ha consolidado está en group_points_pending.';

create table private.group_points_pending (
  ancestor_id uuid not null,
  period date not null,
  delta integer not null
);
create index group_points_pending_ancestor_idx on private.group_points_pending (ancestor_id, period);
comment on table private.group_points_pending is
  'Cambios de puntos personales aún no consolidados en group_points: una fila por ancestro estricto del miembro cuyo total cambió (aprobación, cancelación) o por ancestro viejo y nuevo de una red que cambió de patrocinador. Solo se inserta; el plegado borra lo que suma. Sin clave: las filas no se identifican, se suman.';

revoke all on table private.group_points, private.group_points_pending from public, anon, authenticated, service_role;

-- Ancestors -----------------------------------------------------------------------------------------
create or replace function private.upline_ids(p_path extensions.ltree) returns table (id uuid)
language sql
stable
set search_path = ''
as $$
  -- path's labels are member numbers: every ancestor is one unique-index probe, with no GiST search.
  select a.id
    from unnest((pg_catalog.string_to_array(extensions.ltree2text(p_path), '.'))[:extensions.nlevel(p_path) - 1]) l(member_no)
    join public.clients a on a.member_no = l.member_no::bigint
$$;
comment on function private.upline_ids(extensions.ltree) is
  'Los ancestros estrictos (toda la línea ascendente, sin el propio miembro) de una ruta de la red.';

-- Approvals and cancellations: append the change to every ancestor -----------------------------------
create or replace function private.member_period_totals_queue_group_points() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A member is never deleted with points (their ledger entries restrict it), so insert and update suffice.
  insert into private.group_points_pending (ancestor_id, period, delta)
  select u.id, new.period, new.personal_points - case when tg_op = 'UPDATE' then old.personal_points else 0 end
    from public.clients m
    cross join lateral private.upline_ids(m.path) u
   where m.id = new.client_id;
  return null;
end
$$;
comment on function private.member_period_totals_queue_group_points() is
  'Disparador: anota el cambio de puntos personales de un miembro en un mes como pendiente de cada uno de sus ancestros (group_points_pending).';

create trigger member_period_totals_group_points_insert
  after insert on private.member_period_totals
  for each row when (new.personal_points <> 0)
  execute function private.member_period_totals_queue_group_points();
create trigger member_period_totals_group_points_update
  after update of personal_points on private.member_period_totals
  for each row when (new.personal_points <> old.personal_points)
  execute function private.member_period_totals_queue_group_points();

-- The fold ----------------------------------------------------------------------------------------------
create or replace function private.fold_group_points() returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_folded integer;
begin
  -- One folder at a time; a run that finds another one busy leaves the work to it.
  if not pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtext('savia.group_points')) then
    return 0;
  end if;
  -- Only rows committed before this statement are taken; an approval still in flight keeps its own
  -- rows pending for the next run.
  with taken as (
    delete from private.group_points_pending returning ancestor_id, period, delta
  ), folded as (
    insert into private.group_points as g (ancestor_id, period, points)
    select t.ancestor_id, t.period, sum(t.delta)::integer
      from taken t group by t.ancestor_id, t.period order by t.ancestor_id, t.period
    on conflict (ancestor_id, period) do update set points = g.points + excluded.points
    returning 1
  )
  select count(*) into v_folded from folded;
  -- The sums of a closed month are never read again (the close froze its own). Left for a later run
  -- when periods is locked (a pgTAP fixture truncates it), so the folder never waits holding its lock.
  begin
    lock table public.periods in access share mode nowait;
    delete from private.group_points g using public.periods p where p.month = g.period and p.status = 'closed';
  exception when lock_not_available then
    null;
  end;
  return v_folded;
end
$$;
comment on function private.fold_group_points() is
  'Consolida en group_points los puntos de grupo pendientes (borrar y sumar en una sola sentencia) y descarta las sumas de meses ya cerrados. Una sola ejecución a la vez (bloqueo consultivo); la programa pg_cron cada minuto. Devuelve cuántas sumas escribió.';

create or replace function private.rebuild_group_points() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.group_points'));
  -- Waits for the approvals in flight and holds new ones until commit: the sums below and the
  -- pending rows left after them then count every change exactly once.
  lock table private.member_period_totals in share mode;
  delete from private.group_points_pending;
  delete from private.group_points;
  insert into private.group_points (ancestor_id, period, points)
  select u.id, t.period, sum(t.personal_points)::integer
    from private.member_period_totals t
    join public.periods p on p.month = t.period and p.status = 'open'
    join public.clients m on m.id = t.client_id
    cross join lateral private.upline_ids(m.path) u
   where t.personal_points <> 0
   group by u.id, t.period;
end
$$;
comment on function private.rebuild_group_points() is
  'Recalcula desde cero los puntos de grupo de los meses abiertos a partir de member_period_totals (carga masiva, reparación). Bloquea las aprobaciones mientras dura.';

-- A change of enroller: the subtree's points leave the old upline and reach the new one -------------
create or replace function private.clients_move_group_points() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Only a registered member can have points or a downline (both come from approved sales), so the
  -- re-enrolment of a rejected person moves nothing and locks nothing.
  if old.enrollment_status <> 'registered' then
    return null;
  end if;
  -- Approvals in flight may have appended to the old upline: wait for them, and hold new ones (which
  -- will read the new path) until this move commits. Moves are rare and made by a superadmin.
  lock table private.member_period_totals in share mode;
  -- clients_path_cascade (it runs before this trigger, by name) has already moved the descendants' paths.
  insert into private.group_points_pending (ancestor_id, period, delta)
  select u.ancestor_id, s.period, (u.sign * s.points)::integer
    from (select t.period, sum(t.personal_points) as points
            from public.clients c
            join private.member_period_totals t on t.client_id = c.id
            join public.periods p on p.month = t.period and p.status = 'open'
           where c.path operator(extensions.<@) new.path
           group by t.period) s
    cross join (select x.id as ancestor_id, sum(x.sign) as sign
                  from (select o.id, -1 as sign from private.upline_ids(old.path) o
                        union all
                        select n.id, 1 from private.upline_ids(new.path) n) x
                 group by x.id having sum(x.sign) <> 0) u
   where s.points <> 0;
  return null;
end
$$;
comment on function private.clients_move_group_points() is
  'Disparador: al cambiar el patrocinador de un miembro registrado, resta los puntos del mes abierto de toda su red (él incluido) a sus ancestros viejos y se los suma a los nuevos, como pendientes. Security definer: lo dispara el superadministrador, que no escribe en private.';

-- After clients_path_cascade (triggers of one event fire in name order).
create trigger clients_path_regroup
  after update of enroller_id on public.clients
  for each row when (old.path::text is distinct from new.path::text)
  execute function private.clients_move_group_points();

revoke all on function private.upline_ids(extensions.ltree), private.member_period_totals_queue_group_points(),
  private.fold_group_points(), private.rebuild_group_points(), private.clients_move_group_points() from public;

-- pg_cron folds every minute (as postgres, like the close's poller).
select cron.schedule('savia-puntos-de-grupo', '* * * * *', 'select private.fold_group_points()');
