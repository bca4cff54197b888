-- A window's citation figures read two days of url_citation_through (50,000 rows each on a site of
-- 50,000 URLs) by index and join them by path. Planned in parallel, the two workers cost more than
-- the join itself on a busy machine (95 ms against 41 ms serially, bench:agents 2026-11-25), so
-- the planner is told not to scan this table in parallel.
ALTER TABLE url_citation_through SET (parallel_workers = 0);
