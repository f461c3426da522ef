-- Configuración's month close and audit log: who may read them, the months with their state, the
-- preview's totals equal to what the close then writes, the refusals of a second close and of a
-- month not ended, and the audit log's filters (an operator's direct SQL under its database role).
-- On the fixture of 50_engine_fixture.psql; every figure counted by hand below.
begin;
\ir 50_engine_fixture.psql
select plan(38);

-- April: Fabio and Darío each buy one lavanda (10.00 commissionable, 500 points): both active.
-- Fabio's sale pays Elena 1.00 (gen 1, 10 %), Darío 0.50 (gen 2, 5 %), Celia 0.40 (gen 3, 4 %), Bruno 0.30
-- (gen 4, 3 %), Amparo 0.20 (gen 5, 2 %); Darío's pays Celia 1.00, Bruno 0.50, Amparo 0.40.
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')) as s1 \gset
select engine_tests.approve(:'s1');
select engine_tests.order_as('dario', engine_tests.items('lavanda', '1')) as s2 \gset
select engine_tests.approve(:'s2');
select engine_tests.at('2026-05-10 10:00:00-05');

-- Who may read ---------------------------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select throws_ok($$select * from public.get_close_months()$$, '42501', 'Solo un superadmin puede ver y cerrar los meses.',
  'un admin no ve los meses');
select throws_ok($$select public.request_close_preview('2026-04-01')$$, '42501', 'Solo un superadmin puede ver y cerrar los meses.',
  'ni pide la vista previa');
select throws_ok($$select * from public.get_audit_log()$$, '42501', 'Solo un superadmin puede leer la bitácora.',
  'ni la bitácora');
select engine_tests.act_as('fabio');
select throws_ok($$select * from public.get_close_months()$$, '42501', 'Solo un superadmin puede ver y cerrar los meses.',
  'un miembro no ve los meses');
select throws_ok($$select * from public.get_audit_log()$$, '42501', 'Solo un superadmin puede leer la bitácora.',
  'ni la bitácora');

-- The months ----------------------------------------------------------------------------------------------------
select engine_tests.act_as('super');
select results_eq($$select month, status, ended, job_id from public.get_close_months()$$,
  $$values ('2026-05-01'::date, 'open'::text, false, null::bigint), ('2026-04-01', 'open', true, null)$$,
  'el mes en curso (aún sin terminar) y abril, terminado y abierto');

-- The preview and its totals ----------------------------------------------------------------------------------------
-- Inactive at the close: Elena, Celia, Bruno, Amparo: 7 forfeits, 1.00 + 1.40 + 0.80 + 0.60 = 3.80.
-- Darío (★2, 2 % volume) is active: 2 % of his downline's 10.00 = 0.20. Nobody rises (Darío's 1,000 group points keep ★2).
select public.request_close_preview('2026-04-01') as asked \gset
select is(:'asked'::jsonb ->> 'status', 'queued', 'pedir la vista previa la deja en cola');
select engine_tests.simulate(:'asked') as preview \gset
select results_eq(format($$select %L::jsonb ->> 'status', (%L::jsonb -> 'result' ->> 'rows')::integer, %L::jsonb -> 'result' -> 'totals'$$,
                         :'preview', :'preview', :'preview'),
  $$values ('done'::text, 8, '{"forfeits": 7, "forfeited_amount": 3.80, "volume_bonuses": 1, "volume_bonus_amount": 0.20, "level_ups": 0}'::jsonb)$$,
  'la vista previa: 7 anulaciones por 3.80, un bono de volumen de 0.20, ninguna subida');
select (:'preview'::jsonb ->> 'id')::bigint as preview_id \gset
select is((select count(*)::integer from public.get_close_preview(:preview_id, 1, 3)), 3, 'paginada: 3 por página');
select is((select count(*)::integer from public.get_close_preview(:preview_id, 3, 3)), 2, 'la última página, las 2 que quedan');
select results_eq(format($$select action, client_name, ledger_id, amount, detail from public.get_close_preview(%s, 1, 200)$$, :preview_id),
  $$select a.action, c.name, a.ledger_id, a.amount, private.staff_voice(a.detail)
      from private.period_close_actions('2026-04-01', (select v.plan from private.plan() v)) a join public.clients c on c.id = a.client_id
     order by a.action, c.name, a.ledger_id, a.client_id$$,
  'las páginas guardadas son la vista previa del motor, fila por fila y en su orden (en tercera persona: la lee el personal)');
