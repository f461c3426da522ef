-- Issue 27's A/B of the money and rate sentences an approval writes (BENCH_AB=bench/ab/money-before.sql,
-- bench/ab/money-after.sql): before 2026-11-27, the pieces called apart (not inlined) and the locale
-- read by a SQL function planned again on every call.
create or replace function private.locale_number(p_value numeric, p_digits integer, p_locale text) returns text
language sql
immutable
as $$
  -- Every figure groups its thousands (Intl's useGrouping 'always'); Mexico and Peru write «1,234.50».
  select pg_catalog.translate(
           pg_catalog.to_char(pg_catalog.round(pg_catalog.abs(p_value), p_digits),
                              'FM999,999,999,999,999,990' || case when p_digits > 0 then '.' || pg_catalog.repeat('0', p_digits) else '' end),
           ',.', case when p_locale in ('es-MX', 'es-PE') then ',.' else '.,' end)
$$;

create or replace function private.money_in(p_amount numeric, p_currency text, p_locale text) returns text
language sql
immutable
as $$
  select private.money_layout(p_amount < 0, private.locale_currency_symbol(p_currency, p_locale),
                              private.locale_number(p_amount, private.money_digits(p_amount, p_currency), p_locale), p_locale)
$$;

create or replace function private.company_locale() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.locale from public.metadata m where m.id = 'app_settings'), 'es-CO')
$$;

create or replace function private.money(p_amount numeric, p_currency text) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_locale text := private.company_locale();
begin
  return private.money_in(p_amount, p_currency, v_locale);
end
$$;

create or replace function private.pct_in(p_rate numeric, p_locale text) returns text
language sql
immutable
as $$
  -- Intl's percent with up to two decimals: «2,5%» in es-CO, «2.5%» in es-MX, «2,5 %» in es-ES.
  select case when p_rate < 0 then '-' else '' end
         || pg_catalog.rtrim(pg_catalog.rtrim(private.locale_number(p_rate * 100, 2, p_locale), '0'),
                             case when p_locale in ('es-MX', 'es-PE') then '.' else ',' end)
         || case when p_locale = 'es-ES' then pg_catalog.chr(160) else '' end || '%'
$$;

create or replace function private.pct(p_rate numeric) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_locale text := private.company_locale();
begin
  return private.pct_in(p_rate, v_locale);
end
$$;
