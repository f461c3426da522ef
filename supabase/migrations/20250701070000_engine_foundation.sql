-- Reward engine (issue 5), part 1: the clock, business months, the plan as the engine reads it, and
-- the two summaries the engine keeps beside the append-only ledger (DESIGN.md §5, §9). Who may call
-- (private.require_staff and friends) is in the identity migration.
--
-- Rounding rules (money is numeric(12,2), points are integers):
--   * every money entry is rounded on its own to the cent, half away from zero (PostgreSQL's
--     round(numeric, 2)): commission = round(base × rate, 2), enrolment commission =
--     round(kit base × rate, 2), volume bonus = round(rate × downline sales, 2);
--   * a sale's commissionable base is the exact sum of its lines (unit base × quantity, already
--     in cents), so it is never rounded;
--   * a reversal copies the original's amount and points with the opposite sign and never
--     recomputes, so a cancelled sale nets to exactly zero whatever the plan says by then;
--   * an entry that would be 0.00 with no points is not written (the ledger's checks forbid it).
--
-- Every refusal goes through private.refuse (foundation migration): SQLSTATE P0001, a Spanish
-- message for the screen and a stable code in HINT («savia:<código>»), which PostgREST returns as `hint`.

-- The clock ------------------------------------------------------------------------------------
create or replace function private.engine_now() returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  -- `savia.now` lets the seed and the tests write history in past months. It is honoured only on
  -- direct database sessions: PostgREST logs in as `authenticator`, so an API call always runs on
  -- the real time whatever settings a request could carry.
  return case
           when session_user::text <> 'authenticator' and coalesce(current_setting('savia.now', true), '') <> ''
             then current_setting('savia.now', true)::timestamptz
           else now()
         end;
end
$$;
comment on function private.engine_now() is
  'Hora del motor: now(), salvo que una sesión directa a la base (semilla, pruebas; nunca PostgREST) fije el parámetro savia.now para escribir historia en meses pasados.';

-- Business months --------------------------------------------------------------------------------
create or replace function private.current_period() returns date
language plpgsql
stable
set search_path = ''
as $$
begin
  return private.business_month(private.engine_now());
end
$$;
comment on function private.current_period() is 'Mes de negocio en curso (zona horaria de la empresa) según el reloj del motor.';

-- Inlined into the statement that calls it (SQL, immutable, no search_path of its own, and only
-- immutable pieces: the year is cast to text, since text || integer is a stable operator): the close
-- writes it into hundreds of thousands of sentences, where a call apart cost 6 µs each.
create or replace function private.period_label(p_month date) returns text
language sql
immutable
as $$
  select (array['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre',
                'octubre', 'noviembre', 'diciembre'])[extract(month from p_month)::integer]
         || ' de ' || extract(year from p_month)::integer::text
$$;
comment on function private.period_label(date) is 'Nombre del mes en español («marzo de 2026») para los mensajes y explicaciones.';

-- Every amount a sentence of the database carries (the ledger's explanations, refusals, notifications)
-- is written as the screens write it (src/lib/format/format.ts, Intl in the settings' locale), so staff
-- and members read one format on every screen, in the bell and in the e-mail. The rules below are
-- CLDR's for the locales metadata.locale accepts (src/lib/format/locales.ts), and an integration test
-- (tests/integration/locale-money.test.ts) holds them to node's Intl for every locale and currency.
-- Files for machines (the bank's CSV) write plain decimals instead.
-- The pieces below are plain SQL without a search_path of their own, calling only pg_catalog's
-- functions by their full names, so that PostgreSQL can inline them into the expression that uses
-- them. It does so only when a piece's declared volatility covers what it calls (to_char is stable,
-- so locale_number is too) and when a parameter used twice gets a cheap argument (a variable, not
-- another call): money_in and pct_in are PL/pgSQL for that, each piece fed from a variable. The
-- locale is read by a PL/pgSQL function, whose plan lives for the session. None but that one sets a
-- search_path (every name is qualified): a setting changed on every call costs too. An approval
-- writes three amounts and two rates, and a close thousands; each piece called apart cost 50–70 µs
-- (bench/README.md «Issue 27»).
create or replace function private.locale_currency_symbol(p_currency text, p_locale text) returns text
language sql
immutable
as $$
  select coalesce(
    case p_locale
      when 'es-CO' then case p_currency when 'COP' then '$' when 'USD' then 'US$' end
      when 'es-MX' then case p_currency when 'MXN' then '$' when 'MRU' then 'UM' end
      when 'es-PE' then case p_currency when 'PEN' then 'S/' end
      when 'es-CL' then case p_currency when 'CLP' then '$' when 'USD' then 'US$' end
      when 'es-EC' then case p_currency when 'USD' then '$' end
      when 'es-ES' then case p_currency when 'EUR' then '€' when 'USD' then 'US$' when 'THB' then '฿' when 'VND' then '₫' end
    end,
    case p_currency when 'XCG' then 'Cg.' when 'XPF' then 'CFPF' end,
    p_currency, '')
$$;
comment on function private.locale_currency_symbol(text, text) is
  'El símbolo con que un formato regional escribe una moneda («US$» y «$» en es-CO, «€» en es-ES); las demás, con su código ISO, como Intl.';

create or replace function private.currency_digits(p_currency text) returns integer
language sql
immutable
as $$
  select case
    when p_currency in ('AFN', 'ALL', 'BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'IQD', 'IRR', 'ISK', 'JPY', 'KMF', 'KPW',
                        'KRW', 'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'PYG', 'RWF', 'SLL', 'SOS', 'SYP', 'UGX', 'VND', 'VUV',
                        'XAF', 'XOF', 'XPF', 'YER') then 0
    when p_currency in ('BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then 3
    else 2 end
$$;
comment on function private.currency_digits(text) is 'Los decimales con que Intl escribe una moneda (0 para COP o CLP, 3 para KWD, 2 las demás).';

create or replace function private.locale_number(p_value numeric, p_digits integer, p_locale text) returns text
language sql
stable
as $$
  -- Every figure groups its thousands (Intl's useGrouping 'always'); Mexico and Peru write «1,234.50».
  select pg_catalog.translate(
           pg_catalog.to_char(pg_catalog.round(pg_catalog.abs(p_value), p_digits),
                              'FM999,999,999,999,999,990' || case when p_digits > 0 then '.' || pg_catalog.repeat('0', p_digits) else '' end),
           ',.', case when p_locale in ('es-MX', 'es-PE') then ',.' else '.,' end)
$$;
comment on function private.locale_number(numeric, integer, text) is
  'El valor absoluto de un número con sus miles agrupados y los decimales pedidos, con los separadores del formato regional.';

create or replace function private.money_digits(p_amount numeric, p_currency text) returns integer
language sql
immutable
as $$
  -- A currency written without cents shows them only when the amount has some (never rounds).
  select case when private.currency_digits(p_currency) = 0
               and pg_catalog.round(p_amount, 2) <> pg_catalog.trunc(pg_catalog.round(p_amount, 2)) then 2
              else private.currency_digits(p_currency) end
$$;
comment on function private.money_digits(numeric, text) is 'Los decimales de un importe: los de su moneda, o 2 si una moneda sin centavos trae centavos.';

create or replace function private.money_layout(p_negative boolean, p_symbol text, p_number text, p_locale text) returns text
language sql
immutable
as $$
  -- CLDR's currency spacing: a symbol ending in a letter or a dot («USD», «Cg.») keeps a space from the
  -- digits where the symbol touches them elsewhere («$», «US$»).
  select case p_locale
    when 'es-ES' then case when p_negative then '-' else '' end || p_number || pg_catalog.chr(160) || p_symbol          -- «-1.234,50 US$»
    when 'es-MX' then case when p_negative then '-' else '' end || p_symbol                                               -- «-$1,234.50», «USD 1,234.50»
                      || case when p_symbol ~ '[$€£¥฿₫]$' then '' else pg_catalog.chr(160) end || p_number
    when 'es-CL' then p_symbol || case when p_negative then '-' when p_symbol ~ '[$€£¥฿₫]$' then '' else pg_catalog.chr(160) end || p_number  -- «US$-1.234,50»
    when 'es-EC' then p_symbol || case when p_negative then '-' when p_symbol ~ '[$€£¥฿₫]$' then '' else pg_catalog.chr(160) end || p_number
    else case when p_negative then '-' else '' end || p_symbol || pg_catalog.chr(160) || p_number                           -- es-CO, es-PE: «-US$ 1.234,50»
  end
$$;
comment on function private.money_layout(boolean, text, text, text) is 'Dónde van el signo, el símbolo y el espacio de un importe en cada formato regional.';

create or replace function private.money_in(p_amount numeric, p_currency text, p_locale text) returns text
language plpgsql
stable
as $$
declare
  v_digits integer := private.money_digits(p_amount, p_currency);
  v_number text := private.locale_number(p_amount, v_digits, p_locale);
  v_symbol text := private.locale_currency_symbol(p_currency, p_locale);
begin
  return private.money_layout(p_amount < 0, v_symbol, v_number, p_locale);
end
$$;
comment on function private.money_in(numeric, text, text) is
  'Un importe en un formato regional, como lo escribe Intl.NumberFormat (moneda, miles agrupados, espacio duro): «US$ 18,00» y «$ 25.000» en es-CO, «18,00 US$» en es-ES; una moneda sin centavos los muestra solo si el importe los tiene.';

create or replace function private.company_locale() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select m.locale from public.metadata m where m.id = 'app_settings'), 'es-CO');
end
$$;
comment on function private.company_locale() is 'El formato regional de la empresa (configuración), con que la base escribe importes y porcentajes en sus frases.';

create or replace function private.money(p_amount numeric, p_currency text) returns text
language plpgsql
stable
as $$
begin
  return private.money_in(p_amount, p_currency, private.company_locale());
end
$$;
comment on function private.money(numeric, text) is
  'Un importe como lo escribe la app en el formato regional de la empresa («US$ 18,00», «$ 25.000» en es-CO; véase private.money_in).';

create or replace function private.pct_in(p_rate numeric, p_locale text) returns text
language plpgsql
stable
as $$
declare
  v_number text := private.locale_number(p_rate * 100, 2, p_locale);
begin
  -- Intl's percent with up to two decimals: «2,5%» in es-CO, «2.5%» in es-MX, «2,5 %» in es-ES.
  return case when p_rate < 0 then '-' else '' end
         || pg_catalog.rtrim(pg_catalog.rtrim(v_number, '0'), case when p_locale in ('es-MX', 'es-PE') then '.' else ',' end)
         || case when p_locale = 'es-ES' then pg_catalog.chr(160) else '' end || '%';
end
$$;
comment on function private.pct_in(numeric, text) is 'Una tasa (0,025) como porcentaje en un formato regional, como Intl: «2,5%» en es-CO, «2,5 %» en es-ES.';

create or replace function private.pct(p_rate numeric) returns text
language plpgsql
stable
as $$
begin
  return private.pct_in(p_rate, private.company_locale());
end
$$;
comment on function private.pct(numeric) is 'Una tasa (0,05) como porcentaje en el formato regional de la empresa («5%» en es-CO).';
revoke all on function private.locale_currency_symbol(text, text), private.currency_digits(text), private.locale_number(numeric, integer, text),
  private.money_digits(numeric, text), private.money_layout(boolean, text, text, text), private.money_in(numeric, text, text), private.company_locale(), private.money(numeric, text), private.pct_in(numeric, text),
  private.pct(numeric) from public;

create or replace function private.lock_open_period(p_month date) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_period record;
begin
  -- KEY SHARE: any number of approvals share it; the close's FOR UPDATE (its first step) waits for
  -- them and they wait for it, so no entry can slip into a month while it is being closed. Once the
  -- close has begun (close_started_at, committed by its first step), the month takes nothing more.
  select p.status, p.close_started_at into v_period from public.periods p where p.month = p_month for key share;
  if not found then
    insert into public.periods (month) values (p_month) on conflict (month) do nothing;
    select p.status, p.close_started_at into v_period from public.periods p where p.month = p_month for key share;
  end if;
  if v_period.status = 'closed' then
    perform private.refuse('period_closed',
      format('El mes de %s ya está cerrado; no se pueden registrar nuevas recompensas en él.', private.period_label(p_month)));
  end if;
  if v_period.close_started_at is not null then
    perform private.refuse('period_closing',
      format('El cierre de %s está en marcha: ya no se registran recompensas en ese mes. Vuelve a intentarlo cuando termine.',
             private.period_label(p_month)));
  end if;
end
$$;
comment on function private.lock_open_period(date) is
  'Crea el periodo si falta y lo bloquea en modo compartido mientras la transacción escribe en él; rechaza escribir en un mes cerrado o cuyo cierre ya empezó.';

-- The plan as the engine reads it ---------------------------------------------------------------------
create or replace function private.plan() returns table (version integer, plan jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- One row gives the version and its numbers together, so an entry can never carry one
  -- version's numbers under another version's stamp.
  return query
    select v.version, v.plan from public.plan_versions v order by v.version desc limit 1;
end
$$;
comment on function private.plan() is
  'Versión vigente del plan y su contenido (niveles, puntos de actividad, comisión de enrolamiento, pago mínimo). El motor no tiene ninguna cifra propia.';

create or replace function private.plan_level(p_plan jsonb, p_level integer) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select l from jsonb_array_elements(p_plan -> 'levels') l where (l ->> 'level')::integer = p_level
$$;
comment on function private.plan_level(jsonb, integer) is 'Parámetros de un nivel de estrella dentro de una versión del plan.';

-- The month a read asks for, and the company's time zone ------------------------------------------------
create or replace function private.month_or_current(p_month date) returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  v_current date := private.current_period();
begin
  if p_month is null then
    return v_current;
  end if;
  if p_month <> date_trunc('month', p_month)::date then
    perform private.refuse('invalid_period', 'Indica el mes como su primer día (por ejemplo 2026-03-01).');
  end if;
  if p_month > v_current then
    perform private.refuse('invalid_period', format('El mes de %s aún no ha empezado.', private.period_label(p_month)));
  end if;
  return p_month;
end
$$;
comment on function private.month_or_current(date) is
  'El mes de negocio pedido (su primer día) o, si no se indica, el mes en curso; rechaza meses futuros o fechas que no son primer día.';

create or replace function private.company_timezone() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select m.timezone from public.metadata m where m.id = 'app_settings'), 'America/Bogota');
end
$$;
comment on function private.company_timezone() is 'Zona horaria de la empresa (configuración), la del mes de negocio.';
revoke all on function private.month_or_current(date), private.company_timezone() from public;

-- Summaries beside the ledger (in private: reached only through the engine's functions) ----------------------------------------------------------------------
create table private.member_period_totals (
  client_id uuid not null references public.clients (id) on delete cascade,
  period date not null references public.periods (month),
  personal_points integer not null default 0,
  own_sales numeric(12,2) not null default 0,
  income numeric(12,2) not null default 0,
  forfeited numeric(12,2) not null default 0,
  was_active boolean,
  group_points integer,
  downline_sales numeric(12,2),
  level_during smallint,
  level_after smallint,
  primary key (client_id, period)
) with (fillfactor = 70); -- each row is updated in place by every approval that pays its member: room for HOT updates
-- A month's members in id order: the close's chunks, the Dashboard's panel of members close to active.
create index member_period_totals_period_idx on private.member_period_totals (period, client_id);
comment on table private.member_period_totals is
  'Totales de un miembro en un mes de negocio, escritos por el motor en la misma sentencia que los asientos: puntos personales (compras y enrolamientos, netos de reversos), ventas comisionables propias e ingresos netos. El cierre congela actividad, puntos de grupo, ventas de la red y nivel. Evita recorrer el libro en cada consulta.';
comment on column private.member_period_totals.income is
  'Suma de los importes del libro de ese mes (comisiones y bonos menos reversos): pendiente con el mes abierto, disponible cuando se cierra. Un contraasiento posterior al cierre baja este total del mes cerrado (reembolso).';
comment on column private.member_period_totals.own_sales is
  'Base comisionable de las compras aprobadas del miembro (pedidos y ventas directas) en el mes, neta de cancelaciones; es lo que suma al bono de volumen de su línea ascendente. El kit de enrolamiento no cuenta: paga su propia comisión.';
comment on column private.member_period_totals.forfeited is
  'Lo que el cierre anuló por inactividad (la suma de sus contraasientos, en positivo); 0 mientras el mes está abierto. Lo escribe el cierre con las anulaciones, para no releer miles de ellas en cada consulta.';
comment on column private.member_period_totals.group_points is 'Al cierre: puntos personales del miembro más los de toda su red descendente en el mes.';
comment on column private.member_period_totals.downline_sales is 'Al cierre: ventas comisionables de toda su red descendente en el mes (base del bono de volumen).';
comment on column private.member_period_totals.level_during is 'Nivel con el que trabajó el mes (el del bono de volumen); level_after es el alcanzado al cerrar.';

create table private.reward_balances (
  client_id uuid primary key references public.clients (id) on delete cascade,
  reserved numeric(12,2) not null default 0 constraint reward_balances_reservado_no_negativo check (reserved >= 0),
  paid numeric(12,2) not null default 0 constraint reward_balances_pagado_no_negativo check (paid >= 0),
  updated_at timestamptz not null default now()
);
comment on table private.reward_balances is
  'Fila de saldo por miembro: retiros pedidos y aún no pagados ni rechazados (reserved) y retiros pagados (paid). Se bloquea FOR UPDATE al pedir o mover un retiro, para que peticiones simultáneas no superen el saldo disponible.';

-- Engine internals: no API role reads them directly; members and staff see them through the
-- engine's RPCs (get_balance, get_network_*), which apply the access rules.
revoke all on private.member_period_totals, private.reward_balances from public;

-- Activity -------------------------------------------------------------------------------------------
create or replace function private.refresh_activity(p_client_ids uuid[]) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date := private.current_period();
  v_threshold integer := (select (p.plan ->> 'activity_points')::integer from private.plan() p);
begin
  -- Ordered row locks, so two approvals touching the same members cannot deadlock.
  update public.clients c
     set is_active = x.active
    from (select u.id, coalesce(t.personal_points, 0) >= v_threshold as active
            from unnest(p_client_ids) u(id)
            left join private.member_period_totals t on t.client_id = u.id and t.period = v_month
           where u.id is not null
           order by u.id) x
   where c.id = x.id and c.is_active is distinct from x.active;
end
$$;
comment on function private.refresh_activity(uuid[]) is
  'Recalcula clients.is_active de los miembros indicados: activo si sus puntos personales del mes en curso alcanzan los puntos de actividad de la configuración.';

create or replace function private.refresh_activity_range(p_after uuid, p_last uuid) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date := private.current_period();
  v_threshold integer := (select (p.plan ->> 'activity_points')::integer from private.plan() p);
  v_changed integer;
begin
  -- Only the rows that change are written (HOT updates: clients keeps room on each page), in id order.
  update public.clients c
     set is_active = not c.is_active
   where c.id > coalesce(p_after, '00000000-0000-0000-0000-000000000000') and c.id <= coalesce(p_last, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
     and c.is_active is distinct from exists (
           select 1 from private.member_period_totals t
            where t.client_id = c.id and t.period = v_month and t.personal_points >= v_threshold);
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
comment on function private.refresh_activity_range(uuid, uuid) is
  'Pone is_active al día según el mes en curso para los clientes de id en (p_after, p_last] (todos si no se indican); devuelve cuántos cambiaron. El cierre la llama tramo a tramo.';

create or replace function private.refresh_all_activity() returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.refresh_activity_range(null, null);
end
$$;
comment on function private.refresh_all_activity() is
  'Pone is_active al día para todos según el mes en curso (al empezar un mes todos pasan a inactivos). La llaman la tarea horaria y la carga del banco de pruebas; devuelve cuántos cambiaron.';
