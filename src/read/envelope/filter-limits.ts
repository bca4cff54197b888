/** Bounds on a `filters` parameter, each a cost a request could otherwise push onto the database. */
export const FILTER_LIMITS = {
  filters: 50,
  depth: 8,
  text: 500,
  values: 100,
  regex: 200,
  // PostgreSQL caches 32 compiled regexes per backend; past that every row compiles them again
  // (`~ ANY` over 100k rows: 2 s with 30 patterns, 14 s with 40).
  regexes: 16,
  // Bounded repetition is expanded when PostgreSQL compiles a regex, and each row pays for it.
  regexWeight: 1000,
} as const;
