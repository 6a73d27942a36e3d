// The HTTP layer in one import: `import { api, ApiError, toFormData, useServerFormErrors } from "../../api"`.
export { API_BASE, api, buildUrl, handleApiError, type QueryParams, type RequestOptions } from "./client";
export { ApiError, type ApiErrorBody, errorBehaviour, isApiError } from "./errors";
export {
  type FieldErrors,
  fieldErrorStore,
  useFieldError,
  useFieldErrors,
  useServerFormErrors,
} from "./field-errors";
export { toFormData } from "./form-data";
export { type AppQueryMeta, createQueryClient } from "./query-client";
export type { ItemResponse, ListMeta, ListParams, ListResponse } from "./types";
