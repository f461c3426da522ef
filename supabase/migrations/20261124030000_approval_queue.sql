-- Aprobaciones' queue in one call (issue 10, bench/README.md «The approvals queue»).
--
-- PostgREST read the queue as `sales?status=in.(…)&order=created_at,id&offset=…` with the member and
-- the lines embedded: it builds the embeds of every row the OFFSET skips, so page 250 of 500 took
-- 0.4–1.4 s on the 100,000-member bench. Here the page's ids come first, from the partial index of
-- the pending sales alone (an index-only walk, cheap even 5,000 entries in), and only those 20 sales
-- are read with their member and lines. The count beside them is an index-only scan of that index.
create or replace function public.get_approval_queue(p_page integer default 1, p_page_size integer default 20)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if p_page is null or p_page_size is null or p_page < 1 or p_page_size not between 1 and 200 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 200.');
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.sales s where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')),
    'sales', coalesce((
      with page as (
        -- The same predicate as sales_pending_queue_idx, so the walk reads that index in order.
        select s.id, s.created_at
          from public.sales s
         where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')
         order by s.created_at, s.id
         limit p_page_size offset (p_page - 1)::bigint * p_page_size
      )
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'sale_no', s.sale_no, 'client_id', s.client_id, 'kind', s.kind, 'status', s.status,
               'total', s.total, 'commissionable_total', s.commissionable_total, 'points_total', s.points_total,
               'period_month', s.period_month, 'payment_method', s.payment_method, 'payment_reference', s.payment_reference,
               'voucher_path', s.voucher_path, 'delivery_address', s.delivery_address, 'notes', s.notes,
               'rejection_reason', s.rejection_reason, 'cancellation_reason', s.cancellation_reason, 'created_at', s.created_at,
               'approved_at', s.approved_at, 'delivered_at', s.delivered_at, 'rejected_at', s.rejected_at,
               'cancelled_at', s.cancelled_at,
               'client', (select jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                                    'document_number', c.document_number, 'city', c.city, 'address', c.address)
                            from public.clients c where c.id = s.client_id),
               'items', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'product_id', i.product_id, 'quantity', i.quantity, 'unit_price', i.unit_price,
                          'unit_points', i.unit_points, 'line_total', i.line_total,
                          'product', jsonb_build_object('name', p.name, 'image_path', p.image_path, 'stock', p.stock,
                                                        'is_active', p.is_active)) order by p.name, i.id)
                   from public.sale_items i join public.products p on p.id = i.product_id
                  where i.sale_id = s.id), '[]'::jsonb))
             order by page.created_at, page.id)
        from page join public.sales s on s.id = page.id), '[]'::jsonb));
end
$$;
comment on function public.get_approval_queue(integer, integer) is
  'Personal: la cola de Aprobaciones, una página de ventas pendientes (pedidos y enrolamientos) de la más antigua a la más nueva, cada una con su miembro y sus líneas (producto, stock de ahora y si sigue activo). Devuelve {total, sales}: total = todas las pendientes, para paginar; una página pasada del final trae sales vacío con el total.';

revoke all on function public.get_approval_queue(integer, integer) from public, anon;
grant execute on function public.get_approval_queue(integer, integer) to authenticated;
