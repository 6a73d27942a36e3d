import { useConfirmAccountMutation } from "../../api/auth";
import { NewPasswordForm } from "./NewPasswordForm";

/** /confirm-account?token=…: a new account chooses its password. */
export default function ConfirmAccountPage() {
  const confirm = useConfirmAccountMutation();
  return (
    <NewPasswordForm texts="auth.confirmAccount" send={confirm.mutateAsync} pending={confirm.isPending} />
  );
}
