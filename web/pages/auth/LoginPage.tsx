import { useLocation, useNavigate } from "react-router";
import { returnPath } from "../../session/return-path";
import { LoginScreen } from "./LoginScreen";

/** / and /login inside the app (after a logout, or a deep link opened while logged out). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <LoginScreen
      returnTo={returnPath(location.state)}
      onLoggedIn={(target) => void navigate(target, { replace: true })}
      onNavigate={(to) => void navigate(to)}
    />
  );
}
