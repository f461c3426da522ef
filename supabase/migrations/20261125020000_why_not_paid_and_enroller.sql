-- Clientes (issue 11): «¿Por qué no cobró?» and the change of a member's enroller.
--
-- get_why_not_paid answers the call centre's commonest question in one read: a member's personal
-- points of a month against the activity threshold the month is judged by (with the entries that
-- made them), every commission and bonus of that month with what became of it (pending, available,
-- forfeited at the close with the close's own sentence and figures, reversed with the cancelled
-- sale) and a verdict the screen turns into one sentence. Staff only.
--
-- The enroller change is a superadmin's decision, made only through change_enroller (clients_guard
-- refuses a direct UPDATE of enroller_id from the API, superadmin included), which asks for a reason,
-- refuses a cycle before anything is written and records the move in enroller_changes.

-- «¿Por qué no cobró?» -----------------------------------------------------------------------------------
create or replace function public.get_why_not_paid(p_client_id uuid, p_month date default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff();
  v_month date := private.month_or_current(p_month);
  v_member public.clients;
  v_period public.periods;
  v_closed boolean;
  v_totals private.member_period_totals;
  v_threshold integer;
  v_points integer;
  v_active boolean;
  v_cap constant integer := 100;
  v_entries jsonb;
  v_points_lines jsonb;
  v_entries_more boolean;
  v_points_more boolean;
  v_earned numeric;
  v_forfeited numeric;
  v_reversed numeric;
  v_verdict text;
begin
  select * into v_member from public.clients c where c.id = p_client_id;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  select * into v_period from public.periods p where p.month = v_month;
  v_closed := coalesce(v_period.status = 'closed', false);
  select * into v_totals from private.member_period_totals t where t.client_id = p_client_id and t.period = v_month;
  -- The threshold the month is judged by: the plan its close used; today's plan while it is open.
  v_threshold := coalesce(
    (select (v.plan ->> 'activity_points')::integer from public.plan_versions v
      where v_closed and v.version = (v_period.summary ->> 'plan_version')::integer),
    (select (p.plan ->> 'activity_points')::integer from private.plan() p));
  v_points := coalesce(v_totals.personal_points, 0);
  -- A closed month keeps the activity its close judged; an open one is judged by its points so far.
  v_active := case when v_closed then coalesce(v_totals.was_active, false) else v_points >= v_threshold end;

  -- The first v_cap entries of each list (money, points) in the order they were written, each with
  -- its reversal (an entry is reversed at most once, in its own month), sale and source member. A
  -- heavy upline has thousands of money entries in a month and a few of points: each list is read
  -- from its own index and stops after v_cap + 1 rows (the last only says there are more).
  with listed as (
    (select r.* from public.reward_transactions r
      where r.beneficiary_id = p_client_id and r.period_month = v_month and r.reverses_id is null and r.points = 0
      order by r.id limit v_cap + 1)
    union all
    (select r.* from public.reward_transactions r
      where r.beneficiary_id = p_client_id and r.period_month = v_month and r.points > 0
      order by r.id limit v_cap + 1)
  ), numbered as (
    select l.*, row_number() over (partition by l.points > 0 order by l.id) as nth from listed l
  ), described as (
    select e.*, x.id as x_id, x.amount as x_amount, x.points as x_points, x.rule as x_rule, x.reason as x_reason,
           x.created_at as x_created_at,
           case when x.id is null then case when v_closed then 'disponible' else 'pendiente' end
                when x.reason = 'Beneficiario inactivo al cierre del mes' then 'anulada'
                else 'revertida' end as state,
           s.sale_no, s.kind as sale_kind, s.status as sale_status, s.cancelled_at, s.cancellation_reason,
           sc.name as source_client_name
      from numbered e
      left join public.reward_transactions x on x.reverses_id = e.id
      left join public.sales s on s.id = e.source_sale_id
      left join public.clients sc on sc.id = e.source_client_id
     where e.nth <= v_cap
  )
  select
    coalesce(jsonb_agg(jsonb_build_object(
        'id', d.id, 'type', d.type, 'amount', d.amount, 'created_at', d.created_at, 'explanation', d.rule,
        'generation', d.generation, 'sale_id', d.source_sale_id, 'sale_no', d.sale_no, 'sale_kind', d.sale_kind,
        'sale_status', d.sale_status, 'source_client_name', d.source_client_name, 'state', d.state,
        'reversal', case when d.x_id is not null then jsonb_build_object(
            'id', d.x_id, 'amount', d.x_amount, 'explanation', d.x_rule, 'reason', d.x_reason, 'created_at', d.x_created_at,
            'cancelled_at', d.cancelled_at, 'cancellation_reason', d.cancellation_reason) end)
        order by d.id) filter (where d.points = 0), '[]'::jsonb),
    coalesce(jsonb_agg(jsonb_build_object(
        'id', d.id, 'type', d.type, 'points', d.points, 'created_at', d.created_at, 'explanation', d.rule,
        'sale_id', d.source_sale_id, 'sale_no', d.sale_no, 'sale_kind', d.sale_kind, 'sale_status', d.sale_status,
        'source_client_name', d.source_client_name, 'state', case when d.x_id is null then 'vigente' else 'revertida' end,
        'reversal', case when d.x_id is not null then jsonb_build_object(
            'id', d.x_id, 'points', d.x_points, 'explanation', d.x_rule, 'reason', d.x_reason, 'created_at', d.x_created_at,
            'cancelled_at', d.cancelled_at, 'cancellation_reason', d.cancellation_reason) end)
        order by d.id) filter (where d.points > 0), '[]'::jsonb),
    exists (select 1 from numbered n where n.points = 0 and n.nth > v_cap),
    exists (select 1 from numbered n where n.points > 0 and n.nth > v_cap)
    into v_entries, v_points_lines, v_entries_more, v_points_more
    from described d;

  -- The month's money by what became of it. What the close forfeited is kept by the close beside the
  -- month's net income (a heavy upline's forfeits are thousands of entries); the other reversals
  -- (cancelled sales) come from an index of their own. What was earned is the net income plus what
  -- both took back.
  v_forfeited := coalesce(v_totals.forfeited, 0);
  select coalesce(-sum(x.amount), 0) into v_reversed
    from public.reward_transactions x
   where x.beneficiary_id = p_client_id and x.period_month = v_month and x.reverses_id is not null
     and x.type = 'reversal_commission' and x.reason is distinct from 'Beneficiario inactivo al cierre del mes';
  v_earned := coalesce(v_totals.income, 0) + v_forfeited + v_reversed;

  -- What the screen says first. The figures behind each verdict are in the same answer.
  v_verdict := case
    when v_earned = 0 then 'no_income'
    when v_earned - v_forfeited - v_reversed > 0 then
      case when v_closed then 'paid' when v_active then 'pending' else 'at_risk' end
    when v_forfeited > 0 then 'forfeited'
    else 'reversed' end;

  return jsonb_build_object(
    'client_id', v_member.id, 'client_name', v_member.name, 'month', v_month, 'month_closed', v_closed,
    'is_current', v_month = private.current_period(), 'closed_at', v_period.closed_at,
    'currency', (select m.currency from public.metadata m where m.id = 'app_settings'),
    'activity_points', v_threshold, 'personal_points', v_points, 'is_active', v_active,
    'points_missing', greatest(v_threshold - v_points, 0),
    'verdict', v_verdict,
    'earned', v_earned, 'forfeited', v_forfeited, 'reversed', v_reversed,
    'pending', case when v_closed then 0 else v_earned - v_forfeited - v_reversed end,
    'available', case when v_closed then v_earned - v_forfeited - v_reversed else 0 end,
    'entries', v_entries, 'entries_more', v_entries_more,
    'point_lines', v_points_lines, 'point_lines_more', v_points_more);
