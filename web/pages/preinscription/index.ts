// The public pre-inscription page (a guest route): its own chunk, texts in es.json.
export { PreinscriptionPage } from "./PreinscriptionPage";
