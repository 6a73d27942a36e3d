import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { formatAmount } from "../../../common/money/fees";
import { usePeriod } from "../../api/periods";
import { type PriceSetting, usePeriodPriceSettings } from "../../api/price-settings";
import { DEFAULT_LIST_PARAMS } from "../../components/DataTable/list-params";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { methodNames } from "./price-setting-labels";
import { useDeletePriceSettingFlow } from "./use-delete-price-setting";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** /periods/detailsPayments/:id: the price setting of period `id`, or a way to create it. */
export function PriceSettingDetailPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("periods.write");
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const period = usePeriod(validId);
  const settings = usePeriodPriceSettings(validId ?? null, { ...DEFAULT_LIST_PARAMS, limit: 0 });
  useBreadcrumbs([
    { label: t("priceSettings.list.title"), to: `/periods/payment${validId ? `?period_id=${validId}` : ""}` },
    { label: period.data?.name ?? "" },
  ]);

  if (period.isError || settings.isError || validId === undefined) {
    return (
      <Alert color="yellow" title={t("priceSettings.detail.periodNotFound")}>
        <Anchor component={Link} to="/periods/payment">
          {t("priceSettings.detail.backToList")}
        </Anchor>
      </Alert>
    );
  }
  if (!period.data || !settings.data) {
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  const setting = settings.data.data[0];
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("priceSettings.detail.title", { period: period.data.name })}
      </Title>
      {setting ? (
        <SettingView setting={setting} canWrite={canWrite} />
      ) : (
        <Alert color="gray" title={t("priceSettings.detail.none")}>
          {canWrite ? (
            <Button
              mt="xs"
              component={Link}
              to={`/periods/createPayments/${period.data.id}`}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("priceSettings.create.title")}
            </Button>
          ) : null}
        </Alert>
      )}
    </Stack>
  );
}

function SettingView({ setting, canWrite }: { setting: PriceSetting; canWrite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deletion = useDeletePriceSettingFlow(
    () => void navigate(`/periods/payment?period_id=${setting.period_id}`),
  );
  return (
    <Stack gap="md">
      {canWrite ? (
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            component={Link}
            to={`/periods/updatePaymentSetting/${setting.id}`}
          >
            {t("common.edit")}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={deletion.pending}
            onClick={() => void deletion.remove(setting)}
          >
            {t("common.delete")}
          </Button>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t("priceSettings.fields.installments")}
            </Title>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t("priceSettings.fields.date")}</Table.Th>
                  <Table.Th style={{ textAlign: "right" }}>{t("priceSettings.fields.amount")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {setting.installments.map((i, index) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{formatDate(i.date)}</Table.Td>
                    <Table.Td style={{ textAlign: "right" }}>{i.amount_string}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <strong>{t("priceSettings.fields.total")}</strong>
                  </Table.Td>
                  <Table.Td style={{ textAlign: "right" }}>
                    <strong>{formatAmount(setting.total_e2)}</strong>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t("priceSettings.detail.rules")}
            </Title>
            <Field label={t("priceSettings.fields.installment_payment_methods")}>
              {methodNames(setting.installment_payment_methods)}
            </Field>
            <Field label={t("priceSettings.fields.full_payment_methods")}>
              {methodNames(setting.full_payment_methods)}
            </Field>
            <Field label={t("priceSettings.fields.installment_grace_period_days")}>
              {setting.installment_grace_period_days}
            </Field>
            <Field label={t("priceSettings.fields.late_installment_extra_e2")}>
              {formatAmount(setting.late_installment_extra_e2)}
            </Field>
            <Field label={t("priceSettings.fields.fees_count")}>
              {t("priceSettings.detail.fees", { count: setting.fees_count, paid: setting.paid_fees_count })}
            </Field>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
