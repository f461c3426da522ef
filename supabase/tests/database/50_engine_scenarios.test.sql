-- The reward engine on a small fixed network (see 50_engine_fixture.psql), every expected ledger
-- entry computed by hand below. Plan v1 = DESIGN.md §5 defaults; activity = 100 points.
--
-- March 2026 (clock 2026-03-10):
--   s1 Fabio   1 × Té 33.33 (50 pts): Elena g1 10% → 3.333→3.33, Darío g2 5% → 1.6665→1.67 (half up),
--              Celia g3 4% → 1.3332→1.33, Bruno g4 3% → 0.9999→1.00, Amparo g5 2% → 0.6666→0.67
--   s2 Elena   3 × Té 99.99 (150 pts): Darío 10% 10.00, Celia 5% 5.00, Bruno 4% 4.00, Amparo 3% 3.00
--   s3 Celia   1 × Cúrcuma, base 15.00 (30 pts): Bruno 10% 1.50, Amparo 5% 0.75
--   s4 Gala    1 × Té (50 pts): only Fabio g1 3.33 (Elena ★1 has no g2, Darío ★2 no g3, ... Amparo is g6)
--   s5 Darío enrols Nora with the kit 100.00 (40 pts): Darío 40 pts, 20% → 20.00, starter bonus ★2 15.00
--   s6 Bruno   2 × Té 66.66 (100 pts): Amparo 10% 6.666→6.67; cancelled the same month: −100 pts, −6.67
--   s7 Elena   3 × Cúrcuma, ordered while 3 remain; s3 takes one: approval refused (2 left), then rejected
--   s8 Amparo  2 × Lavanda 20.00 (1000 pts): points only (root)
--   plan v2: ★1 commission rates become {0.12}
--   s9 Fabio   2 × Lavanda 20.00 (1000 pts): Elena 12% 2.40 (v2), Darío 5% 1.00, Celia 4% 0.80, Bruno 3% 0.60, Amparo 2% 0.40
--   s10 Gala   pending, cancelled by Gala;  s11 Fabio 1 × Té pending across the month end
-- Personal points: Amparo 1000, Bruno 0, Celia 30, Darío 40, Elena 150, Fabio 1050, Gala 50.
-- Close of March (2026-04-01): inactive Bruno, Celia, Darío, Gala forfeit every commission/bonus:
--   Bruno 1.00, 4.00, 1.50, 0.60; Celia 1.33, 5.00, 0.80; Darío 1.67, 10.00, 20.00, 15.00, 1.00 → 12, 61.90
--   Amparo volume bonus: 5% × (Celia 15.00 + Elena 99.99 + Fabio 53.33 + Gala 33.33 = 201.65) = 10.0825 → 10.08
--   Level ups: Elena (150 own, 1250 group) and Fabio (1050 own, 1100 group) → ★2
--   Available: Amparo 0.67+3.00+0.75+6.67−6.67+0.40+10.08 = 14.90, Elena 3.33+2.40 = 5.73, Fabio 3.33
-- April (clock 2026-04-02): s11 approved into April (Elena now ★2: 10% 3.33); s2 delivered then
--   cancelled → clawback: Elena −150 pts and Amparo −3.00 in March (the forfeited ones are skipped);
--   Amparo available 11.90; payouts.
begin;
\ir 50_engine_fixture.psql
select plan(130);

select engine_tests.at('2026-03-10 10:00:00-05');

-- s1: an order, its preview, its approval ------------------------------------------------------------
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s1 \gset
select (select sale_no from public.sales where id = :'s1') as s1_no \gset
select results_eq(format($$select status, total::numeric, commissionable_total::numeric, points_total from public.sales where id = %L$$, :'s1'),
  $$values ('Pendiente de Aprobación'::text, 33.33::numeric, 33.33::numeric, 50)$$, 's1 nace pendiente con sus totales');
select is((select count(*)::integer from public.reward_transactions where source_sale_id = :'s1'), 0, 'un pedido pendiente no escribe recompensas');
select is((select stock from public.products where id = engine_tests.id('te')), 100, 'ni descuenta stock');

select engine_tests.act_as('admin');
select results_eq(format($$select c.name, p.type, p.amount::numeric, p.points, p.generation::integer
                             from public.preview_sale_rewards(%L) p join public.clients c on c.id = p.beneficiary_id
                            order by p.generation nulls first$$, :'s1'),
  $$values ('Fabio Sanz', 'points_purchase', 0::numeric, 50, null::integer),
           ('Elena Vega', 'commission_purchase', 3.33, 0, 1), ('Darío León', 'commission_purchase', 1.67, 0, 2),
           ('Celia Mora', 'commission_purchase', 1.33, 0, 3), ('Bruno Díaz', 'commission_purchase', 1.00, 0, 4),
           ('Amparo Ruiz', 'commission_purchase', 0.67, 0, 5)$$,
  'la vista previa de s1: puntos al comprador y una comisión por generación, redondeo al centavo');
select is((select count(*)::integer from public.reward_transactions), 0, 'la vista previa no escribe nada');

select engine_tests.act_as('admin');
select public.approve_sale(:'s1') ->> 'status' as approved \gset
select is(:'approved'::text, 'Pagada', 'aprobar s1 la deja Pagada');
select results_eq(format($$select beneficiary, type, amount, points, generation, plan_version from engine_tests.ledger
                            where source_sale_id = %L order by generation nulls first$$, :'s1'),
  format($$values ('Fabio Sanz', 'points_purchase', 0::numeric, 50, null::integer, %1$s),
           ('Elena Vega', 'commission_purchase', 3.33, 0, 1, %1$s), ('Darío León', 'commission_purchase', 1.67, 0, 2, %1$s),
           ('Celia Mora', 'commission_purchase', 1.33, 0, 3, %1$s), ('Bruno Díaz', 'commission_purchase', 1.00, 0, 4, %1$s),
           ('Amparo Ruiz', 'commission_purchase', 0.67, 0, 5, %1$s)$$, private.current_plan_version()),
  'el libro de s1 es exactamente la vista previa, con la versión del plan');
