-- Payouts through a bank (issue 24): the member's validated payout account in versions, the request
-- approved with (and kept to) the account of that moment, the company's file settings, the payment
-- files (Bancolombia PAB, byte for byte, and the plain CSV) as batches that cannot pay twice, and the
-- bank's reply, previewed and then applied line by line in one transaction. On the engine's fixture
-- (50_engine_fixture.psql: each member has a Bancolombia savings account in their name).
--
-- March 2026: Elena buys 1 × Lavanda (500 pts) and Darío 1 × Lavanda (500 pts); Fabio buys 10 ×
-- Lavanda (base 100.00). At the close Elena keeps g1 ★1 10 % of 100.00 = 10.00; Darío keeps g2 ★2
-- 5 % of 100.00 = 5.00, g1 ★2 10 % of Elena's 10.00 = 1.00 and his ★2 volume bonus, 2 % of the 110.00
-- his downline bought = 2.20: 8.20 in all. The others were inactive.
begin;
\ir 50_engine_fixture.psql
select plan(106);

create schema pay_tests;
-- What a statement is refused with: «code · detail · message» (detail: the field a form marks).
create function pay_tests.refusal(p_sql text) returns text language plpgsql as $$
declare
  v_hint text;
  v_detail text;
  v_message text;
begin
  begin
    execute p_sql;
  exception when others then
    get stacked diagnostics v_hint = pg_exception_hint, v_detail = pg_exception_detail, v_message = message_text;
    return concat_ws(' · ', replace(v_hint, 'savia:', ''), nullif(v_detail, ''), v_message);
  end;
  return 'sin negativa';
end
$$;
create function pay_tests.save(p_institution text, p_type text, p_number text, p_holder text, p_doc_type text, p_doc text)
returns text language sql as $$
  select format('select public.save_payout_account(%L, %L, %L, %L, %L, %L)', p_institution, p_type, p_number, p_holder, p_doc_type, p_doc)
$$;
create function pay_tests.current_account(p_key text) returns public.payout_accounts language sql as $$
  select a from public.payout_accounts a where a.client_id = engine_tests.id(p_key) and a.replaced_at is null
$$;

-- References and dates that do not depend on what ran before: the request numbers start at 501.
alter table public.payout_requests alter column number restart with 501;
update public.metadata set min_payout = 1.00 where id = 'app_settings';
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('dario', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '10')));
select engine_tests.at('2026-04-01 00:30:00-05');
select lives_ok($$select private.close_period('2026-03-01', null)$$, 'se cierra marzo');
select results_eq(format($$select available from public.get_balance(%L) union all select available from public.get_balance(%L)$$,
                         engine_tests.id('elena'), engine_tests.id('dario')),
  $$values (10.00::numeric), (8.20)$$, 'Elena tiene 10.00 disponibles y Darío 8.20');

-- 1. The account: each field checked for its bank and document, the refusal naming the field -------------
select engine_tests.at('2026-04-01 09:00:00-05');
select engine_tests.act_as('elena');
select is(pay_tests.refusal(pay_tests.save('9999', 'ahorros', '12345678901', 'Elena Vega', 'CC', '10000005')),
  'invalid_payout_account · institution_code · Elige un banco o billetera de la lista: la empresa no paga a esa entidad.',
  'una entidad que no está en la lista se rechaza en su campo');
select is(pay_tests.refusal(pay_tests.save('1507', 'corriente', '3005550199', 'Elena Vega', 'CC', '10000005')),
  'invalid_payout_account · account_type · Nequi admite depósito electrónico (el celular).',
  'Nequi no tiene cuentas corrientes');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '1234567890', 'Elena Vega', 'CC', '10000005')),
  'invalid_payout_account · account_number · El número de Bancolombia tiene 11 dígitos, sin letras.',
  'una cuenta de Bancolombia tiene 11 dígitos');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '1234567890A', 'Elena Vega', 'CC', '10000005')),
  'invalid_payout_account · account_number · El número de Bancolombia tiene 11 dígitos, sin letras.', 'y sin letras');
select is(pay_tests.refusal(pay_tests.save('1507', 'deposito_electronico', '6005550199', 'Elena Vega', 'CC', '10000005')),
  'invalid_payout_account · account_number · El número de Nequi tiene 10 dígitos y empieza por 3 (es el celular), sin letras.',
  'un Nequi es un celular: 10 dígitos que empiezan por 3');
