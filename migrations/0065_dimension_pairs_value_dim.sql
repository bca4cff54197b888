-- Pair rollups: the filter value's index names the breakdown dimension too. Every read asks for one
-- or two dimensions' rows (`dim = ANY(...)`) of a filter value that holds a row for every value of
-- every dimension; without `dim` in the key each read fetched all of them from the heap (30 days
-- of `country is US`: 15,587 rows fetched for the 377 an overview and a breakdown need). The key's
-- smallint fits the padding of the index tuple, which stays 32 B; fewer keys repeat, so fewer are
-- deduplicated.
DROP INDEX dimension_pairs_value;
CREATE INDEX dimension_pairs_value ON dimension_pairs (site_id, day, fdim, hashtext(fvalue), dim);