select plan_version as v1 from engine_tests.ledger where source_sale_id = :'s1' limit 1 \gset
select throws_ok(format('select public.approve_sale(%L)', :'s1'), 'P0001',
  format('La venta #%s está «Pagada»: solo se aprueba una venta pendiente.', :'s1_no'), 'aprobar dos veces se rechaza');
select is((select count(*)::integer from public.reward_transactions), 6, 'y no escribe nada más');
select is((select stock from public.products where id = engine_tests.id('te')), 99, 'la aprobación descuenta el stock');
select results_eq(format($$select kind, quantity from public.stock_movements where sale_id = %L$$, :'s1'),
  $$values ('sale'::text, -1)$$, 'con un movimiento de venta');
select matches((select rule from engine_tests.ledger l join public.reward_transactions r using (id)
                 where l.source_sale_id = :'s1' and l.generation = 2),
  format('^Comisión por compra de Fabio Sanz \(venta #\d+\), generación 2 con Estrella 2: 5%% de US\$%s33,33 = US\$%s1,67\.$', chr(160), chr(160)),
  'cada asiento explica su cálculo');

-- s2–s4: an order at each depth -------------------------------------------------------------------------
select engine_tests.order_as('elena', engine_tests.items('te', '3')) as s2 \gset
select engine_tests.approve(:'s2');
select results_eq(format($$select beneficiary, type, amount, points, generation from engine_tests.ledger
                            where source_sale_id = %L order by generation nulls first$$, :'s2'),
  $$values ('Elena Vega', 'points_purchase', 0::numeric, 150, null::integer),
           ('Darío León', 'commission_purchase', 10.00, 0, 1), ('Celia Mora', 'commission_purchase', 5.00, 0, 2),
           ('Bruno Díaz', 'commission_purchase', 4.00, 0, 3), ('Amparo Ruiz', 'commission_purchase', 3.00, 0, 4)$$,
  's2 (Elena, 99.99): cuatro generaciones por encima');

select engine_tests.order_as('celia', engine_tests.items('curcuma', '1')) as s3 \gset
-- s7 is ordered while 3 capsules remain; s3's approval leaves 2 (see s7 below).
select engine_tests.order_as('elena', engine_tests.items('curcuma', '3')) as s7 \gset
select engine_tests.approve(:'s3');
select results_eq(format($$select beneficiary, type, amount, points, generation from engine_tests.ledger
                            where source_sale_id = %L order by generation nulls first$$, :'s3'),
  $$values ('Celia Mora', 'points_purchase', 0::numeric, 30, null::integer),
           ('Bruno Díaz', 'commission_purchase', 1.50, 0, 1), ('Amparo Ruiz', 'commission_purchase', 0.75, 0, 2)$$,
  's3 (Celia): la base es el importe comisionable (15.00), no el precio');

select engine_tests.order_as('gala', engine_tests.items('te', '1')) as s4 \gset
select engine_tests.approve(:'s4');
select results_eq(format($$select beneficiary, type, amount, points, generation from engine_tests.ledger
                            where source_sale_id = %L order by generation nulls first$$, :'s4'),
  $$values ('Gala Ortiz', 'points_purchase', 0::numeric, 50, null::integer),
           ('Fabio Sanz', 'commission_purchase', 3.33, 0, 1)$$,
  's4 (Gala): solo cobra quien tiene tasa para esa generación en su nivel');

-- s5: an enrolment --------------------------------------------------------------------------------------
select engine_tests.act_as('dario');
select (public.enrol_member('Nora Gil', 'Motor.Nora@Tests.Savia', engine_tests.id('kit'), '+57 300 555 0101')).id as s5 \gset
select results_eq(format($$select s.status, s.kind, c.enrollment_status, c.email, e.name
                             from public.sales s join public.clients c on c.id = s.client_id join public.clients e on e.id = c.enroller_id
                            where s.id = %L$$, :'s5'),
  $$values ('Pendiente de Enrolamiento'::text, 'enrollment'::text, 'pending'::text, 'motor.nora@tests.savia'::text, 'Darío León'::text)$$,
  'el enrolamiento crea a la persona pendiente bajo quien la enrola');
select throws_ok($$select public.enrol_member('Otra Nora', 'motor.nora@tests.savia', engine_tests.id('kit'))$$, 'P0001',
  'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.',
  'no se enrola dos veces el mismo correo');
select engine_tests.approve(:'s5');
select results_eq(format($$select beneficiary, type, amount, points from engine_tests.ledger where source_sale_id = %L order by id$$, :'s5'),
  $$values ('Darío León', 'points_enroller', 0::numeric, 40), ('Darío León', 'commission_enrollment', 20.00, 0),
           ('Darío León', 'bonus_starter', 15.00, 0)$$,
  'el enrolamiento paga al patrocinador: puntos del kit, 20 % del kit y el bono de inicio de su nivel');
select results_eq(format($$select c.enrollment_status, c.joined_at is not null from public.sales s join public.clients c on c.id = s.client_id where s.id = %L$$, :'s5'),
  $$values ('registered'::text, true)$$, 'y registra a la persona');
select is((select stock from public.products where id = engine_tests.id('kit')), 9, 'el kit sale del stock');

-- s6: a cancellation in the same month nets everything to zero -------------------------------------------
select engine_tests.order_as('bruno', engine_tests.items('te', '2')) as s6 \gset
select engine_tests.approve(:'s6');
select is((select is_active from public.clients where id = engine_tests.id('bruno')), true, 'Bruno llega a 100 puntos: activo');
select results_eq(format($$select beneficiary, type, amount, points from engine_tests.ledger where source_sale_id = %L order by id$$, :'s6'),
  $$values ('Bruno Díaz', 'points_purchase', 0::numeric, 100), ('Amparo Ruiz', 'commission_purchase', 6.67, 0)$$, 's6 aprobada');
