-- Foundation: extensions, the private schema for security-definer helpers, default privileges that
-- keep new functions and tables closed unless a migration opens them, the refusal every rule raises,
-- the generic trigger helpers and the text helpers of the searches.
--
-- Grants (least privilege): every migration grants each API role exactly what it needs, object
-- by object, next to the row level security that filters the rows:
--   anon           the public landing page (its RPCs) and the public settings row;
--   authenticated  what the policies of each table allow, and the RPCs of the screens;
--   service_role   only what the server side calls (the month close); it bypasses row level
--                  security, so it gets no table at all.
-- supabase/tests/database/06_api_privileges.test.sql holds the declared list and fails on any
-- difference.

-- Extensions ------------------------------------------------------------------------------------------
create extension if not exists ltree with schema extensions;

-- The back office's searches: trigrams over text without accents or capitals (the members migration).
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- pg_cron: Supabase provides it and the local stack preloads it (scripts/lib/pg-cluster.mjs). Without
-- it no month would ever close, so a failure here fails the migration. What it runs: the jobs
-- migrations and the group points' fold.
create extension if not exists pg_cron with schema pg_catalog; -- as Supabase installs it

create schema if not exists private;
comment on schema private is
  'Helpers de seguridad y disparadores. No expuesto por PostgREST: solo los roles de la API que lo necesitan para evaluar políticas tienen USAGE.';
revoke all on schema private from public;

-- Policies run as the caller, so the API role that evaluates them must reach the helpers.
grant usage on schema private to authenticated;

-- Whatever the project's defaults (a project created before 2026-10-30 grants everything postgres
-- creates in public to anon, authenticated and service_role; one created since still grants them
-- TRUNCATE, REFERENCES and TRIGGER on tables and UPDATE on sequences; PostgreSQL grants EXECUTE
-- on every function to PUBLIC), nothing new is reachable until a migration grants it: a
-- forgotten grant fails closed, and TRUNCATE, which ignores row level security, is never granted.
alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges for role postgres in schema private revoke execute on functions from public;

-- Refusals ------------------------------------------------------------------------------------------
create or replace function private.refuse(p_code text, p_message text, p_detail text default null,
                                          p_errcode text default 'P0001') returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = p_errcode, message = p_message, hint = 'savia:' || p_code, detail = coalesce(p_detail, '');
end
$$;

-- Triggers that guard tables run as the caller (an API role), so the API role raising their refusal
-- must be able to call it.
revoke all on function private.refuse(text, text, text, text) from public;
grant execute on function private.refuse(text, text, text, text) to authenticated;
comment on function private.refuse(text, text, text, text) is
  'Toda negativa que una persona puede ver: un mensaje en español y un código estable «savia:<código>» en HINT, para que la app decida sin leer el texto. SQLSTATE P0001 (HTTP 400) salvo que se pida otro: 42501 para lo que es cuestión de permisos (HTTP 403). Como es una excepción, no queda nada escrito.';

