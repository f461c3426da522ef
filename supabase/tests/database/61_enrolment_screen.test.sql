-- Enrolar Miembro (20250701090000_reads_member_portal.sql; enrol_member in
-- 20250701071000_engine_sales.sql):
-- the preview of what an enrolment brings the enroller is what approval posts; the addresses that
-- cannot be enrolled (a member's, a pending enrolment's, staff's) are refused with nothing written;
-- a member lists only the enrolments they placed, a page at a time. On the engine's fixture
-- (50_engine_fixture.psql): kit 100.00, base 100.00, 40 points; enrolment commission 20 %; starter
-- bonus ★2 15.00, ★5 30.00.
begin;
\ir 50_engine_fixture.psql
select plan(30);

select engine_tests.at('2026-03-10 10:00:00-05');

-- The preview, by hand -------------------------------------------------------------------------------------
select engine_tests.act_as('dario');
select results_eq($$select kit_points, kit_base, points, enrollment_commission, commission_rate, starter_bonus, star_level, level_name, currency
                      from public.preview_enrolment(engine_tests.id('kit'))$$,
  $$values (40, 100.00::numeric, 40, 20.00::numeric, 0.20::numeric, 15.00::numeric, 2::smallint, 'Estrella 2'::text,
            (select currency from public.metadata where id = 'app_settings'))$$,
  'Darío (★2): 40 puntos del kit, 20 % de 100.00 = 20.00 y el bono de inicio de Estrella 2, 15.00');
select is((select plan_version from public.preview_enrolment(engine_tests.id('kit'))),
  (select max(version) from public.plan_versions), 'con la versión vigente del plan');
select engine_tests.act_as('amparo');
select results_eq($$select points, enrollment_commission, starter_bonus, star_level, level_name from public.preview_enrolment(engine_tests.id('kit'))$$,
  $$values (40, 20.00::numeric, 30.00::numeric, 5::smallint, 'Estrella 5'::text)$$,
  'Amparo (★5): el bono de inicio es el de su nivel, 30.00');
select is_empty($$select * from public.sales$$, 'la vista previa no escribe nada');

-- The preview is what approval posts ----------------------------------------------------------------------------
create function pg_temp.posted(p_sale uuid) returns table (points integer, enrollment_commission numeric, starter_bonus numeric)
language sql as $$
  select coalesce(sum(r.points) filter (where r.type = 'points_enroller'), 0)::integer,
         coalesce(sum(r.amount) filter (where r.type = 'commission_enrollment'), 0),
         coalesce(sum(r.amount) filter (where r.type = 'bonus_starter'), 0)
    from public.reward_transactions r where r.source_sale_id = p_sale
$$;
create table pg_temp.previewed as
  select 'dario'::text as who, p.points, p.enrollment_commission, p.starter_bonus from public.preview_enrolment(engine_tests.id('kit')) p where false;

select engine_tests.act_as('dario');
insert into pg_temp.previewed select 'dario', p.points, p.enrollment_commission, p.starter_bonus from public.preview_enrolment(engine_tests.id('kit')) p;
select (public.enrol_member('Nora Gil', 'motor.nora@tests.savia', engine_tests.id('kit'))).id as nora \gset
select engine_tests.approve(:'nora');
select results_eq(format($$select * from pg_temp.posted(%L)$$, :'nora'),
  $$select points, enrollment_commission, starter_bonus from pg_temp.previewed where who = 'dario'$$,
  'lo que la aprobación escribió para Darío es exactamente lo anunciado');
select is((select count(distinct beneficiary_id)::integer from public.reward_transactions where source_sale_id = :'nora'),
  1, 'y todo para él, el patrocinador');

-- A plan change moves the preview and the approval together: the enrolment commission goes to 25 %.
select engine_tests.act_as('super');
update public.metadata set enrollment_commission_rate = 0.25 where id = 'app_settings';
select engine_tests.act_as('amparo');
insert into pg_temp.previewed select 'amparo', p.points, p.enrollment_commission, p.starter_bonus from public.preview_enrolment(engine_tests.id('kit')) p;
select results_eq($$select points, enrollment_commission, starter_bonus from pg_temp.previewed where who = 'amparo'$$,
  $$values (40, 25.00::numeric, 30.00::numeric)$$, 'con el plan nuevo: 25 % de 100.00 = 25.00');
select (public.enrol_member('Pía Rey', 'motor.pia@tests.savia', engine_tests.id('kit'))).id as pia \gset
select engine_tests.approve(:'pia');
select results_eq(format($$select * from pg_temp.posted(%L)$$, :'pia'),
  $$select points, enrollment_commission, starter_bonus from pg_temp.previewed where who = 'amparo'$$,
  'y la aprobación de Amparo escribe esas mismas cifras');

-- Who may ask, for what ----------------------------------------------------------------------------------
select engine_tests.act_as('amparo');
select throws_ok($$select * from public.preview_enrolment(engine_tests.id('te'))$$, 'P0001',
  'El kit de inicio elegido no existe o no está a la venta.', 'un producto que no es kit no se enrola');
update public.products set is_active = false where id = engine_tests.id('kit');
select throws_ok($$select * from public.preview_enrolment(engine_tests.id('kit'))$$, 'P0001',
  'El kit de inicio elegido no existe o no está a la venta.', 'ni un kit retirado');
update public.products set is_active = true where id = engine_tests.id('kit');
select engine_tests.act_as('admin');
select throws_ok($$select * from public.preview_enrolment(engine_tests.id('kit'))$$, 'P0001',
  'Solo un miembro con su ficha vinculada puede realizar esta acción.', 'el personal no enrola: no tiene vista previa');
select engine_tests.act_as('nadie');
select throws_ok($$select * from public.preview_enrolment(engine_tests.id('kit'))$$, 'P0001',
  'Solo un miembro con su ficha vinculada puede realizar esta acción.', 'sin sesión tampoco');

-- Addresses that cannot be enrolled, refused with nothing written ------------------------------------------------
-- One sentence whoever's the address is (staff's, a member's, a pending enrolment's): a member does not
-- learn who is who by trying addresses (issue 23 §8).
select engine_tests.act_as('dario');
select count(*) as clients_before from public.clients \gset
select count(*) as sales_before from public.sales \gset
select throws_ok($$select public.enrol_member('Laura', ' Motor.Admin@Tests.Savia ', engine_tests.id('kit'))$$, 'P0001',
  'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.',
  'el correo de una cuenta del personal (en mayúsculas y con espacios) se rechaza');
