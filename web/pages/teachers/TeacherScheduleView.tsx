import { Alert, Center, Loader } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { slotKey } from "../../../common/schedule/clashes";
import { weekdayIn } from "../../../common/time";
import { type Teacher, useTeacherSchedule } from "../../api/teachers";
import { type GridItem, WeeklyGrid } from "../../components/WeeklyGrid";
import { teacherName } from "./teacher-columns";

/** `/teachers/{id}/schedule`: the teacher's week in the current period (section, course, classroom). */
export function TeacherScheduleView({ teacher }: { teacher: Teacher }) {
  const { t } = useTranslation();
  const grid = useTeacherSchedule(teacher.id);
  const items = useMemo(() => {
    const map = new Map<string, GridItem[]>();
    for (const slot of grid.data?.slots ?? []) {
      const key = slotKey(slot.day, slot.class_hour_id);
      const item: GridItem = {
        key: `${slot.schedule_id}`,
        title: `${slot.section.code} — ${slot.course.title}`,
        lines: [t("teachers.schedule.classroom", { code: slot.classroom.code })],
      };
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  }, [grid.data, t]);

  if (grid.isError) return <Alert color="yellow">{t("teachers.schedule.error")}</Alert>;
  if (!grid.data)
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  return (
    <>
      {grid.data.slots.length === 0 ? <Alert color="blue">{t("teachers.schedule.empty")}</Alert> : null}
      <WeeklyGrid
        classHours={grid.data.class_hours}
        items={items}
        caption={t("teachers.schedule.caption", { name: teacherName(teacher) })}
        today={weekdayIn()}
      />
    </>
  );
}
