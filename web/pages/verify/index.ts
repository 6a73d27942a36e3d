// The public verification page of issued documents (no login needed): its own chunk, texts in es-areas.json.
export { VerifyPage } from "./VerifyPage";
