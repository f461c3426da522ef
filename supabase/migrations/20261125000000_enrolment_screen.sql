-- Enrolar Miembro (issue 11): what an enrolment will bring the enroller, and the enrolments a member
-- has placed. enrol_member itself (and its refusals: a member's, a pending enrolment's or staff's
-- address) lives with the engine, in 20261121900100_engine_sales.sql.

-- What the approval will bring ---------------------------------------------------------------------------
create or replace function public.preview_enrolment(p_kit_id uuid) returns table (
  kit_points integer, kit_base numeric, points integer, enrollment_commission numeric, commission_rate numeric,
  starter_bonus numeric, star_level smallint, level_name text, plan_version integer, currency text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
  v_kit record;
  v_plan record;
begin
  if not exists (select 1 from public.products p where p.id = p_kit_id and p.is_kit and p.is_active) then
    perform private.refuse('unknown_kit', 'El kit de inicio elegido no existe o no está a la venta.');
  end if;
  -- The kit as enrol_member puts it on the sale (one unit, today's base and points), then the very
  -- lines approval writes for it with today's plan: the figures come from the engine, not from here.
  select i.unit_points, i.unit_commissionable into v_kit
    from private.parse_items(jsonb_build_array(jsonb_build_object('product_id', p_kit_id, 'quantity', 1)), true) i;
  select p.version, p.plan into v_plan from private.plan() p;
  return query
    select v_kit.unit_points, v_kit.unit_commissionable,
           coalesce(sum(l.points) filter (where l.type = 'points_enroller'), 0)::integer,
           coalesce(sum(l.amount) filter (where l.type = 'commission_enrollment'), 0),
           (v_plan.plan ->> 'enrollment_commission_rate')::numeric,
           coalesce(sum(l.amount) filter (where l.type = 'bonus_starter'), 0),
           c.star_level, private.plan_level(v_plan.plan, c.star_level) ->> 'name', v_plan.version,
           (select m.currency from public.metadata m where m.id = 'app_settings')
      from public.clients c
      left join private.enrolment_reward_lines(v_me, v_kit.unit_points, v_kit.unit_commissionable, v_plan.plan, null, null) l on true
     where c.id = v_me
     group by c.star_level;
end
$$;
comment on function public.preview_enrolment(uuid) is
  'Miembro: lo que le traerá aprobar un enrolamiento con este kit, con el plan vigente y su nivel de hoy: puntos del kit, comisión de enrolamiento (tasa y base) y bono de inicio. Mismo cálculo que la aprobación (private.enrolment_reward_lines). No escribe nada.';

-- The enrolments a member placed ---------------------------------------------------------------------------
create or replace function public.get_my_enrolments(p_page integer default 1, p_page_size integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
begin
  if p_page is null or p_page_size is null or p_page < 1 or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 100.');
  end if;
  -- The enrolment sales this member's login created (sales_select_placed lets them read those rows),
  -- with the person as they are now, which RLS would not show them while the person is pending.
  return jsonb_build_object(
    'total', (select count(*) from public.sales s where s.created_by = auth.uid() and s.kind = 'enrollment'),
    'enrolments', coalesce((
      select jsonb_agg(jsonb_build_object(
               'sale_id', s.id, 'sale_no', s.sale_no, 'status', s.status, 'created_at', s.created_at,
               'total', s.total, 'kit_name', (select string_agg(p.name, ', ' order by p.name)
                                                 from public.sale_items i join public.products p on p.id = i.product_id
                                                where i.sale_id = s.id),
               -- A person rejected here and enrolled again by someone else is theirs now: only the
               -- address this member typed is shown, not what the other member typed or the state.
               'name', case when c.enroller_id = v_me then c.name end, 'email', c.email,
               'enrollment_status', case when c.enroller_id = v_me then c.enrollment_status end,
               'approved_at', s.approved_at, 'rejected_at', s.rejected_at, 'rejection_reason', s.rejection_reason,
               'cancelled_at', s.cancelled_at, 'cancellation_reason', s.cancellation_reason)
             order by s.created_at desc, s.id)
        from (select s.* from public.sales s
               where s.created_by = auth.uid() and s.kind = 'enrollment'
               order by s.created_at desc, s.id
               limit p_page_size offset (p_page - 1)::bigint * p_page_size) s
        join public.clients c on c.id = s.client_id), '[]'::jsonb));
end
$$;
comment on function public.get_my_enrolments(integer, integer) is
  'Miembro: los enrolamientos que hizo, del más reciente, una página a la vez: la persona (correo; nombre y estado de su ficha mientras siga bajo él), el kit, el estado de la venta y el motivo si se rechazó o canceló. Devuelve {total, enrolments}.';

revoke all on function public.preview_enrolment(uuid), public.get_my_enrolments(integer, integer) from public, anon;
grant execute on function public.preview_enrolment(uuid), public.get_my_enrolments(integer, integer) to authenticated;
