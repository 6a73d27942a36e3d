import type { TFunction } from "i18next";

export const PASSWORD_MIN = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required = (t: TFunction) => (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? t("auth.validation.required") : null;

export const email = (t: TFunction) => (value: string) =>
  value.trim() === ""
    ? t("auth.validation.required")
    : EMAIL.test(value.trim())
      ? null
      : t("auth.validation.email");

export const newPassword = (t: TFunction) => (value: string) =>
  value === ""
    ? t("auth.validation.required")
    : value.length < PASSWORD_MIN
      ? t("auth.validation.passwordMin", { min: PASSWORD_MIN })
      : null;

export const sameAs = (t: TFunction) => (value: string, values: { password: string }) =>
  value === ""
    ? t("auth.validation.required")
    : value === values.password
      ? null
      : t("auth.validation.passwordMismatch");