select engine_tests.act_as('super');
insert into public.staff_invitations (email, role) values ('motor.nueva.admin@tests.savia', 'admin');
select engine_tests.act_as('dario');
select throws_ok($$select public.enrol_member('Nueva', 'motor.nueva.admin@tests.savia', engine_tests.id('kit'))$$, 'P0001',
  'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.',
  'y el de una invitación de personal pendiente, que ganaría al entrar con Google');
select throws_ok($$select public.enrol_member('Elena', 'motor.elena@tests.savia', engine_tests.id('kit'))$$, 'P0001',
  'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.', 'el correo de un miembro registrado se rechaza');
select engine_tests.at('2026-03-10 11:00:00-05');
select (public.enrol_member('Quique Paz', 'motor.quique@tests.savia', engine_tests.id('kit'), '+57 300 000 0001', '1020304050',
                            'Calle 1 # 2-3', 'Medellín', 'transferencia', 'TRX-1')).id as quique \gset
select engine_tests.act_as('olga');
select throws_ok($$select public.enrol_member('Enrique Paz', 'MOTOR.QUIQUE@tests.savia', engine_tests.id('kit'))$$, 'P0001',
  'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.',
  'una persona con un enrolamiento pendiente no se enrola otra vez, ni por otro miembro');
select results_eq($$select (select count(*) from public.clients), (select count(*) from public.sales)$$,
  format($$values (%s::bigint + 1, %s::bigint + 1)$$, :'clients_before', :'sales_before'),
  'de los cuatro intentos solo queda el de Quique: los rechazos no escribieron nada');
select results_eq(format($$select c.enroller_id, c.enrollment_status, c.document_number, c.city, s.payment_reference
                             from public.sales s join public.clients c on c.id = s.client_id where s.id = %L$$, :'quique'),
  format($$values (%L::uuid, 'pending'::text, '1020304050'::text, 'Medellín'::text, 'TRX-1'::text)$$, engine_tests.id('dario')),
  'Quique sigue pendiente bajo Darío, con sus datos');
