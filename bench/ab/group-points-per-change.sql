-- bench/engine.mjs BENCH_AB: the group points' trigger as it is now (20250701081000_kept_group_points.sql):
-- one pending row per change, with the member's path. Undoes group-points-per-ancestor.sql.
drop trigger if exists bench_per_ancestor_insert on private.member_period_totals;
drop trigger if exists bench_per_ancestor_update on private.member_period_totals;
alter table private.member_period_totals enable trigger member_period_totals_group_points_insert;
alter table private.member_period_totals enable trigger member_period_totals_group_points_update;
