import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Pagination,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  studentImportFields,
  studentImportMaxBytes,
  studentImportMaxRows,
} from "../../../common/schemas/student-import";
import { describeApiError, isApiError } from "../../api/errors";
import { useOpenInscriptionPeriods } from "../../api/inscriptions";
import {
  newProgressId,
  type StudentImportPreview,
  type StudentImportResult,
  type StudentImportRow,
  studentImportApi,
  useCheckStudentImport,
  useCommitStudentImport,
  useStudentImportProgress,
} from "../../api/student-import";
import { confirmAction, listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { StudentImportProgressBar } from "./StudentImportPageProgress";

const PAGE_SIZE = 50;
/** Short values kept on one line (a cédula or a date cut in two reads wrong). */
const NOWRAP = new Set<string>(["identity_document", "gender", "birth_date", "phone", "semester"]);
/** Refusals of the import the page explains itself (beside the preview), not in a toast. */
const SEAT_REFUSALS = new Set(["no_available_sections_for_inscription", "period_inscriptions_are_disabled"]);
/** Light alert titles are too pale on their tint (axe): titles in the body text colour. */
const TITLE_STYLES = { title: { color: "var(--mantine-color-text)" } };

/** What a refused call says: every message of a 422 (the file's, or each row's), else its description. */
function refusalMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const messages = error.errors ? Object.values(error.errors).flat() : [];
  return messages.length > 0 ? messages : [describeApiError(error)];
}

