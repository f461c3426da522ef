-- Indexes for the screens' reads (issue 10), found with bench/screens.mjs on the 100,000-member
-- database (bench/README.md, «Lecturas de las pantallas»).

-- Aprobaciones asks PostgREST for the pending sales oldest first, a page at a time, each with its
-- member and its lines embedded (LATERAL subqueries), with the exact count (supabase-js
-- `count: 'exact'`). With only (status, created_at) the two pending states could not be read in
-- created_at order, so PostgreSQL embedded the member and lines of every pending sale (10,000: a hash
-- of all 100,000 members, an aggregate per sale) and sorted them to keep 20: ≈ 2 s per page. Read in
-- order from this index, it embeds only the page's rows. The count and the staff's work counts read
-- it too, without visiting the table: it includes the columns the sales policies check.
create index sales_pending_queue_idx on public.sales (created_at, id) include (client_id, created_by)
  where status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento');
comment on index public.sales_pending_queue_idx is
  'La cola de Aprobaciones: ventas pendientes de la más antigua a la más nueva (con las columnas que leen las políticas de sales, para contarlas sin leer la tabla).';
