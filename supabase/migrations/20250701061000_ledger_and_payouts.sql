-- The reward ledger and the payout requests: written only by the engine's security-definer functions
-- (issue 5); through the API, members and staff read.

-- reward_transactions (the ledger) ---------------------------------------------------------------------
create table public.reward_transactions (
  id bigint generated always as identity primary key,
  beneficiary_id uuid not null references public.clients (id) on delete restrict,
  type text not null constraint reward_transactions_tipo_valido check (type in (
    'commission_enrollment', 'commission_purchase', 'points_purchase', 'points_enroller',
    'bonus_starter', 'bonus_volume', 'reversal_commission', 'reversal_points')),
  amount numeric(12,2) not null default 0,
  points integer not null default 0,
  period_month date not null references public.periods (month),
  source_sale_id uuid references public.sales (id) on delete restrict,
  source_client_id uuid references public.clients (id) on delete restrict,
  generation smallint constraint reward_transactions_generacion_valida check (generation between 1 and 20),
  base numeric(12,2) constraint reward_transactions_base_valida check (base >= 0),
  rate numeric(5,4) constraint reward_transactions_tasa_valida check (rate between 0 and 1),
  star_level smallint,
  rule text not null constraint reward_transactions_regla_valida check (char_length(btrim(rule)) between 3 and 500),
  reason text constraint reward_transactions_motivo_valido check (char_length(reason) <= 500),
  plan_version integer not null references public.plan_versions (version),
  reverses_id bigint references public.reward_transactions (id) on delete restrict,
  -- Who wrote the entry, as a fact of the past and not a reference (like audit_logs.actor_id): an
  -- append-only row could never be set to null when the user goes, and the check would cost every
  -- entry of an approval or a close one more lookup.
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  constraint reward_transactions_importe_coherente check (
    case type
      when 'commission_enrollment' then amount > 0 and points = 0
      when 'commission_purchase' then amount > 0 and points = 0
      when 'bonus_starter' then amount > 0 and points = 0
      when 'bonus_volume' then amount > 0 and points = 0
      when 'points_purchase' then points > 0 and amount = 0
      when 'points_enroller' then points > 0 and amount = 0
      when 'reversal_commission' then amount < 0 and points = 0
      when 'reversal_points' then points < 0 and amount = 0
    end),
  constraint reward_transactions_reverso_coherente check ((type like 'reversal_%') = (reverses_id is not null)),
  constraint reward_transactions_comision_explicada check (
    type <> 'commission_purchase' or (generation is not null and base is not null and rate is not null and source_sale_id is not null)),
  constraint reward_transactions_origen_venta check (
    type not in ('commission_enrollment', 'commission_purchase', 'points_purchase', 'points_enroller', 'bonus_starter')
    or source_sale_id is not null)
);

-- Each reversible entry is reversed at most once; each sale pays each beneficiary each rule once.
create unique index reward_transactions_un_reverso on public.reward_transactions (reverses_id) where reverses_id is not null;
create unique index reward_transactions_una_vez_por_venta on public.reward_transactions (source_sale_id, type, beneficiary_id)
  where reverses_id is null and source_sale_id is not null;
create unique index reward_transactions_un_bono_volumen on public.reward_transactions (beneficiary_id, period_month)
  where type = 'bonus_volume';

-- A member's ledger by month, newest entry first within each (get_ledger's keyset pages, the close's
-- forfeits, a month's figures): one index serves them all.
create index reward_transactions_beneficiary_idx on public.reward_transactions (beneficiary_id, period_month, id);
create index reward_transactions_period_idx on public.reward_transactions (period_month, type);
create index reward_transactions_source_client_idx on public.reward_transactions (source_client_id);
create index reward_transactions_plan_version_idx on public.reward_transactions (plan_version);
comment on table public.reward_transactions is
  'Libro de recompensas de solo anexado. Cada asiento se explica solo: beneficiario, regla, venta y miembro de origen, generación, base, tasa, nivel, versión del plan y periodo. Un error se corrige con un contraasiento (reverses_id), nunca editando.';
comment on column public.reward_transactions.period_month is
  'Mes de negocio del asiento: sus ingresos están pendientes mientras el periodo está abierto y disponibles cuando se cierra.';
comment on column public.reward_transactions.reason is 'Motivo de un contraasiento (p. ej. beneficiario inactivo al cierre, venta cancelada).';

create trigger reward_transactions_append_only before update or delete on public.reward_transactions
  for each row execute function private.forbid_change();
create trigger reward_transactions_no_truncate before truncate on public.reward_transactions
  for each statement execute function private.forbid_change();

