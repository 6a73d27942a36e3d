import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DocumentRequest,
  DocumentRequestStatus,
  DocumentRequestType,
  FileVerification,
  LetterEligibility,
  Verification,
} from "../../common/schemas/document-requests";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { downloadFile } from "./download";
import type { ItemResponse, ListResponse } from "./types";

export type { DocumentRequest, DocumentRequestStatus, DocumentRequestType, FileVerification, Verification };

/** Types that can be requested and generated, with their generation call (spec.md §7, §9). */
export const requestableTypes = [1, 2, 4] as const;
export type RequestableType = (typeof requestableTypes)[number];
const generateAction: Record<RequestableType, string> = {
  1: "generate-certificate",
  2: "generate-certificateNote",
  4: "generate-letter",
};
export const documentRequestStatuses = ["pending", "generated", "retired", "canceled"] as const;

export type DocumentRequestFilters = {
  status?: DocumentRequestStatus;
  type_id?: number;
  student_id?: number;
};

const filterQuery = (filters: DocumentRequestFilters) => {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query[key] = String(value);
  return query;
};

export const documentRequestKeys = {
  all: ["document-requests"] as const,
  lists: () => [...documentRequestKeys.all, "list"] as const,
  list: (params: ListParams, filters: DocumentRequestFilters) =>
    [...documentRequestKeys.lists(), params, filters] as const,
  types: ["document-request-types"] as const,
};

export const documentRequestsApi = {
  list: (params: ListParams, filters: DocumentRequestFilters, signal?: AbortSignal) =>
    api.get<ListResponse<DocumentRequest>>("/document-requests", {
      query: { ...toListQuery(params), ...filterQuery(filters) },
      signal,
    }),
  types: (signal?: AbortSignal) =>
    api
      .get<ListResponse<DocumentRequestType>>("/document-request-types", { query: { limit: 0 }, signal })
      .then((r) => r.data),
  /** Whether the student (the caller, or `studentId` for staff) may ask for the graduate letter, and why not. */
  letterEligibility: (studentId: number | undefined, signal?: AbortSignal) =>
    api
      .get<ItemResponse<LetterEligibility>>("/document-requests/letter-eligibility", {
        query: studentId === undefined ? {} : { student_id: String(studentId) },
        signal,
      })
      .then((r) => r.data),
  create: (payload: { type_id: RequestableType; student_id?: number; observation?: string | null }) =>
    api.post<ItemResponse<DocumentRequest>>("/document-requests", payload).then((r) => r.data),
  /** Generates and sends the document of its type, then marks the request generated. */
  generate: async (request: DocumentRequest) => {
    const action = generateAction[request.type_id as RequestableType];
    await api.get<ItemResponse<DocumentRequest>>(`/document-requests/${request.id}/${action}`, {
      cancellable: false,
    });
    return api
      .patch<ItemResponse<DocumentRequest>>(`/document-requests/${request.id}/set-generated`, undefined, {
        cancellable: false,
      })
      .then((r) => r.data);
  },
  setStatus: (id: number, action: "set-retired" | "set-canceled") =>
    api.patch<ItemResponse<DocumentRequest>>(`/document-requests/${id}/${action}`).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/document-requests/${id}`),
  download: (request: DocumentRequest) =>
    downloadFile(`/document-requests/${request.id}/file`, {
      filename: `documento-${request.id}-${request.document?.code ?? ""}.pdf`,
      accept: "application/pdf",
    }),
};

export function useDocumentRequests(params: ListParams, filters: DocumentRequestFilters) {
  return useQuery({
    queryKey: documentRequestKeys.list(params, filters),
    queryFn: ({ signal }) => documentRequestsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDocumentRequestTypes() {
  return useQuery({
    queryKey: documentRequestKeys.types,
    queryFn: ({ signal }) => documentRequestsApi.types(signal),
    staleTime: 5 * 60_000,
  });
}

/** The graduate letter's eligibility; only asked while `enabled` (the dialog open, a student chosen). */
export function useLetterEligibility(studentId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...documentRequestKeys.all, "letter-eligibility", studentId ?? "me"] as const,
    queryFn: ({ signal }) => documentRequestsApi.letterEligibility(studentId, signal),
    enabled,
  });
}

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentRequestKeys.lists() }),
  });
}

export const useCreateDocumentRequest = () => useInvalidating(documentRequestsApi.create);
export const useGenerateDocument = () => useInvalidating(documentRequestsApi.generate);
export const useSetDocumentRequestStatus = () =>
  useInvalidating(({ id, action }: { id: number; action: "set-retired" | "set-canceled" }) =>
    documentRequestsApi.setStatus(id, action),
  );
export const useDeleteDocumentRequest = () => useInvalidating(documentRequestsApi.remove);
