import { Badge, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SchoolSetup, SetupStep } from "../../api/dashboard";

type StepLink = { to: string; label: string };

/**
 * Where each step is done: the page that creates its first record while there is none, the list (or the
 * period's page, where pensums are assigned) once there is some.
 */
function stepLinks(step: SetupStep, period: SchoolSetup["period"]): StepLink[] {
  const none = step.count === 0;
  const periodPage = period ? `/periods/${period.id}` : "/periods";
  switch (step.key) {
    case "period":
      return [none ? { to: "/periods/make", label: "create" } : { to: periodPage, label: "open" }];
    case "specializations":
      return [
        none ? { to: "/specializations/create", label: "create" } : { to: "/specializations", label: "open" },
      ];
    case "pensums":
      return [{ to: "/pensums", label: "open" }, ...(period ? [{ to: periodPage, label: "assign" }] : [])];
    case "sections":
      return [none ? { to: "/sections/create", label: "create" } : { to: "/sections", label: "open" }];
    case "class_hours":
      return [none ? { to: "/classhours/create", label: "create" } : { to: "/classhours", label: "open" }];
    case "classrooms":
      return [none ? { to: "/classrooms/create", label: "create" } : { to: "/classrooms", label: "open" }];
    case "schedules":
      return [{ to: "/schedules", label: "open" }];
    case "price_settings":
      return [
        none && period
          ? { to: `/periods/createPayments/${period.id}`, label: "create" }
          : { to: "/periods/payment", label: "open" },
      ];
  }
}

/**
 * The home of a school still being set up: the steps in the order they depend on each other, each done or
 * not from the school's own records, with what is missing and a link to where it is done. The first step
 * still to do is the one to take now.
 */
export function SetupGuide({ setup }: { setup: SchoolSetup }) {
  const { t } = useTranslation();
  const done = setup.steps.filter((s) => s.done).length;
  const next = setup.steps.find((s) => !s.done)?.key;
  const period = setup.period ? `${setup.period.year}-${setup.period.number}` : null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="setup-guide-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="setup-guide-title">
            {t("dashboard.setup.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("dashboard.setup.intro")}
          </Text>
        </div>
        <Progress
          value={(100 * done) / setup.steps.length}
          aria-label={t("dashboard.setup.progress", { done, total: setup.steps.length })}
        />
        <Text size="sm" fw={500}>
          {t("dashboard.setup.progress", { done, total: setup.steps.length })}
        </Text>
        <Stack gap="sm" component="ol" style={{ listStyle: "none", paddingInlineStart: 0, margin: 0 }}>
          {setup.steps.map((step, i) => (
            <Group
              key={step.key}
              component="li"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              aria-current={step.key === next ? "step" : undefined}
              data-step={step.key}
            >
              <ThemeIcon
                radius="xl"
                size="md"
                color={step.done ? "teal.7" : step.key === next ? "blue.7" : "gray.6"}
                aria-hidden
              >
                {step.done ? <IconCheck size={16} /> : <Text size="sm">{i + 1}</Text>}
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{t(`dashboard.setup.steps.${step.key}.title`)}</Text>
                  <Badge color={step.done ? "teal" : "orange"} variant="light" c="dark">
                    {step.done ? t("dashboard.setup.done") : t("dashboard.setup.pending")}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`dashboard.setup.steps.${step.key}.what`)}
                </Text>
                <Text size="sm">{statusText(step, period, t)}</Text>
                <Group gap="xs" wrap="wrap" mt={4}>
                  {stepLinks(step, setup.period).map((link, j) => (
                    <Button
                      key={link.to}
                      component={Link}
                      to={link.to}
                      size="xs"
                      variant={step.key === next && j === 0 ? "filled" : "default"}
                    >
                      {t(`dashboard.setup.steps.${step.key}.${link.label}`)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** "2 especialidades", "1 especialidad sin pensum en el período 2027-1", "Aún no hay aulas habilitadas". */
function statusText(step: SetupStep, period: string | null, t: TFunction) {
  const key = `dashboard.setup.steps.${step.key}`;
  if (step.done) return t(`${key}.count`, { count: step.count, period });
  if (step.needed) return t(`${key}.missing`, { count: step.missing, period });
  return t(`${key}.none`, { period });
}
