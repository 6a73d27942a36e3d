-- People and enrolment (issue 8): each area appends its statements below its own comment line.
SELECT 1;