end
$$;
comment on function public.get_why_not_paid(uuid, date) is
  'Personal: «¿Por qué no cobró?» de un miembro en un mes (el en curso si no se indica). Sus puntos personales frente a los de actividad con que se juzga el mes (los del plan de su cierre; los de hoy si sigue abierto) y los asientos de puntos que los hicieron (compras y kits de sus enrolados, con la venta y su reverso si se canceló); cada comisión o bono del mes con su estado: pendiente, disponible, anulada al cierre (con la frase del cierre, que lleva la regla y la cifra) o revertida (con la venta cancelada y el motivo); los importes de cada estado y un veredicto (no_income, paid, pending, at_risk, forfeited, reversed) que la pantalla convierte en una frase. Hasta 100 asientos de cada lista (entries_more / point_lines_more dicen si hay más).';

-- A member's points entries and money reversals other than the close's forfeits, each from an index
-- of its own: among a heavy upline's thousands of commissions of a month they are few (the first is one
-- row per approved sale, the second is written by cancellations only).
create index reward_transactions_points_idx on public.reward_transactions (beneficiary_id, period_month, id) where points > 0;
create index reward_transactions_reversed_idx on public.reward_transactions (beneficiary_id, period_month) include (amount)
  where reverses_id is not null and type = 'reversal_commission' and reason is distinct from 'Beneficiario inactivo al cierre del mes';

