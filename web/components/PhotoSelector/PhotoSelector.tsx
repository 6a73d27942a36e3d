import { Button, Center, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePhotoSource } from "./photo-source";

export interface PhotoSelectorProps {
  /** The chosen file, or a saved photo as URL / data URL / raw base64. */
  value: File | string | null | undefined;
  onChange: (file: File | null) => void;
  /** Preview width and height in px; 128 (w-32 h-32) by default. */
  size?: number;
  /** File types offered; images by default. */
  accept?: string;
  disabled?: boolean;
}

/**
 * Image chooser with a preview and a "Remover foto" button. A chosen file the browser cannot show is
 * dropped (`onChange(null)`) with a message, never left as a broken preview; a saved picture that fails
 * to load shows the empty frame.
 */
export function PhotoSelector({
  value,
  onChange,
  size = 128,
  accept = "image/png,image/jpeg,image/webp,image/gif",
  disabled = false,
}: PhotoSelectorProps) {
  const { t } = useTranslation();
  const source = usePhotoSource(value);
  const resetRef = useRef<() => void>(null);
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const failed = () => {
    setFailedSource(source);
    if (value instanceof File) {
      setUnreadable(true);
      resetRef.current?.();
      onChange(null);
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      {source && source !== failedSource ? (
        <Image
          src={source}
          alt={t("components.photoSelector.alt")}
          w={size}
          h={size}
          radius="md"
          fit="cover"
          onError={failed}
        />
      ) : (
        <Center w={size} h={size} bg="gray.1" style={{ borderRadius: "var(--mantine-radius-md)" }}>
          <IconPhoto size={size / 3} color="var(--mantine-color-gray-5)" aria-hidden />
        </Center>
      )}
      <Group gap="xs">
        <FileButton
          resetRef={resetRef}
          accept={accept}
          onChange={(file) => {
            if (!file) return;
            setUnreadable(false);
            onChange(file);
          }}
          disabled={disabled}
        >
          {(props) => (
            <Button variant="default" size="xs" disabled={disabled} {...props}>
              {t("components.photoSelector.select")}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={disabled}
            onClick={() => {
              resetRef.current?.();
              onChange(null);
            }}
          >
            {t("components.photoSelector.remove")}
          </Button>
        )}
      </Group>
      {unreadable && (
        <Text size="xs" c="red" role="alert">
          {t("components.photoSelector.unreadable")}
        </Text>
      )}
    </Stack>
  );
}