select results_eq(format($$select client_name, amount, detail like 'Anulada al cierre de abril de 2026: terminó el mes inactivo (0 de 100 puntos personales).%%'
                      from public.get_close_preview(%s, 1, 50) where action = 'forfeit' and client_name = 'Elena Vega'$$, :preview_id),
  $$values ('Elena Vega'::text, -1.00::numeric, true)$$, 'cada anulación con su motivo');
-- A superadmin without the finance claim sees what the closed month's summary shows him: the counts,
-- who and why, never the money.
insert into public.staff_invitations (email, role, finance) values ('motor.diego@tests.savia', 'superadmin', false);
insert into engine_tests.ids values ('diego', gen_random_uuid(), engine_tests.user_for('motor.diego@tests.savia'));
select engine_tests.act_as('diego');
select engine_tests.simulate(public.request_close_preview('2026-04-01')) as blind \gset
select is(:'blind'::jsonb -> 'result' -> 'totals', '{"forfeits": 7, "volume_bonuses": 1, "level_ups": 0}'::jsonb,
  'sin finanzas, los totales de la vista previa son los recuentos, sin importes');
select (:'blind'::jsonb ->> 'id')::bigint as blind_id \gset
select is_empty(format($$select 1 from public.get_close_preview(%s, 1, 200)
                          where amount is not null or base is not null or rate is not null or detail ~ '[0-9],[0-9]{2}|US\$'$$, :blind_id),
  'ni sus filas: sin importe, base ni tasa, y el motivo sin cifras de dinero');
select results_eq(format($$select action, client_name, detail from public.get_close_preview(%s, 1, 200)
                            where client_name in ('Elena Vega', 'Darío León')$$, :blind_id),
  $$values ('bonus_volume'::text, 'Darío León'::text, 'Bono de volumen de abril de 2026 (Estrella 2): 2% de las ventas de su red.'::text),
           ('forfeit', 'Elena Vega', 'Anulada al cierre de abril de 2026: terminó el mes inactivo (0 de 100 puntos personales).')$$,
  'quién y por qué, como en el cierre');
select engine_tests.act_as('super');
select throws_ok(format($$select * from public.get_close_preview(%s, 0, 3)$$, :preview_id), 'P0001',
  'Página no válida: página desde 1, tamaño de 1 a 200.', 'una página que no existe se rechaza');
select is((select count(*)::integer from public.reward_transactions where period_month = '2026-04-01'
            and type in ('reversal_commission', 'bonus_volume')), 0, 'la vista previa no escribe nada');

-- A month not ended, and the close itself ---------------------------------------------------------------------------
select throws_ok($$select public.request_period_close('2026-05-01')$$, 'P0001',
  'El mes de mayo de 2026 aún no ha terminado: se puede cerrar desde el 1 de junio de 2026.', 'el mes en curso no se cierra');
select (public.request_period_close('2026-04-01') ->> 'id')::bigint as job \gset
-- A second tab asks for the same month: it gets the same job, and no second close is queued.
select is((public.request_period_close('2026-04-01') ->> 'id')::bigint, :job::bigint, 'otra pestaña que cierra abril recibe el mismo trabajo');
select is((select count(*)::integer from private.jobs where kind = 'period_close'), 1, 'y no hay un segundo cierre');
select throws_ok($$select public.request_period_close('2026-03-01')$$, 'P0001',
  'No hay nada que cerrar en marzo de 2026: la historia de la empresa empieza en abril de 2026.',
  'un mes anterior a la primera venta no se cierra (52_period_close_jobs: uno a la vez)');
select results_eq($$select month, status, job_status from public.get_close_months() where month = '2026-04-01'$$,
  $$values ('2026-04-01'::date, 'open'::text, 'queued'::text)$$, 'el mes muestra su trabajo en cola');
select is((engine_tests.close_month('2026-04-01')).status, 'done', 'el ejecutor cierra abril');

select is((select summary - array['month', 'plan_version', 'closed_at', 'members', 'active', 'income_available']
             from public.periods where month = '2026-04-01'),
  '{"forfeits": 7, "forfeited_amount": 3.80, "volume_bonuses": 1, "volume_bonus_amount": 0.20, "level_ups": 0}'::jsonb,
  'el cierre escribe exactamente los totales de la vista previa');
