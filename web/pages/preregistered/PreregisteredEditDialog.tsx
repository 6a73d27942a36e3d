import { Button, Group, Modal, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { useServerFormErrors } from "../../api/field-errors";
import { type PreregisteredStudent, useUpdatePreregistered } from "../../api/preregistered-students";
import { useSpecializationOptions } from "../../api/specializations";
import { toast } from "../../components";
import {
  formErrors,
  PreinscriptionFields,
  toPayload,
  type Values,
} from "../preinscription/PreinscriptionFields";

/** The form's values of a pre-inscription as stored. */
function valuesOf(student: PreregisteredStudent): Values {
  return {
    first_name: student.first_name,
    last_name: student.last_name,
    identity_document: student.identity_document,
    email: student.email,
    phone: student.phone ?? "",
    birth_date: student.birth_date ?? "",
    gender: student.gender,
    address: student.address ?? "",
    specialization_id: student.specialization ? String(student.specialization.id) : "",
    instagrams: student.social_networks.instagrams,
    facebook: student.social_networks.facebook,
    twitter: student.social_networks.twitter,
    website: "",
  };
}

/** Corrects a pending pre-inscription (administrators), with the same fields and rules as the public form. */
export function PreregisteredEditDialog({
  student,
  onClose,
}: {
  student: PreregisteredStudent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={student !== null} onClose={onClose} title={t("preregistered.edit.title")} size="xl">
      {student && <EditForm key={student.id} student={student} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ student, onClose }: { student: PreregisteredStudent; onClose: () => void }) {
  const { t } = useTranslation();
  const specializations = useSpecializationOptions();
  const update = useUpdatePreregistered();
  const form = useForm<Values>({ initialValues: valuesOf(student), validate: formErrors });
  useServerFormErrors(form);

  const submit = form.onSubmit(async (values) => {
    const { website: _bait, ...payload } = toPayload(values);
    try {
      await update.mutateAsync({ id: student.id, payload });
      toast.success(t("preregistered.edit.success"));
      onClose();
    } catch {
      // Field errors and notices come from the HTTP client.
    }
  });

  const options = specializations.data ?? (student.specialization ? [student.specialization] : []);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PreinscriptionFields form={form} specializations={options} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