select is(pay_tests.refusal(pay_tests.save('1051', 'ahorros', '1234567890123', 'Elena Vega', 'CC', '10000005')),
  'invalid_payout_account · account_number · El número de Davivienda tiene 12 dígitos, sin letras.', 'Davivienda, 12');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', '=HYPERLINK("x")', 'CC', '10000005')),
  'formula_not_allowed · holder_name · No empieces el nombre del titular con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.',
  'un titular que empieza por = se rechaza: llegaría al archivo del banco');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', '+57 Elena', 'CC', '10000005')),
  'formula_not_allowed · holder_name · No empieces el nombre del titular con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'ni por +');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', '@Elena', 'CC', '10000005')),
  'formula_not_allowed · holder_name · No empieces el nombre del titular con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'ni por @');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Elena 2', 'CC', '10000005')),
  'invalid_payout_account · holder_name · El nombre del titular va como en el banco: entre 3 y 60 letras y espacios (se admiten tildes, ñ, apóstrofo, punto y guion).',
  'el nombre del titular son letras');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Elena Vega', 'CC', '0100005')),
  'invalid_payout_account · holder_document_number · La cédula de ciudadanía tiene entre 5 y 10 dígitos, sin puntos ni letras, y no empieza por 0.',
  'una cédula no empieza por 0');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Elena Vega', 'CE', '12A45')),
  'invalid_payout_account · holder_document_number · La cédula de extranjería tiene entre 6 y 10 dígitos, sin puntos ni letras.',
  'una cédula de extranjería son dígitos');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Elena Vega', 'NIT', '900123456-7')),
  'invalid_payout_account · holder_document_number · El dígito de verificación del NIT 900123456 no es 7: revisa el número.',
  'un NIT con el dígito de verificación equivocado se rechaza (el de 900123456 es 8)');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Elena Vega', 'RC', '10000005')),
  'invalid_payout_account · holder_document_type · El tipo de documento es CC (cédula de ciudadanía), CE (cédula de extranjería), NIT o PA (pasaporte).',
  'un tipo de documento fuera de la lista se rechaza');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Elena Vega', 'CC', '20000005')),
  'payout_holder_not_member · holder_document_number · La cuenta debe estar a tu nombre: el documento del titular no es el de tu ficha. Si necesitas cobrar en la cuenta de otra persona, pide a la empresa que lo autorice.',
  'la cuenta de otra persona se rechaza: el titular es el propio miembro');

select is((pay_tests.current_account('elena')).account_number, '10000000005', 'nada de eso cambió la cuenta de Elena');
select (pay_tests.current_account('elena')).id as elena_v1 \gset
select is((public.save_payout_account('1007', 'ahorros', '100-000000-05', ' Elena   Vega ', 'CC', '10.000.005')).id, :'elena_v1'::uuid,
  'guardar la misma cuenta escrita de otra forma no es un cambio: sigue la misma versión');

-- 2. The request uses the account; the approval fixes the one of that moment --------------------------------
select engine_tests.at('2026-04-02 09:00:00-05');
select (public.request_payout(4.00)).id as p1 \gset
select (public.request_payout(3.00)).id as p2 \gset
select engine_tests.act_as('dario');
select (public.request_payout(5.00)).id as p3 \gset
select is((select payout_account_id from public.payout_requests where id = :'p1'), null, 'una solicitud pendiente aún no fija la cuenta');

select engine_tests.act_as('admin');
select engine_tests.at('2026-04-03 10:00:00-05');
select is((public.approve_payout(:'p1')).payout_account_id, :'elena_v1'::uuid, 'al aprobarla queda fijada la cuenta vigente de Elena');

-- Elena moves her money to Nequi (her mobile) on April 3: the next request goes there.
select engine_tests.at('2026-04-03 12:00:00-05');
select engine_tests.act_as('elena');
select (public.save_payout_account('1507', 'deposito_electronico', '300 555 0199', 'Elena Vega', 'CC', '10000005')).id as elena_v2 \gset
select isnt(:'elena_v2'::uuid, :'elena_v1'::uuid, 'cambiar de cuenta crea una versión nueva');
select is((select replaced_at from public.payout_accounts where id = :'elena_v1'), '2026-04-03 12:00:00-05'::timestamptz,
  'la anterior queda reemplazada, con su momento');
select is((select count(*)::integer from public.audit_logs where table_name = 'payout_accounts' and row_id in (:'elena_v1', :'elena_v2')), 3,
  'todo queda en la bitácora: la primera cuenta, su reemplazo y la nueva');

select engine_tests.act_as('admin');
select engine_tests.at('2026-04-06 09:00:00-05');
select results_eq(format($$select reference, account_institution, account_number, account_changed_days from public.get_payout_queue(array['approved', 'pending']) where client_id = %L order by requested_at, reference$$, engine_tests.id('elena')),
  $$values ('RET-000501'::text, 'Bancolombia'::text, '10000000005'::text, null::integer), ('RET-000502', 'Nequi', '3005550199', 3)$$,
  'Pagos: la aprobada va a la cuenta con que se aprobó; la pendiente, a la nueva, con «cuenta cambiada hace 3 días»');
select is((public.approve_payout(:'p2')).payout_account_id, :'elena_v2'::uuid, 'aprobada con la cuenta de Nequi, la vigente');
select is((public.approve_payout(:'p3')).payout_account_id, (pay_tests.current_account('dario')).id, 'y la de Darío con la suya');

-- Changing the account after the approval does not move the money.
select engine_tests.act_as('elena');
select lives_ok(pay_tests.save('1007', 'ahorros', '10000000099', 'Elena Vega', 'CC', '10000005'), 'Elena vuelve a cambiar de cuenta');
select results_eq(format($$select payout_account_id from public.payout_requests where id in (%L, %L) order by number$$, :'p1', :'p2'),
  format($$values (%L::uuid), (%L::uuid)$$, :'elena_v1', :'elena_v2'), 'sus solicitudes aprobadas conservan las cuentas con que se aprobaron');
select engine_tests.act_as('admin');
select is(pay_tests.refusal(format($$update public.payout_requests set payout_account_id = %L where id = %L$$, (pay_tests.current_account('elena')).id, :'p2')),
  'invalid_transition · La cuenta de pago de un retiro se fija al aprobarlo y ya no cambia.',
  'ni escribiendo la tabla: la cuenta de una solicitud aprobada no cambia');
