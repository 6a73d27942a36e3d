import { Role } from "../../../common/roles";
import { administratorListRoles } from "../../../common/schemas/administrators";
import type { Administrator } from "../../api/administrators";

type Person = { id: number; type: number };

/** God's account is shown to administrators but changed only by god (the server checks it too). */
export const canManage = (me: Person | null, account: Administrator) =>
  me !== null && (account.type !== Role.god || me.type === Role.god);

/** Nobody disables their own account. */
export const canToggle = (me: Person | null, account: Administrator) =>
  canManage(me, account) && me?.id !== account.id;

/** Accounts the administrators screens show: assistants, administrators and god. */
export const isAdministratorType = (type: number) =>
  (administratorListRoles as readonly number[]).includes(type);
