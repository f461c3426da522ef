-- The approval with the triggers that write its notifications, as the migrations leave it (see
-- notifications-off.sql).
alter table public.sales enable trigger sales_notify;
alter table public.reward_transactions enable trigger reward_transactions_notify;
alter table public.stock_movements enable trigger stock_movements_notify_low_stock;
