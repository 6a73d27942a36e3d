import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createInscriptionSchema,
  Inscription,
  InscriptionResult,
  PeriodFee,
  StudentInscription,
} from "../../common/schemas/inscriptions";
import type { Period } from "../../common/schemas/periods";
import type { Section } from "../../common/schemas/sections";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { type ApiError, describeApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { Inscription, InscriptionResult, PeriodFee, StudentInscription };
export type CreateInscriptionPayload = z.input<typeof createInscriptionSchema>;

/** What the inscription page needs of a pre-registered student (`GET /preregistered-students/{id}`). */
export type PreregisteredBrief = {
  id: number;
  first_name: string;
  last_name: string;
  identity_document: string;
  email: string;
  status: string;
  specialization: { id: number; title: string; code: string } | null;
  student_id: number | null;
};

export type InscriptionFilters = {
  period_id?: number | null;
  section_id?: number | null;
  /** active or retired (the home dashboard links to a period's active inscriptions). */
  status?: string | null;
};

export const inscriptionKeys = {
  all: ["inscriptions"] as const,
  lists: () => [...inscriptionKeys.all, "list"] as const,
  list: (params: ListParams, filters: InscriptionFilters) =>
    [...inscriptionKeys.lists(), params, filters] as const,
  student: (studentId: number) => [...inscriptionKeys.all, "student", studentId] as const,
  openPeriods: () => [...inscriptionKeys.all, "open-periods"] as const,
  sections: (periodId: number, semesterId: number) =>
    [...inscriptionKeys.all, "sections", periodId, semesterId] as const,
  preregistered: (id: number) => [...inscriptionKeys.all, "preregistered", id] as const,
};

/** Refusals the inscription screens explain themselves (with the server's own sentence). */
const inscriptionRefusals = new Set([
  "period_inscriptions_are_disabled",
  "inscription_period_is_ambiguous",
  "period_and_student_latest_period_are_equals",
  "section_is_filled_or_gender_is_filled",
  "no_available_sections_for_inscription",
  "section_not_found_for_inscription",
  "inscription_has_lessons",
  "inscription_has_payments",
]);
export const isInscriptionRefusal = (error: ApiError) =>
  (error.status === 400 || error.status === 404) && inscriptionRefusals.has(error.message);

/** The sentence to show for a refusal: the server's own explanation (it names section, gender, period). */
export const refusalText = (error: ApiError) => error.description ?? describeApiError(error);

export const inscriptionListQuery = (params: ListParams, filters: InscriptionFilters) => ({
  ...toListQuery(params),
  ...(filters.period_id ? { period_id: String(filters.period_id) } : {}),
  ...(filters.section_id ? { section_id: String(filters.section_id) } : {}),
  ...(filters.status ? { status: filters.status } : {}),
});

export const inscriptionsApi = {
  list: (params: ListParams, filters: InscriptionFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Inscription>>("/inscriptions", {
      query: inscriptionListQuery(params, filters),
      signal,
    }),
  create: (payload: CreateInscriptionPayload) =>
    api
      .post<ItemResponse<InscriptionResult>>("/inscriptions/", payload, { quiet: isInscriptionRefusal })
      .then((r) => r.data),
  rollback: (inscriptionId: number) =>
    api.post<void>(
      "/inscriptions/rollback",
      { inscription_id: inscriptionId },
      { quiet: isInscriptionRefusal },
    ),
  ofStudent: (studentId: number, signal?: AbortSignal) =>
    api
      .get<{ data: StudentInscription[] }>(`/students/${studentId}/inscriptions`, { signal })
      .then((r) => r.data),
  /** Every period with inscriptions open, the earliest first (the current, then the next). */
  openPeriods: (signal?: AbortSignal) =>
    api
      .get<ListResponse<Period>>("/periods", {
        query: { limit: 0, enabled_inscriptions: 1, sort_by: "start_date,asc" },
        signal,
        quiet: true,
      })
      .then((r) => r.data),
  /** The sections of a semester in a period, with their seats taken by gender. */
  sectionsOf: (periodId: number, semesterId: number, signal?: AbortSignal) =>
    api
      .get<ListResponse<Section>>("/sections", {
        query: {
          period_id: String(periodId),
          semester_id: String(semesterId),
          limit: "0",
          sort_by: "code,asc",
        },
        signal,
      })
      .then((r) => r.data),
  preregistered: (id: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<PreregisteredBrief>>(`/preregistered-students/${id}`, { signal })
      .then((r) => r.data),
};

export function useInscriptions(params: ListParams, filters: InscriptionFilters) {
  return useQuery({
    queryKey: inscriptionKeys.list(params, filters),
    queryFn: ({ signal }) => inscriptionsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStudentInscriptions(studentId: number | undefined) {
  return useQuery({
    queryKey: inscriptionKeys.student(studentId ?? 0),
    queryFn: ({ signal }) => inscriptionsApi.ofStudent(studentId ?? 0, signal),
    enabled: studentId !== undefined,
  });
}

/** The periods an inscription may go into; with two, the screen asks which. */
export function useOpenInscriptionPeriods() {
  return useQuery({
    queryKey: inscriptionKeys.openPeriods(),
    queryFn: ({ signal }) => inscriptionsApi.openPeriods(signal),
  });
}

export function useSemesterSections(periodId: number | undefined, semesterId: number | null) {
  return useQuery({
    queryKey: inscriptionKeys.sections(periodId ?? 0, semesterId ?? 0),
    queryFn: ({ signal }) => inscriptionsApi.sectionsOf(periodId ?? 0, semesterId ?? 0, signal),
    enabled: periodId !== undefined && semesterId !== null,
  });
}

export function usePreregistered(id: number | undefined) {
  return useQuery({
    queryKey: inscriptionKeys.preregistered(id ?? 0),
    queryFn: ({ signal }) => inscriptionsApi.preregistered(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useCreateInscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inscriptionsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inscriptionKeys.all }),
  });
}

export function useRollbackInscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inscriptionsApi.rollback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inscriptionKeys.all }),
  });
}
