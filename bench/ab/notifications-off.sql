-- Issue 26's A/B (BENCH_AB=bench/ab/notifications-off.sql,bench/ab/notifications-on.sql): the approval
-- without the triggers that write its notifications (the sale's own, the «Ganaste» of its rewards, the
-- low stock of its stock movement), then with them, alternately in the same run.
alter table public.sales disable trigger sales_notify;
alter table public.reward_transactions disable trigger reward_transactions_notify;
alter table public.stock_movements disable trigger stock_movements_notify_low_stock;
