-- Issue 26's A/B (see notifications-direct.sql): appended to private.notifications_staged and published
-- after the commit, as the migrations leave it.
alter table public.sales enable trigger sales_notify;
alter table public.reward_transactions enable trigger reward_transactions_notify;

create or replace function private.notify_sale_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event text := case new.status when 'Pagada' then 'approved' when 'Rechazado' then 'rejected' when 'Entregada' then 'delivered' end;
  v_sponsor uuid;
begin
  if v_event is null or new.kind = 'direct' then
    return null;
  end if;
  if new.kind = 'order' then
    insert into private.notifications_staged (client_id, kind, payload)
    values (new.client_id, 'order', jsonb_build_object('event', v_event, 'sale_id', new.id));
  elsif v_event in ('approved', 'rejected') then
    select c.enroller_id into v_sponsor from public.clients c where c.id = new.client_id;
    insert into private.notifications_staged (client_id, kind, payload)
    select x.client_id, 'enrolment', jsonb_build_object('event', x.event, 'sale_id', new.id, 'member_id', new.client_id)
      from (values (new.client_id, 'approved'), (v_sponsor, 'sponsor_' || v_event)) x (client_id, event)
     where x.client_id is not null and (v_event = 'approved' or x.event like 'sponsor_%');
  end if;
  return null;
end
$$;

create or replace function private.notify_earnings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.notifications_staged (client_id, kind, payload)
  select n.beneficiary_id, 'earning', jsonb_build_object('entries', array_agg(n.id order by n.id))
    from new_entries n
   where n.amount > 0
   group by n.beneficiary_id;
  return null;
end
$$;
