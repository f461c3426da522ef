-- Payouts through a bank (issue 24): the member's payout account, the company's side of the bank
-- file, the payment files and the bank's reply. The tables are in 20250701061000_ledger_and_payouts;
-- request, approval and manual payment in 20250701072000_engine_payouts_and_close.
--
--   save_payout_account          member: a new version of their account (validated by its trigger)
--   set_payout_holder_exception  superadmin: a member may (or no longer may) be paid into someone else's account
--   save_payout_file_settings    superadmin: NIT, debit account, transaction class, the layouts in use
--   export_payout_file           staff: a batch of exactly the approved requests chosen, in one layout
--   download_payout_batch_file   staff: the batch's file, written from its rows (same bytes every time)
--   void_payout_batch            staff: a file never loaded at the bank gives its requests back
--   preview_payout_reply         staff: what the bank's reply would do, line by line, changing nothing
--   apply_payout_reply           staff: the same, applied in one transaction if nothing changed meanwhile

-- The member's payout account -----------------------------------------------------------------------
create or replace function public.save_payout_account(
  p_institution_code text, p_account_type text, p_account_number text, p_holder_name text,
  p_holder_document_type text, p_holder_document_number text
) returns public.payout_accounts
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
  v_current public.payout_accounts;
  v_new public.payout_accounts;
begin
  -- One change at a time per member: the current version is replaced by exactly one new one.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.payout_account.' || v_me::text));
  select * into v_current from public.payout_accounts a where a.client_id = v_me and a.replaced_at is null;
  -- Saving what is already there is not a change (finance would be told «cuenta cambiada» for nothing).
  if found and v_current.institution_code = p_institution_code and v_current.account_type = p_account_type
     and v_current.account_number = private.compact_number(p_account_number)
     and v_current.holder_name = private.compact_name(p_holder_name)
     and v_current.holder_document_type = pg_catalog.upper(pg_catalog.btrim(coalesce(p_holder_document_type, '')))
     and v_current.holder_document_number = private.compact_number(p_holder_document_number) then
    return v_current;
  end if;
  -- Each change tells finance, writes a version nothing deletes and an audit entry: a person changes
  -- accounts rarely, and a loop of changes would flood finance's bell and inbox.
  if v_current.id is not null
     and (select count(*) from public.payout_accounts a where a.client_id = v_me and a.replaced_at > private.engine_now() - interval '1 day') >= 5 then
    perform private.refuse('too_many_changes',
      'Cambiaste tu cuenta de cobro 5 veces en las últimas 24 horas: podrás cambiarla de nuevo más tarde. Si es urgente, escribe a la empresa.');
  end if;
  if v_current.id is not null then
    update public.payout_accounts a set replaced_at = private.engine_now() where a.id = v_current.id;
  end if;
  insert into public.payout_accounts (client_id, institution_code, account_type, account_number, holder_name,
                                      holder_document_type, holder_document_number, created_by)
  values (v_me, p_institution_code, p_account_type, p_account_number, p_holder_name, p_holder_document_type,
          p_holder_document_number, auth.uid())
  returning * into v_new;
  return v_new;
end
$$;
comment on function public.save_payout_account(text, text, text, text, text, text) is
  'Miembro: guarda la cuenta donde recibe sus retiros (banco o billetera habilitada, tipo, número, titular y su documento). Cada cambio es una versión nueva (la anterior queda reemplazada y en la bitácora); las solicitudes ya aprobadas conservan la cuenta con que se aprobaron. Las reglas de cada campo son las del disparador de payout_accounts.';

