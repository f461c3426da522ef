-- «¿Por qué no cobró?» (20250701091000_reads_back_office.sql) and the enroller change
-- (20250701040000_members.sql).
--
-- The engine fixture's chain: Amparo ★5 ─ Bruno ★4 ─ Celia ★3 ─ Darío ★2 ─ Elena ★1 ─ Fabio ★1 ─ Gala ★1;
-- Olga ★1 alone. Té 33.33 (50 pts), Cúrcuma 20.00 (base 15.00, 30 pts), Lavanda 10.00 (500 pts).
-- A ★1 member is paid the 1st generation only (10 %): Gala's buys pay Fabio alone; Fabio's Cúrcuma pays
-- Elena 10 % (and the senior upline its own rates, which this story does not read).
--
-- March 2026, counted by hand:
--   Gala buys 1 Té (#1), 2 Té (#2) and 1 Té (#3, cancelled by staff after approval); Fabio buys 1 Cúrcuma.
--   Fabio earns 3.33 (#1), 6.67 (#2: 10 % of 66.66 = 6.666), 3.33 (#3, reversed on cancellation);
--   his personal points are 30 (the Cúrcuma) of 100, so the close forfeits 3.33 + 6.67 = 10.00.
--   Elena earns 1.50 on Fabio's Cúrcuma (10 % of 15.00) with 0 points: forfeited too.
--   Gala has 50 + 100 (+ 50 − 50) = 150 points and no income.
-- April (open): Gala buys 1 Té → Fabio 3.33 pending with 0 points (at risk), then Fabio buys 1 Lavanda.
begin;
\ir 50_engine_fixture.psql
select plan(44);

-- The folder of group points stays out until the rollback (as in 59_group_points).
select pg_advisory_xact_lock(hashtext('savia.group_points'));

create function engine_tests.why(p_key text, p_month date, p_as text default 'admin') returns jsonb language plpgsql as $$
begin
  perform engine_tests.act_as(p_as);
  return public.get_why_not_paid(engine_tests.id(p_key), p_month);
end
$$;

create function engine_tests.refusal(p_as text, p_sql text) returns text language plpgsql as $$
begin
  perform engine_tests.act_as(p_as);
  execute p_sql;
  return null;
exception when others then
  return sqlerrm;
end
$$;

-- March -------------------------------------------------------------------------------------------------
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('te', '1')));
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('te', '2')));
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as cancelled_sale \gset
select engine_tests.approve(:'cancelled_sale');
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('curcuma', '1')));
select engine_tests.act_as('admin');
select public.cancel_sale(:'cancelled_sale', 'El banco devolvió el pago');

select engine_tests.at('2026-03-25 10:00:00-05');
select is(engine_tests.why('fabio', '2026-03-01') ->> 'verdict', 'at_risk', 'marzo abierto: Fabio tiene 6,67 + 3,33 pendientes con 30 de 100 puntos: en riesgo');
select is((engine_tests.why('fabio', '2026-03-01') ->> 'pending')::numeric, 10.00, 'pendiente: 3,33 + 6,67 = 10,00 (la cancelada no cuenta)');

-- The close of March, in April.
select engine_tests.at('2026-04-02 09:00:00-05');
select is((engine_tests.close_month('2026-03-01')).status, 'done', 'marzo se cierra');
-- The threshold changes after the close: March is still judged by the plan of its close.
update public.metadata set activity_points = 120 where id = 'app_settings';

