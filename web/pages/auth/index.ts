// The guest screens but the login (its own chunk): one lazily loaded chunk.
export { default as ConfirmAccountPage } from "./ConfirmAccountPage";
export { default as ConfirmPasswordPage } from "./ConfirmPasswordPage";
export { default as RecoverAccountPage } from "./RecoverAccountPage";
