-- Aprobaciones (SCREENS.md §2): a fraud sign only a person can see. The approver reads the amount
-- on the payment voucher and notes it; when it is not the sale's total, the sale is flagged before
-- anyone approves it, with who noted it and when. The comparison is the database's, never the
-- browser's. Notes live in private: staff reach them only through the two functions below.

create table private.voucher_amount_notes (
  sale_id uuid primary key references public.sales (id) on delete cascade,
  amount numeric(12,2) not null constraint voucher_amount_notes_importe_valido check (amount > 0),
  noted_by uuid references auth.users (id) on delete set null,
  noted_at timestamptz not null
);
create index voucher_amount_notes_noted_by_idx on private.voucher_amount_notes (noted_by);
comment on table private.voucher_amount_notes is
  'Importe que el personal leyó en el comprobante de una venta pendiente (uno por venta; anotarlo otra vez lo corrige). Si no es el total de la venta, es una señal de alerta en Aprobaciones.';
comment on column private.voucher_amount_notes.amount is 'Importe que dice el comprobante, en la moneda de la configuración.';
comment on column private.voucher_amount_notes.noted_by is 'Quién del personal lo anotó.';
comment on column private.voucher_amount_notes.noted_at is 'Cuándo lo anotó (reloj del motor).';

create or replace function private.voucher_note_json(p_sale_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'amount', n.amount, 'sale_total', s.total, 'difference', n.amount - s.total, 'matches', n.amount = s.total,
           -- The e-mail, not user_metadata's name: a person edits their own metadata.
           'noted_by_email', u.email,
           'noted_at', n.noted_at)
    from private.voucher_amount_notes n
    join public.sales s on s.id = n.sale_id
    left join auth.users u on u.id = n.noted_by
   where n.sale_id = p_sale_id
$$;
comment on function private.voucher_note_json(uuid) is
  'La nota del importe del comprobante de una venta frente a su total (diferencia = comprobante − total), o null si no hay nota.';

create or replace function public.get_voucher_note(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if not exists (select 1 from public.sales s where s.id = p_sale_id) then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  return private.voucher_note_json(p_sale_id);
end
$$;
comment on function public.get_voucher_note(uuid) is
  'Personal: el importe anotado del comprobante de una venta, su total, la diferencia y si coinciden (null si nadie lo anotó).';

create or replace function public.note_voucher_amount(p_sale_id uuid, p_amount numeric) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_sale public.sales := private.pending_sale_for_update(p_sale_id);
begin
  if v_sale.status not in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') then
    perform private.refuse('invalid_transition',
      format('La venta #%s está «%s»: el importe del comprobante se anota antes de decidir.', v_sale.sale_no, v_sale.status));
  end if;
  if v_sale.voucher_path is null then
    perform private.refuse('invalid_voucher', 'Esta venta no trae comprobante: no hay importe que anotar.');
  end if;
  if p_amount is null then
    delete from private.voucher_amount_notes n where n.sale_id = p_sale_id;
    return null;
  end if;
  if p_amount <= 0 or p_amount >= 10000000000 or p_amount <> round(p_amount, 2) then
    perform private.refuse('invalid_amount', 'Escribe el importe que dice el comprobante: un número mayor que 0, con hasta 2 decimales.');
  end if;
  insert into private.voucher_amount_notes as n (sale_id, amount, noted_by, noted_at)
  values (p_sale_id, p_amount, v_actor, private.engine_now())
  on conflict (sale_id) do update set amount = excluded.amount, noted_by = excluded.noted_by, noted_at = excluded.noted_at;
  return private.voucher_note_json(p_sale_id);
end
$$;
comment on function public.note_voucher_amount(uuid, numeric) is
  'Personal: anota (o corrige) el importe que dice el comprobante de una venta pendiente con comprobante; null borra la nota. Devuelve la nota frente al total de la venta.';

revoke all on table private.voucher_amount_notes from public, anon, authenticated, service_role;
revoke all on function private.voucher_note_json(uuid) from public;
revoke all on function public.get_voucher_note(uuid), public.note_voucher_amount(uuid, numeric) from public, anon;
grant execute on function public.get_voucher_note(uuid), public.note_voucher_amount(uuid, numeric) to authenticated;
