// Every table of the data model, one file per area. drizzle-kit reads this file to generate migrations.
export * from "./academics.js";
export * from "./audit.js";
export * from "./calendar.js";
export * from "./documents.js";
export * from "./enrolment.js";
export * from "./facilities.js";
export * from "./files.js";
export * from "./money.js";
export * from "./notifications.js";
export * from "./people.js";
export * from "./periods.js";
export * from "./rate-limits.js";
export * from "./schedules.js";
export * from "./sections.js";
export * from "./settings.js";
export * from "./teaching.js";
export * from "./users.js";
