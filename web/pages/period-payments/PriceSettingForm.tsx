import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatAmount, parseAmountE2, paymentMethodCodes, paymentMethods } from "../../../common/money/fees";
import {
  createPriceSettingSchema,
  installmentDateErrors,
  installmentDateRange,
  MAX_INSTALLMENTS,
} from "../../../common/schemas/price-settings";
import { firstMessages, useServerFormErrors } from "../../api/field-errors";
import type { CreatePriceSettingPayload, PriceSetting } from "../../api/price-settings";
import { useUnsavedChanges } from "../../components";
import { DateField } from "../../components/DateField/DateField";
import { zodErrors } from "../../components/form/zod-errors";

/** An amount as typed, in currency units; NumberInput holds "" while empty. */
type Units = number | string;

/**
 * The form's values under the payload's names, so that the schema's and the server's field errors land
 * on their inputs; the amounts (`amount_e2`, `late_installment_extra_e2`) hold what is typed in currency
 * units and are sent × 100 (without floating point: `parseAmountE2`).
 */
export type PriceSettingValues = {
  installments: { key: string; date: string; amount_e2: Units }[];
  installment_payment_methods: string[];
  full_payment_methods: string[];
  installment_grace_period_days: Units;
  late_installment_extra_e2: Units;
};

let rowKey = 0;
const newKey = () => `row-${++rowKey}`;
const units = (e2: number) => Number(formatAmount(e2).replace(/\./g, "").replace(",", "."));

export function toValues(setting?: PriceSetting): PriceSettingValues {
  return {
    installments: setting
      ? setting.installments.map((i) => ({ key: newKey(), date: i.date, amount_e2: units(i.amount_e2) }))
      : [{ key: newKey(), date: "", amount_e2: "" }],
    installment_payment_methods: (setting?.installment_payment_methods ?? []).map(String),
    full_payment_methods: (setting?.full_payment_methods ?? []).map(String),
    installment_grace_period_days: setting?.installment_grace_period_days ?? 0,
    late_installment_extra_e2: setting ? units(setting.late_installment_extra_e2) : 0,
  };
}

/** Typed units as hundredths; anything that is not an amount stays as is for the schema to refuse. */
const toE2 = (value: Units): unknown => {
  if (value === "") return undefined;
  return parseAmountE2(String(value)) ?? value;
};

/** The form's values as the payload (not yet validated). */
export function toDraft(values: PriceSettingValues, periodId: number) {
  return {
    period_id: periodId,
    installments: values.installments.map((i) => ({ date: i.date, amount_e2: toE2(i.amount_e2) })),
    installment_payment_methods: values.installment_payment_methods.map(Number).sort((a, b) => a - b),
    full_payment_methods: values.full_payment_methods.map(Number).sort((a, b) => a - b),
    installment_grace_period_days:
      values.installment_grace_period_days === "" ? undefined : Number(values.installment_grace_period_days),
    late_installment_extra_e2: toE2(values.late_installment_extra_e2),
  };
}

/** The first and last day of the period (installments fall from some days before its start to its end). */
export type PeriodDates = { start_date: string; end_date: string };

/**
 * The installments: one row per installment (date, amount), added and removed freely, with their total;
 * each date limited to the range its period allows.
 */
export function InstallmentsEditor({
  form,
  period,
}: {
  form: UseFormReturnType<PriceSettingValues>;
  period: PeriodDates;
}) {
  const { t } = useTranslation();
  const range = installmentDateRange(period);
  const rows = form.getValues().installments;
  // Only amounts that read as hundredths count (a half-typed "12," does not).
  const total = rows.reduce((sum, row) => sum + (parseAmountE2(String(row.amount_e2)) ?? 0), 0);
  const listError = form.errors.installments;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t("priceSettings.fields.installments")}
      </Title>
      <Table withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t("priceSettings.fields.date")}</Table.Th>
            <Table.Th>{t("priceSettings.fields.amount")}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t("priceSettings.fields.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.key}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <DateField
                  aria-label={t("priceSettings.fields.dateOf", { n: index + 1 })}
                  withAsterisk
                  miw={140}
                  minDate={range.min}
                  maxDate={range.max}
                  {...form.getInputProps(`installments.${index}.date`)}
                  value={row.date}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t("priceSettings.fields.amountOf", { n: index + 1 })}
                  min={0}
                  decimalScale={2}
                  decimalSeparator=","
                  thousandSeparator="."
                  clampBehavior="none"
                  {...form.getInputProps(`installments.${index}.amount_e2`)}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("priceSettings.form.removeInstallment", { n: index + 1 })}
                  disabled={rows.length <= 1}
                  onClick={() => form.removeListItem("installments", index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {typeof listError === "string" ? (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rows.length >= MAX_INSTALLMENTS}
          onClick={() => form.insertListItem("installments", { key: newKey(), date: "", amount_e2: "" })}
        >
          {t("priceSettings.form.addInstallment")}
        </Button>
        <Text size="sm">
          {t("priceSettings.fields.total")}: <strong>{formatAmount(total)}</strong>
        </Text>
      </Group>
    </Stack>
  );
}

function MethodChecks({
  form,
  field,
}: {
  form: UseFormReturnType<PriceSettingValues>;
  field: keyof PriceSettingValues;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t(`priceSettings.fields.${field}`)}
      withAsterisk={field === "installment_payment_methods"}
      {...form.getInputProps(field)}
    >
      <Stack gap={6} mt="xs">
        {paymentMethodCodes.map((code) => (
          <Checkbox key={code} value={String(code)} label={paymentMethods[code]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

type Props = {
  periodId: number;
  period: PeriodDates;
  setting?: PriceSetting;
  pending: boolean;
  cancelTo: string;
  /** Sends the payload; rejects when the server refused it (the client already showed why). */
  onSubmit: (payload: CreatePriceSettingPayload) => Promise<unknown>;
};

/**
 * Create and edit form of a period's price setting: installments editor, methods for installment and for
 * full payment, grace days and late extra. Shared-schema validation, server 422 errors under the inputs, a
 * question before leaving with unsaved changes.
 */
export function PriceSettingForm({ periodId, period, setting, pending, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<PriceSettingValues>({
    initialValues: toValues(setting),
    validate: (values) => ({
      ...firstMessages(installmentDateErrors(values.installments, period)),
      ...zodErrors(createPriceSettingSchema, toDraft(values, periodId)),
    }),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit(createPriceSettingSchema.parse(toDraft(values, periodId)));
    } catch {
      // the HTTP client showed the notice and stored the field errors, or the question was cancelled
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <InstallmentsEditor form={form} period={period} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MethodChecks form={form} field="installment_payment_methods" />
            <MethodChecks form={form} field="full_payment_methods" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t("priceSettings.fields.installment_grace_period_days")}
              min={0}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps("installment_grace_period_days")}
            />
            <NumberInput
              label={t("priceSettings.fields.late_installment_extra_e2")}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              clampBehavior="none"
              {...form.getInputProps("late_installment_extra_e2")}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={cancelTo}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      {unsaved.dialog}
    </Paper>
  );
}