select is(pay_tests.refusal(format($$update public.payout_accounts set account_number = '10000000077' where id = %L$$, :'elena_v2')),
  'append_only · Una cuenta de pago guardada no se modifica: cambiarla crea una versión nueva.', 'una versión de cuenta no se reescribe');
select is(pay_tests.refusal(format($$delete from public.payout_accounts where id = %L$$, :'elena_v1')),
  'append_only · La tabla payout_accounts es de solo anexado: sus filas no se pueden modificar ni borrar; registra un movimiento o asiento compensatorio.',
  'ni se borra');
select results_eq(format($$select reference, account_changed_days from public.get_payout_queue(array['approved']) where client_id = %L order by reference$$, engine_tests.id('elena')),
  $$values ('RET-000501'::text, null::integer), ('RET-000502', 3)$$,
  'la primera solicitud hacia la cuenta cambiada sigue avisando; la de la cuenta de siempre, no');

-- A member without an account cannot ask; a pending request whose member has none cannot be approved.
insert into public.clients (name, email, enrollment_status, joined_at, document_number)
values ('Nina Sin Cuenta', 'motor.nina@tests.savia', 'registered', private.engine_now(), 'CC 10000009') returning id as nina \gset
insert into engine_tests.ids values ('nina', :'nina', engine_tests.user_for('motor.nina@tests.savia'));
select engine_tests.act_as('nina');
select is(pay_tests.refusal('select public.request_payout(5.00)'),
  'payout_account_required · Registra en Mi Cuenta la cuenta donde quieres recibir tus retiros antes de solicitar uno.',
  'sin cuenta registrada no se pide un retiro');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Nina Sin Cuenta', 'CC', '10000008')),
  'payout_holder_not_member · holder_document_number · La cuenta debe estar a tu nombre: el documento del titular no es el de tu ficha. Si necesitas cobrar en la cuenta de otra persona, pide a la empresa que lo autorice.',
  'Nina tampoco puede registrar la cuenta de otra persona');

-- Only a NIT is compared without its check digit: Nico's record says 123456789, so the NIT 123456789-x
-- is his, but a CC or a passport that merely starts with those nine characters is somebody else's.
select private.nit_check_digit('123456789') as nico_dv \gset
insert into public.clients (name, email, enrollment_status, joined_at, document_number)
values ('Nico Nueve', 'motor.nico@tests.savia', 'registered', private.engine_now(), 'CC 123456789') returning id as nico \gset
insert into engine_tests.ids values ('nico', :'nico', engine_tests.user_for('motor.nico@tests.savia'));
select engine_tests.act_as('nico');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Otra Persona', 'CC', '1234567890')),
  'payout_holder_not_member · holder_document_number · La cuenta debe estar a tu nombre: el documento del titular no es el de tu ficha. Si necesitas cobrar en la cuenta de otra persona, pide a la empresa que lo autorice.',
  'una cédula que solo empieza por el documento del miembro es de otra persona');
select is(pay_tests.refusal(pay_tests.save('1007', 'ahorros', '12345678901', 'Otra Persona', 'PA', '123456789X')),
  'payout_holder_not_member · holder_document_number · La cuenta debe estar a tu nombre: el documento del titular no es el de tu ficha. Si necesitas cobrar en la cuenta de otra persona, pide a la empresa que lo autorice.',
  'y también un pasaporte');
select is((public.save_payout_account('1007', 'ahorros', '12345678901', 'Nico Nueve', 'NIT', '123456789-' || :'nico_dv')).holder_is_member, true,
  'su NIT (su cédula y el dígito de verificación) sí es suyo');

-- A superadmin may allow another holder (with a reason); an admin may not; and not removed while in use.
select engine_tests.act_as('admin');
select is(pay_tests.refusal(format($$select public.set_payout_holder_exception(%L, true, 'Cuenta de su esposo')$$, :'nina')),
  'forbidden · Solo un superadmin puede permitir que un miembro cobre en la cuenta de otra persona.', 'un admin no da ese permiso');
select engine_tests.act_as('super');
select is(pay_tests.refusal(format($$select public.set_payout_holder_exception(%L, true, 'x')$$, :'nina')),
  'reason_required · reason · Indica por qué puede cobrar en la cuenta de otra persona (entre 3 y 300 caracteres).', 'el permiso lleva su motivo');
select ok(public.set_payout_holder_exception(:'nina', true, 'Cobra en la cuenta de su esposo'), 'un superadmin lo permite, con el motivo');
select engine_tests.act_as('nina');
select is((public.save_payout_account('1007', 'ahorros', '12345678901', 'Pedro Esposo', 'NIT', '900.123.456-8')).holder_is_member, false,
  'entonces Nina registra la cuenta de otro titular (un NIT con su dígito de verificación), marcada como de otro titular');
select engine_tests.act_as('super');
select is(pay_tests.refusal(format($$select public.set_payout_holder_exception(%L, false)$$, :'nina')),
  'payout_holder_in_use · Su cuenta de pago vigente es de otra persona: pídele que registre una a su nombre antes de quitar el permiso.',
  'el permiso no se quita mientras su cuenta sea de otro titular');

-- A bank the company no longer pays to: no request, no approval.
update public.payout_institutions set enabled = false where code = '1007';
select engine_tests.act_as('dario');
select is(pay_tests.refusal('select public.request_payout(1.00)'),
  'payout_account_required · La empresa ya no paga a Bancolombia: registra otra cuenta para tus retiros en Mi Cuenta.',
  'con el banco de su cuenta deshabilitado, Darío no puede pedir');
