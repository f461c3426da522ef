-- Every table's triggers in firing order, so adding, renaming or dropping one is a visible diff here
-- (and in supabase/README.md, whose map tests/unit/supabase-map.node.test.ts holds to these lists).
-- PostgreSQL fires the triggers of one event and timing in the byte order of their names (BEFORE
-- ones, then the row change, then AFTER ones): a name decides where a trigger runs among its
-- neighbours, e.g. clients_path_regroup after clients_path_cascade. Foreign keys' internal triggers
-- are left out. Each entry: name: timing events, row or statement, function.
begin;
\ir _helpers.psql
select plan(33);

create function tests.triggers_of(p_table regclass) returns text[]
language sql as $$
  select coalesce(array_agg(format('%s: %s %s, %s, %s', t.tgname,
           case when t.tgtype & 2 <> 0 then 'BEFORE' when t.tgtype & 64 <> 0 then 'INSTEAD OF' else 'AFTER' end,
           concat_ws(' OR ', case when t.tgtype & 4 <> 0 then 'INSERT' end, case when t.tgtype & 8 <> 0 then 'DELETE' end,
                     case when t.tgtype & 16 <> 0 then 'UPDATE' end, case when t.tgtype & 32 <> 0 then 'TRUNCATE' end),
           case when t.tgtype & 1 <> 0 then 'row' else 'statement' end,
           t.tgfoid::regproc) order by t.tgname collate "C"), '{}')
    from pg_trigger t where t.tgrelid = p_table and not t.tgisinternal
$$;

-- The tables that have triggers of ours (a trigger on a table not listed below fails here first).
select is(array(select distinct format('%s.%s', tn.nspname, c.relname) collate "C"
                 from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace tn on tn.oid = c.relnamespace
                 join pg_proc p on p.oid = t.tgfoid join pg_namespace n on n.oid = p.pronamespace
                where not t.tgisinternal and n.nspname in ('public', 'private') order by 1),
          array['auth.users',
                'private.jobs',
                'private.member_period_totals',
                'public.audit_logs',
                'public.clients',
                'public.enroller_changes',
                'public.health_analyses',
                'public.leads',
                'public.metadata',
                'public.payout_accounts',
                'public.payout_batch_items',
                'public.payout_batches',
                'public.payout_file_settings',
                'public.payout_holder_exceptions',
                'public.payout_institutions',
                'public.payout_requests',
                'public.periods',
                'public.plan_versions',
                'public.product_costs',
                'public.products',
                'public.recipe_products',
                'public.recipes',
                'public.restock_lines',
                'public.restocks',
                'public.reward_transactions',
                'public.sale_items',
                'public.sales',
                'public.staff_invitations',
                'public.star_level_configs',
                'public.stock_movements',
                'public.suppliers',
                'public.users_roles'],
          'the tables with triggers');

select is(tests.triggers_of('auth.users'), array[
  'on_auth_user_created: AFTER INSERT, row, private.link_new_auth_user'
], 'auth.users: its triggers in firing order');

select is(tests.triggers_of('private.member_period_totals'), array[
  'member_period_totals_group_points_insert: AFTER INSERT, row, private.member_period_totals_queue_group_points',
  'member_period_totals_group_points_update: AFTER UPDATE, row, private.member_period_totals_queue_group_points',
  'member_period_totals_keep_dashboard_insert: AFTER INSERT OR DELETE, row, private.keep_dashboard_activity',
  'member_period_totals_keep_dashboard_update: AFTER UPDATE, row, private.keep_dashboard_activity'
], 'private.member_period_totals: its triggers in firing order');

select is(tests.triggers_of('public.audit_logs'), array[
  'audit_logs_append_only: BEFORE DELETE OR UPDATE, row, private.forbid_change',
  'audit_logs_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change'
], 'public.audit_logs: its triggers in firing order');

