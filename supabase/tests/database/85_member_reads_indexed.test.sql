-- A member's lists read through an index (issue 27: every screen's reads at a million members).
-- A member's row-level policies on sales, payout_requests and payout_accounts are OR'ed with staff's
-- (`client_id = mine OR is_staff()`), and no index serves an OR with a bare true/false: a member's
-- request that names no owner reads the whole table, whatever RLS then keeps. So the app names the
-- owner (src/api: fetchMyOrders, fetchMyPayouts, fetchPayoutsInProgress, fetchPayoutAccount) and
-- these are the shapes it sends, as the member, RLS applied: the owner must be what an index looks up.
-- Sequential scans are priced out, so the fixture's small tables do not hide which index serves.
begin;
\ir _helpers.psql
select plan(5);

-- The plan as member_a's request gets it: role authenticated, their claims, RLS applied.
create function pg_temp.scans(p_sql text) returns text language plpgsql as $$
declare
  v_line text;
  v_plan text := '';
begin
  perform tests.authenticate_as('member_a');
  for v_line in execute 'explain (costs off) ' || p_sql loop
    v_plan := v_plan || v_line || E'\n';
  end loop;
  perform tests.clear_authentication();
  return v_plan;
end
$$;
-- Served by the owner: each of p_columns is an index condition of the plan (not a filter over rows
-- an index or a scan read in another order).
create function pg_temp.read_by_owner(p_sql text, p_columns text[]) returns boolean language sql as $$
  select bool_and(pg_temp.scans(p_sql) ~ ('(Index Cond|Recheck Cond): [^\n]*\m' || c || ' = ')) from unnest(p_columns) c
$$;

set local enable_seqscan = off;

select ok(not pg_temp.read_by_owner('select * from public.sales order by created_at desc, id limit 10', '{client_id}'),
  'sin dueño, la lista de un miembro recorre la tabla (RLS filtra después): por eso la app lo nombra');
select ok(pg_temp.read_by_owner(format(
    'select * from public.sales where client_id = %L or (kind = %L and created_by = %L) order by created_at desc, id limit 10',
    (select id from tests.fx where key = 'a'), 'enrollment', (select id from tests.fx where key = 'a_user')), '{client_id}'),
  'Mis Pedidos (sus pedidos y los enrolamientos que hizo) por índices');
-- (Which index serves the enrolments' arm, created_by's or kind's, the planner decides by the table's
-- size: on the fixture's few rows, kind's; at 300,000 sales, created_by's (bench/README.md, Mis Pedidos).)
select ok(pg_temp.read_by_owner(format(
    'select * from public.payout_requests where client_id = %L order by requested_at desc, id limit 5', (select id from tests.fx where key = 'a')), '{client_id}'),
  'Mis retiros por índice');
select ok(pg_temp.read_by_owner(format(
    'select * from public.payout_requests where client_id = %L and status in (%L, %L) order by requested_at, id limit 20',
    (select id from tests.fx where key = 'a'), 'pending', 'approved'), '{client_id}'),
  'los retiros en curso por índice');
select ok(pg_temp.read_by_owner(format(
    'select * from public.payout_accounts where replaced_at is null and client_id = %L', (select id from tests.fx where key = 'a')), '{client_id}'),
  'su cuenta de cobro por índice');

select * from finish();
rollback;
