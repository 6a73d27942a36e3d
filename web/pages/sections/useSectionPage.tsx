import { Alert, Anchor, Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useSection } from "../../api/sections";
import { listReturnPath } from "../../components";

/** The section of the `:section_id` path segment, and what to show while it loads or when it is missing. */
export function useSectionPage() {
  const { t } = useTranslation();
  const raw = Number(useParams().section_id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const section = useSection(id);
  let fallback: ReactNode = null;
  if (!section.data) {
    fallback =
      section.isError || id === undefined ? (
        <Alert color="yellow" title={t("sections.detail.notFound")}>
          <Anchor component={Link} to={listReturnPath("/sections")}>
            {t("sections.detail.backToList")}
          </Anchor>
        </Alert>
      ) : (
        <Center mih={200}>
          <Loader aria-label={t("common.loading")} />
        </Center>
      );
  }
  return { id, section, fallback };
}
