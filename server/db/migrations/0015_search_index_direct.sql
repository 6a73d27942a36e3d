-- The students list's search index takes new rows straight into its tree (8Q). With GIN's default
-- fastupdate, inserted rows wait in a pending list that every search reads in full until a vacuum merges
-- it; PGlite has no autovacuum, so after an import (or the bench's 20,000 students) every search read
-- ~500 pending pages and the planner fell back to reading the whole table. The list already waiting is
-- merged now.
ALTER INDEX "students_search_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('students_search_idx'::regclass);