create or replace function public.set_payout_holder_exception(p_client_id uuid, p_allowed boolean, p_reason text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_superadmin('Solo un superadmin puede permitir que un miembro cobre en la cuenta de otra persona.');
begin
  if not exists (select 1 from public.clients c where c.id = p_client_id) then
    perform private.refuse('client_not_found', 'El miembro no existe.');
  end if;
  if p_allowed then
    if char_length(btrim(coalesce(p_reason, ''))) not between 3 and 300 then
      perform private.refuse('reason_required', 'Indica por qué puede cobrar en la cuenta de otra persona (entre 3 y 300 caracteres).', 'reason');
    end if;
    perform private.refuse_formula(p_reason, 'el motivo', 'reason');
    insert into public.payout_holder_exceptions (client_id, reason, granted_by) values (p_client_id, btrim(p_reason), v_actor)
    on conflict (client_id) do update set reason = excluded.reason, granted_by = excluded.granted_by, granted_at = now();
  else
    if exists (select 1 from public.payout_accounts a where a.client_id = p_client_id and a.replaced_at is null and not a.holder_is_member) then
      perform private.refuse('payout_holder_in_use',
        'Su cuenta de pago vigente es de otra persona: pídele que registre una a su nombre antes de quitar el permiso.');
    end if;
    delete from public.payout_holder_exceptions e where e.client_id = p_client_id;
  end if;
  return p_allowed;
end
$$;
comment on function public.set_payout_holder_exception(uuid, boolean, text) is
  'Superadmin: permite (con un motivo) o deja de permitir que un miembro registre una cuenta de pago a nombre de otra persona. No se quita mientras su cuenta vigente sea de otro titular.';

-- The company's side of the bank file ------------------------------------------------------------------
create or replace function public.save_payout_file_settings(
  p_company_nit text, p_debit_account_number text, p_debit_account_type text, p_transaction_class text, p_enabled_layouts text[]
) returns public.payout_file_settings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_superadmin('Solo un superadmin puede cambiar los datos de los archivos de pago.');
  v_nit text := nullif(private.compact_number(p_company_nit), '');
  v_account text := nullif(private.compact_number(p_debit_account_number), '');
  v_type text := nullif(btrim(coalesce(p_debit_account_type, '')), '');
  v_layouts text[] := coalesce(p_enabled_layouts, '{}');
  v_row public.payout_file_settings;
begin
  if v_nit is not null and v_nit !~ '^[0-9]{10}$' then
    perform private.refuse('invalid_settings', 'El NIT de la empresa tiene 9 dígitos y su dígito de verificación (por ejemplo 900.123.456-8).', 'company_nit');
  end if;
  if v_nit is not null and private.nit_check_digit(pg_catalog.left(v_nit, 9)) <> pg_catalog.right(v_nit, 1)::integer then
    perform private.refuse('invalid_settings',
      format('El dígito de verificación del NIT %s es %s, no %s: revisa el número.', pg_catalog.left(v_nit, 9),
             private.nit_check_digit(pg_catalog.left(v_nit, 9)), pg_catalog.right(v_nit, 1)), 'company_nit');
  end if;
  if v_account is not null and v_account !~ '^[0-9]{11}$' then
    perform private.refuse('invalid_settings', 'La cuenta de Bancolombia que se debita tiene 11 dígitos.', 'debit_account_number');
  end if;
  if v_type is not null and v_type not in ('ahorros', 'corriente') then
    perform private.refuse('invalid_settings', 'La cuenta que se debita es de ahorros o corriente.', 'debit_account_type');
  end if;
  if coalesce(p_transaction_class, '') not in ('220', '225', '238') then
    perform private.refuse('invalid_settings', 'La clase de transacción es 220 (pago a proveedores), 225 (pago de nómina) o 238 (pago a terceros).', 'transaction_class');
  end if;
  if not v_layouts <@ array['bancolombia_pab'] then
    perform private.refuse('invalid_settings', 'El único formato de banco disponible es Bancolombia PAB (el CSV simple siempre está).', 'enabled_layouts');
  end if;
  if 'bancolombia_pab' = any (v_layouts) then
    if v_nit is null or v_account is null or v_type is null then
      perform private.refuse('invalid_settings', 'Para usar Bancolombia PAB indica el NIT de la empresa y la cuenta que se debita, con su tipo.',
        case when v_nit is null then 'company_nit' when v_account is null then 'debit_account_number' else 'debit_account_type' end);
    end if;
    perform private.refuse_unless_pesos('enabled_layouts');
  end if;
  update public.payout_file_settings s
     set company_nit = pg_catalog.left(v_nit, 9), company_nit_dv = pg_catalog.right(v_nit, 1)::smallint,
         debit_account_number = v_account, debit_account_type = v_type,
         transaction_class = p_transaction_class, enabled_layouts = array(select distinct l from unnest(v_layouts) l order by l),
         updated_by = v_actor
   where s.id = 'app_settings'
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.save_payout_file_settings(text, text, text, text, text[]) is
  'Superadmin: datos de la empresa para los archivos de pago (NIT con su dígito de verificación, cuenta de Bancolombia que se debita y su tipo, clase de transacción PAB) y los formatos de banco habilitados. Cada negativa nombra su campo en DETAIL.';

-- PAB pays Colombian pesos: a company whose books are in another currency cannot use it.
create or replace function private.refuse_unless_pesos(p_field text) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_currency text := (select m.currency from public.metadata m where m.id = 'app_settings');
begin
  if v_currency is distinct from 'COP' then
    perform private.refuse('layout_currency',
      format('El formato PAB de Bancolombia paga en pesos colombianos (COP) y la moneda de la empresa es %s: usa el CSV simple o cambia la moneda en Configuración.', v_currency),
      p_field);
  end if;
end
$$;
comment on function private.refuse_unless_pesos(text) is 'Rechaza (layout_currency) usar el formato PAB si la moneda de la empresa no es COP: el banco pagaría el número como pesos.';

-- The files ---------------------------------------------------------------------------------------------
-- Bancolombia's «PAB» bulk-payment layout, version 2.0, as these public field-by-field mappings give it
-- (they agree with each other on every position below):
--   * Oracle Payments' «Formato de pago Bancolombia PAB V 2.0 EFT Payment Format» mapping
--     (scribd.com/document/728724011/LACLS-CO-BANCOLOMBIA-BANK): fixed positions, output character set
--     iso-8859-1; header «1 | NIT 15 | aplicación 1 | filler 15 | clase 3 | descripción 10 | fecha de
--     transmisión AAAAMMDD | secuencia 2 | fecha de aplicación AAAAMMDD | registros 6 | débitos 17 |
--     créditos 17 | …».
--   * Open-source Colombian localisations of Odoo: a payroll module's generate_flat_file_pab (header
--     with the 11-digit debit account, its type S/D and 149 blanks; detail «6 | id 15 | nombre 30 |
--     banco 9 | cuenta 17 | lugar de pago S | 37 ahorros / 27 corriente | valor 15+2 | fecha 8 |
--     referencia 21 | tipo de documento 1 | oficina 00000 | fax 15 | correo 80 | autorizado 15 |
--     filler 27») and an account_flat_file module (document types 1 CC, 2 CE, 3 NIT, 4 TI, 5 pasaporte;
--     the NIT without its check digit).
--   * A public validator of PAB files: every record 264 positions, CRLF line ends, only A–Z without
--     accents, digits and spaces in names, the bank as 5 zeros + its 4-digit ACH code.
--   * Cobre's bulk money movement docs (docs.cobre.com, «PAB Bancolombia, .txt») list PAB among the files
--     Colombian banks take.
-- So every record is 264 characters, ends in CR LF, and carries only ASCII (ISO-8859-1 bytes are then
-- the same characters); amounts are in cents with no separator; the beneficiary's e-mail, fax and the
-- person authorised to collect a cheque stay blank: the transfer is credited to the account.
create or replace function private.pab_text(p_text text, p_length integer) returns text
language sql
immutable
set search_path = ''
as $$
  -- Upper case without accents or ñ (the bank reads one byte per position and refuses them), marks
  -- between words as spaces, left-aligned and cut or padded with blanks to the field's length.
  select pg_catalog.rpad(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
           pg_catalog.upper(pg_catalog.translate(coalesce(p_text, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
                                                 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),
           '[^A-Z0-9]+', ' ', 'g'), '^ +| +$', '', 'g')), p_length, ' ')
