// The pre-registered students list, placed by the inscriptions area (texts in es-areas.json).
export { PreregisteredList } from "./PreregisteredList";