-- A member's points entries and money reversals other than the close's forfeits, each from an index
-- of its own: among a heavy upline's thousands of commissions of a month they are few (the first is one
-- row per approved sale, the second is written by cancellations only).
create index reward_transactions_points_idx on public.reward_transactions (beneficiary_id, period_month, id) where points > 0;
create index reward_transactions_reversed_idx on public.reward_transactions (beneficiary_id, period_month) include (amount)
  where reverses_id is not null and type = 'reversal_commission' and reason is distinct from 'Beneficiario inactivo al cierre del mes';

-- Payouts through a bank (issue 24) ------------------------------------------------------------------
-- Where a member's money goes is data the database checks, not free text: a closed list of banks and
-- wallets the company pays to (payout_institutions), each member's payout account in versions that
-- never change (payout_accounts: a change is a new version, the old one is kept and marked replaced),
-- and the request keeps the version it was approved with (payout_requests.payout_account_id). The
-- company's side of the bank file (NIT, debit account, the layouts it uses) is payout_file_settings.

-- Identity documents (Colombia): what each type looks like. The NIT carries DIAN's check digit.
create or replace function private.nit_check_digit(p_base text) returns integer
language sql
immutable
set search_path = ''
as $$
  -- DIAN's modulo 11 with the weights 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71 from
  -- the rightmost digit of the base: the remainder 0 or 1 is the digit itself, otherwise 11 − remainder.
  select case when s % 11 < 2 then s % 11 else 11 - s % 11 end
    from (select sum(pg_catalog.substr(pg_catalog.reverse(p_base), i, 1)::integer
                     * (array[3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71])[i]) as s
            from generate_series(1, char_length(p_base)) i) w
$$;
comment on function private.nit_check_digit(text) is 'Dígito de verificación de un NIT (módulo 11 de la DIAN) para su base de dígitos.';

create or replace function private.document_problem(p_type text, p_number text) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case p_type
    when 'CC' then case when p_number !~ '^[1-9][0-9]{4,9}$' then 'La cédula de ciudadanía tiene entre 5 y 10 dígitos, sin puntos ni letras, y no empieza por 0.' end
    when 'CE' then case when p_number !~ '^[0-9]{6,10}$' then 'La cédula de extranjería tiene entre 6 y 10 dígitos, sin puntos ni letras.' end
    when 'NIT' then case
      when p_number !~ '^[0-9]{10}$' then 'El NIT tiene 9 dígitos y su dígito de verificación (por ejemplo 900123456-8).'
      when private.nit_check_digit(pg_catalog.left(p_number, 9)) <> pg_catalog.right(p_number, 1)::integer
        then format('El dígito de verificación del NIT %s no es %s: revisa el número.', pg_catalog.left(p_number, 9), pg_catalog.right(p_number, 1)) end
    when 'PA' then case when p_number !~ '^[A-Z0-9]{5,15}$' then 'El pasaporte tiene entre 5 y 15 letras o dígitos.' end
    else 'El tipo de documento es CC (cédula de ciudadanía), CE (cédula de extranjería), NIT o PA (pasaporte).'
  end;
end
$$;
comment on function private.document_problem(text, text) is
  'Qué está mal en un documento de identidad para su tipo (CC, CE, NIT con dígito de verificación, PA), en una frase; null si está bien. El número llega ya normalizado (sin espacios, puntos ni guiones, en mayúsculas).';

create or replace function private.document_key(p_document text) returns text
language sql
immutable
set search_path = ''
as $$
  -- «CC 1.020.304», «c.c. 1020304» and «1020304» are the same person's document: the type's initials
  -- at the start and every mark that is not a letter or a digit are left out.
  select pg_catalog.regexp_replace(
           pg_catalog.regexp_replace(pg_catalog.upper(pg_catalog.btrim(coalesce(p_document, ''))), '^(C\.?\s?C\.?|C\.?\s?E\.?|NIT|PA|PAS|PASAPORTE)[\s.:#-]+', ''),
           '[^A-Z0-9]', '', 'g')
$$;
comment on function private.document_key(text) is
  'Documento reducido a sus letras y dígitos, sin el tipo delante («CC 1.020.304» → 1020304): compara el titular de una cuenta con la ficha del miembro.';
-- Numbers and names as people write them: «300 555 0199», «123-456789-00», «1.020.304», «  ana  pérez ».
create or replace function private.compact_number(p_text text) returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.upper(pg_catalog.regexp_replace(coalesce(p_text, ''), '[\s.-]', '', 'g'))
$$;
comment on function private.compact_number(text) is 'Número de cuenta o de documento sin espacios, puntos ni guiones, en mayúsculas.';
create or replace function private.compact_name(p_text text) returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.regexp_replace(pg_catalog.btrim(coalesce(p_text, '')), '\s+', ' ', 'g')
$$;
comment on function private.compact_name(text) is 'Nombre sin espacios al principio ni al final y con uno solo entre palabras.';
revoke all on function private.nit_check_digit(text), private.document_problem(text, text),
  private.document_key(text), private.compact_number(text), private.compact_name(text) from public;

