import { z } from "zod";
import { Role } from "../roles.js";
import { validationMessage } from "../validation/messages.js";

/**
 * Administrator accounts (spec.md §2 "Administrators", §7 "users"): assistants (4) and administrators (5).
 * God (6) is listed too, but no form creates one or turns an account into one.
 */
export const administratorRoles = [Role.lowAdmin, Role.admin] as const;
export type AdministratorRole = (typeof administratorRoles)[number];
/** Roles the administrators list shows (and filters by). */
export const administratorListRoles = [Role.lowAdmin, Role.admin, Role.god] as const;

/**
 * The role of an administrator account: 4 or 5, as a number (JSON) or text (multipart). Its label is
 * "rol" (the shared label of `type` is the payment's "tipo de pago").
 */
export const administratorRoleSchema = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.union([z.literal(Role.lowAdmin), z.literal(Role.admin)], {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ""
        ? validationMessage("required", "rol")
        : validationMessage("in", "rol"),
  }),
);

const fields = {
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().max(255).pipe(z.email()),
  type: administratorRoleSchema,
};

/** POST /users (multipart: these fields plus an optional `profile_picture` file). */
export const createAdministratorSchema = z.object({
  name: fields.name,
  email: fields.email,
  type: fields.type,
});
export type CreateAdministratorInput = z.output<typeof createAdministratorSchema>;

/**
 * PATCH /users/{id}: the name (an assistant may change their own); the e-mail and the role only by an
 * administrator, and never their own (their e-mail changes on their profile, with their password).
 */
export const updateAdministratorSchema = z.object({
  name: fields.name,
  email: fields.email.optional(),
  type: fields.type.optional(),
});
export type UpdateAdministratorInput = z.output<typeof updateAdministratorSchema>;

/** A boolean as forms send it: `1`/`0` (multipart) or `true`/`false`. */
const formBoolean = z.preprocess((v) => {
  if (v === "1" || v === 1 || v === "true") return true;
  if (v === "0" || v === 0 || v === "false") return false;
  return v;
}, z.boolean());

/** PATCH /users/{id}/enabled: enable (true) or disable (false) the account's login. */
export const setAccountEnabledSchema = z.object({ enabled: formBoolean });
export type SetAccountEnabledInput = z.output<typeof setAccountEnabledSchema>;
