// The guest screens: one lazily loaded chunk.
export { default as ConfirmAccountPage } from "./ConfirmAccountPage";
export { default as ConfirmPasswordPage } from "./ConfirmPasswordPage";
export { default as LoginPage } from "./LoginPage";
export { default as RecoverAccountPage } from "./RecoverAccountPage";