select is(tests.triggers_of('public.clients'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'clients_keep_dashboard: AFTER INSERT OR DELETE, row, private.keep_dashboard_members',
  'clients_keep_dashboard_update: AFTER UPDATE, row, private.keep_dashboard_members',
  'clients_path: BEFORE INSERT OR UPDATE, row, private.clients_maintain_path',
  'clients_path_cascade: AFTER UPDATE, row, private.clients_cascade_path',
  'clients_path_regroup: AFTER UPDATE, row, private.clients_move_group_points',
  'clients_refuse_formulas: BEFORE INSERT OR UPDATE, row, private.refuse_formula_columns',
  'clients_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship',
  'clients_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.clients: its triggers in firing order');

select is(tests.triggers_of('public.enroller_changes'), array[
  'enroller_changes_append_only: BEFORE DELETE OR UPDATE, row, private.forbid_change',
  'enroller_changes_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change'
], 'public.enroller_changes: its triggers in firing order');

select is(tests.triggers_of('public.health_analyses'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'health_analyses_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship'
], 'public.health_analyses: its triggers in firing order');

select is(tests.triggers_of('public.leads'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'leads_notify: AFTER INSERT, row, private.notify_lead',
  'leads_refuse_markup: BEFORE INSERT OR UPDATE, row, private.leads_refuse_markup',
  'leads_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship',
  'leads_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.leads: its triggers in firing order');

select is(tests.triggers_of('public.metadata'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'metadata_plan_version: AFTER INSERT OR UPDATE, statement, private.record_plan_version',
  'metadata_timezone_queues_job: AFTER UPDATE, row, private.queue_timezone_change',
  'metadata_validate: BEFORE INSERT OR UPDATE, row, private.validate_settings'
], 'public.metadata: its triggers in firing order');

select is(tests.triggers_of('public.payout_accounts'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'payout_accounts_guard: BEFORE UPDATE, row, private.payout_accounts_guard',
  'payout_accounts_no_delete: BEFORE DELETE, row, private.forbid_change',
  'payout_accounts_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change',
  'payout_accounts_notify: AFTER UPDATE, row, private.notify_payout_account_replaced',
  'payout_accounts_prepare: BEFORE INSERT, row, private.payout_accounts_prepare'
], 'public.payout_accounts: its triggers in firing order');

select is(tests.triggers_of('public.payout_batch_items'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'payout_batch_items_guard: BEFORE UPDATE, row, private.payout_batch_items_guard',
  'payout_batch_items_no_delete: BEFORE DELETE, row, private.forbid_change',
  'payout_batch_items_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change'
], 'public.payout_batch_items: its triggers in firing order');

select is(tests.triggers_of('public.payout_batches'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'payout_batches_no_delete: BEFORE DELETE, row, private.forbid_change',
  'payout_batches_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change'
], 'public.payout_batches: its triggers in firing order');

select is(tests.triggers_of('public.payout_file_settings'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'payout_file_settings_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.payout_file_settings: its triggers in firing order');

select is(tests.triggers_of('public.payout_holder_exceptions'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row'
], 'public.payout_holder_exceptions: its triggers in firing order');

select is(tests.triggers_of('public.payout_institutions'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'payout_institutions_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.payout_institutions: its triggers in firing order');

select is(tests.triggers_of('public.payout_requests'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'payout_requests_keep_dashboard: AFTER INSERT OR DELETE, row, private.keep_dashboard_payouts',
  'payout_requests_keep_dashboard_update: AFTER UPDATE, row, private.keep_dashboard_payouts',
  'payout_requests_notify: AFTER UPDATE, row, private.notify_payout_change',
  'payout_requests_refuse_formulas: BEFORE INSERT OR UPDATE, row, private.refuse_formula_columns',
  'payout_requests_touch: BEFORE UPDATE, row, private.touch_updated_at',
  'payout_requests_transition: BEFORE UPDATE, row, private.payout_transition'
], 'public.payout_requests: its triggers in firing order');

select is(tests.triggers_of('private.jobs'), array[
  'jobs_notify_period_close: AFTER UPDATE, row, private.notify_period_close_job'
], 'private.jobs: its triggers in firing order');

select is(tests.triggers_of('public.periods'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'periods_guard: BEFORE DELETE OR UPDATE, row, private.periods_guard'
], 'public.periods: its triggers in firing order');

select is(tests.triggers_of('public.plan_versions'), array[
  'plan_versions_append_only: BEFORE DELETE OR UPDATE, row, private.forbid_change',
  'plan_versions_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change',
  'plan_versions_recount_dashboard: AFTER INSERT, row, private.recount_dashboard_activity'
], 'public.plan_versions: its triggers in firing order');

select is(tests.triggers_of('public.product_costs'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'product_costs_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship',
  'product_costs_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.product_costs: its triggers in firing order');

select is(tests.triggers_of('public.products'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'products_benefits_known: BEFORE INSERT OR UPDATE, row, private.refuse_unknown_benefits',
  'products_guard_delete: BEFORE DELETE, row, private.products_guard_delete',
  'products_opening_stock: AFTER INSERT, row, private.products_opening_stock',
  'products_prepare: BEFORE INSERT OR UPDATE, row, private.products_prepare',
  'products_refuse_formulas: BEFORE INSERT OR UPDATE, row, private.refuse_formula_columns',
  'products_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship',
  'products_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.products: its triggers in firing order');

select is(tests.triggers_of('public.recipe_products'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row'
], 'public.recipe_products: its triggers in firing order');

select is(tests.triggers_of('public.recipes'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'recipes_benefits_known: BEFORE INSERT OR UPDATE, row, private.refuse_unknown_benefits',
  'recipes_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship',
  'recipes_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.recipes: its triggers in firing order');

select is(tests.triggers_of('public.restock_lines'), array[
  'restock_lines_append_only: BEFORE DELETE OR UPDATE, row, private.forbid_change',
  'restock_lines_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change'
], 'public.restock_lines: its triggers in firing order');

select is(tests.triggers_of('public.restocks'), array[
  'restocks_append_only: BEFORE DELETE OR UPDATE, row, private.forbid_change',
  'restocks_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change'
], 'public.restocks: its triggers in firing order');

select is(tests.triggers_of('public.reward_transactions'), array[
  'reward_transactions_append_only: BEFORE DELETE OR UPDATE, row, private.forbid_change',
  'reward_transactions_keep_dashboard: AFTER INSERT, statement, private.keep_dashboard_ledger',
  'reward_transactions_keep_finance: AFTER INSERT, statement, private.keep_finance_clawbacks',
  'reward_transactions_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change',
  'reward_transactions_notify: AFTER INSERT, statement, private.notify_earnings'
], 'public.reward_transactions: its triggers in firing order');

select is(tests.triggers_of('public.sale_items'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'sale_items_keep_committed: AFTER INSERT, statement, private.keep_committed_lines'
], 'public.sale_items: its triggers in firing order');

select is(tests.triggers_of('public.sales'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'sales_keep_committed: AFTER UPDATE, row, private.keep_committed_sales',
  'sales_keep_committed_delete: BEFORE DELETE, row, private.keep_committed_sales',
  'sales_keep_daily: AFTER INSERT OR DELETE, row, private.keep_sales_daily',
  'sales_keep_daily_update: AFTER UPDATE, row, private.keep_sales_daily',
  'sales_keep_dashboard: AFTER INSERT OR DELETE, row, private.keep_dashboard_sales',
  'sales_keep_dashboard_update: AFTER UPDATE, row, private.keep_dashboard_sales',
  'sales_notify: AFTER UPDATE, row, private.notify_sale_change',
  'sales_refuse_formulas: BEFORE INSERT OR UPDATE, row, private.refuse_formula_columns',
  'sales_touch: BEFORE UPDATE, row, private.touch_updated_at',
  'sales_transition: BEFORE INSERT OR UPDATE, row, private.sales_transition'
], 'public.sales: its triggers in firing order');

select is(tests.triggers_of('public.staff_invitations'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'staff_invitations_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship'
], 'public.staff_invitations: its triggers in firing order');

select is(tests.triggers_of('public.star_level_configs'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'star_level_configs_consistent: AFTER INSERT OR DELETE OR UPDATE, row, private.check_star_levels',
  'star_level_configs_touch: BEFORE UPDATE, row, private.touch_updated_at',
  'star_level_configs_version: AFTER INSERT OR DELETE OR UPDATE, statement, private.record_plan_version'
], 'public.star_level_configs: its triggers in firing order');

select is(tests.triggers_of('public.stock_movements'), array[
  'stock_movements_append_only: BEFORE DELETE OR UPDATE, row, private.stock_movements_guard',
  'stock_movements_apply: AFTER INSERT, row, private.apply_stock_movement',
  'stock_movements_keep_finance: AFTER INSERT, row, private.keep_finance_products',
  'stock_movements_keep_product_sales: AFTER INSERT, row, private.keep_product_sales_daily',
  'stock_movements_no_truncate: BEFORE TRUNCATE, statement, private.forbid_change',
  'stock_movements_notify_low_stock: AFTER INSERT, row, private.notify_low_stock',
  'stock_movements_stamp: BEFORE INSERT, row, private.stamp_authorship'
], 'public.stock_movements: its triggers in firing order');

select is(tests.triggers_of('public.suppliers'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'suppliers_keep_history: BEFORE DELETE, row, private.suppliers_keep_history',
  'suppliers_refuse_formulas: BEFORE INSERT OR UPDATE, row, private.refuse_formula_columns',
  'suppliers_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship',
  'suppliers_touch: BEFORE UPDATE, row, private.touch_updated_at',
  'suppliers_validate: BEFORE INSERT OR UPDATE, row, private.suppliers_validate'
], 'public.suppliers: its triggers in firing order');

select is(tests.triggers_of('public.users_roles'), array[
  'audit: AFTER INSERT OR DELETE OR UPDATE, row, private.audit_row',
  'users_roles_forget_notifications: AFTER DELETE, row, private.forget_staff_notifications',
  'users_roles_stamp: BEFORE INSERT OR UPDATE, row, private.stamp_authorship',
  'users_roles_superadmins: BEFORE DELETE OR UPDATE, row, private.guard_superadmins',
  'users_roles_touch: BEFORE UPDATE, row, private.touch_updated_at'
], 'public.users_roles: its triggers in firing order');

select * from finish();
rollback;