select engine_tests.act_as('admin');
select (public.cancel_sale(:'s6', 'El cliente devolvió el pedido')) ->> 'reversals' as s6_rev \gset
select is(:'s6_rev'::text, '2', 'cancelar s6 escribe dos reversos');
select results_eq(format($$select beneficiary, type, amount, points from engine_tests.ledger
                            where source_sale_id = %L and reverses_id is not null order by id$$, :'s6'),
  $$values ('Bruno Díaz', 'reversal_points', 0::numeric, -100), ('Amparo Ruiz', 'reversal_commission', -6.67, 0)$$,
  'cada asiento positivo se revierte una vez');
select results_eq(format($$select sum(amount), sum(points)::integer from engine_tests.ledger where source_sale_id = %L$$, :'s6'),
  $$values (0::numeric, 0)$$, 'la venta cancelada suma cero');
select is((select stock from public.products where id = engine_tests.id('te')), 95, 'el stock vuelve: 100 − 1 − 3 − 1 − 2 + 2 = 95');
select is((select is_active from public.clients where id = engine_tests.id('bruno')), false, 'Bruno vuelve a inactivo');
select throws_ok(format('select public.cancel_sale(%L, %L)', :'s6', 'otra vez'), 'P0001',
  format('La venta #%s ya está «Cancelada».', (select sale_no from public.sales where id = :'s6')), 'cancelar dos veces se rechaza');
select is((select count(*)::integer from public.reward_transactions where source_sale_id = :'s6'), 4, 'y no revierte dos veces');

-- s7: stock running out between the order and its approval --------------------------------------------------
select engine_tests.act_as('admin');
select throws_ok(format('select public.approve_sale(%L)', :'s7'), 'P0001',
  'Stock insuficiente de «Cápsulas de cúrcuma»: hay 2 y la venta necesita 3.', 'sin stock la aprobación se rechaza');
select results_eq(format($$select s.status, (select count(*)::integer from public.reward_transactions where source_sale_id = s.id),
                                  (select stock from public.products where id = %L)
                             from public.sales s where s.id = %L$$, engine_tests.id('curcuma'), :'s7'),
  $$values ('Pendiente de Aprobación'::text, 0, 2)$$, 'y no cambia nada: sigue pendiente, sin asientos, stock intacto');
select throws_ok(format('select public.reject_sale(%L, %L)', :'s7', ''), 'P0001',
  'Indica el motivo del rechazo (entre 3 y 500 caracteres).', 'rechazar exige motivo');
select is(public.reject_sale(:'s7', 'Sin stock de cúrcuma') ->> 'status', 'Rechazado', 'se rechaza con motivo');
select throws_ok(format('select public.approve_sale(%L)', :'s7'), 'P0001',
  format('La venta #%s está «Rechazado»: solo se aprueba una venta pendiente.', (select sale_no from public.sales where id = :'s7')),
  'una venta rechazada no se aprueba');
select throws_ok(format('select public.deliver_sale(%L)', :'s7'), 'P0001',
  format('La venta #%s está «Rechazado»: solo se entrega una venta Pagada.', (select sale_no from public.sales where id = :'s7')),
  'ni se entrega');
select throws_ok(format('select public.cancel_sale(%L, %L)', :'s7', 'por si acaso'), 'P0001',
  format('La venta #%s ya está «Rechazado».', (select sale_no from public.sales where id = :'s7')), 'ni se cancela');

-- s8, plan v2, s9: a change of plan between two sales -----------------------------------------------------
select engine_tests.order_as('amparo', engine_tests.items('lavanda', '2')) as s8 \gset
select engine_tests.approve(:'s8');
select results_eq(format($$select beneficiary, type, points from engine_tests.ledger where source_sale_id = %L$$, :'s8'),
  $$values ('Amparo Ruiz', 'points_purchase', 1000)$$, 'la raíz solo recibe sus puntos');
update public.star_level_configs set commission_rates = '{0.12}' where level = 1;
select private.current_plan_version() as v2 \gset
select cmp_ok(:v2, '>', :v1, 'cambiar el plan crea una versión nueva');
select engine_tests.order_as('fabio', engine_tests.items('lavanda', '2')) as s9 \gset
select engine_tests.approve(:'s9');
select results_eq(format($$select beneficiary, type, amount, points, generation, plan_version from engine_tests.ledger
                            where source_sale_id = %L order by generation nulls first$$, :'s9'),
  format($$values ('Fabio Sanz', 'points_purchase', 0::numeric, 1000, null::integer, %1$s),
           ('Elena Vega', 'commission_purchase', 2.40, 0, 1, %1$s), ('Darío León', 'commission_purchase', 1.00, 0, 2, %1$s),
           ('Celia Mora', 'commission_purchase', 0.80, 0, 3, %1$s), ('Bruno Díaz', 'commission_purchase', 0.60, 0, 4, %1$s),
           ('Amparo Ruiz', 'commission_purchase', 0.40, 0, 5, %1$s)$$, :v2),
  's9 usa el plan v2: Elena (★1) cobra 12 %');
select results_eq(format($$select amount, plan_version from engine_tests.ledger where source_sale_id = %L and beneficiary = 'Elena Vega'$$, :'s1'),
  format($$values (3.33::numeric, %s)$$, :v1), 'y el asiento de s1 conserva su 10 % y su versión');