revoke all on function public.get_why_not_paid(uuid, date) from public, anon;
grant execute on function public.get_why_not_paid(uuid, date) to authenticated;

-- The record of enroller changes -----------------------------------------------------------------------
create table public.enroller_changes (
  id bigint generated always as identity primary key,
  client_id uuid not null references public.clients (id) on delete restrict,
  old_enroller_id uuid references public.clients (id) on delete restrict,
  new_enroller_id uuid not null references public.clients (id) on delete restrict,
  reason text not null constraint enroller_changes_motivo_valido check (char_length(btrim(reason)) between 3 and 500),
  moved_members integer not null constraint enroller_changes_movidos_validos check (moved_members >= 1),
  open_month date not null,
  changed_by uuid not null, -- a fact of the past, like audit_logs.actor_id: no foreign key
  changed_at timestamptz not null default now()
);
create index enroller_changes_client_idx on public.enroller_changes (client_id, changed_at desc);
create index enroller_changes_old_enroller_idx on public.enroller_changes (old_enroller_id);
create index enroller_changes_new_enroller_idx on public.enroller_changes (new_enroller_id);
comment on table public.enroller_changes is
  'Cambios de enrolador (solo anexado): a quién se movió, de qué enrolador a cuál, cuántas personas se movieron con él (él incluido), el motivo, quién y cuándo, y el mes abierto en que ocurrió. Lo escribe solo change_enroller; la fila de clients queda además en audit_logs.';
comment on column public.enroller_changes.open_month is 'Mes de negocio en curso al moverse: sus puntos de grupo y los de los meses aún abiertos siguieron a la red; los meses cerrados quedaron como estaban.';

create trigger enroller_changes_append_only before update or delete on public.enroller_changes
  for each row execute function private.forbid_change();
create trigger enroller_changes_no_truncate before truncate on public.enroller_changes
  for each statement execute function private.forbid_change();

alter table public.enroller_changes enable row level security;
revoke all on public.enroller_changes from public, anon, authenticated, service_role;
grant select on public.enroller_changes to authenticated;
revoke all on sequence public.enroller_changes_id_seq from public, anon, authenticated, service_role;
create policy enroller_changes_select_staff on public.enroller_changes for select to authenticated
  using ((select private.is_staff()));

-- The change -------------------------------------------------------------------------------------------
create or replace function private.enroller_change_target(p_client_id uuid, p_new_enroller_id uuid)
returns public.clients
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member public.clients;
  v_new public.clients;
begin
  if not private.is_superadmin() then
    perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el enrolador de un miembro.');
  end if;
  select * into v_member from public.clients c where c.id = p_client_id;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  if p_new_enroller_id = p_client_id then
    perform private.refuse('network_cycle', format('%s no puede ser su propio enrolador.', v_member.name));
  end if;
  select * into v_new from public.clients c where c.id = p_new_enroller_id;
  if not found then
    perform private.refuse('unknown_enroller', 'Elige el nuevo enrolador entre los miembros.');
  end if;
  if v_new.enrollment_status <> 'registered' then
    perform private.refuse('invalid_enroller',
      format('%s aún no es un miembro aprobado: solo un miembro aprobado puede ser enrolador.', v_new.name));
  end if;
  if v_member.enroller_id = p_new_enroller_id then
    perform private.refuse('same_enroller', format('%s ya es el enrolador de %s.', v_new.name, v_member.name));
  end if;
  if v_new.path operator(extensions.<@) v_member.path then
    perform private.refuse('network_cycle',
      format('%s no puede quedar debajo de %s: %s está en su propia red y se formaría un ciclo.', v_member.name, v_new.name, v_new.name));
  end if;
  return v_member;