select engine_tests.why('fabio', '2026-03-01') as fabio_march \gset
select is(:'fabio_march'::jsonb ->> 'verdict', 'forfeited', 'Fabio no cobró marzo: anulado al cierre');
select is((:'fabio_march'::jsonb ->> 'personal_points')::integer, 30, 'sus puntos de marzo: 30 (la cúrcuma)');
select is((:'fabio_march'::jsonb ->> 'activity_points')::integer, 100, 'marzo se juzga con los 100 puntos del plan de su cierre, no con los 120 de hoy');
select is((:'fabio_march'::jsonb ->> 'points_missing')::integer, 70, 'le faltaron 70');
select is((:'fabio_march'::jsonb ->> 'is_active')::boolean, false, 'terminó marzo inactivo');
select is((:'fabio_march'::jsonb ->> 'earned')::numeric, 13.33, 'ganó 3,33 + 6,67 + 3,33 = 13,33');
select is((:'fabio_march'::jsonb ->> 'forfeited')::numeric, 10.00, 'anulado al cierre: 3,33 + 6,67 = 10,00');
select is((:'fabio_march'::jsonb ->> 'reversed')::numeric, 3.33, 'revertido por la venta cancelada: 3,33');
select is((:'fabio_march'::jsonb ->> 'available')::numeric, 0.00, 'disponible: nada');
select results_eq(
  format($$select e ->> 'state', (e ->> 'amount')::numeric from jsonb_array_elements(%L::jsonb -> 'entries') e$$, :'fabio_march'),
  $$values ('anulada', 3.33), ('anulada', 6.67), ('revertida', 3.33)$$,
  'cada comisión de marzo con su destino, en orden: anulada, anulada, revertida');
select matches((:'fabio_march'::jsonb -> 'entries' -> 0 -> 'reversal' ->> 'explanation'),
  '^Anulada al cierre de marzo de 2026: terminó el mes inactivo \(30 de 100 puntos personales\)\. Se anula: Comisión por compra de Gala Ortiz',
  'la anulación lleva la regla y la cifra que la causó, dicha al personal en tercera persona');
select is((:'fabio_march'::jsonb -> 'entries' -> 2 -> 'reversal' ->> 'cancellation_reason'), 'El banco devolvió el pago',
  'la revertida lleva el motivo de la cancelación');
select is((:'fabio_march'::jsonb -> 'entries' -> 2 ->> 'sale_status'), 'Cancelada', '… y su venta, cancelada');
select is((:'fabio_march'::jsonb -> 'entries' -> 2 ->> 'sale_id'), :'cancelled_sale', '… que es la venta #3 de Gala');
select results_eq(
  format($$select e ->> 'type', (e ->> 'points')::integer, e ->> 'state' from jsonb_array_elements(%L::jsonb -> 'point_lines') e$$, :'fabio_march'),
  $$values ('points_purchase', 30, 'vigente')$$,
  'los puntos de marzo salen de una venta: la cúrcuma, 30 puntos');
select is(engine_tests.why('elena', '2026-03-01') ->> 'forfeited', '1.50', 'Elena: 1,50 de la cúrcuma de Fabio, anulados (0 puntos)');
select is(engine_tests.why('gala', '2026-03-01') ->> 'verdict', 'no_income', 'Gala no tuvo comisiones en marzo');
select is(engine_tests.why('gala', '2026-03-01') ->> 'personal_points', '150', 'Gala: 50 + 100 + 50 − 50 = 150 puntos');
select results_eq(
  format($$select (e ->> 'points')::integer, e ->> 'state', e -> 'reversal' ->> 'points' from jsonb_array_elements(%L::jsonb -> 'point_lines') e$$,
         engine_tests.why('gala', '2026-03-01')),
  $$values (50, 'vigente', null), (100, 'vigente', null), (50, 'revertida', '-50')$$,
  'los puntos de Gala, venta por venta, con la cancelada revertida');

-- April, open: the threshold is today's plan (120) -----------------------------------------------------------
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('te', '1')));
select is(engine_tests.why('fabio', '2026-04-01') ->> 'verdict', 'at_risk', 'abril: 3,33 pendientes con 0 de 120 puntos: en riesgo');
select is((engine_tests.why('fabio', '2026-04-01') ->> 'activity_points')::integer, 120, 'abril se juzga con el plan de hoy: 120');
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')));
select is(engine_tests.why('fabio', '2026-04-01') ->> 'verdict', 'pending', 'con 500 puntos es activo: cobrará al cierre');

