// The money screens' date field is the app's one date field (web/components/DateField).
export { parseTypedDate } from "../../../common/dates/format";
export {
  DateField as PaymentDateInput,
  type DateFieldProps as PaymentDateInputProps,
} from "../DateField/DateField";
