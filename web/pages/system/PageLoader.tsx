import { Loader, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown while a page's chunk loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  if (fullScreen) {
    return (
      <Stack align="center" justify="center" h="100vh" gap="xs" role="status">
        <Loader />
        <Text c="dimmed" size="sm">
          {t("pages.loading")}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" role="status" aria-label={t("pages.loading")}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={16} />
      <Skeleton height={16} />
      <Skeleton height={16} width="80%" />
      <Skeleton height={200} mt="md" />
    </Stack>
  );
}
