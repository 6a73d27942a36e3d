import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconCopy, IconPencil } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { type PensumDetail, useNewPensumVersion, usePensum } from "../../api/pensums";
import { confirmAction, listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { CurriculumView } from "./CurriculumView";
import { RefusalDialog, useRefusal } from "./RefusalDialog";

/** The prelations as text: the accessible twin of the drawn arrows. */
function PrelationList({ pensum }: { pensum: PensumDetail }) {
  const { t } = useTranslation();
  const courses = new Map(pensum.semesters.flatMap((s) => s.courses.map((c) => [c.id, c] as const)));
  const name = (id: number) => {
    const c = courses.get(id);
    return c ? `${c.code} ${c.title}` : String(id);
  };
  if (pensum.prelations.length === 0) return <Text size="sm">{t("pensums.view.noPrelations")}</Text>;
  return (
    <List size="sm" spacing={4} data-testid="prelation-list">
      {pensum.prelations.map((p) => (
        <List.Item key={p.id}>
          {t(p.type === "total" ? "pensums.view.requiresTotal" : "pensums.view.requiresPartial", {
            course: name(p.course_id),
            required: name(p.required_course_id),
          })}
        </List.Item>
      ))}
    </List>
  );
}

/** /pensums/:id: the curriculum in semester columns with its prelations, its versions and periods. */
export function PensumDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can("pensums.write");
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const pensum = usePensum(validId);
  const newVersion = useNewPensumVersion();
  const refusal = useRefusal();
  const p = pensum.data;
  useBreadcrumbs([
    { label: t("pensums.list.title"), to: listReturnPath("/pensums") },
    { label: p ? `${p.name} v${p.version}` : "" },
  ]);

  const copy = async (source: PensumDetail) => {
    const confirmed = await confirmAction({
      title: t("pensums.version.title"),
      message: t("pensums.version.confirm", { name: source.name, version: source.version }),
    });
    if (!confirmed) return;
    let created: PensumDetail | undefined;
    if (await refusal.run(async () => (created = await newVersion.mutateAsync(source.id)))) {
      toast.success(t("pensums.version.success", { version: created!.version }));
      await navigate(`/pensums/${created!.id}/edit`);
    }
  };

  let body: ReactNode;
  if (p) {
    const totalCredits = p.semesters.reduce((sum, s) => sum + s.credits, 0);
    body = (
      <>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="lg" fw={700}>
              {p.specialization.title}
            </Text>
            <Group gap="xs">
              <Text size="sm">{p.name}</Text>
              <Badge variant="light">{t("pensums.fields.versionN", { version: p.version })}</Badge>
              {p.enabled ? null : <Badge color="gray">{t("pensums.state.disabled")}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {t("pensums.view.summary", {
                semesters: p.semesters_count,
                courses: p.courses_count,
                credits: totalCredits,
              })}
            </Text>
          </Stack>
          {canWrite ? (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                component={Link}
                to={`/pensums/${p.id}/edit`}
              >
                {t("common.edit")}
              </Button>
              <Button
                leftSection={<IconCopy size={16} aria-hidden />}
                loading={newVersion.isPending}
                onClick={() => void copy(p)}
              >
                {t("pensums.version.button")}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Paper withBorder p="sm">
          {p.semesters.length === 0 ? (
            <Text size="sm">{t("pensums.view.noSemesters")}</Text>
          ) : (
            <CurriculumView pensum={p} />
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="xs">
            {t("pensums.view.prelationsTitle")}
          </Title>
          <PrelationList pensum={p} />
        </Paper>
        <Group align="flex-start" gap="xl">
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t("pensums.view.versionsTitle")}
            </Title>
            <Group gap="xs">
              {p.versions.map((v) =>
                v.id === p.id ? (
                  <Badge key={v.id}>{t("pensums.fields.versionN", { version: v.version })}</Badge>
                ) : (
                  <Anchor key={v.id} component={Link} to={`/pensums/${v.id}`} size="sm">
                    {t("pensums.fields.versionN", { version: v.version })}
                  </Anchor>
                ),
              )}
            </Group>
          </Stack>
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t("pensums.view.periodsTitle")}
            </Title>
            <Text size="sm">
              {p.periods.length === 0
                ? t("pensums.view.noPeriods")
                : p.periods.map((x) => `${x.year}-${x.number}`).join(", ")}
            </Text>
          </Stack>
        </Group>
      </>
    );
  } else if (pensum.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("pensums.detail.notFound")}>
        <Anchor component={Link} to={listReturnPath("/pensums")}>
          {t("pensums.detail.backToList")}
        </Anchor>
      </Alert>
    );
  } else {
    body = (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("pensums.detail.title")}
      </Title>
      {body}
      <RefusalDialog title={t("pensums.refusal.title")} message={refusal.message} onClose={refusal.close} />
    </Stack>
  );
}
