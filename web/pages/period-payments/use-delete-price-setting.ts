import { useTranslation } from "react-i18next";
import { describeApiError, isApiError } from "../../api/errors";
import { type PriceSetting, useDeletePriceSetting } from "../../api/price-settings";
import { confirmAction, toast } from "../../components";

/**
 * Delete with confirmation (Sí/No); on success a toast, on failure 'Ocurrió un error al eliminar la
 * configuración' with the server's reason (for example, fees already copied from it).
 */
export function useDeletePriceSettingFlow(onDeleted?: () => void) {
  const { t } = useTranslation();
  const mutation = useDeletePriceSetting();
  const remove = async (setting: PriceSetting) => {
    const confirmed = await confirmAction({
      title: t("priceSettings.delete.title"),
      message: t("priceSettings.delete.confirm", { period: setting.period.name }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync(setting.id);
      toast.success(t("priceSettings.delete.success"));
      onDeleted?.();
    } catch (error) {
      toast.error(isApiError(error) ? (error.description ?? describeApiError(error)) : undefined, {
        title: t("priceSettings.delete.failed"),
        duration: 0,
      });
    }
  };
  return { remove, pending: mutation.isPending };
}