select is((select -sum(amount) from public.reward_transactions where period_month = '2026-04-01' and type = 'reversal_commission'),
  3.80::numeric, 'y el libro tiene esas anulaciones');
select results_eq($$select status, job_status, summary ->> 'forfeits', closed_by_email from public.get_close_months() where month = '2026-04-01'$$,
  $$values ('closed'::text, 'done'::text, '7'::text, 'motor.super@tests.savia'::text)$$, 'abril cerrado muestra lo que hizo su cierre');
select throws_ok($$select public.request_close_preview('2026-04-01')$$, 'P0001',
  'El mes de abril de 2026 ya está cerrado.', 'un mes cerrado no tiene vista previa');
select is(public.request_period_close('2026-04-01') ->> 'status', 'done', 'pedir otra vez un mes cerrado devuelve su cierre hecho');

-- The audit log ------------------------------------------------------------------------------------------------------
-- The superadmin renames lavanda; then an operator, in a direct session (no user), changes its price.
select engine_tests.act_as('super');
update public.products set name = 'Aceite de lavanda fina' where id = engine_tests.id('lavanda');
select engine_tests.act_as('nadie');
update public.products set price = 11.00 where id = engine_tests.id('lavanda');
select engine_tests.act_as('super');
select results_eq(format($$select action, actor_email, db_role, case when action = 'UPDATE' then array(select jsonb_array_elements(changes) ->> 'field') end
                             from public.get_audit_log('products', null, %L)$$, engine_tests.id('lavanda')),
  $$values ('UPDATE'::text, null::text, 'postgres'::text, array['price']), ('UPDATE', 'motor.super@tests.savia', 'postgres', array['name']),
           ('INSERT', null, 'postgres', null)$$,
  'por tabla y registro: el cambio del operador (rol postgres, sin usuario), el del superadmin y el alta, con lo que cambió');
select results_eq(format($$select count(*)::integer, min(total) from public.get_audit_log('products', 'MOTOR.SUPER@tests.savia', %L)$$, engine_tests.id('lavanda')),
  $$values (1, 1::bigint)$$, 'por persona (su correo, sin importar mayúsculas): solo el del superadmin');
select is((select count(*)::integer from public.get_audit_log('products', null, engine_tests.id('lavanda')::text,
            (now() at time zone 'America/Bogota')::date - 1, (now() at time zone 'America/Bogota')::date - 1)), 0,
  'por fechas: ayer no tiene ninguno');
select is((select count(*)::integer from public.get_audit_log('products', null, engine_tests.id('lavanda')::text,
            (now() at time zone 'America/Bogota')::date, (now() at time zone 'America/Bogota')::date)), 3,
  'y hoy, en la zona horaria de la empresa, los tres');

-- A product's cost changes are finance's: a superadmin without the claim reads none of them, by the
-- screen's function or by the table; with it, both.
update public.products set price = 12.00 where id = engine_tests.id('lavanda'); -- an entry that stays visible
insert into public.product_costs (product_id, unit_cost) values (engine_tests.id('lavanda'), 4.25);
select engine_tests.id('lavanda') as lavanda \gset
select engine_tests.act_as('super');
select is((select count(*)::integer from public.get_audit_log('product_costs', null, engine_tests.id('lavanda')::text)), 1,
  'con finanzas, el cambio de costo está en la bitácora');
set local role authenticated;
select is((select count(*)::integer from public.audit_logs where table_name = 'product_costs' and row_id = :'lavanda'), 1,
  'y en la tabla');
reset role;
update public.users_roles set finance = false where user_id = (select user_id from engine_tests.ids where key = 'super');
select engine_tests.act_as('super');
select is_empty($$select 1 from public.get_audit_log('product_costs')$$, 'sin finanzas, no lo lee en la bitácora');
select is((select count(*)::integer from public.get_audit_log() where table_name = 'product_costs'), 0, 'ni en la bitácora entera');
select isnt_empty($$select 1 from public.get_audit_log('products')$$, 'que sigue mostrando lo demás');
set local role authenticated;
select is_empty($$select 1 from public.audit_logs where table_name = 'product_costs'$$, 'ni en la tabla');
reset role;

select * from finish();
rollback;
