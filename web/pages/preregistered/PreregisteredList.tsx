import { Box, Button, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCheck, IconEye, IconPencil, IconSchool, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { usePeriods } from "../../api/periods";
import {
  type PreregisteredFilters,
  type PreregisteredStudent,
  preregisteredQuery,
  useConfirmPreregistered,
  useDeletePreregistered,
  usePreregisteredStudents,
} from "../../api/preregistered-students";
import {
  bindListParams,
  confirmAction,
  DataTable,
  DEFAULT_LIST_PARAMS,
  type ListParams,
  PeriodSelector,
  toast,
} from "../../components";
import { useSession } from "../../session/useSession";
import { approvalQuestion, showApprovalRefusal } from "./approval-dialogs";
import { PreregisteredDetails } from "./PreregisteredDetails";
import { PreregisteredEditDialog } from "./PreregisteredEditDialog";
import { preregisteredColumns } from "./preregistered-columns";

type StatusChoice = "pending" | "approved" | "all";

/**
 * The pre-registered students (people who sent the public /preinscription form), for the inscriptions
 * area: search, period and status filters, CSV export, details; administrators correct a pending one,
 * approve it ("¿Aprobar?"),
 * which creates the account and the student and e-mails the confirmation link, then may inscribe them
 * at once (/inscriptions/{preinscription_id}), or delete one still pending. Its list state is its own
 * (not the address), so it can sit in a tab of another page.
 */
export function PreregisteredList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can("inscriptions.write");
  const [params, setParams] = useState<ListParams>(DEFAULT_LIST_PARAMS);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [status, setStatus] = useState<StatusChoice>("pending");
  const [shown, setShown] = useState<PreregisteredStudent | null>(null);
  const [editing, setEditing] = useState<PreregisteredStudent | null>(null);
  const filters: PreregisteredFilters = { periodId, status: status === "all" ? null : status };
  const periods = usePeriods();
  const list = usePreregisteredStudents(params, filters);
  const columns = useMemo(() => preregisteredColumns(t), [t]);
  const confirm = useConfirmPreregistered();
  const remove = useDeletePreregistered();

  const offerInscription = (student: PreregisteredStudent) =>
    modals.openConfirmModal({
      title: t("preregistered.approve.doneTitle"),
      children: (
        <Text size="sm">
          {t("preregistered.approve.done", { name: `${student.first_name} ${student.last_name}` })}
        </Text>
      ),
      labels: { confirm: t("preregistered.approve.inscribeNow"), cancel: t("preregistered.approve.later") },
      onConfirm: () => void navigate(`/inscriptions/${student.id}`),
    });

  const approve = async (student: PreregisteredStudent) => {
    const confirmed = await confirmAction({
      title: t("preregistered.approve.title"),
      message: approvalQuestion(t, student),
    });
    if (!confirmed) return;
    try {
      const approved = await confirm.mutateAsync(student.id);
      toast.success(t("preregistered.approve.success"));
      offerInscription(approved);
    } catch (error) {
      // An e-mail or cédula already on file is explained here; anything else by the HTTP client.
      showApprovalRefusal({ t, student, error, onCorrect: () => setEditing(student) });
    }
  };

  const onDelete = async (student: PreregisteredStudent) => {
    const confirmed = await confirmAction({
      title: t("preregistered.delete.title"),
      message: t("preregistered.delete.confirm", { name: `${student.first_name} ${student.last_name}` }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(student.id);
      toast.success(t("preregistered.delete.success"));
    } catch {
      // Shown by the HTTP client.
    }
  };

  const actions = (student: PreregisteredStudent) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEye size={14} aria-hidden />}
        onClick={() => setShown(student)}
        aria-label={t("preregistered.actions.detailsOf", {
          name: `${student.first_name} ${student.last_name}`,
        })}
      >
        {t("preregistered.actions.details")}
      </Button>
      {canWrite && student.status === "pending" && (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            color="teal"
            leftSection={<IconCheck size={14} aria-hidden />}
            disabled={confirm.isPending}
            onClick={() => void approve(student)}
          >
            {t("preregistered.actions.approve")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing(student)}
          >
            {t("preregistered.edit.action")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={remove.isPending}
            onClick={() => void onDelete(student)}
          >
            {t("common.delete")}
          </Button>
        </>
      )}
      {canWrite && student.status === "approved" && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconSchool size={14} aria-hidden />}
          component={Link}
          to={`/inscriptions/${student.id}`}
        >
          {t("preregistered.actions.inscribe")}
        </Button>
      )}
    </Group>
  );

  return (
    // A named region, so a page holding several lists (the inscriptions area) keeps them apart.
    <Box component="section" aria-label={t("preregistered.title")}>
      <Stack gap="md">
        <Group align="flex-end" gap="md">
          <PeriodSelector
            periods={periods.data}
            value={periodId}
            onChange={(id) => {
              setPeriodId(id);
              setParams((p) => ({ ...p, page: 1 }));
            }}
            autoSelect={false}
            allowDeselect
            clearable
            placeholder={t("preregistered.filters.allPeriods")}
            w={200}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="preregistered-status-label">
              {t("preregistered.filters.status")}
            </Text>
            <SegmentedControl
              aria-labelledby="preregistered-status-label"
              value={status}
              onChange={(value) => {
                setStatus(value as StatusChoice);
                setParams((p) => ({ ...p, page: 1 }));
              }}
              data={[
                { value: "pending", label: t("preregistered.filters.pending") },
                { value: "approved", label: t("preregistered.filters.approved") },
                { value: "all", label: t("preregistered.filters.all") },
              ]}
            />
          </Stack>
        </Group>
        <DataTable<PreregisteredStudent>
          columns={columns}
          records={list.data?.data}
          total={list.data?.meta.total ?? 0}
          fetching={list.isFetching}
          error={list.isError}
          onRetry={() => void list.refetch()}
          storageKey="preregistered-students"
          csvExport={{
            url: "/preregistered-students",
            params: preregisteredQuery(params, filters),
            filename: "preinscripciones",
          }}
          {...bindListParams(params, setParams)}
          actions={actions}
        />
        <PreregisteredDetails student={shown} onClose={() => setShown(null)} />
        <PreregisteredEditDialog student={editing} onClose={() => setEditing(null)} />
      </Stack>
    </Box>
  );
}
