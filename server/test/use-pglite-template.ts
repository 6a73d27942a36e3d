// Vitest setup file of the server-process project: this worker, and the processes its tests start, copy the
// run's empty embedded database instead of making each one anew (server/test/pglite-template.ts).
import { inject } from "vitest";

process.env.AULA_PGLITE_TEMPLATE = inject("pgliteTemplate");