$$;
comment on function private.pab_text(text, integer) is 'Campo alfanumérico de PAB: mayúsculas sin tildes ni eñes, alineado a la izquierda y completado con espacios (o cortado) a su longitud.';

create or replace function private.pab_digits(p_digits text, p_length integer) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_digits !~ '^[0-9]+$' or char_length(p_digits) > p_length then
    perform private.refuse('bank_file_invalid', format('El valor %s no cabe en un campo numérico de %s posiciones del archivo PAB.', p_digits, p_length));
  end if;
  return pg_catalog.lpad(p_digits, p_length, '0');
end
$$;
comment on function private.pab_digits(text, integer) is 'Campo numérico de PAB: alineado a la derecha con ceros a la izquierda; un valor que no cabe es un error, nunca se corta.';

create or replace function private.pab_cents(p_amount numeric) returns text
language sql
immutable
set search_path = ''
as $$
  select private.pab_digits((p_amount * 100)::bigint::text, 17)
$$;
comment on function private.pab_cents(numeric) is 'Valor de PAB: 15 enteros y 2 decimales implícitos (en centavos), con ceros a la izquierda.';

create or replace function private.pab_file(p_batch public.payout_batches) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_date text := pg_catalog.to_char(p_batch.application_date, 'YYYYMMDD');
  v_records text[];
  v_record text;
begin
  v_records := array[
    '1'                                                          -- tipo de registro: control del lote
    || private.pab_digits(p_batch.company_nit, 15)               -- NIT de la empresa, sin dígito de verificación
    || 'I'                                                       -- aplicación: inmediata
    || pg_catalog.repeat(' ', 15)                                -- filler
    || p_batch.transaction_class                                 -- clase de transacciones (220, 225, 238)
    || private.pab_text('Retiros', 10)                           -- descripción del propósito
    || v_date                                                    -- fecha de transmisión del lote
    || pg_catalog.rpad(pg_catalog.chr(64 + p_batch.day_sequence), 2, ' ') -- secuencia del día: A, B, …
    || v_date                                                    -- fecha de aplicación
    || private.pab_digits(p_batch.payout_count::text, 6)         -- número de registros de detalle
    || pg_catalog.repeat('0', 17)                                -- sumatoria de débitos
    || private.pab_cents(p_batch.total_amount)                   -- sumatoria de créditos
    || private.pab_digits(p_batch.debit_account_number, 11)      -- cuenta de la empresa a debitar
    || case p_batch.debit_account_type when 'ahorros' then 'S' else 'D' end -- S ahorros, D corriente
    || pg_catalog.repeat(' ', 149)];                             -- filler
  v_records := v_records || array(
    select '6'                                                   -- tipo de registro: detalle
           || pg_catalog.rpad(case a.holder_document_type when 'NIT' then pg_catalog.left(a.holder_document_number, 9)
                                   else a.holder_document_number end, 15, ' ') -- identificación del beneficiario
           || private.pab_text(a.holder_name, 30)                -- nombre del beneficiario
           || private.pab_digits(a.institution_code, 9)          -- banco (código ACH)
           || pg_catalog.rpad(a.account_number, 17, ' ')         -- número de cuenta
           || 'S'                                                -- lugar de pago: abono a cuenta
           || case a.account_type when 'corriente' then '27' else '37' end -- 27 corriente, 37 ahorros y depósitos
           || private.pab_cents(i.amount)                        -- valor
           || v_date                                             -- fecha de aplicación
           || pg_catalog.rpad(private.payout_reference(r.number), 21, ' ') -- referencia: la de la solicitud
           || case a.holder_document_type when 'CC' then '1' when 'CE' then '2' when 'NIT' then '3' else '5' end
           || '00000'                                            -- oficina de entrega (no aplica al abono)
           || pg_catalog.repeat(' ', 15)                         -- fax
           || pg_catalog.repeat(' ', 80)                         -- correo del beneficiario
           || pg_catalog.repeat(' ', 15)                         -- identificación del autorizado
           || pg_catalog.repeat(' ', 27)                         -- filler
      from public.payout_batch_items i
      join public.payout_requests r on r.id = i.payout_id
      join public.payout_accounts a on a.id = i.payout_account_id
     where i.batch_id = p_batch.id
     order by i.line_no);
  foreach v_record in array v_records loop
    if char_length(v_record) <> 264 or v_record !~ '^[ -~]+$' then
      perform private.refuse('bank_file_invalid', format('Un registro del archivo PAB N.º %s no tiene 264 caracteres ASCII: no se entrega.', p_batch.batch_no));
    end if;
  end loop;
  return pg_catalog.array_to_string(v_records, E'\r\n') || E'\r\n';
end
$$;
comment on function private.pab_file(public.payout_batches) is
  'Archivo PAB v2.0 de Bancolombia de un lote: un registro de control (1) y uno de detalle (6) por solicitud, cada uno de 264 caracteres ASCII terminado en CR LF. Solo lee las filas del lote; las fuentes del formato están en el comentario del código.';

