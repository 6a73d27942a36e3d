-- Operations (issue 12): file storage, job queue, backups. Each part appends below with its own comment line.
select 1;
