-- Mi Red (issue 11): one read API for the network. get_network_summary (figures per generation) and
-- get_network_page (one page of a node's direct enrollees, for the tree, or of one generation, for
-- the table); private.network_root (the engine's reads migration) says whose network a call reads.
--
-- How a page stays as cheap below a member with 100,000 people as below one with 10:
--   * a node's direct enrollees come from clients_enroller_idx (enroller_id = node);
--   * a generation comes from clients_generation_idx (nlevel(path), path): the descendants of P are
--     exactly the paths Q with P < Q < P || '0' in ltree order (labels compare byte by byte, then
--     by length, and '0' is the smallest byte a label can hold), so «generation g of P» is one range
--     of that index, as long as that generation and never the whole subtree.
-- A month is shown as it was: members who had joined by its end; a closed month with the activity
-- and the level its close froze, an open one with the points so far.

create index clients_generation_idx on public.clients (extensions.nlevel(path), path);
comment on index public.clients_generation_idx is
  'Una generación de la red de un miembro como un rango: nlevel = el suyo + g y path entre su ruta y su ruta || ''0''.';

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

create or replace function private.subtree_end(p_path extensions.ltree) returns extensions.ltree
language sql
immutable
parallel safe
set search_path = ''
as $$
  select extensions.text2ltree(extensions.ltree2text(p_path) || '0')
$$;
comment on function private.subtree_end(extensions.ltree) is
  'Cota superior exclusiva de la descendencia de una ruta en el orden de ltree: la descendencia de P son las rutas Q con P < Q < subtree_end(P).';

create or replace function private.network_month(p_month date) returns table (
  month date, closed boolean, joined_before timestamptz, activity_points integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date := private.month_or_current(p_month);
begin
  return query
    select v_month,
           coalesce((select p.status = 'closed' from public.periods p where p.month = v_month), false),
           ((v_month + interval '1 month')::timestamp at time zone private.company_timezone()),
           (select (p.plan ->> 'activity_points')::integer from private.plan() p);
end
$$;
comment on function private.network_month(date) is
  'El mes que muestra la red: su primer día (el en curso si no se indica), si ya cerró, el instante en que terminó (quien se unió antes estaba en la red) y los puntos de actividad del plan.';

create or replace function public.get_network_summary(p_client_id uuid default null, p_month date default null)
returns table (generation integer, members bigint, active bigint, at_risk bigint, month_points bigint, month_closed boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_root public.clients := private.network_root(p_client_id);
  v_m record;
begin
  select * into v_m from private.network_month(p_month);
  return query
    with people as (
      select extensions.nlevel(c.path) - extensions.nlevel(v_root.path) as generation,
             coalesce(t.personal_points, 0) as points,
             case when v_m.closed then coalesce(t.was_active, false)
                  else coalesce(t.personal_points, 0) >= v_m.activity_points end as active,
             coalesce(t.income, 0) > 0 as has_income
        from public.clients c
        left join private.member_period_totals t on t.client_id = c.id and t.period = v_m.month
       where c.path operator(extensions.<@) v_root.path and c.id <> v_root.id
         and c.enrollment_status = 'registered' and c.joined_at < v_m.joined_before
    )
    -- The row with generation null is the whole network.
    select p.generation, count(*), count(*) filter (where p.active),
           count(*) filter (where not v_m.closed and not p.active and p.has_income),
           coalesce(sum(p.points), 0)::bigint, v_m.closed
      from people p
     group by grouping sets ((p.generation), ())
     order by p.generation nulls last;
end
$$;
comment on function public.get_network_summary(uuid, date) is
  'Resumen de la red descendente en un mes (el en curso si no se indica), por generación y en total (generación nula): miembros que ya se habían unido, activos, en riesgo (por debajo de los puntos de actividad con ingresos pendientes, solo en el mes abierto) y puntos personales del mes; month_closed dice si el mes ya cerró. Un mes cerrado, como quedó al cerrarse. El miembro ve la suya; el personal, la de cualquiera.';

create or replace function public.get_network_page(
  p_client_id uuid default null, p_month date default null, p_parent_id uuid default null, p_generation integer default null,
  p_search text default null, p_status text default null, p_page integer default 1, p_page_size integer default 25)
returns table (
  id uuid, name text, generation integer, enroller_id uuid, enroller_name text, star_level smallint, is_active boolean,
  at_risk boolean, month_points integer, joined_at timestamptz, enrollees bigint, email text, phone text, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_root public.clients := private.network_root(p_client_id);
  v_staff boolean := private.is_staff();
  v_me uuid := private.my_client_id();
  v_parent public.clients;
  v_level integer;
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_m record;
begin
  if p_page < 1 or p_page_size not between 1 and 100 or (p_generation is not null and p_generation not between 1 and 100)
     or char_length(v_search) > 100 then
    perform private.refuse('invalid_page', 'Página no válida: generación de 1 a 100, página desde 1, tamaño de 1 a 100, búsqueda de hasta 100 caracteres.');
  end if;
  if p_status is not null and p_status not in ('activo', 'inactivo', 'en_riesgo') then
    perform private.refuse('invalid_filter', 'Filtro no válido: usa activo, inactivo o en_riesgo.');
  end if;
  if p_parent_id is not null and p_generation is not null then
    perform private.refuse('invalid_filter', 'Pide los enrolados de un miembro o una generación, no las dos cosas.');
  end if;
  select * into v_m from private.network_month(p_month);

  if p_parent_id is not null then
    -- The node must be the root or below it; a member asking for anyone else reads the same refusal
    -- whether that person exists or not.
    select * into v_parent from public.clients c
     where c.id = p_parent_id and c.path operator(extensions.<@) v_root.path;
    if not found then
      if v_staff then
        perform private.refuse('unknown_client', 'Ese miembro no está en esta red.');
      end if;
      perform private.refuse('forbidden', 'Solo puedes ver tu propia red.', null, '42501');
    end if;
  end if;
  v_level := extensions.nlevel(v_root.path) + coalesce(p_generation, 1);

  return query
    with candidates as (
      select c.*
        from public.clients c
       where p_parent_id is not null and c.enroller_id = p_parent_id
      union all
      select c.*
        from public.clients c
       where p_parent_id is null
         and extensions.nlevel(c.path) = v_level
         and c.path operator(extensions.>) v_root.path
         and c.path operator(extensions.<) private.subtree_end(v_root.path)
    ),
    people as (
      select c.id, c.name, c.enroller_id, c.joined_at, c.email, c.phone,
             case when v_m.closed then coalesce(t.level_during, c.star_level) else c.star_level end as star_level,
             coalesce(t.personal_points, 0) as points,
             case when v_m.closed then coalesce(t.was_active, false)
                  else coalesce(t.personal_points, 0) >= v_m.activity_points end as active,
             not v_m.closed and coalesce(t.personal_points, 0) < v_m.activity_points and coalesce(t.income, 0) > 0 as at_risk,
             extensions.nlevel(c.path) - extensions.nlevel(v_root.path) as generation
        from candidates c
        left join private.member_period_totals t on t.client_id = c.id and t.period = v_m.month
       where c.enrollment_status = 'registered' and c.joined_at < v_m.joined_before
         and (v_search is null or strpos(private.search_key(c.name), private.search_key(v_search)) > 0)
    ),
    chosen as (
      select p.*, count(*) over () as total
        from people p
       where p_status is null
          or (p_status = 'activo' and p.active)
          or (p_status = 'inactivo' and not p.active)
          or (p_status = 'en_riesgo' and p.at_risk)
       order by p.name, p.id
       limit p_page_size offset (p_page - 1) * p_page_size
    )
    select ch.id, ch.name, ch.generation, ch.enroller_id, e.name, ch.star_level, ch.active, ch.at_risk, ch.points,
           ch.joined_at,
           (select count(*) from public.clients k
             where k.enroller_id = ch.id and k.enrollment_status = 'registered' and k.joined_at < v_m.joined_before),
           -- Contact data only for the caller's own direct enrollees (staff see everyone's).
           case when v_staff or ch.enroller_id = v_me then ch.email end,
           case when v_staff or ch.enroller_id = v_me then ch.phone end,
           ch.total
      from chosen ch
      left join public.clients e on e.id = ch.enroller_id
     order by ch.name, ch.id;
end
$$;
comment on function public.get_network_page(uuid, date, uuid, integer, text, text, integer, integer) is
  'Una página de la red descendente en un mes (el en curso si no se indica): los enrolados directos de p_parent_id (el árbol, nodo a nodo) o la generación p_generation (la tabla; 1 si no se indica ninguno), con búsqueda por nombre sin tildes ni mayúsculas y filtro activo / inactivo / en_riesgo. Cada persona con nivel, actividad, riesgo y puntos del mes, fecha de ingreso y cuántos enrolados directos tiene; correo y teléfono solo de los enrolados directos de quien llama (el personal, de todos). total = personas que cumplen el filtro. El miembro ve la suya; el personal, la de cualquiera.';

revoke all on function private.search_key(text), private.subtree_end(extensions.ltree), private.network_month(date) from public;
revoke all on function public.get_network_summary(uuid, date),
  public.get_network_page(uuid, date, uuid, integer, text, text, integer, integer) from public, anon;
grant execute on function public.get_network_summary(uuid, date),
  public.get_network_page(uuid, date, uuid, integer, text, text, integer, integer) to authenticated;
