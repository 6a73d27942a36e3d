import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useFinalDelivery, useUpdateFinalDelivery } from "../../api/final-deliveries";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { FinalDeliveryForm } from "./FinalDeliveryForm";

/** /final-deliveries/update/:delivery_id: breadcrumb "Entregas finales" > code > "Editar entrega final". */
export function FinalDeliveryUpdatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().delivery_id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const delivery = useFinalDelivery(validId);
  const update = useUpdateFinalDelivery();
  useBreadcrumbs([
    { label: t("finalDeliveries.list.title"), to: listReturnPath("/final-deliveries") },
    { label: delivery.data?.code ?? "", ...(validId ? { to: `/final-deliveries/${validId}` } : {}) },
    { label: t("finalDeliveries.edit.title") },
  ]);

  let body: ReactNode;
  if (delivery.data?.closed) {
    // The server refuses every change 24 hours after the delivery date: no form to fill in vain.
    body = (
      <Alert color="yellow" title={t("finalDeliveries.detail.deliveryClosedTitle")}>
        {t("finalDeliveries.detail.deliveryClosed")}{" "}
        <Anchor component={Link} to={`/final-deliveries/${delivery.data.id}`}>
          {t("finalDeliveries.list.view")}
        </Anchor>
      </Alert>
    );
  } else if (delivery.data) {
    const current = delivery.data;
    body = (
      <FinalDeliveryForm
        key={current.id}
        delivery={current}
        pending={update.isPending}
        onSubmit={async ({ course_section_id: _cs, ...payload }) => {
          await update.mutateAsync({ id: current.id, payload });
          toast.success(t("finalDeliveries.edit.success"));
          await navigate(`/final-deliveries/${current.id}`);
        }}
      />
    );
  } else if (delivery.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("finalDeliveries.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/final-deliveries")}>
          {t("finalDeliveries.edit.backToList")}
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
        {t("finalDeliveries.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
