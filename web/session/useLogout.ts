import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { authApi } from "../api/auth";
import { sessionStore } from "./store";
import { firstName } from "./user";

/** Logs out: revokes the token on the server, says goodbye, clears the session and goes to login. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = sessionStore.get()?.user;
    try {
      await authApi.logout();
    } catch {
      // the token may already be invalid; the session ends anyway
    }
    if (user)
      notifications.show({ color: "indigo", message: t("auth.logout.goodbye", { name: firstName(user) }) });
    sessionStore.end();
    queryClient.clear();
    await navigate("/", { replace: true });
  }, [t, navigate, queryClient]);
}