-- s10, s11: member cancellations and an order left pending ---------------------------------------------------
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as s10 \gset
select engine_tests.act_as('fabio');
select throws_ok(format('select public.cancel_sale(%L)', :'s10'), 'P0001', 'Esta venta no es tuya.', 'un miembro no cancela el pedido de otro');
select engine_tests.act_as('gala');
select is(public.cancel_sale(:'s10') ->> 'reversals', '0', 'el miembro cancela su pedido pendiente: nada que revertir');
select throws_ok(format('select public.cancel_sale(%L)', :'s4'), 'P0001',
  format('Tu pedido #%s está «Pagada»: solo puedes cancelar un pedido pendiente.', (select sale_no from public.sales where id = :'s4')),
  'ni uno ya pagado');
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s11 \gset

select results_eq($$select name, is_active from public.clients where email like 'motor.%' and name <> 'Nora Gil' and name <> 'Olga Pardo' order by name$$,
  $$values ('Amparo Ruiz'::text, true), ('Bruno Díaz', false), ('Celia Mora', false), ('Darío León', false),
           ('Elena Vega', true), ('Fabio Sanz', true), ('Gala Ortiz', false)$$,
  'actividad del mes: 100 puntos personales o más');
select engine_tests.act_as('super');
select throws_ok($$select public.request_period_close('2026-03-01')$$, 'P0001',
  'El mes de marzo de 2026 aún no ha terminado: se puede cerrar desde el 1 de abril de 2026.', 'no se cierra un mes en curso');

-- Close of March -------------------------------------------------------------------------------------------------
select engine_tests.at('2026-04-01 08:00:00-05');
select results_eq($$select p.action, c.name, p.amount::numeric, p.level_from::integer, p.level_to::integer
                      from private.period_close_actions('2026-03-01', (select v.plan from private.plan() v)) p
                      join public.clients c on c.id = p.client_id order by p.action, c.name, p.amount$$,
  $$values ('bonus_volume'::text, 'Amparo Ruiz'::text, 10.08::numeric, 5, 5),
           ('forfeit', 'Bruno Díaz', -4.00, 4, 4), ('forfeit', 'Bruno Díaz', -1.50, 4, 4), ('forfeit', 'Bruno Díaz', -1.00, 4, 4),
           ('forfeit', 'Bruno Díaz', -0.60, 4, 4),
           ('forfeit', 'Celia Mora', -5.00, 3, 3), ('forfeit', 'Celia Mora', -1.33, 3, 3), ('forfeit', 'Celia Mora', -0.80, 3, 3),
           ('forfeit', 'Darío León', -20.00, 2, 2), ('forfeit', 'Darío León', -15.00, 2, 2), ('forfeit', 'Darío León', -10.00, 2, 2),
           ('forfeit', 'Darío León', -1.67, 2, 2), ('forfeit', 'Darío León', -1.00, 2, 2),
           ('level_up', 'Elena Vega', null, 1, 2), ('level_up', 'Fabio Sanz', null, 1, 2)$$,
  'vista previa del cierre: anulaciones de los inactivos, bono de volumen de Amparo y dos subidas de nivel');
select engine_tests.act_as('admin');
select throws_ok($$select public.request_period_close('2026-03-01')$$, 'P0001',
  'Solo un superadmin (o el cierre programado) puede cerrar un mes.', 'un admin no cierra el mes');
select (engine_tests.close_month('2026-03-01')).summary as closing \gset
select results_eq(format($$select (j ->> 'forfeits')::integer, (j ->> 'forfeited_amount')::numeric, (j ->> 'volume_bonuses')::integer,
                                  (j ->> 'volume_bonus_amount')::numeric, (j ->> 'level_ups')::integer, (j ->> 'already_closed')::boolean
                             from (select %L::jsonb as j) x$$, :'closing'),
  $$values (12, 61.90::numeric, 1, 10.08::numeric, 2, false)$$, 'el cierre: 12 anulaciones por 61.90, un bono de 10.08, dos subidas');
select results_eq($$select l.beneficiary, l.amount from engine_tests.ledger l join public.reward_transactions r using (id)
                     where r.reason = 'Beneficiario inactivo al cierre del mes' order by l.beneficiary, l.amount$$,
  $$values ('Bruno Díaz'::text, -4.00::numeric), ('Bruno Díaz', -1.50), ('Bruno Díaz', -1.00), ('Bruno Díaz', -0.60),
           ('Celia Mora', -5.00), ('Celia Mora', -1.33), ('Celia Mora', -0.80),
           ('Darío León', -20.00), ('Darío León', -15.00), ('Darío León', -10.00), ('Darío León', -1.67), ('Darío León', -1.00)$$,
  'el libro recibe exactamente las anulaciones de la vista previa');
select results_eq($$select beneficiary, type, amount, plan_version, period_month from engine_tests.ledger where type = 'bonus_volume'$$,
  format($$values ('Amparo Ruiz'::text, 'bonus_volume'::text, 10.08::numeric, %s, '2026-03-01'::date)$$, :v2),
  'bono de volumen: 5 % de 201.65 de la red de Amparo, con la versión vigente');
select matches((select rule from public.reward_transactions where type = 'bonus_volume'),
  format('5%% de US\$%s201,65 en ventas de tu red = US\$%s10,08', chr(160), chr(160)), 'el bono explica su base');
select results_eq($$select name, star_level::integer, is_active from public.clients where name in ('Elena Vega', 'Fabio Sanz', 'Amparo Ruiz') order by name$$,
  $$values ('Amparo Ruiz'::text, 5, false), ('Elena Vega', 2, false), ('Fabio Sanz', 2, false)$$,
  'Elena y Fabio suben a ★2 y el mes nuevo empieza con todos inactivos');
select count(*) as ledger_after_close from public.reward_transactions \gset
select is(public.request_period_close('2026-03-01') -> 'summary', :'closing'::jsonb, 'pedir otra vez el cierre devuelve el mismo trabajo, con su resumen');
select is((select count(*) from public.reward_transactions), :ledger_after_close::bigint, 'y no escribe nada');

select engine_tests.act_as('amparo');
select results_eq($$select available::numeric, pending::numeric, paid::numeric from public.get_balance()$$,
  $$values (14.90::numeric, 0::numeric, 0::numeric)$$, 'saldo de Amparo tras el cierre: 14.90 disponible');