function PreviewTable({ rows }: { rows: StudentImportRow[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder>
      <Table.ScrollContainer
        minWidth={1300}
        // A wide table scrolls sideways: its viewport takes the focus, so the keyboard scrolls it too.
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: "region", "aria-label": t("studentImport.previewCaption") },
        }}
      >
        <Table striped verticalSpacing="xs">
          <Table.Caption style={{ captionSide: "top", textAlign: "start", padding: 8 }}>
            {t("studentImport.previewCaption")}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("studentImport.line")}</Table.Th>
              <Table.Th>{t("studentImport.errors")}</Table.Th>
              {studentImportFields.map((field) => (
                <Table.Th key={field}>{t(`studentImport.fields.${field}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const messages = Object.values(row.errors).flat();
              return (
                <Table.Tr key={row.line} bg={messages.length > 0 ? "red.0" : undefined}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td miw={260}>
                    {messages.length > 0 ? (
                      <List size="sm" c="red.9">
                        {messages.map((m) => (
                          <List.Item key={m}>{m}</List.Item>
                        ))}
                      </List>
                    ) : (
                      <Text size="sm">{t("studentImport.ok")}</Text>
                    )}
                  </Table.Td>
                  {studentImportFields.map((field) => (
                    <Table.Td
                      key={field}
                      c={row.errors[field] ? "red.9" : undefined}
                      fw={row.errors[field] ? 600 : undefined}
                      style={NOWRAP.has(field) ? { whiteSpace: "nowrap" } : undefined}
                    >
                      {row.values[field] ?? ""}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Preview({ preview }: { preview: StudentImportPreview }) {
  const { t } = useTranslation();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () => (onlyErrors ? preview.rows.filter((r) => Object.keys(r.errors).length > 0) : preview.rows),
    [preview, onlyErrors],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" role="status">
          <Badge color="teal.9" variant="filled" size="lg" tt="none">
            {t("studentImport.validCount", { count: preview.valid })}
          </Badge>
          <Badge color={preview.invalid > 0 ? "red.9" : "gray.7"} variant="filled" size="lg" tt="none">
            {t("studentImport.invalidCount", { count: preview.invalid })}
          </Badge>
        </Group>
        <Switch
          label={t("studentImport.onlyErrors")}
          checked={onlyErrors}
          disabled={preview.invalid === 0}
          onChange={(e) => {
            setOnlyErrors(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {preview.invalid > 0 ? (
        <Alert color="red" variant="light" styles={TITLE_STYLES} title={t("studentImport.hasErrors")}>
          <Text size="sm">{t("studentImport.fixAndRetry")}</Text>
        </Alert>
      ) : null}
      <PreviewTable rows={shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)} />
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          getControlProps={(control) =>
            control === "previous"
              ? { "aria-label": t("components.dataTable.previousPage") }
              : control === "next"
                ? { "aria-label": t("components.dataTable.nextPage") }
                : {}
          }
        />
      ) : null}
    </Stack>
  );
}

/** What the import did: how many students, and where the file's specializations inscribed them. */
function ImportDone({ result }: { result: StudentImportResult }) {
  const { t } = useTranslation();
  const period = result.placements[0]?.period.name ?? "";
  return (
    <Stack gap="xs">
      <Text size="sm">{t("studentImport.success", { count: result.created })}</Text>
      {result.inscribed > 0 ? (
        <>
          <Text size="sm">{t("studentImport.inscribed", { count: result.inscribed, period })}</Text>
          <List size="sm">
            {result.placements.map((p) => (
              <List.Item key={p.section.id}>
                {t("studentImport.placement", {
                  count: p.students,
                  specialization: p.specialization.title,
                  semester: p.semester.number,
                  section: p.section.code,
                })}
                {p.skipped_courses > 0
                  ? ` ${t("studentImport.skippedCourses", { count: p.skipped_courses })}`
                  : null}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * /students/import: an administrator picks a CSV or XLSX file, sees every row with its errors, and
 * imports all of it once no row has one (each new student is e-mailed the confirmation link).
 */
export function StudentImportPage() {
  const { t } = useTranslation();
  useBreadcrumbs([
    { label: t("students.list.title"), to: listReturnPath("/students") },
    { label: t("studentImport.title") },
  ]);
  const [file, setFile] = useState<File | null>(null);
  const [created, setCreated] = useState<StudentImportResult | null>(null);
  const check = useCheckStudentImport();
  const commit = useCommitStudentImport();
  const preview = check.data;
  // With two periods open (the current and the next) the user says which one rows with a specialization go to.
  const openPeriods = useOpenInscriptionPeriods().data ?? [];
  const [periodId, setPeriodId] = useState<string | null>(null);
  // The call under way, named so its progress can be followed (the bar below the file).
  const [tracked, setTracked] = useState<string | null>(null);
  const progress = useStudentImportProgress(tracked);
  const upload = (f: File, progressId: string | null = null) => ({
    file: f,
    periodId: periodId === null ? null : Number(periodId),
    progressId,
  });
  /** Checks the file again (the preview), following its progress. */
  const recheck = (f: File) => {
    const id = newProgressId();
    setTracked(id);
    check.mutate(upload(f, id), { onSettled: () => setTracked((now) => (now === id ? null : now)) });
  };

  const choose = (next: File | null) => {
    setFile(next);
    check.reset();
    commit.reset();
  };

  const review = () => {
    if (!file) return;
    commit.reset();
    recheck(file);
  };

  const importAll = async () => {
    if (!file || !preview) return;
    const inscribing = preview.rows.filter((r) => (r.values.specialization ?? "") !== "").length;
    const confirmed = await confirmAction({
      title: t("studentImport.confirmTitle"),
      message:
        inscribing > 0
          ? `${t("studentImport.confirm", { count: preview.valid })} ${t("studentImport.confirmInscribed", { count: inscribing })}`
          : t("studentImport.confirm", { count: preview.valid }),
    });
    if (!confirmed) return;
    const id = newProgressId();
    setTracked(id);
    try {
      const result = await commit.mutateAsync(upload(file, id));
      setCreated(result);
      toast.success(t("studentImport.success", { count: result.created }));
    } catch (error) {
      // Someone created one of these students, or took the seats, meanwhile: the preview shows who.
      if (isApiError(error) && (error.status === 422 || SEAT_REFUSALS.has(error.message))) {
        recheck(file);
        return;
      }
    }
    setTracked((now) => (now === id ? null : now));
  };

  const downloadTemplate = async () => {
    try {
      await studentImportApi.template();
    } catch {
      toast.error(t("studentImport.templateError"));
    }
  };

  if (created !== null)
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t("studentImport.title")}
        </Title>
        <Alert
          color="green"
          variant="light"
          styles={TITLE_STYLES}
          title={t("studentImport.successTitle")}
          role="status"
        >
          <ImportDone result={created} />
        </Alert>
        <Group>
          <Button component={Link} to="/students">
            {t("studentImport.backToList")}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setCreated(null);
              choose(null);
            }}
          >
            {t("studentImport.another")}
          </Button>
        </Group>
      </Stack>
    );

  const fileRefusal = check.isError ? refusalMessages(check.error) : [];
  const commitRefusal =
    commit.isError && isApiError(commit.error) ? (commit.error.description ?? null) : null;
  const canImport = !!preview && preview.invalid === 0 && preview.valid > 0 && !check.isPending;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("studentImport.title")}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">{t("studentImport.instructions.intro")}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t("studentImport.instructions.columns")}</List.Item>
            <List.Item>{t("studentImport.instructions.formats")}</List.Item>
            <List.Item>
              {t("studentImport.instructions.limits", {
                rows: studentImportMaxRows.toLocaleString("es-VE"),
                mb: studentImportMaxBytes / 1024 / 1024,
              })}
            </List.Item>
            <List.Item>{t("studentImport.instructions.inscription")}</List.Item>
            <List.Item>{t("studentImport.instructions.allOrNothing")}</List.Item>
          </List>
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void downloadTemplate()}
            >
              {t("studentImport.template")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {openPeriods.length === 1 ? (
        <Text size="sm">{t("studentImport.period", { period: openPeriods[0]!.name })}</Text>
      ) : null}
      {openPeriods.length > 1 ? (
        <Select
          label={t("studentImport.choosePeriod")}
          description={t("studentImport.choosePeriodHelp")}
          placeholder={t("studentImport.choosePeriodPlaceholder")}
          data={openPeriods.map((p) => ({
            value: String(p.id),
            label: t(p.enabled ? "inscriptions.form.periodCurrent" : "inscriptions.form.periodNext", {
              period: p.name,
            }),
          }))}
          value={periodId}
          onChange={(value) => {
            setPeriodId(value);
            check.reset();
            commit.reset();
          }}
          w={{ base: "100%", sm: 420 }}
        />
      ) : null}
      <Group align="flex-end" wrap="wrap">
        <FileInput
          label={t("studentImport.file")}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ "aria-label": t("studentImport.clearFile") }}
          w={{ base: "100%", sm: 420 }}
        />
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={!file}
          loading={check.isPending}
          onClick={review}
        >
          {t("studentImport.check")}
        </Button>
      </Group>
      {check.isPending ? (
        <StudentImportProgressBar action="check" progress={tracked ? progress : null} />
      ) : null}
      {fileRefusal.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          styles={TITLE_STYLES}
          title={t("studentImport.fileRefused")}
          role="alert"
        >
          <List size="sm">
            {fileRefusal.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {commitRefusal ? (
        <Alert
          color="red"
          variant="light"
          styles={TITLE_STYLES}
          title={t("studentImport.refused")}
          role="alert"
        >
          <Text size="sm">{commitRefusal}</Text>
        </Alert>
      ) : null}
      {preview && !check.isPending ? (
        <>
          <Preview key={check.submittedAt} preview={preview} />
          <Group>
            <Button disabled={!canImport} loading={commit.isPending} onClick={() => void importAll()}>
              {t("studentImport.import", { count: preview.valid })}
            </Button>
          </Group>
          {commit.isPending ? (
            <StudentImportProgressBar action="import" progress={tracked ? progress : null} />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
