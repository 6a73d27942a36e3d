export { fieldLabelsEn, validationMessagesEn } from "./english.js";
export { fieldLabels, labelOf, type ValidationLanguage } from "./labels.js";
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
  englishErrorMap,
  fieldKey,
  issueMessage,
  issuesToFieldErrors,
  localizedErrorMap,
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
