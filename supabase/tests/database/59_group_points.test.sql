-- Group points of the open month as Mi Cuenta reads them (20250701081000_kept_group_points.sql): kept by
-- a trigger that appends each change of personal points once, with the member's path (credited to every
-- ancestor in it), folded by a job, moved with a subtree when its enroller changes. The downline's sales
-- are kept beside them (the month close reads both): private.group_points_violations() compares both
-- with the sums from scratch at each step. At every step every member's figure from
-- get_member_month must equal the brute-force sum over their subtree, computed here from
-- member_period_totals and the paths; a few are also counted by hand, so the brute force is no echo.
--
-- The fixture's chain (Amparo ─ Bruno ─ Celia ─ Darío ─ Elena ─ Fabio ─ Gala; Olga alone) gains
-- branches: Hugo under Bruno with Inés under him, Juan under Celia.
-- Points: Té 50, Cúrcuma 30, Lavanda 500.
begin;
\ir 50_engine_fixture.psql
select plan(19);

do $$
declare
  v_id uuid;
begin
  insert into public.clients (name, email, enroller_id, enrollment_status, joined_at)
  values ('Hugo Paz', 'motor.hugo@tests.savia', engine_tests.id('bruno'), 'registered', private.engine_now()) returning id into v_id;
  insert into engine_tests.ids values ('hugo', v_id, engine_tests.user_for('motor.hugo@tests.savia'));
  insert into public.clients (name, email, enroller_id, enrollment_status, joined_at)
  values ('Inés Gil', 'motor.ines@tests.savia', v_id, 'registered', private.engine_now()) returning id into v_id;
  insert into engine_tests.ids values ('ines', v_id, engine_tests.user_for('motor.ines@tests.savia'));
  insert into public.clients (name, email, enroller_id, enrollment_status, joined_at)
  values ('Juan Soto', 'motor.juan@tests.savia', engine_tests.id('celia'), 'registered', private.engine_now()) returning id into v_id;
  insert into engine_tests.ids values ('juan', v_id, engine_tests.user_for('motor.juan@tests.savia'));
end
$$;

-- Every member whose group points as read differ from the brute-force sum over their subtree.
create function engine_tests.group_points_wrong() returns table (name text, read integer, expected integer)
language plpgsql as $$
begin
  perform engine_tests.act_as('admin');
  return query
    select x.name, x.read, x.expected
      from (select m.name, g.group_points as read,
                   (select coalesce(sum(t.personal_points), 0)::integer
                      from public.clients c join private.member_period_totals t on t.client_id = c.id and t.period = '2026-03-01'
                     where c.path <@ m.path) as expected
              from public.clients m cross join lateral public.get_member_month(m.id, '2026-03-01') g) x
     where x.read is distinct from x.expected;
end
$$;

create function engine_tests.group_of(p_key text) returns integer language plpgsql as $$
begin
  perform engine_tests.act_as('admin');
  return (select g.group_points from public.get_member_month(engine_tests.id(p_key), '2026-03-01') g);
end
$$;