create or replace function private.csv_cell(p_value text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_value is null then '' when p_value ~ '[",\r\n]' then '"' || pg_catalog.replace(p_value, '"', '""') || '"' else p_value end
$$;
comment on function private.csv_cell(text) is 'Celda de CSV (RFC 4180): entre comillas, con las comillas dobladas, si lleva coma, comilla o salto de línea.';

create or replace function private.payout_csv_file(p_batch public.payout_batches) returns text
language sql
stable
security definer
set search_path = ''
as $$
  -- For banks without a layout of their own: one line per transfer, plain decimals, ISO dates.
  select pg_catalog.array_to_string(
           array['Referencia,Banco,Código del banco,Tipo de cuenta,Número de cuenta,Titular,Tipo de documento,Documento,Valor,Moneda,Fecha de aplicación']
           || array(
             select pg_catalog.concat_ws(',', private.payout_reference(r.number), private.csv_cell(n.name), a.institution_code,
                      case a.account_type when 'ahorros' then 'Ahorros' when 'corriente' then 'Corriente' else 'Depósito electrónico' end,
                      a.account_number, private.csv_cell(a.holder_name), a.holder_document_type, a.holder_document_number,
                      pg_catalog.to_char(i.amount, 'FM999999999990.00'), p_batch.currency, pg_catalog.to_char(p_batch.application_date, 'YYYY-MM-DD'))
               from public.payout_batch_items i
               join public.payout_requests r on r.id = i.payout_id
               join public.payout_accounts a on a.id = i.payout_account_id
               join public.payout_institutions n on n.code = a.institution_code
              where i.batch_id = p_batch.id
              order by i.line_no),
           E'\r\n') || E'\r\n'
$$;
comment on function private.payout_csv_file(public.payout_batches) is
  'CSV simple de un lote (RFC 4180, CR LF, decimales con punto, fechas ISO): referencia, banco y su código, tipo y número de cuenta, titular y su documento, valor y moneda. Solo lee las filas del lote.';

create or replace function public.export_payout_file(p_payout_ids uuid[], p_layout text) returns public.payout_batches
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_settings public.payout_file_settings := (select s from public.payout_file_settings s where s.id = 'app_settings');
  v_ids uuid[] := array(select distinct x from unnest(coalesce(p_payout_ids, '{}')) x where x is not null);
  v_day date := (private.engine_now() at time zone private.company_timezone())::date;
  v_problem record;
  v_sequence integer;
  v_batch public.payout_batches;
begin
  if p_layout is null or p_layout not in ('bancolombia_pab', 'csv') then
    perform private.refuse('invalid_layout', 'El formato del archivo es Bancolombia PAB o CSV simple.');
  end if;
  if p_layout = 'bancolombia_pab' and not 'bancolombia_pab' = any (v_settings.enabled_layouts) then
    perform private.refuse('invalid_layout', 'La empresa no tiene habilitado el formato Bancolombia PAB: un superadmin lo habilita en Configuración, con el NIT y la cuenta que se debita.');
  end if;
  if p_layout = 'bancolombia_pab' then
    perform private.refuse_unless_pesos(null);
  end if;
  if cardinality(v_ids) = 0 then
    perform private.refuse('invalid_selection', 'Elige al menos una solicitud aprobada para el archivo.');
  end if;
  if cardinality(v_ids) > 5000 then
    perform private.refuse('invalid_selection', 'Un archivo de pago lleva hasta 5.000 solicitudes.');
  end if;

  -- The requests are locked in one order (so two exports cannot deadlock), then checked: each one
  -- approved, and none already waiting for the bank in another file.
  perform 1 from public.payout_requests r where r.id = any (v_ids) order by r.id for update;
  if (select count(*) from public.payout_requests r where r.id = any (v_ids)) <> cardinality(v_ids) then
    perform private.refuse('payout_not_found', 'Una de las solicitudes elegidas ya no existe: actualiza la lista.');
  end if;
  select r.number, r.status into v_problem from public.payout_requests r
   where r.id = any (v_ids) and r.status <> 'approved' order by r.number limit 1;
  if found then
    perform private.refuse('invalid_transition', format('La solicitud %s está %s: el archivo lleva solo solicitudes aprobadas.',
      private.payout_reference(v_problem.number), private.payout_status_label(v_problem.status)));
  end if;
  select r.number, b.batch_no into v_problem
    from public.payout_batch_items i join public.payout_batches b on b.id = i.batch_id join public.payout_requests r on r.id = i.payout_id
   where i.payout_id = any (v_ids) and i.outcome = 'sent' order by r.number limit 1;
  if found then
    perform private.refuse('payout_in_bank_file', format(
      'La solicitud %s ya está en el archivo de pago N.º %s, que espera la respuesta del banco: descárgalo de nuevo o anúlalo antes de ponerla en otro.',
      private.payout_reference(v_problem.number), v_problem.batch_no));
  end if;

  -- Then each member's balance row, in one order (after the requests, as private.payout_for_update), and
  -- whether their closed months still cover what is approved: a sale cancelled since may have taken it back.
  perform 1 from private.reward_balances b
   where b.client_id in (select r.client_id from public.payout_requests r where r.id = any (v_ids))
   order by b.client_id for update;
  perform private.refuse_unless_covered(r.client_id, 0, r.id, r.number)
     from (select distinct on (r.client_id) r.client_id, r.id, r.number
             from public.payout_requests r where r.id = any (v_ids)
            order by r.client_id, r.number desc) r;

  -- The day's sequence (PAB's A, B, …), one file at a time.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.payout_batches'));
  v_sequence := coalesce((select max(b.day_sequence) from public.payout_batches b where b.layout = p_layout and b.application_date = v_day), 0) + 1;
  if v_sequence > 26 then
    perform private.refuse('invalid_selection', 'Ya se generaron 26 archivos de este formato hoy, el máximo de secuencias de un día: genera el siguiente mañana.');
  end if;
  insert into public.payout_batches (layout, application_date, day_sequence, payout_count, total_amount, currency,
                                     company_nit, debit_account_number, debit_account_type, transaction_class, created_by)
  select p_layout, v_day, v_sequence,
         cardinality(v_ids), (select sum(r.amount) from public.payout_requests r where r.id = any (v_ids)),
         (select m.currency from public.metadata m where m.id = 'app_settings'),
         v_settings.company_nit, v_settings.debit_account_number, v_settings.debit_account_type, v_settings.transaction_class, v_actor
  returning * into v_batch;
  insert into public.payout_batch_items (batch_id, payout_id, line_no, amount, payout_account_id)
  select v_batch.id, r.id, row_number() over (order by r.requested_at, r.number), r.amount, r.payout_account_id
    from public.payout_requests r where r.id = any (v_ids);
  return v_batch;
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.export_payout_file(uuid[], text) is
  'Personal: crea el archivo de pago (lote) con exactamente las solicitudes elegidas, en el formato pedido (Bancolombia PAB si la empresa lo habilitó, o CSV simple). Rechaza si alguna no está aprobada o ya está en otro archivo que espera la respuesta del banco: generar dos veces nunca paga dos veces. El archivo se descarga con download_payout_batch_file.';

