-- What the API roles may do with every table, view, sequence and function of `public`, declared
-- object by object. A hosted project created today grants nothing by default (and one created
-- before grants everything), so the migrations grant explicitly; this list is what they must
-- grant, no more and no less. Row level security then filters the rows of what is granted.
-- An object of public missing from the list, a grant the list does not declare, or a declared
-- grant that is missing fails the test with one line per difference.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(3);

-- kind, object (functions with their argument types), then the privileges of anon,
-- authenticated and service_role in the canonical order: select, insert, update, delete,
-- truncate, references, trigger (tables); usage, select, update (sequences); execute (functions).
-- Column privileges read `update(col, ...)`. '' = nothing.
create temp table declared (kind text, object text, anon text, authenticated text, service_role text) on commit drop;
insert into declared values
  -- Least privilege (issue 23 §4): a table is written through the API only where a screen writes it
  -- directly (src/api: the settings row, a lead's follow-up state, deleting an unused supplier);
  -- everything else changes through the functions below, where its rules are.
  -- identity (written by Usuarios' functions, the link trigger and the members' functions)
  ('table', 'users_roles',         '',       'select',                         ''),
  ('table', 'staff_invitations',   '',       'select',                         ''),
  ('table', 'clients',             '',       'select',                         ''),
  -- settings and plan (the settings row is public; superadmin upserts it; the plan through save_plan)
  ('table', 'metadata',            'select(id, low_stock_threshold, company_name, contact_info, currency, timezone, locale, min_payout, activity_points, payment_details, enrollment_commission_rate)', 'select, insert, update', ''),
  ('table', 'star_level_configs',  '',       'select',                         ''),
  ('table', 'plan_versions',       '',       'select',                         ''),
  -- catalogue (the back office's functions; leads arrive only through submit_lead, and their member
  -- or staff move the follow-up state)
  ('table', 'suppliers',           '',       'select, delete',                 ''),
  ('table', 'benefits',            '',       'select',                         ''),
  ('table', 'products',            '',       'select',                         ''),
  ('table', 'product_costs',       '',       'select',                         ''),
  ('table', 'recipes',             '',       'select',                         ''),
  ('table', 'recipe_products',     '',       'select',                         ''),
  ('table', 'health_analyses',     '',       'select',                         ''),
  ('table', 'leads',               '',       'select, update(status)',         ''),
  -- Proveedores (superadmin by RLS): the links through save_supplier; restocks are read-only and the lines' unit_cost is not granted
  ('table', 'supplier_products',   '',       'select',                         ''),
  ('table', 'restocks',            '',       'select',                         ''),
  ('table', 'restock_lines',       '',       'select(restock_id, product_id, quantity, stock_before, stock_after, movement_id)', ''),
  ('sequence', 'restocks_id_seq',  '', '', ''),
  -- written only by the engine's security-definer functions (and the audit trigger)
  -- members know whether a month is closed; its company-wide figures go through get_period_summaries
  ('table', 'periods',             '',       'select(month, status, closed_at)', ''),
  -- notifications: each person reads their own (RLS), through the RPCs that make the words; their
  -- e-mail opt-outs are theirs to add and remove
  ('table', 'notifications',       '',       'select(id, client_id, user_id, kind, created_at, read_at)', ''),
  ('table', 'notification_email_opt_outs', '', 'select, insert, delete',       ''),
  ('table', 'sales',               '',       'select',                         ''),
  -- the enroller changes: staff read them (the member's record); only change_enroller writes
  ('table', 'enroller_changes',    '',       'select',                         ''),
  ('table', 'sale_items',          '',       'select',                         ''),
  ('table', 'reward_transactions', '',       'select',                         ''),
  ('table', 'payout_requests',     '',       'select',                         ''),
  -- payouts through a bank: read under RLS; a superadmin turns banks on or off; the RPCs write the rest
  ('table', 'payout_institutions', '',       'select, update(enabled)',        ''),
  ('table', 'payout_file_settings', '',      'select',                         ''),
  ('table', 'payout_holder_exceptions', '',  'select',                         ''),
  ('table', 'payout_accounts',     '',       'select',                         ''),
  ('table', 'payout_batches',      '',       'select',                         ''),
  ('table', 'payout_batch_items',  '',       'select',                         ''),
  ('table', 'audit_logs',          '',       'select',                         ''),
  -- restocks and adjustments are recorded by staff; sale movements by the engine
  ('table', 'stock_movements',     '',       'select',                         ''),
  -- identity columns: an INSERT draws from them without any privilege on the sequence
  ('sequence', 'audit_logs_id_seq',          '', '', ''),
  ('sequence', 'clients_member_no_seq',      '', '', ''),
  ('sequence', 'enroller_changes_id_seq',    '', '', ''),
  ('sequence', 'notifications_id_seq',       '', '', ''),
  ('sequence', 'plan_versions_version_seq',  '', '', ''),
  ('sequence', 'reward_transactions_id_seq', '', '', ''),
  ('sequence', 'sale_items_id_seq',          '', '', ''),
  ('sequence', 'sales_sale_no_seq',          '', '', ''),
  ('sequence', 'stock_movements_id_seq',     '', '', ''),
  ('sequence', 'payout_requests_number_seq', '', '', ''),
  ('sequence', 'payout_batches_batch_no_seq', '', '', ''),
  -- Supabase Auth's hooks: supabase_auth_admin only (00_schema_lint, 02_auth_hooks)
  ('function', 'before_user_created_hook(jsonb)', '', '', ''),
  ('function', 'custom_access_token_hook(jsonb)', '', '', ''),
  -- the public landing page
  ('function', 'get_public_page(text)',                      'execute', 'execute', ''),
  ('function', 'submit_lead(text, text, text, text, text, boolean)', 'execute', 'execute', ''),
  -- members and staff (each function checks the caller's role itself)
  ('function', 'place_order(jsonb, text, text, text, text, text, numeric, uuid)', '', 'execute', ''),
  ('function', 'enrol_member(text, text, uuid, text, text, text, text, text, text, text, text)', '', 'execute', ''),
  ('function', 'create_direct_sale(uuid, jsonb, text, text, text, text, text, text, text, text, uuid)', '', 'execute', ''),
  ('function', 'preview_sale_rewards(uuid)',                 '', 'execute', ''),
  -- notifications: the bell and Mi Cuenta as each person; the outbox only for send-notifications
  ('function', 'get_my_notifications(bigint, integer)',      '', 'execute', ''),
  ('function', 'count_my_unread_notifications()',            '', 'execute', ''),
  ('function', 'mark_notifications_read(bigint[])',          '', 'execute', ''),
  ('function', 'get_my_email_preferences()',                 '', 'execute', ''),
  ('function', 'get_notification_email_trouble(bigint, integer)', '', 'execute', ''),
  ('function', 'claim_notification_emails(integer, integer)', '', '', 'execute'),
  ('function', 'begin_notification_email(bigint, smallint)', '', '', 'execute'),
  ('function', 'finish_notification_email(bigint, smallint, text, text)', '', '', 'execute'),
  ('function', 'approve_sale(uuid, boolean)',                '', 'execute', ''),
  ('function', 'reject_sale(uuid, text)',                    '', 'execute', ''),
  ('function', 'deliver_sale(uuid)',                         '', 'execute', ''),
  ('function', 'cancel_sale(uuid, text)',                    '', 'execute', ''),
  ('function', 'get_balance(uuid)',                          '', 'execute', ''),
  ('function', 'request_payout(numeric, text, uuid)',              '', 'execute', ''),
  ('function', 'approve_payout(uuid)',                       '', 'execute', ''),
  ('function', 'pay_payout(uuid, text)',                     '', 'execute', ''),
  ('function', 'reject_payout(uuid, text)',                  '', 'execute', ''),
  ('function', 'get_ledger(uuid, integer, date, bigint, date, text[])', '', 'execute', ''),
  ('function', 'get_ledger_months(uuid)',                    '', 'execute', ''),
  ('function', 'get_member_month(uuid, date)',               '', 'execute', ''),
  ('function', 'preview_order(jsonb)',                       '', 'execute', ''),
  ('function', 'get_payout_queue(text[], integer, integer, date, boolean)', '', 'execute', ''),
  ('function', 'get_payout_totals()',                        '', 'execute', ''),
  -- payouts through a bank (the functions check who calls: member, staff or superadmin)
  ('function', 'save_payout_account(text, text, text, text, text, text)', '', 'execute', ''),
  ('function', 'set_payout_holder_exception(uuid, boolean, text)', '', 'execute', ''),
  ('function', 'save_payout_file_settings(text, text, text, text, text[])', '', 'execute', ''),
  ('function', 'export_payout_file(uuid[], text)',           '', 'execute', ''),
  ('function', 'download_payout_batch_file(uuid)',           '', 'execute', ''),
  ('function', 'void_payout_batch(uuid, text)',              '', 'execute', ''),
  ('function', 'preview_payout_reply(text, bigint)',         '', 'execute', ''),
  ('function', 'apply_payout_reply(text, text, bigint)',     '', 'execute', ''),
  ('function', 'get_payout_batches(integer, integer)',       '', 'execute', ''),
  ('function', 'get_staff_work_counts()',                    '', 'execute', ''),
  ('function', 'get_sale_checks(uuid)',                      '', 'execute', ''),
  ('function', 'get_approval_queue(integer, integer)',       '', 'execute', ''),
  -- Enrolar Miembro: what the approval brings the enroller, and the enrolments they placed
  ('function', 'preview_enrolment(uuid)',                    '', 'execute', ''),
  ('function', 'get_my_enrolments(integer, integer)',        '', 'execute', ''),
  -- a signed-in person without a role: only their own pending or rejected enrolment (80_first_signin)
  ('function', 'get_my_enrolment()',                         '', 'execute', ''),
  -- Aprobaciones: the amount staff read on a voucher (the functions demand staff)
  ('function', 'get_voucher_note(uuid)',                     '', 'execute', ''),
  ('function', 'note_voucher_amount(uuid, numeric)',         '', 'execute', ''),
  -- Mis Pedidos: a sale's lines by name for whoever may read the sale
  ('function', 'get_sale_lines(uuid)',                       '', 'execute', ''),
  ('function', 'get_period_summaries()',                     '', 'execute', ''),
  -- Configuración: the month close and the audit log (superadmin; the functions refuse anyone else)
  ('function', 'get_close_months()',                         '', 'execute', ''),
  ('function', 'get_close_preview(bigint, integer, integer)', '', 'execute', ''),
  ('function', 'request_close_preview(date)',                '', 'execute', ''),
  ('function', 'get_simulation_job(bigint)',                 '', 'execute', ''),
  ('function', 'get_timezone_change()',                      '', 'execute', ''),
  ('function', 'get_audit_log(text, text, text, date, date, integer, integer, text)', '', 'execute', ''),
  ('function', 'get_closed_month_rows(date, integer, integer)', '', 'execute', ''),
  ('function', 'get_network_summary(uuid, date)',            '', 'execute', ''),
  ('function', 'get_network_page(uuid, date, uuid, integer, text, text, integer, integer)', '', 'execute', ''),
  -- Clientes: «¿Por qué no cobró?» (staff) and the enroller change (superadmin; the functions check)
  ('function', 'get_why_not_paid(uuid, date)',               '', 'execute', ''),
  ('function', 'preview_enroller_change(uuid, uuid)',        '', 'execute', ''),
  ('function', 'change_enroller(uuid, uuid, text)',          '', 'execute', ''),
  ('function', 'search_enroller_candidates(text, integer)',  '', 'execute', ''),
  -- Clientes (staff; the functions refuse anyone else)
  ('function', 'search_members(text, boolean, smallint, text, text, text, boolean, integer, integer)', '', 'execute', ''),
  ('function', 'get_client_profile(uuid)',                   '', 'execute', ''),
  ('function', 'update_client_contact(uuid, text, text, text, text, text, text, text)', '', 'execute', ''),
  -- the second pair of eyes on an address staff changed (issue 23 §2)
  ('function', 'confirm_client_email(uuid)',                 '', 'execute', ''),
  ('function', 'get_client_audit(uuid, integer, integer)',   '', 'execute', ''),
  -- Usuarios (superadmin; the functions refuse anyone else)
  ('function', 'get_staff_members()',                        '', 'execute', ''),
  ('function', 'invite_staff(text, text, boolean)',          '', 'execute', ''),
  ('function', 'set_staff_role(uuid, text, boolean)',        '', 'execute', ''),
  ('function', 'revoke_staff_access(uuid)',                  '', 'execute', ''),
  ('function', 'revoke_staff_invitation(uuid)',              '', 'execute', ''),
  -- Finanzas (superadmin with finance; the functions refuse anyone else)
  ('function', 'get_finance_month(date)',                    '', 'execute', ''),
  ('function', 'get_finance_series(integer)',                '', 'execute', ''),
  ('function', 'get_finance_products(date)',                 '', 'execute', ''),
  -- Configuración, the plan (superadmin; the functions refuse anyone else)
  ('function', 'save_plan(jsonb)',                           '', 'execute', ''),
  ('function', 'get_plan_versions()',                        '', 'execute', ''),
  ('function', 'request_plan_what_if(jsonb)',                '', 'execute', ''),
  -- Dashboard (staff; the functions refuse anyone else)
  ('function', 'get_dashboard()',                            '', 'execute', ''),
  ('function', 'get_dashboard_near_active(integer)',         '', 'execute', ''),
  -- Productos (staff; the functions refuse anyone else; cost and margins only for finance)
  ('function', 'list_products(text, text, boolean, boolean, text, text, boolean, integer, integer)', '', 'execute', ''),
  ('function', 'get_product(uuid)',                          '', 'execute', ''),
  ('function', 'get_product_categories()',                   '', 'execute', ''),
  ('function', 'save_product(uuid, text, text, numeric, numeric, integer, text, text, text[], boolean, text, integer, text[])', '', 'execute', ''),
  ('function', 'adjust_stock(uuid, text, integer, text)',    '', 'execute', ''),
  ('function', 'get_product_movements(uuid, integer, integer)', '', 'execute', ''),
  ('function', 'set_product_active(uuid, boolean)',          '', 'execute', ''),
  ('function', 'delete_product(uuid)',                       '', 'execute', ''),
  -- Ventas (staff; the functions refuse anyone else)
  ('function', 'search_sales(text[], text, date, date, uuid, text, boolean, integer, integer)', '', 'execute', ''),
  ('function', 'export_sales(text[], text, date, date, uuid, bigint, integer)', '', 'execute', ''),
  ('function', 'get_sales_totals(text[], text, date, date, uuid)', '', 'execute', ''),
  ('function', 'get_sale_detail(uuid)',                      '', 'execute', ''),
  ('function', 'preview_sale_cancellation(uuid)',            '', 'execute', ''),
  -- the month close: superadmin, and the service role (the close-period edge function)
  ('function', 'request_period_close(date)',                 '', 'execute', 'execute'),
  -- Proveedores (superadmin; the functions refuse anyone else)
  ('function', 'save_supplier(uuid, text, text, text, text, text, text, boolean, uuid[])', '', 'execute', ''),
  ('function', 'search_suppliers(text, boolean, integer, integer)', '', 'execute', ''),
  ('function', 'register_restock(uuid, jsonb, text)',        '', 'execute', ''),
  ('function', 'get_restocks(uuid, integer, integer)',       '', 'execute', ''),
  ('function', 'get_restock_suggestions()',                  '', 'execute', ''),
  -- Análisis de Salud (superadmin; the functions refuse anyone else)
  ('function', 'get_health_questionnaire()',                 '', 'execute', ''),
  ('function', 'record_health_analysis(uuid, boolean, text, jsonb, text)', '', 'execute', ''),
  -- Recetario (staff; the functions refuse anyone else)
  ('function', 'list_recipes(text, integer, integer)',       '', 'execute', ''),
  ('function', 'get_recipe(uuid)',                           '', 'execute', ''),
  ('function', 'save_recipe(uuid, text, jsonb, text, text, text[], text)', '', 'execute', ''),
  ('function', 'delete_recipe(uuid)',                        '', 'execute', '');

-- What the catalog says, privilege by privilege (PUBLIC grants and column grants included).
create temp view granted as
with objects as (
  select case when c.relkind = 'S' then 'sequence' when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
         c.relname::text as object, c.oid, c.relkind
    from pg_class c
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
  union all
  select 'function', format('%s(%s)', p.proname, oidvectortypes(p.proargtypes)), p.oid, null
    from pg_proc p
   where p.pronamespace = 'public'::regnamespace
     and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
), roles(role) as (values ('anon'), ('authenticated'), ('service_role'))
select o.kind, o.object, r.role,
       coalesce((
         select string_agg(x.privilege, ', ' order by x.ord)
           from (
             select t.ord, t.privilege
               from unnest(array['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger'])
                    with ordinality t(privilege, ord)
              where o.kind in ('table', 'view') and has_table_privilege(r.role, o.oid, t.privilege)
             union all
             select t.ord, t.privilege || '(' || string_agg(a.attname, ', ' order by a.attnum) || ')'
               from unnest(array['select', 'insert', 'update', 'references']) with ordinality t(privilege, ord)
               join pg_attribute a on a.attrelid = o.oid and a.attnum > 0 and not a.attisdropped
              where o.kind in ('table', 'view') and not has_table_privilege(r.role, o.oid, t.privilege)
                and has_column_privilege(r.role, o.oid, a.attnum, t.privilege)
              group by t.ord, t.privilege
             union all
             select t.ord, t.privilege
               from unnest(array['usage', 'select', 'update']) with ordinality t(privilege, ord)
              where o.kind = 'sequence' and has_sequence_privilege(r.role, o.oid, t.privilege)
             union all
             select 1, 'execute' where o.kind = 'function' and has_function_privilege(r.role, o.oid, 'execute')
           ) x), '') as privileges
  from objects o cross join roles r;

create temp view differences as
with want as (
  select d.kind, d.object, r.role, r.privileges
    from declared d
   cross join lateral (values ('anon', d.anon), ('authenticated', d.authenticated), ('service_role', d.service_role)) r(role, privileges)
)
select format('%s public.%s: no está en la lista declarada (anon «%s», authenticated «%s», service_role «%s»)',
              g.kind, g.object, max(g.privileges) filter (where g.role = 'anon'),
              max(g.privileges) filter (where g.role = 'authenticated'),
              max(g.privileges) filter (where g.role = 'service_role')) as line
  from granted g
 where not exists (select 1 from declared d where d.kind = g.kind and d.object = g.object)
 group by g.kind, g.object
union all
select format('%s public.%s: declarado pero no existe', d.kind, d.object)
  from declared d
 where not exists (select 1 from granted g where g.kind = d.kind and g.object = d.object)
union all
select format('%s public.%s · %s:%s- declarado «%s»%s+ concedido «%s»', w.kind, w.object, w.role, E'\n    ', w.privileges,
              E'\n    ', g.privileges)
  from want w
  join granted g on g.kind = w.kind and g.object = w.object and g.role = w.role
 where g.privileges <> w.privileges;

select is_empty($$ select object from declared group by kind, object having count(*) > 1 $$,
  'la lista declarada nombra cada objeto una sola vez');

select ok(not exists (select 1 from differences),
  'anon, authenticated y service_role tienen en public exactamente los privilegios declarados');
select diag(E'Privilegios distintos de los declarados en 06_api_privileges:\n' || string_agg(line, E'\n' order by line))
  from differences
having count(*) > 0;

-- private is not exposed, but policies and guard triggers run as the caller: authenticated reaches
-- exactly the access helpers they call and the refusal they raise, and no API role reaches any of its tables.
select set_eq($$
  select r.role || ' ' || format('%s(%s)', p.proname, oidvectortypes(p.proargtypes))
    from pg_proc p cross join (values ('anon'), ('authenticated'), ('service_role')) r(role)
   where p.pronamespace = 'private'::regnamespace and has_function_privilege(r.role, p.oid, 'execute')
  union all
  select r.role || ' ' || c.relname
    from pg_class c cross join (values ('anon'), ('authenticated'), ('service_role')) r(role)
   where c.relnamespace = 'private'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
     and (has_table_privilege(r.role, c.oid, 'select') or has_table_privilege(r.role, c.oid, 'insert')
          or has_table_privilege(r.role, c.oid, 'update') or has_table_privilege(r.role, c.oid, 'delete'))
$$, array['authenticated has_role()', 'authenticated has_finance()', 'authenticated is_staff()',
          'authenticated is_superadmin()', 'authenticated my_client_id()', 'authenticated refuse(text, text, text, text)',
          -- the search index's expression, computed as whoever writes a member (20250701040000_members)
          'authenticated unaccent_lower(text)', 'authenticated member_search_text(text, text, text, text)',
          -- the contact checks of the tables (20250701010000_foundation), evaluated as whoever writes the row
          'authenticated is_email(text)', 'authenticated is_phone(text)', 'authenticated is_document_number(text)'],
  'en private, authenticated solo ejecuta los ayudantes de las políticas y las expresiones de los índices y los checks');

select * from finish();
rollback;