select engine_tests.act_as('elena');
select results_eq($$select available::numeric, pending::numeric from public.get_balance()$$, $$values (5.73::numeric, 0::numeric)$$, 'Elena: 5.73');
select engine_tests.act_as('dario');
select results_eq($$select available::numeric, pending::numeric from public.get_balance()$$, $$values (0::numeric, 0::numeric)$$, 'Darío lo perdió todo por inactivo');

-- April: a March order approved now, a clawback in a closed month ----------------------------------------------------
select engine_tests.at('2026-04-02 10:00:00-05');
select engine_tests.approve(:'s11');
select results_eq(format($$select beneficiary, type, amount, points, generation, period_month from engine_tests.ledger
                            where source_sale_id = %L order by generation nulls first$$, :'s11'),
  $$values ('Fabio Sanz', 'points_purchase', 0::numeric, 50, null::integer, '2026-04-01'::date),
           ('Elena Vega', 'commission_purchase', 3.33, 0, 1, '2026-04-01'), ('Darío León', 'commission_purchase', 1.67, 0, 2, '2026-04-01'),
           ('Celia Mora', 'commission_purchase', 1.33, 0, 3, '2026-04-01'), ('Bruno Díaz', 'commission_purchase', 1.00, 0, 4, '2026-04-01'),
           ('Amparo Ruiz', 'commission_purchase', 0.67, 0, 5, '2026-04-01')$$,
  'un pedido de marzo aprobado en abril es de abril, con los niveles nuevos (Elena ★2: 10 %)');
select engine_tests.act_as('elena');
select results_eq($$select available::numeric, pending::numeric from public.get_balance()$$, $$values (5.73::numeric, 3.33::numeric)$$, 'lo de abril queda pendiente');

select engine_tests.act_as('admin');
select is(public.deliver_sale(:'s2') ->> 'status', 'Entregada', 's2 se entrega');
select throws_ok(format('select public.deliver_sale(%L)', :'s2'), 'P0001',
  format('La venta #%s está «Entregada»: solo se entrega una venta Pagada.', (select sale_no from public.sales where id = :'s2')), 'no se entrega dos veces');
select throws_ok(format('select public.cancel_sale(%L)', :'s2'), 'P0001',
  'Indica el motivo de la cancelación (entre 3 y 500 caracteres).', 'el personal cancela con motivo');
select is(public.cancel_sale(:'s2', 'Producto defectuoso') ->> 'reversals', '2', 'cancelar s2 tras el cierre: dos reversos');
select results_eq(format($$select beneficiary, type, amount, points, period_month from engine_tests.ledger
                            where source_sale_id = %L and reverses_id is not null order by beneficiary$$, :'s2'),
  $$values ('Amparo Ruiz', 'reversal_commission', -3.00::numeric, 0, '2026-03-01'::date),
           ('Bruno Díaz', 'reversal_commission', -4.00, 0, '2026-03-01'), ('Celia Mora', 'reversal_commission', -5.00, 0, '2026-03-01'),
           ('Darío León', 'reversal_commission', -10.00, 0, '2026-03-01'), ('Elena Vega', 'reversal_points', 0, -150, '2026-03-01')$$,
  'las anuladas al cierre no se revierten otra vez; Elena y Amparo se revierten en marzo');
select results_eq(format($$select sum(amount), sum(points)::integer from engine_tests.ledger where source_sale_id = %L$$, :'s2'),
  $$values (0::numeric, 0)$$, 's2 cancelada suma cero');
select engine_tests.act_as('amparo');
select results_eq($$select available::numeric, pending::numeric from public.get_balance()$$, $$values (11.90::numeric, 0.67::numeric)$$,
  'el reembolso baja el disponible de Amparo a 11.90');
select results_eq(format($$select state, amount from public.get_ledger() where source_sale_id = %L order by id$$, :'s2'),
  $$values ('revertido'::text, 3.00::numeric), ('reverso', -3.00)$$, 'Amparo ve el asiento revertido y su reverso');

-- Payouts ------------------------------------------------------------------------------------------------------------
update public.metadata set min_payout = 5 where id = 'app_settings';
select engine_tests.act_as('amparo');
select throws_ok($$select public.request_payout(12.00)$$, 'P0001',
  format('El importe solicitado (US$%s12,00) supera tu saldo disponible (US$%s11,90).', chr(160), chr(160)), 'no se pide más que el disponible');
select throws_ok($$select public.request_payout(4.00)$$, 'P0001', format('El retiro mínimo es de US$%s5,00.', chr(160)), 'ni menos que el mínimo');
select throws_ok($$select public.request_payout(0)$$, 'P0001', 'El importe del retiro debe ser mayor que cero.', 'ni cero');
select throws_ok($$select public.request_payout(-5)$$, 'P0001', 'El importe del retiro debe ser mayor que cero.', 'ni negativo');
select throws_ok($$select public.request_payout(5.555)$$, 'P0001', 'El importe del retiro no puede tener más de dos decimales.', 'ni con fracciones de centavo');
select public.request_payout(10.00, 'Cuenta de ahorros 123', 'bbbbbbbb-0000-4000-8000-000000000001') as p1 \gset
select (:'p1'::public.payout_requests).id as p1_id \gset
select is((public.request_payout(10.00, 'Cuenta de ahorros 123', 'bbbbbbbb-0000-4000-8000-000000000001')).id, :'p1_id'::uuid,
  'el mismo intento otra vez (su respuesta se perdió) devuelve la solicitud que ya hizo: no reserva dos veces');
select results_eq($$select available::numeric, reserved::numeric from public.get_balance()$$, $$values (1.90::numeric, 10.00::numeric)$$,
  'lo pedido queda reservado');
