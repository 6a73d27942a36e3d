import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconSchool } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../layout/document-title";

type Props = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The page's name in the browser tab; the title by default. */
  pageTitle?: string;
  /** The card's maximum width in px: 420 for the short auth forms, wider for a long one. */
  width?: number;
};

/** The frame of the guest screens: the product name above a card. */
export function AuthLayout({ title, description, children, pageTitle, width = 420 }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(pageTitle ?? title);
  return (
    // The page's main landmark (screen readers jump to it; Lighthouse and axe ask for one).
    <Box component="main" bg="var(--mantine-color-gray-0)" mih="100vh">
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={width} gap="lg" py="lg">
          <Group justify="center" gap="xs">
            <ThemeIcon size="lg" radius="md" variant="filled">
              <IconSchool size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={700} size="lg" lh={1.1}>
                {t("app.name")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("app.tagline")}
              </Text>
            </div>
          </Group>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Stack gap="md">
              <div>
                <Title order={1} size="h3">
                  {title}
                </Title>
                {description && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {description}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