update public.payout_institutions set enabled = true where code = '1007';

-- 3. The company's side of the file ---------------------------------------------------------------------------
select engine_tests.act_as('admin');
select is(pay_tests.refusal($$select public.save_payout_file_settings('900123456-8', '12345678900', 'ahorros', '220', '{bancolombia_pab}')$$),
  'forbidden · Solo un superadmin puede cambiar los datos de los archivos de pago.', 'un admin no cambia los datos del archivo');
select engine_tests.act_as('super');
select is(pay_tests.refusal($$select public.save_payout_file_settings('900123456-7', '12345678900', 'ahorros', '220', '{}')$$),
  'invalid_settings · company_nit · El dígito de verificación del NIT 900123456 es 8, no 7: revisa el número.', 'el NIT se comprueba con su dígito');
select is(pay_tests.refusal($$select public.save_payout_file_settings('900123456-8', '1234567890', 'ahorros', '220', '{}')$$),
  'invalid_settings · debit_account_number · La cuenta de Bancolombia que se debita tiene 11 dígitos.', 'la cuenta que se debita, 11 dígitos');
select is(pay_tests.refusal($$select public.save_payout_file_settings('900123456-8', null, null, '220', '{bancolombia_pab}')$$),
  'invalid_settings · debit_account_number · Para usar Bancolombia PAB indica el NIT de la empresa y la cuenta que se debita, con su tipo.',
  'PAB necesita la cuenta que se debita');
select is(pay_tests.refusal($$select public.save_payout_file_settings('900123456-8', '12345678900', 'ahorros', '220', '{bancolombia_pab}')$$),
  'layout_currency · enabled_layouts · El formato PAB de Bancolombia paga en pesos colombianos (COP) y la moneda de la empresa es USD: usa el CSV simple o cambia la moneda en Configuración.',
  'PAB paga pesos: con la empresa en USD no se habilita');
update public.metadata set currency = 'COP' where id = 'app_settings';
select results_eq($$select company_nit, company_nit_dv, debit_account_number, enabled_layouts from public.save_payout_file_settings('900.123.456-8', '123-456789-00', 'ahorros', '220', '{bancolombia_pab}')$$,
  $$values ('900123456'::text, 8::smallint, '12345678900'::text, '{bancolombia_pab}'::text[])$$,
  'en pesos, el superadmin habilita PAB: el NIT se guarda sin su dígito, que queda aparte');

-- 4. The payment file: exactly the approved requests chosen, never twice -------------------------------------
select engine_tests.act_as('elena');
select is(pay_tests.refusal(format($$select public.export_payout_file(array[%L]::uuid[], 'csv')$$, :'p1')),
  'forbidden · Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no genera archivos de pago');
select engine_tests.act_as('admin');
select engine_tests.at('2026-04-06 10:00:00-05');
select is(pay_tests.refusal($$select public.export_payout_file('{}', 'csv')$$),
  'invalid_selection · Elige al menos una solicitud aprobada para el archivo.', 'un archivo vacío no se genera');
select is(pay_tests.refusal(format($$select public.export_payout_file(array[%L]::uuid[], 'xml')$$, :'p1')),
  'invalid_layout · El formato del archivo es Bancolombia PAB o CSV simple.', 'ni en un formato que no existe');
select engine_tests.act_as('dario');
select (public.request_payout(1.00)).id as p4 \gset
select engine_tests.act_as('admin');
select is(pay_tests.refusal(format($$select public.export_payout_file(array[%L, %L]::uuid[], 'bancolombia_pab')$$, :'p1', :'p4')),
  'invalid_transition · La solicitud RET-000504 está pendiente: el archivo lleva solo solicitudes aprobadas.',
  'una solicitud pendiente no va al archivo (y no se genera ninguno)');
select is((select count(*)::integer from public.payout_batches), 0, 'no quedó ningún archivo a medias');

select (public.export_payout_file(array[:'p1', :'p2', :'p3']::uuid[], 'bancolombia_pab')).id as batch1 \gset
select results_eq(format($$select layout, application_date, day_sequence, payout_count, total_amount, currency from public.payout_batches where id = %L$$, :'batch1'),
  $$values ('bancolombia_pab'::text, '2026-04-06'::date, 1::smallint, 3, 12.00::numeric, 'COP'::text)$$,
  'el archivo lleva las tres aprobadas elegidas: 4.00 + 3.00 + 5.00 = 12.00, primero del día');

-- The file, byte for byte: a control record and a detail per request, 264 characters each, CR LF.
select is((select content from public.download_payout_batch_file(:'batch1')),
     '1000000900123456I               220RETIROS   20260406A 20260406000003000000000000000000000000000000120012345678900S' || repeat(' ', 149) || E'\r\n'
  || '610000005       ELENA VEGA                    00000100710000000005      S370000000000000040020260406RET-000501           100000' || repeat(' ', 137) || E'\r\n'
  || '610000005       ELENA VEGA                    0000015073005550199       S370000000000000030020260406RET-000502           100000' || repeat(' ', 137) || E'\r\n'
  || '610000004       DARIO LEON                    00000100710000000004      S370000000000000050020260406RET-000503           100000' || repeat(' ', 137) || E'\r\n',
  'PAB: NIT sin dígito, clase 220, secuencia A, 3 registros, 12.00 en centavos, la cuenta de ahorros que se debita; cada detalle con el documento, el nombre sin tildes, el banco (Nequi 1507), la cuenta, 37 ahorros, el valor, la fecha y la referencia RET');
