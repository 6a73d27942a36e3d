import { useTranslation } from "react-i18next";
import { type Administrator, useSetAdministratorEnabled } from "../../api/administrators";
import { confirmAction, toast } from "../../components";

/**
 * Enabling or disabling an account after a Sí/No question; a disabled account cannot log in and its open
 * sessions end.
 */
export function useAccountState() {
  const { t } = useTranslation();
  const mutation = useSetAdministratorEnabled();
  const toggle = async (account: Administrator) => {
    const enable = account.disabled;
    const key = enable ? "enable" : "disable";
    const confirmed = await confirmAction({
      title: t(`administrators.${key}.title`),
      message: t(`administrators.${key}.confirm`, { name: account.name }),
      danger: !enable,
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync({ id: account.id, enabled: enable });
      toast.success(t(`administrators.${key}.success`));
    } catch {
      // the HTTP client showed why
    }
  };
  return { toggle, pending: mutation.isPending };
}
