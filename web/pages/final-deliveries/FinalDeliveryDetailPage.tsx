import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  FileInput,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconDownload, IconPencil, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { access } from "../../../common/access";
import { formatLocalDateTime } from "../../../common/dates/format";
import { formatNote } from "../../../common/enrolment/progression";
import { hasRole } from "../../../common/roles";
import {
  type FinalDelivery,
  finalDeliveriesApi,
  useAddJury,
  useFinalDelivery,
  useFinalDeliveryStudents,
  useJuryCandidates,
  useRemoveJury,
  useUploadResource,
} from "../../api/final-deliveries";
import { confirmAction, DEBOUNCE_MS, listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { JuryGradeCell } from "./JuryGradeCell";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || "—"}</Text>
    </div>
  );
}

function JuryEditor({ delivery }: { delivery: FinalDelivery }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  const [picked, setPicked] = useState<string | null>(null);
  const candidates = useJuryCandidates(debounced);
  const add = useAddJury();
  const remove = useRemoveJury();
  const inJury = new Set(delivery.jury.map((j) => j.id));
  const options = (candidates.data ?? [])
    .filter((c) => !inJury.has(c.id))
    .map((c) => ({ value: String(c.id), label: `${c.last_name}, ${c.first_name}` }));
  const disabled = !delivery.jury_can_modify;
  return (
    <Stack gap="xs">
      {delivery.jury.length === 0 ? <Text c="dimmed">{t("finalDeliveries.jury.empty")}</Text> : null}
      {delivery.jury.map((j) => (
        <Group key={j.id} justify="space-between">
          <Text>
            {j.first_name} {j.last_name}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={disabled || remove.isPending}
            aria-label={t("finalDeliveries.jury.removeOf", { name: `${j.first_name} ${j.last_name}` })}
            onClick={async () => {
              const ok = await confirmAction({
                title: t("finalDeliveries.jury.removeTitle"),
                message: t("finalDeliveries.jury.removeConfirm", { name: `${j.first_name} ${j.last_name}` }),
                danger: true,
              });
              if (!ok) return;
              try {
                await remove.mutateAsync({ id: delivery.id, teacherId: j.id });
                toast.success(t("finalDeliveries.jury.removed"));
              } catch {
                // shown by the HTTP client
              }
            }}
          >
            {t("finalDeliveries.jury.remove")}
          </Button>
        </Group>
      ))}
      <Group align="flex-end" gap="xs">
        <Select
          label={t("finalDeliveries.jury.teacher")}
          placeholder={t("finalDeliveries.jury.searchTeacher")}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={t("finalDeliveries.jury.typeToSearch")}
          data={options}
          value={picked}
          onChange={setPicked}
          disabled={disabled}
          style={{ flex: 1 }}
        />
        <Button
          disabled={disabled || picked === null}
          loading={add.isPending}
          onClick={async () => {
            if (picked === null) return;
            try {
              await add.mutateAsync({ id: delivery.id, teacherId: Number(picked) });
              toast.success(t("finalDeliveries.jury.added"));
              setPicked(null);
              setSearch("");
            } catch {
              // shown by the HTTP client
            }
          }}
        >
          {t("finalDeliveries.jury.add")}
        </Button>
      </Group>
    </Stack>
  );
}