-- payout_institutions: the banks and wallets the company pays to ------------------------------------
create table public.payout_institutions (
  code text primary key constraint payout_institutions_codigo_valido check (code ~ '^[0-9]{4}$'),
  name text not null unique constraint payout_institutions_nombre_valido check (char_length(btrim(name)) between 2 and 60),
  kind text not null constraint payout_institutions_clase_valida check (kind in ('bank', 'wallet')),
  account_types text[] not null constraint payout_institutions_tipos_validos
    check (cardinality(account_types) >= 1 and account_types <@ array['ahorros', 'corriente', 'deposito_electronico']),
  number_min_length smallint not null,
  number_max_length smallint not null,
  number_prefix text constraint payout_institutions_prefijo_valido check (number_prefix ~ '^[0-9]{1,3}$'),
  enabled boolean not null default true,
  updated_at timestamptz not null default now(),
  constraint payout_institutions_longitud_valida check (number_min_length between 4 and 17 and number_max_length between number_min_length and 17)
);
comment on table public.payout_institutions is
  'Bancos y billeteras a los que la empresa paga retiros. code es el código de compensación ACH de la entidad (el que lleva el archivo del banco); la longitud y el prefijo del número de cuenta se comprueban al guardar la cuenta de un miembro. enabled: la empresa paga hoy a esa entidad (Configuración).';
comment on column public.payout_institutions.number_prefix is 'Con qué empieza todo número de esa entidad (las billeteras usan el celular: 3).';

-- The ACH codes are those of Colombia's compensation (the PAB file's «banco cuenta del beneficiario»);
-- the account lengths, those each bank gives its accounts. The company turns each on or off.
insert into public.payout_institutions (code, name, kind, account_types, number_min_length, number_max_length, number_prefix) values
  ('1007', 'Bancolombia', 'bank', '{ahorros,corriente}', 11, 11, null),
  ('1051', 'Davivienda', 'bank', '{ahorros,corriente}', 12, 12, null),
  ('1001', 'Banco de Bogotá', 'bank', '{ahorros,corriente}', 9, 9, null),
  ('1023', 'Banco de Occidente', 'bank', '{ahorros,corriente}', 9, 9, null),
  ('1002', 'Banco Popular', 'bank', '{ahorros,corriente}', 9, 9, null),
  ('1052', 'Banco AV Villas', 'bank', '{ahorros,corriente}', 9, 9, null),
  ('1032', 'Banco Caja Social', 'bank', '{ahorros,corriente}', 11, 11, null),
  ('1507', 'Nequi', 'wallet', '{deposito_electronico}', 10, 10, '3'),
  ('1551', 'Daviplata', 'wallet', '{deposito_electronico}', 10, 10, '3');

create trigger payout_institutions_touch before update on public.payout_institutions
  for each row execute function private.touch_updated_at();
create trigger audit after insert or update or delete on public.payout_institutions for each row execute function private.audit_row('code');

