import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { usePeriod } from "../../api/periods";
import { useCreatePriceSetting } from "../../api/price-settings";
import { toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { PriceSettingForm } from "./PriceSettingForm";

/** /periods/createPayments/:id: the price setting of period `id`. */
export function PriceSettingCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const period = usePeriod(validId);
  const create = useCreatePriceSetting();
  useBreadcrumbs([
    { label: t("priceSettings.list.title"), to: "/periods/payment" },
    { label: period.data?.name ?? "" },
    { label: t("priceSettings.create.title") },
  ]);

  let body: React.ReactNode;
  if (period.data) {
    const periodId = period.data.id;
    body = (
      <PriceSettingForm
        periodId={periodId}
        period={period.data}
        pending={create.isPending}
        cancelTo={`/periods/payment?period_id=${periodId}`}
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          toast.success(t("priceSettings.create.success"));
          await navigate(`/periods/detailsPayments/${periodId}`);
        }}
      />
    );
  } else if (period.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("priceSettings.detail.periodNotFound")}>
        <Anchor component={Link} to="/periods/payment">
          {t("priceSettings.detail.backToList")}
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
        {period.data
          ? t("priceSettings.create.titleFor", { period: period.data.name })
          : t("priceSettings.create.title")}
      </Title>
      {body}
    </Stack>
  );
}