/** /final-deliveries/:delivery_id: the delivery, its jury, and each student's notes and average. */
export function FinalDeliveryDetailPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const id = Number(useParams().delivery_id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const delivery = useFinalDelivery(validId);
  const students = useFinalDeliveryStudents(validId);
  const upload = useUploadResource();
  const [file, setFile] = useState<File | null>(null);
  const canWrite = user ? hasRole(user.type, access.finalDeliveriesWrite) : false;
  const myTeacherId = user?.teacher?.id;
  useBreadcrumbs([
    { label: t("finalDeliveries.list.title"), to: listReturnPath("/final-deliveries") },
    { label: delivery.data?.code ?? "" },
  ]);

  if (!delivery.data) {
    return delivery.isError || validId === undefined ? (
      <Alert color="yellow" title={t("finalDeliveries.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/final-deliveries")}>
          {t("finalDeliveries.edit.backToList")}
        </Anchor>
      </Alert>
    ) : (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  const d = delivery.data;
  const amJuror = myTeacherId !== undefined && d.jury.some((j) => j.id === myTeacherId);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t("finalDeliveries.detail.title", { code: d.code })}
        </Title>
        {canWrite && !d.closed ? (
          <Button
            component={Link}
            to={`/final-deliveries/update/${d.id}`}
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t("common.edit")}
          </Button>
        ) : null}
      </Group>
      {d.closed ? (
        <Alert color="yellow" title={t("finalDeliveries.detail.deliveryClosedTitle")}>
          {t("finalDeliveries.detail.deliveryClosed")}
        </Alert>
      ) : !d.jury_can_modify ? (
        <Alert color="yellow" title={t("finalDeliveries.detail.closedTitle")}>
          {t("finalDeliveries.detail.closed")}
        </Alert>
      ) : null}
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t("finalDeliveries.fields.course")} value={`${d.course.code} ${d.course.title}`} />
          <Fact label={t("finalDeliveries.fields.section")} value={d.section.code} />
          <Fact label={t("finalDeliveries.fields.title")} value={d.title ?? ""} />
          <Fact
            label={t("finalDeliveries.fields.deliveryAt")}
            value={formatLocalDateTime(d.delivery_at_local)}
          />
          <Fact label={t("finalDeliveries.fields.percent")} value={`${d.final_delivery_value_percent} %`} />
          <Fact label={t("finalDeliveries.fields.students")} value={String(d.students_count)} />
        </SimpleGrid>
        {d.description ? <Text mt="md">{d.description}</Text> : null}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          {t("finalDeliveries.fields.scheduledContent")}
        </Title>
        <Text mb="sm">{d.scheduled_content || "—"}</Text>
        <Group align="flex-end">
          {d.scheduled_content_resource ? (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void finalDeliveriesApi.downloadResource(d).catch(() => undefined)}
            >
              {t("finalDeliveries.detail.download")}
            </Button>
          ) : null}
          {canWrite ? (
            <>
              <FileInput
                label={t("finalDeliveries.fields.resource")}
                description={t("finalDeliveries.detail.resourceHelp")}
                accept=".pdf,.doc,.docx,.txt,.png,.jpg,.jpeg"
                value={file}
                onChange={setFile}
                clearable
                w={320}
              />
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={file === null}
                loading={upload.isPending}
                onClick={async () => {
                  if (!file) return;
                  try {
                    await upload.mutateAsync({ id: d.id, file });
                    toast.success(t("finalDeliveries.detail.uploaded"));
                    setFile(null);
                  } catch {
                    // 422 with the Spanish message, shown by the HTTP client
                  }
                }}
              >
                {t("finalDeliveries.detail.upload")}
              </Button>
            </>
          ) : null}
        </Group>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          {t("finalDeliveries.fields.jury")}
        </Title>
        {canWrite ? (
          <JuryEditor delivery={d} />
        ) : (
          <Group gap="xs">
            {d.jury.length === 0 ? <Text c="dimmed">{t("finalDeliveries.jury.empty")}</Text> : null}
            {d.jury.map((j) => (
              <Badge key={j.id} variant="light" color="gray" c="dark">
                {j.first_name} {j.last_name}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          {t("finalDeliveries.detail.students")}
        </Title>
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("finalDeliveries.detail.identity")}</Table.Th>
                <Table.Th>{t("finalDeliveries.detail.student")}</Table.Th>
                {d.jury.map((j) => (
                  <Table.Th key={j.id}>
                    {j.first_name} {j.last_name}
                  </Table.Th>
                ))}
                <Table.Th>{t("finalDeliveries.detail.average")}</Table.Th>
                <Table.Th>{t("finalDeliveries.detail.cover")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(students.data ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.identity_document}</Table.Td>
                  <Table.Td>
                    {s.last_name}, {s.first_name}
                  </Table.Td>
                  {d.jury.map((j) => {
                    const note = s.notes.find((n) => n.teacher_id === j.id)?.note;
                    return (
                      <Table.Td key={j.id}>
                        {amJuror && j.id === myTeacherId ? (
                          <JuryGradeCell
                            deliveryId={d.id}
                            teacherId={j.id}
                            student={s}
                            note={note}
                            disabled={!d.jury_can_modify}
                          />
                        ) : note === null || note === undefined ? (
                          "—"
                        ) : (
                          formatNote(note)
                        )}
                      </Table.Td>
                    );
                  })}
                  <Table.Td>{s.average === null ? "—" : formatNote(s.average)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      aria-label={t("finalDeliveries.detail.coverOf", {
                        name: `${s.first_name} ${s.last_name}`,
                      })}
                      onClick={() => void finalDeliveriesApi.downloadCover(d.id, s.id).catch(() => undefined)}
                    >
                      {t("finalDeliveries.detail.cover")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