select engine_tests.act_as('olga');
select throws_ok($$select public.request_payout(5)$$, 'P0001',
  format('El importe solicitado (US$%s5,00) supera tu saldo disponible (US$%s0,00).', chr(160), chr(160)), 'sin saldo no hay retiro');
select engine_tests.act_as('admin');
select throws_ok(format('select public.pay_payout(%L, %L)', :'p1_id', 'TRX-1'), 'P0001',
  'La solicitud de cobro está pendiente: solo se paga una aprobada.', 'no se paga sin aprobar');
select is((public.approve_payout(:'p1_id')).status, 'approved', 'se aprueba');
select throws_ok(format('select public.approve_payout(%L)', :'p1_id'), 'P0001',
  'La solicitud de cobro está aprobada: solo se aprueba una pendiente.', 'no se aprueba dos veces');
select throws_ok(format('select public.pay_payout(%L, %L)', :'p1_id', ' '), 'P0001',
  'Indica la referencia del pago (hasta 120 caracteres).', 'pagar exige referencia');
select is((public.pay_payout(:'p1_id', 'TRX-1')).status, 'paid', 'se paga con referencia');
select throws_ok(format('select public.pay_payout(%L, %L)', :'p1_id', 'TRX-2'), 'P0001',
  'La solicitud de cobro está pagada: solo se paga una aprobada.', 'pagar dos veces se rechaza');
select throws_ok(format('select public.reject_payout(%L, %L)', :'p1_id', 'tarde'), 'P0001',
  'La solicitud de cobro está pagada: ya no se puede rechazar.', 'ni se rechaza una pagada');
update public.metadata set min_payout = 1 where id = 'app_settings';
select engine_tests.act_as('amparo');
select (public.request_payout(1.90)).id as p2_id \gset
select engine_tests.act_as('admin');
select is((public.reject_payout(:'p2_id', 'Datos bancarios incompletos')).status, 'rejected', 'un retiro se rechaza con motivo');
select engine_tests.act_as('amparo');
select results_eq($$select available::numeric, reserved::numeric, paid::numeric from public.get_balance()$$,
  $$values (1.90::numeric, 0::numeric, 10.00::numeric)$$, 'el rechazado vuelve al disponible; el pagado cuenta como pagado');

-- A sale cancelled after the request claws its commissions back: the request is no longer covered by
-- the closed months, and is neither approved nor put in a bank file (the company would pay out money
-- the ledger took back). Amparo's 1.90 is approved first; Elena asks for her 5.73; then s1 is cancelled
-- (Elena −3.33 and Amparo −0.67 in March).
select (public.request_payout(1.90)).id as p3_id \gset
select engine_tests.act_as('elena');
select (public.request_payout(5.73)).id as p4_id \gset
select engine_tests.act_as('admin');
select is((public.approve_payout(:'p3_id')).status, 'approved', 'lo que sus meses cerrados cubren se aprueba');
select lives_ok(format('select public.cancel_sale(%L, %L)', :'s1', 'Devolución del cliente'), 's1 se cancela en abril: sus comisiones de marzo se revierten');
select throws_ok(format('select public.approve_payout(%L)', :'p4_id'), 'P0001',
  format('El saldo de Elena Vega ya no cubre la solicitud %s: sus ingresos de meses cerrados son US$%s2,40 y lo pagado o aprobado con ella suma US$%s5,73. '
         'Pasa cuando se cancela una venta que le dio comisiones después de pedir el retiro: recházala o espera a que su saldo vuelva a cubrirla.',
         (select private.payout_reference(number) from public.payout_requests where id = :'p4_id'), chr(160), chr(160)),
  'un retiro que la cancelación dejó sin cubrir no se aprueba');
select is((select status from public.payout_requests where id = :'p4_id'), 'pending', 'y sigue pendiente, para rechazarlo o esperar');
select throws_ok(format('select public.export_payout_file(array[%L]::uuid[], %L)', :'p3_id', 'csv'), 'P0001',
  format('El saldo de Amparo Ruiz ya no cubre la solicitud %s: sus ingresos de meses cerrados son US$%s11,23 y lo pagado o aprobado con ella suma US$%s11,90. '
         'Pasa cuando se cancela una venta que le dio comisiones después de pedir el retiro: recházala o espera a que su saldo vuelva a cubrirla.',
         (select private.payout_reference(number) from public.payout_requests where id = :'p3_id'), chr(160), chr(160)),
  'ni uno ya aprobado va al archivo del banco');

-- Refusals: roles, ownership, bad input — each with its message and nothing written ------------------------------------
select (select count(*) from public.sales) + (select count(*) from public.reward_transactions) * 1000
       + (select count(*) from public.payout_requests) * 1000000 + (select count(*) from public.clients) * 100000000 as footprint \gset
