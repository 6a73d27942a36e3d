import { SimpleGrid, Skeleton } from "@mantine/core";

/** The shape of a dashboard's first numbers while its code and texts arrive (no text: none loaded yet). */
export function DashboardSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {[1, 2, 3, 4].map((i) => (
        <Skeleton key={i} h={88} radius="md" />
      ))}
    </SimpleGrid>
  );
}