-- Who may ask ---------------------------------------------------------------------------------------------------
select is(engine_tests.refusal('gala', format($$select public.get_why_not_paid(%L, '2026-03-01')$$, engine_tests.id('gala'))),
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lo lee, ni el suyo');
select is(engine_tests.refusal('admin', format($$select public.get_why_not_paid(%L, '2026-05-01')$$, engine_tests.id('fabio'))),
  'El mes de mayo de 2026 aún no ha empezado.', 'un mes futuro se rechaza');

-- The enroller change: Elena (with Fabio and Gala) moves from Darío to Olga in April ------------------------------------
create temp table march_before as select * from private.member_period_totals where period = '2026-03-01';
create temp table ledger_before as select id from public.reward_transactions;

select is(engine_tests.refusal('admin', format($$select public.change_enroller(%L, %L, 'Pedido del miembro')$$, engine_tests.id('elena'), engine_tests.id('olga'))),
  'Solo un superadmin puede cambiar el enrolador de un miembro.', 'un admin no cambia el enrolador');
select is(engine_tests.refusal('gala', format($$select public.preview_enroller_change(%L, %L)$$, engine_tests.id('elena'), engine_tests.id('olga'))),
  'Solo un superadmin puede cambiar el enrolador de un miembro.', 'un miembro ni ve la vista previa');
select is(engine_tests.refusal('super', format($$select public.change_enroller(%L, %L, 'Pedido del miembro')$$, engine_tests.id('elena'), engine_tests.id('gala'))),
  'Elena Vega no puede quedar debajo de Gala Ortiz: Gala Ortiz está en su propia red y se formaría un ciclo.', 'un ciclo se rechaza');
select is(engine_tests.refusal('super', format($$select public.preview_enroller_change(%L, %L)$$, engine_tests.id('elena'), engine_tests.id('elena'))),
  'Elena Vega no puede ser su propio enrolador.', 'nadie es su propio enrolador');
select is(engine_tests.refusal('super', format($$select public.change_enroller(%L, %L, ' ')$$, engine_tests.id('elena'), engine_tests.id('olga'))),
  'Indica el motivo del cambio de enrolador (entre 3 y 500 caracteres).', 'sin motivo no hay cambio');

-- While a close runs, no move: the close computes its month from the paths the move rewrites.
update public.periods set close_started_at = now() where status = 'open'; -- a close's first step has run
select is(engine_tests.refusal('super', format($$select public.change_enroller(%L, %L, 'Pedido del miembro')$$, engine_tests.id('elena'), engine_tests.id('olga'))),
  'Hay un cierre de mes en marcha: cambia el enrolador cuando termine.', 'con un cierre en marcha no se mueve a nadie');
update public.periods set close_started_at = null where status = 'open';

select engine_tests.act_as('super');
select public.preview_enroller_change(engine_tests.id('elena'), engine_tests.id('olga')) as preview \gset
select results_eq(
  format($$select (%1$L::jsonb ->> 'moved_members')::integer,
                  (select string_agg(f ->> 'name', ', ') from jsonb_array_elements(%1$L::jsonb -> 'first_moved') f),
                  (select string_agg(u ->> 'name', ', ') from jsonb_array_elements(%1$L::jsonb -> 'old_upline') u),
                  (select string_agg(u ->> 'name', ', ') from jsonb_array_elements(%1$L::jsonb -> 'new_upline') u)$$, :'preview'),
  $$values (3, 'Elena Vega, Fabio Sanz, Gala Ortiz', 'Darío León, Celia Mora, Bruno Díaz, Amparo Ruiz', 'Olga Pardo')$$,
  'la vista previa: se mueven 3 (Elena y su red), la línea de antes y la de después');

select lives_ok(format($$select public.change_enroller(%L, %L, 'Se enroló con Olga; error de registro')$$, engine_tests.id('elena'), engine_tests.id('olga')),
  'el superadmin mueve a Elena bajo Olga');
select is((select count(*)::integer from public.clients c join engine_tests.ids i on i.id = c.id
            where c.enroller_id is not null
              and extensions.subpath(c.path, 0, extensions.nlevel(c.path) - 1)::text
                  <> (select p.path::text from public.clients p where p.id = c.enroller_id)), 0,
  'la ruta de cada miembro es la de su enrolador más su número');
select ok((select g.path <@ o.path from public.clients g, public.clients o where g.id = engine_tests.id('gala') and o.id = engine_tests.id('olga')),
  'Gala, nieta de Elena, quedó en la red de Olga');

-- April's group points follow the network; by hand: the subtree's April points are Gala 50 + Fabio 500 = 550.
create function engine_tests.april_group_wrong() returns table (name text, read integer, expected integer)
language plpgsql as $$
begin
  perform engine_tests.act_as('admin');
  return query
    select x.name, x.read, x.expected
      from (select m.name, g.group_points as read,
                   (select coalesce(sum(t.personal_points), 0)::integer
                      from public.clients c join private.member_period_totals t on t.client_id = c.id and t.period = '2026-04-01'
                     where c.path <@ m.path) as expected
              from public.clients m join engine_tests.ids i on i.id = m.id
             cross join lateral public.get_member_month(m.id, '2026-04-01') g) x
     where x.read is distinct from x.expected;
end
$$;
select is_empty($$select * from engine_tests.april_group_wrong()$$, 'los puntos de grupo de abril de todos son la suma de su red actual');
select results_eq(
  $$select (select g.group_points from public.get_member_month(engine_tests.id('olga'), '2026-04-01') g),
           (select g.group_points from public.get_member_month(engine_tests.id('dario'), '2026-04-01') g)$$,
  $$values (550, 0)$$, 'abril: Olga suma los 550 de la red de Elena; Darío los pierde');

-- Closed March stays as it was: its frozen figures and the ledger are untouched.
select is_empty($$(select * from private.member_period_totals where period = '2026-03-01' except select * from march_before)
                  union all (select * from march_before except select * from private.member_period_totals where period = '2026-03-01')$$,
  'marzo (cerrado) queda igual: actividad, puntos de grupo, ventas de la red y niveles congelados');
select is((select g.group_points from public.get_member_month(engine_tests.id('elena'), '2026-03-01') g), 180,
  'en marzo Elena sigue con los 180 puntos de grupo que congeló el cierre (0 suyos + 30 de Fabio + 150 de Gala)');
select is((select count(*)::integer from public.reward_transactions r where not exists (select 1 from ledger_before b where b.id = r.id)), 0,
  'el cambio no escribe nada en el libro');

-- The trail.
select results_eq(
  format($$select client_id, old_enroller_id, new_enroller_id, reason, moved_members, open_month, changed_by from public.enroller_changes$$),
  format($$values (%L::uuid, %L::uuid, %L::uuid, 'Se enroló con Olga; error de registro', 3, '2026-04-01'::date, %L::uuid)$$,
         engine_tests.id('elena'), engine_tests.id('dario'), engine_tests.id('olga'), (select user_id from engine_tests.ids where key = 'super')),
  'enroller_changes anota a quién, de quién a quién, el motivo, cuántos se movieron, el mes y quién');
select results_eq(
  $$select a.actor_id, a.action, a.old_values ->> 'enroller_id', a.new_values ->> 'enroller_id'
      from public.audit_logs a where a.table_name = 'clients' and a.action = 'UPDATE'
       and a.row_id in (select i.id::text from engine_tests.ids i where i.key in ('elena', 'fabio', 'gala'))
       and a.old_values ->> 'path' is distinct from a.new_values ->> 'path'$$,
  format($$values (%L::uuid, 'UPDATE', %L, %L)$$, (select user_id from engine_tests.ids where key = 'super'),
         engine_tests.id('dario'), engine_tests.id('olga')),
  'audit_logs: una fila, la de Elena, con el superadmin y el enrolador de antes y de después (no una por descendiente)');

select * from finish();
rollback;
