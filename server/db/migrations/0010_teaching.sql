-- Teaching (issue 9): lessons, attendance, evaluations, final deliveries, binnacles.
SELECT 1;