-- payout_file_settings: the company's side of the bank file (Configuración, superadmin) ------------
create table public.payout_file_settings (
  id text primary key default 'app_settings' constraint payout_file_settings_una_fila check (id = 'app_settings'),
  -- The NIT without its check digit (the PAB header's «NIT entidad originadora»), and the digit apart.
  company_nit text constraint payout_file_settings_nit_valido check (company_nit ~ '^[0-9]{9}$'),
  company_nit_dv smallint constraint payout_file_settings_dv_valido check (company_nit_dv between 0 and 9),
  -- The company's Bancolombia account the bank debits (11 digits) and its type.
  debit_account_number text constraint payout_file_settings_cuenta_valida check (debit_account_number ~ '^[0-9]{11}$'),
  debit_account_type text constraint payout_file_settings_tipo_valido check (debit_account_type in ('ahorros', 'corriente')),
  -- PAB's «clase de transacciones»: 220 pago a proveedores, 225 pago de nómina, 238 pago a terceros.
  transaction_class text not null default '220' constraint payout_file_settings_clase_valida check (transaction_class in ('220', '225', '238')),
  enabled_layouts text[] not null default '{}' constraint payout_file_settings_formatos_validos check (enabled_layouts <@ array['bancolombia_pab']),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint payout_file_settings_nit_con_dv check ((company_nit is null) = (company_nit_dv is null)),
  constraint payout_file_settings_dv_correcto check (company_nit is null or company_nit_dv = private.nit_check_digit(company_nit)),
  constraint payout_file_settings_pab_completo check (
    not 'bancolombia_pab' = any (enabled_layouts)
    or (company_nit is not null and debit_account_number is not null and debit_account_type is not null))
);
create index payout_file_settings_updated_by_idx on public.payout_file_settings (updated_by);
comment on table public.payout_file_settings is
  'Datos de la empresa para los archivos de pago (una fila): NIT, cuenta que el banco debita, clase de transacción y los formatos de banco que la empresa usa. El CSV simple siempre está disponible.';
insert into public.payout_file_settings (id) values ('app_settings');
create trigger payout_file_settings_touch before update on public.payout_file_settings
  for each row execute function private.touch_updated_at();
create trigger audit after insert or update or delete on public.payout_file_settings for each row execute function private.audit_row();

-- payout_holder_exceptions: members a superadmin allows to be paid into someone else's account ------
create table public.payout_holder_exceptions (
  client_id uuid primary key references public.clients (id) on delete cascade,
  reason text not null constraint payout_holder_exceptions_motivo_valido check (char_length(btrim(reason)) between 3 and 300),
  granted_by uuid references auth.users (id) on delete set null,
  granted_at timestamptz not null default now()
);
create index payout_holder_exceptions_granted_by_idx on public.payout_holder_exceptions (granted_by);
comment on table public.payout_holder_exceptions is
  'Miembros a los que un superadmin permite cobrar en una cuenta de otro titular (con el motivo). Sin fila, el titular debe ser el propio miembro.';
create trigger audit after insert or update or delete on public.payout_holder_exceptions
  for each row execute function private.audit_row('client_id');

-- payout_accounts: a member's payout account, one version per change --------------------------------
create table public.payout_accounts (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (id) on delete restrict,
  institution_code text not null references public.payout_institutions (code) on delete restrict,
  account_type text not null constraint payout_accounts_tipo_valido check (account_type in ('ahorros', 'corriente', 'deposito_electronico')),
  account_number text not null constraint payout_accounts_numero_valido check (account_number ~ '^[0-9]{4,17}$'),
  holder_name text not null constraint payout_accounts_titular_valido check (char_length(holder_name) between 3 and 60),
  holder_document_type text not null constraint payout_accounts_tipo_documento_valido check (holder_document_type in ('CC', 'CE', 'NIT', 'PA')),
  holder_document_number text not null constraint payout_accounts_documento_valido check (holder_document_number ~ '^[A-Z0-9]{5,15}$'),
  -- Whether the holder's document is the member's own (else a superadmin's exception allowed it).
  holder_is_member boolean not null,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- When the member saved the next version: this one is no longer where their money goes.
  replaced_at timestamptz
);
-- One current account per member; the replaced versions stay, each payout keeps the one it was approved with.
create unique index payout_accounts_una_vigente on public.payout_accounts (client_id) where replaced_at is null;
create index payout_accounts_client_idx on public.payout_accounts (client_id, created_at desc);
create index payout_accounts_institution_idx on public.payout_accounts (institution_code);
create index payout_accounts_created_by_idx on public.payout_accounts (created_by);
comment on table public.payout_accounts is
  'Cuenta de pago de cada miembro, en versiones que no cambian: cambiar de cuenta crea una versión nueva y marca la anterior como reemplazada (replaced_at). Un retiro aprobado guarda la versión con que se aprobó, así que cambiar la cuenta después no mueve el dinero a otra parte.';

create or replace function private.payout_accounts_prepare() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_institution public.payout_institutions;
  v_member_document text;
begin
  new.account_number := private.compact_number(new.account_number);
  new.holder_name := private.compact_name(new.holder_name);
  new.holder_document_number := private.compact_number(new.holder_document_number);
  new.holder_document_type := pg_catalog.upper(pg_catalog.btrim(coalesce(new.holder_document_type, '')));

  select * into v_institution from public.payout_institutions i where i.code = new.institution_code;
  if not found or not v_institution.enabled then
    perform private.refuse('invalid_payout_account', 'Elige un banco o billetera de la lista: la empresa no paga a esa entidad.', 'institution_code');
  end if;
  if new.account_type is null or not new.account_type = any (v_institution.account_types) then
    perform private.refuse('invalid_payout_account',
      format('%s admite %s.', v_institution.name, pg_catalog.array_to_string(array(
        select case t when 'ahorros' then 'cuenta de ahorros' when 'corriente' then 'cuenta corriente' else 'depósito electrónico (el celular)' end
          from unnest(v_institution.account_types) t), ' o ')), 'account_type');
  end if;
  if new.account_number !~ '^[0-9]+$'
     or char_length(new.account_number) not between v_institution.number_min_length and v_institution.number_max_length
     or (v_institution.number_prefix is not null and new.account_number not like v_institution.number_prefix || '%') then
    perform private.refuse('invalid_payout_account',
      format('El número de %s tiene %s dígitos%s, sin letras.', v_institution.name,
        case when v_institution.number_min_length = v_institution.number_max_length then v_institution.number_min_length::text
             else format('entre %s y %s', v_institution.number_min_length, v_institution.number_max_length) end,
        case when v_institution.number_prefix is not null then format(' y empieza por %s (es el celular)', v_institution.number_prefix) else '' end),
      'account_number');
  end if;

  perform private.refuse_formula(new.holder_name, 'el nombre del titular', 'holder_name');
  if char_length(new.holder_name) not between 3 and 60 or new.holder_name !~ '^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ][A-Za-zÁÉÍÓÚÜÑáéíóúüñ .''-]*$' then
    perform private.refuse('invalid_payout_account',
      'El nombre del titular va como en el banco: entre 3 y 60 letras y espacios (se admiten tildes, ñ, apóstrofo, punto y guion).', 'holder_name');
  end if;
  if new.holder_document_type not in ('CC', 'CE', 'NIT', 'PA') then
    perform private.refuse('invalid_payout_account', private.document_problem(new.holder_document_type, ''), 'holder_document_type');
  end if;
  if private.document_problem(new.holder_document_type, new.holder_document_number) is not null then
    perform private.refuse('invalid_payout_account', private.document_problem(new.holder_document_type, new.holder_document_number), 'holder_document_number');
  end if;

  -- The holder is the member: their document is the one on their record, unless a superadmin allowed otherwise.
  -- A person's NIT is their cédula and a check digit, so a NIT matches a record without that digit; no
  -- other type is cut (a CC «1234567890» is another person than a record's «123456789»).
  select c.document_number into v_member_document from public.clients c where c.id = new.client_id;
  new.holder_is_member := private.document_key(v_member_document) <> ''
    and (private.document_key(v_member_document) = new.holder_document_number
         or (new.holder_document_type = 'NIT' and private.document_key(v_member_document) = pg_catalog.left(new.holder_document_number, 9)));
  if not new.holder_is_member and not exists (select 1 from public.payout_holder_exceptions e where e.client_id = new.client_id) then
    perform private.refuse('payout_holder_not_member',
      case when private.document_key(v_member_document) = ''
           then 'Tu ficha no tiene documento de identidad: pide a la empresa que lo registre para poder comprobar que la cuenta es tuya.'
           else 'La cuenta debe estar a tu nombre: el documento del titular no es el de tu ficha. Si necesitas cobrar en la cuenta de otra persona, pide a la empresa que lo autorice.' end,
      'holder_document_number');
  end if;
  new.created_at := private.engine_now();
  new.replaced_at := null;
  return new;
end
$$;
comment on function private.payout_accounts_prepare() is
  'Normaliza y valida una versión nueva de cuenta de pago, campo por campo (DETAIL = el campo): entidad habilitada, tipo de cuenta que admite, número con su longitud y prefijo, nombre del titular (sin fórmulas), documento según su tipo (NIT con dígito de verificación) y titular = el propio miembro salvo excepción de un superadmin.';

create or replace function private.payout_accounts_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A version never changes: the only write is marking it replaced, once, when the next one is saved.
  if old.replaced_at is not null or new.replaced_at is null or (to_jsonb(new) - 'replaced_at') <> (to_jsonb(old) - 'replaced_at') then
    perform private.refuse('append_only', 'Una cuenta de pago guardada no se modifica: cambiarla crea una versión nueva.', null, '42501');
  end if;
  return new;
end
$$;
comment on function private.payout_accounts_guard() is
  'Las versiones de cuenta de pago no cambian: solo se marcan reemplazadas una vez (replaced_at), al guardar la siguiente.';

create trigger payout_accounts_prepare before insert on public.payout_accounts
  for each row execute function private.payout_accounts_prepare();
create trigger payout_accounts_guard before update on public.payout_accounts
  for each row execute function private.payout_accounts_guard();
create trigger payout_accounts_no_delete before delete on public.payout_accounts
  for each row execute function private.forbid_change();
create trigger payout_accounts_no_truncate before truncate on public.payout_accounts
  for each statement execute function private.forbid_change();
create trigger audit after insert or update or delete on public.payout_accounts for each row execute function private.audit_row();


-- payout_requests -------------------------------------------------------------------------------------
create table public.payout_requests (
  id uuid primary key default gen_random_uuid(),
  -- The request's number, for people and banks: its reference in a payment file is RET-000123.
  number bigint generated always as identity unique,
  client_id uuid not null references public.clients (id) on delete restrict,
  amount numeric(12,2) not null constraint payout_requests_importe_positivo check (amount > 0),
  -- The member's account version this request was approved with (none while pending).
  payout_account_id uuid references public.payout_accounts (id) on delete restrict,
  status text not null default 'pending' constraint payout_requests_estado_valido check (status in ('pending', 'approved', 'paid', 'rejected')),
  payment_details text constraint payout_requests_datos_pago_validos check (char_length(payment_details) <= 500),
  payment_reference text constraint payout_requests_referencia_valida check (char_length(payment_reference) <= 120),
  rejection_reason text constraint payout_requests_motivo_valido check (char_length(rejection_reason) <= 500),
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  decided_by uuid references auth.users (id) on delete set null,
  paid_by uuid references auth.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  decided_at timestamptz,
  paid_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint payout_requests_pagada_con_referencia check (status <> 'paid' or (paid_at is not null and char_length(btrim(payment_reference)) > 0)),
  constraint payout_requests_rechazada_con_motivo check (status <> 'rejected' or char_length(btrim(rejection_reason)) >= 3),
  constraint payout_requests_aprobada_con_cuenta check (status in ('pending', 'rejected') or payout_account_id is not null)
);
create index payout_requests_client_idx on public.payout_requests (client_id, requested_at desc);
create index payout_requests_status_idx on public.payout_requests (status, requested_at);
create index payout_requests_requested_by_idx on public.payout_requests (requested_by);
create index payout_requests_decided_by_idx on public.payout_requests (decided_by);
create index payout_requests_paid_by_idx on public.payout_requests (paid_by);
create index payout_requests_account_idx on public.payout_requests (payout_account_id);
comment on table public.payout_requests is
  'Solicitudes de cobro de los miembros. Cuentan contra el saldo disponible desde que se piden (pendientes, aprobadas o pagadas); una rechazada lo libera.';

create or replace function private.payout_transition() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.client_id <> old.client_id or new.amount <> old.amount then
    perform private.refuse('invalid_transition', 'El miembro y el importe de una solicitud de cobro no cambian.');
  end if;
  -- The account is fixed when the request is approved, and only to the member's current one: a
  -- request is never paid into an account that was not its member's when it was approved.
  if new.payout_account_id is distinct from old.payout_account_id then
    if not (old.status = 'pending' and new.status = 'approved') then
      perform private.refuse('invalid_transition', 'La cuenta de pago de un retiro se fija al aprobarlo y ya no cambia.');
    end if;
    if not exists (select 1 from public.payout_accounts a
                    where a.id = new.payout_account_id and a.client_id = new.client_id and a.replaced_at is null) then
      perform private.refuse('invalid_payout_account', 'Un retiro se aprueba con la cuenta de pago vigente de su propio miembro.');
    end if;
  end if;
  if new.status is distinct from old.status and not (
       (old.status = 'pending' and new.status in ('approved', 'rejected'))
    or (old.status = 'approved' and new.status in ('paid', 'rejected'))
  ) then
    perform private.refuse('invalid_transition', format('No se puede pasar una solicitud de cobro de «%s» a «%s».', old.status, new.status));
  end if;
  return new;
end
$$;
comment on function private.payout_transition() is
  'Estados de un cobro: pending → approved → paid, o rechazado antes de pagarse (pagar dos veces es imposible); la cuenta de pago se fija al aprobar, con la vigente del propio miembro, y no cambia después.';

create or replace function private.payout_reference(p_number bigint) returns text
language sql
immutable
set search_path = ''
as $$
  -- At least six digits, never fewer than the number has (lpad alone would cut RET-1234567 to RET-123456).
  select 'RET-' || pg_catalog.lpad(p_number::text, greatest(6, char_length(p_number::text)), '0')
$$;
comment on function private.payout_reference(bigint) is
  'Referencia de una solicitud de retiro para personas y bancos (RET-000123, con todas sus cifras cuando pasa de seis): la lleva el archivo de pago y la devuelve la respuesta del banco.';
revoke all on function private.payout_reference(bigint) from public;
create trigger payout_requests_transition before update on public.payout_requests
  for each row execute function private.payout_transition();
create trigger payout_requests_touch before update on public.payout_requests
  for each row execute function private.touch_updated_at();
-- The member's payment details and staff's reference and reason reach Pagos' CSV and the bank's file
-- (foundation: no formulas).
create trigger payout_requests_refuse_formulas
  before insert or update of payment_details, payment_reference, rejection_reason on public.payout_requests
  for each row execute function private.refuse_formula_columns(
    'payment_details', 'los datos de pago', 'payment_reference', 'la referencia del pago', 'rejection_reason', 'el motivo del rechazo');

-- A finished request (paid or rejected) is found by the month it was finished in, as the totals count it.
create index if not exists payout_requests_finished_idx on public.payout_requests (status, (coalesce(paid_at, decided_at)));

-- Audited (private.audit_row) ------------------------------------------------------------------------
create trigger audit after insert or update or delete on public.payout_requests for each row execute function private.audit_row();

-- payout_batches and payout_batch_items: the payment files given to the bank ----------------------
-- Each «Exportar archivo de pago» is a batch: the approved requests chosen, with the account each was
-- approved with, the company's data of that moment, and the day's sequence. Its file is always written
-- again from these rows (the same bytes on every download). A request is in at most one batch waiting
-- for the bank's answer, so a second file with the same request cannot be made; the bank's reply marks
-- each line paid or failed, and a failed request may go in a later batch.
create table public.payout_batches (
  id uuid primary key default gen_random_uuid(),
  batch_no bigint generated always as identity unique,
  layout text not null constraint payout_batches_formato_valido check (layout in ('bancolombia_pab', 'csv')),
  -- The business day the file is for (company time zone) and, for PAB, the day's sequence letter.
  application_date date not null,
  day_sequence smallint not null constraint payout_batches_secuencia_valida check (day_sequence between 1 and 26),
  payout_count integer not null constraint payout_batches_cantidad_valida check (payout_count between 1 and 5000),
  total_amount numeric(14,2) not null constraint payout_batches_total_valido check (total_amount > 0),
  currency text not null constraint payout_batches_moneda_valida check (currency ~ '^[A-Z]{3}$'),
  company_nit text,
  debit_account_number text,
  debit_account_type text,
  transaction_class text,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  download_count integer not null default 0 constraint payout_batches_descargas_validas check (download_count >= 0),
  last_downloaded_at timestamptz,
  last_downloaded_by uuid references auth.users (id) on delete set null,
  voided_at timestamptz,
  voided_by uuid references auth.users (id) on delete set null,
  void_reason text constraint payout_batches_motivo_valido check (char_length(btrim(void_reason)) between 3 and 300),
  constraint payout_batches_anulado_con_motivo check ((voided_at is null) = (void_reason is null)),
  constraint payout_batches_pab_completo check (
    layout <> 'bancolombia_pab' or (company_nit is not null and debit_account_number is not null and debit_account_type is not null and transaction_class is not null))
);
create unique index payout_batches_secuencia_del_dia on public.payout_batches (layout, application_date, day_sequence);
create index payout_batches_created_idx on public.payout_batches (created_at desc, id);
create index payout_batches_created_by_idx on public.payout_batches (created_by);
create index payout_batches_last_downloaded_by_idx on public.payout_batches (last_downloaded_by);
create index payout_batches_voided_by_idx on public.payout_batches (voided_by);
comment on table public.payout_batches is
  'Archivos de pago entregados al banco («Exportar archivo de pago»): formato, día y secuencia, cantidad y total, y los datos de la empresa de ese momento, para que el archivo se escriba igual cada vez que se descarga (download_count lo cuenta). Anular (voided_*) saca del lote las líneas que el banco aún no respondió.';

create table public.payout_batch_items (
  batch_id uuid not null references public.payout_batches (id) on delete restrict,
  payout_id uuid not null references public.payout_requests (id) on delete restrict,
  line_no integer not null constraint payout_batch_items_linea_valida check (line_no >= 1),
  amount numeric(12,2) not null constraint payout_batch_items_importe_valido check (amount > 0),
  payout_account_id uuid not null references public.payout_accounts (id) on delete restrict,
  -- sent: waiting for the bank; paid / failed: the bank's answer; voided: the batch was voided first.
  outcome text not null default 'sent' constraint payout_batch_items_resultado_valido check (outcome in ('sent', 'paid', 'failed', 'voided')),
  bank_reason text constraint payout_batch_items_motivo_valido check (char_length(bank_reason) <= 300),
  settled_at timestamptz,
  settled_by uuid references auth.users (id) on delete set null,
  primary key (batch_id, payout_id),
  constraint payout_batch_items_linea_unica unique (batch_id, line_no),
  constraint payout_batch_items_respuesta_coherente check ((outcome = 'sent') = (settled_at is null)),
  constraint payout_batch_items_fallida_con_motivo check (outcome <> 'failed' or char_length(btrim(bank_reason)) >= 3)
);
-- A request waits for the bank in one file at most: generating the file again cannot pay it twice.
create unique index payout_batch_items_un_lote_en_curso on public.payout_batch_items (payout_id) where outcome = 'sent';
create index payout_batch_items_payout_idx on public.payout_batch_items (payout_id, settled_at desc);
create index payout_batch_items_account_idx on public.payout_batch_items (payout_account_id);
create index payout_batch_items_settled_by_idx on public.payout_batch_items (settled_by);
comment on table public.payout_batch_items is
  'Una línea de un archivo de pago: la solicitud, su importe y la cuenta con que se aprobó, y lo que respondió el banco (paid, o failed con su motivo; la solicitud sigue aprobada). Una solicitud está a lo sumo en un archivo esperando respuesta (outcome = sent).';

-- The bank's replies already applied, by the fingerprint of their text. A reply answers one file: the
-- same reply applied again after one of its requests went into a newer file would mark that newer
-- line failed (or paid) though the bank never answered it, and the request could be sent twice.
create table private.payout_replies (
  fingerprint text primary key,
  applied_at timestamptz not null default now(),
  applied_by uuid references auth.users (id) on delete set null,
  lines_applied integer not null constraint payout_replies_lineas_validas check (lines_applied >= 1)
);
create index payout_replies_applied_by_idx on private.payout_replies (applied_by);
comment on table private.payout_replies is
  'Respuestas del banco ya aplicadas (la huella de su texto, quién y cuándo): la misma respuesta no se aplica dos veces, ni a un archivo de pago posterior al que respondía.';
revoke all on table private.payout_replies from public, anon, authenticated, service_role;

create or replace function private.payout_batch_items_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- What was sent never changes; only the bank's answer (or the batch's voiding) is written, once.
  if (new.batch_id, new.payout_id, new.line_no, new.amount, new.payout_account_id) is distinct from
     (old.batch_id, old.payout_id, old.line_no, old.amount, old.payout_account_id)
     or old.outcome <> 'sent' then
    perform private.refuse('append_only', 'Una línea de un archivo de pago ya respondida o anulada no cambia.', null, '42501');
  end if;
  return new;
end
$$;
comment on function private.payout_batch_items_guard() is 'Las líneas de un archivo de pago no cambian; solo reciben, una vez, la respuesta del banco o la anulación.';
create trigger payout_batch_items_guard before update on public.payout_batch_items
  for each row execute function private.payout_batch_items_guard();
create trigger payout_batch_items_no_delete before delete on public.payout_batch_items
  for each row execute function private.forbid_change();
create trigger payout_batch_items_no_truncate before truncate on public.payout_batch_items
  for each statement execute function private.forbid_change();
create trigger audit after insert or update or delete on public.payout_batches for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.payout_batch_items
  for each row execute function private.audit_row('payout_id');
create trigger payout_batches_no_delete before delete on public.payout_batches
  for each row execute function private.forbid_change();
create trigger payout_batches_no_truncate before truncate on public.payout_batches
  for each statement execute function private.forbid_change();

-- Row level security: read-only through the API ----------------------------------------------------------
alter table public.reward_transactions enable row level security;
alter table public.payout_requests enable row level security;
alter table public.payout_institutions enable row level security;
alter table public.payout_file_settings enable row level security;
alter table public.payout_holder_exceptions enable row level security;
alter table public.payout_accounts enable row level security;
alter table public.payout_batches enable row level security;
alter table public.payout_batch_items enable row level security;
-- Read-only through the API: the engine's security-definer functions write them.
grant select on public.reward_transactions, public.payout_requests to authenticated;
create policy reward_transactions_select_own on public.reward_transactions for select to authenticated
  using (beneficiary_id = (select private.my_client_id()));
create policy reward_transactions_select_staff on public.reward_transactions for select to authenticated
  using ((select private.is_staff()));

create policy payout_requests_select_own on public.payout_requests for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy payout_requests_select_staff on public.payout_requests for select to authenticated
  using ((select private.is_staff()));

-- Payouts through a bank: everyone signed in reads the list of banks and wallets (Mi Cuenta's form);
-- a superadmin turns them on or off here, and writes the rest through the RPCs of
-- 20250701073000_engine_payout_accounts_and_files (accounts, settings, exceptions, files, replies).
grant select on public.payout_institutions to authenticated;
grant update (enabled) on public.payout_institutions to authenticated;
grant select on public.payout_file_settings, public.payout_holder_exceptions, public.payout_accounts, public.payout_batches,
  public.payout_batch_items to authenticated;
create policy payout_institutions_select on public.payout_institutions for select to authenticated
  using ((select private.has_role()));
create policy payout_institutions_update_superadmin on public.payout_institutions for update to authenticated
  using ((select private.is_superadmin())) with check ((select private.is_superadmin()));
create policy payout_file_settings_select_staff on public.payout_file_settings for select to authenticated
  using ((select private.is_staff()));
create policy payout_holder_exceptions_select_own on public.payout_holder_exceptions for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy payout_holder_exceptions_select_staff on public.payout_holder_exceptions for select to authenticated
  using ((select private.is_staff()));
create policy payout_accounts_select_own on public.payout_accounts for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy payout_accounts_select_staff on public.payout_accounts for select to authenticated
  using ((select private.is_staff()));
create policy payout_batches_select_staff on public.payout_batches for select to authenticated
  using ((select private.is_staff()));
create policy payout_batch_items_select_staff on public.payout_batch_items for select to authenticated
  using ((select private.is_staff()));
-- A member sees the bank's answer on their own requests (Mis Recompensas: «el banco la devolvió: …»).
create policy payout_batch_items_select_own on public.payout_batch_items for select to authenticated
  using (exists (select 1 from public.payout_requests r where r.id = payout_id and r.client_id = (select private.my_client_id())));
