import { fieldLabelsEn } from "./english.js";

/** Languages of the validation messages: Spanish (the server's and the default) and English. */
export type ValidationLanguage = "es" | "en";

/**
 * Spanish names of request fields, used in validation messages ("El campo :attribute es obligatorio.").
 * spec.md §5 fixes some of them (nombre, correo electrónico, contraseña, fecha de inicio, fecha de cierre,
 * máxima capacidad, límite de varones, límite de hembras, tipo de pago); the rest follow the same style.
 */
export const fieldLabels: Record<string, string> = {
  // spec.md §5
  name: "nombre",
  email: "correo electrónico",
  password: "contraseña",
  start_date: "fecha de inicio",
  end_date: "fecha de cierre",
  max_capacity: "máxima capacidad",
  males_limit: "límite de varones",
  females_limit: "límite de hembras",
  type: "tipo de pago",

  // Accounts and people
  password_confirmation: "confirmación de contraseña",
  current_password: "contraseña actual",
  new_password: "nueva contraseña",
  new_password_confirmation: "confirmación de la nueva contraseña",
  token: "token",
  remember: "recordarme",
  remember_me: "recordarme",
  first_name: "nombre",
  last_name: "apellido",
  identity_document: "cédula",
  gender: "género",
  birth_date: "fecha de nacimiento",
  phone: "teléfono",
  address: "dirección",
  profile_picture: "foto de perfil",
  social_networks: "redes sociales",
  instagrams: "instagram",
  facebook: "facebook",
  twitter: "twitter",
  is_coordinator: "coordinador",
  disabled: "deshabilitado",

  // Common resource fields
  id: "identificador",
  code: "código",
  description: "descripción",
  title: "título",
  state: "estado",
  status: "estado",
  enabled: "habilitado",
  observation: "observación",
  category: "categoría",
  subject: "asunto",
  content: "contenido",
  color: "color",
  text_color: "color de texto",
  date: "fecha",
  file: "archivo",
  attachment: "adjunto",
  cover_picture: "portada",
  version: "versión",
  number: "número",
  year: "año",

  // Facilities and schedules
  multiple_sections: "múltiples secciones",
  classroom_id: "aula",
  classroom_ids: "aulas",
  class_hour_id: "hora de clase",
  class_hours_ids: "horas de clase",
  class_hour_ids: "horas de clase",
  day: "día",
  days: "días",
  slots: "franjas no disponibles",
  start_hour: "hora de inicio",
  start_minute: "minuto de inicio",
  end_hour: "hora de fin",
  end_minute: "minuto de fin",
  start_time: "hora de inicio",
  end_time: "hora de fin",

  // Academic structure
  period_id: "período",
  specialization_id: "especialización",
  pensum_id: "pensum",
  semester_id: "semestre",
  section_id: "sección",
  new_section_id: "nueva sección",
  course_id: "materia",
  required_course_id: "materia requerida",
  courses_ids: "materias",
  course_ids: "materias",
  course_section_id: "materia de la sección",
  originating_course_id: "materia de origen",
  teacher_id: "profesor",
  teacher_ids: "profesores",
  student_id: "estudiante",
  letter_code: "letra",
  shift: "turno",
  credits: "créditos",
  hours: "horas",
  weekly_hours: "horas semanales",
  max_absences_to_fail: "máximo de inasistencias",
  supports_final_delivery: "admite entrega final",
  is_basic: "ciclo básico",
  weeks_length: "duración en semanas",
  first_cut_start_date: "fecha de inicio del primer corte",
  first_cut_end_date: "fecha de cierre del primer corte",
  second_cut_start_date: "fecha de inicio del segundo corte",
  second_cut_end_date: "fecha de cierre del segundo corte",
  first_half_end_date: "fecha de cierre de la primera mitad",
  second_half_end_date: "fecha de cierre de la segunda mitad",
  pending_evaluations_fc_reminder_date: "fecha de recordatorio de evaluaciones del primer corte",
  pending_evaluations_sc_reminder_date: "fecha de recordatorio de evaluaciones del segundo corte",
  approval_minimum_avg: "promedio mínimo aprobatorio",
  approval_minimum_note: "nota mínima aprobatoria",
  low_performance_note: "nota de bajo rendimiento",
  high_performance_note: "nota de alto rendimiento",
  enabled_inscriptions: "inscripciones habilitadas",
  enabled_preregisters: "preinscripciones habilitadas",
  responsibles: "responsables",

  // Teaching
  note: "nota",
  notes: "notas",
  weight: "ponderación",
  attendance: "asistencia",
  delayed: "retraso",
  incidence_date: "fecha de incidencia",
  final_delivery_value_percent: "porcentaje de la entrega final",
  scheduled_content: "contenido programado",
  scheduled_content_resource: "recurso del contenido programado",

  // Money
  amount: "monto",
  amount_e2: "monto",
  semester_price_e2: "precio del semestre",
  receipt_number: "número de recibo",
  installments: "cuotas",
  installment_payment_methods: "métodos de pago por cuotas",
  full_payment_methods: "métodos de pago de contado",
  installment_grace_period_days: "días de gracia",
  late_installment_extra: "recargo por mora",
  from_report: "reporte",
  "idempotency-key": "clave de envío",

  late_installment_extra_e2: "recargo por mora",
  apply_to_unpaid_fees: "aplicar a las cuotas sin pagar",
  mode: "modalidad de pago",

  // Notifications
  receiver_user_id: "destinatario",
  read: "leída",

  // Requests, documents, inscriptions and periods
  type_id: "tipo de documento",
  remove_cover_picture: "quitar la portada",
  remove_profile_picture: "quitar la foto de perfil",
  website: "sitio web",
  delivery_at: "fecha de entrega",
  semesters: "semestres",
  lesson_id: "lección",
  student: "estudiante",
  preinscription_id: "preinscripción",
  inscription_id: "inscripción",
  principal: "director",
  vice_principal: "subdirector",
  study_control: "control de estudios",
  manager: "administrador",
  signer: "firmante",

  // Lists (query string)
  page: "página",
  limit: "cantidad por página",
  search: "búsqueda",
  sort_by: "ordenar por",
  format: "formato",
  min_capacity: "capacidad mínima",

  // Generar horario (issue 28)
  section_ids: "secciones",
  seconds: "tiempo de búsqueda",
  rebuild: "reconstruir horarios existentes",
};

/**
 * The Spanish label of a field path such as `max_capacity`, `installments.0.date` or `["body", "email"]`:
 * the last named segment, looked up in `fieldLabels`, or the name itself with spaces for underscores.
 */
export function labelOf(path: string | readonly PropertyKey[], lang: ValidationLanguage = "es"): string {
  const segments = typeof path === "string" ? path.split(".") : path.map(String);
  const named = [...segments].reverse().find((s) => s !== "" && !/^\d+$/.test(s));
  if (!named) return lang === "en" ? "value" : "valor";
  const labels = lang === "en" ? fieldLabelsEn : fieldLabels;
  return (Object.hasOwn(labels, named) ? labels[named] : undefined) ?? named.replaceAll("_", " ");
}
