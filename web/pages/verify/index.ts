// The public verification page of issued documents (a guest route, no login): its own chunk, texts in es.json.
export { VerifyPage } from "./VerifyPage";
