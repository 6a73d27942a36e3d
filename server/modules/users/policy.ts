import { isAdmin, isAdminGroup, Role } from "../../../common/roles.js";
import { forbidden } from "../../http/errors.js";

/** Who acts: the authenticated caller. */
export type Actor = { id: number; type: number };
type Target = { id: number; type: number };

/** A person manages their own account; an admin (or god) manages others', but only god manages god's. */
export function canManageAccount(actor: Actor, target: Target): boolean {
  if (actor.id === target.id) return true;
  if (!isAdmin(actor.type)) return false;
  return target.type !== Role.god || actor.type === Role.god;
}

export function assertCanManageAccount(actor: Actor, target: Target): void {
  if (!canManageAccount(actor, target)) throw forbidden();
}

/**
 * Seeing an account: the person; an admin (or god) any; the assistant (low admin) only the accounts of
 * students, teachers and coordinators, never an administrator's or another assistant's (spec.md §6:
 * administrators, all screens, admin only).
 */
export function canViewAccount(actor: Actor, target: Target): boolean {
  if (actor.id === target.id || isAdmin(actor.type)) return true;
  return isAdminGroup(actor.type) && !isAdminGroup(target.type);
}

export function assertCanViewAccount(actor: Actor, target: Target): void {
  if (!canViewAccount(actor, target)) throw forbidden();
}

/**
 * Name changes through the users resource are for administrators' accounts only (spec.md §6);
 * other people's names live in their student or teacher profile.
 */
export function isProfileEditableHere(target: Target): boolean {
  return isAdminGroup(target.type);
}