end
$$;
comment on function private.enroller_change_target(uuid, uuid) is
  'Valida un cambio de enrolador y devuelve la fila del miembro: solo superadmin; rechaza a sí mismo, a alguien de su propia red (un ciclo), a quien no está aprobado y al enrolador que ya tiene.';

create or replace function private.upline_of(p_path extensions.ltree) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- Nearest first, from the path's labels (member numbers): one unique-index probe each.
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name) order by l.pos desc), '[]'::jsonb)
    from unnest(pg_catalog.string_to_array(extensions.ltree2text(p_path), '.')) with ordinality l(member_no, pos)
    join public.clients a on a.member_no = l.member_no::bigint
   where l.pos < extensions.nlevel(p_path)
$$;
comment on function private.upline_of(extensions.ltree) is 'La línea ascendente de una ruta (sin el propio miembro), del más cercano a la raíz, con id y nombre.';

create or replace function public.preview_enroller_change(p_client_id uuid, p_new_enroller_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member public.clients;
  v_new public.clients;
  v_old_name text;
begin
  v_member := private.enroller_change_target(p_client_id, p_new_enroller_id);
  select * into v_new from public.clients c where c.id = p_new_enroller_id;
  select c.name into v_old_name from public.clients c where c.id = v_member.enroller_id;
  return jsonb_build_object(
    'client_id', v_member.id, 'client_name', v_member.name,
    'old_enroller_id', v_member.enroller_id, 'old_enroller_name', v_old_name,
    'new_enroller_id', v_new.id, 'new_enroller_name', v_new.name,
    -- Who moves: the member and everyone below them, the first page by generation then name.
    'moved_members', (select count(*) from public.clients c where c.path operator(extensions.<@) v_member.path),
    'first_moved', (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'generation', f.generation)
                                              order by f.generation, f.name, f.id), '[]'::jsonb)
                      from (select c.id, c.name, extensions.nlevel(c.path) - extensions.nlevel(v_member.path) as generation
                              from public.clients c
                             where c.path operator(extensions.<@) v_member.path
                             order by extensions.nlevel(c.path), c.name, c.id
                             limit 20) f),
    'old_upline', private.upline_of(v_member.path),
    -- After the move the new enroller is the nearest ancestor.
    'new_upline', jsonb_build_array(jsonb_build_object('id', v_new.id, 'name', v_new.name)) || private.upline_of(v_new.path),
    'open_month', private.current_period());
end
$$;
comment on function public.preview_enroller_change(uuid, uuid) is
  'Superadmin: lo que haría change_enroller, sin escribir nada: cuántas personas se mueven (el miembro y toda su red), las 20 primeras por generación, el enrolador y la línea ascendente de antes y de después. Rechaza lo mismo que el cambio (un ciclo, a sí mismo, un enrolador no aprobado, el mismo enrolador).';

create or replace function public.change_enroller(p_client_id uuid, p_new_enroller_id uuid, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(p_reason), '');
  v_member public.clients;
  v_new public.clients;
  v_moved integer;
  v_change public.enroller_changes;
