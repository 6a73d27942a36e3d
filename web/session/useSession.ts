import { useMemo, useSyncExternalStore } from "react";
import { can } from "../../common/session";
import { sessionStore } from "./store";
import type { SessionUser } from "./types";
import { type SessionFlags, sessionFlags } from "./user";

export type SessionState = SessionFlags & {
  user: SessionUser | null;
  token: string | null;
  isLoggedIn: boolean;
  /** Permission check of spec.md §6: logged in and the permission is set to true. */
  can: (permission: string) => boolean;
};

export function useSession(): SessionState {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  return useMemo(() => {
    const user = session?.user ?? null;
    return {
      ...sessionFlags(user),
      user,
      token: session?.token ?? null,
      isLoggedIn: session !== null,
      can: (permission: string) => can(user, permission),
    };
  }, [session]);
}

/** True while a new tab waits for an open tab to hand over a browser-session-only session. */
export function useSessionResolving(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.isResolving, sessionStore.isResolving);
}

/** The logged-in user; only for components rendered behind the login guard. */
export function useUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error("useUser() used outside a logged-in route");
  return user;
}
