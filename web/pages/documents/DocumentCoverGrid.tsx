import { AspectRatio, Button, Card, Center, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { useInViewport } from "@mantine/hooks";
import { IconDownload, IconFileText } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type LibraryDocument, useDocumentCover } from "../../api/documents";

/** An object URL for a Blob, revoked when it changes or the component leaves. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** A cover, fetched with the session's token only once the card scrolls into view (lazy). */
function Cover({ doc }: { doc: LibraryDocument }) {
  const { t } = useTranslation();
  const { ref, inViewport } = useInViewport();
  // Without IntersectionObserver (old browsers) every cover loads at once.
  const [seen, setSeen] = useState(typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const cover = useDocumentCover(doc.cover_picture, seen);
  const url = useObjectUrl(cover.data);
  return (
    <AspectRatio ratio={3 / 4} ref={ref}>
      {url ? (
        <Image src={url} alt={t("library.list.coverAlt", { title: doc.title })} fit="cover" radius="sm" />
      ) : (
        <Center bg="gray.1" style={{ borderRadius: "var(--mantine-radius-sm)" }}>
          <Stack align="center" gap={4}>
            <IconFileText size={40} color="var(--mantine-color-gray-6)" aria-hidden />
            {!doc.cover_picture && (
              <Text size="xs" c="dimmed">
                {t("library.list.noCover")}
              </Text>
            )}
          </Stack>
        </Center>
      )}
    </AspectRatio>
  );
}

type Props = {
  documents: LibraryDocument[];
  onDownload: (doc: LibraryDocument) => void;
  downloading: number | null;
};

/** The current page of the library as a grid of covers, each with its title, where it belongs and a download button. */
export function DocumentCoverGrid({ documents, onDownload, downloading }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, sm: 4, md: 5, lg: 6 }}
      spacing="md"
      component="ul"
      aria-label={t("library.list.covers")}
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {documents.map((doc) => (
        <Card key={doc.id} withBorder padding="xs" component="li" data-testid="document-card">
          <Stack gap={6}>
            <Cover doc={doc} />
            <Text size="sm" fw={600} lineClamp={2} title={doc.title}>
              {doc.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {doc.specialization?.title ?? t("library.list.general")}
              {doc.semester ? ` · ${t("library.list.semester", { number: doc.semester.number })}` : ""}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={downloading === doc.id}
              onClick={() => onDownload(doc)}
              aria-label={`${t("library.list.download")}: ${doc.title}`}
            >
              {t("library.list.download")}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
