import { Fieldset, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { schoolDateOf } from "../../../common/dates/format";
import {
  type CreatePreregisteredStudentPayload,
  createPreregisteredStudentSchemaAt,
} from "../../../common/schemas/preregistered-students";
import { DateField } from "../../components/DateField/DateField";
import { zodErrors } from "../../components/form/zod-errors";

/** The form's values: every field as typed (flat, social networks included). */
export type Values = {
  first_name: string;
  last_name: string;
  identity_document: string;
  email: string;
  phone: string;
  birth_date: string;
  gender: string;
  address: string;
  specialization_id: string;
  instagrams: string;
  facebook: string;
  twitter: string;
  website: string;
};

export const emptyValues: Values = {
  first_name: "",
  last_name: "",
  identity_document: "",
  email: "",
  phone: "",
  birth_date: "",
  gender: "",
  address: "",
  specialization_id: "",
  instagrams: "",
  facebook: "",
  twitter: "",
  website: "",
};

/** What the form sends: the shared schema's input (empty optional fields as null). */
export function toPayload(values: Values): CreatePreregisteredStudentPayload {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    identity_document: values.identity_document,
    email: values.email,
    phone: values.phone.trim() || null,
    birth_date: values.birth_date,
    gender: values.gender as "female" | "male",
    address: values.address.trim() || null,
    specialization_id: values.specialization_id ? Number(values.specialization_id) : (undefined as never),
    social_networks: {
      instagrams: values.instagrams.trim(),
      facebook: values.facebook.trim(),
      twitter: values.twitter.trim(),
    },
    ...(values.website ? { website: values.website } : {}),
  };
}

/** Field errors of the schema under the form's own (flat) names. */
export function formErrors(values: Values) {
  // The birth date must be before the school's today, as the server checks it.
  const errors = zodErrors(
    createPreregisteredStudentSchemaAt(() => schoolDateOf(new Date())),
    toPayload(values),
  );
  const flat: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    flat[key.replace(/^social_networks\./, "")] = String(message);
  }
  return flat;
}

/**
 * The fields of a pre-inscription (personal data, contact, desired specialization, social networks), for
 * the public form and the administrators' correction dialog. Texts: `preinscription.*` (es.json).
 */
export function PreinscriptionFields({
  form,
  specializations,
}: {
  form: UseFormReturnType<Values>;
  specializations: { id: number; title: string }[];
}) {
  const { t } = useTranslation();
  const options = specializations.map((s) => ({ value: String(s.id), label: s.title }));
  return (
    <>
      <Fieldset legend={t("preinscription.sections.personal")}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("preinscription.fields.firstName")}
              autoComplete="given-name"
              withAsterisk
              {...form.getInputProps("first_name")}
            />
            <TextInput
              label={t("preinscription.fields.lastName")}
              autoComplete="family-name"
              withAsterisk
              {...form.getInputProps("last_name")}
            />
            <TextInput
              label={t("preinscription.fields.identityDocument")}
              description={t("preinscription.fields.identityDocumentHint")}
              withAsterisk
              {...form.getInputProps("identity_document")}
            />
            <DateField
              label={t("preinscription.fields.birthDate")}
              autoComplete="bday"
              withAsterisk
              {...form.getInputProps("birth_date")}
            />
          </SimpleGrid>
          <Radio.Group
            label={t("preinscription.fields.gender")}
            withAsterisk
            {...form.getInputProps("gender")}
          >
            <SimpleGrid cols={2} mt={6} maw={320}>
              <Radio value="female" label={t("preinscription.genders.female")} />
              <Radio value="male" label={t("preinscription.genders.male")} />
            </SimpleGrid>
          </Radio.Group>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("preinscription.sections.contact")}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("preinscription.fields.email")}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps("email")}
            />
            <TextInput
              label={t("preinscription.fields.phone")}
              type="tel"
              autoComplete="tel"
              {...form.getInputProps("phone")}
            />
          </SimpleGrid>
          <Textarea
            label={t("preinscription.fields.address")}
            autoComplete="street-address"
            rows={2}
            {...form.getInputProps("address")}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t("preinscription.sections.studies")}>
        <Select
          label={t("preinscription.fields.specialization")}
          placeholder={t("preinscription.fields.specializationPlaceholder")}
          data={options}
          withAsterisk
          allowDeselect={false}
          {...form.getInputProps("specialization_id")}
        />
      </Fieldset>

      <Fieldset legend={t("preinscription.sections.socialNetworks")}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t("preinscription.fields.instagram")} {...form.getInputProps("instagrams")} />
          <TextInput label={t("preinscription.fields.facebook")} {...form.getInputProps("facebook")} />
          <TextInput label={t("preinscription.fields.twitter")} {...form.getInputProps("twitter")} />
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
