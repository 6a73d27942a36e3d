import { z } from "zod";
import { idParamsSchema } from "../validation/ids.js";
import { confirmed } from "../validation/zod.js";
import { newPasswordSchema } from "./auth.js";

/** `{ id }` of a user: a strict record id (common/validation/ids.ts). */
export const userIdParamsSchema = idParamsSchema;

export const updateEmailBodySchema = z.object({
  email: z.email().max(255),
  /** Current password; required when a person changes their own e-mail. */
  password: z.string().max(255).optional(),
});
export type UpdateEmailBody = z.infer<typeof updateEmailBodySchema>;

export const updatePasswordBodySchema = z
  .object({
    /** Required when a person changes their own password; administrators may omit it for others. */
    current_password: z.string().max(255).optional(),
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .superRefine(confirmed("password"));
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

export const updateUserBodySchema = z.object({
  name: z.string().trim().min(1).max(255),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** A user account as the users resource shows it. */
export const userSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
  disabled: z.boolean(),
  /** Whether the person has confirmed the account (chosen a password). */
  confirmed: z.boolean(),
  created_at: z.string(),
});
export type UserResource = z.infer<typeof userSchema>;

/** Image types accepted for profile pictures, and their size limit. */
export const profilePictureMimes = ["image/jpeg", "image/png", "image/webp"] as const;
export const profilePictureMaxBytes = 2 * 1024 * 1024;
