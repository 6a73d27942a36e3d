// Every table of the data model, one file per area. drizzle-kit reads this file to generate migrations.
export * from "./users.js";