-- Contention ------------------------------------------------------------------------------------------
-- The functions that move stock or money lock the rows they change, always in the same order
-- (a sale, then its products by id; a payout, then its member's balance; products FOR NO KEY UPDATE,
-- which the foreign keys' KEY SHARE of another transaction does not block, so a lock is never
-- upgraded under someone else's), and wait for each other. Each of them bounds that wait with its own
-- lock_timeout, well under the API's 8 s request limit, and answers a wait that ran out, or a
-- deadlock PostgreSQL had to break, with this refusal: nothing was written, and the same request a
-- moment later goes through. HTTP 409 through PostgREST's PTxxx codes, never a 500.
create or replace function private.refuse_busy() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse('busy',
    'Otra operación está cambiando los mismos datos en este momento; no se guardó nada. Inténtalo de nuevo en unos segundos.',
    null, 'PT409');
end
$$;
revoke all on function private.refuse_busy() from public;
comment on function private.refuse_busy() is
  'La negativa por contención (savia:busy, HTTP 409): la llaman, desde su bloque EXCEPTION WHEN lock_not_available OR deadlock_detected, las funciones que mueven stock o dinero. No se escribió nada y repetir la petición suele bastar.';

-- The same request twice --------------------------------------------------------------------------
-- A request whose answer was lost (a dropped connection, a gateway's 502/504) may have committed; the
-- person, told so, may still press again. The calls that create an order, a direct sale or a payout
-- request take a key the screen makes once per attempt (p_request_id): the same key again returns
-- what the first call made instead of making it twice. A key is its caller's own, per kind of call.
create table private.request_keys (
  user_id uuid not null,
  kind text not null,
  request_id uuid not null,
  row_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, kind, request_id)
);
comment on table private.request_keys is
  'Las claves de petición (p_request_id) de las llamadas que crean algo (pedido, venta directa, retiro) y la fila que crearon: la misma clave otra vez devuelve esa fila en vez de crear otra.';
revoke all on table private.request_keys from public, anon, authenticated, service_role;

-- The row an earlier call with this key made, or null. Two calls with one key (a retry racing its first
-- try) take turns here, so the second finds the first's row once it commits.
create or replace function private.earlier_request(p_kind text, p_request_id uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_request_id is null then
    return null;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.request.' || p_kind), pg_catalog.hashtext(auth.uid()::text || p_request_id::text));
  return (select k.row_id from private.request_keys k where k.user_id = auth.uid() and k.kind = p_kind and k.request_id = p_request_id);
end
$$;
revoke all on function private.earlier_request(text, uuid) from public;
comment on function private.earlier_request(text, uuid) is
  'La fila que hizo una llamada anterior de quien llama con esta clave de petición (null si no hubo o no trae clave); espera a otra llamada en curso con la misma clave.';

create or replace function private.remember_request(p_kind text, p_request_id uuid, p_row_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_request_id is not null then
    insert into private.request_keys (user_id, kind, request_id, row_id) values (auth.uid(), p_kind, p_request_id, p_row_id);
  end if;
end
$$;
revoke all on function private.remember_request(text, uuid, uuid) from public;
comment on function private.remember_request(text, uuid, uuid) is 'Guarda la fila que creó esta llamada bajo su clave de petición (si trae una).';

-- Spreadsheet formulas ------------------------------------------------------------------------------
-- Names and free text people type reach staff's spreadsheets and the bank's payment file (issue 23
-- §1): a cell that starts with =, + or @ is run by Excel, LibreOffice and Google Sheets as a formula
-- (=HYPERLINK(…) sends neighbouring cells away; =cmd|… starts a program in old Excel). Every export
-- neutralises its text cells (src/lib/export), and the database refuses such text at the door, so no
-- file made by this app, another tool or a person with SQL ever carries one. A leading «-» or a tab
-- is left to the exports: «-10 % de descuento» is a normal note. Full-width ＝＋＠ count too: Excel
-- reads them as formulas in East Asian locales.
--
-- private.refuse_formula is the one check: call it from a function to refuse a parameter before
-- anything is written (DETAIL = the form's field), or attach private.refuse_formula_columns to a
-- table so that every path that writes those columns is checked.
create or replace function private.looks_like_formula(p_value text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_value ~ '^[[:space:]]*[=+@＝＋＠]', false)
$$;
revoke all on function private.looks_like_formula(text) from public;
comment on function private.looks_like_formula(text) is
  'Si un texto empieza (tras espacios) con =, + o @, también de ancho completo: una hoja de cálculo lo ejecutaría como fórmula. La prueba de private.refuse_formula, y la de cada línea de la respuesta del banco (que se rechaza línea por línea).';

-- A person's contact data, one rule each, for the tables' checks and the functions' refusals alike
-- (members, staff invitations, suppliers, leads, a walk-in buyer): the constraint is the guarantee,
-- the function refuses first in Spanish naming the field. Plain SQL without a search_path, so a check
-- inlines it. Null is no value to judge: true.
create or replace function private.is_email(p_value text) returns boolean
language sql
immutable
as $$
  select p_value is null or (p_value ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and pg_catalog.char_length(p_value) <= 254)
$$;
comment on function private.is_email(text) is 'Si un correo tiene la forma nombre@dominio.tld y a lo sumo 254 caracteres (nulo: sí).';

create or replace function private.is_phone(p_value text) returns boolean
language sql
immutable
as $$
  select p_value is null or (p_value ~ '^\+?[0-9 ()./-]+$' and pg_catalog.char_length(p_value) <= 40
                             and pg_catalog.char_length(pg_catalog.regexp_replace(p_value, '\D', '', 'g')) between 7 and 15)
$$;
comment on function private.is_phone(text) is 'Si un teléfono tiene de 7 a 15 dígitos, con +, espacios, guiones, puntos o paréntesis, y a lo sumo 40 caracteres (nulo: sí).';

create or replace function private.is_document_number(p_value text) returns boolean
language sql
immutable
as $$
  select p_value is null or (pg_catalog.char_length(p_value) between 4 and 40 and p_value ~ '^[A-Za-z0-9 .-]+$')
$$;
comment on function private.is_document_number(text) is 'Si un documento tiene de 4 a 40 letras o números, con espacios, puntos o guiones (nulo: sí).';
revoke all on function private.is_email(text), private.is_phone(text), private.is_document_number(text) from public;
-- The checks run as whoever writes the row: the API writes some of these tables itself (a lead's state).
grant execute on function private.is_email(text), private.is_phone(text), private.is_document_number(text) to authenticated;

create or replace function private.refuse_formula(p_value text, p_what text, p_field text default null) returns void
language plpgsql
set search_path = ''
as $$
begin
  if private.looks_like_formula(p_value) then
    perform private.refuse('formula_not_allowed',
      format('No empieces %s con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', p_what),
      p_field);
  end if;
end
$$;
revoke all on function private.refuse_formula(text, text, text) from public;
comment on function private.refuse_formula(text, text, text) is
  'Rechaza (savia:formula_not_allowed, DETAIL = el campo) un texto escrito por una persona que empieza con =, + o @ (también de ancho completo, tras espacios): en una exportación o un archivo del banco una hoja de cálculo lo ejecutaría como fórmula. p_what nombra el campo dentro de la frase («el nombre», «los datos de pago»).';

-- Characters nobody types on purpose in a name, a reference or a note, and which change how the text
-- reads: control characters (a line break or a tab aside), and the invisible marks that reverse or
-- isolate its direction or hide a space (U+202E shows «gpj.exe» as «exe.jpg»). Zero-width joiners stay:
-- emoji and some scripts need them.
create or replace function private.refuse_invisible(p_value text, p_what text, p_field text default null) returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_value ~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]' then
    perform private.refuse('invisible_text',
      format('Hay caracteres invisibles o de control en %s: cambian cómo se lee el texto en las pantallas y los archivos. Quítalos.', p_what),
      p_field);
  end if;
end
$$;
revoke all on function private.refuse_invisible(text, text, text) from public;
comment on function private.refuse_invisible(text, text, text) is
  'Rechaza (savia:invisible_text, DETAIL = el campo) un texto con caracteres de control (salvo salto de línea y tabulación) o marcas invisibles de dirección o de espacio, que cambian cómo se lee en las pantallas del personal, las exportaciones y el archivo del banco.';

-- Where an uploaded file is: vouchers in their member's folder, photos in their product's or recipe's.
create or replace function private.is_file_in_folder(p_path text, p_folder text) returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- Read segment by segment, never as a text prefix: «<mine>/../<theirs>/v.png» starts with my
  -- folder but names a file in theirs (and a browser resolves the «..» when it builds the URL,
  -- percent-encoded or not). No empty, «.» or «..» segment, no backslash (a separator to some
  -- tools) or control character, and the first segment is the folder itself.
  return p_path is not null and p_folder is not null
     and char_length(p_path) <= 500
     and split_part(p_path, '/', 1) = p_folder
     and p_path ~ '^[^/]+(/[^/]+)+$'
     and p_path !~* '(^|/)(\.|%2e){1,2}(/|$)'
     and p_path !~ '[\\[:cntrl:]]';
end
$$;
comment on function private.is_file_in_folder(text, text) is
  'Verdadero si la ruta de Storage nombra un archivo dentro de la carpeta indicada (su primer segmento), sin segmentos vacíos, «.» ni «..», barras invertidas ni caracteres de control.';

create or replace function private.refuse_formula_columns() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_new jsonb := to_jsonb(new);
  v_old jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  i integer;
begin
  -- tg_argv: column, its name in the sentence, column, name… Only a value being written is checked, so a row
  -- written before this rule existed can still change its other columns.
  for i in 0 .. coalesce(array_length(tg_argv, 1), 0) / 2 - 1 loop
    if v_old is null or (v_new -> tg_argv[2 * i]) is distinct from (v_old -> tg_argv[2 * i]) then
      perform private.refuse_formula(v_new ->> tg_argv[2 * i], tg_argv[2 * i + 1], tg_argv[2 * i]);
      perform private.refuse_invisible(v_new ->> tg_argv[2 * i], tg_argv[2 * i + 1], tg_argv[2 * i]);
    end if;
  end loop;
  return new;
end
$$;
revoke all on function private.refuse_formula_columns() from public;
comment on function private.refuse_formula_columns() is
  'Disparador BEFORE INSERT OR UPDATE: aplica private.refuse_formula y private.refuse_invisible a las columnas que nombra (argumentos: columna, su nombre en la frase, columna, nombre…), solo cuando se escribe su valor, sea por la API, una función o SQL directo.';

-- Generic trigger helpers ----------------------------------------------------------------------

create or replace function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function private.touch_updated_at() is
  'Mantiene updated_at al día en cada UPDATE, para que la interfaz muestre la última modificación real.';

create or replace function private.forbid_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse('append_only',
    format('La tabla %s es de solo anexado: sus filas no se pueden modificar ni borrar; registra un movimiento o asiento compensatorio.', tg_table_name),
    null, '42501');
  return null;
end
$$;
comment on function private.forbid_change() is
  'Disparador para tablas de solo anexado (auditoría, libro de recompensas, movimientos de stock): rechaza UPDATE, DELETE y TRUNCATE incluso al propietario, porque su valor está en no poder reescribirse.';

create or replace function private.stamp_authorship() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_column text;
  v_stamps jsonb := '{}'::jsonb;
begin
  -- The engine's security-definer functions (running as the owner) and direct database sessions
  -- state their own authorship (an approval's actor, the seed's past months); API callers never do.
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  foreach v_column in array tg_argv loop
    v_stamps := v_stamps || jsonb_build_object(v_column,
      case when tg_op = 'UPDATE' and v_column not like 'updated\_%' then to_jsonb(old) -> v_column
           when v_column like '%\_by' then to_jsonb(auth.uid())
           else to_jsonb(now()) end);
  end loop;
  return jsonb_populate_record(new, v_stamps);
end
$$;
comment on function private.stamp_authorship() is
  'Disparador BEFORE INSERT OR UPDATE: las columnas que nombra (quién *_by, cuándo *_at) las escribe la base de datos para quien llama por la API: al insertar, el usuario de la petición y now(); al actualizar, las updated_* se renuevan y las demás no cambian. Así nadie firma con el nombre de otro ni fecha en el pasado.';

-- Text helpers of the searches ------------------------------------------------------------------------
create or replace function private.like_escape(p_text text) returns text
language sql
immutable
parallel safe
as $$
  select pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$$;
comment on function private.like_escape(text) is
  'Escapa \, % y _ para LIKE (escape por defecto \): el texto se busca tal cual, sin comodines.';

create or replace function private.search_key(p_text text) returns text
language sql
immutable
parallel safe
-- No SET clause: the planner inlines it (every name is schema-qualified), so comparing it row by
-- row costs a translate and a lower, not a function call.
as $$
  select pg_catalog.lower(pg_catalog.translate(p_text,
    'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
    'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))
$$;
comment on function private.search_key(text) is
  'Texto para buscar sin distinguir mayúsculas ni tildes («José» y «jose» dan lo mismo). Se compara con strpos, así que %, _ y las comillas son letras como las demás.';

revoke all on function private.like_escape(text), private.search_key(text) from public;
