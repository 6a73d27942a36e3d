import { useMutation } from "@tanstack/react-query";
import type { SessionUser } from "../session/types";
import { api, type RequestOptions } from "./client";
import type { ItemResponse } from "./types";

export type NewPasswordPayload = { token: string; password: string; password_confirmation: string };

const guest = { auth: false } as const;

export const authApi = {
  logout: () => api.post<void>("/logout", undefined, { quiet: true, cancellable: false }),
  me: (signal?: AbortSignal, options: Pick<RequestOptions, "quiet"> = {}) =>
    api.get<ItemResponse<SessionUser>>("/users/me", { signal, ...options }),
  confirmAccount: (payload: NewPasswordPayload) => api.post<void>("/confirm-account", payload, guest),
  requestPasswordReset: (email: string) =>
    api.post<void>(`/password-reset/${encodeURIComponent(email)}`, undefined, guest),
  recoverPassword: (payload: NewPasswordPayload) => api.post<void>("/recover-password", payload, guest),
};

export const useConfirmAccountMutation = () => useMutation({ mutationFn: authApi.confirmAccount });
export const usePasswordResetMutation = () => useMutation({ mutationFn: authApi.requestPasswordReset });
export const useRecoverPasswordMutation = () => useMutation({ mutationFn: authApi.recoverPassword });
