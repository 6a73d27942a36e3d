/**
 * Spanish descriptions of the machine codes of spec.md §8. The server sends them as `description`;
 * the web app falls back to them when a response has none.
 */
export const errorDescriptions: Record<string, string> = {
  auth_failed: "Por favor verifique sus datos.",
  unhandled_error: "Ocurrió un error inesperado. Inténtelo de nuevo más tarde.",
  route_not_found: "La ruta solicitada no existe.",
  resource_not_found: "El recurso solicitado no existe.",
  this_action_is_unauthorized: "No tiene permiso para realizar esta acción.",
  validation_failed: "Por favor verifique la información ingresada",
  classroom_has_schedules: "El aula tiene horarios asignados y no puede eliminarse.",
};

export function describeError(message: string): string {
  return errorDescriptions[message] ?? errorDescriptions.unhandled_error!;
}