select engine_tests.act_as('fabio');
select throws_ok(format('select public.approve_sale(%L)', :'s11'), 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no aprueba');
select throws_ok(format('select public.create_direct_sale(%L, %L)', engine_tests.id('fabio'), engine_tests.items('te', '1')), 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'ni hace ventas directas');
select throws_ok($$select public.request_period_close('2026-03-01')$$, 'P0001',
  'Solo un superadmin (o el cierre programado) puede cerrar un mes.', 'ni cierra el mes');
select throws_ok(format('select public.get_ledger(%L)', engine_tests.id('amparo')), 'P0001',
  'Solo puedes ver tus propias recompensas.', 'ni lee el libro de otro');
select throws_ok(format('select public.get_balance(%L)', engine_tests.id('amparo')), 'P0001',
  'Solo puedes ver tu propio saldo.', 'ni el saldo de otro');
select throws_ok($$select public.place_order('[{"product_id": "00000000-0000-0000-0000-000000000000", "quantity": 1}]')$$, 'P0001',
  'Uno de los productos del pedido no existe o ya no está a la venta.', 'producto desconocido');
select throws_ok(format('select public.place_order(%L)', engine_tests.items('retirado', '1')), 'P0001',
  'Uno de los productos del pedido no existe o ya no está a la venta.', 'producto retirado');
select throws_ok(format('select public.place_order(%L)', engine_tests.items('te', '0')), 'P0001',
  'Cada cantidad debe ser un número entero entre 1 y 10.000.', 'cantidad cero');
select throws_ok(format('select public.place_order(%L)', engine_tests.items('te', '-2')), 'P0001',
  'Cada cantidad debe ser un número entero entre 1 y 10.000.', 'cantidad negativa');
select throws_ok(format($$select public.place_order('[{"product_id": "%s", "quantity": 1.5}]')$$, engine_tests.id('te')), 'P0001',
  'Cada cantidad debe ser un número entero entre 1 y 10.000.', 'cantidad fraccionaria');
select throws_ok(format($$select public.place_order('[{"product_id": "%s", "quantity": "2"}]')$$, engine_tests.id('te')), 'P0001',
  'Cada cantidad debe ser un número entero entre 1 y 10.000.', 'cantidad como texto');
select throws_ok($$select public.place_order('[]')$$, 'P0001', 'El pedido no tiene productos.', 'pedido vacío');
select throws_ok(format('select public.place_order(%L)', (select jsonb_agg(e) from generate_series(1, 3), jsonb_array_elements(engine_tests.items('te', '4000')) e)),
  'P0001', 'La cantidad de un producto, sumando sus líneas, no puede pasar de 10.000.', 'tres líneas de 4.000 del mismo producto son 12.000: las líneas se suman');
select throws_ok(format('select public.place_order(%L)', (select jsonb_agg(e) from generate_series(1, 101), jsonb_array_elements(engine_tests.items('te', '1')) e)),
  'P0001', 'Un pedido puede tener hasta 100 líneas: divídelo en dos.', '101 líneas');
select throws_ok(format('select public.place_order(%L)', engine_tests.items('kit', '1')), 'P0001',
  '«Kit de inicio» es un kit de inicio: solo se vende al enrolar a un miembro.', 'el kit no se pide suelto');
select throws_ok(format('select public.place_order(%L, %L)', engine_tests.items('te', '1'), 'bitcoin'), 'P0001',
  'El medio de pago debe ser transferencia, efectivo, tarjeta u otro.', 'medio de pago desconocido');
select throws_ok(format('select public.place_order(%L, %L, null, %L)', engine_tests.items('te', '1'), 'transferencia', 'otra-carpeta/x.png'), 'P0001',
  'El comprobante debe ser un archivo dentro de tu carpeta de comprobantes de pago.', 'comprobante fuera de su carpeta');
select throws_ok(format('select public.place_order(%L, %L, p_expected_total => 30)', engine_tests.items('te', '1'), 'transferencia'), 'P0001',
  format('El precio de un producto cambió: el total de tu pedido ahora es US$%s33,33, no US$%s30,00. Revisa el carrito y confirma otra vez.', chr(160), chr(160)),
  'un total distinto del que el miembro vio al confirmar (un precio cambió) se rechaza con el de hoy');
select engine_tests.act_as('admin');
select throws_ok(format('select public.place_order(%L)', engine_tests.items('te', '1')), 'P0001',
  'Solo un miembro con su ficha vinculada puede realizar esta acción.', 'el personal no hace pedidos de miembro');
select throws_ok($$select public.approve_sale('00000000-0000-0000-0000-000000000000')$$, 'P0001', 'La venta no existe.', 'venta desconocida');
select engine_tests.act_as('sinrol');
select throws_ok($$select public.request_payout(5)$$, 'P0001',
  'Solo un miembro con su ficha vinculada puede realizar esta acción.', 'sin rol no hay retiros');
select throws_ok(format('select public.cancel_sale(%L)', :'s11'), 'P0001',
  'Solo el personal o el propio miembro pueden cancelar una venta.', 'ni cancelaciones');
select engine_tests.act_as('nadie');
select throws_ok(format('select public.approve_sale(%L)', :'s11'), 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'sin sesión no se aprueba nada');
select is((select count(*) from public.sales) + (select count(*) from public.reward_transactions) * 1000
          + (select count(*) from public.payout_requests) * 1000000 + (select count(*) from public.clients) * 100000000,
  :footprint::bigint, 'ningún rechazo escribió nada');
select engine_tests.act_as('fabio');
select is((public.place_order(engine_tests.items('te', '1'), 'transferencia', p_expected_total => 33.33)).total, 33.33::numeric,
  'con el total que vio, el pedido se hace');
-- The same attempt again, its answer lost: what the first made, never a second order or sale.
select count(*) as fabio_sales from public.sales where client_id = engine_tests.id('fabio') \gset
select (public.place_order(engine_tests.items('te', '1'), 'transferencia', p_request_id => 'aaaaaaaa-0000-4000-8000-000000000001')).id as keyed \gset
select is((public.place_order(engine_tests.items('te', '1'), 'transferencia', p_request_id => 'aaaaaaaa-0000-4000-8000-000000000001')).id, :'keyed'::uuid,
  '«Confirmar pedido» dos veces con el mismo intento devuelve el pedido que ya hizo');
select is((select count(*) from public.sales where client_id = engine_tests.id('fabio')), :fabio_sales + 1::bigint, 'y hay un pedido más, no dos');
select engine_tests.act_as('admin');
select stock as te_stock from public.products where id = engine_tests.id('te') \gset
select (public.create_direct_sale(engine_tests.id('fabio'), engine_tests.items('te', '1'), p_request_id => 'cccccccc-0000-4000-8000-000000000001')).id as direct \gset
select is((public.create_direct_sale(engine_tests.id('fabio'), engine_tests.items('te', '1'), p_request_id => 'cccccccc-0000-4000-8000-000000000001')).id, :'direct'::uuid,
  'una venta directa registrada dos veces con el mismo intento es una sola');
select is((select stock from public.products where id = engine_tests.id('te')), :te_stock - 1, 'su stock baja una vez, y sus recompensas se escriben una vez');

-- The network, page by page ------------------------------------------------------------------------------------------
select engine_tests.act_as('amparo');
select results_eq($$select generation, members::integer from public.get_network_summary() where generation is not null$$,
  $$values (1, 1), (2, 1), (3, 1), (4, 2), (5, 1), (6, 1)$$, 'resumen de la red de Amparo por generación');
select results_eq($$select name, email is null, total::integer from public.get_network_page(p_generation => 4)$$,
  $$values ('Elena Vega'::text, true, 2), ('Nora Gil', true, 2)$$, 'la generación 4 sin datos de contacto');
select results_eq($$select name, email from public.get_network_page(p_generation => 1)$$,
  $$values ('Bruno Díaz'::text, 'motor.bruno@tests.savia'::text)$$, 'los enrolados directos con su correo');
select throws_ok(format('select * from public.get_network_page(%L)', engine_tests.id('olga')), 'P0001',
  'Solo puedes ver tu propia red.', 'un miembro no ve la red de otro');

-- Grants and invariants ------------------------------------------------------------------------------------------------
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.proname in ('place_order', 'enrol_member', 'cancel_sale', 'request_payout', 'get_balance', 'get_ledger',
                       'get_network_page', 'get_network_summary', 'create_direct_sale', 'preview_sale_rewards',
                       'approve_sale', 'reject_sale', 'deliver_sale', 'approve_payout', 'pay_payout', 'reject_payout',
                       'request_period_close')
     and p.pronamespace = 'public'::regnamespace
     and (has_function_privilege('anon', p.oid, 'execute') or not has_function_privilege('authenticated', p.oid, 'execute'))
$$, 'cada acción del motor es ejecutable por authenticated y nunca por anon');
select is_empty($$select * from private.engine_invariant_violations()$$, 'invariantes del motor tras el escenario');
-- And the check can fail: a stock changed without its movement (as an operator could, with the guard off) is reported.
alter table public.products disable trigger products_prepare;
update public.products set stock = stock + 1 where id = engine_tests.id('te');
alter table public.products enable trigger products_prepare;
select results_eq($$select invariant, subject from private.engine_invariant_violations()$$,
  $$values ('stock distinto de sus movimientos'::text, (select sku from public.products where id = engine_tests.id('te')))$$,
  'un stock que no cuadra con sus movimientos se reporta');

