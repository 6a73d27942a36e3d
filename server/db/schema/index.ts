// Every table of the data model, one file per area. drizzle-kit reads this file to generate migrations.
export * from "./academics.js";
export * from "./facilities.js";
export * from "./people.js";
export * from "./periods.js";
export * from "./schedules.js";
export * from "./sections.js";
export * from "./users.js";
