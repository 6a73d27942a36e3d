import { validationMessage } from "../../common/validation/messages.js";
import { AppError } from "../http/errors.js";

/**
 * The refusals of accounts and sessions, with their Spanish descriptions given here (common/errors.ts
 * may describe the same codes; these texts are the ones sent).
 */
export const authErrors = {
  tokenNotProvided: () => new AppError(401, "Token not provided", "Debe iniciar sesión para continuar."),
  tokenExpired: () => new AppError(401, "token_expired", "Su sesión ha expirado, inicie sesión nuevamente."),
  tokenInvalid: () => new AppError(401, "token_invalid", "La sesión no es válida, inicie sesión nuevamente."),
  blacklisted: () =>
    new AppError(404, "the_token_has_been_blacklisted", "La sesión fue cerrada. Inicie sesión nuevamente."),
  authFailed: () => new AppError(401, "auth_failed", "Por favor verifique sus datos."),
  userDisabled: () =>
    new AppError(
      401,
      "user_is_disabled",
      "Su usuario está deshabilitado. Comuníquese con la administración.",
    ),
  invalidToken: () =>
    new AppError(400, "invalid_token", "El enlace no es válido o ha expirado. Solicite uno nuevo."),
  alreadyConfirmed: () => new AppError(400, "already_confirmed", "La cuenta ya ha sido confirmada."),
  userNotFound: () => new AppError(404, "user_not_found", "El usuario no existe."),
  invalidPassword: () => new AppError(400, "invalid_password", "La contraseña actual no es correcta."),
  newEmailEqualsCurrent: () =>
    new AppError(400, "new_email_equals_current", "El nuevo correo electrónico es igual al actual."),
  emailAlreadyTaken: () =>
    new AppError(422, "email_already_taken", "El correo electrónico ya está registrado.", undefined, {
      email: [validationMessage("unique", "email")],
    }),
  /** 429; with the wait, the description says how many minutes (the Retry-After header says it too). */
  tooManyRequests: (retryAfterMs?: number) => {
    const minutes = retryAfterMs === undefined ? 0 : Math.ceil(retryAfterMs / 60_000);
    const when = minutes <= 0 ? "en unos minutos" : minutes === 1 ? "en 1 minuto" : `en ${minutes} minutos`;
    return new AppError(429, "too_many_requests", `Demasiados intentos. Intente de nuevo ${when}.`);
  },
};
