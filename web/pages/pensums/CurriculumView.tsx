import { Box, Group, Paper, Stack, Text } from "@mantine/core";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PensumDetail } from "../../api/pensums";

type Arrow = { id: number; type: "total" | "partial"; from: number; to: number; d: string };

const COLORS = { total: "var(--mantine-color-blue-8)", partial: "var(--mantine-color-orange-8)" } as const;

/** The SVG path of a prelation from the right side of `a` to the left side of `b` (rects in the box's space). */
function arrowPath(a: DOMRect, b: DOMRect, fromOffset: number, toOffset: number): string {
  const y1 = a.top + a.height / 2 + fromOffset;
  const y2 = b.top + b.height / 2 + toOffset;
  if (b.left > a.right) {
    const x1 = a.right;
    const x2 = b.left - 2;
    const bend = Math.max(24, (x2 - x1) / 2);
    return `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`;
  }
  // Same column (or backwards, which the server refuses): a loop on the right side.
  const x = Math.max(a.right, b.right);
  return `M ${a.right} ${y1} C ${x + 40} ${y1}, ${x + 40} ${y2}, ${b.right + 2} ${y2}`;
}

/**
 * The pensum as an institute prints its curriculum: one column per semester (in order) with its courses
 * (code, title, credits), and the prelations drawn between them: from the required course to the course
 * that requires it, solid for total (must be passed), dashed for partial (must have been taken). The SVG
 * is decoration for sighted users; the same prelations are listed as text by the page.
 */
