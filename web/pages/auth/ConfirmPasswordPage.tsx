import { useRecoverPasswordMutation } from "../../api/auth";
import { NewPasswordForm } from "./NewPasswordForm";

/** /confirm-password?token=…: the recovery link of /recover-account. */
export default function ConfirmPasswordPage() {
  const recover = useRecoverPasswordMutation();
  return (
    <NewPasswordForm texts="auth.confirmPassword" send={recover.mutateAsync} pending={recover.isPending} />
  );
}
