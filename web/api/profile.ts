import { useMutation, useQuery } from "@tanstack/react-query";
import type { UpdateEmailBody, UpdatePasswordBody, UserResource } from "../../common/schemas/users";
import { sessionStore } from "../session/store";
import type { SessionUser } from "../session/types";
import { API_BASE, api } from "./client";
import type { ApiError } from "./errors";
import { toFormData } from "./form-data";
import type { ItemResponse } from "./types";

export const profileKeys = {
  all: ["profile"] as const,
  picture: (url: string) => [...profileKeys.all, "picture", url] as const,
};

/** 400 refusals the profile forms show under their own inputs instead of the generic notice. */
export const PROFILE_FIELD_REFUSALS = {
  invalid_password: true,
  new_email_equals_current: true,
} as const;
const isFieldRefusal = (error: ApiError) => error.status === 400 && error.message in PROFILE_FIELD_REFUSALS;

const data = (answer: ItemResponse<UserResource>) => answer.data;

export const profileApi = {
  updateName: (id: number, name: string) =>
    api.patch<ItemResponse<UserResource>>(`/users/${id}`, { name }).then(data),
  updateEmail: (id: number, body: UpdateEmailBody) =>
    api.patch<ItemResponse<UserResource>>(`/users/${id}/email`, body, { quiet: isFieldRefusal }).then(data),
  updatePassword: (id: number, body: UpdatePasswordBody) =>
    api
      .patch<ItemResponse<UserResource>>(`/users/${id}/password`, body, { quiet: isFieldRefusal })
      .then(data),
  /** Multipart, field `profile_picture`; not cancellable (spec.md §7). */
  uploadPicture: (id: number, file: File) =>
    api
      .post<ItemResponse<UserResource>>(
        `/users/${id}/profile-picture`,
        toFormData({ profile_picture: file }),
        {
          cancellable: false,
        },
      )
      .then(data),
  removePicture: (id: number) =>
    api.delete<ItemResponse<UserResource>>(`/users/${id}/profile-picture`, { cancellable: false }).then(data),
  /** The picture needs the bearer token, so it is fetched as a blob rather than put in an <img>. */
  picture: (url: string, signal?: AbortSignal) =>
    api.get<Blob>(url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url, {
      responseType: "blob",
      quiet: true,
      signal,
    }),
};

/** The session user with what an account update changed. */
export function withAccount(user: SessionUser, account: UserResource): SessionUser {
  return { ...user, name: account.name, email: account.email, profile_picture: account.profile_picture };
}

function storeAccount(account: UserResource) {
  const user = sessionStore.get()?.user;
  if (user && user.id === account.id) sessionStore.updateUser(withAccount(user, account));
}

/** Account writes of the logged-in user; each success refreshes the stored session user. */
export function useUpdateName() {
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => profileApi.updateName(id, name),
    onSuccess: storeAccount,
  });
}

export function useUpdateEmail() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateEmailBody }) => profileApi.updateEmail(id, body),
    onSuccess: storeAccount,
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePasswordBody }) =>
      profileApi.updatePassword(id, body),
    onSuccess: storeAccount,
  });
}

export function useUploadPicture() {
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => profileApi.uploadPicture(id, file),
    onSuccess: storeAccount,
  });
}

export function useRemovePicture() {
  return useMutation({
    mutationFn: (id: number) => profileApi.removePicture(id),
    onSuccess: storeAccount,
  });
}

/** The picture at `url` (the session user's `profile_picture`) as a Blob; nothing when there is none. */
export function useProfilePictureBlob(url: string | null | undefined) {
  return useQuery({
    queryKey: profileKeys.picture(url ?? ""),
    queryFn: ({ signal }) => profileApi.picture(url ?? "", signal),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    // The header shows it on every page: a route change must not cancel it half-way.
    meta: { keepOnNavigation: true },
  });
}