export function CurriculumView({ pensum }: { pensum: PensumDetail }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const cards = useRef(new Map<number, HTMLDivElement>());
  const [arrows, setArrows] = useState<Arrow[]>([]);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [focus, setFocus] = useState<number | null>(null);

  const measure = useCallback(() => {
    const container = box.current;
    if (!container) return;
    const origin = container.getBoundingClientRect();
    const rectOf = (id: number) => {
      const el = cards.current.get(id);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return new DOMRect(r.left - origin.left, r.top - origin.top, r.width, r.height);
    };
    // Spread the ends of several arrows on one side of a card so they do not overlap.
    const outgoing = new Map<number, number[]>();
    const incoming = new Map<number, number[]>();
    for (const p of pensum.prelations) {
      outgoing.set(p.required_course_id, [...(outgoing.get(p.required_course_id) ?? []), p.id]);
      incoming.set(p.course_id, [...(incoming.get(p.course_id) ?? []), p.id]);
    }
    const offset = (list: number[] | undefined, id: number) => {
      if (!list || list.length < 2) return 0;
      return (list.indexOf(id) - (list.length - 1) / 2) * 8;
    };
    const next: Arrow[] = [];
    for (const p of pensum.prelations) {
      const a = rectOf(p.required_course_id);
      const b = rectOf(p.course_id);
      if (!a || !b) continue;
      next.push({
        id: p.id,
        type: p.type,
        from: p.required_course_id,
        to: p.course_id,
        d: arrowPath(
          a,
          b,
          offset(outgoing.get(p.required_course_id), p.id),
          offset(incoming.get(p.course_id), p.id),
        ),
      });
    }
    setArrows(next);
    setSize({ width: container.scrollWidth, height: container.scrollHeight });
  }, [pensum]);

  useLayoutEffect(() => {
    measure();
    const container = box.current;
    if (!container || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(container);
    return () => observer.disconnect();
  }, [measure]);

  const related = (courseId: number) =>
    focus === null ||
    focus === courseId ||
    pensum.prelations.some(
      (p) =>
        (p.course_id === focus && p.required_course_id === courseId) ||
        (p.required_course_id === focus && p.course_id === courseId),
    );

  return (
    <Stack gap="xs">
      <Box style={{ overflowX: "auto" }} pb="xs">
        <Box ref={box} pos="relative" w="max-content" data-testid="curriculum">
          <Group align="stretch" gap={64} wrap="nowrap" p="xs">
            {pensum.semesters.map((semester) => (
              <Stack key={semester.id} gap="xs" w={210} data-testid="curriculum-semester">
                <Box ta="center" py={6} bg="var(--mantine-color-blue-light)" style={{ borderRadius: 6 }}>
                  <Text fw={700} size="sm">
                    {t("pensums.view.semester", { number: semester.number })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {semester.code} · {t("pensums.view.credits", { count: semester.credits })}
                  </Text>
                </Box>
                {semester.courses.length === 0 ? (
                  <Text size="xs" c="dimmed" ta="center">
                    {t("pensums.view.noCourses")}
                  </Text>
                ) : null}
                {semester.courses.map((course) => (
                  <Paper
                    key={course.id}
                    ref={(el) => {
                      if (el) cards.current.set(course.id, el);
                      else cards.current.delete(course.id);
                    }}
                    withBorder
                    p={8}
                    radius="sm"
                    tabIndex={0}
                    onMouseEnter={() => setFocus(course.id)}
                    onMouseLeave={() => setFocus(null)}
                    onFocus={() => setFocus(course.id)}
                    onBlur={() => setFocus(null)}
                    style={{
                      position: "relative",
                      zIndex: 1,
                      background: "var(--mantine-color-body)",
                      opacity: related(course.id) ? 1 : 0.45,
                      borderColor: focus === course.id ? "var(--mantine-color-blue-6)" : undefined,
                    }}
                    data-testid="curriculum-course"
                  >
                    <Group justify="space-between" gap={4} wrap="nowrap">
                      <Text size="xs" fw={700}>
                        {course.code}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("pensums.view.credits", { count: course.credits })}
                      </Text>
                    </Group>
                    <Text size="sm" lh={1.25}>
                      {course.title}
                    </Text>
                  </Paper>
                ))}
              </Stack>
            ))}
          </Group>
          <svg
            aria-hidden="true"
            width={size.width}
            height={size.height}
            // Beneath the cards: an arrow that skips a semester passes behind its cards instead of over their text.
            style={{ position: "absolute", inset: 0, pointerEvents: "none", zIndex: 0, overflow: "visible" }}
            data-testid="curriculum-arrows"
          >
            <defs>
              <marker
                id="prelation-total"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M 0 0 L 10 5 L 0 10 z" fill={COLORS.total} />
              </marker>
              <marker
                id="prelation-partial"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M 0 0 L 10 5 L 0 10" fill="none" stroke={COLORS.partial} strokeWidth="1.6" />
              </marker>
            </defs>
            {arrows.map((a) => {
              const lit = focus === null || focus === a.from || focus === a.to;
              return (
                <path
                  key={a.id}
                  d={a.d}
                  fill="none"
                  stroke={COLORS[a.type]}
                  strokeWidth={lit && focus !== null ? 2.6 : 1.8}
                  strokeDasharray={a.type === "partial" ? "6 4" : undefined}
                  markerEnd={`url(#prelation-${a.type})`}
                  opacity={lit ? 0.95 : 0.15}
                  data-prelation-type={a.type}
                />
              );
            })}
          </svg>
        </Box>
      </Box>
      <Group gap="lg">
        <Group gap={6}>
          <svg width="36" height="10" aria-hidden="true">
            <line x1="0" y1="5" x2="36" y2="5" stroke={COLORS.total} strokeWidth="2" />
          </svg>
          <Text size="xs">{t("pensums.view.legendTotal")}</Text>
        </Group>
        <Group gap={6}>
          <svg width="36" height="10" aria-hidden="true">
            <line
              x1="0"
              y1="5"
              x2="36"
              y2="5"
              stroke={COLORS.partial}
              strokeWidth="2"
              strokeDasharray="6 4"
            />
          </svg>
          <Text size="xs">{t("pensums.view.legendPartial")}</Text>
        </Group>
      </Group>
    </Stack>
  );
}
