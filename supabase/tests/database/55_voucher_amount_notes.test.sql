-- Aprobaciones: the amount staff read on a payment voucher, against the sale's total
-- (20250701060000_sales_and_stock.sql), on the engine's fixture (50_engine_fixture.psql).
--
-- March 2026, clock 2026-03-10 10:00 Bogotá: Fabio orders 1 × Té (33.33) with a voucher (s1), and
-- 1 × Té without one (s2). The voucher of s1 says 38.00: 4.67 more than the sale; corrected to
-- 33.33 it matches.
begin;
\ir 50_engine_fixture.psql
select plan(27);

select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s1 \gset
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s2 \gset
select engine_tests.act_as('nadie');
update public.sales set voucher_path = engine_tests.id('fabio') || '/comprobante.png' where id = :'s1';
select sale_no as s1_no from public.sales where id = :'s1' \gset

-- Nobody noted anything yet ----------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select is(public.get_voucher_note(:'s1'), null::jsonb, 'sin nota, no hay nada que comparar');

-- A note that does not match: the difference is the voucher's amount minus the sale's total --------------------
select is(public.note_voucher_amount(:'s1', 38.00),
  jsonb_build_object('amount', 38.00, 'sale_total', 33.33, 'difference', 4.67, 'matches', false,
                     'noted_by_email', 'motor.admin@tests.savia', 'noted_at', '2026-03-10 15:00:00+00'::timestamptz),
  'el comprobante dice 38.00 y la venta es de 33.33: 4.67 de más, anotado por el admin a la hora del motor');
select is(public.get_voucher_note(:'s1') -> 'difference', '4.67'::jsonb, 'y se lee igual después');
select is((select count(*)::integer from private.voucher_amount_notes where sale_id = :'s1'), 1, 'una nota por venta');

-- A correction replaces it (and says who corrected it) --------------------------------------------------------
select engine_tests.act_as('super');
select engine_tests.at('2026-03-10 11:30:00-05');
select is(public.note_voucher_amount(:'s1', 33.33) - 'noted_at',
  jsonb_build_object('amount', 33.33, 'sale_total', 33.33, 'difference', 0.00, 'matches', true, 'noted_by_email', 'motor.super@tests.savia'),
  'corregido a 33.33 coincide con el total; la nota es de quien la corrigió');
select is((select count(*)::integer from private.voucher_amount_notes where sale_id = :'s1'), 1, 'corregir no duplica la nota');
select is((select noted_at from private.voucher_amount_notes where sale_id = :'s1'), '2026-03-10 11:30:00-05'::timestamptz,
  'con la hora de la corrección');
select is(public.note_voucher_amount(:'s1', 33.3) -> 'matches', 'false'::jsonb, '33.30 no es 33.33');

-- null removes it ----------------------------------------------------------------------------------------------
select is(public.note_voucher_amount(:'s1', null), null::jsonb, 'null borra la nota');
select is(public.get_voucher_note(:'s1'), null::jsonb, 'y ya no hay nota');

-- Amounts a voucher cannot say ---------------------------------------------------------------------------------
select throws_ok(format('select public.note_voucher_amount(%L, 0)', :'s1'), 'P0001',
  'Escribe el importe que dice el comprobante: un número mayor que 0, con hasta 2 decimales.', 'cero no');
select throws_ok(format('select public.note_voucher_amount(%L, -5)', :'s1'), 'P0001', null, 'negativo no');
select throws_ok(format('select public.note_voucher_amount(%L, 10.005)', :'s1'), 'P0001', null, 'más de 2 decimales no');
select throws_ok(format('select public.note_voucher_amount(%L, 10000000000)', :'s1'), 'P0001', null, 'más de lo que cabe no');
select is((select count(*)::integer from private.voucher_amount_notes), 0, 'ningún rechazo escribió una nota');

-- Only sales with a voucher, only while pending, only sales that exist ------------------------------------------
select throws_ok(format('select public.note_voucher_amount(%L, 33.33)', :'s2'), 'P0001',
  'Esta venta no trae comprobante: no hay importe que anotar.', 'sin comprobante no hay importe que anotar');
select engine_tests.approve(:'s1');
select engine_tests.act_as('admin');
select throws_ok(format('select public.note_voucher_amount(%L, 33.33)', :'s1'), 'P0001',
  format('La venta #%s está «Pagada»: el importe del comprobante se anota antes de decidir.', :s1_no),
  'una venta ya decidida no se anota');
select throws_ok($$select public.note_voucher_amount('00000000-0000-4000-8000-000000000000', 1)$$, 'P0001', 'La venta no existe.',
  'una venta que no existe');
select throws_ok($$select public.get_voucher_note('00000000-0000-4000-8000-000000000000')$$, 'P0001', 'La venta no existe.',
  'ni se lee su nota');

-- Who may: staff only --------------------------------------------------------------------------------------------
select engine_tests.act_as('fabio');
select throws_ok(format('select public.get_voucher_note(%L)', :'s2'), 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'el miembro no lee notas, ni de su venta');
select throws_ok(format('select public.note_voucher_amount(%L, 1)', :'s2'), 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'ni anota');
select engine_tests.act_as('sinrol');
select throws_ok(format('select public.get_voucher_note(%L)', :'s2'), 'P0001', null, 'una cuenta sin rol tampoco');
select engine_tests.act_as('nadie');
select throws_ok(format('select public.note_voucher_amount(%L, 1)', :'s2'), 'P0001', null, 'ni sin sesión');

-- Through the API: the functions for signed-in people, the table for nobody --------------------------------------
select ok(not has_function_privilege('anon', 'public.note_voucher_amount(uuid, numeric)', 'execute')
          and not has_function_privilege('anon', 'public.get_voucher_note(uuid)', 'execute'), 'anon no ejecuta ninguna');
select ok(has_function_privilege('authenticated', 'public.note_voucher_amount(uuid, numeric)', 'execute')
          and has_function_privilege('authenticated', 'public.get_voucher_note(uuid)', 'execute'), 'authenticated sí (la función exige personal)');
select is_empty($$
  select r.role, t.privilege
    from unnest(array['anon', 'authenticated', 'service_role']) r(role),
         unnest(array['select', 'insert', 'update', 'delete']) t(privilege)
   where has_table_privilege(r.role, 'private.voucher_amount_notes', t.privilege)
$$, 'la tabla de notas no se alcanza por la API: ningún rol de la API tiene privilegios en ella');
select ok(not has_function_privilege('authenticated', 'private.voucher_note_json(uuid)', 'execute'), 'ni su ayudante');

select * from finish();
rollback;