-- A brake on flooding Aprobaciones: 50 pending orders (and 50 pending enrolments) per account at a time.
select engine_tests.act_as('gala');
do $$
begin
  while (select count(*) from public.sales s where s.client_id = engine_tests.id('gala') and s.status = 'Pendiente de Aprobación') < 50 loop
    perform public.place_order(engine_tests.items('te', '1'));
  end loop;
  for i in 1..50 loop
    perform public.enrol_member(format('Persona %s', i), format('motor.tope.%s@tests.savia', i), engine_tests.id('kit'));
  end loop;
end
$$;
select throws_ok(format('select public.place_order(%L)', engine_tests.items('te', '1')), 'P0001',
  'Tienes 50 pedidos esperando aprobación: espera a que la empresa los revise, o cancela alguno, antes de hacer otro.',
  'el pedido 51 que espera aprobación se rechaza');
select throws_ok($$select public.enrol_member('Persona 51', 'motor.tope.51@tests.savia', engine_tests.id('kit'))$$, 'P0001',
  'Tienes 50 enrolamientos esperando aprobación: espera a que la empresa los revise antes de enrolar a otra persona.',
  'y el enrolamiento 51');
-- Nor does cancelling make room without end: 100 orders and 100 enrolments begun per day, cancelled ones too.
do $$
begin
  while (select count(*) from public.sales s where s.client_id = engine_tests.id('gala') and s.kind = 'order'
           and s.created_at > private.engine_now() - interval '1 day') < 100 loop
    perform public.cancel_sale((select s.id from public.sales s where s.client_id = engine_tests.id('gala')
                                   and s.status = 'Pendiente de Aprobación' order by s.sale_no limit 1));
    perform public.place_order(engine_tests.items('te', '1'));
  end loop;
  for i in 51..100 loop
    perform public.cancel_sale((select s.id from public.sales s where s.created_by = (select user_id from engine_tests.ids where key = 'gala')
                                   and s.status = 'Pendiente de Enrolamiento' order by s.sale_no limit 1));
    perform public.enrol_member(format('Persona %s', i), format('motor.tope.%s@tests.savia', i), engine_tests.id('kit'));
  end loop;
  perform public.cancel_sale((select s.id from public.sales s where s.client_id = engine_tests.id('gala')
                                 and s.status = 'Pendiente de Aprobación' order by s.sale_no limit 1));
  perform public.cancel_sale((select s.id from public.sales s where s.created_by = (select user_id from engine_tests.ids where key = 'gala')
                                 and s.status = 'Pendiente de Enrolamiento' order by s.sale_no limit 1));
end
$$;
select throws_ok(format('select public.place_order(%L)', engine_tests.items('te', '1')), 'P0001',
  'Hiciste 100 pedidos en las últimas 24 horas, contando los cancelados: podrás hacer otro más tarde.',
  'con 49 esperando, el pedido 101 del día se rechaza');
select throws_ok($$select public.enrol_member('Persona 101', 'motor.tope.101@tests.savia', engine_tests.id('kit'))$$, 'P0001',
  'Enrolaste a 100 personas en las últimas 24 horas, contando los enrolamientos cancelados: podrás enrolar a otra más tarde.',
  'y el enrolamiento 101 del día');
select engine_tests.at('2026-04-03 10:00:01-05');
select lives_ok(format('select public.place_order(%L)', engine_tests.items('te', '1')), 'un día después, sí');

select * from finish();
rollback;
