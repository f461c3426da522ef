-- Ventas (20250701092000_reads_catalogue_and_sales.sql): the list with its filters, sorts, pages and
-- totals, the CSV's pages, a sale's detail, and the cancellation's preview against what cancel_sale
-- then writes.
--
-- The engine fixture's chain: Amparo ★5 ─ Bruno ★4 ─ Celia ★3 ─ Darío ★2 ─ Elena ★1 ─ Fabio ★1 ─ Gala ★1;
-- Olga ★1 alone. Aceite de lavanda 10.00 (base 10.00, 500 pts, stock 100), Té 33.33 (50 pts).
-- Elena's upline is paid by generation at its own level's rate: Darío (1st, ★2) 10 %, Celia (2nd, ★3)
-- 5 %, Bruno (3rd, ★4) 4 %, Amparo (4th, ★5) 3 %.
--
-- The sales, counted by hand (Bogotá time):
--   x1     10 Mar 10:00  Elena orders 3 Lavanda = 30.00, 1500 pts, approved: Darío 3.00, Celia 1.50,
--                       Bruno 1.20, Amparo 0.90.
--   celia  10 Mar 09:00  Celia orders 2 Lavanda = 20.00, 1000 pts, approved (so Celia ends March active):
--                       Bruno 2.00 (10 %), Amparo 1.00 (5 %).
--   x5     31 Mar 22:00  Olga orders 4 Lavanda = 40.00, 2000 pts, pending (1 April 03:00 in UTC).
--   The close of March: Darío, Bruno and Amparo had no points: their commissions are forfeited; Celia
--   (1000 pts) keeps her 1.50; Elena's points stay.
--   x2      5 Apr 10:00  staff sell Elena 1 Lavanda directly = 10.00, 500 pts: Darío 1.00, Celia 0.50,
--                       Bruno 0.40, Amparo 0.30 (April, open).
--   x3      5 Apr 11:00  Gala orders 1 Té = 33.33, 50 pts, pending.
--   x4      5 Apr 12:00  Olga orders 5 Lavanda = 50.00, 2500 pts, rejected.
-- Cancelling x1 in April reverses Elena's 1500 points and Celia's 1.50, both in closed March (the
-- forfeited ones already have their reversal); cancelling x2 reverses its five entries in April.
begin;
\ir 50_engine_fixture.psql
select plan(68);

-- The month close folds group points; keep the folder out until the rollback (as 59_group_points).
select pg_advisory_xact_lock(hashtext('savia.group_points'));

create function engine_tests.refusal(p_as text, p_sql text) returns text language plpgsql as $$
begin
  perform engine_tests.act_as(p_as);
  execute p_sql;
  return null;
exception when others then
  return sqlerrm;
end
$$;

-- The keys of the sales a list call answers, in its order: «x4,x3,x2».
create function engine_tests.listed(p_call text) returns text language plpgsql as $$
declare
  v_keys text;
