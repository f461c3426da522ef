-- Reward engine (issue 5), part 5: the invariants, as one query that lists every violation.
-- The pgTAP scenarios assert it is empty after their story; the integration tests after the seed.

create or replace function private.engine_invariant_violations() returns table (invariant text, subject text, detail text)
language sql
stable
security definer
set search_path = ''
as $$
  -- 1. Every cancelled sale nets to zero, in money and in points.
  select 'venta cancelada con saldo', s.sale_no::text, format('importe %s, puntos %s', sum(r.amount), sum(r.points))
    from public.sales s join public.reward_transactions r on r.source_sale_id = s.id
   where s.status = 'Cancelada'
   group by s.sale_no having sum(r.amount) <> 0 or sum(r.points) <> 0
  union all
  -- 2. No balance below zero without a clawback (a reversal written after its month closed) that explains it.
  select 'saldo negativo sin reembolso', c.id::text, format('disponible %s', b.available)
    from public.clients c cross join lateral private.balance_of(c.id) b
   where b.available < 0
     and not exists (select 1 from public.reward_transactions r join public.periods p on p.month = r.period_month
                      where r.beneficiary_id = c.id and r.reverses_id is not null and p.status = 'closed'
                        and r.created_at > p.closed_at)
  union all
  -- 3. Stock equals the sum of its movements.
  select 'stock distinto de sus movimientos', p.sku, format('stock %s, movimientos %s', p.stock, coalesce(m.total, 0))
    from public.products p
    left join (select sm.product_id, sum(sm.quantity) as total from public.stock_movements sm group by sm.product_id) m
      on m.product_id = p.id
   where p.stock <> coalesce(m.total, 0)
  union all
  -- 4. Every entry points to its source: sale entries to a sale that was paid, reversals to an
  --    earlier entry of the same beneficiary with the opposite amount, volume bonuses to a closed month.
  select 'asiento sin origen', r.id::text, r.type
    from public.reward_transactions r
    left join public.sales s on s.id = r.source_sale_id
    left join public.reward_transactions o on o.id = r.reverses_id
    left join public.periods p on p.month = r.period_month
   where case
           when r.type in ('commission_enrollment', 'commission_purchase', 'points_purchase', 'points_enroller', 'bonus_starter')
             then s.id is null or s.status not in ('Pagada', 'Entregada', 'Cancelada') or s.period_month <> r.period_month
           when r.type in ('reversal_commission', 'reversal_points')
             then o.id is null or o.beneficiary_id <> r.beneficiary_id or o.amount <> -r.amount or o.points <> -r.points
                  or o.period_month <> r.period_month or o.id > r.id
           when r.type = 'bonus_volume' then p.status <> 'closed'
         end
  union all
  -- 5. The summaries agree with the ledger.
  select 'totales del mes distintos del libro', t.client_id::text || ' ' || t.period::text,
         format('resumen %s / %s / %s anulado, libro %s / %s / %s anulado', t.income, t.personal_points, t.forfeited,
                coalesce(l.amount, 0), coalesce(l.points, 0), coalesce(l.forfeited, 0))
    from private.member_period_totals t
    left join (select r.beneficiary_id, r.period_month, sum(r.amount) as amount, sum(r.points) as points,
                      -sum(r.amount) filter (where r.reason = 'Beneficiario inactivo al cierre del mes') as forfeited
                 from public.reward_transactions r group by 1, 2) l
      on l.beneficiary_id = t.client_id and l.period_month = t.period
   where t.income <> coalesce(l.amount, 0) or t.personal_points <> coalesce(l.points, 0) or t.forfeited <> coalesce(l.forfeited, 0)
  union all
  select 'asientos sin resumen', r.beneficiary_id::text || ' ' || r.period_month::text, count(*)::text
    from public.reward_transactions r
   where not exists (select 1 from private.member_period_totals t where t.client_id = r.beneficiary_id and t.period = r.period_month)
   group by r.beneficiary_id, r.period_month
  union all
  -- 6. Reserved and paid agree with the payout requests.
  select 'saldo de retiros distinto de las solicitudes', c.id::text,
         format('reservado %s/%s, pagado %s/%s', coalesce(b.reserved, 0), coalesce(q.reserved, 0), coalesce(b.paid, 0), coalesce(q.paid, 0))
    from public.clients c
    left join private.reward_balances b on b.client_id = c.id
    left join (select pr.client_id, sum(pr.amount) filter (where pr.status in ('pending', 'approved')) as reserved,
                      sum(pr.amount) filter (where pr.status = 'paid') as paid
                 from public.payout_requests pr group by pr.client_id) q on q.client_id = c.id
   where coalesce(b.reserved, 0) <> coalesce(q.reserved, 0) or coalesce(b.paid, 0) <> coalesce(q.paid, 0)
  union all
  -- 7. A paid sale took its stock once; a cancelled paid sale gave it back once.
  select 'venta con movimientos de stock incoherentes', s.sale_no::text, s.status
    from public.sales s
   where exists (
           select 1 from public.sale_items i
            where i.sale_id = s.id
              and coalesce((select sum(m.quantity) from public.stock_movements m
                             where m.sale_id = s.id and m.product_id = i.product_id and m.kind = 'sale'), 0)
                  <> case when s.approved_at is not null then -i.quantity else 0 end)
      or coalesce((select sum(m.quantity) from public.stock_movements m where m.sale_id = s.id), 0) <> 0
         and not (s.status in ('Pagada', 'Entregada'))
$$;
comment on function private.engine_invariant_violations() is
  'Lista cada violación de los invariantes del motor (vacía = todo bien): ventas canceladas que no suman cero, saldos negativos sin reembolso que los explique, stock distinto de sus movimientos, asientos sin origen, resúmenes distintos del libro, retiros mal contados, movimientos de stock incoherentes con la venta.';
