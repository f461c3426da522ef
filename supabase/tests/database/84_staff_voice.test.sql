-- Staff read the engine's sentences about a member in the third person (issue 25 §5): the ledger keeps
-- the member's sentence («Puntos por tu compra»), and every read that shows it to staff (the approval's
-- preview, a member's ledger in the back office, «¿Por qué no cobró?») says «su compra». The member
-- still reads «tu compra» in Mis Recompensas. Money in those sentences is written in the company's locale.
begin;
\ir 50_engine_fixture.psql
select plan(9);

select engine_tests.at('2026-03-10 10:00:00-05');

select is(private.staff_voice('Puntos por tu compra (venta #7): 50 puntos.'), 'Puntos por su compra (venta #7): 50 puntos.',
  'staff_voice: «tu compra» → «su compra»');
select is(private.staff_voice('Anulada al cierre de marzo de 2026: terminaste el mes inactivo (0 de 100 puntos personales).'),
  'Anulada al cierre de marzo de 2026: terminó el mes inactivo (0 de 100 puntos personales).', 'staff_voice: «terminaste» → «terminó»');

select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s1 \gset
select (select sale_no from public.sales where id = :'s1') as s1_no \gset

select engine_tests.act_as('admin');
select is((select p.rule from public.preview_sale_rewards(:'s1') p where p.type = 'points_purchase'),
  format('Puntos por su compra (venta #%s): 50 puntos.', :'s1_no'), 'la vista previa de la aprobación habla del comprador en tercera persona');
select is_empty(format($$select p.rule from public.preview_sale_rewards(%L) p where p.rule ~* '\m(tu|tus|te|tenías|terminaste)\M'$$, :'s1'),
  'ninguna frase de la vista previa tutea al personal');
select ok((select bool_and(p.rule like '%' || private.money(p.amount, 'USD') || '%') from public.preview_sale_rewards(:'s1') p where p.type = 'commission_purchase'),
  'cada comisión de la vista previa escribe su importe como la configuración (private.money)');

select engine_tests.approve(:'s1');

select engine_tests.act_as('fabio');
select is((select l.explanation from public.get_ledger() l where l.type = 'points_purchase'),
  format('Puntos por tu compra (venta #%s): 50 puntos.', :'s1_no'), 'el miembro sigue leyendo «tu compra» en su libro');

select engine_tests.act_as('admin');
select is((select l.explanation from public.get_ledger(engine_tests.id('fabio')) l where l.type = 'points_purchase'),
  format('Puntos por su compra (venta #%s): 50 puntos.', :'s1_no'), 'el personal lee «su compra» en el libro del miembro');
select ok(public.get_why_not_paid(engine_tests.id('fabio'))::text like format('%%Puntos por su compra (venta #%s)%%', :'s1_no')
       and public.get_why_not_paid(engine_tests.id('fabio'))::text not like '%Puntos por tu compra%', '«¿Por qué no cobró?» también');
select is((select rule from public.reward_transactions where source_sale_id = :'s1' and type = 'points_purchase'),
  format('Puntos por tu compra (venta #%s): 50 puntos.', :'s1_no'), 'el libro guarda la frase del miembro; la voz se elige al leer');

select * from finish();
rollback;
