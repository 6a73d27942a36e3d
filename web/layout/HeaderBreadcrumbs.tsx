import { Anchor, Box, Breadcrumbs, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useBreadcrumbTrail } from "./breadcrumbs";

/** The header title: the trail the current page set with `useBreadcrumbs`. */
export function HeaderBreadcrumbs() {
  const { t } = useTranslation();
  const trail = useBreadcrumbTrail();
  if (trail.length === 0) return null;
  return (
    <Box component="nav" aria-label={t("layout.breadcrumbs.label")} style={{ minWidth: 0 }}>
      <Breadcrumbs separatorMargin={6}>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return crumb.to && !last ? (
            <Anchor
              key={`${crumb.to ?? ""}|${crumb.label}`}
              component={Link}
              to={crumb.to}
              size="sm"
              truncate
            >
              {crumb.label}
            </Anchor>
          ) : (
            <Text
              key={`${crumb.to ?? ""}|${crumb.label}`}
              size="sm"
              fw={last ? 600 : 400}
              truncate
              component="span"
            >
              {crumb.label}
            </Text>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
