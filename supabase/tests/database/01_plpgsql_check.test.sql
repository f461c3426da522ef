-- plpgsql_check: no error in any PL/pgSQL function of public or private, trigger functions
-- checked against every table they are attached to.
begin;
create extension if not exists plpgsql_check with schema extensions;
\ir _helpers.psql
select plan(3);

select cmp_ok((
  select count(*)::integer from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and p.prolang = (select oid from pg_language where lanname = 'plpgsql')),
  '>=', 15, 'hay funciones PL/pgSQL que comprobar');

select is_empty($$
  select p.oid::regprocedure::text || ': ' || r.message
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    cross join lateral extensions.plpgsql_check_function_tb(p.oid) r
   where n.nspname in ('public', 'private')
     and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
     and p.prorettype <> 'trigger'::regtype
     and r.level = 'error'
$$, 'plpgsql_check sin errores en las funciones');

select is_empty($$
  select p.oid::regprocedure::text || ' en ' || t.tgrelid::regclass::text || ': ' || r.message
    from pg_trigger t
    join pg_proc p on p.oid = t.tgfoid
    join pg_namespace n on n.oid = p.pronamespace
    -- A statement trigger's transition tables are named on the trigger: the check needs their names.
    cross join lateral extensions.plpgsql_check_function_tb(p.oid, t.tgrelid, newtable => t.tgnewtable, oldtable => t.tgoldtable) r
   where n.nspname in ('public', 'private')
     and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
     and not t.tgisinternal
     and r.level = 'error'
$$, 'plpgsql_check sin errores en los disparadores, tabla por tabla');

select * from finish();
rollback;
