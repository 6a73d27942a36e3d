import { Alert, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { slotKey } from "../../../common/schedule/clashes";
import { weekdayIn } from "../../../common/time";
import { useMySchedule } from "../../api/my-schedule";
import { usePhone } from "../../components/phone";
import { type GridItem, WeeklyGrid } from "../../components/WeeklyGrid";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { DayView } from "./DayView";

/**
 * /profile/schedule ("Mi horario"; teachers, coordinators, students): the caller's week in the active
 * period, today's column marked (the school's time zone); on a phone one day at a time, today first
 * (DayView). A teacher sees section and course, a student course and section; both the classroom.
 */
/** A weekday's name inside a sentence: Spanish writes it in lower case ("Hoy es domingo"). */
const midSentence = (day: string, language: string) => (language.startsWith("es") ? day.toLowerCase() : day);

export function MySchedulePage() {
  const { t, i18n } = useTranslation();
  const { isStudent } = useSession();
  const grid = useMySchedule();
  const today = weekdayIn();
  const phone = usePhone();
  useBreadcrumbs([{ label: t("personSchedule.title") }]);
  const items = useMemo(() => {
    const map = new Map<string, GridItem[]>();
    for (const slot of grid.data?.slots ?? []) {
      const key = slotKey(slot.day, slot.class_hour_id);
      const item: GridItem = {
        key: `${slot.schedule_id}`,
        title: isStudent ? slot.course.title : `${slot.section.code} — ${slot.course.title}`,
        lines: [
          ...(isStudent ? [slot.section.code] : []),
          t("personSchedule.classroom", { code: slot.classroom.code }),
        ],
      };
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  }, [grid.data, isStudent, t]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("personSchedule.title")}
      </Title>
      {grid.isError ? (
        <Alert color="red" role="alert">
          {t("personSchedule.error")}
        </Alert>
      ) : !grid.data ? (
        <Center mih={200}>
          <Loader aria-label={t("common.loading")} />
        </Center>
      ) : (
        <>
          {grid.data.slots.length === 0 ? <Alert color="blue">{t("personSchedule.empty")}</Alert> : null}
          {phone ? (
            <DayView classHours={grid.data.class_hours} items={items} today={today} />
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t("personSchedule.todayIs", {
                  day: midSentence(t(`personSchedule.days.${today}`), i18n.language),
                })}
              </Text>
              <WeeklyGrid
                classHours={grid.data.class_hours}
                items={items}
                caption={t("personSchedule.caption")}
                today={today}
                compact={grid.data.slots.length > 0}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
