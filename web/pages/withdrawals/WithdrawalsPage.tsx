import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { isApiError } from "../../api/errors";
import {
  isWithdrawalRefusal,
  useChangeSection,
  useRetireStudent,
  useSemesterSections,
  useWithdrawalState,
  useWithdrawCourses,
  type WithdrawalState,
} from "../../api/withdrawals";
import { ConfirmDialog, SecureActionDialog, StudentSearchSelect, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";

type Pending = { kind: "courses" } | { kind: "section"; sectionId: number; code: string } | null;

/** The `student_id` of the address (a student's page links here with it), or null. */
const studentOf = (raw: string | null) => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /withdrawals (administrators): pick a student and retire them (secure confirmation: the typed
 * 12-character string), withdraw some of their courses, or move them to another section of the same
 * semester. Each answer, or the refusal with its reason, is shown in place. The chosen student lives in
 * the address (`?student_id=`), so a student's page can send them here chosen.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t("withdrawals.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  const studentId = studentOf(searchParams.get("student_id"));
  const setStudentId = (id: number | null) =>
    setSearchParams(id === null ? {} : { student_id: String(id) }, { replace: true });
  const [selected, setSelected] = useState<number[]>([]);
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [retiring, setRetiring] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const state = useWithdrawalState(studentId);
  const retire = useRetireStudent();
  const withdraw = useWithdrawCourses();
  const change = useChangeSection();
  const data = state.data;
  const inscription = data?.inscription ?? null;
  const sections = useSemesterSections(inscription?.period.id, inscription?.semester.id);
  const active = inscription?.status === "active";
  const name = data ? `${data.student.first_name} ${data.student.last_name}` : "";

  const run = async (action: () => Promise<WithdrawalState>) => {
    setOutcome(null);
    try {
      const next = await action();
      setOutcome({ ok: true, text: next.message });
      setSelected([]);
      setSectionId(null);
    } catch (error) {
      if (isApiError(error) && isWithdrawalRefusal(error)) {
        setOutcome({ ok: false, text: error.description ?? error.message });
      }
    } finally {
      setPending(null);
      setRetiring(false);
    }
  };

  const otherSections = (sections.data ?? []).filter((s) => s.id !== inscription?.section.id);
  const busy = retire.isPending || withdraw.isPending || change.isPending;

  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h3">
        {t("withdrawals.title")}
      </Title>
      <Text size="sm">{t("withdrawals.intro")}</Text>
      <StudentSearchSelect
        value={studentId}
        onChange={(s) => {
          setStudentId(s?.id ?? null);
          setSelected([]);
          setSectionId(null);
          setOutcome(null);
        }}
      />
      {outcome && (
        <Alert
          color={outcome.ok ? "green" : "red"}
          variant="light"
          role={outcome.ok ? "status" : "alert"}
          title={outcome.ok ? t("withdrawals.done") : t("withdrawals.refused")}
          // The light green title is too pale on its tint (axe): titles in the body text colour.
          styles={{ title: { color: "var(--mantine-color-text)" } }}
          icon={
            outcome.ok ? (
              <IconCircleCheck size={18} aria-hidden />
            ) : (
              <IconAlertTriangle size={18} aria-hidden />
            )
          }
        >
          {outcome.text}
        </Alert>
      )}
      {state.isFetching && !data && <Loader size="sm" aria-label={t("common.loading")} />}
      {data && studentId !== null && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {name} · {data.student.identity_document}
              </Title>
              <Badge
                color={data.student.status === "active" ? "green" : "gray"}
                variant="dot"
                miw="max-content"
              >
                {t(`withdrawals.studentStatus.${data.student.status}`, { defaultValue: data.student.status })}
              </Badge>
            </Group>
            {inscription ? (
              <Text size="sm">
                {t("withdrawals.inscription", {
                  semester: inscription.semester.code,
                  specialization: inscription.specialization.title,
                  section: inscription.section.code,
                  period: inscription.period.name,
                })}
                {!active && ` ${t("withdrawals.inscriptionRetired")}`}
              </Text>
            ) : (
              <Text size="sm">{t("withdrawals.noInscription")}</Text>
            )}

            {inscription && (
              <Checkbox.Group
                label={t("withdrawals.courses")}
                description={
                  inscription.specialization.is_basic
                    ? t("withdrawals.basicNote")
                    : t("withdrawals.coursesHelp")
                }
                value={selected.map(String)}
                onChange={(values) => setSelected(values.map(Number))}
              >
                <Stack gap={6} mt="xs">
                  {inscription.courses.map((c) => (
                    <Checkbox
                      key={c.course_section_id}
                      value={String(c.course_section_id)}
                      disabled={!active || c.status === "withdrawn"}
                      label={`${c.course.code} ${c.course.title}${
                        c.status === "withdrawn" ? ` (${t("withdrawals.withdrawn")})` : ""
                      }`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}

            {inscription && active && (
              <Group align="flex-end" wrap="wrap">
                <Select
                  label={t("withdrawals.newSection")}
                  placeholder={t("withdrawals.newSectionPlaceholder")}
                  data={otherSections.map((s) => ({
                    value: String(s.id),
                    label: t("withdrawals.sectionOption", {
                      code: s.code,
                      males: s.males_count,
                      malesLimit: s.males_limit,
                      females: s.females_count,
                      femalesLimit: s.females_limit,
                    }),
                  }))}
                  value={sectionId}
                  onChange={setSectionId}
                  nothingFoundMessage={t("withdrawals.noOtherSections")}
                  miw={280}
                />
                <Button
                  variant="default"
                  disabled={!sectionId || busy}
                  onClick={() => {
                    const s = otherSections.find((x) => String(x.id) === sectionId);
                    if (s) setPending({ kind: "section", sectionId: s.id, code: s.code });
                  }}
                >
                  {t("withdrawals.changeSection")}
                </Button>
              </Group>
            )}

            <Group justify="flex-end" wrap="wrap">
              <Button
                variant="default"
                disabled={!active || selected.length === 0 || busy}
                onClick={() => setPending({ kind: "courses" })}
              >
                {t("withdrawals.withdrawCourses")}
              </Button>
              <Button
                color="red"
                disabled={data.student.status === "retired" || busy}
                onClick={() => setRetiring(true)}
              >
                {t("withdrawals.retire")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <SecureActionDialog
        opened={retiring}
        onClose={() => setRetiring(false)}
        title={t("withdrawals.retireTitle")}
        description={t("withdrawals.retireDescription", {
          name,
          context: data?.student.gender === "female" ? "female" : undefined,
        })}
        loading={retire.isPending}
        onConfirm={() => studentId !== null && void run(() => retire.mutateAsync(studentId))}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending?.kind === "section" ? t("withdrawals.changeSection") : t("withdrawals.withdrawCourses")
        }
        message={
          pending?.kind === "section"
            ? t("withdrawals.confirmSection", { name, section: pending.code })
            : t("withdrawals.confirmCourses", { name, count: selected.length })
        }
        loading={withdraw.isPending || change.isPending}
        danger={pending?.kind === "courses"}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (studentId === null || pending === null) return;
          if (pending.kind === "courses") {
            void run(() => withdraw.mutateAsync({ studentId, courseSectionIds: selected }));
          } else {
            void run(() => change.mutateAsync({ studentId, sectionId: pending.sectionId }));
          }
        }}
      />
    </Stack>
  );
}
