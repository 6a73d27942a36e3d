import { useMutation, useQuery } from "@tanstack/react-query";
import type { FileVerification, Verification } from "../../common/schemas/document-requests";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse } from "./types";

export type { FileVerification, Verification };

/** An unknown code: the page says so itself (no toast). */
export const isUnknownCode = (error: ApiError) => error.status === 404;

const guest = { auth: false } as const;

/** The public verification of an issued document (no session). */
export const verifyApi = {
  get: (code: string, signal?: AbortSignal) =>
    api
      .get<ItemResponse<Verification>>(`/verify/${encodeURIComponent(code)}`, {
        ...guest,
        signal,
        quiet: isUnknownCode,
      })
      .then((r) => r.data),
  checkFile: (code: string, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api
      .post<ItemResponse<FileVerification>>(`/verify/${encodeURIComponent(code)}`, body, {
        ...guest,
        cancellable: false,
      })
      .then((r) => r.data);
  },
};

export function useVerification(code: string) {
  return useQuery({
    queryKey: ["verify", code],
    queryFn: ({ signal }) => verifyApi.get(code, signal),
    retry: false,
  });
}

export function useCheckFile(code: string) {
  return useMutation({ mutationFn: (file: File) => verifyApi.checkFile(code, file) });
}
