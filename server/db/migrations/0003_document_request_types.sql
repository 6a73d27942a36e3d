-- The document kinds of spec.md (ids are the type numbers the API and the web app use).
INSERT INTO "document_request_types" ("id", "name", "description") VALUES
  (1, 'Constancia de estudios', 'Certifica que el estudiante cursa estudios en el período'),
  (2, 'Constancia de notas', 'Calificaciones del estudiante por período'),
  (4, 'Carta de recomendación de egresado', 'Carta de recomendación para estudiantes egresados')
ON CONFLICT ("id") DO NOTHING;
