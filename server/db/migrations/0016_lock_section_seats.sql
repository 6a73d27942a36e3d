-- Seats of sections counted under their row locks in one round trip (server/modules/inscriptions/seats.ts).
-- The locks are taken first (ascending id: the one lock order); the count is a later statement of a VOLATILE
-- function, so under READ COMMITTED it takes a fresh snapshot and sees every inscription committed by the
-- transactions that held the locks before. From the client, this was two statements with the lock held
-- across the round trip between them; on an enrolment morning the section's lock is the queue every seat
-- waits in.
CREATE TYPE "lock_section_seats_row" AS (
  seat_section_id integer,
  seat_code varchar,
  seat_period_id integer,
  seat_semester_id integer,
  seat_males_limit smallint,
  seat_females_limit smallint,
  seat_males bigint,
  seat_females bigint
);
--> statement-breakpoint
CREATE FUNCTION "lock_section_seats"(section_ids integer[], except_inscription integer)
  RETURNS SETOF "lock_section_seats_row"
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "sections" s WHERE s."id" = ANY(section_ids) ORDER BY s."id" FOR NO KEY UPDATE;
  RETURN QUERY
    SELECT s."id", s."code", s."period_id", s."semester_id", s."males_limit", s."females_limit",
      count(st."id") FILTER (WHERE st."gender" <> 'female'),
      count(st."id") FILTER (WHERE st."gender" = 'female')
    FROM "sections" s
    LEFT JOIN "inscriptions" i ON i."section_id" = s."id" AND i."status" = 'active'
      AND (except_inscription IS NULL OR i."id" <> except_inscription)
    LEFT JOIN "students" st ON st."id" = i."student_id"
    WHERE s."id" = ANY(section_ids)
    GROUP BY s."id"
    ORDER BY s."id";
END;
$$;
--> statement-breakpoint
-- The last step of an inscription on PostgreSQL (seats.ts, `holdSeatAndCommit`): the seats of a section
-- under its lock, the caller's own new inscription included, refused with an exception (which aborts the
-- transaction) when the gender's seats pass the limit. Sent together with COMMIT in one message, so the
-- section's lock is held for the server's own work only, never across a round trip to the application.
CREATE FUNCTION "hold_section_seat"(section_id integer, female boolean)
  RETURNS SETOF "lock_section_seats_row"
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  seats "lock_section_seats_row";
BEGIN
  SELECT * INTO seats FROM lock_section_seats(ARRAY[section_id], NULL);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'section_not_found_for_inscription';
  END IF;
  IF (female AND seats.seat_females > seats.seat_females_limit)
    OR (NOT female AND seats.seat_males > seats.seat_males_limit) THEN
    RAISE EXCEPTION 'section_is_filled_or_gender_is_filled' USING DETAIL = row_to_json(seats)::text;
  END IF;
  RETURN NEXT seats;
END;
$$;