select results_eq(format($$select char_length(l), count(*)::integer from regexp_split_to_table((select content from public.download_payout_batch_file(%L)), E'\r\n') l where l <> '' group by 1$$, :'batch1'),
  $$values (264, 4)$$, 'los cuatro registros miden 264');
select results_eq(format($$select download_count from public.download_payout_batch_file(%L)$$, :'batch1'), $$values (3)$$,
  'cada descarga se cuenta (van tres): generar el archivo de nuevo se ve, y da los mismos bytes');

-- Generated twice never pays twice: a request waiting for the bank is in no other file, nor paid or rejected by hand.
select is(pay_tests.refusal(format($$select public.export_payout_file(array[%L]::uuid[], 'csv')$$, :'p1')),
  'payout_in_bank_file · La solicitud RET-000501 ya está en el archivo de pago N.º ' || (select batch_no from public.payout_batches where id = :'batch1')
    || ', que espera la respuesta del banco: descárgalo de nuevo o anúlalo antes de ponerla en otro.',
  'una solicitud que espera al banco no entra en otro archivo');
-- What a new file can take: the approved requests waiting in no file, left out before the page is cut
-- («Exportar archivo de pago» asks for one page; three oldest in a file must not hide a fourth).
select engine_tests.act_as('dario');
select (public.request_payout(1.00)).id as p5 \gset
select engine_tests.act_as('admin');
select is((public.approve_payout(:'p5')).status, 'approved', 'Darío tiene otra aprobada, fuera de todo archivo');
select results_eq($$select open_batch_no is not null, total from public.get_payout_queue(array['approved'], 1, 1)$$,
  $$values (true, 4::bigint)$$, 'sin el filtro, la primera página de una es la más antigua, que ya está en el archivo');
select results_eq($$select reference, total from public.get_payout_queue(array['approved'], 1, 1, null, true)$$,
  $$values ('RET-000505'::text, 1::bigint)$$, 'con él, la única que puede ir en un archivo nuevo');
select is((public.reject_payout(:'p5', 'Se paga en el próximo archivo')).status, 'rejected', 'y se rechaza, para seguir como antes');
select is(pay_tests.refusal(format($$select public.pay_payout(%L, 'TRF-1')$$, :'p1')),
  'payout_in_bank_file · La solicitud está en el archivo de pago N.º ' || (select batch_no from public.payout_batches where id = :'batch1')
    || ', que espera la respuesta del banco: se marca pagada con esa respuesta («Marcar pagados») o anulando el archivo si no lo cargaste en el banco.',
  'ni se marca pagada a mano');
select is(pay_tests.refusal(format($$select public.reject_payout(%L, 'Ya no')$$, :'p1')),
  'payout_in_bank_file · La solicitud está en el archivo de pago N.º ' || (select batch_no from public.payout_batches where id = :'batch1')
    || ', que espera la respuesta del banco: se rechaza con esa respuesta («Marcar pagados») o anulando el archivo si no lo cargaste en el banco.',
  'ni se rechaza a mano');

-- Which file a reply answers: the person chooses it in the dialog (here, the first file; later the second).
create function pay_tests.batch() returns bigint language sql stable as $$ select current_setting('pay.batch')::bigint $$;
select set_config('pay.batch', (select batch_no::text from public.payout_batches where id = :'batch1'), false) is not null as ok \gset
-- 5. The bank's reply: previewed line by line, nothing written --------------------------------------------------
-- The bank's report saved as CSV (semicolons, titles in its own order and words, a trailing blank line).
create function pay_tests.reply() returns text language sql immutable as $$
  select E'Referencia;Estado;Motivo;Valor;Comprobante\r\nRET-000501;Pagado;;4,00;TRX-88\r\nret 503;RECHAZADO;Cuenta embargada;5.00\r\n'
      || E'RET-000502;Aplicado;;4,00\r\nRET-000999;pagado;;1\r\nRET-000504;pagado;;1,00\r\nRET-000501;pagado;;4\r\n'
      || E'RET-000502;en proceso\r\nRET-000502;rechazado;=HYPERLINK("x")\r\n\r\n'
$$;
select engine_tests.act_as('elena');
select is(pay_tests.refusal(format('select * from public.preview_payout_reply(%L, pay_tests.batch())', pay_tests.reply())),
  'forbidden · Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lee respuestas del banco');
select engine_tests.act_as('admin');
select results_eq(format('select line_no, reference, action, message from public.preview_payout_reply(%L, pay_tests.batch())', pay_tests.reply()),
  $$values (2, 'RET-000501'::text, 'pay'::text, 'Se marca pagada: $' || chr(160) || '4 a Elena Vega, archivo N.º ' || (select batch_no from public.payout_batches limit 1) || '.'),
           (3, 'RET-000503', 'bank_rejected', 'Sigue aprobada: el banco no la pagó (Cuenta embargada).'),
           (4, 'RET-000502', 'refused', 'El archivo dice $' || chr(160) || '4 y la solicitud RET-000502 es de $' || chr(160) || '3: no se aplica.'),
           (5, 'RET-000999', 'refused', 'No hay ninguna solicitud de retiro RET-000999.'),
           (6, 'RET-000504', 'refused', 'La solicitud RET-000504 está pendiente: solo se marca una aprobada.'),
           (7, 'RET-000501', 'refused', 'La línea 2 ya trae la solicitud RET-000501: cada una va una sola vez.'),
           (8, 'RET-000502', 'refused', 'La línea 4 ya trae la solicitud RET-000502: cada una va una sola vez.'),
           (9, 'RET-000502', 'refused', 'La línea 4 ya trae la solicitud RET-000502: cada una va una sola vez.')$$,
  'cada línea con lo que haría y por qué: paga, deja aprobada con el motivo del banco, o rechaza (otro valor, referencia desconocida, no aprobada, repetida)');
