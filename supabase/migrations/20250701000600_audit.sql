-- Audit log: one row per change of every business table, written by triggers, never rewritten.

create table public.audit_logs (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_role text,
  db_role text not null default current_user,
  action text not null constraint audit_logs_accion_valida check (action in ('INSERT', 'UPDATE', 'DELETE')),
  table_name text not null,
  row_id text,
  old_values jsonb,
  new_values jsonb
);
create index audit_logs_row_idx on public.audit_logs (table_name, row_id, occurred_at desc);
create index audit_logs_occurred_idx on public.audit_logs (occurred_at desc);
create index audit_logs_actor_idx on public.audit_logs (actor_id, occurred_at desc);
comment on table public.audit_logs is
  'Bitácora de solo anexado: quién (usuario y rol), qué (tabla, fila, acción) y valores antes y después. Sin clave foránea a auth.users a propósito: el rastro sobrevive aunque se borre el usuario.';
comment on column public.audit_logs.db_role is
  'Rol de base de datos por el que llegó el cambio: el de la petición de PostgREST (authenticated, service_role) o, en una sesión directa, el rol con que se conectó (postgres, supabase_auth_admin).';
comment on column public.audit_logs.actor_role is 'Rol de negocio del actor en ese momento (superadmin, admin, cliente, sin_rol) o el rol de base de datos si no hay usuario (motor, tareas).';

create or replace function private.audit_row() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_actor uuid := auth.uid();
  v_ignored text[] := array['updated_at'] || tg_argv[1:];
begin
  if tg_op = 'UPDATE' and v_old - v_ignored = v_new - v_ignored then
    return null; -- nothing really changed, or only columns another ledger already records
  end if;
  insert into public.audit_logs (actor_id, actor_role, db_role, action, table_name, row_id, old_values, new_values)
  values (
    v_actor,
    case when v_actor is null then session_user::text
         else coalesce((select ur.role from public.users_roles ur where ur.user_id = v_actor), 'sin_rol') end,
    -- The role the change came through: PostgREST's per-request SET LOCAL ROLE (authenticated,
    -- anon, service_role), else the login role of a direct session (an operator as postgres, the
    -- auth service's supabase_auth_admin, the scheduler's). current_user would name this
    -- function's owner; session_user alone, PostgREST's authenticator for every request.
    coalesce(nullif(current_setting('role', true), 'none'), session_user::text),
    tg_op,
    tg_table_name,
    coalesce(v_new, v_old) ->> coalesce(tg_argv[0], 'id'),
    v_old,
    v_new
  );
  return null;
end
$$;
comment on function private.audit_row() is
  'Disparador AFTER de auditoría. Argumentos opcionales: la columna que identifica la fila (por defecto id) y columnas cuyo cambio, si es el único, no se anota porque otro libro ya lo registra.';

create trigger audit_logs_append_only before update or delete on public.audit_logs
  for each row execute function private.forbid_change();
create trigger audit_logs_no_truncate before truncate on public.audit_logs
  for each statement execute function private.forbid_change();

-- The ledgers (reward_transactions, stock_movements, plan_versions) are append-only and explain
-- themselves, so they are not copied here: that would double the busiest writes for no new fact.
create trigger audit after insert or update or delete on public.users_roles for each row execute function private.audit_row('user_id');
create trigger audit after insert or update or delete on public.staff_invitations for each row execute function private.audit_row();
-- Activity is the engine's reading of the month's points, which the ledger already explains; it
-- flips for most members at every month's start, so a change of it alone is not copied here. Nor is
-- a change of path alone: it is the trace of a move of an upline, which enroller_changes and the
-- moved member's own row (its enroller_id) record once, instead of one row per descendant.
create trigger audit after insert or update or delete on public.clients for each row execute function private.audit_row('id', 'is_active', 'path');
create trigger audit after insert or update or delete on public.metadata for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.star_level_configs for each row execute function private.audit_row('level');
create trigger audit after insert or update or delete on public.suppliers for each row execute function private.audit_row();
-- A change of stock alone is the trace of a stock movement, which already says who, when, how many
-- and why: copying it here would add a row to every approval for no new fact.
create trigger audit after insert or update or delete on public.products for each row execute function private.audit_row('id', 'stock');
create trigger audit after insert or update or delete on public.product_costs for each row execute function private.audit_row('product_id');
create trigger audit after insert or update or delete on public.recipes for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.recipe_products for each row execute function private.audit_row('recipe_id');
create trigger audit after insert or update or delete on public.health_analyses for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.leads for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.periods for each row execute function private.audit_row('month');
create trigger audit after insert or update or delete on public.sales for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.sale_items for each row execute function private.audit_row('sale_id');
create trigger audit after insert or update or delete on public.payout_requests for each row execute function private.audit_row();

alter table public.audit_logs enable row level security;
grant select on public.audit_logs to authenticated;
-- Read by superadmin (Configuración); no insert, update or delete policy: only the trigger writes.
create policy audit_logs_select_superadmin on public.audit_logs for select to authenticated
  using ((select private.is_superadmin()));
