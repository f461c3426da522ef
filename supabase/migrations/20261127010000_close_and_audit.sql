-- Configuración (issue 13): what the month-close tab and the audit-log tab read.
--
-- The close itself exists (20261121900300_engine_close.sql: request_period_close queues it, pg_cron
-- runs it, preview_period_close shows it). The screen needs the months with their state and their
-- latest job in one read, and the preview paged with its totals computed by the database, totals
-- that are the same figures the close then writes into periods.summary (pgTAP 71 proves it).

-- The months ----------------------------------------------------------------------------------------
create or replace function public.get_close_months() returns table (
  month date, status text, ended boolean, closed_at timestamptz, closed_by_email text, summary jsonb,
  job_id bigint, job_status text, job_error text, job_requested_at timestamptz, job_finished_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_current date;
begin
  perform private.require_superadmin('Solo un superadmin puede ver y cerrar los meses.');
  v_current := private.current_period();
  return query
    -- Every month with a period, plus the month in course even before its first sale.
    with months as (
      select p.month from public.periods p
      union
      select v_current
    )
    select m.month, coalesce(p.status, 'open'), m.month < v_current, p.closed_at, u.email::text,
           private.period_summary_for_caller(p.summary),
           j.id, j.status, j.error, j.requested_at, j.finished_at
      from months m
      left join public.periods p on p.month = m.month
      left join auth.users u on u.id = p.closed_by
      left join lateral (select j2.* from public.period_close_jobs j2 where j2.month = m.month order by j2.id desc limit 1) j on true
     order by m.month desc;
end
$$;
comment on function public.get_close_months() is
  'Superadmin: los meses de negocio (los que tienen periodo y el mes en curso), del más reciente al más antiguo, con su estado, si ya terminaron, quién y cuándo lo cerró, lo que hizo su cierre (importes solo con finanzas) y su último trabajo de cierre (en cola, en marcha, hecho o fallido con su mensaje).';

-- The preview, paged, with its totals -------------------------------------------------------------------
create or replace function public.get_close_preview(p_month date, p_page integer default 1, p_page_size integer default 50)
returns table (
  action text, client_id uuid, client_name text, ledger_id bigint, amount numeric, base numeric, rate numeric,
  level_from smallint, level_to smallint, detail text, total bigint, totals jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_superadmin('Solo un superadmin puede ver y cerrar los meses.');
  if p_page is null or p_page < 1 or p_page_size is null or p_page_size not between 1 and 200 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 200.');
  end if;
  -- The totals carry the names and meaning of periods.summary's figures, so the screen can show
  -- «lo que hará» and «lo que hizo» side by side. A month with nothing to do returns no rows.
  return query
    select p.action, p.client_id, p.client_name, p.ledger_id, p.amount, p.base, p.rate, p.level_from, p.level_to, p.detail,
           count(*) over (),
           jsonb_build_object(
             'forfeits', count(*) filter (where p.action = 'forfeit') over (),
             'forfeited_amount', coalesce(-sum(p.amount) filter (where p.action = 'forfeit') over (), 0),
             'volume_bonuses', count(*) filter (where p.action = 'bonus_volume') over (),
             'volume_bonus_amount', coalesce(sum(p.amount) filter (where p.action = 'bonus_volume') over (), 0),
             'level_ups', count(*) filter (where p.action = 'level_up') over ())
      from public.preview_period_close(p_month) p
     order by p.action, p.client_name, p.ledger_id, p.client_id
     limit p_page_size offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.get_close_preview(date, integer, integer) is
  'Superadmin: la vista previa del cierre de un mes, paginada (anulaciones con su motivo, bonos de volumen, subidas de nivel), sin escribir nada, con el total de filas y los totales del mes (anulaciones, importe anulado, bonos de volumen, su importe, subidas de nivel) tal como el cierre los escribirá en su resumen.';

-- The audit log -------------------------------------------------------------------------------------------
-- A filtered page reads newest first: by table through audit_logs_table_idx, by record (with or
-- without its table) through audit_logs_record_idx, by person through audit_logs_actor_idx,
-- unfiltered or by dates alone through audit_logs_occurred_idx (bench/audit-log.mjs). Each ends in
-- (occurred_at, id), the page's order, so the page and its count are index-only scans of the log's
-- keys (an append-only table stays all-visible); only the page's 25 rows are read from the heap. The
-- record index replaces audit_logs_row_idx (table first), which a search by record alone could not
-- use; a member's history (get_client_audit) reads it as well, its few rows filtered by table.
create index audit_logs_table_idx on public.audit_logs (table_name, occurred_at desc, id desc);
drop index public.audit_logs_row_idx;
create index audit_logs_record_idx on public.audit_logs (row_id, occurred_at desc, id desc);
drop index public.audit_logs_occurred_idx;
create index audit_logs_occurred_idx on public.audit_logs (occurred_at desc, id desc);
drop index public.audit_logs_actor_idx;
-- The table is included so that a person's changes to one table are filtered inside the index (a
-- BitmapAnd of the person's and the table's entries read all 62,500 of the table's: 178 ms).
create index audit_logs_actor_idx on public.audit_logs (actor_id, occurred_at desc, id desc) include (table_name);

create or replace function public.get_audit_log(
  p_table text default null, p_actor_email text default null, p_row_id text default null,
  p_from date default null, p_to date default null, p_page integer default 1, p_page_size integer default 25
) returns table (
  id bigint, occurred_at timestamptz, action text, table_name text, row_id text, actor_id uuid, actor_email text,
  actor_role text, db_role text, old_values jsonb, new_values jsonb, changed_keys text[], total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tz text := coalesce((select m.timezone from public.metadata m where m.id = 'app_settings'), 'America/Bogota');
  v_actor uuid;
  v_offset integer;
  v_row text;
  v_from timestamptz;
  v_to timestamptz;
begin
  perform private.require_superadmin('Solo un superadmin puede leer la bitácora.');
  if p_page is null or p_page < 1 or p_page_size is null or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 100.');
  end if;
  if p_from is not null and p_to is not null and p_to < p_from then
    perform private.refuse('invalid_range', 'La fecha final no puede ser anterior a la inicial.');
  end if;
  v_offset := (p_page - 1) * p_page_size;
  if v_offset >= 1000 then
    perform private.refuse('invalid_page', 'La bitácora muestra hasta 1.000 cambios por búsqueda: acota los filtros (tabla, persona, registro o fechas).');
  end if;
  if nullif(trim(p_actor_email), '') is not null then
    select u.id into v_actor from auth.users u where lower(u.email) = lower(trim(p_actor_email));
    if v_actor is null then
      return; -- nobody with that e-mail: nothing they changed
    end if;
  end if;
  v_row := nullif(trim(p_row_id), '');
  v_from := p_from::timestamp at time zone v_tz;
  v_to := (p_to + 1)::timestamp at time zone v_tz;
  -- Only the filters given, so each search is planned for its own index (one OR-ed statement for all
  -- got a generic plan after five calls that scanned the wrong one). At most 1,001 keys are counted:
  -- a page of a search never scans the whole log, and «más de 1.000» is the honest total of a wide one.
  return query execute format($q$
    with keys as (
      select a.id, a.occurred_at from public.audit_logs a
       where %s
       order by a.occurred_at desc, a.id desc
       limit 1001
    ), page as (
      select k.id, count(*) over () as n from keys k order by k.occurred_at desc, k.id desc offset $6 limit $7
    )
    select c.id, c.occurred_at, c.action, c.table_name, c.row_id, c.actor_id, u.email::text, c.actor_role, c.db_role,
           c.old_values, c.new_values,
           -- The keys whose value changed: an insert or a delete, those with a value; updated_at follows
           -- every change and is not a fact of its own.
           array(select ks.k from (select jsonb_object_keys(coalesce(c.new_values, '{}') || coalesce(c.old_values, '{}')) k) ks
                  where ks.k <> 'updated_at'
                    and coalesce(c.old_values -> ks.k, 'null') is distinct from coalesce(c.new_values -> ks.k, 'null') order by 1),
           p.n
      from page p
      join public.audit_logs c on c.id = p.id
      left join auth.users u on u.id = c.actor_id
     order by c.occurred_at desc, c.id desc
    $q$, coalesce(nullif(concat_ws(' and ',
                   case when p_table is not null then 'a.table_name = $1' end,
                   case when v_actor is not null then 'a.actor_id = $2' end,
                   case when v_row is not null then 'a.row_id = $3' end,
                   case when v_from is not null then 'a.occurred_at >= $4' end,
                   case when v_to is not null then 'a.occurred_at < $5' end), ''), 'true'))
    using p_table, v_actor, v_row, v_from, v_to, v_offset, p_page_size;
end
$$;
comment on function public.get_audit_log(text, text, text, date, date, integer, integer) is
  'Superadmin: la bitácora, de lo más reciente a lo más antiguo, filtrada por tabla, correo de quien hizo el cambio, id del registro y fechas (días en la zona horaria de la empresa), paginada; cada cambio con quién (usuario, rol de negocio y rol de base de datos: un cambio hecho a mano en SQL dice postgres), valores antes y después y las claves que cambiaron. El total se cuenta hasta 1.001 (más de 1.000).';

revoke all on function public.get_close_months(), public.get_close_preview(date, integer, integer),
  public.get_audit_log(text, text, text, date, date, integer, integer) from public, anon;
grant execute on function public.get_close_months(), public.get_close_preview(date, integer, integer),
  public.get_audit_log(text, text, text, date, date, integer, integer) to authenticated;