select results_eq($$select status, count(*)::integer from public.payout_requests group by 1 order by 1$$,
  $$values ('approved'::text, 3), ('pending', 1), ('rejected', 1)$$, 'la vista previa no cambió nada');
select results_eq(format('select line_no, action, message from public.preview_payout_reply(%L, pay_tests.batch())',
                         E'RET-000502;en proceso\r\nRET-000502;rechazado;=HYPERLINK("x")\r\nRET-000502;pagado;;abc\r\nRET-000503;pagado;;5;+57 311'),
  $$values (1, 'refused'::text, 'Estado «en proceso» desconocido: se espera pagado o rechazado.'::text),
           (2, 'refused', 'La línea 1 ya trae la solicitud RET-000502: cada una va una sola vez.'),
           (3, 'refused', 'La línea 1 ya trae la solicitud RET-000502: cada una va una sola vez.'),
           (4, 'refused', 'El motivo o el comprobante empieza por =, + o @: una hoja de cálculo lo ejecutaría como fórmula.')$$,
  'sin títulos, las columnas van en orden: un estado desconocido y un comprobante que empieza por + se rechazan');
select results_eq(format('select line_no, action, message from public.preview_payout_reply(%L, pay_tests.batch())', E'RET-000502,rechazado,"=HYPERLINK(""x"")"\nRET-000501,pagado,,"4,00"'),
  $$values (1, 'refused'::text, 'El motivo o el comprobante empieza por =, + o @: una hoja de cálculo lo ejecutaría como fórmula.'::text),
           (2, 'pay', 'Se marca pagada: $' || chr(160) || '4 a Elena Vega, archivo N.º ' || (select batch_no from public.payout_batches limit 1) || '.')$$,
  'con comas y comillas (RFC 4180): un motivo que empieza por = se rechaza; «4,00» entre comillas es un valor');
select results_eq(format('select line_no, reference, message from public.preview_payout_reply(%L, pay_tests.batch())', E'RET-1000501;pagado\r\nRET-999999999;pagado'),
  $$values (1, 'RET-1000501'::text, 'No hay ninguna solicitud de retiro RET-1000501.'::text),
           (2, 'RET-999999999', 'No hay ninguna solicitud de retiro RET-999999999.')$$,
  'una referencia de más de seis cifras se lee y se dice entera (nunca cortada a otra solicitud)');
select is(private.payout_reference(1234567), 'RET-1234567', 'la referencia de la solicitud 1234567 lleva sus siete cifras');
select is(pay_tests.refusal($$select * from public.preview_payout_reply(E'\r\n  \r\n', pay_tests.batch())$$),
  'reply_empty · El archivo está vacío: elige la respuesta del banco o un CSV con referencia y estado.', 'un archivo vacío se dice');

-- 6. Applied: only if the preview still holds, all in one transaction -----------------------------------------
select is(pay_tests.refusal(format($$select * from public.apply_payout_reply(%L, 'otra', pay_tests.batch())$$, pay_tests.reply())),
  'reply_changed · La respuesta ya no hace lo que mostraba la vista previa (alguien pagó, rechazó o anuló algo mientras tanto): revisa la vista previa de nuevo.',
  'sin la vista previa que se confirmó, nada se aplica');
select (select digest from public.preview_payout_reply(pay_tests.reply(), pay_tests.batch()) limit 1) as digest \gset
select engine_tests.at('2026-04-07 11:00:00-05');
select results_eq(format($$select line_no, action from public.apply_payout_reply(%L, %L, pay_tests.batch()) where action <> 'refused'$$, pay_tests.reply(), :'digest'),
  $$values (2, 'pay'::text), (3, 'bank_rejected')$$, 'confirmada la vista previa, se aplican sus dos líneas válidas');
select results_eq(format($$select number, status, paid_at, payment_reference from public.payout_requests where id in (%L, %L, %L) order by number$$, :'p1', :'p2', :'p3'),
  $$values (501::bigint, 'paid'::text, '2026-04-07 11:00:00-05'::timestamptz, 'TRX-88'::text), (502, 'approved', null, null), (503, 'approved', null, null)$$,
  'RET-000501 queda pagada con el comprobante del banco; la 502 (otro valor) y la 503 (devuelta) siguen aprobadas');
select results_eq(format($$select i.payout_id, i.outcome, i.bank_reason from public.payout_batch_items i where i.batch_id = %L order by i.line_no$$, :'batch1'),
  format($$values (%L::uuid, 'paid'::text, null::text), (%L, 'sent', null), (%L, 'failed', 'Cuenta embargada')$$, :'p1', :'p2', :'p3'),
  'en el archivo: pagada, devuelta con el motivo del banco, y la 502 aún espera respuesta');
