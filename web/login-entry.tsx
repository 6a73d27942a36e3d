import { StrictMode, useEffect } from "react";
import type { Root } from "react-dom/client";
import { LoginScreen } from "./pages/auth/LoginScreen";
import { PageLoader } from "./pages/system/PageLoader";
import { returnPath } from "./session/return-path";
import { useSession, useSessionResolving } from "./session/useSession";
import { ThemeProvider } from "./theme-provider";

/** The deep link a reloaded login screen still carries in the router's history state, if any. */
const carriedReturnPath = () => returnPath((window.history.state as { usr?: unknown } | null)?.usr);

/**
 * The login screen before the app is loaded: a visitor who opens / or /login gets only React, Mantine's
 * core and the texts. Once a session exists (this form, or another tab's login) the app takes over.
 */
export function LoginGate({ openApp }: { openApp: (target: string) => void }) {
  const { isLoggedIn } = useSession();
  const resolving = useSessionResolving();
  useEffect(() => {
    if (isLoggedIn) openApp(carriedReturnPath() ?? "/home");
  }, [isLoggedIn, openApp]);
  if (resolving || isLoggedIn) return <PageLoader fullScreen />;
  return <LoginScreen returnTo={carriedReturnPath()} onLoggedIn={openApp} />;
}

export function mountLogin(root: Root, openApp: (target: string) => void) {
  root.render(
    <StrictMode>
      <ThemeProvider>
        <LoginGate openApp={openApp} />
      </ThemeProvider>
    </StrictMode>,
  );
}
