-- The folds delete the session state no later hit can need (projections/sessions/horizon.ts)
-- once per batch, by time: these indexes make that a range of each table instead of a scan.
CREATE INDEX rollup_session_state_last_seen ON rollup_session_state (last_seen_at);
CREATE INDEX citation_session_state_last_seen ON citation_session_state (last_seen_at);
CREATE INDEX path_session_state_last_seen ON path_session_state (last_seen_at);
-- path_visitor_numbers are pruned below the lowest block of a day's rows: one probe a day.
CREATE INDEX path_visitors_day_block ON path_visitors_day (site_id, day, block);
