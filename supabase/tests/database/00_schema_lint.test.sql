-- Lints as tests: the rules every migration must keep, checked over the whole catalog.
begin;
\ir _helpers.psql
select plan(19);

select is_empty($$
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'RLS activada en todas las tablas de public');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and p.prosecdef
     and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')
$$, 'toda función security definer fija su search_path');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and p.prosecdef
     and not exists (select 1 from unnest(p.proconfig) cfg where cfg in ('search_path=""', 'search_path='))
$$, 'las funciones security definer usan search_path vacío');

select set_eq($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'execute')
$$, array['get_public_page(text)', 'submit_lead(text,text,text,text,text,boolean)'],
  'anon solo ejecuta las funciones públicas de la lista');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and p.proacl is null
$$, 'ninguna función conserva los privilegios por defecto (EXECUTE a PUBLIC)');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.oid in ('public.custom_access_token_hook(jsonb)'::regprocedure, 'public.before_user_created_hook(jsonb)'::regprocedure)
     and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute')
          or not has_function_privilege('supabase_auth_admin', p.oid, 'execute'))
$$, 'los hooks solo los ejecuta supabase_auth_admin');

select is_empty($$
  select schemaname || '.' || tablename || ' ' || policyname from pg_policies
   where coalesce(qual, '') ilike '%user_metadata%' or coalesce(with_check, '') ilike '%user_metadata%'
      or coalesce(qual, '') ilike '%raw_user_meta_data%' or coalesce(with_check, '') ilike '%raw_user_meta_data%'
$$, 'ninguna política lee user_metadata (lo edita el propio usuario)');

select is_empty($$
  select schemaname || '.' || tablename || ' ' || policyname from pg_policies
   where schemaname in ('public', 'storage') and roles = '{public}'
$$, 'toda política nombra sus roles (nunca PUBLIC)');

select is_empty($$
  select c.conrelid::regclass::text || ' (' || c.conname || ')'
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
   where c.contype = 'f' and n.nspname = 'public'
     -- The one exception, on purpose: clients' level, which the close raises for tens of thousands of
     -- members at once; indexed, each raise rewrites all the member's indexes (20250701040000_members.sql).
     -- Its parent holds a handful of levels, deleted only when nobody holds them.
     and c.conname <> 'clients_star_level_fkey'
     and not exists (
       select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
$$, 'toda clave foránea tiene un índice que empieza por sus columnas');

select is_empty($$
  select c.oid::regclass::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and obj_description(c.oid, 'pg_class') is null
$$, 'toda tabla de public tiene comentario');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and obj_description(p.oid, 'pg_proc') is null
     and p.proname <> 'demo_accounts'
$$, 'toda función de public y private tiene comentario');

select is_empty($$
  select c.relname || ' ' || r.rolname from pg_class c join pg_namespace n on n.oid = c.relnamespace
   cross join (values ('anon'), ('authenticated')) r(rolname)
   where n.nspname = 'public' and c.relkind = 'r'
     and (has_table_privilege(r.rolname, c.oid, 'truncate') or has_table_privilege(r.rolname, c.oid, 'trigger'))
$$, 'anon y authenticated no pueden TRUNCATE (saltaría RLS) ni crear disparadores');

select is_empty($$
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'metadata'
     and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('anon', c.oid, 'insert')
          or has_table_privilege('anon', c.oid, 'update') or has_table_privilege('anon', c.oid, 'delete'))
$$, 'anon no tiene privilegios sobre tablas salvo leer metadata');

-- The suite runs as a hosted project's postgres does (`supabase test db`), so what only a
-- superuser could do fails here first.
select is_empty($$
  select r.rolname from pg_roles r
   where r.rolname = current_user
     and (r.rolsuper or pg_has_role(r.oid, 'supabase_auth_admin', 'member') or pg_has_role(r.oid, 'supabase_storage_admin', 'member'))
$$, 'las pruebas corren como postgres sin superusuario ni los roles de Auth y Storage, como en Supabase');

select is(
  (select array_agg(cfg order by cfg) from pg_db_role_setting s, unnest(s.setconfig) cfg
    where s.setrole = 'authenticator'::regrole and s.setdatabase = 0 and cfg ~ '^(statement|lock)_timeout='),
  array['lock_timeout=8s', 'statement_timeout=8s'],
  'authenticator (PostgREST) corta sentencias y esperas de bloqueo a los 8 s, como en Supabase');

-- Its own grants (not the API roles' it is a member of) let postgres write the services' tables,
-- as the fixtures and the seed do; creating the storage policies must not have cost it them.
select is_empty($$
  select t || ' ' || p from unnest(array['auth.users', 'auth.identities', 'storage.buckets', 'storage.objects']) t
   cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) p
   where not exists (select 1 from pg_class c cross join aclexplode(c.relacl) a
                      where c.oid = t::regclass and a.grantee = 'postgres'::regrole and a.privilege_type = p)
$$, 'postgres tiene privilegios propios sobre las tablas de Auth y Storage, como en Supabase');

-- pg_cron, where the cluster has it: postgres schedules jobs as on Supabase (cron.schedule), and
-- cron.job is only readable by it.
select ok(
  not exists (select 1 from pg_extension where extname = 'pg_cron')
  or cron.schedule('savia-prueba-de-permisos', '0 0 1 1 *', 'select 1') > 0 and cron.unschedule('savia-prueba-de-permisos'),
  'postgres programa y borra tareas de pg_cron sin ser superusuario');
select ok(
  not exists (select 1 from pg_extension where extname = 'pg_cron')
  or not has_table_privilege('cron.job', 'insert') and not has_table_privilege('cron.job', 'update'),
  'postgres no escribe cron.job directamente (solo con las funciones de pg_cron)');

-- Every refusal a person can see goes through private.refuse (a Spanish sentence and a stable
-- savia:<code> in the hint the app branches on): no other function of ours raises on its own.
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
     and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
     and p.prosrc ~* 'raise\s+exception'
     and p.oid <> 'private.refuse(text, text, text, text)'::regprocedure
$$, 'solo private.refuse lanza excepciones: toda negativa lleva su código savia:');

select * from finish();
rollback;
