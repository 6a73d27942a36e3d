/**
 * Spanish descriptions of the machine codes of spec.md §8 (and of the few the server adds). The server
 * sends them as `description`; the web app falls back to them when a response has none.
 */
export const errorDescriptions: Record<string, string> = {
  // Generic codes
  auth_failed: "Por favor verifique sus datos.",
  invalid_credentials: "Por favor verifique sus datos.",
  invalid_token: "El enlace no es válido o ya fue utilizado.",
  already_confirmed: "La cuenta ya fue confirmada.",
  user_not_found: "No se encontró el usuario.",
  invalid_email: "El correo electrónico no es válido.",
  token_not_present: "Debe iniciar sesión para continuar.",
  "Token not provided": "Debe iniciar sesión para continuar.",
  token_expired: "Su sesión ha expirado, inicie sesión nuevamente.",
  token_invalid: "La sesión no es válida, inicie sesión nuevamente.",
  the_token_has_been_blacklisted: "Su sesión fue cerrada, inicie sesión nuevamente.",
  user_is_disabled: "Su usuario está deshabilitado. Comuníquese con la administración.",
  too_many_requests: "Demasiados intentos. Espere un momento e inténtelo de nuevo.",
  error_deleting: "Ocurrió un error al eliminar el registro.",
  unhandled_error: "Ocurrió un error inesperado. Inténtelo de nuevo más tarde.",
  "unhandled error": "Ocurrió un error inesperado. Inténtelo de nuevo más tarde.",
  route_not_found: "La ruta solicitada no existe.",
  resource_not_found: "El recurso solicitado no existe.",
  this_action_is_unauthorized: "No tiene permiso para realizar esta acción.",
  validation_failed: "Por favor verifique la información ingresada",
  unable_to_reach_server: "No pudimos contactar con el servidor!",
  database_unavailable:
    "La base de datos no está disponible en este momento. Inténtelo de nuevo en unos segundos.",
  storage_unavailable:
    "No se pudo guardar el archivo porque el almacenamiento no está disponible. Intente de nuevo más tarde.",

  // Malformed requests (Fastify's own client errors)
  bad_request: "La solicitud no es válida.",
  invalid_json_body: "El cuerpo de la solicitud no es un JSON válido.",
  empty_json_body: "El cuerpo de la solicitud está vacío pero se indicó contenido JSON.",
  unsupported_media_type: "El tipo de contenido de la solicitud no es compatible.",
  payload_too_large: "La solicitud es demasiado grande.",
  invalid_content_length: "La longitud del contenido de la solicitud no es válida.",
  bad_url: "La dirección solicitada no es válida.",
  method_not_allowed: "El método no está permitido para esta ruta.",
  invalid_multipart_body: "El formulario enviado no es válido o llegó incompleto.",
  uri_too_long: "La dirección solicitada es demasiado larga.",
  request_header_fields_too_large: "Los encabezados de la solicitud son demasiado grandes.",
  request_timeout: "La solicitud tardó demasiado en llegar.",

  // Database refusals that escaped a service
  foreign_key_violation: "El registro está relacionado con otros datos y no puede modificarse o eliminarse.",
  unable_to_create_or_modify_resource: "No fue posible crear o modificar el registro.",
  resource_conflict: "El registro fue modificado por otra operación. Inténtelo de nuevo.",

  // Domain codes (spec.md §8)
  disabled_course_detected: "Hay materias deshabilitadas en la selección.",
  pensum_semesters_has_sections: "Los semestres del pensum tienen secciones asociadas.",
  invalid_date_range: "El rango de fechas no es válido.",
  semester_has_sections: "El semestre tiene secciones asociadas.",
  all_specializations_must_have_one_pensum: "Todas las especializaciones deben tener un pensum asignado.",
  unable_to_find_enabled_period: "No se encontró un período activo.",
  unable_to_find_next_period: "No se encontró el próximo período.",
  period_and_student_latest_period_are_equals: "El estudiante ya está inscrito en este período.",
  specialization_not_present: "Debe indicar la especialización.",
  next_semester_not_found: "No se encontró el siguiente semestre.",
  period_preregisters_are_disabled: "Las preinscripciones del período están deshabilitadas.",
  unable_to_find_enabled_preregisters_period: "No hay un período con preinscripciones abiertas.",
  enabled_period_has_started: "El período activo ya comenzó.",
  unable_to_find_next_semester: "No se encontró el siguiente semestre.",
  period_not_equals_next_period:
    "Solo se puede modificar el estado de inscripciones del período actual o del próximo.",
  combination_of_day_course_section_class_hour_exists:
    "La materia de la sección ya tiene clase ese día en esa hora.",
  combination_of_day_classroom_class_hour_exists: "El aula ya está ocupada ese día en esa hora.",
  combination_of_day_section_class_hour_exists: "La sección ya tiene otra materia ese día en esa hora.",
  combination_of_day_teacher_class_hour_exists: "El profesor ya tiene clase ese día en esa hora.",
  lesson_student_has_note: "La clase tiene notas registradas y no puede eliminarse.",
  course_section_lesson_date_exists: "Ya existe una clase de esta materia en esa fecha.",
  has_absences: "Tiene inasistencias registradas.",
  lesson_has_absences: "La clase tiene inasistencias registradas y no puede eliminarse.",
  course_section_must_have_a_teacher: "La materia de la sección debe tener un profesor asignado.",
  course_section_dont_support_finals: "La materia no admite entrega final.",
  course_section_not_found: "No se encontró la materia de la sección.",
  period_inscriptions_are_disabled: "Las inscripciones del período están deshabilitadas.",
  specialization_cannot_be_chosen:
    "Solo un estudiante que termina el ciclo básico elige especialidad; este continúa en la suya.",
  inscription_period_is_ambiguous:
    "Hay dos períodos con inscripciones abiertas: indique en cuál inscribir al estudiante.",
  target_must_be_related_to_next_semesters:
    "La materia prelada debe pertenecer a un semestre posterior al de la materia requerida.",
  coordinator_missing_specialization: "El coordinador no tiene una especialización asignada.",
  student_is_not_related_to_course_section: "El estudiante no está inscrito en esta materia.",
  coordinator_not_owner_or_not_supervising: "El coordinador no supervisa a este profesor.",
  new_section_equals_old: "La nueva sección es igual a la actual.",
  new_section_semester_must_match_old: "La nueva sección debe ser del mismo semestre que la actual.",
  classroom_has_schedules: "El aula tiene horarios asignados y no puede eliminarse.",
  class_hour_has_schedules: "La hora de clase está en uso en algún horario y no puede eliminarse.",
  specialization_has_pensums: "La especialización tiene pensums asociados y no puede eliminarse.",
  no_sections_found: "No se encontraron secciones.",
  teacher_not_enabled: "El profesor no está habilitado.",
  unable_to_preview_next_semester: "No es posible mostrar el siguiente semestre.",
  invalid_password: "La contraseña no es correcta.",
  new_email_equals_current: "El nuevo correo electrónico es igual al actual.",
  letter_code_already_exists: "Ya existe una sección con esa letra en el semestre y período.",
  year_number_combination_already_exists: "Ya existe un período con ese año y número.",
  specialization_has_coordinator: "La especialización ya tiene un coordinador.",
  course_sections_avg_not_found: "No se encontró el promedio de las materias.",
  document_semester_not_related_to_course: "La materia no pertenece al semestre indicado.",
  document_semester_not_related_to_specialization: "El semestre no pertenece a la especialización indicada.",
  course_section_already_has_one: "La materia de la sección ya tiene una entrega final.",
  pensum_is_not_versioned:
    "El pensum lo usa un período que ya comenzó: no puede modificarse; cree una nueva versión para cambiarlo.",
  cant_attach_a_pensum_to_an_active_period: "No se puede asignar un pensum a un período que ya comenzó.",
  period_not_found: "No se encontró el período.",
  pensum_has_periods: "El pensum está asignado a períodos y no puede eliminarse.",
  unable_to_update_older_periods: "No se pueden modificar períodos anteriores al actual.",
  period_is_enabled: "El período activo no puede eliminarse.",
  period_has_dependents:
    "El período tiene secciones, inscripciones, cuotas o pagos asociados y no puede eliminarse.",
  teacher_not_has_course_section_assigned: "El profesor no tiene asignada esta materia.",
  // Notifications (issue 11): who may send to whom.
  notification_audience_not_allowed: "No puede enviar notificaciones a esta audiencia.",
  notification_receiver_not_owned:
    "Solo puede enviar notificaciones a los estudiantes de sus propias secciones y materias.",
  student_cant_move_to_next_semester: "El estudiante no puede avanzar al siguiente semestre.",
  current_semester_in_progress:
    "El semestre actual aún está en curso: la reinscripción se decide cuando todas sus materias tengan nota final.",
  section_is_filled_or_gender_is_filled:
    "La sección no tiene cupos disponibles para el género del estudiante.",
  course_section_missing_schedules: "La materia de la sección no tiene horarios asignados.",
  course_section_missing_teacher: "La materia de la sección no tiene profesor asignado.",
  cant_move_to_next_semester: "No es posible avanzar al siguiente semestre.",
  invalid_weighting: "La ponderación supera el porcentaje disponible.",
  unable_to_withdraw_courses_in_basic_specialization: "No se pueden retirar materias del ciclo básico.",
  jury_unable_to_modify:
    "El jurado ya no puede modificarse: la fecha de entrega no está definida o pasaron 24 horas.",
  email_already_taken: "El correo electrónico ya está en uso.",
  cannot_disable_own_account: "No puede deshabilitar su propia cuenta.",
  preregistration_already_approved: "La preinscripción ya fue aprobada.",
  no_available_sections_for_inscription: "No hay secciones con cupos disponibles para la inscripción.",
  section_not_found_for_inscription: "No se encontró la sección para la inscripción.",
  basic_avg_lt_approval_minimum_avg:
    "El estudiante no alcanzó el promedio mínimo aprobatorio del ciclo básico.",
  prelation_already_exists: "La prelación ya existe",
  // Courses and prelations (issue 7)
  prelation_creates_cycle:
    "La prelación cerraría un ciclo: la materia requerida ya depende, directa o indirectamente, de esta materia.",
  only_partial_prelations_can_be_bulk_deleted:
    "Solo las prelaciones parciales pueden eliminarse en lote; las totales se eliminan una por una. No se eliminó ninguna.",
  course_has_pensums: "La materia pertenece a un pensum y no puede eliminarse.",
  course_has_sections: "La materia tiene secciones asociadas y no puede eliminarse.",
  // Sections (issue 7)
  section_has_students: "La sección tiene estudiantes inscritos y no puede eliminarse.",
  section_has_schedules: "La sección tiene horarios asignados y no puede eliminarse.",
  section_has_lessons: "La sección tiene clases o entregas finales registradas y no puede eliminarse.",
  student_period_fee_not_found: "El estudiante no tiene una cuota del período.",
  // Students (issue 8)
  student_not_found: "No se encontró el estudiante.",
  student_has_inscriptions:
    "El estudiante tiene inscripciones registradas y no puede eliminarse; para darlo de baja, retírelo.",
  student_has_lessons:
    "El estudiante tiene asistencias, notas o entregas finales registradas y no puede eliminarse.",
  student_has_payments: "El estudiante tiene pagos o cuotas registrados y no puede eliminarse.",
  student_has_binnacles: "El estudiante tiene bitácoras registradas y no puede eliminarse.",
  final_delivery_has_notes: "La entrega final ya tiene notas del jurado y no puede eliminarse.",
  final_delivery_closed:
    "La entrega final está cerrada: pasaron 24 horas desde su fecha de entrega y ya nadie puede modificarla.",
  student_has_document_requests: "El estudiante tiene solicitudes de documentos y no puede eliminarse.",
  // Withdrawals (issue 8)
  student_already_retired: "El estudiante ya está retirado.",
  // Inscriptions (issue 8)
  inscription_not_found: "No se encontró la inscripción.",
  inscription_has_lessons:
    "El estudiante ya tiene clases registradas en esta inscripción: no puede deshacerse ni cambiarse.",
  inscription_has_payments: "La cuota de esta inscripción tiene pagos registrados: no puede deshacerse.",
  period_price_setting_not_found: "El período no tiene una configuración de precios para generar la cuota.",
  student_has_no_inscription: "El estudiante no está inscrito en el período.",
  // Price settings (issue 10)
  period_price_setting_already_exists: "El período ya tiene una configuración de precios.",
  price_setting_has_fees: "La configuración ya se copió en cuotas de estudiantes y no puede eliminarse.",
  price_setting_fees_choice_required:
    "La configuración ya se copió en cuotas de estudiantes: indique si el cambio se aplica también a las cuotas que aún no tienen pagos.",

  // Lessons (issue 9)
  lesson_is_not_evaluated: "La clase no está evaluada: asígnele una ponderación antes de cargar notas.",
  lesson_student_failed_by_absences:
    "El estudiante tiene la materia aplazada por inasistencias y su nota no se puede editar.",
  lesson_not_of_course_section: "La clase no es una evaluación de esta materia de la sección.",

  // Payments (issue 10)
  payment_not_found: "No se encontró el pago.",
  receipt_number_already_reported:
    "Ya se reportó un pago con ese número de recibo para este método de pago: verifique el número.",
  payment_method_not_allowed: "La cuota no admite ese método de pago para la modalidad elegida.",
  payment_amount_exceeds_pending: "El monto supera lo que queda por pagar de la cuota.",
  payment_full_amount_mismatch:
    "En el pago de contado el monto debe ser igual al total pendiente de la cuota.",
  student_period_fee_completed: "La cuota del período ya está pagada por completo.",
  payment_not_pending: "Solo un pago pendiente de revisión puede aprobarse o rechazarse.",
  payment_not_approved: "El pago no está aprobado: aún no tiene recibo.",
  payment_is_approved: "El pago ya fue aprobado y no puede eliminarse.",
  payment_inscription_mismatch: "El estudiante o el período no son los de la inscripción.",

  // Retries and concurrent edits (issue 27)
  idempotency_key_reused:
    "Esta clave de envío ya se usó con otros datos. Vuelva a abrir el formulario e inténtelo de nuevo.",
  stale_record:
    "Otra persona guardó cambios en este registro mientras usted lo editaba. Se cargaron los datos actuales: revíselos y vuelva a guardar.",

  // Generar horario (issue 28)
  timetable_run_active:
    "Ya se está generando un horario para este período. Espere a que termine o deténgalo.",
  timetable_infeasible: "No existe un horario sin choques para las secciones elegidas.",
  timetable_schedules_changed:
    "Los horarios cambiaron desde que se generó la propuesta. Genere el horario de nuevo.",
  timetable_run_not_ready: "La propuesta aún no está lista para aplicarse.",
  timetable_nothing_to_place: "Las secciones elegidas no tienen horas de clase por colocar.",
  timetable_no_class_hours:
    "No hay horas de clase registradas: cree las horas de clase antes de generar el horario.",
  timetable_no_classrooms: "No hay aulas habilitadas: habilite al menos un aula antes de generar el horario.",

  // Codes of database constraints (server/db/constraints.ts)
  invalid_day: "El día debe estar entre lunes (1) y sábado (6).",
  invalid_time_range: "La hora de fin debe ser posterior a la hora de inicio.",
  classroom_code_already_exists: "Ya existe un aula con ese código.",
  course_code_already_exists: "Ya existe una materia con ese código.",
  specialization_code_already_exists: "Ya existe una especialización con ese código.",
  identity_document_already_taken: "La cédula ya está registrada.",
  student_period_fee_already_exists: "El estudiante ya tiene una cuota generada para este período.",
  installment_overpaid: "El monto pagado no puede superar el monto de la cuota.",
};

/** The Spanish description of a machine code; unknown codes read as an unexpected error. */
export function describeError(message: string): string {
  return errorDescriptions[message] ?? errorDescriptions.unhandled_error!;
}
