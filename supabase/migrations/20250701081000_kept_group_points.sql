-- Group points of the open months, kept instead of summed at read time (issue 10, «Speed»: Mi Cuenta
-- for a heavy upline summed up to 100,000 members' points per read), with the downline's sales beside
-- them (issue 27: the month close reads both instead of crediting a million members' figures to every
-- ancestor, ≈ 14 million rows, in one statement).
--
-- Approvals and cancellations change a member's personal points and own sales in
-- private.member_period_totals; a trigger appends the change to private.group_points_pending once,
-- with the member's path, whose labels are the member numbers of the ancestors it is credited to.
-- One row per change, appended, not one per ancestor: the approval writes one small row (no index,
-- no lookup of the ancestors), and no row shared by every approval (the root's sum) is updated, so
-- approvals gain no lock to wait for. A job folds the pending rows into private.group_points every
-- minute, in one statement: each row credited to every strict ancestor in its path. A reader adds the
-- member's own points, the folded sum and the pending rows that name the member as a strict ancestor,
-- in one statement (one snapshot): a fold commits the delete and the upsert together, so the figure is
-- exact whenever it is read. A change of enroller moves a whole subtree's points and sales from the old
-- upline to the new one, as two pending rows per open month.

create table private.group_points (
  ancestor_id uuid not null,
  period date not null,
  points integer not null,
  sales numeric(14,2) not null default 0,
  primary key (ancestor_id, period)
);

-- The fold drops the sums of a month once it is closed (its group points are frozen in member_period_totals).
create index group_points_period_idx on private.group_points (period);
comment on table private.group_points is
  'Puntos de grupo y ventas de la red de los meses abiertos ya consolidados: por miembro y mes, la suma de los puntos personales y de las ventas comisionables propias de toda su red descendente (sin los suyos). Lo escribe solo private.fold_group_points (y la reconstrucción); lo que aún no se ha consolidado está en group_points_pending.';

create table private.group_points_pending (
  path extensions.ltree not null,
  period date not null,
  points integer not null,
  sales numeric(14,2) not null
);
comment on table private.group_points_pending is
  'Cambios de puntos personales y ventas propias aún no consolidados en group_points: una fila por cambio (aprobación, cancelación) con la ruta del miembro en ese momento; cuenta para cada ancestro estricto de la ruta (las etiquetas son números de miembro). Un cambio de patrocinador escribe dos por mes abierto: la red sale de la línea vieja y entra en la nueva. Solo se inserta; el plegado borra lo que suma. Sin clave ni índice: las filas no se identifican, se suman, y son las de un minuto.';

revoke all on table private.group_points, private.group_points_pending from public, anon, authenticated, service_role;

-- What is still pending for a member ------------------------------------------------------------------
create or replace function private.pending_group_points(p_member_no bigint, p_period date) returns table (points integer, sales numeric)
language plpgsql
stable
set search_path = ''
as $$
begin
  -- The pending rows that name the member as a strict ancestor: their label, then at least one more.
  -- Matched by label, not by the member's path now, so a change still pending from before a change of
  -- enroller counts for whoever was above its member then, as the fold will credit it.
  return query
    select coalesce(sum(d.points), 0)::integer, coalesce(sum(d.sales), 0)
      from private.group_points_pending d
     where d.period = p_period
       and d.path operator(extensions.~) ('*.' || p_member_no || '.*{1,}')::extensions.lquery;
end
$$;
comment on function private.pending_group_points(bigint, date) is
  'Lo que aún está pendiente de consolidar para un miembro (como ancestro estricto) en un mes: puntos y ventas de su red.';

-- Approvals and cancellations: append the change once, with the member's path ------------------------
create or replace function private.member_period_totals_queue_group_points() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A member is never deleted with points (their ledger entries restrict it), so insert and update
  -- suffice. A member at the root of the network has no ancestors to credit.
  insert into private.group_points_pending (path, period, points, sales)
  select m.path, new.period,
         new.personal_points - case when tg_op = 'UPDATE' then old.personal_points else 0 end,
         new.own_sales - case when tg_op = 'UPDATE' then old.own_sales else 0 end
    from public.clients m
   where m.id = new.client_id and extensions.nlevel(m.path) > 1;
  return null;
end
$$;
comment on function private.member_period_totals_queue_group_points() is
  'Disparador: anota el cambio de puntos personales y ventas propias de un miembro en un mes, con su ruta, como pendiente para toda su línea ascendente (group_points_pending).';

create trigger member_period_totals_group_points_insert
  after insert on private.member_period_totals
  for each row when (new.personal_points <> 0 or new.own_sales <> 0)
  execute function private.member_period_totals_queue_group_points();
create trigger member_period_totals_group_points_update
  after update of personal_points, own_sales on private.member_period_totals
  for each row when (new.personal_points <> old.personal_points or new.own_sales <> old.own_sales)
  execute function private.member_period_totals_queue_group_points();

-- The fold ----------------------------------------------------------------------------------------------
create or replace function private.fold_group_points(p_wait boolean default false) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_folded integer;
begin
  -- One folder at a time. pg_cron's run leaves the work to one already busy; the month close (p_wait)
  -- waits for it, so that every change of its month is folded when it reads the sums.
  if p_wait then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.group_points'));
  elsif not pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtext('savia.group_points')) then
    return 0;
  else
    -- Never wait holding the folder's lock (a close may be waiting for it): if the members' table is
    -- locked (a pgTAP fixture truncates it), the work is left for a later run.
    begin
      lock table public.clients in access share mode nowait;
    exception when lock_not_available then
      return 0;
    end;
  end if;
  -- Only rows committed before this statement are taken; an approval still in flight keeps its own
  -- rows pending for the next run. Each row is credited to every strict ancestor in its path.
  with taken as (
    delete from private.group_points_pending returning path, period, points, sales
  ), credited as (
    select a.member_no::bigint as member_no, t.period, sum(t.points) as points, sum(t.sales) as sales
      from taken t
     cross join lateral unnest((string_to_array(extensions.ltree2text(t.path), '.'))[:extensions.nlevel(t.path) - 1]) a(member_no)
     group by 1, 2
  ), folded as (
    insert into private.group_points as g (ancestor_id, period, points, sales)
    select c.id, x.period, x.points::integer, x.sales
      from credited x join public.clients c on c.member_no = x.member_no
     order by c.id, x.period
    on conflict (ancestor_id, period) do update set points = g.points + excluded.points, sales = g.sales + excluded.sales
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
comment on function private.fold_group_points(boolean) is
  'Consolida en group_points los puntos de grupo y ventas de la red pendientes (borrar y sumar en una sola sentencia) y descarta las sumas de meses ya cerrados. Una sola ejecución a la vez (bloqueo consultivo): la de pg_cron, cada minuto, se retira si otra está en marcha; la del cierre (p_wait) la espera. Devuelve cuántas sumas escribió.';

create or replace function private.rebuild_group_points() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.group_points'));
  -- Waits for the approvals in flight and holds new ones until commit: the sums below and the
  -- pending rows left after them then count every change exactly once. SHARE ROW EXCLUSIVE, not SHARE:
  -- a change of enroller (clients_move_group_points, which takes SHARE) waits too, or its pending rows
  -- would survive the delete below and its subtree be counted under both paths.
  lock table private.member_period_totals in share row exclusive mode;
  delete from private.group_points_pending p where p.period is not null;
  delete from private.group_points g where g.period is not null;
  insert into private.group_points (ancestor_id, period, points, sales)
  select c.id, x.period, x.points::integer, x.sales
    from (select a.member_no::bigint as member_no, t.period, sum(t.personal_points) as points, sum(t.own_sales) as sales
            from private.member_period_totals t
            join public.periods p on p.month = t.period and p.status = 'open'
            join public.clients m on m.id = t.client_id
           cross join lateral unnest((string_to_array(extensions.ltree2text(m.path), '.'))[:extensions.nlevel(m.path) - 1]) a(member_no)
           where t.personal_points <> 0 or t.own_sales <> 0
           group by 1, 2) x
    join public.clients c on c.member_no = x.member_no;
end
$$;
comment on function private.rebuild_group_points() is
  'Recalcula desde cero los puntos de grupo y las ventas de la red de los meses abiertos a partir de member_period_totals (carga masiva, reparación). Bloquea las aprobaciones mientras dura.';

create or replace function private.group_points_violations() returns table (ancestor_id uuid, period date, kept_points bigint, points bigint, kept_sales numeric, sales numeric)
language sql
stable
set search_path = ''
as $$
  -- The kept sums (folded plus pending) against the sums from scratch, for every open month.
  with kept as (
    select x.ancestor_id, x.period, sum(x.points) as points, sum(x.sales) as sales
      from (select g.ancestor_id, g.period, g.points, g.sales from private.group_points g
            union all
            select c.id, d.period, d.points, d.sales
              from private.group_points_pending d
             cross join lateral unnest((string_to_array(extensions.ltree2text(d.path), '.'))[:extensions.nlevel(d.path) - 1]) a(member_no)
              join public.clients c on c.member_no = a.member_no::bigint) x
      join public.periods p on p.month = x.period and p.status = 'open'
     group by 1, 2
    having sum(x.points) <> 0 or sum(x.sales) <> 0
  ), computed as (
    select c.id as ancestor_id, x.period, x.points, x.sales
      from (select a.member_no::bigint as member_no, t.period, sum(t.personal_points) as points, sum(t.own_sales) as sales
              from private.member_period_totals t
              join public.periods p on p.month = t.period and p.status = 'open'
              join public.clients m on m.id = t.client_id
             cross join lateral unnest((string_to_array(extensions.ltree2text(m.path), '.'))[:extensions.nlevel(m.path) - 1]) a(member_no)
             group by 1, 2
            having sum(t.personal_points) <> 0 or sum(t.own_sales) <> 0) x
      join public.clients c on c.member_no = x.member_no
  )
  select coalesce(k.ancestor_id, c.ancestor_id), coalesce(k.period, c.period), k.points, c.points, k.sales, c.sales
    from kept k full join computed c on c.ancestor_id = k.ancestor_id and c.period = k.period
   where (k.points, k.sales) is distinct from (c.points, c.sales)
$$;
comment on function private.group_points_violations() is
  'Miembros y meses abiertos cuyos puntos de grupo o ventas de la red guardados (consolidados más pendientes) difieren del cálculo desde cero: vacío si los disparadores no se saltaron nada.';

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
  -- Approvals in flight may have appended with the old paths: wait for them, and hold new ones (which
  -- will read the new path) until this move commits. Moves are rare and made by a superadmin.
  lock table private.member_period_totals in share mode;
  -- clients_path_cascade (it runs before this trigger, by name) has already moved the descendants'
  -- paths. The subtree's totals of each open month leave the old upline (credited negative with the
  -- old path) and reach the new one (the new path); the ancestors both share net to nothing at the fold.
  insert into private.group_points_pending (path, period, points, sales)
  select x.path, s.period, (x.sign * s.points)::integer, x.sign * s.sales
    from (select t.period, sum(t.personal_points) as points, sum(t.own_sales) as sales
            from public.clients c
            join private.member_period_totals t on t.client_id = c.id
            join public.periods p on p.month = t.period and p.status = 'open'
           where c.path operator(extensions.<@) new.path
           group by t.period) s
   cross join (values (old.path, -1), (new.path, 1)) x(path, sign)
   where (s.points <> 0 or s.sales <> 0) and extensions.nlevel(x.path) > 1;
  return null;
end
$$;
comment on function private.clients_move_group_points() is
  'Disparador: al cambiar el patrocinador de un miembro registrado, resta los puntos y ventas del mes abierto de toda su red (él incluido) a sus ancestros viejos y se los suma a los nuevos, como pendientes. Security definer: lo dispara el superadministrador, que no escribe en private.';

-- After clients_path_cascade (triggers of one event fire in name order).
create trigger clients_path_regroup
  after update of enroller_id on public.clients
  for each row when (old.path::text is distinct from new.path::text)
  execute function private.clients_move_group_points();

revoke all on function private.pending_group_points(bigint, date),
  private.member_period_totals_queue_group_points(), private.fold_group_points(boolean), private.rebuild_group_points(),
  private.group_points_violations(), private.clients_move_group_points() from public;

-- pg_cron folds every minute (as postgres, like the job runner).
select cron.schedule('savia-puntos-de-grupo', '* * * * *', 'select private.fold_group_points()');
