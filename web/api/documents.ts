import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createDocumentSchema,
  LibraryDocument,
  updateDocumentSchema,
} from "../../common/schemas/documents";
import type { Semester } from "../../common/schemas/pensums";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { toFormData } from "./form-data";
import { specializationKeys, specializationsApi } from "./specializations";
import type { ItemResponse, ListResponse } from "./types";

export type { LibraryDocument };
/** What the forms send: the text fields plus the chosen file and cover (multipart, spec.md §7). */
export type CreateDocumentPayload = z.input<typeof createDocumentSchema> & {
  file: File;
  cover_picture?: File | null;
};
export type UpdateDocumentPayload = z.input<typeof updateDocumentSchema> & {
  file?: File | null;
  cover_picture?: File | null;
};

/** The list's filter (its query parameter); only the staff pick one (a student sees their own anyway). */
export type DocumentFilters = { specializationId: number | null };

/** The list call's query (also the CSV export's): list params plus the filter. */
export function documentListQuery(params: ListParams, filters: DocumentFilters): Record<string, string> {
  return {
    ...toListQuery(params),
    ...(filters.specializationId ? { specialization_id: String(filters.specializationId) } : {}),
  };
}

export const documentKeys = {
  all: ["documents"] as const,
  lists: () => [...documentKeys.all, "list"] as const,
  list: (params: ListParams, filters: DocumentFilters) => [...documentKeys.lists(), params, filters] as const,
  detail: (id: number) => [...documentKeys.all, "detail", id] as const,
  cover: (url: string) => [...documentKeys.all, "cover", url] as const,
  semesters: (specializationId: number) => [...documentKeys.all, "semesters", specializationId] as const,
};

type FormValues = Parameters<typeof toFormData>[0];

/** A multipart form leaves null out: a cleared id is sent blank (the server reads it as none). */
function asForm(payload: Record<string, unknown>): FormValues {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload))
    out[key] = value === null && key !== "file" && key !== "cover_picture" ? "" : value;
  return out as FormValues;
}

export const documentsApi = {
  list: (params: ListParams, filters: DocumentFilters, signal?: AbortSignal) =>
    api.get<ListResponse<LibraryDocument>>("/documents", {
      query: documentListQuery(params, filters),
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<LibraryDocument>>(`/documents/${id}`, { signal }).then((r) => r.data),
  /** Multipart; not cancellable (it uploads). */
  create: (payload: CreateDocumentPayload) =>
    api
      .post<ItemResponse<LibraryDocument>>("/documents", toFormData(asForm(payload)), { cancellable: false })
      .then((r) => r.data),
  /** spec.md §7: the update is sent as POST with a PATCH method override, in multipart. */
  update: (id: number, payload: UpdateDocumentPayload) =>
    api
      .post<ItemResponse<LibraryDocument>>(
        `/documents/${id}`,
        toFormData({ ...asForm(payload), _method: "PATCH" }),
        { cancellable: false },
      )
      .then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/documents/${id}`),
  /** A cover (served only with the bearer token) as a Blob. */
  cover: (url: string, signal?: AbortSignal) =>
    api.get<Blob>(url, { responseType: "blob", headers: { Accept: "image/*" }, signal, quiet: true }),
  /** The semesters (with their courses) of a specialization's pensums, for the form's selects. */
  semesters: (specializationId: number, signal?: AbortSignal) =>
    api
      .get<ListResponse<Semester>>("/semesters", {
        query: { specialization_id: specializationId, limit: 0, sort_by: "number,asc" },
        signal,
      })
      .then((r) => r.data),
};

export function useDocuments(params: ListParams, filters: DocumentFilters) {
  return useQuery({
    queryKey: documentKeys.list(params, filters),
    queryFn: ({ signal }) => documentsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: number | undefined) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => documentsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** A cover's image once `enabled` (the grid asks only for covers that scroll into view). */
export function useDocumentCover(url: string | null, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.cover(url ?? ""),
    queryFn: ({ signal }) => documentsApi.cover(url ?? "", signal),
    enabled: Boolean(url) && enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Every specialization for the list's filter, asked only for the staff who may read them. */
export function useFilterSpecializations(enabled: boolean) {
  return useQuery({
    queryKey: specializationKeys.options(),
    queryFn: ({ signal }) => specializationsApi.all(signal),
    enabled,
  });
}

export function useDocumentSemesters(specializationId: number | null) {
  return useQuery({
    queryKey: documentKeys.semesters(specializationId ?? 0),
    queryFn: ({ signal }) => documentsApi.semesters(specializationId ?? 0, signal),
    enabled: specializationId !== null,
  });
}

function useDocumentWrite<A>(fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export const useCreateDocument = () => useDocumentWrite(documentsApi.create);
export const useUpdateDocument = () =>
  useDocumentWrite(({ id, payload }: { id: number; payload: UpdateDocumentPayload }) =>
    documentsApi.update(id, payload),
  );
export const useDeleteDocument = () => useDocumentWrite(documentsApi.remove);