create or replace function public.download_payout_batch_file(p_batch_id uuid)
returns table (file_name text, content text, encoding text, media_type text, batch_no bigint, payout_count integer, total_amount numeric, download_count integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_batch public.payout_batches;
begin
  select * into v_batch from public.payout_batches b where b.id = p_batch_id;
  if not found then
    perform private.refuse('batch_not_found', 'El archivo de pago no existe.');
  end if;
  if v_batch.voided_at is not null then
    perform private.refuse('batch_voided', format('El archivo de pago N.º %s está anulado: no lo cargues en el banco; genera uno nuevo con las solicitudes aprobadas.', v_batch.batch_no));
  end if;
  -- Every download is counted, so «generated twice» is visible (and harmless: the same bytes, the same requests).
  update public.payout_batches b
     set download_count = b.download_count + 1, last_downloaded_at = now(), last_downloaded_by = v_actor
   where b.id = p_batch_id returning * into v_batch;
  return query select
    case v_batch.layout
      when 'bancolombia_pab' then format('PAB-%s-%s-N%s.txt', pg_catalog.to_char(v_batch.application_date, 'YYYYMMDD'), pg_catalog.chr(64 + v_batch.day_sequence), v_batch.batch_no)
      else format('pagos-%s-N%s.csv', pg_catalog.to_char(v_batch.application_date, 'YYYYMMDD'), v_batch.batch_no) end,
    case v_batch.layout when 'bancolombia_pab' then private.pab_file(v_batch) else private.payout_csv_file(v_batch) end,
    case v_batch.layout when 'bancolombia_pab' then 'ISO-8859-1' else 'UTF-8' end,
    case v_batch.layout when 'bancolombia_pab' then 'text/plain' else 'text/csv' end,
    v_batch.batch_no, v_batch.payout_count, v_batch.total_amount, v_batch.download_count;
end
$$;
comment on function public.download_payout_batch_file(uuid) is
  'Personal: el archivo de un lote escrito desde sus filas (los mismos bytes en cada descarga), con su nombre, su codificación (PAB: ISO-8859-1; CSV: UTF-8) y cuántas veces se descargó. Un lote anulado no se descarga.';

create or replace function public.void_payout_batch(p_batch_id uuid, p_reason text) returns public.payout_batches
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_batch public.payout_batches;
begin
  if char_length(btrim(coalesce(p_reason, ''))) not between 3 and 300 then
    perform private.refuse('reason_required', 'Indica por qué anulas el archivo (entre 3 y 300 caracteres).', 'reason');
  end if;
  perform private.refuse_formula(p_reason, 'el motivo', 'reason');
  select * into v_batch from public.payout_batches b where b.id = p_batch_id for update;
  if not found then
    perform private.refuse('batch_not_found', 'El archivo de pago no existe.');
  end if;
  if v_batch.voided_at is not null then
    perform private.refuse('batch_voided', format('El archivo de pago N.º %s ya está anulado.', v_batch.batch_no));
  end if;
  perform 1 from public.payout_batch_items i where i.batch_id = p_batch_id and i.outcome = 'sent' order by i.payout_id for update;
  if not found then
    perform private.refuse('invalid_transition', format('El banco ya respondió todas las líneas del archivo N.º %s: no queda nada que anular.', v_batch.batch_no));
  end if;
  update public.payout_batch_items i set outcome = 'voided', settled_at = now(), settled_by = v_actor
   where i.batch_id = p_batch_id and i.outcome = 'sent';
  update public.payout_batches b set voided_at = now(), voided_by = v_actor, void_reason = btrim(p_reason)
   where b.id = p_batch_id returning * into v_batch;
  return v_batch;
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.void_payout_batch(uuid, text) is
  'Personal: anula un archivo de pago que no se cargó en el banco, con un motivo: sus líneas sin respuesta quedan anuladas y esas solicitudes (siguen aprobadas) pueden ir en otro archivo, pagarse o rechazarse a mano.';

-- The bank's reply ------------------------------------------------------------------------------------------
-- Bancolombia does not publish the layout of the results its Sucursal Virtual Empresas gives for a PAB
-- file; what finance gets is a report they can save as CSV. So the reply is read as a CSV (comma,
-- semicolon or tab, RFC 4180 quotes) whose columns are found by their titles (referencia, estado,
-- motivo, valor, comprobante, in any order and with the bank's own wording), or, without titles, in
-- that order. Every line is judged on its own; nothing is written until apply_payout_reply, and then
-- only if the preview still holds.
create or replace function private.csv_fields(p_line text, p_delimiter text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(case when f ~ '^".*"$' then pg_catalog.replace(pg_catalog.substr(f, 2, char_length(f) - 2), '""', '"') else f end order by n), '{}')
    from pg_catalog.regexp_matches(p_line || p_delimiter, '("(?:[^"]|"")*"|[^' || p_delimiter || ']*)' || p_delimiter, 'g') with ordinality m(x, n),
         lateral (select pg_catalog.btrim(x[1], E' \t') as f) c
$$;
comment on function private.csv_fields(text, text) is 'Los campos de una línea de CSV con el separador dado; las comillas de RFC 4180 se quitan y las dobladas quedan simples.';

create or replace function private.amount_from_text(p_text text) returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := pg_catalog.regexp_replace(coalesce(p_text, ''), '\s|\$|COP|USD', '', 'gi');
begin
  return case
    when v ~ '^\d{1,3}(\.\d{3})+(,\d{1,2})?$' then pg_catalog.replace(pg_catalog.replace(v, '.', ''), ',', '.')::numeric
    when v ~ '^\d+,\d{1,2}$' then pg_catalog.replace(v, ',', '.')::numeric
    when v ~ '^\d{1,3}(,\d{3})+(\.\d{1,2})?$' then pg_catalog.replace(v, ',', '')::numeric
    when v ~ '^\d+(\.\d{1,2})?$' then v::numeric
  end;
end
$$;
comment on function private.amount_from_text(text) is 'Un importe como lo escribe un banco o una hoja («121,00», «1.234,50», «1,234.50», «121.00», «$ 121»); null si no es un importe.';

create or replace function private.payout_reply_fingerprint(p_file text) returns text
language sql
immutable
as $$
  -- The same reply saved again (another line ending, a byte-order mark, a last empty line) is the same reply.
  select pg_catalog.md5(pg_catalog.rtrim(pg_catalog.regexp_replace(pg_catalog.regexp_replace(coalesce(p_file, ''), '^\uFEFF', ''),
                                                                  E'\r\n|\r', E'\n', 'g'), E' \t\n'))
$$;
comment on function private.payout_reply_fingerprint(text) is 'La huella de una respuesta del banco: la misma respuesta guardada otra vez (otros saltos de línea, BOM, líneas vacías al final) da la misma.';

create or replace function private.refuse_reply_applied() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse('reply_already_applied',
    'Esta respuesta del banco ya se aplicó: cada respuesta se aplica una sola vez. Si el banco envió otra, elige ese archivo.');
end
$$;
comment on function private.refuse_reply_applied() is
  'La negativa a una respuesta del banco ya aplicada (savia:reply_already_applied): la dan su vista previa y su aplicación, también cuando dos la aplican a la vez.';

create or replace function private.payout_reply_lines(p_file text, p_batch_no bigint) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_text text := pg_catalog.regexp_replace(coalesce(p_file, ''), '^\uFEFF', '');
  v_rows text[];
  v_delimiter text;
  v_first integer;
  v_cells text[];
  v_titles text[];
  v_col jsonb := '{"ref": 1, "state": 2, "reason": 3, "amount": 4, "bank_ref": 5}';
  v_seen jsonb := '{}';
  v_lines jsonb := '[]';
  v_count integer := 0;
  v_currency text := (select m.currency from public.metadata m where m.id = 'app_settings');
  i integer;
  v_ref text;
  v_state text;
  v_reason text;
  v_amount_text text;
  v_bank_ref text;
  v_amount numeric;
  v_number bigint;
  v_payout record;
  v_action text;
  v_message text;
begin
  if char_length(v_text) > 2000000 then
    perform private.refuse('reply_too_large', 'La respuesta del banco es demasiado grande (más de 2 MB): divídela en archivos más pequeños.');
  end if;
  if exists (select 1 from private.payout_replies r where r.fingerprint = private.payout_reply_fingerprint(p_file)) then
    perform private.refuse_reply_applied();
  end if;
  v_rows := pg_catalog.regexp_split_to_array(v_text, E'\r\n|\n|\r');
  select min(n) into v_first from unnest(v_rows) with ordinality u(l, n) where pg_catalog.btrim(l) <> '';
  if v_first is null then
    perform private.refuse('reply_empty', 'El archivo está vacío: elige la respuesta del banco o un CSV con referencia y estado.');
  end if;
  -- The separator is the one the first line uses most.
  select d into v_delimiter from unnest(array[';', ',', E'\t']) with ordinality s(d, o)
   order by char_length(v_rows[v_first]) - char_length(pg_catalog.replace(v_rows[v_first], d, '')) desc, o limit 1;

  -- A first line of titles says where each column is.
  v_titles := array(select private.search_key(pg_catalog.btrim(f)) from unnest(private.csv_fields(v_rows[v_first], v_delimiter)) f);
  if exists (select 1 from unnest(v_titles) t where t in ('referencia', 'reference', 'ref', 'referencia del retiro', 'solicitud'))
     and exists (select 1 from unnest(v_titles) t where t in ('estado', 'state', 'status', 'resultado', 'respuesta')) then
    v_col := jsonb_strip_nulls(jsonb_build_object(
      'ref', (select min(n) from unnest(v_titles) with ordinality t(x, n) where x in ('referencia', 'reference', 'ref', 'referencia del retiro', 'solicitud')),
      'state', (select min(n) from unnest(v_titles) with ordinality t(x, n) where x in ('estado', 'state', 'status', 'resultado', 'respuesta')),
      'reason', (select min(n) from unnest(v_titles) with ordinality t(x, n)
                  where x in ('motivo', 'razon', 'reason', 'descripcion', 'detalle', 'observacion', 'observaciones', 'causal', 'motivo de rechazo', 'mensaje')),
      'amount', (select min(n) from unnest(v_titles) with ordinality t(x, n) where x in ('valor', 'importe', 'monto', 'amount', 'valor transaccion', 'valor pagado')),
      'bank_ref', (select min(n) from unnest(v_titles) with ordinality t(x, n)
                    where x in ('comprobante', 'numero de comprobante', 'transaccion', 'id transaccion', 'referencia del banco', 'referencia banco', 'autorizacion'))));
    v_first := v_first + 1;
  end if;

  for i in v_first .. coalesce(array_length(v_rows, 1), 0) loop
    continue when pg_catalog.btrim(v_rows[i]) = '';
    v_count := v_count + 1;
    if v_count > 5000 then
      perform private.refuse('reply_too_large', 'La respuesta tiene más de 5.000 líneas: divídela en archivos más pequeños.');
    end if;
    v_cells := private.csv_fields(v_rows[i], v_delimiter);
    v_ref := coalesce(v_cells[(v_col ->> 'ref')::integer], '');
    v_state := private.search_key(pg_catalog.regexp_replace(pg_catalog.btrim(coalesce(v_cells[(v_col ->> 'state')::integer], '')), '\s+', ' ', 'g'));
    v_reason := nullif(pg_catalog.btrim(coalesce(v_cells[(v_col ->> 'reason')::integer], '')), '');
    v_amount_text := nullif(pg_catalog.btrim(coalesce(v_cells[(v_col ->> 'amount')::integer], '')), '');
    v_bank_ref := nullif(pg_catalog.btrim(coalesce(v_cells[(v_col ->> 'bank_ref')::integer], '')), '');
    v_amount := private.amount_from_text(v_amount_text);
    v_number := pg_catalog.substring(pg_catalog.upper(pg_catalog.regexp_replace(v_ref, '[^A-Za-z0-9]', '', 'g')), '^RET0*([0-9]{1,18})$')::bigint;
    -- Without a number no row is found, and every field of v_payout is null.
    select r.id, r.number, r.amount, r.status, c.name as client_name, b.batch_no
      into v_payout
      from public.payout_requests r
      join public.clients c on c.id = r.client_id
      left join public.payout_batch_items it on it.payout_id = r.id and it.outcome = 'sent'
      left join public.payout_batches b on b.id = it.batch_id
     where r.number = v_number;

    v_action := 'refused';
    v_message := case
      when v_number is null then format('La referencia «%s» no es de un retiro (se esperaba como RET-000123).', pg_catalog.left(v_ref, 40))
      when v_payout.id is null then format('No hay ninguna solicitud de retiro %s.', private.payout_reference(v_number))
      when v_seen ? v_number::text then format('La línea %s ya trae la solicitud %s: cada una va una sola vez.', v_seen ->> v_number::text, private.payout_reference(v_number))
      when v_state not in ('pagado', 'pagada', 'pago', 'pago exitoso', 'aplicado', 'aplicada', 'exitoso', 'exitosa', 'procesado', 'procesada',
                           'abonado', 'abonada', 'ok', 'paid', 'success',
                           'rechazado', 'rechazada', 'devuelto', 'devuelta', 'fallido', 'fallida', 'no aplicado', 'no pagado', 'error',
                           'rejected', 'failed')
        then format('Estado «%s» desconocido: se espera pagado o rechazado.', pg_catalog.left(coalesce(v_cells[(v_col ->> 'state')::integer], ''), 40))
      when v_amount_text is not null and v_amount is null then format('El valor «%s» no es un importe.', pg_catalog.left(v_amount_text, 40))
      when v_amount is not null and v_amount <> v_payout.amount then
        format('El archivo dice %s y la solicitud %s es de %s: no se aplica.', private.money(v_amount, v_currency),
               private.payout_reference(v_number), private.money(v_payout.amount, v_currency))
      when v_payout.status = 'paid' then format('La solicitud %s ya está pagada: no se paga dos veces.', private.payout_reference(v_number))
      when v_payout.status <> 'approved' then
        format('La solicitud %s está %s: solo se marca una aprobada.', private.payout_reference(v_number), private.payout_status_label(v_payout.status))
      when v_payout.batch_no is null then
        format('La solicitud %s no está en ningún archivo de pago que espere respuesta del banco.', private.payout_reference(v_number))
      -- A reply answers one file: a line about a request that has since gone into another file (after
      -- the bank rejected it the first time) is about the old one, and must not settle the new one.
      when v_payout.batch_no <> p_batch_no then
        format('La solicitud %s está en el archivo N.º %s, no en el N.º %s: esta línea responde a otro archivo.',
               private.payout_reference(v_number), v_payout.batch_no, p_batch_no)
      when private.looks_like_formula(v_reason) or private.looks_like_formula(v_bank_ref) then
        'El motivo o el comprobante empieza por =, + o @: una hoja de cálculo lo ejecutaría como fórmula.'
      when char_length(v_bank_ref) > 60 then 'El comprobante del banco tiene más de 60 caracteres.'
    end;
    if v_message is null then
      if v_state in ('rechazado', 'rechazada', 'devuelto', 'devuelta', 'fallido', 'fallida', 'no aplicado', 'no pagado', 'error', 'rejected', 'failed') then
        v_action := 'bank_rejected';
        v_reason := pg_catalog.left(coalesce(v_reason, 'El banco no indicó el motivo.'), 300);
        v_message := format('Sigue aprobada: el banco no la pagó (%s).', v_reason);
      else
        v_action := 'pay';
        v_reason := null;
        v_message := format('Se marca pagada: %s a %s, archivo N.º %s.', private.money(v_payout.amount, v_currency), v_payout.client_name, v_payout.batch_no);
      end if;
    end if;
    if v_number is not null and not v_seen ? v_number::text then
      v_seen := v_seen || jsonb_build_object(v_number::text, i);
    end if;
    v_lines := v_lines || jsonb_build_object(
      'line_no', i, 'reference', case when v_number is not null then private.payout_reference(v_number) else pg_catalog.left(v_ref, 40) end,
      'payout_id', v_payout.id, 'client_name', v_payout.client_name, 'amount', v_payout.amount, 'file_amount', v_amount,
      'batch_no', v_payout.batch_no, 'action', v_action, 'message', v_message,
      'bank_reason', case when v_action = 'bank_rejected' then v_reason end,
      'payment_reference', case when v_action = 'pay' then coalesce(v_bank_ref, format('Archivo de pago N.º %s, %s', v_payout.batch_no, private.payout_reference(v_number))) end);
  end loop;
  if v_count = 0 then
    perform private.refuse('reply_empty', 'El archivo no trae ninguna línea con referencia y estado.');
  end if;
  return v_lines;
end
$$;
comment on function private.payout_reply_lines(text, bigint) is
  'Lee la respuesta del banco (CSV con referencia, estado y, si los trae, motivo, valor y comprobante) y juzga cada línea: pay (se marca pagada), bank_rejected (sigue aprobada con el motivo del banco) o refused (referencia desconocida, repetida, otro valor, solicitud no aprobada, fuera de todo archivo pendiente o en otro archivo que p_batch_no, estado desconocido), con su frase. No escribe nada.';

-- Which file a reply answers: the person says it (the bank's report does not); each line is then
-- judged against that file (private.payout_reply_lines).
create or replace function private.refuse_unknown_batch(p_batch_no bigint) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.payout_batches b where b.batch_no = p_batch_no) then
    perform private.refuse('batch_not_found', format('No existe el archivo de pago N.º %s: elige el archivo al que responde el banco.', coalesce(p_batch_no::text, '—')));
  end if;
end
$$;
comment on function private.refuse_unknown_batch(bigint) is
  'Rechaza (batch_not_found) una respuesta del banco para un archivo de pago que no existe.';

create or replace function public.preview_payout_reply(p_file text, p_batch_no bigint)
returns table (line_no integer, reference text, payout_id uuid, client_name text, amount numeric, file_amount numeric, batch_no bigint,
               action text, message text, digest text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_lines jsonb;
begin
  perform private.require_staff();
  perform private.refuse_unknown_batch(p_batch_no);
  v_lines := private.payout_reply_lines(p_file, p_batch_no);
  return query
    select (l ->> 'line_no')::integer, l ->> 'reference', (l ->> 'payout_id')::uuid, l ->> 'client_name', (l ->> 'amount')::numeric,
           (l ->> 'file_amount')::numeric, (l ->> 'batch_no')::bigint, l ->> 'action', l ->> 'message', pg_catalog.md5(v_lines::text)
      from jsonb_array_elements(v_lines) l;
end
$$;
comment on function public.preview_payout_reply(text, bigint) is
  'Personal: lo que haría la respuesta del banco al archivo N.º p_batch_no, línea por línea (pay, bank_rejected o refused con su motivo), sin cambiar nada. digest identifica esta vista previa: apply_payout_reply la aplica solo si sigue igual.';

create or replace function public.apply_payout_reply(p_file text, p_digest text, p_batch_no bigint)
returns table (line_no integer, reference text, payout_id uuid, client_name text, amount numeric, file_amount numeric, batch_no bigint,
               action text, message text, digest text)
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_lines jsonb;
  v_line jsonb;
begin
  perform private.refuse_unknown_batch(p_batch_no);
  v_lines := private.payout_reply_lines(p_file, p_batch_no);
  -- Lock every request the reply names (in one order), then each member's balance row (the order
  -- private.payout_for_update uses), and judge the lines again under those locks.
  perform 1 from public.payout_requests r where r.id in (select (l ->> 'payout_id')::uuid from jsonb_array_elements(v_lines) l)
   order by r.id for update;
  perform 1 from private.reward_balances b
   where b.client_id in (select r.client_id from public.payout_requests r
                          where r.id in (select (l ->> 'payout_id')::uuid from jsonb_array_elements(v_lines) l))
   order by b.client_id for update;
  v_lines := private.payout_reply_lines(p_file, p_batch_no);
  if p_digest is null or pg_catalog.md5(v_lines::text) <> p_digest then
    perform private.refuse('reply_changed',
      'La respuesta ya no hace lo que mostraba la vista previa (alguien pagó, rechazó o anuló algo mientras tanto): revisa la vista previa de nuevo.');
  end if;
  if not exists (select 1 from jsonb_array_elements(v_lines) l where l ->> 'action' <> 'refused') then
    perform private.refuse('reply_nothing_to_apply', 'Ninguna línea de la respuesta se puede aplicar: revisa los motivos de cada una.');
  end if;
  -- Kept before the lines are applied: a second apply of the same reply at the same moment waits here.
  insert into private.payout_replies (fingerprint, applied_by, lines_applied)
  select private.payout_reply_fingerprint(p_file), v_actor, count(*) from jsonb_array_elements(v_lines) l where l ->> 'action' <> 'refused'
  on conflict (fingerprint) do nothing;
  if not found then
    perform private.refuse_reply_applied();
  end if;
  for v_line in select l from jsonb_array_elements(v_lines) l where l ->> 'action' <> 'refused' loop
    if v_line ->> 'action' = 'pay' then
      perform private.mark_payout_paid((v_line ->> 'payout_id')::uuid, v_actor, v_line ->> 'payment_reference');
      update public.payout_batch_items i set outcome = 'paid', settled_at = now(), settled_by = v_actor
       where i.payout_id = (v_line ->> 'payout_id')::uuid and i.outcome = 'sent';
    else
      update public.payout_batch_items i set outcome = 'failed', bank_reason = v_line ->> 'bank_reason', settled_at = now(), settled_by = v_actor
       where i.payout_id = (v_line ->> 'payout_id')::uuid and i.outcome = 'sent';
    end if;
  end loop;
  return query
    select (l ->> 'line_no')::integer, l ->> 'reference', (l ->> 'payout_id')::uuid, l ->> 'client_name', (l ->> 'amount')::numeric,
           (l ->> 'file_amount')::numeric, (l ->> 'batch_no')::bigint, l ->> 'action', l ->> 'message', p_digest
      from jsonb_array_elements(v_lines) l;
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.apply_payout_reply(text, text, bigint) is
  'Personal: aplica la respuesta del banco al archivo N.º p_batch_no en una sola transacción, solo si su vista previa (digest) sigue igual: cada línea pay marca pagada su solicitud (de reservado a pagado), cada bank_rejected la deja aprobada con el motivo del banco en su línea del archivo; las rechazadas no se aplican. Devuelve las líneas como quedaron.';

revoke all on function public.save_payout_account(text, text, text, text, text, text), public.set_payout_holder_exception(uuid, boolean, text),
  public.save_payout_file_settings(text, text, text, text, text[]), public.export_payout_file(uuid[], text),
  public.download_payout_batch_file(uuid), public.void_payout_batch(uuid, text), public.preview_payout_reply(text, bigint),
  public.apply_payout_reply(text, text, bigint) from public, anon;
grant execute on function public.save_payout_account(text, text, text, text, text, text), public.set_payout_holder_exception(uuid, boolean, text),
  public.save_payout_file_settings(text, text, text, text, text[]), public.export_payout_file(uuid[], text),
  public.download_payout_batch_file(uuid), public.void_payout_batch(uuid, text), public.preview_payout_reply(text, bigint),
  public.apply_payout_reply(text, text, bigint) to authenticated;
revoke all on function private.refuse_unless_pesos(text), private.pab_text(text, integer), private.pab_digits(text, integer),
  private.pab_cents(numeric), private.pab_file(public.payout_batches), private.csv_cell(text), private.payout_csv_file(public.payout_batches),
  private.csv_fields(text, text), private.amount_from_text(text), private.payout_reply_fingerprint(text), private.refuse_reply_applied(), private.payout_reply_lines(text, bigint),
  private.refuse_unknown_batch(bigint) from public;
