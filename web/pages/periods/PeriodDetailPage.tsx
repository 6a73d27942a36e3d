import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconCash, IconCheck, IconPencil, IconWand } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { responsibleRoles } from "../../../common/schemas/periods";
import {
  type PeriodDetail,
  useAttachPensum,
  useEnabledPeriod,
  usePeriod,
  useUpdatePeriod,
} from "../../api/periods";
import { listReturnPath, SecureActionDialog, toast } from "../../components";
import { schoolToday } from "../../components/payment-report/fee-state";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { AttachPensumDialog } from "./AttachPensumDialog";
import { InscriptionToggles } from "./InscriptionToggles";
import { formatMoney, stateColor, stateLabel } from "./period-labels";
import { RefusalDialog } from "./RefusalDialog";
import { useRefusal } from "./use-refusal";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * /periods/:id: the period's data, the pensum of each specialization (attach while the period has not
 * started), enabling it, and the inscription switches (current or next period only). Reads: admin group;
 * writes: admin.
 */
export function PeriodDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const period = usePeriod(validId);
  useBreadcrumbs([
    { label: t("periods.list.title"), to: listReturnPath("/periods") },
    { label: period.data?.name ?? "" },
  ]);

  if (period.data) return <PeriodView period={period.data} />;
  if (period.isError || validId === undefined) {
    return (
      <Alert color="yellow" title={t("periods.detail.notFound")}>
        <Anchor component={Link} to={listReturnPath("/periods")}>
          {t("periods.detail.backToList")}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Center mih={200}>
      <Loader aria-label={t("common.loading")} />
    </Center>
  );
}