select results_eq(format($$select available, reserved, paid from public.get_balance(%L) union all select available, reserved, paid from public.get_balance(%L)$$,
                         engine_tests.id('elena'), engine_tests.id('dario')),
  $$values (3.00::numeric, 3.00::numeric, 4.00::numeric), (2.20, 6.00, 0.00)$$,
  'Elena: 4.00 pasaron de reservado a pagado (le quedan 3.00 reservados); Darío sigue con 5.00 + 1.00 reservados');
select results_eq(format($$select reference, bank_reason, open_batch_no from public.get_payout_queue(array['approved']) where id = %L$$, :'p3'),
  $$values ('RET-000503'::text, 'Cuenta embargada'::text, null::bigint)$$, 'Pagos muestra el motivo del banco y que ya no espera en ningún archivo');

-- The same reply again is refused whole, before its preview: a reply answers one file, once.
select is(pay_tests.refusal(format('select * from public.preview_payout_reply(%L, pay_tests.batch())', pay_tests.reply())),
  'reply_already_applied · Esta respuesta del banco ya se aplicó: cada respuesta se aplica una sola vez. Si el banco envió otra, elige ese archivo.',
  'la misma respuesta otra vez no tiene vista previa');
select is(pay_tests.refusal(format($$select * from public.apply_payout_reply(%L, %L, pay_tests.batch())$$, pay_tests.reply(), :'digest')),
  'reply_already_applied · Esta respuesta del banco ya se aplicó: cada respuesta se aplica una sola vez. Si el banco envió otra, elige ese archivo.',
  'ni se aplica');

-- A preview that went stale (someone voided the file meanwhile) is refused whole.
select (select digest from public.preview_payout_reply(E'RET-000502;pagado;;3,00', pay_tests.batch()) limit 1) as digest3 \gset
select is(pay_tests.refusal(format($$select public.void_payout_batch(%L, 'x')$$, :'batch1')),
  'reason_required · reason · Indica por qué anulas el archivo (entre 3 y 300 caracteres).', 'anular pide un motivo');
