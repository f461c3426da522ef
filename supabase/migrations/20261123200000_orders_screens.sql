-- Mis Pedidos (issue 10): the lines of a sale with the names of their products. A member reads
-- only the active catalogue (products_select_member), so a product withdrawn after the sale would
-- leave their order, its receipt and «Volver a pedir» without a name; this read answers the lines
-- of a sale the caller may already read, whatever became of its products since.

create or replace function public.get_sale_lines(p_sale_id uuid) returns table (
  product_id uuid, sku text, name text, image_path text, quantity integer, unit_price numeric, unit_points integer,
  line_total numeric, line_points integer, is_active boolean, is_kit boolean, stock integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.my_client_id();
begin
  -- The same rows the sales policies show: staff every sale; a member their own purchases
  -- (sales_select_own) and the enrolments they placed (sales_select_placed). Anything else reads
  -- as missing, so an id says nothing about a sale that is not the caller's.
  if not exists (
    select 1 from public.sales s
     where s.id = p_sale_id
       and (private.is_staff() or (v_me is not null and (s.client_id = v_me or s.created_by = auth.uid())))
  ) then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  return query
    select i.product_id, p.sku, p.name, p.image_path, i.quantity, i.unit_price, i.unit_points,
           i.line_total, i.quantity * i.unit_points, p.is_active, p.is_kit, p.stock
      from public.sale_items i
      join public.products p on p.id = i.product_id
     where i.sale_id = p_sale_id
     order by p.name, p.id;
end
$$;
comment on function public.get_sale_lines(uuid) is
  'Las líneas de una venta (cantidad, precio y puntos copiados al venderse, subtotal) con el nombre, la foto, el stock de hoy y si el producto sigue a la venta, aunque se haya retirado después. La lee quien puede leer la venta: el personal, el comprador y el miembro que hizo el enrolamiento.';

revoke all on function public.get_sale_lines(uuid) from public, anon;
grant execute on function public.get_sale_lines(uuid) to authenticated;