function PeriodView({ period }: { period: PeriodDetail }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("periods.write");
  const refusal = useRefusal();
  const update = useUpdatePeriod();
  const attach = useAttachPensum();
  const [attaching, setAttaching] = useState<PeriodDetail["specializations"][number] | null>(null);
  const [enabling, setEnabling] = useState(false);
  const current = useEnabledPeriod();
  const readOnly = period.state === "older";
  // Only the next period may be enabled (the server refuses any other); with no current one, any.
  const enableable = !period.enabled && (period.state === "next" || current.data === null);
  const canAttach = canWrite && !period.enabled && period.start_date > schoolToday();
  const missing = period.specializations.filter((s) => s.pensum === null).length;

  const enable = async () => {
    setEnabling(false);
    if (await refusal.run(() => update.mutateAsync({ id: period.id, payload: { enabled: true } }))) {
      toast.success(t("periods.enable.success", { name: period.name }));
    }
  };

  const attachPensum = async (pensumId: number) => {
    const ok = await refusal.run(() => attach.mutateAsync({ id: period.id, pensumId }));
    if (ok) {
      toast.success(t("periods.pensums.attached"));
      setAttaching(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} size="h3">
            {t("periods.detail.title", { name: period.name })}
          </Title>
          <Badge
            color={stateColor[period.state]}
            variant="dot"
            miw="max-content"
            style={{ overflow: "visible" }}
          >
            {stateLabel(t, period.state)}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCash size={16} aria-hidden />}
            component={Link}
            to={`/periods/detailsPayments/${period.id}`}
          >
            {t("priceSettings.list.link")}
          </Button>
          {canWrite && !readOnly ? (
            <>
              {enableable ? (
                <Button
                  leftSection={<IconCheck size={16} aria-hidden />}
                  onClick={() => setEnabling(true)}
                  loading={update.isPending}
                  disabled={current.isPending}
                >
                  {t("periods.enable.action")}
                </Button>
              ) : null}
              <Button
                variant="default"
                leftSection={<IconWand size={16} aria-hidden />}
                component={Link}
                to={`/periods/${period.id}/timetable`}
              >
                {t("timetable.title")}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                component={Link}
                to={`/periods/make?update=${period.id}`}
              >
                {t("common.edit")}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      {readOnly ? (
        <Alert color="gray" title={t("periods.detail.readOnlyTitle")}>
          {t("periods.detail.readOnly")}
        </Alert>
      ) : null}
      {canWrite && !readOnly && !period.enabled && !enableable && current.data ? (
        <Text size="sm" c="dimmed">
          {t("periods.enable.onlyNext", { current: current.data.name })}
        </Text>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t("periods.detail.data")}
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <Field label={t("periods.fields.start_date")}>{formatDate(period.start_date)}</Field>
              <Field label={t("periods.fields.end_date")}>{formatDate(period.end_date)}</Field>
              <Field label={t("periods.fields.first_cut")}>
                {formatDate(period.first_cut_start_date)} – {formatDate(period.first_cut_end_date)}
              </Field>
              <Field label={t("periods.fields.second_cut")}>
                {formatDate(period.second_cut_start_date)} – {formatDate(period.second_cut_end_date)}
              </Field>
              <Field label={t("periods.fields.first_half_end_date")}>
                {formatDate(period.first_half_end_date)}
              </Field>
              <Field label={t("periods.fields.second_half_end_date")}>
                {formatDate(period.second_half_end_date)}
              </Field>
              <Field label={t("periods.fields.pending_evaluations_fc_reminder_date")}>
                {formatDate(period.pending_evaluations_fc_reminder_date)}
              </Field>
              <Field label={t("periods.fields.pending_evaluations_sc_reminder_date")}>
                {formatDate(period.pending_evaluations_sc_reminder_date)}
              </Field>
              <Field label={t("periods.fields.weeks_length")}>{period.weeks_length}</Field>
              <Field label={t("periods.fields.semesterPrice")}>{formatMoney(period.semester_price_e2)}</Field>
              <Field label={t("periods.fields.approval_minimum_note")}>{period.approval_minimum_note}</Field>
              <Field label={t("periods.fields.approval_minimum_avg")}>{period.approval_minimum_avg}</Field>
              <Field label={t("periods.fields.low_performance_note")}>{period.low_performance_note}</Field>
              <Field label={t("periods.fields.high_performance_note")}>{period.high_performance_note}</Field>
            </SimpleGrid>
          </Stack>
        </Paper>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t("periods.detail.inscriptions")}
              </Title>
              <InscriptionToggles period={period} canWrite={canWrite} run={refusal.run} />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t("periods.form.responsibles")}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {responsibleRoles.map((role) => {
                  const p = period.responsibles[role];
                  return (
                    <Field key={role} label={t(`periods.responsibles.${role}`)}>
                      {p ? [p.name, p.title].filter(Boolean).join(" — ") : "—"}
                    </Field>
                  );
                })}
              </SimpleGrid>
            </Stack>
          </Paper>
        </Stack>
      </SimpleGrid>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t("periods.pensums.title")}
          </Title>
          {missing > 0 && !period.enabled ? (
            <Text size="sm" c="dimmed">
              {t("periods.pensums.missing", { count: missing })}
            </Text>
          ) : null}
          {canWrite && !canAttach && !readOnly ? (
            <Text size="sm" c="dimmed">
              {t("periods.pensums.locked")}
            </Text>
          ) : null}
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("periods.pensums.specialization")}</Table.Th>
                  <Table.Th>{t("periods.pensums.pensum")}</Table.Th>
                  {canAttach ? <Table.Th>{t("periods.pensums.actions")}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {period.specializations.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      {s.title}
                      {s.is_basic ? (
                        <Text span size="xs" c="dimmed">
                          {" "}
                          ({t("periods.pensums.basic")})
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {s.pensum
                        ? t("periods.pensums.option", { name: s.pensum.name, version: s.pensum.version })
                        : t("periods.pensums.unassigned")}
                    </Table.Td>
                    {canAttach ? (
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setAttaching(s)}
                          aria-label={t(
                            s.pensum ? "periods.pensums.changeFor" : "periods.pensums.attachFor",
                            {
                              specialization: s.title,
                            },
                          )}
                        >
                          {s.pensum ? t("periods.pensums.change") : t("periods.pensums.attach")}
                        </Button>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>

      <AttachPensumDialog
        specialization={attaching}
        pending={attach.isPending}
        onClose={() => setAttaching(null)}
        onAttach={(pensumId) => void attachPensum(pensumId)}
      />
      <SecureActionDialog
        opened={enabling}
        onClose={() => setEnabling(false)}
        title={t("periods.enable.title")}
        description={
          current.data
            ? t("periods.enable.replaces", { name: period.name, current: current.data.name })
            : t("periods.enable.first", { name: period.name })
        }
        loading={update.isPending}
        onConfirm={() => void enable()}
      />
      <RefusalDialog message={refusal.refusal} title={t("periods.refused.title")} onClose={refusal.close} />
    </Stack>
  );
}
