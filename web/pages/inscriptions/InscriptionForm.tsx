import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { schoolDateOf } from "../../../common/dates/format";
import { createInscriptionSchemaAt } from "../../../common/schemas/inscriptions";
import { isApiError } from "../../api/errors";
import { useServerFormErrors } from "../../api/field-errors";
import {
  type CreateInscriptionPayload,
  type InscriptionResult,
  isInscriptionRefusal,
  refusalText,
  useCreateInscription,
  useSemesterSections,
} from "../../api/inscriptions";
import { type Period, usePeriodCourses } from "../../api/periods";
import { DateField, listReturnPath, StudentSearchSelect, zodErrors } from "../../components";

type Mode = "existing" | "new";

type Values = {
  mode: Mode;
  student_id: string | null;
  student: {
    first_name: string;
    last_name: string;
    identity_document: string;
    email: string;
    gender: string | null;
    birth_date: string;
    phone: string;
    address: string;
  };
  semester_id: string | null;
  section_id: string | null;
};

const blankStudent: Values["student"] = {
  first_name: "",
  last_name: "",
  identity_document: "",
  email: "",
  gender: null,
  birth_date: "",
  phone: "",
  address: "",
};

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());

function toPayload(values: Values, periodId: number, preinscriptionId?: number): CreateInscriptionPayload {
  const place = {
    period_id: periodId,
    semester_id: values.semester_id ? Number(values.semester_id) : (undefined as unknown as number),
    section_id: values.section_id ? Number(values.section_id) : null,
  };
  if (preinscriptionId !== undefined) return { ...place, preinscription_id: preinscriptionId };
  if (values.mode === "existing") {
    return { ...place, student_id: values.student_id ? Number(values.student_id) : undefined };
  }
  const s = values.student;
  return {
    ...place,
    student: {
      first_name: s.first_name,
      last_name: s.last_name,
      identity_document: s.identity_document,
      email: s.email,
      gender: (s.gender ?? undefined) as "female" | "male",
      birth_date: orNull(s.birth_date),
      phone: orNull(s.phone),
      address: orNull(s.address),
    },
  };
}

type Props = {
  /** The period with inscriptions open the inscription goes into (chosen on the page when two are). */
  period: Pick<Period, "id" | "year" | "number">;
  /** Inscribing an approved pre-registered student: no student fields. */
  preinscriptionId?: number;
  /** The specialization a pre-registered student asked for: its first semester is chosen to begin with. */
  preferredSpecializationId?: number | null;
  onDone: (result: InscriptionResult) => void;
};

/**
 * The inscription form: the student (existing, searched; or new, typed), a semester of the period's
 * pensums and optionally a section (without one the system picks the section with a free seat for the
 * student's gender, fewest students first). A refusal is shown above the buttons with the server's own
 * explanation (which section is full for which gender, that the student is already inscribed…).
 */