select is(pay_tests.refusal(format($$select public.void_payout_batch(%L, '@no se cargó')$$, :'batch1')),
  'formula_not_allowed · reason · No empieces el motivo con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'sin fórmulas');
select ok((public.void_payout_batch(:'batch1', 'No se cargó en el banco: error en la sucursal virtual')).voided_at is not null,
  'el archivo se anula (la 502 nunca llegó al banco)');
select is(pay_tests.refusal(format($$select * from public.apply_payout_reply(%L, %L, pay_tests.batch())$$, E'RET-000502;pagado;;3,00', :'digest3')),
  'reply_changed · La respuesta ya no hace lo que mostraba la vista previa (alguien pagó, rechazó o anuló algo mientras tanto): revisa la vista previa de nuevo.',
  'la vista previa de antes de anular ya no vale');
select is((select status from public.payout_requests where id = :'p2'), 'approved', 'y la 502 sigue aprobada');
select results_eq(format($$select outcome, count(*)::integer from public.payout_batch_items where batch_id = %L group by 1 order by 1$$, :'batch1'),
  $$values ('failed'::text, 1), ('paid', 1), ('voided', 1)$$, 'anular solo toca las líneas sin respuesta');
select is(pay_tests.refusal(format($$select * from public.download_payout_batch_file(%L)$$, :'batch1')),
  'batch_voided · El archivo de pago N.º ' || (select batch_no from public.payout_batches where id = :'batch1')
    || ' está anulado: no lo cargues en el banco; genera uno nuevo con las solicitudes aprobadas.', 'un archivo anulado no se descarga');
select is(pay_tests.refusal(format($$select public.void_payout_batch(%L, 'Otra vez')$$, :'batch1')),
  'batch_voided · El archivo de pago N.º ' || (select batch_no from public.payout_batches where id = :'batch1') || ' ya está anulado.', 'ni se anula dos veces');

-- The one the bank returned (503) and the voided one (502) go in a new file, the next day, as a plain CSV.
select (public.export_payout_file(array[:'p2', :'p3']::uuid[], 'csv')).id as batch2 \gset
select is((select content from public.download_payout_batch_file(:'batch2')),
     E'Referencia,Banco,Código del banco,Tipo de cuenta,Número de cuenta,Titular,Tipo de documento,Documento,Valor,Moneda,Fecha de aplicación\r\n'
  || E'RET-000502,Nequi,1507,Depósito electrónico,3005550199,Elena Vega,CC,10000005,3.00,COP,2026-04-07\r\n'
  || E'RET-000503,Bancolombia,1007,Ahorros,10000000004,Darío León,CC,10000004,5.00,COP,2026-04-07\r\n',
  'el CSV simple: una línea por transferencia, con la cuenta con que se aprobó cada una');
select is((select encoding from public.download_payout_batch_file(:'batch2')), 'UTF-8', 'en UTF-8 (PAB va en ISO-8859-1)');
-- A report about the first file that the bank sends again later, with other bytes (cumulative, or saved anew):
-- its «rechazado» for 503 answered the first file, and must not settle 503's line in this one.
select results_eq(format('select action, message from public.preview_payout_reply(%L, pay_tests.batch())', E'Referencia;Estado;Motivo\nRET-000503;rechazado;Cuenta embargada'),
  format($$values ('refused'::text, 'La solicitud RET-000503 está en el archivo N.º %s, no en el N.º %s: esta línea responde a otro archivo.'::text)$$,
         (select batch_no from public.payout_batches where id = :'batch2'), pay_tests.batch()),
  'una línea de la respuesta al primer archivo no toca la solicitud que ahora está en el segundo');
select is(pay_tests.refusal('select * from public.preview_payout_reply(''RET-000503;pagado'', 999999)'),
  'batch_not_found · No existe el archivo de pago N.º 999999: elige el archivo al que responde el banco.', 'un archivo que no existe se dice');
select set_config('pay.batch', (select batch_no::text from public.payout_batches where id = :'batch2'), false) is not null as ok \gset
-- The first file's reply, saved again (other line endings, no last empty line), uploaded by mistake now that
-- 503 waits in this file: its «rechazado» answered the first file, not this one.
select is(pay_tests.refusal(format('select * from public.preview_payout_reply(%L, pay_tests.batch())', rtrim(replace(pay_tests.reply(), E'\r\n', E'\n'), E'\n'))),
  'reply_already_applied · Esta respuesta del banco ya se aplicó: cada respuesta se aplica una sola vez. Si el banco envió otra, elige ese archivo.',
  'la respuesta del primer archivo no se aplica al segundo');
select is((select outcome from public.payout_batch_items where batch_id = :'batch2' and payout_id = :'p3'), 'sent',
  'y la 503 sigue esperando la respuesta del banco a este archivo');
select (select digest from public.preview_payout_reply(E'referencia,estado\nRET-000502,pagado\nRET-000503,pagado', pay_tests.batch()) limit 1) as digest4 \gset
select results_eq(format($$select action from public.apply_payout_reply(%L, %L, pay_tests.batch())$$, E'referencia,estado\nRET-000502,pagado\nRET-000503,pagado', :'digest4'),
  $$values ('pay'::text), ('pay')$$, 'su respuesta (un CSV con referencia y estado, sin valor) las paga');
select results_eq(format($$select status, payment_reference from public.payout_requests where id in (%L, %L) order by number$$, :'p2', :'p3'),
  format($$values ('paid'::text, 'Archivo de pago N.º %s, RET-000502'::text), ('paid', 'Archivo de pago N.º %s, RET-000503')$$,
         (select batch_no from public.payout_batches where id = :'batch2'), (select batch_no from public.payout_batches where id = :'batch2')),
  'sin comprobante del banco, la referencia del pago es el archivo y la solicitud');
select is(pay_tests.refusal(format($$select public.void_payout_batch(%L, 'Tarde')$$, :'batch2')),
  'invalid_transition · El banco ya respondió todas las líneas del archivo N.º ' || (select batch_no from public.payout_batches where id = :'batch2')
    || ': no queda nada que anular.', 'un archivo ya respondido entero no se anula');

-- What the screens read: Pagos' list of files, and the member's own lines of the bank's answer.
select results_eq($$select layout, payout_count, waiting, paid, failed, voided, voided_at is not null from public.get_payout_batches() order by batch_no$$,
  $$values ('bancolombia_pab'::text, 3, 0, 1, 1, 1, true), ('csv', 2, 0, 2, 0, 0, false)$$, 'los archivos con lo que respondió el banco de cada uno');
select engine_tests.act_as('dario');
select is(pay_tests.refusal('select * from public.get_payout_batches()'), 'forbidden · Solo el personal (admin o superadmin) puede realizar esta acción.',
  'un miembro no lee los archivos de pago');
select is(pay_tests.refusal($$select public.save_payout_file_settings(null, null, null, '220', '{}')$$),
  'forbidden · Solo un superadmin puede cambiar los datos de los archivos de pago.', 'ni cambia sus datos');

-- Each table's rules hold whoever writes: a line answered once never changes.
select is(pay_tests.refusal(format($$update public.payout_batch_items set outcome = 'paid', settled_at = now() where payout_id = %L and outcome = 'failed'$$, :'p3')),
  'append_only · Una línea de un archivo de pago ya respondida o anulada no cambia.', 'la respuesta del banco a una línea no se reescribe');
select is(pay_tests.refusal(format($$delete from public.payout_batches where id = %L$$, :'batch1')),
  'append_only · La tabla payout_batches es de solo anexado: sus filas no se pueden modificar ni borrar; registra un movimiento o asiento compensatorio.',
  'y un archivo no se borra');
-- A person changes accounts rarely: each change tells finance, so at most 5 in a day.
select engine_tests.act_as('elena');
do $$
begin
  for i in 1..10 loop
    exit when (select count(*) from public.payout_accounts where client_id = engine_tests.id('elena') and replaced_at > private.engine_now() - interval '1 day') >= 5;
    perform public.save_payout_account('1007', 'ahorros', '1000000000' || i, 'Elena Vega', 'CC', '10000005');
  end loop;
end
$$;
select is(pay_tests.refusal($$select public.save_payout_account('1007', 'ahorros', '20000000099', 'Elena Vega', 'CC', '10000005')$$),
  'too_many_changes · Cambiaste tu cuenta de cobro 5 veces en las últimas 24 horas: podrás cambiarla de nuevo más tarde. Si es urgente, escribe a la empresa.',
  'la sexta cuenta de un día se rechaza: finanzas no recibe un aviso por cada vuelta');
select is_empty($$select * from private.engine_invariant_violations()$$, 'los invariantes del motor se cumplen (reservado y pagado cuadran con las solicitudes)');

select * from finish();
rollback;