begin
  -- The member's row first: two changes of the same member wait for each other and the second
  -- validates against the first's result.
  perform 1 from public.clients c where c.id = p_client_id for update;
  v_member := private.enroller_change_target(p_client_id, p_new_enroller_id);
  select * into v_new from public.clients c where c.id = p_new_enroller_id;
  if char_length(coalesce(v_reason, '')) not between 3 and 500 then
    perform private.refuse('reason_required', 'Indica el motivo del cambio de enrolador (entre 3 y 500 caracteres).');
  end if;

  -- What follows the enroller, and what does not (the triggers on clients do the moving):
  --   * clients.path of the member and of the whole subtree (clients_path, clients_path_cascade),
  --     serialised with every other move by an advisory lock, with a last cycle check under it;
  --   * the open months' group points (clients_path_regroup): the subtree's points of every month
  --     not yet closed leave the old upline and reach the new one. So the month in course — and an
  --     ended month still waiting for its close — is closed on the network as it stands at the close:
  --     the new upline's group points, downline sales and volume bonus count the subtree for the
  --     whole month, exactly as a month's figures are computed everywhere else (from the paths);
  --   * the ledger does not move: commissions already written stay with whoever the network paid
  --     when the sale was approved (the ledger is append-only and each entry was right when
  --     written); sales approved from now on pay the new upline;
  --   * closed months stay as they were: their activity, group points, downline sales and levels are
  --     frozen in private.member_period_totals, their entries in the ledger and their totals in
  --     periods.summary, and nothing here writes any of them. (The network pages list a closed
  --     month's people where they stand now, with that month's frozen figures.)
  --
  -- A close computes its month from the paths and group points this move rewrites, so the two never
  -- overlap: a move is refused while a close runs, and it holds every month still open in KEY SHARE
  -- (as an approval holds its month) so a close that starts meanwhile waits for the move to commit.
  -- Each month is closed on the network before the move or on the one after it, never on a mix.
  if exists (select 1 from public.period_close_jobs j where j.status = 'running') then
    perform private.refuse('close_in_progress', 'Hay un cierre de mes en marcha: cambia el enrolador cuando termine.');
  end if;
  perform 1 from public.periods p where p.status = 'open' order by p.month for key share;

  update public.clients c set enroller_id = p_new_enroller_id where c.id = p_client_id;
  select count(*) into v_moved from public.clients c
   where c.path operator(extensions.<@) (select m.path from public.clients m where m.id = p_client_id);

  insert into public.enroller_changes (client_id, old_enroller_id, new_enroller_id, reason, moved_members, open_month, changed_by, changed_at)
  values (p_client_id, v_member.enroller_id, p_new_enroller_id, v_reason, v_moved, private.current_period(), auth.uid(), now())
  returning * into v_change;

  return jsonb_build_object('change_id', v_change.id, 'client_id', p_client_id, 'client_name', v_member.name,
                            'old_enroller_id', v_member.enroller_id, 'new_enroller_id', p_new_enroller_id,
                            'new_enroller_name', v_new.name, 'moved_members', v_moved);
end
$$;
comment on function public.change_enroller(uuid, uuid, text) is
  'Superadmin: cambia el enrolador de un miembro, con motivo, en una transacción: se mueve con toda su red (rutas y puntos de grupo de los meses abiertos), los meses cerrados y el libro no cambian, y queda registrado en enroller_changes (y la fila del miembro en audit_logs). Rechaza un ciclo, a sí mismo, un enrolador no aprobado y el mismo enrolador.';

create or replace function public.search_enroller_candidates(p_search text, p_limit integer default 10)
returns table (id uuid, name text, email text, city text, star_level smallint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
begin
  if not private.is_superadmin() then
    perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el enrolador de un miembro.');
  end if;
  if p_limit not between 1 and 25 or char_length(v_search) > 100 then
    perform private.refuse('invalid_page', 'Búsqueda no válida: hasta 100 caracteres y de 1 a 25 resultados.');
  end if;
  if v_search is null or char_length(v_search) < 2 then
    return;
  end if;
  return query
    select c.id, c.name, c.email, c.city, c.star_level
      from public.clients c
     where c.enrollment_status = 'registered'
       and (strpos(private.search_key(c.name), private.search_key(v_search)) > 0
            or strpos(pg_catalog.lower(c.email), pg_catalog.lower(v_search)) > 0)
     order by c.name, c.id
     limit p_limit;
end
$$;
comment on function public.search_enroller_candidates(text, integer) is
  'Superadmin: miembros aprobados cuyo nombre (sin tildes ni mayúsculas) o correo contiene el texto, para elegir el nuevo enrolador (desde 2 caracteres; %, _ y comillas son letras).';

revoke all on function private.enroller_change_target(uuid, uuid), private.upline_of(extensions.ltree) from public;
revoke all on function public.preview_enroller_change(uuid, uuid), public.change_enroller(uuid, uuid, text),
  public.search_enroller_candidates(text, integer) from public, anon;
grant execute on function public.preview_enroller_change(uuid, uuid), public.change_enroller(uuid, uuid, text),
  public.search_enroller_candidates(text, integer) to authenticated;