begin
  perform engine_tests.act_as('admin');
  execute format('select string_agg(coalesce(i.key, ''?''), '','' order by r.n)
                    from (select x.id, row_number() over () as n from %s x) r left join engine_tests.ids i on i.id = r.id', p_call)
     into v_keys;
  return v_keys;
end
$$;

create function engine_tests.sale_as(p_member text, p_key text, p_items jsonb) returns uuid language plpgsql as $$
declare
  v_id uuid := engine_tests.order_as(p_member, p_items);
begin
  insert into engine_tests.ids values (p_key, v_id);
  return v_id;
end
$$;

-- March ---------------------------------------------------------------------------------------------------
select engine_tests.at('2026-03-10 09:00:00-05');
select engine_tests.approve(engine_tests.sale_as('celia', 's_celia', engine_tests.items('lavanda', '2')));
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.approve(engine_tests.sale_as('elena', 'x1', engine_tests.items('lavanda', '3')));
select engine_tests.at('2026-03-31 22:00:00-05');
select engine_tests.sale_as('olga', 'x5', engine_tests.items('lavanda', '4'));

select engine_tests.at('2026-04-02 09:00:00-05');
select is((engine_tests.close_month('2026-03-01')).status, 'done', 'marzo se cierra');

-- April ---------------------------------------------------------------------------------------------------
select engine_tests.at('2026-04-05 10:00:00-05');
select engine_tests.act_as('admin');
insert into engine_tests.ids
select 'x2', (public.create_direct_sale(engine_tests.id('elena'), engine_tests.items('lavanda', '1'), 'efectivo', 'CAJA-7')).id;
select engine_tests.at('2026-04-05 11:00:00-05');
select engine_tests.sale_as('gala', 'x3', engine_tests.items('te', '1'));
select engine_tests.at('2026-04-05 12:00:00-05');
select engine_tests.sale_as('olga', 'x4', engine_tests.items('lavanda', '5'));
select engine_tests.act_as('admin');
select public.reject_sale(engine_tests.id('x4'), 'El comprobante no corresponde');

-- The preview of a cancellation ------------------------------------------------------------------------------
select engine_tests.at('2026-04-06 10:00:00-05');
select engine_tests.act_as('admin');
select public.preview_sale_cancellation(engine_tests.id('x1')) as preview_x1 \gset
select public.preview_sale_cancellation(engine_tests.id('x2')) as preview_x2 \gset

select results_eq(
  format($$select e ->> 'beneficiary_name', e ->> 'type', (e ->> 'amount')::numeric, (e ->> 'points')::integer, (e ->> 'period_month')::date, (e ->> 'period_closed')::boolean
             from jsonb_array_elements(%L::jsonb -> 'entries') e$$, :'preview_x1'),
  $$values ('Elena Vega', 'reversal_points', 0.00, -1500, '2026-03-01'::date, true),
           ('Celia Mora', 'reversal_commission', -1.50, 0, '2026-03-01'::date, true)$$,
  'x1 (marzo, cerrado): se revierten los 1500 puntos de Elena y los 1,50 de Celia; las comisiones anuladas al cierre no se revierten otra vez');
select is((:'preview_x1'::jsonb ->> 'amount')::numeric, -1.50, 'x1: importe total revertido −1,50');
select is((:'preview_x1'::jsonb ->> 'points')::integer, -1500, 'x1: puntos revertidos −1500');
select is((:'preview_x1'::jsonb ->> 'closed_entries')::integer, 2, 'x1: los dos contraasientos caen en un mes cerrado');
select is(:'preview_x1'::jsonb #>> '{entries,1,original_label}', 'Comisión por compra', 'cada contraasiento dice qué asiento revierte');
select results_eq(
  format($$select s ->> 'name', (s ->> 'quantity')::integer, (s ->> 'stock')::integer, (s ->> 'stock_after')::integer
             from jsonb_array_elements(%L::jsonb -> 'stock') s$$, :'preview_x1'),
  $$values ('Aceite de lavanda', 3, 94, 97)$$,
  'x1: vuelven 3 de lavanda (100 − 2 − 3 − 1 = 94 → 97)');

select results_eq(
  format($$select e ->> 'beneficiary_name', e ->> 'type', (e ->> 'amount')::numeric, (e ->> 'points')::integer, (e ->> 'period_closed')::boolean
             from jsonb_array_elements(%L::jsonb -> 'entries') e$$, :'preview_x2'),
  $$values ('Elena Vega', 'reversal_points', 0.00, -500, false),
           ('Darío León', 'reversal_commission', -1.00, 0, false),
           ('Celia Mora', 'reversal_commission', -0.50, 0, false),
           ('Bruno Díaz', 'reversal_commission', -0.40, 0, false),
           ('Amparo Ruiz', 'reversal_commission', -0.30, 0, false)$$,
  'x2 (abril, abierto): los cinco asientos de la venta directa, por generación');
select is((:'preview_x2'::jsonb ->> 'amount')::numeric, -2.20, 'x2: 1,00 + 0,50 + 0,40 + 0,30 = 2,20 revertidos');
select is((:'preview_x2'::jsonb ->> 'closed_entries')::integer, 0, 'x2: ninguno en un mes cerrado');

select is(public.preview_sale_cancellation(engine_tests.id('x3')) - 'sale_id' - 'sale_no',
  '{"paid": false, "status": "Pendiente de Aprobación", "entries": [], "stock": [], "amount": 0, "points": 0, "closed_entries": 0}'::jsonb,
  'una venta pendiente no movió nada: cancelarla no revierte nada');
select is(engine_tests.refusal('admin', format('select public.preview_sale_cancellation(%L)', engine_tests.id('x4'))),
  format('La venta #%s ya está «Rechazado».', (select sale_no from public.sales where id = engine_tests.id('x4'))),
  'la vista previa de una venta rechazada se rechaza como cancel_sale');
select is(engine_tests.refusal('gala', format('select public.preview_sale_cancellation(%L)', engine_tests.id('x3'))),
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no ve la vista previa, ni de su propio pedido');
select is(engine_tests.refusal('admin', format('select public.preview_sale_cancellation(%L)', gen_random_uuid())),
  'La venta no existe.', 'una venta que no existe');

-- Deliver, then cancel: what is written is what the preview said -------------------------------------------
select engine_tests.act_as('admin');
select is(public.deliver_sale(engine_tests.id('x2')) ->> 'status', 'Entregada', 'x2 se entrega');
select is(public.preview_sale_cancellation(engine_tests.id('x2')), :'preview_x2'::jsonb - 'status' || '{"status": "Entregada"}',
  'entregarla no cambia lo que su cancelación revertiría');

select public.cancel_sale(engine_tests.id('x1'), 'El cliente devolvió el pedido') ->> 'reversals' as x1_reversals \gset
select is(:'x1_reversals'::integer, 2, 'cancelar x1 escribe dos contraasientos, como decía la vista previa');
select results_eq(
  format($$select r.reverses_id, r.beneficiary_id, r.type, r.amount, r.points, r.period_month
             from public.reward_transactions r
            where r.source_sale_id = %L and r.reason = 'El cliente devolvió el pedido' order by r.reverses_id$$, engine_tests.id('x1')),
  format($$select (e ->> 'reverses_id')::bigint, (e ->> 'beneficiary_id')::uuid, e ->> 'type', (e ->> 'amount')::numeric,
                  (e ->> 'points')::integer, (e ->> 'period_month')::date
             from jsonb_array_elements(%L::jsonb -> 'entries') e$$, :'preview_x1'),
  'x1: lo escrito es exactamente la vista previa (asiento revertido, beneficiario, tipo, importe, puntos, mes)');
select results_eq(
  format($$select m.product_id, m.quantity from public.stock_movements m where m.sale_id = %L and m.kind = 'cancellation'$$, engine_tests.id('x1')),
  format($$select (s ->> 'product_id')::uuid, (s ->> 'quantity')::integer from jsonb_array_elements(%L::jsonb -> 'stock') s$$, :'preview_x1'),
  'x1: el stock que vuelve es el de la vista previa');
select is((select stock from public.products where id = engine_tests.id('lavanda')), 97, 'la lavanda vuelve a 97, como decía stock_after');

select engine_tests.act_as('super');
select public.cancel_sale(engine_tests.id('x2'), 'Pago rechazado por el banco') ->> 'status' as x2_status \gset
select results_eq(
  format($$select r.reverses_id, r.beneficiary_id, r.type, r.amount, r.points, r.period_month
             from public.reward_transactions r
            where r.source_sale_id = %L and r.reverses_id is not null order by r.reverses_id$$, engine_tests.id('x2')),
  format($$select (e ->> 'reverses_id')::bigint, (e ->> 'beneficiary_id')::uuid, e ->> 'type', (e ->> 'amount')::numeric,
                  (e ->> 'points')::integer, (e ->> 'period_month')::date
             from jsonb_array_elements(%L::jsonb -> 'entries') e$$, :'preview_x2'),
  'x2 (entregada): lo escrito es exactamente la vista previa');

-- Two tabs, and a cancelled sale delivered ---------------------------------------------------------------
select is(engine_tests.refusal('admin', format($$select public.cancel_sale(%L, 'Otra pestaña')$$, engine_tests.id('x1'))),
  format('La venta #%s ya está «Cancelada».', (select sale_no from public.sales where id = engine_tests.id('x1'))),
  'cancelar dos veces (otra pestaña) se rechaza con la frase de siempre');
select is((select count(*)::integer from public.reward_transactions where source_sale_id = engine_tests.id('x1') and reason = 'Otra pestaña'), 0,
  '… sin escribir nada');
select is(engine_tests.refusal('admin', format('select public.deliver_sale(%L)', engine_tests.id('x1'))),
  format('La venta #%s está «Cancelada»: solo se entrega una venta Pagada.', (select sale_no from public.sales where id = engine_tests.id('x1'))),
  'entregar una venta cancelada se rechaza');
select is(engine_tests.refusal('admin', format('select public.preview_sale_cancellation(%L)', engine_tests.id('x2'))),
  format('La venta #%s ya está «Cancelada».', (select sale_no from public.sales where id = engine_tests.id('x2'))),
  'la vista previa de una venta ya cancelada dice lo mismo que cancel_sale');

-- The detail -----------------------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select public.get_sale_detail(engine_tests.id('x1')) as detail_x1 \gset
select public.get_sale_detail(engine_tests.id('x2')) as detail_x2 \gset
select results_eq(
  format($$select t ->> 'step', (t ->> 'at')::timestamptz, t ->> 'by', t ->> 'reason' from jsonb_array_elements(%L::jsonb -> 'timeline') t$$, :'detail_x1'),
  $$values ('created', '2026-03-10 10:00:00-05'::timestamptz, 'Elena Vega', null::text),
           ('approved', '2026-03-10 10:00:00-05'::timestamptz, 'motor.admin@tests.savia', null),
           ('cancelled', '2026-04-06 10:00:00-05'::timestamptz, 'motor.admin@tests.savia', 'El cliente devolvió el pedido')$$,
  'x1: creada por Elena, aprobada y cancelada (con el motivo) por el admin');
select results_eq(
  format($$select t ->> 'step', t ->> 'by', t ->> 'reason' from jsonb_array_elements(%L::jsonb -> 'timeline') t$$, :'detail_x2'),
  $$values ('created', 'motor.admin@tests.savia', null::text), ('delivered', 'motor.admin@tests.savia', null),
           ('cancelled', 'motor.super@tests.savia', 'Pago rechazado por el banco')$$,
  'x2: la venta directa no tiene paso de aprobación; quién la entregó sale de la bitácora');
select is(:'detail_x2'::jsonb #>> '{sale,payment_reference}', 'CAJA-7', 'el pago: su referencia');
select is(:'detail_x2'::jsonb #>> '{member,name}', 'Elena Vega', 'el miembro');
select is((:'detail_x1'::jsonb ->> 'period_closed')::boolean, true, 'x1 se cobró en marzo, ya cerrado');
select results_eq(
  format($$select e ->> 'beneficiary_name', e ->> 'type', (e ->> 'amount')::numeric, (e ->> 'points')::integer, e ->> 'state', e ->> 'reason'
             from jsonb_array_elements(%L::jsonb -> 'entries') e$$, :'detail_x1'),
  $$values ('Elena Vega', 'points_purchase', 0.00, 1500, 'revertido', null::text),
           ('Elena Vega', 'reversal_points', 0.00, -1500, 'reverso', 'El cliente devolvió el pedido'),
           ('Darío León', 'commission_purchase', 3.00, 0, 'revertido', null),
           ('Darío León', 'reversal_commission', -3.00, 0, 'reverso', 'Beneficiario inactivo al cierre del mes'),
           ('Celia Mora', 'commission_purchase', 1.50, 0, 'revertido', null),
           ('Celia Mora', 'reversal_commission', -1.50, 0, 'reverso', 'El cliente devolvió el pedido'),
           ('Bruno Díaz', 'commission_purchase', 1.20, 0, 'revertido', null),
           ('Bruno Díaz', 'reversal_commission', -1.20, 0, 'reverso', 'Beneficiario inactivo al cierre del mes'),
           ('Amparo Ruiz', 'commission_purchase', 0.90, 0, 'revertido', null),
           ('Amparo Ruiz', 'reversal_commission', -0.90, 0, 'reverso', 'Beneficiario inactivo al cierre del mes')$$,
  'x1: cada asiento seguido de su reverso: anulado al cierre (Darío, Bruno, Amparo) o por la cancelación (Elena, Celia)');
select is(:'detail_x1'::jsonb #>> '{entries,2,reversed_by_reason}', 'Beneficiario inactivo al cierre del mes',
  'un asiento revertido dice por qué (para su frase)');
select is((:'detail_x1'::jsonb #>> '{entries,2,generation}')::integer, 1, 'la comisión de Darío es de 1.ª generación');
select is(engine_tests.refusal('gala', format('select public.get_sale_detail(%L)', engine_tests.id('x3'))),
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lee el detalle del personal');

-- The list: filters, sorts, pages ---------------------------------------------------------------------------
-- Now: x1 Cancelada, celia Pagada, x5 Pendiente de Aprobación, x2 Cancelada (directa), x3 Pendiente de
-- Aprobación, x4 Rechazado.
select is(engine_tests.listed('public.search_sales()'), 'x4,x3,x2,x5,x1,s_celia', 'sin filtros: de la más nueva a la más vieja');
select is(engine_tests.listed($$public.search_sales(p_statuses => array['Cancelada'])$$), 'x2,x1', 'estado Cancelada');
select is(engine_tests.listed($$public.search_sales(p_statuses => array['Pendiente de Aprobación', 'Rechazado'])$$), 'x4,x3,x5',
  'varios estados a la vez');
select is(engine_tests.listed($$public.search_sales(p_kind => 'direct')$$), 'x2', 'tipo venta directa');
select is(engine_tests.listed($$public.search_sales(p_kind => 'order', p_statuses => array['Cancelada'])$$), 'x1', 'tipo y estado juntos');
select is(engine_tests.listed($$public.search_sales(p_from => '2026-03-31', p_to => '2026-03-31')$$), 'x5',
  'el 31 de marzo a las 22:00 en Bogotá es del 31 (en UTC ya es 1 de abril)');
select is(engine_tests.listed($$public.search_sales(p_from => '2026-04-01')$$), 'x4,x3,x2', 'desde el 1 de abril: x5 no');
select is(engine_tests.listed($$public.search_sales(p_to => '2026-03-10')$$), 'x1,s_celia', 'hasta el 10 de marzo, inclusive');
select is(engine_tests.listed(format('public.search_sales(p_client_id => %L)', engine_tests.id('elena'))), 'x2,x1', 'las ventas de Elena');
select is(engine_tests.listed($$public.search_sales(p_sort => 'total', p_desc => false)$$), 'x2,s_celia,x1,x3,x5,x4',
  'por total: 10,00 · 20,00 · 30,00 · 33,33 · 40,00 · 50,00');
select is(engine_tests.listed($$public.search_sales(p_sort => 'numero', p_desc => false)$$), 's_celia,x1,x5,x2,x3,x4', 'por número');
select is(engine_tests.listed($$public.search_sales(p_page => 2, p_page_size => 2)$$), 'x2,x5', 'la página 2 de a 2');
select results_eq($$select row_count, row_count_capped from public.search_sales(p_page => 2, p_page_size => 2) limit 1$$,
  $$values (6::bigint, false)$$, 'seis ventas, contadas del todo (el tope es 12)');
select results_eq($$select row_count, row_count_capped from public.search_sales(p_page_size => 1) limit 1$$,
  $$values (5::bigint, true)$$, 'de a una, la cuenta para en cinco (la página y cuatro más): «más de 5»');
select results_eq($$select client_name, kind, status, total, points_total from public.search_sales(p_kind => 'direct')$$,
  $$values ('Elena Vega', 'direct', 'Cancelada', 10.00, 500)$$, 'cada fila: miembro, tipo, estado, total y puntos');

select results_eq($$select * from public.get_sales_totals()$$, $$values (6::bigint, 183.33, 7550::bigint)$$,
  'totales: 6 ventas, 10 + 20 + 30 + 33,33 + 40 + 50 = 183,33 y 500 + 1000 + 1500 + 50 + 2000 + 2500 = 7550 puntos');
select results_eq($$select * from public.get_sales_totals(array['Cancelada'])$$, $$values (2::bigint, 40.00, 2000::bigint)$$,
  'totales de las canceladas: 2, 40,00 y 2000 puntos');
select results_eq($$select * from public.get_sales_totals(p_from => '2026-03-31', p_to => '2026-04-30')$$, $$values (4::bigint, 133.33, 5050::bigint)$$,
  'totales del 31 de marzo al 30 de abril: x5, x2, x3, x4');
select results_eq(format('select * from public.get_sales_totals(p_client_id => %L)', engine_tests.id('elena')), $$values (2::bigint, 40.00, 2000::bigint)$$,
  'totales de un miembro (de sus ventas): las dos de Elena');
select results_eq($$select * from public.get_sales_totals(p_kind => 'order', p_statuses => array['Pagada', 'Cancelada'], p_to => '2026-03-31')$$,
  $$values (2::bigint, 50.00, 2500::bigint)$$, 'pedidos pagados o cancelados hasta el 31 de marzo: x1 y el de Celia');
select results_eq($$select * from public.get_sales_totals(p_statuses => array['Entregada'])$$, $$values (0::bigint, 0::numeric, 0::bigint)$$,
  'sin ventas: ceros');
-- Ventas' pager says the totals card's count (issue 25 §6): the two reads count the same sales.
select results_eq(
  $$select (select sales_count from public.get_sales_totals()), (select sales_count from public.get_sales_totals(array['Cancelada'])),
           (select sales_count from public.get_sales_totals(p_from => '2026-03-31', p_to => '2026-04-30')),
           (select sales_count from public.get_sales_totals(p_kind => 'order', p_statuses => array['Pagada', 'Cancelada'], p_to => '2026-03-31'))$$,
  $$select (select row_count from public.search_sales(p_page_size => 50) limit 1), (select row_count from public.search_sales(array['Cancelada'], p_page_size => 50) limit 1),
           (select row_count from public.search_sales(p_from => '2026-03-31', p_to => '2026-04-30', p_page_size => 50) limit 1),
           (select row_count from public.search_sales(p_kind => 'order', p_statuses => array['Pagada', 'Cancelada'], p_to => '2026-03-31', p_page_size => 50) limit 1)$$,
  'la tarjeta de totales cuenta, con cada filtro, las mismas ventas que la lista: el paginador puede decir su número');

select is(engine_tests.listed('public.export_sales(p_limit => 4)'), 'x4,x3,x2,x5', 'la exportación, de 4 en 4 por número');
select is(engine_tests.listed(format('public.export_sales(p_before_no => %s, p_limit => 4)', (select sale_no from public.sales where id = engine_tests.id('x5')))),
  'x1,s_celia', '… la página siguiente empieza tras la última recibida');
select is(engine_tests.listed($$public.export_sales(p_statuses => array['Cancelada'], p_limit => 1000)$$), 'x2,x1', 'con los mismos filtros que la lista');

-- Bad input and strangers ----------------------------------------------------------------------------------
select is(engine_tests.refusal('admin', $$select public.search_sales(p_statuses => array['Pagado'])$$),
  'Filtro no válido: el estado es Pagada, Cancelada, Rechazado, Pendiente de Aprobación, Pendiente de Enrolamiento o Entregada.', 'un estado que no existe');
select is(engine_tests.refusal('admin', $$select public.search_sales(p_kind => 'gift')$$), 'Filtro no válido: el tipo es order, enrollment o direct.', 'un tipo que no existe');
select is(engine_tests.refusal('admin', $$select public.get_sales_totals(p_from => '2026-04-02', p_to => '2026-04-01')$$),
  'Filtro no válido: la fecha «desde» es posterior a la fecha «hasta».', 'un rango al revés');
select is(engine_tests.refusal('admin', $$select public.search_sales(p_sort => 'nombre; drop table public.sales')$$),
  'Orden no válido: usa fecha, total o numero.', 'un orden que no existe');
select is(engine_tests.refusal('admin', $$select public.search_sales(p_page_size => 500)$$),
  'Página no válida: página de 1 a 10.000 y tamaño de 1 a 100.', 'páginas de más de 100');
select is(engine_tests.refusal('admin', $$select public.export_sales(p_limit => 5000)$$),
  'Página no válida: de 1 a 1.000 ventas por página.', 'la exportación, de a 1.000 como mucho');
select is(engine_tests.refusal('gala', 'select public.search_sales()'), 'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lista las ventas');
select is(engine_tests.refusal('sinrol', 'select public.get_sales_totals()'), 'Solo el personal (admin o superadmin) puede realizar esta acción.', 'sin rol, tampoco');
select is(engine_tests.refusal('gala', 'select public.export_sales()'), 'Solo el personal (admin o superadmin) puede realizar esta acción.', 'ni exporta');

select * from finish();
rollback;
