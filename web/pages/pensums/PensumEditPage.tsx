import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCopy, IconEye, IconPlus } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import {
  type PensumDetail,
  useCourseOptions,
  useNewPensumVersion,
  usePensum,
  useUpdatePensum,
} from "../../api/pensums";
import { useCreateSemester } from "../../api/semesters";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { RefusalDialog, useRefusal } from "./RefusalDialog";
import { SemesterEditor } from "./SemesterEditor";

function PensumEditor({ pensum, run }: { pensum: PensumDetail; run: ReturnType<typeof useRefusal>["run"] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState(pensum.name);
  const [enabled, setEnabled] = useState(pensum.enabled);
  const [newCode, setNewCode] = useState("");
  const update = useUpdatePensum();
  const createSemester = useCreateSemester();
  const newVersion = useNewPensumVersion();
  const courses = useCourseOptions();
  const inUse = pensum.periods.length > 0;

  const saveHeader = async () => {
    if (await run(() => update.mutateAsync({ id: pensum.id, payload: { name: name.trim(), enabled } })))
      toast.success(t("pensums.edit.success"));
  };
  const addSemester = async () => {
    const code = newCode.trim() || `${pensum.specialization.code}-S${pensum.semesters.length + 1}`;
    if (await run(() => createSemester.mutateAsync({ pensum_id: pensum.id, code }))) {
      setNewCode("");
      toast.success(t("pensums.edit.semesterAdded"));
    }
  };
  const copy = async () => {
    let id = 0;
    if (await run(async () => (id = (await newVersion.mutateAsync(pensum.id)).id))) {
      toast.success(t("pensums.version.created"));
      await navigate(`/pensums/${id}/edit`);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="lg" maw={640}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {pensum.specialization.title} · {t("pensums.fields.versionN", { version: pensum.version })}
          </Text>
          <TextInput
            label={t("pensums.fields.name")}
            withAsterisk
            maxLength={150}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Switch
            label={t("pensums.fields.enabled")}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              component={Link}
              to={`/pensums/${pensum.id}`}
              leftSection={<IconEye size={16} aria-hidden />}
            >
              {t("pensums.edit.viewPensum")}
            </Button>
            <Button
              onClick={() => void saveHeader()}
              loading={update.isPending}
              disabled={name.trim() === "" || (name.trim() === pensum.name && enabled === pensum.enabled)}
            >
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {inUse ? (
        <Alert color="blue" title={t("pensums.edit.inUseTitle")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t("pensums.edit.inUse", {
                periods: pensum.periods.map((x) => `${x.year}-${x.number}`).join(", "),
              })}
            </Text>
            <Button
              size="xs"
              leftSection={<IconCopy size={14} aria-hidden />}
              loading={newVersion.isPending}
              onClick={() => void copy()}
            >
              {t("pensums.version.button")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Title order={2} size="h4">
        {t("pensums.edit.semestersTitle")}
      </Title>
      {pensum.semesters.length === 0 ? <Text size="sm">{t("pensums.view.noSemesters")}</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {pensum.semesters.map((s) => (
          <SemesterEditor
            key={`${s.id}:${s.courses_ids.join(",")}:${s.code}`}
            pensum={pensum}
            semester={s}
            courses={courses.data ?? []}
            run={run}
          />
        ))}
      </SimpleGrid>
      <Paper withBorder p="md" maw={640}>
        <Group align="flex-end">
          <TextInput
            label={t("pensums.edit.newSemesterCode")}
            placeholder={`${pensum.specialization.code}-S${pensum.semesters.length + 1}`}
            maxLength={20}
            value={newCode}
            onChange={(e) => setNewCode(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={createSemester.isPending}
            onClick={() => void addSemester()}
          >
            {t("pensums.edit.addSemester")}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

/** /pensums/:id/edit: name and state, the semesters in order and their courses; a used pensum gets a new version. */
export function PensumEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const pensum = usePensum(validId);
  const refusal = useRefusal();
  const p = pensum.data;
  useBreadcrumbs([
    { label: t("pensums.list.title"), to: listReturnPath("/pensums") },
    { label: p ? `${p.name} v${p.version}` : "", ...(p ? { to: `/pensums/${p.id}` } : {}) },
    { label: t("pensums.edit.title") },
  ]);

  let body: ReactNode;
  if (p) body = <PensumEditor key={p.id} pensum={p} run={refusal.run} />;
  else if (pensum.isError || validId === undefined)
    body = (
      <Alert color="yellow" title={t("pensums.detail.notFound")}>
        <Anchor component={Link} to={listReturnPath("/pensums")}>
          {t("pensums.detail.backToList")}
        </Anchor>
      </Alert>
    );
  else
    body = (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("pensums.edit.title")}
      </Title>
      {body}
      <RefusalDialog title={t("pensums.refusal.title")} message={refusal.message} onClose={refusal.close} />
    </Stack>
  );
}
