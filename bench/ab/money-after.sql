-- Issue 27's A/B (see money-before.sql): as the migrations leave it, the pieces inlined from variables
-- and the locale read by PL/pgSQL.
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

create or replace function private.money(p_amount numeric, p_currency text) returns text
language plpgsql
stable
as $$
begin
  return private.money_in(p_amount, p_currency, private.company_locale());
end
$$;

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

create or replace function private.pct(p_rate numeric) returns text
language plpgsql
stable
as $$
begin
  return private.pct_in(p_rate, private.company_locale());
end
$$;
