-- RAW_RETENTION_MONTHS (src/retention/raw-rows.ts): since when the raw rows are kept, once any
-- were deleted. Reads whose window starts before it say so (`meta.raw_rows_from`).
CREATE TABLE raw_retention (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  horizon timestamptz NOT NULL
);