select engine_tests.act_as('admin');
select lives_ok(format($$select public.reject_sale(%L, 'El comprobante no corresponde al pago')$$, :'quique'), 'el personal rechaza a Quique');
select engine_tests.act_as('olga');
select lives_ok($$select public.enrol_member('Enrique Paz', 'motor.quique@tests.savia', engine_tests.id('kit'))$$,
  'rechazado, ya se puede volver a enrolar');

-- The enrolments a member placed ----------------------------------------------------------------------------
create function pg_temp.mine(p_page integer, p_size integer) returns table (total integer, rows jsonb) language sql as $$
  select (q ->> 'total')::integer,
         coalesce((select jsonb_agg(jsonb_build_object('name', e ->> 'name', 'email', e ->> 'email', 'status', e ->> 'status',
                                                       'enrollment_status', e ->> 'enrollment_status', 'kit', e ->> 'kit_name',
                                                       'reason', e ->> 'rejection_reason') order by n)
                     from jsonb_array_elements(q -> 'enrolments') with ordinality x(e, n)), '[]')
    from public.get_my_enrolments(p_page, p_size) q
$$;
select engine_tests.at('2026-03-10 12:00:00-05');
select engine_tests.act_as('dario');
select results_eq($$select total, rows from pg_temp.mine(1, 10)$$,
  $$values (2, jsonb_build_array(
      jsonb_build_object('name', null, 'email', 'motor.quique@tests.savia', 'status', 'Rechazado', 'enrollment_status', null,
                         'kit', 'Kit de inicio', 'reason', 'El comprobante no corresponde al pago'),
      jsonb_build_object('name', 'Nora Gil', 'email', 'motor.nora@tests.savia', 'status', 'Pagada', 'enrollment_status', 'registered',
                         'kit', 'Kit de inicio', 'reason', null)))$$,
  'Darío ve sus dos enrolamientos, el más reciente primero: Quique rechazado con el motivo (ya bajo Olga: solo el correo que él escribió), Nora aprobada');
select results_eq($$select total, rows -> 0 ->> 'name' from pg_temp.mine(2, 1)$$, $$values (2, 'Nora Gil'::text)$$,
  'página 2 de 1 en 1: Nora, con el total de todos');
select results_eq($$select total, rows from pg_temp.mine(3, 1)$$, $$values (2, '[]'::jsonb)$$, 'pasada la última página: vacía, con el total');
-- Staff later change Quique's address (now Olga's to follow): Darío still reads only the one he typed,
-- Olga the current one.
update public.clients set email = 'quique.nuevo@tests.savia' where email = 'motor.quique@tests.savia';
select results_eq($$select rows -> 0 ->> 'email' from pg_temp.mine(1, 10)$$, $$values ('motor.quique@tests.savia'::text)$$,
  'un cambio de correo posterior no llega a quien lo enroló antes: ve el que él escribió');
select engine_tests.act_as('olga');
select results_eq($$select rows -> 0 ->> 'email' from pg_temp.mine(1, 10)$$, $$values ('quique.nuevo@tests.savia'::text)$$,
  'Olga, que lo tiene en su red, ve el de hoy');
select results_eq($$select total, rows -> 0 ->> 'status' from pg_temp.mine(1, 10)$$, $$values (1, 'Pendiente de Enrolamiento'::text)$$,
  'Olga ve solo el suyo, pendiente, y ninguno de Darío');
select engine_tests.act_as('elena');
select results_eq($$select total, rows from pg_temp.mine(1, 10)$$, $$values (0, '[]'::jsonb)$$, 'quien no enroló a nadie no ve nada');
select throws_ok($$select public.get_my_enrolments(0, 10)$$, 'P0001', 'Página no válida: página desde 1, tamaño de 1 a 100.', 'página 0 no');
select engine_tests.act_as('admin');
select throws_ok($$select public.get_my_enrolments(1, 10)$$, 'P0001',
  'Solo un miembro con su ficha vinculada puede realizar esta acción.', 'es la lista de un miembro: el personal usa Ventas');

select is_empty($$select * from private.engine_invariant_violations()$$, 'invariantes del motor');

select * from finish();
rollback;