export function InscriptionForm({ period, preinscriptionId, preferredSpecializationId, onDone }: Props) {
  const { t } = useTranslation();
  const create = useCreateInscription();
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new student's birth date after the school's today is refused, as the server does.
  const today = schoolDateOf(new Date());
  const form = useForm<Values>({
    initialValues: {
      mode: "existing",
      student_id: null,
      student: blankStudent,
      semester_id: null,
      section_id: null,
    },
    validate: (values) =>
      zodErrors(
        createInscriptionSchemaAt(() => today),
        toPayload(values, period.id, preinscriptionId),
      ),
  });
  useServerFormErrors(form);
  const courses = usePeriodCourses(period.id);
  const semesterId = form.values.semester_id ? Number(form.values.semester_id) : null;
  const firstPreferredSemester = useMemo(() => {
    const spec = courses.data?.find((c) => c.id === preferredSpecializationId);
    const [first] = [...(spec?.semesters ?? [])].sort((a, b) => a.number - b.number);
    return first ? String(first.id) : null;
  }, [courses.data, preferredSpecializationId]);
  const { setFieldValue } = form;
  // Only until the user picks something: form.values.semester_id is read, not watched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (firstPreferredSemester && !form.values.semester_id)
      setFieldValue("semester_id", firstPreferredSemester);
  }, [firstPreferredSemester, setFieldValue]);
  const sections = useSemesterSections(period.id, semesterId);

  const semesterData = useMemo(
    () =>
      (courses.data ?? []).map((spec) => ({
        group: spec.title,
        items: spec.semesters.map((sem) => ({
          value: String(sem.id),
          label: t("inscriptions.form.semesterOption", { code: sem.code, number: sem.number }),
        })),
      })),
    [courses.data, t],
  );
  const sectionData = useMemo(
    () =>
      (sections.data ?? []).map((s) => ({
        value: String(s.id),
        label: t("inscriptions.form.sectionOption", {
          code: s.code,
          males: `${s.males_count}/${s.males_limit}`,
          females: `${s.females_count}/${s.females_limit}`,
        }),
      })),
    [sections.data, t],
  );

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      onDone(await create.mutateAsync(toPayload(values, period.id, preinscriptionId)));
    } catch (error) {
      if (isApiError(error) && isInscriptionRefusal(error)) setRefusal(refusalText(error));
    }
  });
  const input = (path: string) => form.getInputProps(path);
  const studentInput = input("student_id");

  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t("inscriptions.form.period", { period: `${period.year}-${period.number}` })}
          </Text>
          {preinscriptionId === undefined ? (
            <>
              <SegmentedControl
                aria-label={t("inscriptions.form.studentKind")}
                data={[
                  { value: "existing", label: t("inscriptions.form.existing") },
                  { value: "new", label: t("inscriptions.form.new") },
                ]}
                value={form.values.mode}
                onChange={(value) => {
                  form.setFieldValue("mode", value as Mode);
                  form.clearErrors();
                  setRefusal(null);
                }}
              />
              {form.values.mode === "existing" ? (
                <StudentSearchSelect
                  label={t("inscriptions.form.student")}
                  placeholder={t("inscriptions.form.studentPlaceholder")}
                  messages={{
                    none: t("inscriptions.form.noStudents"),
                    typeToSearch: t("inscriptions.form.typeToSearch"),
                  }}
                  withAsterisk
                  clearable={false}
                  error={studentInput.error}
                  onFocus={studentInput.onFocus}
                  onBlur={studentInput.onBlur}
                  value={form.values.student_id === null ? null : Number(form.values.student_id)}
                  onChange={(s) => {
                    studentInput.onChange(s ? String(s.id) : null);
                    setRefusal(null);
                  }}
                />
              ) : (
                <>
                  <Group grow align="flex-start">
                    <TextInput
                      label={t("inscriptions.fields.firstName")}
                      withAsterisk
                      maxLength={100}
                      {...input("student.first_name")}
                    />
                    <TextInput
                      label={t("inscriptions.fields.lastName")}
                      withAsterisk
                      maxLength={100}
                      {...input("student.last_name")}
                    />
                  </Group>
                  <Group grow align="flex-start">
                    <TextInput
                      label={t("inscriptions.fields.identityDocument")}
                      withAsterisk
                      placeholder="V-12345678"
                      maxLength={20}
                      {...input("student.identity_document")}
                    />
                    <TextInput
                      type="email"
                      label={t("inscriptions.fields.email")}
                      withAsterisk
                      maxLength={255}
                      {...input("student.email")}
                    />
                  </Group>
                  <Group grow align="flex-start">
                    <Select
                      label={t("inscriptions.fields.gender")}
                      withAsterisk
                      data={[
                        { value: "female", label: t("inscriptions.genders.female") },
                        { value: "male", label: t("inscriptions.genders.male") },
                      ]}
                      {...input("student.gender")}
                    />
                    <DateField
                      label={t("inscriptions.fields.birthDate")}
                      maxDate={today}
                      {...input("student.birth_date")}
                    />
                  </Group>
                  <Group grow align="flex-start">
                    <TextInput
                      label={t("inscriptions.fields.phone")}
                      maxLength={30}
                      {...input("student.phone")}
                    />
                    <TextInput
                      label={t("inscriptions.fields.address")}
                      maxLength={500}
                      {...input("student.address")}
                    />
                  </Group>
                </>
              )}
            </>
          ) : null}
          <Select
            label={t("inscriptions.fields.semester")}
            placeholder={t("inscriptions.form.semesterPlaceholder")}
            withAsterisk
            searchable
            nothingFoundMessage={t("inscriptions.form.noSemesters")}
            data={semesterData}
            {...input("semester_id")}
            onChange={(value) => {
              form.setFieldValue("semester_id", value);
              form.setFieldValue("section_id", null);
              setRefusal(null);
            }}
          />
          <Select
            label={t("inscriptions.fields.section")}
            placeholder={t("inscriptions.form.sectionAutomatic")}
            description={t("inscriptions.form.sectionHint")}
            clearable
            clearButtonProps={{ "aria-label": t("inscriptions.form.clearSection") }}
            disabled={semesterId === null}
            nothingFoundMessage={t("inscriptions.form.noSections")}
            data={sectionData}
            {...input("section_id")}
            onChange={(value) => {
              form.setFieldValue("section_id", value);
              setRefusal(null);
            }}
          />
          {refusal ? (
            <Alert
              color="red"
              role="alert"
              title={t("inscriptions.form.refusedTitle")}
              icon={<IconAlertTriangle size={18} aria-hidden />}
            >
              {refusal}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/inscriptions")}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("inscriptions.form.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
