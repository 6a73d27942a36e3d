import { Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates/format";
import type { PreregisteredStudent } from "../../api/preregistered-students";
import { dayOf, StatusBadge } from "./preregistered-columns";

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} c="gray.7">
        {label}
      </Text>
      <Text size="sm">{value === "" || value === null || value === undefined ? "—" : value}</Text>
    </div>
  );
}

/** Everything a pre-inscription holds, in a dialog opened from the list's details button. */
export function PreregisteredDetails({
  student,
  onClose,
}: {
  student: PreregisteredStudent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`preregistered.fields.${key}`);
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={student ? `${student.first_name} ${student.last_name}` : ""}
      size="lg"
    >
      {student && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label={f("identityDocument")} value={student.identity_document} />
            <Field label={f("email")} value={student.email} />
            <Field label={f("phone")} value={student.phone} />
            <Field label={f("birthDate")} value={student.birth_date && formatDate(student.birth_date)} />
            <Field label={f("gender")} value={t(`preregistered.genders.${student.gender}`)} />
            <Field label={f("address")} value={student.address} />
            <Field label={f("specialization")} value={student.specialization?.title} />
            <Field
              label={f("period")}
              value={student.period ? `${student.period.year}-${student.period.number}` : null}
            />
            <Field label={f("status")} value={<StatusBadge status={student.status} t={t} />} />
            <Field label={f("createdAt")} value={dayOf(student.created_at)} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label={f("instagram")} value={student.social_networks.instagrams} />
            <Field label={f("facebook")} value={student.social_networks.facebook} />
            <Field label={f("twitter")} value={student.social_networks.twitter} />
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