-- The test's folds and rebuild must not meet the scheduled folder: wait for a run in progress and
-- keep it out until the rollback (the lock is the folder's own and is re-entrant).
select pg_advisory_xact_lock(hashtext('savia.group_points'));

-- March 10: approvals through the engine (the trigger appends them) -------------------------------------
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('lavanda', '1')));
select engine_tests.order_as('fabio', engine_tests.items('te', '2')) as fabio_sale \gset
select engine_tests.approve(:'fabio_sale');
select engine_tests.approve(engine_tests.order_as('ines', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('juan', engine_tests.items('curcuma', '1')));
select engine_tests.approve(engine_tests.order_as('hugo', engine_tests.items('te', '1')));
select engine_tests.approve(engine_tests.order_as('olga', engine_tests.items('te', '1')));

select is_empty($$select * from engine_tests.group_points_wrong()$$, 'tras las aprobaciones, los puntos de grupo de todos son la suma de su red');
select is(engine_tests.group_of('amparo'), 1180, 'Amparo: 500 + 100 + 500 + 30 + 50 = 1.180');
select results_eq($$select count(*)::integer, count(*) filter (where path ~ ('*.' || (select member_no from public.clients where id = engine_tests.id('amparo')) || '.*{1,}')::lquery)::integer
                      from private.group_points_pending p where p.period = '2026-03-01'$$,
  $$values (5, 5)$$,
  'cada aprobación con puntos deja una sola fila pendiente, con la ruta del comprador, que cuenta para Amparo (la de Olga, sin línea ascendente, ninguna)');
select is_empty($$select * from private.group_points_violations()$$, 'los puntos y las ventas de la red guardados igualan los calculados desde cero');

-- A cancellation after approval: a negative delta ------------------------------------------------------------
select engine_tests.act_as('admin');
select lives_ok(format($$select public.cancel_sale(%L, 'Pago devuelto por el banco')$$, :'fabio_sale'), 'se cancela el pedido pagado de Fabio');
select is_empty($$select * from engine_tests.group_points_wrong()$$, 'tras la cancelación, todos cuadran');
select is(engine_tests.group_of('amparo'), 1080, 'Amparo pierde los 100 puntos de Fabio: 1.080');

-- The fold: pending rows become sums, the figures do not move ----------------------------------------------
select ok(private.fold_group_points() > 0, 'el plegado escribe sumas');
select is((select count(*)::integer from private.group_points_pending p where p.period = '2026-03-01'), 0,
  'no queda nada pendiente del mes');
select is((select points from private.group_points where ancestor_id = engine_tests.id('amparo') and period = '2026-03-01'), 1080,
  'la suma plegada de Amparo es 1.080 (sin la cancelada)');
select is_empty($$select * from engine_tests.group_points_wrong()$$, 'tras el plegado, todos cuadran');

-- More approvals, left pending on top of the folded sums -----------------------------------------------------
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('te', '1')));
select engine_tests.approve(engine_tests.order_as('ines', engine_tests.items('te', '1')));
select engine_tests.approve(engine_tests.order_as('juan', engine_tests.items('lavanda', '1')));
select is_empty($$select * from engine_tests.group_points_wrong()$$, 'sumas plegadas más pendientes: todos cuadran');

-- Hugo (50) and Inés (550) move under Olga: 600 leave Amparo's line and reach Olga -------------------------------
select engine_tests.act_as('super');
update public.clients set enroller_id = engine_tests.id('olga') where id = engine_tests.id('hugo');
select engine_tests.approve(engine_tests.order_as('ines', engine_tests.items('te', '1')));
select is_empty($$select * from engine_tests.group_points_wrong()$$, 'tras el cambio de patrocinador y otra aprobación, todos cuadran');
select is_empty($$select * from private.group_points_violations()$$, 'también los puntos y las ventas de la red guardados');
select results_eq($$select engine_tests.group_of('amparo'), engine_tests.group_of('bruno'), engine_tests.group_of('olga'), engine_tests.group_of('hugo')$$,
  $$values (1080, 1080, 700, 650)$$,
  'Amparo y Bruno: 1.680 − 600 = 1.080; Olga: 50 + 50 + 600 = 700; Hugo: 50 + 600 = 650');

-- A second fold, then the rebuild from scratch (the bench's bulk load uses it) give the same figures ----------------
select private.fold_group_points();
select private.rebuild_group_points();
select is((select count(*)::integer from private.group_points_pending), 0, 'la reconstrucción no deja nada pendiente');
select is_empty($$select * from engine_tests.group_points_wrong()$$, 'tras reconstruir, todos cuadran');
select is((select sales from private.group_points where ancestor_id = engine_tests.id('olga') and period = '2026-03-01'),
  (select sum(t.own_sales) from private.member_period_totals t join public.clients c on c.id = t.client_id
    where t.period = '2026-03-01' and c.path <@ (select path from public.clients where id = engine_tests.id('olga'))
      and c.id <> engine_tests.id('olga')),
  'las ventas de la red de Olga son las compras de Hugo e Inés');
-- The check can fail: a sum tampered with is reported.
update private.group_points set sales = sales + 1 where ancestor_id = engine_tests.id('amparo') and period = '2026-03-01';
select is((select count(*)::integer from private.group_points_violations()), 1, 'una suma alterada se detecta');

select * from finish();
rollback;
