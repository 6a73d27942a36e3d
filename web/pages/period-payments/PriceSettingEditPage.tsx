import { Alert, Anchor, Button, Center, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { isApiError } from "../../api/errors";
import {
  type CreatePriceSettingPayload,
  isFeesChoiceRequired,
  type PriceSetting,
  usePriceSetting,
  useUpdatePriceSetting,
} from "../../api/price-settings";
import { toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { PriceSettingForm } from "./PriceSettingForm";

type Choice = boolean | null;

/**
 * Asks, once students' fees were copied from the setting, whether the change also goes to the fees with
 * nothing paid yet. Resolves true, false, or null (cancelled).
 */
function useApplyQuestion() {
  const [opened, setOpened] = useState(false);
  const resolver = useRef<(choice: Choice) => void>(() => {});
  const ask = () =>
    new Promise<Choice>((resolve) => {
      resolver.current = resolve;
      setOpened(true);
    });
  const answer = (choice: Choice) => {
    setOpened(false);
    resolver.current(choice);
  };
  return { opened, ask, answer };
}

/** /periods/updatePaymentSetting/:update: edit the price setting `update`. */
export function PriceSettingEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().update);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const setting = usePriceSetting(validId);
  const update = useUpdatePriceSetting();
  const question = useApplyQuestion();
  useBreadcrumbs([
    { label: t("priceSettings.list.title"), to: "/periods/payment" },
    {
      label: setting.data?.period.name ?? "",
      ...(setting.data ? { to: `/periods/detailsPayments/${setting.data.period_id}` } : {}),
    },
    { label: t("priceSettings.edit.title") },
  ]);

  const save = async (current: PriceSetting, payload: CreatePriceSettingPayload) => {
    const { period_id: _period, ...changes } = payload;
    let apply: boolean | undefined;
    if (current.fees_count > 0) {
      const choice = await question.ask();
      if (choice === null) throw new Error("cancelled");
      apply = choice;
    }
    try {
      const answer = await update.mutateAsync({
        id: current.id,
        payload: apply === undefined ? changes : { ...changes, apply_to_unpaid_fees: apply },
      });
      toast.success(
        answer.meta.fees_updated > 0 || answer.meta.fees_kept > 0
          ? t("priceSettings.edit.successWithFees", {
              updated: answer.meta.fees_updated,
              kept: answer.meta.fees_kept,
            })
          : t("priceSettings.edit.success"),
      );
      await navigate(`/periods/detailsPayments/${current.period_id}`);
    } catch (error) {
      // Fees were copied meanwhile: ask, then send again.
      if (isApiError(error) && isFeesChoiceRequired(error) && apply === undefined) {
        await save({ ...current, fees_count: 1 }, payload);
        return;
      }
      throw error;
    }
  };

  let body: ReactNode;
  if (setting.data) {
    const current = setting.data;
    body = (
      <PriceSettingForm
        key={current.id}
        periodId={current.period_id}
        period={current.period}
        setting={current}
        pending={update.isPending}
        cancelTo={`/periods/detailsPayments/${current.period_id}`}
        onSubmit={(payload) => save(current, payload)}
      />
    );
  } else if (setting.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("priceSettings.edit.notFound")}>
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
        {setting.data
          ? t("priceSettings.edit.titleFor", { period: setting.data.period.name })
          : t("priceSettings.edit.title")}
      </Title>
      {body}
      <Modal
        opened={question.opened}
        onClose={() => question.answer(null)}
        title={t("priceSettings.apply.title")}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t("priceSettings.apply.message", {
              count: setting.data?.fees_count ?? 0,
              paid: setting.data?.paid_fees_count ?? 0,
            })}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => question.answer(null)}>
              {t("common.cancel")}
            </Button>
            <Button variant="default" onClick={() => question.answer(false)}>
              {t("priceSettings.apply.settingOnly")}
            </Button>
            <Button onClick={() => question.answer(true)}>{t("priceSettings.apply.unpaidFees")}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
