-- The decision sees the fraud sign (issue 25 §8; private.sale_fraud_signs in
-- 20250701060000_sales_and_stock.sql, approve_sale in 20250701071000_engine_sales.sql, the queue in
-- 20250701091000_reads_back_office.sql): each sign is one Spanish sentence, shown on the queue's
-- card, and a sale with a sign is approved only when the approver says they reviewed it.
begin;
\ir 50_engine_fixture.psql
select plan(17);

select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('elena', engine_tests.items('te', '1')) as first \gset
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as second \gset
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as clean \gset
select sale_no as first_no from public.sales where id = :'first' \gset
select sale_no as second_no from public.sales where id = :'second' \gset
-- Both carry the same voucher file (its Storage ETag), as a member uploading one receipt twice would.
update public.sales set voucher_path = client_id || '/comprobante.png', voucher_hash = 'etag-repetido' where id in (:'first', :'second');

select is(private.sale_fraud_signs(:'second'),
  array[format('El mismo archivo de comprobante ya se usó en otra venta (#%s).', :'first_no')],
  'el comprobante repetido es una señal, con la otra venta');
select is(private.sale_fraud_signs(:'clean'), '{}'::text[], 'una venta limpia no tiene señales');

-- On the queue's card ------------------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select is((select s -> 'fraud_signs' from jsonb_array_elements(public.get_approval_queue(1, 50) -> 'sales') s where s ->> 'id' = :'second'),
  jsonb_build_array(format('El mismo archivo de comprobante ya se usó en otra venta (#%s).', :'first_no')),
  'la cola trae la señal con la venta, para la tarjeta');
select is((select s -> 'fraud_signs' from jsonb_array_elements(public.get_approval_queue(1, 50) -> 'sales') s where s ->> 'id' = :'clean'),
  '[]'::jsonb, 'y ninguna para la venta limpia');
-- And on the card's checks (get_sale_checks), with the other sale to open; a clean sale lists none.
select is(public.get_sale_checks(:'second') #>> '{voucher_reuse,0,sale_id}', :'first', 'las comprobaciones nombran la otra venta del mismo comprobante');
select is(public.get_sale_checks(:'clean') -> 'voucher_reuse', '[]'::jsonb, 'una venta sin comprobante no lista ninguna');
select is(public.get_sale_checks(:'clean') -> 'reference_reuse', '[]'::jsonb, 'ni una sin referencia de pago');

-- Approving needs «Lo revisé» --------------------------------------------------------------------------------
select throws_ok(format($$select public.approve_sale(%L)$$, :'second'), 'P0001',
  format('La venta #%s tiene señales de alerta: El mismo archivo de comprobante ya se usó en otra venta (#%s). Revísalas y marca «Lo revisé» antes de aprobarla.',
         :'second_no', :'first_no'),
  'aprobar una venta con una señal sin marcar «Lo revisé» se rechaza, con la señal en la frase');
select throws_ok(format($$select public.approve_sale(%L, false)$$, :'second'), 'P0001', null,
  'ni con p_signs_reviewed = false');
select is((select status from public.sales where id = :'second'), 'Pendiente de Aprobación', 'y la venta sigue pendiente');
select is_empty(format($$select 1 from public.reward_transactions where source_sale_id = %L$$, :'second'), 'sin asientos');

select lives_ok(format($$select public.approve_sale(%L, true)$$, :'second'), 'con «Lo revisé», se aprueba');
select is((select status from public.sales where id = :'second'), 'Pagada', 'y pasa a Pagada');
select lives_ok(format($$select public.approve_sale(%L)$$, :'clean'), 'una venta sin señales se aprueba como siempre');

-- A payment reference seen on another sale, and an amount noted that is not the total --------------------------------
update public.sales set payment_reference = ' TRX-77 ' where id = :'first';
update public.sales set payment_reference = 'trx-77' where id = :'clean';
select is(private.sale_fraud_signs(:'first'),
  array[format('El mismo archivo de comprobante ya se usó en otra venta (#%s).', :'second_no'),
        format('La referencia de pago «TRX-77» ya aparece en otra venta (#%s).', (select sale_no from public.sales where id = :'clean'))],
  'la referencia repetida (sin distinguir mayúsculas ni espacios) es otra señal');
select is(private.sale_fraud_signs(:'clean'),
  array[format('La referencia de pago «trx-77» ya aparece en otra venta (#%s).', :'first_no')],
  'una venta sin comprobante también ve la referencia repetida');
select public.note_voucher_amount(:'first', 99.00) is not null as noted \gset
select is((private.sale_fraud_signs(:'first'))[3], 'El importe anotado del comprobante no coincide con el total de la venta.',
  'y el importe anotado distinto del total, otra');

select * from finish();
rollback;
