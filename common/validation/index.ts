export { fieldLabels, labelOf } from "./labels.js";
export {
  type MessageParams,
  type ValidationRule,
  type ValueKind,
  validationMessage,
  validationMessages,
} from "./messages.js";
export {
  after,
  before,
  confirmed,
  digits,
  digitsBetween,
  fieldKey,
  issuesToFieldErrors,
  numberBetween,
  type RuleParams,
  ruleIssue,
  same,
  spanishErrorMap,
  spanishIssueMessage,
  stringBetween,
  type UploadedFileInfo,
  uploadedFile,
} from "./zod.js";
