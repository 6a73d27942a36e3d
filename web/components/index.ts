// Shared web components (ARCHITECTURE.md "web/components"). Required fields: pass `required` (or
// `withAsterisk`) to Mantine inputs — they draw the asterisk; no extra component is needed.
export { Avatar, type AvatarProps } from "./Avatar/Avatar";
export { avatarColor, hasPicture } from "./Avatar/avatar-color";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog/ConfirmDialog";
export { type ConfirmActionOptions, confirmAction } from "./ConfirmDialog/confirm-action";
export { CountedTextarea, type CountedTextareaProps } from "./CountedInput/CountedTextarea";
export { CountedTextInput, type CountedTextInputProps } from "./CountedInput/CountedTextInput";
export { DEBOUNCE_MS, TEXT_INPUT_DEBOUNCE_MS, useDebounced } from "./CountedInput/debounce";
export type { DataTableColumn } from "./DataTable/columns";
export { DataTable, type DataTableProps } from "./DataTable/DataTable";
export {
  bindListParams,
  DEFAULT_LIST_PARAMS,
  DEFAULT_PAGE_SIZE,
  type ListParams,
  PAGE_SIZE_OPTIONS,
  pageCount,
  parseListParams,
  parseSortBy,
  type SortDirection,
  toListQuery,
} from "./DataTable/list-params";
export { LIST_RETURN_KEY, listReturnPath, useRememberListSearch } from "./DataTable/list-return";
export { SEARCH_DEBOUNCE_MS } from "./DataTable/SearchInput";
export { mergeSearchChange, useSearchParams } from "./DataTable/url-search";
export { DateField, type DateFieldProps } from "./DateField/DateField";
export { DateTimeField, type DateTimeFieldProps } from "./DateField/DateTimeField";
export { TimeField, type TimeFieldProps } from "./DateField/TimeField";
export { type UnsavedChanges, useUnsavedChanges } from "./form/unsaved-changes";
export { zodErrors } from "./form/zod-errors";
export {
  type PeriodOption,
  PeriodSelector,
  type PeriodSelectorProps,
  periodLabel,
} from "./PeriodSelector/PeriodSelector";
export { PhotoSelector, type PhotoSelectorProps } from "./PhotoSelector/PhotoSelector";
export {
  type ConfirmSecureActionOptions,
  confirmSecureAction,
} from "./SecureActionDialog/confirm-secure-action";
export {
  SECURE_ACTION_LENGTH,
  SecureActionDialog,
  type SecureActionDialogProps,
} from "./SecureActionDialog/SecureActionDialog";
export {
  StudentSearchSelect,
  type StudentSearchSelectProps,
  studentOptionLabel,
} from "./StudentSearchSelect/StudentSearchSelect";
export { TimeText, type TimeTextProps } from "./TimeText/TimeText";
export {
  type LoadingToastOptions,
  TOAST_DEFAULTS,
  type ToastOptions,
  type ToastType,
  toast,
  toastData,
} from "./toast";
